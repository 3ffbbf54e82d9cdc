"""Benchmark presets: the table of DESIGN.md, kept in the catalogue and looked up by key."""

from __future__ import annotations

import dataclasses

import pytest

from benchstats import BENCHMARKS, Benchmark, get_benchmark
from benchstats.benchmarks import LANDMARKS

# (key, questions, options) transcribed from the preset table in docs/api.md.
DESIGN_TABLE = [
    ("gpqa-diamond", 198, 4),
    ("gpqa-main", 448, 4),
    ("aime", 30, None),
    ("humaneval", 164, None),
    ("mbpp", 500, None),
    ("math-500", 500, None),
    ("swe-bench-verified", 500, None),
    ("gsm8k", 1319, None),
    ("arc-challenge", 1172, 4),
    ("mgsm", 2500, None),
    ("simpleqa", 4326, None),
    ("mmlu-pro", 12032, 10),
    ("mmlu", 14042, 4),
    ("hellaswag", 10042, 4),
]
NAMES = {
    "gpqa-diamond": "GPQA Diamond",
    "mmlu-pro": "MMLU-Pro",
    "humaneval": "HumanEval",
    "swe-bench-verified": "SWE-bench Verified",
}


@pytest.mark.parametrize("key, questions, options", DESIGN_TABLE, ids=[r[0] for r in DESIGN_TABLE])
def test_preset_matches_design(key, questions, options):
    b = get_benchmark(key)
    assert isinstance(b, Benchmark)
    assert b.key == key
    assert b.questions == questions and isinstance(b.questions, int)
    assert b.options == options
    assert isinstance(b.name, str) and b.name
    assert isinstance(b.source, str) and b.source.strip()
    if key in NAMES:
        assert NAMES[key] in b.name


def test_the_design_table_is_kept_and_marked_as_the_landmarks():
    assert isinstance(BENCHMARKS, tuple)
    assert {r[0] for r in DESIGN_TABLE} <= {b.key for b in BENCHMARKS}
    assert sorted(b.key for b in LANDMARKS) == sorted(r[0] for r in DESIGN_TABLE)
    assert len({b.key for b in BENCHMARKS}) == len(BENCHMARKS)


def test_benchmark_is_frozen():
    b = get_benchmark("mmlu")
    with pytest.raises(dataclasses.FrozenInstanceError):
        b.questions = 1  # type: ignore[misc]


@pytest.mark.parametrize("key", ["gpqa", "MMLU", "", "mmlu "])
def test_unknown_key_names_it(key):
    with pytest.raises(ValueError, match=f"'{key}'"):
        get_benchmark(key)

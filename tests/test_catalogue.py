"""The benchmark catalogue (benchstats/benchmarks.toml) and everything that reads it.

Each preset has a count, a source with its address and the date it was checked; each name it
declares is read back, in a sentence, as that preset and graded on its count; a variant is
never its base, and a part of a benchmark, an unknown one or a family with several sizes never
borrows a count; the menus, /box, the static box, the command line and docs/benchmarks.md list
the same entries.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
from conftest import app_test
from hypothesis import given
from hypothesis import strategies as st

from benchstats.benchmarks import (
    BENCHMARK_KEYS,
    BENCHMARKS,
    FAMILIES,
    FAMILY_KEYS,
    NAMED,
    get_benchmark,
    get_family,
)
from benchstats.box import static_box
from benchstats.claims import parse_claim
from benchstats.claims.benchmark_names import find_benchmarks, pick_benchmark, read_benchmarks
from benchstats.cli import main
from benchstats.cli.answers import claim as claim_answer
from benchstats.cli.catalogue import as_data, as_markdown

ROOT = Path(__file__).resolve().parents[1]
TODAY = datetime.date(2026, 12, 7)
NAMES = [(b.key, name) for b in BENCHMARKS for name in (b.name, *b.names)]
# Sentences of our own, with invented models and numbers: the name stands where posts put it.
TEMPLATES = (
    "Model-A scores 61.0% on {name}, ahead of Model-B's 58.0%",
    "On {name}, Orion reaches 71.5% and Vega 69.0%.",
    "Falcon-2 hits 44.2% on {name} vs 40.1% for Heron",
)


# --------------------------------------------------------------------------- the declaration


def test_at_least_sixty_presets_each_with_a_count_and_a_source():
    assert len(BENCHMARKS) >= 60
    for b in BENCHMARKS:
        assert isinstance(b.questions, int) and b.questions > 0, b.key
        assert b.source.strip() and b.url.startswith(("https://", "http://")), b.key
        assert datetime.date.fromisoformat(b.checked) <= TODAY, b.key
        assert b.family and b.variant and b.name in b.names or b.name, b.key
        assert b.options is None or b.options >= 2, b.key
        assert b.cluster_size is None or b.questions % b.cluster_size == 0, b.key


def test_a_family_lists_its_sets_with_their_counts_and_a_source():
    for f in FAMILIES:
        assert f.versions and all(v.questions > 0 for v in f.versions), f.key
        assert f.source.strip() and f.url.startswith("https://"), f.key
        assert f.key not in BENCHMARK_KEYS, f.key  # a family is never a preset
        for v in f.versions:
            if v.key is not None:  # a set that is a preset: the preset's own count and name
                assert get_benchmark(v.key).questions == v.questions, (f.key, v.key)


@pytest.mark.parametrize("missing", ["questions", "source", "url"])
def test_an_entry_without_a_count_or_a_source_is_refused(missing):
    from benchstats.benchmarks import Catalogue

    row = {"key": "x", "name": "X", "family": "X", "variant": "all", "questions": 5,
           "source": "a paper", "url": "https://example.org"}  # fmt: skip
    Catalogue({"checked": "2026-12-07", "benchmark": [row]})  # complete: read
    del row[missing]
    with pytest.raises(ValueError, match=f"'x' has no {missing}"):
        Catalogue({"checked": "2026-12-07", "benchmark": [row]})


@pytest.mark.parametrize("count", [0, -3, 2.5, "varies"])
def test_a_preset_count_is_a_whole_number_above_zero(count):
    from benchstats.benchmarks import Catalogue

    row = {"key": "x", "name": "X", "family": "X", "variant": "all", "questions": count,
           "source": "a paper", "url": "https://example.org"}  # fmt: skip
    with pytest.raises(ValueError, match="whole number of questions"):
        Catalogue({"checked": "2026-12-07", "benchmark": [row]})


# Addresses that are not a benchmark's own paper, card, repository or site.
SECONDARY_HOSTS = (
    "github.com/modelscope/evalscope/",
    "centerconsulting.com/",
    "huggingface.co/datasets/rl-llm-wiki/",
    "github.com/NVIDIA-NeMo/",
)


@pytest.mark.parametrize("entry", [*BENCHMARKS, *FAMILIES], ids=[*BENCHMARK_KEYS, *FAMILY_KEYS])
def test_an_entry_on_a_secondary_source_says_so_everywhere_it_is_listed(entry):
    on_secondary = any(host in entry.url for host in SECONDARY_HOSTS)
    assert entry.secondary or not on_secondary, (entry.key, entry.url)  # never silently
    docs = (ROOT / "docs" / "benchmarks.md").read_text()
    row = next(line for line in docs.splitlines() if line.startswith(f"| `{entry.key}` |"))
    assert ("**Secondary source.**" in row) == entry.secondary, entry.key
    listed = {x["key"]: x for x in [*as_data()["benchmarks"], *as_data()["families"]]}
    assert listed[entry.key]["secondary"] is entry.secondary, entry.key


def test_the_text_listing_marks_the_presets_on_a_secondary_source(capsys):
    assert main(["benchmarks"]) == 0
    out = capsys.readouterr().out
    for b in BENCHMARKS:
        line = re.search(rf"^  {re.escape(b.key)} .*$", out, re.M)[0]
        assert line.endswith("(*)") == b.secondary, line


def _row(url: str, **more) -> dict:
    return {"key": "x", "name": "X", "family": "X", "variant": "all", "questions": 5,
            "source": "a stats page", "url": url, **more}  # fmt: skip


def test_an_entry_citing_a_known_secondary_source_must_say_so():
    from benchstats.benchmarks import Catalogue

    data = {"checked": "2026-12-07", "secondary_sources": ["stats:", "https://summary.example/"],
            "sources": {"stats": "https://stats.example/{page}"}}  # fmt: skip
    for url in ("stats:page", "https://summary.example/a"):
        with pytest.raises(
            ValueError, match="cites a secondary source .* without secondary = true"
        ):
            Catalogue({**data, "benchmark": [_row(url)]})
        said = Catalogue({**data, "benchmark": [_row(url, secondary=True)]})
        assert said.benchmarks[0].secondary
    primary = Catalogue({**data, "benchmark": [_row("https://arxiv.org/abs/1")]})
    assert not primary.benchmarks[0].secondary  # a paper's address needs no flag
    with pytest.raises(ValueError, match="secondary = 'yes'"):
        Catalogue({**data, "benchmark": [_row("https://arxiv.org/abs/1", secondary="yes")]})


def test_the_evalscope_addresses_point_at_one_commit():
    pinned = [b.url for b in BENCHMARKS if "modelscope/evalscope" in b.url]
    assert pinned and all("/blob/fde259d2a32ab8a4cdb3af44dc8b18f504f1e277/" in u for u in pinned)


# --------------------------------------------------------------------------- old links


@pytest.mark.parametrize(
    "key, questions, name",
    [
        ("gpqa-diamond", 198, "GPQA Diamond"),
        ("gpqa-main", 448, "GPQA main"),
        ("aime", 30, "AIME, one year"),
        ("humaneval", 164, "HumanEval"),
        ("mbpp", 500, "MBPP test"),
        ("math-500", 500, "MATH-500"),
        ("swe-bench-verified", 500, "SWE-bench Verified"),
        ("gsm8k", 1319, "GSM8K test"),
        ("arc-challenge", 1172, "ARC-Challenge test"),
        ("mgsm", 2500, "MGSM"),
        ("simpleqa", 4326, "SimpleQA"),
        ("mmlu-pro", 12032, "MMLU-Pro"),
        ("mmlu", 14042, "MMLU test"),
        ("hellaswag", 10042, "HellaSwag validation"),
    ],
)
def test_an_old_link_opens_with_its_old_meaning(key, questions, name):
    assert (get_benchmark(key).questions, get_benchmark(key).name) == (questions, name)
    at = app_test("app_pages/check_a_claim.py", bench=key, a=61, b=58).run()
    assert not at.exception
    assert at.selectbox(key="bench").value == key
    assert at.number_input(key="n").value == questions
    assert f"on {name} ({questions:,} questions)" in at.code[0].value


# --------------------------------------------------------------------------- each name, graded


@pytest.mark.parametrize("key, name", NAMES, ids=[f"{k}:{n}" for k, n in NAMES])
def test_each_name_is_read_back_alone_as_its_preset(key, name):
    hits = read_benchmarks(name)
    assert [(h.kind, h.key, h.start, h.end) for h in hits] == [("preset", key, 0, len(name))]


@pytest.mark.parametrize("key, name", NAMES, ids=[f"{k}:{n}" for k, n in NAMES])
@pytest.mark.parametrize("template", TEMPLATES)
def test_a_sentence_naming_a_preset_is_graded_on_its_count(key, name, template):
    c = parse_claim(template.format(name=name))
    assert c.bench == key, (c.bench, c.questions)
    assert get_benchmark(c.bench).questions == get_benchmark(key).questions


@pytest.mark.parametrize("bench", BENCHMARKS, ids=BENCHMARK_KEYS)
def test_the_command_line_grades_a_named_preset_on_its_count(bench):
    ans = claim_answer(TEMPLATES[0].format(name=bench.name), site=None)
    assert ans.data["n"] == bench.questions
    assert ans.data["read"]["bench"] == bench.key


def _spelled(name: str, data) -> str:
    """``name`` as a post may write it: another case, other separators between its words."""
    words = re.findall(r"[^\W_]+|[^\w\s\-]", name)
    seps = [data.draw(st.sampled_from([" ", "-", "_", ""])) for _ in words[1:]]
    out = words[0]
    for sep, w in zip(seps, words[1:], strict=True):
        glue = "" if not (out[-1].isalnum() and w[0].isalnum()) else sep
        out += glue + w
    return data.draw(st.sampled_from([out, out.upper(), out.lower()]))


@given(st.data())
def test_a_name_is_read_whatever_its_separators_and_case(data):
    b = data.draw(st.sampled_from([b for b in BENCHMARKS if not b.case_names]))
    name = data.draw(st.sampled_from([n for n in (b.name, *b.names) if "(" not in n]))
    spelled = _spelled(name, data)
    keys = [h.key for h in read_benchmarks(spelled)]
    assert keys == [b.key], (spelled, keys)


# --------------------------------------------------------------------------- no borrowed counts

NO_COUNT = [
    # variants are not their base
    "Kotlin-HumanEval",
    "HumanEval-Kotlin",
    "HumanEval-XL",
    "Multi-SWE-bench",
    "MMLU-ProX",
    "LiveCodeBench Pro",
    "MBPP+ v0.3.0",
    "BFCL v3",
    "AIME 2023",
    "HMMT 2024",
    "SWE-bench Multimodal",
    "OSWorld-Verified",
    # subsets
    "the physics subset of GPQA Diamond",
    "a 25% sample of SWE-bench Verified",
    "GPQA Diamond (chemistry)",
    "LiveCodeBench (2408-2505)",
    "half of MMLU",
    # families: several sizes, none said
    "SWE-bench",
    "LiveCodeBench",
    "MMLU-Redux",
    "MBPP+",
    "τ²-bench",
    "MultiPL-E",
    # not in the catalogue at all
    "our internal agentic eval",
]


@pytest.mark.parametrize("name", NO_COUNT)
@pytest.mark.parametrize("template", TEMPLATES)
def test_a_benchmark_with_no_count_of_its_own_borrows_none(name, template):
    c = parse_claim(template.format(name=name))
    assert c.bench is None and c.n is None, (c.bench, c.n)
    assert c.a is not None and c.b is not None  # the scores are read; the "25%" is not one
    assert {round(c.a, 3), round(c.b, 3)} <= {0.61, 0.58, 0.715, 0.69, 0.442, 0.401}


@pytest.mark.parametrize("name", NO_COUNT)
def test_a_benchmark_with_no_count_is_graded_only_on_an_assumption(name):
    ans = claim_answer(TEMPLATES[0].format(name=name), n=100, site=None)
    assert ans.data["n"] == 100
    assert any("comes from --n: the claim gives none" in line for line in ans.lines)


@pytest.mark.parametrize(
    "text, kind",
    [
        ("Kotlin-HumanEval", "named"),
        ("HumanEval-XL", "unknown"),
        ("the physics subset of GPQA Diamond", "subset"),
        ("GPQA", "family"),
        ("GPQA Diamond", "preset"),
    ],
)
def test_what_kind_of_benchmark_a_name_is(text, kind):
    assert [h.kind for h in read_benchmarks(text)] == [kind]


def test_a_variant_is_told_apart_from_its_base():
    pairs = [("HumanEval", "humaneval"), ("HumanEval+", "humaneval-plus"), ("MBPP", "mbpp"),
             ("MBPP sanitized", "mbpp-sanitized"), ("SWE-bench Lite", "swe-bench-lite"),
             ("SWE-bench Verified Mini", "swe-bench-verified-mini"), ("MATH", "math"),
             ("MATH-500", "math-500"), ("MMLU-Pro", "mmlu-pro"), ("MMMLU", "mmmlu"),
             ("AIME 2025", "aime-2025"), ("AIME 2025 I", "aime-2025-i"), ("AIME", "aime"),
             ("HLE", "hle"), ("HLE (text only)", "hle-text"), ("BigCodeBench-Hard", "bigcodebench-hard"),
             ("LiveCodeBench v5", "livecodebench-v5"), ("LiveCodeBench v6", "livecodebench-v6"),
             ("MBPP+ v0.1.0", "mbpp-plus-v0.1"), ("MBPP+ v0.2.0", "mbpp-plus-v0.2"),
             ("SimpleQA", "simpleqa"), ("SimpleQA Verified", "simpleqa-verified"),
             ("τ-bench Retail", "tau-bench-retail"), ("τ²-bench Retail", "tau2-retail"),
             ("MMMU (val)", "mmmu-val"), ("MMMU (test)", "mmmu-test"),
             ("Arena-Hard v0.1", "arena-hard-v0.1"),
             ("Arena-Hard v2.0 (creative writing)", "arena-hard-v2-creative-writing")]  # fmt: skip
    for name, key in pairs:
        assert parse_claim(TEMPLATES[0].format(name=name)).bench == key, name
    sizes = {get_benchmark(k).questions for _, k in pairs}
    assert len(sizes) > 10  # the variants differ in size: a borrowed count would be wrong


@pytest.mark.parametrize("family", FAMILY_KEYS)
def test_a_family_is_the_set_its_count_names_or_asked(family):
    f = get_family(family)
    text = f"61% vs 58% on {f.name}"
    hits = find_benchmarks(text)
    assert [k for _, _, k in hits] == [family]
    for v in f.versions:
        sizes = [w.questions for w in f.versions]
        if v.key is not None and sizes.count(v.questions) == 1:
            assert pick_benchmark(hits, text, v.questions) == (v.key, None)
    key, question = pick_benchmark(hits, text, None)
    assert key is None and f.name in question and f"{f.versions[0].questions:,}" in question


# --------------------------------------------------------------------------- everything lists the same


def test_the_menus_the_box_the_command_line_and_the_docs_list_the_same_entries(capsys):
    from ui import registry

    keys = list(BENCHMARK_KEYS)
    for page in registry.PAGES:  # every page that takes a preset takes every one
        if "bench" in page.keys:
            assert list(page.spec("bench").choices) == keys, page.key
    at = app_test("app_pages/check_a_claim.py").run()  # the menu as drawn
    menu = at.selectbox(key="bench")
    assert list(menu.options) == [b.menu_label for b in BENCHMARKS]
    box = app_test("app_pages/box.py", bench="swe-bench-lite", a=61, b=58).run()
    assert box.number_input(key="n").value == 300
    page = static_box(61, 58, site="https://example.org/")
    data = json.loads(re.search(r'id="box-data" type="application/json">(.*?)</script>', page)[1])
    assert [p[0] for p in data["presets"]] == keys
    assert main(["benchmarks", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [b["key"] for b in listed["benchmarks"]] == keys
    assert [f["key"] for f in listed["families"]] == list(FAMILY_KEYS)
    docs = (ROOT / "docs" / "benchmarks.md").read_text()
    assert re.findall(r"^\| `([^`]+)` \|", docs, re.M) == keys + list(FAMILY_KEYS)
    assert all(b.url in docs for b in BENCHMARKS)  # every source listed


def test_docs_benchmarks_is_current():
    docs = (ROOT / "docs" / "benchmarks.md").read_text()
    stale = "stale: leadorluck benchmarks --format markdown > docs/benchmarks.md"
    assert as_markdown() + "\n" == docs, stale


def test_the_json_has_every_field_of_an_entry():
    row = as_data()["benchmarks"][0]
    assert set(row) >= {"key", "name", "family", "variant", "questions", "options", "metric",
                        "lower_is_better", "cluster_size", "names", "source", "url", "checked",
                        "secondary"}  # fmt: skip
    named = {n for x in as_data()["named_without_a_count"] for n in x["names"]}
    assert named == {n for x in NAMED for n in x.names}


# --------------------------------------------------------------------------- the command line


def test_check_with_a_preset_grades_on_its_count(capsys):
    assert main(["check", "61", "58", "--benchmark", "livecodebench-v5", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["n"] == 880 and "LiveCodeBench v5 (880 questions)" in data["sentence"]


def test_a_family_key_is_refused_with_its_sets(capsys):
    assert main(["check", "61", "58", "--benchmark", "gpqa"]) == 2
    err = capsys.readouterr().err
    assert "gpqa-diamond (198)" in err and "gpqa-main (448)" in err


def test_a_count_that_disagrees_with_the_preset_is_refused(capsys):
    assert main(["check", "61", "58", "--benchmark", "gpqa-diamond", "--n", "200"]) == 2
    assert "disagrees with --benchmark gpqa-diamond (198 questions)" in capsys.readouterr().err


def test_plan_and_box_take_a_preset(capsys, tmp_path):
    assert (
        main(["plan", "--p", "80", "--lead", "4", "--benchmark", "mmlu-pro", "--format", "json"])
        == 0
    )
    assert json.loads(capsys.readouterr().out)["reach"]["n"] == 12032
    out = tmp_path / "box.html"
    args = [
        "box",
        "61",
        "58",
        "--benchmark",
        "aime-2025",
        "--site",
        "https://x.org",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    assert '"n": "30", "bench": "aime-2025"' in out.read_text()


def test_the_text_listing_names_every_preset(capsys):
    assert main(["benchmarks"]) == 0
    out = capsys.readouterr().out
    assert all(re.search(rf"^  {re.escape(k)} +[\d,]+  ", out, re.M) for k in BENCHMARK_KEYS)


def test_the_static_box_takes_a_preset_and_refuses_a_count_that_disagrees():
    page = static_box(61, 58, site="https://example.org/", bench="mmlu-redux-2")
    assert '"given": {"a": "61", "b": "58", "n": "5700", "bench": "mmlu-redux-2"}' in page
    with pytest.raises(ValueError, match="n is 200 but the gpqa-diamond preset has 198"):
        static_box(61, 58, 200, site="https://example.org/", bench="gpqa-diamond")
    with pytest.raises(ValueError, match="'gpqa' names sets of different size"):
        static_box(61, 58, site="https://example.org/", bench="gpqa")


def test_a_preset_past_the_luck_sliders_last_stop_is_refused_not_shrunk():
    at = app_test("app_pages/luck-simulator.py", p=80, d=4, bench="mmmlu").run()
    assert not at.exception
    notes = [w.value for w in at.warning]
    assert any("`bench=mmmlu`" in n and "at most 100,000 questions" in n for n in notes), notes
    assert not any("MMMLU" in m.value for m in [*at.markdown, *at.info])
    options = at.selectbox(key="bench").options  # the menu lists what fits
    assert get_benchmark("mmmlu").menu_label not in options
    assert get_benchmark("supergpqa").menu_label in options

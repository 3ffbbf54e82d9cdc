"""Benchmark presets: how many questions well-known benchmarks have.

One table, looked up by key. ``options`` is the number of answer choices for
multiple-choice benchmarks (None otherwise); ``cluster_size`` is set where
questions come in groups that are not independent.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Benchmark:
    """One preset: its URL key, display name, size and where the size comes from."""

    key: str
    name: str
    questions: int
    options: int | None
    source: str
    cluster_size: int | None = None

    @property
    def label(self) -> str:
        """Name and size for a menu: "GPQA Diamond (198 questions)"."""
        return f"{self.name} ({self.questions:,} questions)"


BENCHMARKS: tuple[Benchmark, ...] = (
    Benchmark("gpqa-diamond", "GPQA Diamond", 198, 4,
              "Rein et al. 2023, GPQA: the Diamond subset of expert-validated questions"),
    Benchmark("gpqa-main", "GPQA main", 448, 4,
              "Rein et al. 2023, GPQA: the main set"),
    Benchmark("aime", "AIME, one year", 30, None,
              "American Invitational Mathematics Examination: AIME I and II, 15 problems each"),
    Benchmark("humaneval", "HumanEval", 164, None,
              "Chen et al. 2021, Evaluating Large Language Models Trained on Code"),
    Benchmark("mbpp", "MBPP test", 500, None,
              "Austin et al. 2021, Program Synthesis with Large Language Models: the test split"),
    Benchmark("math-500", "MATH-500", 500, None,
              "Lightman et al. 2023, Let's Verify Step by Step: a 500-problem subset of MATH"),
    Benchmark("swe-bench-verified", "SWE-bench Verified", 500, None,
              "The human-validated 500-task subset of SWE-bench (Jimenez et al. 2023)"),
    Benchmark("gsm8k", "GSM8K test", 1319, None,
              "Cobbe et al. 2021, Training Verifiers to Solve Math Word Problems: the test split"),
    Benchmark("arc-challenge", "ARC-Challenge test", 1172, 4,
              "Clark et al. 2018, the AI2 Reasoning Challenge: Challenge set, test split"),
    Benchmark("mgsm", "MGSM", 2500, None,
              "Shi et al. 2022: 250 GSM8K problems translated into 10 languages (clustered)",
              cluster_size=10),
    Benchmark("simpleqa", "SimpleQA", 4326, None,
              "Wei et al. 2024, Measuring short-form factuality in large language models"),
    Benchmark("mmlu-pro", "MMLU-Pro", 12032, 10,
              "Wang et al. 2024, MMLU-Pro: ten options per question"),
    Benchmark("mmlu", "MMLU test", 14042, 4,
              "Hendrycks et al. 2021, Measuring Massive Multitask Language Understanding: test split"),
    Benchmark("hellaswag", "HellaSwag validation", 10042, 4,
              "Zellers et al. 2019, HellaSwag: the validation split"),
)  # fmt: skip

_BY_KEY = {b.key: b for b in BENCHMARKS}
BENCHMARK_KEYS: tuple[str, ...] = tuple(_BY_KEY)


def get_benchmark(key: str) -> Benchmark:
    """The preset for ``key``; an unknown key raises ValueError naming it.

    Examples
    --------
    >>> get_benchmark("gpqa-diamond").questions
    198
    """
    try:
        return _BY_KEY[key]
    except (KeyError, TypeError):
        known = ", ".join(BENCHMARK_KEYS)
        msg = f"unknown benchmark {key!r}: known keys are {known}"
        raise ValueError(msg) from None

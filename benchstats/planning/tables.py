"""The curves and tables of Questions needed, as records (proportions, not percent).

The articles' tables (docs/figures.md, "How many questions") recomputed for
any significance and power, the smallest-detectable-lead curve against the
number of questions, p(1 − p) against p, and each preset benchmark's reach.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from benchstats import _validate as check
from benchstats.benchmarks import LANDMARKS
from benchstats.planning.levels import scores_near
from benchstats.power import (
    minimum_detectable_effect,
    minimum_detectable_effect_repeats,
    questions_needed,
    questions_needed_paired,
)

__all__ = [
    "MDE_TABLE_LEVELS",
    "MDE_TABLE_QUESTIONS",
    "PAIRED_TABLE_QUESTIONS",
    "REPEATS_EXAMPLE",
    "REPEATS_TABLE_K",
    "benchmark_reach",
    "mde_curve",
    "mde_table",
    "paired_vs_unpaired_table",
    "questions_needed_examples",
    "repeats_table",
    "variance_curve",
]

# The articles' tables (docs/figures.md, "How many questions").
MDE_TABLE_QUESTIONS = (30, 100, 198, 500, 1_000, 2_000, 5_000)
MDE_TABLE_LEVELS = (0.5, 0.7, 0.9)
PAIRED_TABLE_QUESTIONS = (200, 500, 1_000, 2_000, 5_000)
REPEATS_EXAMPLE = {"n": 198, "omega2": 1 / 9, "sigma2_a": 1 / 6, "sigma2_b": 1 / 6}
REPEATS_TABLE_K = (1, 10, math.inf)


# --------------------------------------------------------------------------- curves


def mde_curve(
    questions: Sequence[int] | np.ndarray,
    *,
    p: float,
    discordance: float | None = None,
    alpha: float = 0.05,
    power: float = 0.8,
) -> list[dict]:
    """Smallest detectable lead against the number of questions, as records.

    One record per n and design: ``{"questions", "design", "mde"}`` with
    design ``"unpaired"`` (both models near p) and, when a discordance is
    given, ``"paired"``.

    Examples
    --------
    >>> [round(r["mde"], 4) for r in mde_curve([100, 1000], p=0.5)]
    [0.1981, 0.0626]
    """
    ns = check.counts("questions", questions, minimum=1, what="questions")
    designs = [("unpaired", {"p": p})]
    if discordance is not None:
        designs.append(("paired", {"discordance": discordance}))
    rows = []
    for design, kw in designs:
        mde = np.atleast_1d(minimum_detectable_effect(ns, alpha=alpha, power=power, **kw))
        rows += [
            {"questions": int(n), "design": design, "mde": float(v)}
            for n, v in zip(ns, mde, strict=True)
        ]
    return rows


def variance_curve(levels: Iterable[float] | None = None) -> list[dict]:
    """p(1 − p), the variance of one right-or-wrong answer, against p, as records.

    Examples
    --------
    >>> variance_curve([0.5, 0.95])
    [{'p': 0.5, 'variance': 0.25}, {'p': 0.95, 'variance': 0.04750000000000004}]
    """
    ps = np.linspace(0, 1, 101) if levels is None else check.proportions("levels", list(levels))
    return [{"p": float(p), "variance": float(p * (1 - p))} for p in ps]


def benchmark_reach(*, p: float, alpha: float = 0.05, power: float = 0.8) -> list[dict]:
    """Each landmark benchmark (the best-known presets) with the smallest lead it can detect near p (unpaired).

    Records ``{"key", "name", "questions", "mde"}``, ordered by size.

    Examples
    --------
    >>> row = next(r for r in benchmark_reach(p=0.94) if r["key"] == "gpqa-diamond")
    >>> row["questions"], round(row["mde"], 4)
    (198, 0.0669)
    """
    key = (repr(p), repr(alpha), repr(power))  # the values as given: −0.0 is not 0.0
    rows = _REACH.get(key)
    if rows is None:
        rows = tuple(
            {
                "key": bench.key,
                "name": bench.name,
                "questions": bench.questions,
                "mde": float(
                    minimum_detectable_effect(bench.questions, p=p, alpha=alpha, power=power)
                ),
            }
            for bench in sorted(LANDMARKS, key=lambda b: (b.questions, b.name))
        )
        if len(_REACH) >= 512:
            _REACH.clear()
        _REACH[key] = rows
    return [dict(r) for r in rows]  # the caller's own records


# benchmark_reach's records by setting: a page asks for the same setting three times a run
_REACH: dict[tuple[str, str, str], tuple[dict, ...]] = {}


# --------------------------------------------------------------------------- the articles' tables


def mde_table(
    questions: Sequence[int] = MDE_TABLE_QUESTIONS,
    levels: Sequence[float] = MDE_TABLE_LEVELS,
    *,
    alpha: float = 0.05,
    power: float = 0.8,
) -> list[dict]:
    """The articles' table of smallest detectable leads, z_sum·√(2p(1 − p)/n).

    Records ``{"questions", "p", "mde"}``, one per n and level.

    Examples
    --------
    >>> [round(r["mde"] * 100, 1) for r in mde_table([198], [0.5, 0.7, 0.9])]
    [14.1, 12.9, 8.4]
    """
    rows = []
    for n in questions:
        for p in levels:
            mde = minimum_detectable_effect(n, p=p, alpha=alpha, power=power)
            rows.append({"questions": int(n), "p": float(p), "mde": float(mde)})
    return rows


def paired_vs_unpaired_table(
    questions: Sequence[int] = PAIRED_TABLE_QUESTIONS,
    *,
    discordance: float = 0.2,
    p: float = 0.7,
    alpha: float = 0.05,
    power: float = 0.8,
) -> list[dict]:
    """Unpaired (both near p) against paired smallest detectable leads, as records.

    Records ``{"questions", "unpaired", "paired"}``. The articles use 20%
    discordance and scores near 70%.

    Examples
    --------
    >>> [(r["questions"], round(r["unpaired"] * 100, 1), round(r["paired"] * 100, 1))
    ...  for r in paired_vs_unpaired_table([1000])]
    [(1000, 5.7, 4.0)]
    """
    return [
        {
            "questions": int(n),
            "unpaired": float(minimum_detectable_effect(n, p=p, alpha=alpha, power=power)),
            "paired": float(
                minimum_detectable_effect(n, discordance=discordance, alpha=alpha, power=power)
            ),
        }
        for n in questions
    ]


def repeats_table(
    n: int = REPEATS_EXAMPLE["n"],
    *,
    omega2: float = REPEATS_EXAMPLE["omega2"],
    sigma2_a: float = REPEATS_EXAMPLE["sigma2_a"],
    sigma2_b: float = REPEATS_EXAMPLE["sigma2_b"],
    repeats: Sequence[float] = REPEATS_TABLE_K,
    alpha: float = 0.05,
    power: float = 0.8,
) -> list[dict]:
    """Smallest detectable lead with K answers per question (both models), as records.

    Records ``{"repeats", "mde"}``; ``repeats`` may hold ``math.inf``.
    The defaults are the articles' example: 198 questions, ω² = 1/9,
    σ²_A = σ²_B = 1/6.

    Examples
    --------
    >>> [round(r["mde"] * 100, 1) for r in repeats_table()]
    [13.3, 7.6, 6.6]
    """
    kw = {"omega2": omega2, "sigma2_a": sigma2_a, "sigma2_b": sigma2_b, "alpha": alpha}
    return [
        {
            "repeats": k,
            "mde": float(minimum_detectable_effect_repeats(n, k_a=k, k_b=k, power=power, **kw)),
        }
        for k in repeats
    ]


def questions_needed_examples(*, alpha: float = 0.05, power: float = 0.8) -> list[dict]:
    """The articles' "how many questions" examples, recomputed, as records: the lead, the two
    scores ``a`` and ``b`` or the level ``near``, or a ``discordance`` (paired), and
    ``questions`` (:func:`benchstats.prose.planning.example_case` says each in words).

    Examples
    --------
    >>> [r["questions"] for r in questions_needed_examples()]
    [1566, 11159, 8238, 3925]
    >>> questions_needed_examples()[1]
    {'lead': 0.015, 'near': 0.8, 'questions': 11159}
    """
    test = {"alpha": alpha, "power": power}
    unpaired = [
        ({"lead": 0.04, "a": 0.82, "b": 0.78}, (0.82, 0.78)),
        ({"lead": 0.015, "near": 0.8}, scores_near(0.8, 0.015)),
        ({"lead": 0.02, "a": 0.71, "b": 0.69}, (0.71, 0.69)),
    ]
    rows = [{**case, "questions": questions_needed(*ab, **test)} for case, ab in unpaired]
    paired = questions_needed_paired(0.02, 0.2, **test)
    return [*rows, {"lead": 0.02, "discordance": 0.2, "questions": paired}]

"""Planning a benchmark: what the power formulas of :mod:`benchstats.power` need around them.

The core answers "how many questions for this lead" and "which lead for this
many questions". Planning a real eval asks a few more things, collected here:

- where two scores sit when the reader only names a level p and a lead d
  (a = p + d/2, b = p − d/2, both strictly inside 0 and 1);
- a one-sided test (:func:`benchstats.z_sum` is two-sided; a one-sided test
  at α uses the critical value of a two-sided test at 2α);
- questions that come in clusters: the design effect 1 + (m − 1)ρ and the
  effective number of questions n / (1 + (m − 1)ρ) (Kish, *Survey Sampling*,
  1965);
- repeated answers per question: questions needed, the questions answered
  once that would buy the same precision, and the cost in model calls
  (Miller, "Adding Error Bars to Evals", 2024, eq. for n with K samples);
- the share of questions on which two models disagree, which the two scores
  bound: |a − b| ≤ discordance ≤ min(a + b, 2 − a − b);
- the articles' tables as records (lists of dicts, proportions not percent),
  recomputed for any significance and power.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import special

from benchstats import _validate as check
from benchstats.benchmarks import BENCHMARKS
from benchstats.power import (
    minimum_detectable_effect,
    minimum_detectable_effect_repeats,
    questions_needed,
    questions_needed_paired,
    z_sum,
)

__all__ = [
    "benchmark_reach",
    "design_effect",
    "detection_power",
    "discordance_bounds",
    "effective_questions",
    "largest_lead_near",
    "mde_curve",
    "mde_table",
    "model_calls",
    "paired_vs_unpaired_table",
    "UnpairedArithmetic",
    "minimum_detectable_effect_clustered",
    "questions_needed_clustered",
    "questions_needed_examples",
    "unpaired_arithmetic",
    "questions_needed_repeats",
    "repeats_floor",
    "repeats_table",
    "scores_near",
    "single_answer_questions",
    "two_sided_alpha",
    "variance_curve",
    "z_sum_sided",
]

SIDES = (2, 1)  # two-sided (the default everywhere) or one-sided

# The articles' tables (FIGURES.md, "How many questions").
MDE_TABLE_QUESTIONS = (30, 100, 198, 500, 1_000, 2_000, 5_000)
MDE_TABLE_LEVELS = (0.5, 0.7, 0.9)
PAIRED_TABLE_QUESTIONS = (200, 500, 1_000, 2_000, 5_000)
REPEATS_EXAMPLE = {"n": 198, "omega2": 1 / 9, "sigma2_a": 1 / 6, "sigma2_b": 1 / 6}
REPEATS_TABLE_K = (1, 10, math.inf)

_ROUNDING = 1e-9  # relative slack so an exact integer n is not pushed up by float noise


# --------------------------------------------------------------------------- sides


def two_sided_alpha(alpha: float = 0.05, *, sides: int = 2) -> float:
    """The two-sided significance level with the same critical value as this test.

    A one-sided test at level α rejects beyond z₁₋α, which is the critical
    value z₁₋α′/₂ of a two-sided test at α′ = 2α. Pass the result as
    ``alpha=`` to any function of :mod:`benchstats.power` to plan a
    one-sided test with it.

    Parameters
    ----------
    alpha : float
        Significance level, strictly between 0 and 1 (below 0.5 one-sided).
    sides : {2, 1}
        2 for a two-sided test (returned unchanged), 1 for a one-sided one.

    Returns
    -------
    float

    Examples
    --------
    >>> two_sided_alpha(0.05, sides=1)
    0.1
    >>> two_sided_alpha(0.05)
    0.05
    """
    if sides not in SIDES:
        msg = f"sides must be 2 (two-sided) or 1 (one-sided), got {sides!r}"
        raise ValueError(msg)
    alpha = check.open_unit("alpha", alpha)
    if sides == 1 and alpha >= 0.5:
        msg = f"a one-sided alpha must be below 0.5, got {alpha!r}"
        raise ValueError(msg)
    return alpha * (3 - sides)


def z_sum_sided(alpha: float = 0.05, power: float = 0.8, *, sides: int = 2) -> float:
    """z₁₋α/₂ + z_power for a two-sided test, z₁₋α + z_power for a one-sided one.

    Examples
    --------
    >>> round(z_sum_sided(0.05, 0.8), 4)
    2.8016
    >>> round(z_sum_sided(0.05, 0.8, sides=1), 4)  # 1.6449 + 0.8416
    2.4865
    """
    return z_sum(two_sided_alpha(alpha, sides=sides), power)


# --------------------------------------------------------------------------- scores near p


def scores_near(p: float, lead: float) -> tuple[float, float]:
    """The two scores a = p + lead/2 and b = p − lead/2 around a level p.

    Both must stay strictly between 0 and 1, so the lead must be smaller
    than the room p leaves: lead < 2·min(p, 1 − p).

    Parameters
    ----------
    p : float
        The level both models sit near, a proportion strictly between 0 and 1.
    lead : float
        The lead, a proportion > 0 (0.04 for four points).

    Returns
    -------
    tuple of float
        (a, b).

    Examples
    --------
    >>> a, b = scores_near(0.8, 0.04)
    >>> round(a, 4), round(b, 4)
    (0.82, 0.78)
    >>> scores_near(0.98, 0.1)
    Traceback (most recent call last):
    ...
    ValueError: a lead of 0.1 around p = 0.98 puts the leader at 1.03, above 1: near 0.98 the lead must be below 2·min(p, 1 − p) = 0.04
    """
    p = check.open_unit("p", p)
    lead = check.positive("lead", lead)
    a, b = p + lead / 2, p - lead / 2
    if a >= 1.0 or b <= 0.0:
        where = (
            f"puts the leader at {a:.4g}, above 1"
            if a >= 1.0
            else f"puts the trailer at {b:.4g}, below 0"
        )
        room = 2 * min(p, 1 - p)
        msg = (
            f"a lead of {lead!r} around p = {p!r} {where}: near {p:.4g} the lead must be "
            f"below 2·min(p, 1 − p) = {room:.4g}"
        )
        raise ValueError(msg)
    return a, b


def largest_lead_near(p: float, *, step: float = 0.001) -> float:
    """The largest multiple of ``step`` that :func:`scores_near` accepts at p.

    A fallback for a lead too large for its level: 0.039 (3.9 points) near 0.98.

    Examples
    --------
    >>> largest_lead_near(0.98)
    0.039
    >>> largest_lead_near(0.5)
    0.999
    """
    p = check.open_unit("p", p)
    step = check.positive("step", step)
    room = 2 * min(p, 1 - p)
    k = math.ceil(room / step * (1 - _ROUNDING)) - 1  # strictly below the room
    return round(max(k, 0) * step, 12) if k > 0 else room / 2


def detection_power(n: int, a: float, b: float, *, alpha: float = 0.05) -> float:
    """The chance that n questions per model detect the true lead a − b (two-sided test at α).

    The inverse of :func:`benchstats.questions_needed`:
    Φ(|a − b|·√n / √(a(1 − a) + b(1 − b)) − z₁₋α/₂), ignoring the far tail
    as the sample-size formula does, so power at the n it returns is at least
    the power asked for. Use :func:`two_sided_alpha` for a one-sided test.

    Examples
    --------
    >>> detection_power(1566, 0.82, 0.78) >= 0.8 > detection_power(1565, 0.82, 0.78)
    True
    >>> round(detection_power(198, 0.82, 0.78), 3)
    0.168
    """
    n = check.count("n", n, minimum=1, what="questions")
    a = check.proportion("a", a)
    b = check.proportion("b", b)
    alpha = check.open_unit("alpha", alpha)
    spread = math.sqrt(a * (1 - a) + b * (1 - b))
    if spread == 0.0:  # both scores at 0 or 1: any difference shows without noise
        return 1.0 if a != b else float(alpha / 2)
    return float(special.ndtr(abs(a - b) * math.sqrt(n) / spread - special.ndtri(1 - alpha / 2)))


# --------------------------------------------------------------------------- discordance


def discordance_bounds(a: float, b: float) -> tuple[float, float]:
    """The shares of questions on which two models with scores a and b can disagree.

    With b₁₀ the share A got right and B wrong and b₀₁ the reverse,
    a − b = b₁₀ − b₀₁ and the discordance is b₁₀ + b₀₁, so it is at least
    |a − b|; it is at most min(a + b, 2 − a − b) (every right answer of one
    model against a wrong answer of the other).

    Examples
    --------
    >>> low, high = discordance_bounds(0.82, 0.78)
    >>> round(low, 4), round(high, 4)
    (0.04, 0.4)
    """
    a = check.proportion("a", a)
    b = check.proportion("b", b)
    return abs(a - b), min(a + b, 2 - a - b)


# --------------------------------------------------------------------------- clusters


def design_effect(m: float, icc: float) -> float:
    """Kish's design effect 1 + (m − 1)ρ for clusters of m questions with correlation ρ.

    The variance of a mean over clustered questions is the independent-question
    variance times this factor; its standard error grows by the square root.

    Parameters
    ----------
    m : float
        Questions per cluster (an average is fine), ≥ 1.
    icc : float
        Intra-cluster correlation ρ, from 0 (clusters do not matter) to 1
        (a cluster is one question asked m times).

    Examples
    --------
    >>> round(design_effect(10, 0.1), 6)
    1.9
    """
    m = check.real("m", m)
    if m < 1:
        msg = f"m must be a cluster size ≥ 1 question, got {m!r}"
        raise ValueError(msg)
    icc = check.proportion("icc", icc)
    return 1.0 + (m - 1.0) * icc


def effective_questions(n: int, m: float, icc: float) -> float:
    """The number of independent questions n clustered questions are worth: n / (1 + (m − 1)ρ).

    Examples
    --------
    >>> round(effective_questions(2500, 10, 0.1), 1)
    1315.8
    """
    n = check.count("n", n, minimum=1, what="questions")
    return n / design_effect(m, icc)


def minimum_detectable_effect_clustered(
    n: int, *, p: float, m: float, icc: float, alpha: float = 0.05, power: float = 0.8
) -> float:
    """Smallest detectable lead (unpaired, near p) on n questions in clusters of m.

    z_sum·√(2p(1 − p)·(1 + (m − 1)ρ)/n): the unclustered lead times √(design effect).

    Examples
    --------
    >>> round(100 * minimum_detectable_effect_clustered(2500, p=0.5, m=10, icc=0.1), 2)
    5.46
    """
    deff = design_effect(m, icc)
    return float(minimum_detectable_effect(n, p=p, alpha=alpha, power=power)) * math.sqrt(deff)


def questions_needed_clustered(
    a: float, b: float, *, m: float, icc: float, alpha: float = 0.05, power: float = 0.8
) -> int:
    """Questions needed (unpaired) when they come in clusters of m with correlation ρ.

    The smallest n with n ≥ z_sum² · (a(1 − a) + b(1 − b)) · (1 + (m − 1)ρ) / (a − b)².

    Examples
    --------
    >>> questions_needed_clustered(0.82, 0.78, m=10, icc=0.1)
    2976
    """
    exact = unpaired_arithmetic(a, b, alpha=alpha, power=power).exact
    return max(1, math.ceil(exact * design_effect(m, icc) * (1 - _ROUNDING)))


# --------------------------------------------------------------------------- the arithmetic


@dataclass(frozen=True)
class UnpairedArithmetic:
    """The pieces of n = z_sum² · (a(1 − a) + b(1 − b)) / (a − b)², for showing the work."""

    z_alpha: float  # z₁₋α/₂ (the significance part)
    z_power: float  # z at the power
    z_sum: float
    variance: float  # a(1 − a) + b(1 − b)
    lead: float  # |a − b|
    exact: float  # the unrounded n
    questions: int  # the smallest whole n ≥ exact


def unpaired_arithmetic(
    a: float, b: float, *, alpha: float = 0.05, power: float = 0.8
) -> UnpairedArithmetic:
    """Every step of :func:`benchstats.questions_needed`, so a page can show its work.

    ``alpha`` is two-sided (see :func:`two_sided_alpha`).

    Examples
    --------
    >>> w = unpaired_arithmetic(0.82, 0.78)
    >>> round(w.z_alpha, 3), round(w.z_power, 3), round(w.variance, 4), round(w.exact, 1), w.questions
    (1.96, 0.842, 0.3192, 1565.9, 1566)
    """
    questions = questions_needed(a, b, alpha=alpha, power=power)  # validates a, b, alpha, power
    z_alpha = float(special.ndtri(1 - alpha / 2))
    z_power = float(special.ndtri(power))
    zs = z_sum(alpha, power)
    variance = a * (1 - a) + b * (1 - b)
    lead = abs(a - b)
    return UnpairedArithmetic(
        z_alpha=z_alpha,
        z_power=z_power,
        z_sum=zs,
        variance=variance,
        lead=lead,
        exact=zs**2 * variance / lead**2,
        questions=questions,
    )


# --------------------------------------------------------------------------- repeats


def _repeats_variance(
    omega2: float, sigma2_a: float, sigma2_b: float, k_a: float, k_b: float
) -> float:
    omega2, sigma2_a, sigma2_b = (
        _variance(name, v)
        for name, v in (("omega2", omega2), ("sigma2_a", sigma2_a), ("sigma2_b", sigma2_b))
    )
    k_a, k_b = _repeats("k_a", k_a), _repeats("k_b", k_b)
    total = omega2 + sigma2_a / k_a + sigma2_b / k_b  # σ²/∞ = 0: the question floor alone
    if total <= 0.0:
        msg = (
            f"the variances leave no noise at all (omega2 = {omega2!r}, sigma2_a/k_a = "
            f"{sigma2_a / k_a!r}, sigma2_b/k_b = {sigma2_b / k_b!r}): at least one must be > 0"
        )
        raise ValueError(msg)
    return total


def _variance(name: str, value: object) -> float:
    x = check.real(name, value)
    if x < 0:
        msg = f"{name} must be a variance ≥ 0, got {value!r}"
        raise ValueError(msg)
    return x


def _repeats(name: str, value: object) -> float:
    if value == math.inf:
        return math.inf
    return float(check.count(name, value, minimum=1, what="answers per question"))


def questions_needed_repeats(
    lead: float,
    *,
    omega2: float,
    sigma2_a: float,
    sigma2_b: float,
    k_a: float = 1,
    k_b: float = 1,
    alpha: float = 0.05,
    power: float = 0.8,
) -> int:
    """Questions needed when each model answers every question K times.

    The smallest n with n ≥ z_sum² · (ω² + σ²_A/K_A + σ²_B/K_B) / lead²
    (Miller 2024, "Adding Error Bars to Evals"), ω² the between-question
    variance of the per-question difference, σ² the answer-to-answer
    variance within a question. K = ``math.inf`` leaves the floor ω² that
    only more questions lower.

    Examples
    --------
    >>> questions_needed_repeats(0.03, omega2=1/9, sigma2_a=0, sigma2_b=0)
    969
    >>> questions_needed_repeats(0.03, omega2=1/9, sigma2_a=1/6, sigma2_b=1/6, k_a=10, k_b=10)
    1260
    """
    lead = check.positive("lead", lead)
    total = _repeats_variance(omega2, sigma2_a, sigma2_b, k_a, k_b)
    n = z_sum(alpha, power) ** 2 * total / lead**2
    return max(1, math.ceil(n * (1 - _ROUNDING)))


def repeats_floor(n: int, *, omega2: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """The smallest detectable lead as K → ∞: z_sum·√(ω²/n), the floor the questions set.

    Unlike :func:`benchstats.minimum_detectable_effect_repeats` with K = ∞,
    ω² = 0 is allowed: questions that do not differ set no floor (0).

    Examples
    --------
    >>> round(100 * repeats_floor(198, omega2=1/9), 1)
    6.6
    >>> repeats_floor(198, omega2=0)
    0.0
    """
    n = check.count("n", n, minimum=1, what="questions")
    omega2 = _variance("omega2", omega2)
    return z_sum(alpha, power) * math.sqrt(omega2 / n)


def single_answer_questions(
    n: int, *, omega2: float, sigma2_a: float, sigma2_b: float, k_a: float, k_b: float
) -> int:
    """The fewest questions answered once each that are as precise as n questions answered K times.

    The two designs have the same standard error when
    (ω² + σ²_A + σ²_B) / n₁ = (ω² + σ²_A/K_A + σ²_B/K_B) / n, so the answer is
    the smallest whole n₁ ≥ n · (ω² + σ²_A + σ²_B) / (ω² + σ²_A/K_A + σ²_B/K_B).

    Examples
    --------
    >>> single_answer_questions(198, omega2=1/9, sigma2_a=1/6, sigma2_b=1/6, k_a=10, k_b=10)
    610
    """
    n = check.count("n", n, minimum=1, what="questions")
    once = _repeats_variance(omega2, sigma2_a, sigma2_b, 1, 1)
    ratio = once / _repeats_variance(omega2, sigma2_a, sigma2_b, k_a, k_b)
    return max(n, math.ceil(n * ratio * (1 - _ROUNDING)))


def model_calls(n: int, k: int, *, models: int = 2) -> int:
    """Answers to generate: n questions × K answers × the number of models.

    Examples
    --------
    >>> model_calls(198, 10)
    3960
    """
    n = check.count("n", n, minimum=1, what="questions")
    k = check.count("k", k, minimum=1, what="answers per question")
    models = check.count("models", models, minimum=1, what="models")
    return n * k * models


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


def benchmark_reach(
    *, p: float, discordance: float | None = None, alpha: float = 0.05, power: float = 0.8
) -> list[dict]:
    """Each preset benchmark with the smallest lead it can detect near p.

    Records ``{"key", "name", "questions", "mde"}`` plus ``"mde_paired"``
    when a discordance is given; ordered by size.

    Examples
    --------
    >>> row = next(r for r in benchmark_reach(p=0.94) if r["key"] == "gpqa-diamond")
    >>> row["questions"], round(row["mde"], 4)
    (198, 0.0669)
    """
    rows = []
    for bench in sorted(BENCHMARKS, key=lambda b: (b.questions, b.name)):
        row = {
            "key": bench.key,
            "name": bench.name,
            "questions": bench.questions,
            "mde": minimum_detectable_effect(bench.questions, p=p, alpha=alpha, power=power),
        }
        if discordance is not None:
            row["mde_paired"] = minimum_detectable_effect(
                bench.questions, discordance=discordance, alpha=alpha, power=power
            )
        rows.append(row)
    return rows


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
    rows = []
    for k in repeats:
        mde = minimum_detectable_effect_repeats(
            n,
            omega2=omega2,
            sigma2_a=sigma2_a,
            sigma2_b=sigma2_b,
            k_a=k,
            k_b=k,
            alpha=alpha,
            power=power,
        )
        rows.append({"repeats": k, "mde": float(mde)})
    return rows


def questions_needed_examples(*, alpha: float = 0.05, power: float = 0.8) -> list[dict]:
    """The articles' "how many questions" examples, recomputed, as records.

    Records ``{"case", "a", "b", "lead", "discordance", "questions"}``
    (``a``/``b`` None for the paired case, ``discordance`` None for unpaired).

    Examples
    --------
    >>> [r["questions"] for r in questions_needed_examples()]
    [1566, 11159, 8238, 3925]
    """
    a15, b15 = scores_near(0.8, 0.015)
    unpaired = [
        ("4 points, 82% vs 78%", 0.82, 0.78),
        ("1.5 points near 80%", a15, b15),
        ("2 points, 71% vs 69%", 0.71, 0.69),
    ]
    rows = [
        {
            "case": case,
            "a": a,
            "b": b,
            "lead": a - b,
            "discordance": None,
            "questions": questions_needed(a, b, alpha=alpha, power=power),
        }
        for case, a, b in unpaired
    ]
    rows.append(
        {
            "case": "2 points, paired, 20% discordant",
            "a": None,
            "b": None,
            "lead": 0.02,
            "discordance": 0.2,
            "questions": questions_needed_paired(0.02, 0.2, alpha=alpha, power=power),
        }
    )
    return rows

"""Designs beyond one answer per independent question: clusters and repeated answers.

- Questions that come in clusters: the design effect 1 + (m − 1)ρ and the
  effective number of questions n / (1 + (m − 1)ρ) (Kish, *Survey Sampling*,
  1965).
- Repeated answers per question: questions needed, the questions answered
  once that would buy the same precision, and the cost in model calls
  (Miller, "Adding Error Bars to Evals", 2024, eq. for n with K samples).

Every smallest detectable lead here is :func:`benchstats.power.detectable_lead`
of the design's standard error: one rule, several SEs.
"""

from __future__ import annotations

import math

from benchstats import _validate as check
from benchstats.planning.levels import ROUNDING, unpaired_arithmetic
from benchstats.power import detectable_lead, minimum_detectable_effect, repeats_variance, z_sum

__all__ = [
    "design_effect",
    "effective_questions",
    "minimum_detectable_effect_clustered",
    "model_calls",
    "questions_needed_clustered",
    "questions_needed_repeats",
    "repeats_floor",
    "single_answer_questions",
]

# --------------------------------------------------------------------------- clusters


def design_effect(m: float, icc: float) -> float:
    """Kish's design effect 1 + (m − 1)ρ for clusters of m questions with correlation ρ.

    The variance of a mean over clustered questions is the independent-question
    variance times this factor; its standard error grows by the square root.
    ``m`` ≥ 1 (an average is fine); ρ from 0 (clusters do not matter) to 1 (a
    cluster is one question asked m times).

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
    return max(1, math.ceil(exact * design_effect(m, icc) * (1 - ROUNDING)))


# --------------------------------------------------------------------------- repeats


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
    total = repeats_variance(omega2, sigma2_a, sigma2_b, k_a=k_a, k_b=k_b)
    n = z_sum(alpha, power) ** 2 * total / lead**2
    return max(1, math.ceil(n * (1 - ROUNDING)))


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
    omega2 = check.variance("omega2", omega2)
    return float(detectable_lead(math.sqrt(omega2 / n), alpha=alpha, power=power))


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
    once = repeats_variance(omega2, sigma2_a, sigma2_b)
    ratio = once / repeats_variance(omega2, sigma2_a, sigma2_b, k_a=k_a, k_b=k_b)
    return max(n, math.ceil(n * ratio * (1 - ROUNDING)))


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

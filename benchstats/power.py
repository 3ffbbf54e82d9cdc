"""How many questions a benchmark needs to see a lead, and the smallest lead it can see.

All formulas are the normal-approximation ones of the articles: a two-sided
test at significance α with power 1 − β needs

    n ≥ z_sum² · (variance of one question's contribution) / lead²,

with z_sum = z₁₋α/₂ + z_power (2.8016 at α = 0.05, power = 0.8).

References
----------
Miller (2024), "Adding Error Bars to Evals: A Statistical Approach to
Language Model Evaluations", arXiv:2411.00640 (the repeated-sampling form).
"""

from __future__ import annotations

import math

import numpy as np
from scipy import special

from benchstats import _validate


def z_sum(alpha: float = 0.05, power: float = 0.8) -> float:
    """z₁₋α/₂ + z_power, the multiplier in every power formula here.

    Examples
    --------
    >>> round(z_sum(), 4), round(z_sum() ** 2, 3)
    (2.8016, 7.849)
    """
    alpha = _validate.open_unit("alpha", alpha)
    power = _validate.open_unit("power", power)
    return float(special.ndtri(1 - alpha / 2) + special.ndtri(power))


def detectable_lead(se, *, alpha: float = 0.05, power: float = 0.8):
    """The smallest lead a comparison with this SE detects: z_sum · se. *Vectorised*.

    The one rule for "the smallest detectable lead": every other form computes
    its SE and calls this.

    Examples
    --------
    >>> round(detectable_lead(0.016408) * 100, 1)
    4.6
    """
    arr = np.asarray(se, dtype=float)
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        msg = f"se must be a finite number, 0 or more, got {se!r}"
        raise ValueError(msg)
    return _validate.scalar_or_array(z_sum(alpha, power) * arr)


def _needed(variance: float, lead: float, alpha: float, power: float) -> int:
    """The smallest whole n ≥ z_sum² · variance / lead²."""
    square = lead * lead
    x = math.inf if square == 0.0 else z_sum(alpha, power) ** 2 * variance / square
    if not math.isfinite(x):  # a lead so small that its square underflows
        msg = "the lead is too small to plan for: it would need more questions than can be counted"
        raise ValueError(msg)
    return max(1, math.ceil(x - 1e-9))  # 1565.0000000000002 is 1565, not 1566


def questions_needed(a: float, b: float, *, alpha: float = 0.05, power: float = 0.8) -> int:
    """Smallest n with n ≥ z_sum² · (a(1−a) + b(1−b)) / (a − b)².

    Two independent score lists on the same n questions each.

    Examples
    --------
    >>> questions_needed(0.82, 0.78)
    1566
    """
    a, b = _validate.scores(a, b)
    if a == b:
        msg = (
            f"a and b must differ: a lead of 0 needs infinitely many questions (got a = b = {a!r})"
        )
        raise ValueError(msg)
    return _needed(a * (1 - a) + b * (1 - b), a - b, alpha, power)


def questions_needed_paired(
    lead: float, discordance: float, *, alpha: float = 0.05, power: float = 0.8
) -> int:
    """Smallest n with n ≥ z_sum² · discordance / lead² (same questions for both).

    ``discordance`` is the share of questions on which the two models
    disagree; it must be at least |lead|.

    Examples
    --------
    >>> questions_needed_paired(0.02, 0.20)
    3925
    """
    lead = _validate.real("lead", lead)
    discordance = _validate.proportion("discordance", discordance)
    if lead == 0.0 or abs(lead) > 1:
        msg = f"lead must be a non-zero proportion between -1 and 1, got {lead!r}"
        raise ValueError(msg)
    if discordance < abs(lead) - 1e-12:  # 0.82 − 0.78 is 0.03999…: allow the dust
        msg = (
            f"discordance must be at least the lead: a lead of {abs(lead):g} needs at least "
            f"that share of questions to disagree, got discordance={discordance!r}"
        )
        raise ValueError(msg)
    return _needed(discordance, lead, alpha, power)


def minimum_detectable_effect(
    n,
    *,
    p: float | None = None,
    discordance: float | None = None,
    alpha: float = 0.05,
    power: float = 0.8,
):
    """Smallest lead a benchmark of n questions detects (proportion units).

    *Vectorised* in ``n``. Exactly one of:

    - ``p``: unpaired, both models near p: z_sum·√(2p(1−p)/n);
    - ``discordance``: paired: z_sum·√(discordance/n).

    Examples
    --------
    >>> round(100 * minimum_detectable_effect(198, p=0.7), 1)
    12.9
    """
    if (p is None) == (discordance is None):
        msg = "give exactly one of p (unpaired) or discordance (paired)"
        raise ValueError(msg)
    n_arr = _validate.counts("n", n, minimum=1, what="questions")
    if p is not None:
        p = _validate.proportion("p", p)
        variance = 2 * p * (1 - p)
    else:
        variance = _validate.proportion("discordance", discordance)
    return detectable_lead(np.sqrt(variance / n_arr), alpha=alpha, power=power)


def minimum_detectable_effect_repeats(
    n,
    *,
    omega2: float,
    sigma2_a: float,
    sigma2_b: float,
    k_a: float = 1,
    k_b: float = 1,
    alpha: float = 0.05,
    power: float = 0.8,
):
    """Smallest detectable lead with K answers per question (Miller 2024).

    z_sum·√(:func:`repeats_variance`/n). *Vectorised* in ``n``.

    Examples
    --------
    >>> from benchstats import minimum_detectable_effect_repeats as mde
    >>> [round(100 * mde(198, omega2=1/9, sigma2_a=1/6, sigma2_b=1/6, k_a=k, k_b=k), 1)
    ...  for k in (1, 10, float("inf"))]
    [13.3, 7.6, 6.6]
    """
    n_arr = _validate.counts("n", n, minimum=1, what="questions")
    total = repeats_variance(omega2, sigma2_a, sigma2_b, k_a=k_a, k_b=k_b)
    return detectable_lead(np.sqrt(total / n_arr), alpha=alpha, power=power)


def repeats_variance(
    omega2: float, sigma2_a: float, sigma2_b: float, *, k_a: float = 1, k_b: float = 1
) -> float:
    """ω² + σ²_A/K_A + σ²_B/K_B: one question's variance with K answers each (Miller 2024).

    ω² is the between-question variance of the per-question difference, σ² the
    answer-to-answer variance within a question. ``k_a``/``k_b`` may be
    ``float("inf")``: then only ω², the floor the questions set, remains.

    Examples
    --------
    >>> round(repeats_variance(1/9, 1/6, 1/6, k_a=10, k_b=10), 4)
    0.1444
    """
    omega2, sigma2_a, sigma2_b = (
        _validate.variance(name, v)
        for name, v in (("omega2", omega2), ("sigma2_a", sigma2_a), ("sigma2_b", sigma2_b))
    )
    k_a, k_b = _repeats("k_a", k_a), _repeats("k_b", k_b)
    total = omega2 + sigma2_a / k_a + sigma2_b / k_b
    if total <= 0.0:
        msg = (
            f"omega2, sigma2_a/k_a and sigma2_b/k_b cannot all be 0: there would be no noise "
            f"to beat (got {omega2!r}, {sigma2_a / k_a!r}, {sigma2_b / k_b!r})"
        )
        raise ValueError(msg)
    return total


def _repeats(name: str, value: object) -> float:
    if value == math.inf:
        return math.inf
    if not (_validate.real(name, value) >= 1 and float(value).is_integer()):
        msg = f"{name} must be a whole number of answers per question ≥ 1 or inf, got {value!r}"
        raise ValueError(msg)
    return float(value)

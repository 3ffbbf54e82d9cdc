"""Scores around a level, one- or two-sided tests, and the steps of the basic plan.

Planning starts from a level p and a lead d rather than two scores:

- where two scores sit when the reader only names a level p and a lead d
  (a = p + d/2, b = p − d/2, both strictly inside 0 and 1), and the largest
  lead a level leaves room for;
- a one-sided test (:func:`benchstats.z_sum` is two-sided; a one-sided test
  at α uses the critical value of a two-sided test at 2α);
- the chance n questions detect a true lead (the inverse of
  :func:`benchstats.questions_needed`);
- the share of questions on which two models disagree, which the two scores
  bound: |a − b| ≤ discordance ≤ min(a + b, 2 − a − b);
- every step of the unpaired sample-size formula, for showing the work.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy import special

from benchstats import _validate as check
from benchstats.power import questions_needed, z_sum

__all__ = [
    "SIDES",
    "UnpairedArithmetic",
    "detection_power",
    "discordance_bounds",
    "largest_lead_near",
    "lead_room",
    "scores_near",
    "two_sided_alpha",
    "unpaired_arithmetic",
    "z_sum_sided",
]

SIDES = (2, 1)  # two-sided (the default everywhere) or one-sided

ROUNDING = 1e-9  # relative slack so an exact integer n is not pushed up by float noise


# --------------------------------------------------------------------------- sides


def two_sided_alpha(alpha: float = 0.05, *, sides: int = 2) -> float:
    """The two-sided significance level with the same critical value as this test.

    A one-sided test at level α rejects beyond z₁₋α, which is the critical
    value z₁₋α′/₂ of a two-sided test at α′ = 2α. Pass the result as
    ``alpha=`` to any function of :mod:`benchstats.power` to plan a
    one-sided test with it.

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
        msg = (
            f"a lead of {lead!r} around p = {p!r} {where}: near {p:.4g} the lead must be "
            f"below 2·min(p, 1 − p) = {lead_room(p):.4g}"
        )
        raise ValueError(msg)
    return a, b


def lead_room(p: float) -> float:
    """The room a level leaves for a lead: every lead near p is below 2·min(p, 1 − p).

    Both scores p ± lead/2 must stay strictly inside 0 and 1.

    Examples
    --------
    >>> round(lead_room(0.98), 4), lead_room(0.5)
    (0.04, 1.0)
    """
    p = check.open_unit("p", p)
    return 2 * min(p, 1 - p)


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
    room = lead_room(p)
    step = check.positive("step", step)
    k = math.ceil(room / step * (1 - ROUNDING)) - 1  # strictly below the room
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
    a, b = check.scores(a, b)
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
    a, b = check.scores(a, b)
    return abs(a - b), min(a + b, 2 - a - b)


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

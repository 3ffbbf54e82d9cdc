"""The gap between two models' scores, and an interval for the true lead.

Three ways to grade a lead: two scores on their own question sets
(unpaired), two scores printed with ± standard errors, and the same
questions for both models (paired).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy import special

from benchstats import _validate
from benchstats.intervals import critical_value, proportion_ci
from benchstats.mcnemar import mcnemar

PAIRED_METHODS = ("tango", "wald")
PAIRED_INTERVAL_NAMES = {"tango": "Tango", "wald": "Wald"}


@dataclass(frozen=True)
class GapResult:
    """A lead (a − b, proportion units) with its standard error and interval.

    ``clears`` is True when the interval for the true lead excludes 0.
    ``se_null`` is the standard error under "no difference" where the grading
    uses one: √(b + c)/n for paired counts (the one McNemar's z divides by),
    the pooled SE for two unpaired scores at 0% or 100%.
    """

    lead: float
    se: float
    low: float
    high: float
    z: float
    p_value: float
    confidence_level: float
    method: str
    se_null: float | None = None

    @property
    def clears(self) -> bool:
        """True when the interval lies wholly above or wholly below 0."""
        return self.low > 0 or self.high < 0

    def __repr__(self) -> str:
        return (
            f"GapResult(method={self.method!r}, lead={self.lead:.4g}, se={self.se:.4g}, "
            f"low={self.low:.4g}, high={self.high:.4g}, z={self.z:.4g}, "
            f"p_value={self.p_value:.4g}, clears={self.clears})"
        )


def _z_and_p(lead: float, se: float) -> tuple[float, float]:
    if se == 0.0:  # zero variance (scores at 0% or 100%): only equality is "no evidence"
        return (0.0, 1.0) if lead == 0.0 else (math.copysign(math.inf, lead), 0.0)
    z = lead / se
    return z, float(2 * special.ndtr(-abs(z)))


def clearing_lead(gap: GapResult) -> float:
    """The smallest lead that would clear zero with this SE: z₁₋α/₂ · se.

    Examples
    --------
    >>> round(clearing_lead(unpaired_gap(0.60, 0.60, 198)) * 100, 1)
    9.7
    """
    return critical_value(gap.confidence_level) * gap.se


def normal_gap(
    lead: float, se: float, *, confidence_level: float = 0.95, method: str = "normal"
) -> GapResult:
    """lead ± z₁₋α/₂·se, cut at ±1 (the largest lead there can be), with a two-sided p.

    Examples
    --------
    >>> g = normal_gap(0.04, 0.0565)
    >>> round(100 * g.low, 1), round(100 * g.high, 1), round(g.p_value, 3), normal_gap(0.95, 0.05).high
    (-7.1, 15.1, 0.479, 1.0)
    """
    half = critical_value(confidence_level) * se
    z, p = _z_and_p(lead, se)
    low, high = max(lead - half, -1.0), min(lead + half, 1.0)
    return GapResult(lead, se, low, high, z, p, confidence_level, method)


def _zero_variance_gap(a: float, b: float, n: int, n_b: int, level: float) -> GapResult:
    """Both scores at 0% or 100%: Newcombe's hybrid score interval (the two Wilson
    intervals combined); z and p from the pooled SE √(p̄(1 − p̄)(1/n + 1/n_b)).
    """
    lead = a - b
    la, ua = proportion_ci(round(a * n), n, confidence_level=level, method="wilson")
    lb, ub = proportion_ci(round(b * n_b), n_b, confidence_level=level, method="wilson")
    low = lead - math.hypot(a - la, ub - b)
    high = lead + math.hypot(ua - a, b - lb)
    pooled = (a * n + b * n_b) / (n + n_b)
    se_null = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / n_b))
    z, p = _z_and_p(lead, se_null)
    return GapResult(
        lead, 0.0, max(low, -1.0), min(high, 1.0), z, p, level, "unpaired-newcombe", se_null
    )


def unpaired_gap(
    a: float, b: float, n: int, *, n_b: int | None = None, confidence_level: float = 0.95
) -> GapResult:
    """Grade a − b for two scores measured on separate question sets.

    se = √(a(1−a)/n + b(1−b)/n_b); the interval is lead ± z₁₋α/₂·se (cut at
    ±1, the largest lead there can be) and the p-value is two-sided from
    z = lead/se. ``n_b`` defaults to ``n``.

    Examples
    --------
    >>> g = unpaired_gap(0.82, 0.78, 100)
    >>> round(100 * g.se, 2), round(100 * g.low, 1), round(100 * g.high, 1), g.clears
    (5.65, -7.1, 15.1, False)
    >>> unpaired_gap(1.0, 0.0, 1).clears, unpaired_gap(1.0, 0.0, 1000).clears  # SE 0: Newcombe
    (False, True)
    """
    a, b = _validate.scores(a, b)
    n = _validate.count("n", n, minimum=1, what="questions")
    n_b = n if n_b is None else _validate.count("n_b", n_b, minimum=1, what="questions")
    level = _validate.open_unit("confidence_level", confidence_level)
    se = math.sqrt(a * (1 - a) / n + b * (1 - b) / n_b)
    if se == 0.0:  # both scores at 0% or 100%: the textbook SE says nothing
        return _zero_variance_gap(a, b, n, n_b, level)
    return normal_gap(a - b, se, confidence_level=level, method="unpaired")


def fewest_clearing(a: float, b: float, *, confidence_level: float = 0.95) -> int:
    """The fewest questions (each model) on which the scores a and b still clear the noise: the
    smallest n with ``unpaired_gap(a, b, n).clears``.

    From n₀ = ⌈z²·(a(1−a) + b(1−b))/(a − b)²⌉, where |a − b| = z·se, then checked with the one
    rule (:attr:`GapResult.clears`) and moved to the first n that clears after one that does not.

    Examples
    --------
    >>> fewest_clearing(0.85, 0.75), unpaired_gap(0.85, 0.75, 121).clears
    (122, False)
    >>> fewest_clearing(1.0, 0.0)  # both at the edges: Newcombe's range
    2
    """
    a, b = _validate.scores(a, b)
    if a == b:
        msg = f"a and b must differ: equal scores never clear the noise (got a = b = {a!r})"
        raise ValueError(msg)

    def clears(n: int) -> bool:
        return unpaired_gap(a, b, n, confidence_level=confidence_level).clears

    z = critical_value(_validate.open_unit("confidence_level", confidence_level))
    n = max(1, math.ceil(z * z * (a * (1 - a) + b * (1 - b)) / (a - b) ** 2))
    while not clears(n):  # the formula's n rounds, and Newcombe's edges differ from it
        n += 1
    while n > 1 and clears(n - 1):
        n -= 1
    return n


def gap_from_standard_errors(
    a: float, se_a: float, b: float, se_b: float, *, confidence_level: float = 0.95
) -> GapResult:
    """Grade a − b from two scores printed as score ± standard error: se = √(se_a² + se_b²).

    Examples
    --------
    >>> g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    >>> round(100 * g.se, 2), round(g.z, 1)
    (1.64, -1.1)
    """
    a, b = _validate.scores(a, b)
    se_a = _validate.positive("se_a", se_a)
    se_b = _validate.positive("se_b", se_b)
    level = _validate.open_unit("confidence_level", confidence_level)
    return normal_gap(a - b, math.hypot(se_a, se_b), confidence_level=level, method="reported-se")


def paired_gap(
    b: int, c: int, n: int, *, confidence_level: float = 0.95, method: str = "tango"
) -> GapResult:
    """Grade the lead of model A over model B on the same n questions.

    lead = (b − c)/n, where b questions only A got right and c only B. The
    Wald standard error is se = √(b + c − (b − c)²/n)/n; the p-value is
    McNemar's mid-p (see :func:`mcnemar`) and z = (b − c)/√(b + c), McNemar's
    asymptotic statistic (``se_null`` = √(b + c)/n).

    ``method="tango"`` (default) is Tango's (1998) score interval, the leads Δ
    with |(b − c − nΔ)/√(n(2q̃ + Δ(1 − Δ)))| ≤ z₁₋α/₂, q̃ the maximum-likelihood
    share of "only B right" under Δ: it keeps a sensible width when b + c is
    small or 0. ``"wald"`` is lead ± z₁₋α/₂·se.

    References
    ----------
    Tango (1998), "Equivalence test and confidence interval for the
    difference in proportions for the paired-sample design", Statistics in
    Medicine 17, 891-908.

    Examples
    --------
    >>> g = paired_gap(20, 8, 198)
    >>> round(100 * g.lead, 1), round(g.z, 2), round(g.p_value, 3), round(100 * g.se_null, 2)
    (6.1, 2.27, 0.024, 2.67)
    """
    method = _validate.method(method, PAIRED_METHODS)
    b, c, n = _validate.paired_counts(b, c, n)
    level = _validate.open_unit("confidence_level", confidence_level)
    lead = (b - c) / n
    se = math.sqrt(max(b + c - (b - c) ** 2 / n, 0.0)) / n
    se_null = math.sqrt(b + c) / n
    z = 0.0 if b + c == 0 else (b - c) / math.sqrt(b + c)
    p_value = mcnemar(b, c, method="mid-p").p_value
    zc = critical_value(level)
    if method == "wald":
        low, high = lead - zc * se, lead + zc * se
    else:
        low, high = tango_interval(b, c, n, zc)
    return GapResult(lead, se, low, high, z, p_value, level, f"paired-{method}", se_null)


def _tango_score(delta: float, b: int, c: int, n: int) -> float:
    """Tango's score statistic at a hypothesised lead ``delta``."""
    big_b = (b + c) + (b - c) * delta - 2 * n * delta
    disc = max(big_b * big_b + 8 * n * c * delta * (1 - delta), 0.0)
    q = (big_b + math.sqrt(disc)) / (4 * n)  # restricted MLE of P(only B right)
    var = n * (2 * q + delta * (1 - delta))
    num = b - c - n * delta
    if var <= 0.0:
        return math.copysign(math.inf, num) if num else 0.0
    return num / math.sqrt(var)


def tango_interval(b: int, c: int, n: int, zc: float) -> tuple[float, float]:
    """Tango's score interval for (b − c)/n: the two leads whose statistic is ±``zc``
    (Brent's method); an end the statistic never reaches is the edge of [−1, 1].
    """
    from scipy import optimize  # on first use: `import benchstats` stays free of it

    lead = (b - c) / n
    eps = 1e-12

    def bound(target: float, lo: float, hi: float, edge: float) -> float:
        f_lo = _tango_score(lo, b, c, n) - target
        f_hi = _tango_score(hi, b, c, n) - target
        if f_lo * f_hi > 0:  # the statistic never reaches the critical value
            return edge
        return float(
            optimize.brentq(lambda d: _tango_score(d, b, c, n) - target, lo, hi, xtol=1e-14)
        )

    low = bound(zc, -1 + eps, lead, -1.0)
    high = bound(-zc, lead, 1 - eps, 1.0)
    return low, high

"""Best of K: the lead that picking the best of K equally good variants manufactures.

K variants of one model, each as good as a baseline, each Binomial(n, p) right
on n questions; the best count M has P(M ≤ x) = F(x)^K. The reported lead M − B
against one baseline run B is the best count convolved with the baseline's
reversed. For large n, E[lead] ≈ E[max of K standard normals] · SE of one score.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from scipy import integrate, special, stats

from benchstats import _validate
from benchstats.luck import GapDistribution, skill_and_questions

MAX_VARIANTS = 10_000


def _check_k(k: object) -> int:
    k = _validate.count("k", k, minimum=1, what="variants")
    if k > MAX_VARIANTS:
        msg = f"k must be at most {MAX_VARIANTS:,} variants, got {k:,}"
        raise ValueError(msg)
    return k


def expected_max_normal(k: int) -> float:
    """E[max of k independent standard normals].

    ∫ x · k φ(x) Φ(x)^(k−1) dx, by quadrature (1.87 for k = 20, Tippett 1925).

    Examples
    --------
    >>> round(expected_max_normal(20), 4)
    1.8675
    """
    k = _check_k(k)
    if k == 1:  # the mean of one standard normal
        return 0.0

    def density(x: float) -> float:  # x · k φ(x) Φ(x)^(k−1), in logs against underflow
        return x * k * math.exp(stats.norm.logpdf(x) + (k - 1) * special.log_ndtr(x))

    # The integrand lives between about −9 and +9 for any k ≤ 10,000.
    value, _ = integrate.quad(density, -12.0, 12.0, points=[0.0, 2.0, 4.0], limit=200)
    return float(value)


def best_count_pmf(p: float, n: int, k: int) -> np.ndarray:
    """P(best of k variants gets x right), x = 0 … n, each variant Binomial(n, p).

    P(M ≥ x) = 1 − F(x − 1)^k as −expm1(k·log1p(−S(x − 1))), S the binomial
    survival function, so the upper tail keeps its digits.

    Examples
    --------
    >>> best_count_pmf(0.5, 1, 2).round(4)
    array([0.25, 0.75])
    """
    p, n = skill_and_questions(p, n)
    k = _check_k(k)
    sf = stats.binom.sf(np.arange(n + 1), n, p)  # P(X > x), x = 0 … n
    with np.errstate(divide="ignore"):
        at_most = np.exp(k * np.log1p(-sf))  # P(M ≤ x) = F(x)^k
        above = -np.expm1(k * np.log1p(-sf))  # P(M > x), accurate when small
    pmf = np.clip(np.concatenate(([at_most[0]], above[:-1] - above[1:])), 0.0, None)
    return pmf / pmf.sum()


def best_of_k_count_pmfs(p: float, n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The pmfs over 0 … n of the best variant's count and of the baseline's.

    Examples
    --------
    >>> best_of_k_count_pmfs(0.5, 1, 2)
    (array([0.25, 0.75]), array([0.5, 0.5]))
    """
    p, n = skill_and_questions(p, n)
    return best_count_pmf(p, n, k), stats.binom.pmf(np.arange(n + 1), n, p)


@dataclass(frozen=True)
class BestOfK:
    """What reporting the best of ``k`` equally good variants does to the lead.

    ``low``–``high`` is the central ``confidence_level`` range of the exact
    ``distribution``; ``shortcut`` = E[max of k standard normals] · √(p(1 − p)/n).
    """

    p: float
    n: int
    k: int
    median: float
    mean: float
    low: float
    high: float
    shortcut: float
    max_normal: float
    confidence_level: float
    distribution: GapDistribution = field(repr=False, compare=False)


def best_of_k(p: float, n: int, k: int, *, confidence_level: float = 0.95) -> BestOfK:
    """Summary of the best-of-k lead: median, mean, central range, normal shortcut.

    Quantiles are the smallest lead whose cumulative probability reaches the level.

    Examples
    --------
    >>> res = best_of_k(0.8, 100, 20)
    >>> round(res.median, 2), round(res.shortcut, 4), round(res.max_normal, 2)
    (0.07, 0.0747, 1.87)
    """
    level = _validate.open_unit("confidence_level", confidence_level)
    dist = GapDistribution.from_count_pmfs(*best_of_k_count_pmfs(p, n, k))
    z_max = expected_max_normal(k)
    return BestOfK(
        p=float(p),
        n=int(n),
        k=int(k),
        median=dist.quantile(0.5),
        mean=dist.mean,
        low=dist.quantile((1 - level) / 2),
        high=dist.quantile((1 + level) / 2),
        shortcut=z_max * math.sqrt(p * (1 - p) / n),
        max_normal=z_max,
        confidence_level=level,
        distribution=dist,
    )

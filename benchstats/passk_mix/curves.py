"""A benchmark's pass@k against k: the true curve, the shortcut, a bootstrap band, avg@k.

A benchmark's pass@k is the average over problems of each problem's unbiased
pass@k (Chen et al. 2021, eq. 1); the shortcut 1 − (1 − p̄)^k on the average
pass rate is a different number (Jensen's inequality: 1 − (1 − p)^k is
concave in p).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from benchstats import _validate
from benchstats.passk import naive_pass_at_k
from benchstats.passk_mix.problems import Problems, problems

__all__ = [
    "MAX_MIX_K",
    "AvgAtK",
    "MixBand",
    "MixCurve",
    "MixResampler",
    "avg_at_k_standard_error",
    "bootstrap_mix_pass_at_k",
    "first_k_outside",
    "k_grid",
    "mix_pass_at_k",
    "mix_resampler",
    "pass_at_k_curve",
]

MAX_MIX_K = 500  # a benchmark curve is drawn up to this k at most


# --------------------------------------------------------------------------- curves


def k_grid(max_k: int, *, points: int = 100) -> np.ndarray:
    """The k values to draw a curve at: every k from 1 to ``max_k`` when there
    are at most ``points`` of them, else about ``points`` values spaced evenly on
    a log scale (dense where the curve bends), always including 1 and ``max_k``.

    Examples
    --------
    >>> k_grid(5)
    array([1, 2, 3, 4, 5])
    >>> g = k_grid(10_000, points=50); int(g[0]), int(g[-1]), bool(g.size <= 50)
    (1, 10000, True)
    """
    max_k = _validate.count("max_k", max_k, minimum=1, what="samples")
    points = _validate.count("points", points, minimum=2, what="points")
    if max_k <= points:
        return np.arange(1, max_k + 1)
    return np.unique(np.round(np.geomspace(1, max_k, points)).astype(np.int64))


def _ks(k: object, max_k: int) -> np.ndarray:
    ks = np.atleast_1d(_validate.counts("k", k, minimum=1, what="samples"))
    if ks.ndim != 1 or ks.size == 0:
        msg = f"k must be a list of at least one whole number, got {k!r}"
        raise ValueError(msg)
    if np.any(ks > max_k):
        msg = f"k must be at most {max_k}, the fewest samples any problem has, got {int(ks.max())}"
        raise ValueError(msg)
    return ks


def pass_at_k_curve(n: object, c: object, k: object) -> np.ndarray:
    """Each problem's unbiased pass@k at several k at once: a problems × k matrix.

    The same estimator as :func:`benchstats.passk.pass_at_k`, computed for all
    k up to max(k) in one running product per problem::

        C(n − c, k) / C(n, k) = ∏_{i=0}^{k−1} (n − c − i) / (n − i)

    so the cost is problems × max(k) rather than a product per (problem, k).
    A factor reaches 0 exactly once i = n − c, so pass@k is exactly 1 for
    every k > n − c.

    Examples
    --------
    >>> pass_at_k_curve([20, 20], [3, 16], [1, 5]).round(4).tolist()
    [[0.15, 0.6009], [0.8, 1.0]]
    """
    p = problems(n, c)
    ks = _ks(k, p.max_k)
    i = np.arange(int(ks.max()))
    n_col, c_col = p.n[:, None].astype(float), p.c[:, None].astype(float)
    factors = np.clip((n_col - c_col - i) / (n_col - i), 0.0, 1.0)  # i < k ≤ n: no division by 0
    return 1.0 - np.cumprod(factors, axis=1)[:, ks - 1]


def _per_problem(p: Problems, ks: np.ndarray) -> np.ndarray:
    """Matrix (problems × k) of each problem's unbiased pass@k."""
    return pass_at_k_curve(p.n, p.c, ks)


@dataclass(frozen=True, eq=False)
class MixCurve:
    """pass@k of a benchmark at each k: the true curve and the shortcut."""

    k: np.ndarray
    estimate: np.ndarray  # mean over problems of the unbiased per-problem pass@k
    shortcut: np.ndarray  # 1 − (1 − mean pass rate)^k
    mean_pass_rate: float
    problems: int
    exactly_one: np.ndarray  # every problem has n − c < k: the estimate is exactly 1

    def __repr__(self) -> str:
        return (
            f"MixCurve(k={self.k[0]}..{self.k[-1]}, problems={self.problems}, "
            f"mean_pass_rate={self.mean_pass_rate:.4g})"
        )


def mix_pass_at_k(p: Problems, k: object) -> MixCurve:
    """A benchmark's pass@k at each k, and the shortcut on its average pass rate.

    ``estimate[j] = mean_i pass_at_k(n_i, c_i, k_j)`` (unbiased for the
    benchmark's pass@k); ``shortcut[j] = 1 − (1 − mean_i c_i/n_i)^k_j``. The two
    agree at k = 1 and drift apart as k grows when problems differ.

    Parameters
    ----------
    p : Problems
    k : int or array_like of int
        Each 1 ≤ k ≤ ``p.max_k``.

    Examples
    --------
    >>> from benchstats.passk_mix import get_mix
    >>> curve = mix_pass_at_k(get_mix("easy-and-impossible").problems, [1, 5, 20])
    >>> curve.estimate.round(3).tolist(), curve.shortcut.round(3).tolist()
    ([0.3, 0.3, 0.3], [0.3, 0.832, 0.999])
    >>> mix_pass_at_k(get_mix("all-medium").problems, [39, 40]).exactly_one.tolist()
    [False, True]
    """
    ks = _ks(k, p.max_k)
    estimate = _per_problem(p, ks).mean(axis=0)
    shortcut = np.asarray(naive_pass_at_k(p.mean_pass_rate, ks), dtype=float)
    exactly_one = ks > int((p.n - p.c).max())  # every pick of k holds a pass, everywhere
    return MixCurve(ks, estimate, shortcut, p.mean_pass_rate, p.size, exactly_one)


@dataclass(frozen=True, eq=False)
class MixBand:
    """A percentile-bootstrap interval, over problems, around a pass@k curve."""

    k: np.ndarray
    low: np.ndarray
    high: np.ndarray
    resamples: int
    confidence_level: float
    seed: int | None

    def __repr__(self) -> str:
        return (
            f"MixBand(k={self.k[0]}..{self.k[-1]}, resamples={self.resamples}, "
            f"confidence_level={self.confidence_level}, seed={self.seed})"
        )


@dataclass(frozen=True, eq=False)
class MixResampler:
    """What a bootstrap over one benchmark's problems needs that no seed changes.

    ``per_problem`` is each problem's unbiased pass@k at each ``k`` (problems × k)
    and ``pvals`` the equal chance 1/m of drawing each problem. Build it once
    per benchmark with :func:`mix_resampler`; :meth:`band` then costs one
    seed's draws, one matrix product and the percentiles. The arrays are
    read-only, so one resampler may serve every reader.
    """

    k: np.ndarray
    per_problem: np.ndarray
    pvals: np.ndarray

    def band(
        self, *, resamples: int = 1000, confidence_level: float = 0.95, seed: int | None = None
    ) -> MixBand:
        """The percentile-bootstrap band for ``seed`` (see :func:`bootstrap_mix_pass_at_k`)."""
        resamples = _validate.count("resamples", resamples, minimum=1, what="resamples")
        level = _validate.open_unit("confidence_level", confidence_level)
        if seed is not None:
            seed = _validate.count("seed", seed, minimum=0, what="seed")
        rng = np.random.default_rng(seed)
        m = self.pvals.size
        # How often each problem is drawn in each resample: resamples × problems.
        weights = rng.multinomial(m, self.pvals, size=resamples)
        means = weights @ self.per_problem / m  # resamples × k
        # Sorting each column first leaves every order statistic, so the percentiles,
        # exactly as they were; np.quantile's partition is then cheaper than on raw draws.
        means.sort(axis=0)
        tail = (1.0 - level) / 2.0
        low, high = np.quantile(means, [tail, 1.0 - tail], axis=0)
        return MixBand(self.k, low, high, resamples, level, seed)

    def __repr__(self) -> str:
        return f"MixResampler(k={self.k[0]}..{self.k[-1]}, problems={self.pvals.size})"


def mix_resampler(p: Problems, k: object) -> MixResampler:
    """The seed-free part of :func:`bootstrap_mix_pass_at_k` for ``p`` at ``k``.

    Examples
    --------
    >>> from benchstats.passk_mix import get_mix
    >>> r = mix_resampler(get_mix("long-tail").problems, [1, 10])
    >>> r.per_problem.shape, r.band(seed=1).high.round(3).tolist()
    ((100, 2), [0.359, 0.752])
    """
    ks = np.array(_ks(k, p.max_k))  # a copy: the caller's k stays writeable
    per_problem = _per_problem(p, ks)
    pvals = np.full(p.size, 1.0 / p.size)
    for a in (ks, per_problem, pvals):
        a.flags.writeable = False
    return MixResampler(ks, per_problem, pvals)


def bootstrap_mix_pass_at_k(
    p: Problems,
    k: object,
    *,
    resamples: int = 1000,
    confidence_level: float = 0.95,
    seed: int | None = None,
) -> MixBand:
    """How much the benchmark's pass@k curve could move with other problems.

    Draws ``resamples`` benchmarks of the same size from the problems with
    replacement (a percentile bootstrap over problems; each problem's samples
    stay as they are), averages each problem's pass@k in each, and returns
    the equal-tailed percentiles. Reproducible for a given ``seed``. For
    several seeds on one benchmark, build :func:`mix_resampler` once and call
    its :meth:`~MixResampler.band` per seed: the same numbers.

    Examples
    --------
    >>> from benchstats.passk_mix import get_mix
    >>> band = bootstrap_mix_pass_at_k(get_mix("long-tail").problems, [1, 10], seed=1)
    >>> band.low.round(3).tolist(), band.high.round(3).tolist()
    ([0.241, 0.597], [0.359, 0.752])
    """
    return mix_resampler(p, k).band(
        resamples=resamples, confidence_level=confidence_level, seed=seed
    )


def first_k_outside(k: object, values: object, low: object, high: object) -> int | None:
    """The first k whose value lies outside [low, high], or None.

    Examples
    --------
    >>> first_k_outside([1, 2, 3], [0.3, 0.5, 0.9], [0.2, 0.4, 0.5], [0.4, 0.6, 0.7])
    3
    >>> first_k_outside([1], [0.3], [0.2], [0.4]) is None
    True
    """
    ks, v, lo, hi = (np.asarray(a) for a in (k, values, low, high))
    outside = (v < lo) | (v > hi)
    return int(ks[np.argmax(outside)]) if outside.any() else None


# --------------------------------------------------------------------------- avg@k


@dataclass(frozen=True, eq=False)
class AvgAtK:
    """The standard error of an avg@k score at each k, and its two parts."""

    k: np.ndarray
    se: np.ndarray  # √((between + within/k)/m)
    se_within: np.ndarray  # √(within/(k·m)): the part more samples shrink
    se_floor: float  # √(between/m): the part only more problems shrink
    problems: int

    def __repr__(self) -> str:
        return f"AvgAtK(k={self.k[0]}..{self.k[-1]}, problems={self.problems})"


def avg_at_k_standard_error(pass_rates: object, k: object) -> AvgAtK:
    """Standard error of avg@k, the mean pass rate over k samples per problem.

    avg@k estimates pass@1 with less noise than one sample per problem. With
    m problems whose true pass rates are ``pass_rates``, each problem drawn
    from the same pool (Miller 2024, "Adding Error Bars to Evals", eq. 6)::

        Var(avg@k) = ( Var(p) + mean(p(1 − p)) / k ) / m

    ``Var(p)`` (the spread of difficulty, population form) is a floor that no
    number of samples removes; only more problems lower it.

    Examples
    --------
    >>> r = avg_at_k_standard_error([0.0, 0.5, 1.0], [1, 4])
    >>> r.se.round(4).tolist(), round(r.se_floor, 4)
    ([0.2887, 0.25], 0.2357)
    """
    p = np.atleast_1d(_validate.proportions("pass_rates", pass_rates))
    if p.ndim != 1 or p.size == 0:
        msg = f"pass_rates must be a list of at least one proportion, got {pass_rates!r}"
        raise ValueError(msg)
    ks = np.atleast_1d(_validate.counts("k", k, minimum=1, what="samples"))
    m = p.size
    between = float(np.var(p))
    within = float(np.mean(p * (1.0 - p)))
    se_within = np.sqrt(within / (ks * m))
    se = np.sqrt((between + within / ks) / m)
    return AvgAtK(ks, se, se_within, math.sqrt(between / m), m)

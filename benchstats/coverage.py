"""How often a 95% interval for one score really holds the true score.

For n questions and a true score p, the interval built from k right answers
holds p for some k and not for others. Its exact coverage is the binomial
probability of the k whose interval holds p,

    C(p) = Σₖ C(n, k) pᵏ (1 − p)ⁿ⁻ᵏ · [low_k ≤ p ≤ high_k],

a sum, not a simulation. C(p) jumps wherever p crosses an interval end, so
it saw-tooths around the nominal level; its average over p uniform on
(a, b) integrates each binomial term exactly,

    (1 / (b − a)) · Σₖ [F(min(high_k, b)) − F(max(low_k, a))]⁺ / (n + 1),

F being the Beta(k + 1, n − k + 1) cdf (∫ C(n,k)pᵏ(1−p)ⁿ⁻ᵏ dp = F / (n + 1)).

A simulation draws datasets instead and counts how often each interval
covers; :class:`CoverageTally` keeps how many datasets drew each k at each
true score, so every method is read from the same draws and more runs can
be added later, converging to the exact curve.

References
----------
Brown, Cai and DasGupta (2001), "Interval Estimation for a Binomial
Proportion", Statistical Science 16(2), 101-133 (the sawtooth, the average
and the worst case). Bowyer, Aitchison and Ivanova (2025), "Position: Don't
use the CLT in LLM evals with fewer than a few hundred datapoints", ICML
(92.5% simulated coverage of the textbook interval at N = 100).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats

from benchstats import _validate
from benchstats.intervals import METHODS, proportion_ci

MAX_CELLS = 20_000_000  # true scores × (n + 1) counts a tally or a curve may hold
_CHUNK = 200_000  # datasets drawn per step, to bound memory


# --------------------------------------------------------------------------- checks


def _n(n: object) -> int:
    return _validate.count("n", n, minimum=1, what="questions")


def _range(p_range: object) -> tuple[float, float]:
    try:
        a, b = p_range  # type: ignore[misc]
    except (TypeError, ValueError):
        msg = f"p_range must be two true scores (low, high), got {p_range!r}"
        raise ValueError(msg) from None
    a, b = _validate.proportion("p_range low", a), _validate.proportion("p_range high", b)
    if not a < b:
        msg = f"p_range must have low < high, got {p_range!r}"
        raise ValueError(msg)
    return a, b


def _intervals(n: int, method: str, confidence_level: float) -> tuple[np.ndarray, np.ndarray]:
    """The n + 1 intervals, one per possible count k = 0 … n."""
    method = _validate.method(method, METHODS)
    low, high = proportion_ci(np.arange(n + 1), n, confidence_level=confidence_level, method=method)
    return np.atleast_1d(low), np.atleast_1d(high)


def _mass(p: np.ndarray, n: int, holds: np.ndarray) -> np.ndarray:
    """Σₖ Binomial(k; n, p)·holds[…, k] at each true score p.

    Where the k that hold p form one run k₁ … k₂ (nearly always) the sum is
    F(k₂) − F(k₁ − 1) with F the binomial cdf; other rows sum the pmf.
    """
    p, holds = p.ravel(), holds.reshape(p.size, n + 1)
    count = holds.sum(axis=1)
    k1 = np.argmax(holds, axis=1)
    k2 = n - np.argmax(holds[:, ::-1], axis=1)
    run = (count > 0) & (count == k2 - k1 + 1)
    out = np.zeros(p.size)
    out[run] = stats.binom.cdf(k2[run], n, p[run]) - stats.binom.cdf(k1[run] - 1, n, p[run])
    rest = (count > 0) & ~run
    if rest.any():
        pmf = stats.binom.pmf(np.arange(n + 1), n, p[rest][:, None])
        out[rest] = np.sum(pmf * holds[rest], axis=1)
    return out


# --------------------------------------------------------------------------- exact


def coverage(
    p, n: int, *, method: str = "wald", confidence_level: float = 0.95
) -> float | np.ndarray:
    """Exact chance that the interval from n questions holds the true score p.

    C(p) = Σₖ Binomial(k; n, p) · [low_k ≤ p ≤ high_k]. *Vectorised* in
    ``p`` (all n + 1 intervals are computed once); scalar in, float out.

    Parameters
    ----------
    p : float or array
        True score(s), proportions in [0, 1].
    n : int
        Questions, ≥ 1.
    method : {"wilson", "clopper-pearson", "jeffreys", "bayes", "agresti-coull", "wald"}
        The interval, as :func:`benchstats.proportion_ci` builds it.
    confidence_level : float
        The coverage the interval aims for (the nominal level).

    Examples
    --------
    >>> round(coverage(0.5, 100), 4), round(coverage(0.95, 20), 4)
    (0.9431, 0.6389)
    >>> round(coverage(0.95, 20, method="clopper-pearson"), 4)
    0.9841
    """
    n = _n(n)
    p_arr = _validate.proportions("p", p)
    low, high = _intervals(n, method, confidence_level)
    return _validate.scalar_or_array(_cover(p_arr, n, low, high))


def _cover(p: np.ndarray, n: int, low: np.ndarray, high: np.ndarray) -> np.ndarray:
    flat = p.ravel()
    out = np.empty(flat.size)
    for rows in _chunks(flat.size, n):
        q = flat[rows, None]
        out[rows] = _mass(flat[rows], n, (low <= q) & (q <= high))
    return out.reshape(p.shape)


def _chunks(points: int, n: int) -> list[slice]:
    """Row blocks of at most ``MAX_CELLS`` true score × count cells, to bound memory."""
    step = max(1, MAX_CELLS // (n + 1))
    return [slice(i, min(i + step, points)) for i in range(0, points, step)]


def average_coverage(
    n: int,
    *,
    method: str = "wald",
    confidence_level: float = 0.95,
    p_range: tuple[float, float] = (0.0, 1.0),
) -> float:
    """Exact average of the coverage over true scores uniform on ``p_range``.

    Each binomial term is integrated in closed form (the Beta cdf), so this
    is exact, not a quadrature: (1/(b − a))·Σₖ [F(min(high_k, b)) −
    F(max(low_k, a))]⁺/(n + 1) with F the Beta(k + 1, n − k + 1) cdf.

    Examples
    --------
    >>> round(average_coverage(100), 4), round(average_coverage(100, method="wilson"), 4)
    (0.9223, 0.9511)
    >>> round(average_coverage(100, p_range=(0.05, 0.95)), 3)
    0.94
    >>> round(average_coverage(37, method="bayes"), 10)  # the uniform prior's promise
    0.95
    """
    n = _n(n)
    a, b = _range(p_range)
    low, high = _intervals(n, method, confidence_level)
    lo, hi = np.maximum(low, a), np.minimum(high, b)
    k = np.arange(n + 1)
    mass = stats.beta.cdf(hi, k + 1, n - k + 1) - stats.beta.cdf(lo, k + 1, n - k + 1)
    return float(np.sum(np.where(hi > lo, mass, 0.0)) / (n + 1) / (b - a))


def worst_coverage(
    n: int,
    *,
    method: str = "wald",
    confidence_level: float = 0.95,
    p_range: tuple[float, float] = (0.0, 1.0),
) -> tuple[float, float]:
    """The least coverage over true scores in ``p_range``, and where it is.

    Between interval ends the set of covering k is fixed and its probability
    has no interior minimum, so the infimum is a limit at an interval end
    (or at an end of the range). Both one-sided limits at every end are
    computed exactly (the covering set just below and just above the end).
    The infimum may not be attained: Wald's is 0, approached as p → 0,
    where every dataset scores 0 of n and its interval is the point 0.

    Returns
    -------
    (coverage, p)

    Examples
    --------
    >>> c, p = worst_coverage(100)
    >>> round(c, 4), round(p, 4)
    (0.0, 0.0)
    >>> c, p = worst_coverage(100, method="clopper-pearson")
    >>> c >= 0.95
    True
    """
    n = _n(n)
    a, b = _range(p_range)
    low, high = _intervals(n, method, confidence_level)
    ends = np.concatenate([[a, b], low, high])
    ends = np.unique(ends[(ends >= a) & (ends <= b)])
    left, right = np.empty(ends.size), np.empty(ends.size)
    for rows in _chunks(ends.size, n):
        e = ends[rows, None]
        left[rows] = _mass(ends[rows], n, (low < e) & (e <= high))  # p ↑ e: low_k < p ≤ high_k
        right[rows] = _mass(ends[rows], n, (low <= e) & (e < high))  # p ↓ e
    left = np.where(ends > a, left, np.inf)
    right = np.where(ends < b, right, np.inf)
    both = np.minimum(left, right)
    i = int(np.argmin(both))
    return float(both[i]), float(ends[i])


# --------------------------------------------------------------------------- results


@dataclass(frozen=True, eq=False)
class CoverageCurve:
    """Exact coverage of one interval at ``n`` over a grid of true scores ``p``."""

    method: str
    n: int
    confidence_level: float
    p: np.ndarray
    coverage: np.ndarray

    def __repr__(self) -> str:
        return (
            f"CoverageCurve(method={self.method!r}, n={self.n}, points={self.p.size}, "
            f"min={self.coverage.min():.4g}, max={self.coverage.max():.4g})"
        )


def coverage_curve(
    n: int,
    *,
    method: str = "wald",
    confidence_level: float = 0.95,
    points: int = 401,
    p_range: tuple[float, float] = (0.0, 1.0),
) -> CoverageCurve:
    """The sawtooth: exact coverage at ``points`` evenly spaced true scores.

    The grid runs from ``p_range`` low to high inclusive. At p = 0 (or 1)
    every dataset scores 0 of n (n of n): intervals that reach the edge
    cover with certainty there (Wald's is the point 0, so it does too), the
    Bayes interval never does; draw from inside if the ends distract.

    Examples
    --------
    >>> c = coverage_curve(100, points=5)
    >>> c.p.tolist(), c.coverage.round(3).tolist()
    ([0.0, 0.25, 0.5, 0.75, 1.0], [1.0, 0.946, 0.943, 0.946, 1.0])
    """
    n = _n(n)
    a, b = _range(p_range)
    points = _validate.count("points", points, minimum=2, what="points on the curve")
    p = np.linspace(a, b, points)
    low, high = _intervals(n, method, confidence_level)
    return CoverageCurve(method, n, confidence_level, p, _cover(p, n, low, high))


@dataclass(frozen=True)
class CoverageSummary:
    """One interval at ``n``: its average and worst coverage against the nominal level.

    ``average`` is over true scores uniform on ``p_range``; ``worst`` is the
    infimum there, approached at ``worst_p``; ``zero_width`` counts the k of
    0 … n whose interval has no width at all (Wald at 0 of n and n of n).
    """

    method: str
    n: int
    confidence_level: float
    p_range: tuple[float, float]
    average: float
    worst: float
    worst_p: float
    zero_width: tuple[int, ...]

    def __repr__(self) -> str:
        return (
            f"CoverageSummary(method={self.method!r}, n={self.n}, average={self.average:.4f}, "
            f"worst={self.worst:.4f} at p={self.worst_p:.4g}, zero_width={self.zero_width})"
        )


def coverage_summary(
    n: int,
    *,
    method: str = "wald",
    confidence_level: float = 0.95,
    p_range: tuple[float, float] = (0.0, 1.0),
) -> CoverageSummary:
    """Average and worst coverage of one interval at n, and where it has no width.

    Examples
    --------
    >>> s = coverage_summary(100)
    >>> round(s.average, 3), s.worst, s.zero_width
    (0.922, 0.0, (0, 100))
    >>> round(coverage_summary(100, method="clopper-pearson").average, 3)
    0.965
    """
    kw = dict(method=method, confidence_level=confidence_level, p_range=p_range)
    low, high = _intervals(_n(n), method, confidence_level)
    worst, worst_p = worst_coverage(n, **kw)
    return CoverageSummary(
        method,
        int(n),
        float(confidence_level),
        _range(p_range),
        average_coverage(n, **kw),
        worst,
        worst_p,
        tuple(int(k) for k in np.flatnonzero(high - low <= 0)),
    )


# --------------------------------------------------------------------------- simulation


@dataclass(frozen=True, eq=False)
class CoverageTally:
    """Simulated datasets: ``counts[i, k]`` datasets at true score ``p[i]`` drew k right of n.

    Every interval's simulated coverage is read off these counts, so all
    methods share one set of draws. ``state`` is the random stream's state
    after the last draw; datasets are drawn in a fixed order, so 1,000 drawn
    at once equal 400 then 600: a seed and a number of runs name one set of
    draws.
    """

    n: int
    p: np.ndarray
    counts: np.ndarray
    state: dict[str, Any]

    @property
    def runs(self) -> int:
        """Datasets drawn at each true score."""
        return int(self.counts[0].sum())

    def coverage(self, method: str = "wald", *, confidence_level: float = 0.95) -> np.ndarray:
        """Share of datasets at each true score whose interval held it (NaN before any run)."""
        low, high = _intervals(self.n, method, confidence_level)
        holds = (low <= self.p[:, None]) & (self.p[:, None] <= high)
        covered = np.sum(self.counts * holds, axis=-1)
        with np.errstate(invalid="ignore", divide="ignore"):
            return covered / self.runs if self.runs else np.full(self.p.size, np.nan)

    def standard_error(self, method: str = "wald", *, confidence_level: float = 0.95):
        """Monte Carlo SE of each simulated coverage: √(c(1 − c)/runs)."""
        c = self.coverage(method, confidence_level=confidence_level)
        return np.sqrt(c * (1 - c) / max(self.runs, 1))


def new_coverage_tally(n: int, p, *, seed: int | None = None) -> CoverageTally:
    """An empty tally at true scores ``p`` (a grid) whose stream is ``default_rng(seed)``.

    Examples
    --------
    >>> t = add_datasets(new_coverage_tally(100, [0.5, 0.95], seed=1), 2000)
    >>> t.runs, t.coverage("wald").round(3).tolist()
    (2000, [0.935, 0.868])
    """
    n = _n(n)
    p_arr = np.atleast_1d(_validate.proportions("p", p)).ravel()
    if p_arr.size == 0 or p_arr.size * (n + 1) > MAX_CELLS:
        msg = f"p must hold 1 to {MAX_CELLS // (n + 1):,} true scores at n = {n:,}, got {p_arr.size:,}"
        raise ValueError(msg)
    seed = _validate.seed(seed)
    rng = np.random.default_rng(seed)
    counts = np.zeros((p_arr.size, n + 1), dtype=np.int64)
    return CoverageTally(n, p_arr, counts, rng.bit_generator.state)


def add_datasets(tally: CoverageTally, runs: int) -> CoverageTally:
    """A new tally with ``runs`` more datasets at every true score, continuing the stream."""
    runs = _validate.count("runs", runs, what="datasets")
    rng = np.random.default_rng()
    rng.bit_generator.state = tally.state
    counts = tally.counts.copy()
    g, width = counts.shape
    rows = np.arange(g)[:, None] * width
    step = max(1, _CHUNK // g)
    for start in range(0, runs, step):
        # run by run (every true score once per run), so batches resume the same draws
        k = rng.binomial(tally.n, tally.p, size=(min(step, runs - start), g)).T
        counts += np.bincount((rows + k).ravel(), minlength=g * width).reshape(g, width)
    return CoverageTally(tally.n, tally.p, counts, rng.bit_generator.state)


@dataclass(frozen=True)
class SimulatedAverage:
    """Datasets with a true score drawn uniformly, and how many intervals held it."""

    method: str
    n: int
    confidence_level: float
    datasets: int
    covered: int

    @property
    def share(self) -> float:
        """Share of datasets whose interval held the true score."""
        return self.covered / self.datasets

    @property
    def standard_error(self) -> float:
        """Monte Carlo SE of the share: √(s(1 − s)/datasets)."""
        return float(np.sqrt(self.share * (1 - self.share) / self.datasets))


def simulate_average_coverage(
    n: int,
    datasets: int,
    *,
    method: str = "wald",
    confidence_level: float = 0.95,
    p_range: tuple[float, float] = (0.0, 1.0),
    seed: int | None = None,
) -> SimulatedAverage:
    """The simulation study's design: each dataset draws p uniform on ``p_range``,
    then k ~ Binomial(n, p), and asks whether the interval from k holds p.

    Examples
    --------
    >>> s = simulate_average_coverage(100, 80_000, seed=1)
    >>> round(s.share, 3), round(s.standard_error, 4)
    (0.921, 0.001)
    """
    n = _n(n)
    datasets = _validate.count("datasets", datasets, minimum=1, what="datasets")
    a, b = _range(p_range)
    seed = _validate.seed(seed)
    low, high = _intervals(n, method, confidence_level)
    rng = np.random.default_rng(seed)
    covered = 0
    for start in range(0, datasets, _CHUNK):
        p = rng.uniform(a, b, min(_CHUNK, datasets - start))
        k = rng.binomial(n, p)
        covered += int(np.count_nonzero((low[k] <= p) & (p <= high[k])))
    return SimulatedAverage(method, n, float(confidence_level), datasets, covered)

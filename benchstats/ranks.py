"""What each place on a leaderboard is worth: confidence sets for ranks.

A model's rank is 1 + the number of models truly better. Its confidence set
is Mogstad, Romano, Shaikh & Wilhelm's: test the differences θⱼ − θₖ that bear
on the rank with simultaneous intervals θ̂ⱼ − θ̂ₖ ± c·seⱼₖ, c the (1 − α)
quantile of max |Zⱼ − Zₖ|/seⱼₖ over the differences tested, Z ~ N(0, Σ̂). Model
j's rank set is {1 + |models surely better|, …, K − |models surely worse|}.
``"marginal"`` tests model j against the K − 1 others (its own rank covered with
chance ≥ 1 − α), ``"simultaneous"`` all pairs at once (every rank together).

``stepdown=True`` (after Romano & Wolf 2005) splits each difference into the
one-sided claims "j ahead of k" and "k ahead of j" and recomputes c over the
claims not yet made until no new claim clears: never wider, still valid.
``critical`` picks c: ``"simulated"`` (``draws`` Gaussian draws, ``seed``),
``"bonferroni"`` (z at α/m) or ``"sidak"`` (z at 1 − (1 − α)^(1/m)), m the
one-sided claims still tested. R's ``csranks`` implements the same procedure
(``tests/references/leaderboard.R``). :func:`rank_probabilities` re-draws the
whole board: the luck of the draw.

References
----------
Mogstad, Romano, Shaikh & Wilhelm (2024), "Inference for Ranks with
Applications to Mobility across Neighbourhoods and Academic Achievement
across Countries", Review of Economic Studies 91(1), 476-518 (arXiv:2010.07379).
Romano & Wolf (2005), "Exact and approximate stepdown methods for multiple
hypothesis testing", JASA 100, 94-108. Chiang et al. (2024), "Chatbot Arena",
for the leaderboard's rank rule.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import special

from benchstats import _validate
from benchstats.leaderboard import Board, PairwiseTests, ranks_of

METHODS = ("marginal", "simultaneous")
CRITICAL = ("simulated", "bonferroni", "sidak")


@dataclass(frozen=True, eq=False)
class RankIntervals:
    """Each model's rank interval: best ``low`` to worst ``high`` (1 = first).

    ``better[j, k]``: model k was declared better than model j.
    ``critical_value`` is c per model (NaN for ``method="pairwise"``, where
    ``critical`` names the tests' correction).
    """

    names: tuple[str, ...]
    observed: np.ndarray
    low: np.ndarray
    high: np.ndarray
    better: np.ndarray
    method: str
    critical: str
    confidence_level: float
    critical_value: np.ndarray

    @property
    def tied_for_first(self) -> tuple[str, ...]:
        """Models whose interval reaches rank 1, best score first (the leader always)."""
        order = np.lexsort((np.arange(len(self.names)), self.observed))
        return tuple(self.names[i] for i in order if self.low[i] == 1)

    def interval(self, name: str) -> tuple[int, int]:
        """(best, worst) rank of one model."""
        i = self.names.index(name)
        return int(self.low[i]), int(self.high[i])

    def __repr__(self) -> str:
        rows = ", ".join(
            f"{m}: {lo}–{hi}" for m, lo, hi in zip(self.names, self.low, self.high, strict=True)
        )
        return f"RankIntervals(method={self.method!r}, critical={self.critical!r}, {rows})"


def _intervals(better: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rank bounds from "k is better than j" declarations (better[j, k])."""
    return 1 + better.sum(axis=1), better.shape[0] - better.sum(axis=0)


_STEP = 500_000  # simulated statistics computed at a time (2 MB of float32)


def gaussian_draws(cov: np.ndarray, draws: int, seed: int) -> np.ndarray:
    """``draws`` × K Gaussian vectors with covariance ``cov`` (PSD: eigh's root, not Cholesky)."""
    lam, vec = np.linalg.eigh(cov)
    root = vec * np.sqrt(np.clip(lam, 0.0, None))
    return np.random.default_rng(seed).standard_normal((draws, cov.shape[0])) @ root.T


def _threshold(critical: str, alpha: float, m: int) -> float:
    """c for m one-sided claims from a bound on the chance any strays: no simulation."""
    if critical == "bonferroni":
        return float(-special.ndtri(alpha / m))
    return float(-special.ndtri(-np.expm1(np.log1p(-alpha) / m)))  # Šidák


def _open_max(z: np.ndarray, u, v, se: np.ndarray, top: int, bottom: int) -> np.ndarray:
    """Per draw, the max statistic of the open claims: "u ahead of v" for pairs [0, top),
    (Zᵤ − Zᵥ)/se, and "v ahead of u" for pairs [bottom, n), exactly minus that."""
    out = np.full(z.shape[1], -np.inf, dtype=z.dtype)
    step = max(1, _STEP // z.shape[1])
    for lo in range(0, u.size, step):
        hi = min(lo + step, u.size)
        if lo >= top and hi <= bottom:
            continue
        rows = (z[u[lo:hi]] - z[v[lo:hi]]) / se[lo:hi, None].astype(z.dtype)
        if lo < top:
            np.maximum(out, rows[: top - lo].max(axis=0), out=out)
        if hi > bottom:
            np.maximum(out, -rows[max(bottom - lo, 0) :].min(axis=0), out=out)
    return out


def _clear(diff, se, u, v, *, critical, alpha, z, stepdown) -> tuple[np.ndarray, np.ndarray, float]:
    """For pairs (u, v): which of "u ahead of v" and "v ahead of u" clear, and the last c.

    A step makes every claim with t > c (t = (θ̂ᵤ − θ̂ᵥ)/se, or −t); sorted by t,
    the open "u ahead" claims are a prefix and the open "v ahead" claims a
    suffix. A pair with se 0 is declared for the higher score, if any.
    """
    d, s = diff[u, v], se[u, v]
    fixed = s == 0
    ahead, behind = fixed & (d > 0), fixed & (d < 0)
    free = np.flatnonzero(~fixed)
    t = d[free] / s[free]
    sort = np.argsort(t, kind="stable")
    free, t = free[sort], t[sort]
    n = free.size
    top, bottom = n, 0  # open: "u ahead" of pairs [0, top), "v ahead" of pairs [bottom, n)
    while True:
        if top == 0 and bottom == n:  # nothing left to test
            c = np.inf
        elif critical != "simulated":
            c = _threshold(critical, alpha, top + n - bottom)
        else:
            maxima = _open_max(z, u[free], v[free], s[free], top, bottom)
            c = float(np.quantile(maxima, 1 - alpha))
        # c never grows as claims close; min/max keep what is closed closed
        new = (
            min(int(np.searchsorted(t, c, side="right")), top),
            max(int(np.searchsorted(t, -c, side="left")), bottom),
        )
        if new == (top, bottom):
            break
        top, bottom = new
        if not stepdown:
            break
    ahead[free[top:]] = True
    behind[free[:bottom]] = True
    return ahead, behind, c


def rank_intervals(
    b: Board,
    *,
    method: str = "marginal",
    critical: str = "simulated",
    confidence_level: float = 0.95,
    stepdown: bool = True,
    draws: int = 10_000,
    seed: int = 0,
) -> RankIntervals:
    """Rank intervals by Mogstad, Romano, Shaikh & Wilhelm (see the module docstring).

    Examples
    --------
    >>> from benchstats.leaderboard import board
    >>> r = rank_intervals(board(["A", "B", "C", "D"], [0.90, 0.89, 0.80, 0.60], n=500))
    >>> r.low.tolist(), r.high.tolist(), r.tied_for_first
    ([1, 1, 3, 4], [2, 2, 3, 4], ('A', 'B'))
    """
    method = _validate.method(method, METHODS)
    critical = _validate.method(critical, CRITICAL)
    level = _validate.open_unit("confidence_level", confidence_level)
    draws = _validate.count("draws", draws, minimum=100, what="simulated draws")
    seed = _validate.count("seed", seed, what="a random seed")
    cov = b.covariance()
    k = b.size
    diff = b.scores[:, None] - b.scores[None, :]
    var = np.diag(cov)
    se = np.sqrt(np.maximum(var[:, None] + var[None, :] - 2 * cov, 0.0))  # of each difference
    z = None
    if critical == "simulated":  # K × draws, single precision: c is good to ~0.01 anyway
        z = np.ascontiguousarray(gaussian_draws(cov, draws, seed).T, dtype=np.float32)
    opts = {"critical": critical, "alpha": 1 - level, "z": z, "stepdown": stepdown}
    better = np.zeros((k, k), dtype=bool)  # better[j, i]: model i declared ahead of j
    if method == "simultaneous":
        u, v = np.triu_indices(k, 1)  # every pair, each claim in both directions
        ahead, behind, crit = _clear(diff, se, u, v, **opts)
        better[v[ahead], u[ahead]] = True
        better[u[behind], v[behind]] = True
        low, high = _intervals(better)
        cs = np.full(k, crit)
    else:
        low, high, cs = np.empty(k, np.int64), np.empty(k, np.int64), np.empty(k)
        for m in range(k):
            others = np.delete(np.arange(k), m)
            # each other model ahead of m, and m ahead of each
            ahead, behind, cs[m] = _clear(diff, se, others, np.full(k - 1, m), **opts)
            better[m, others] = ahead
            low[m] = 1 + ahead.sum()
            high[m] = k - behind.sum()
    return RankIntervals(b.names, b.observed_ranks, low, high, better, method, critical, level, cs)


def pairwise_ranks(tests: PairwiseTests) -> RankIntervals:
    """The LMArena-style bound: 1 + models significantly better, K − models significantly worse.

    "Significantly" is what ``tests`` says clears, its correction included;
    nothing accounts for the ranks being read all at once.

    Examples
    --------
    >>> from benchstats.leaderboard import board, pairwise_tests
    >>> b = board(["A", "B", "C", "D"], [0.90, 0.89, 0.80, 0.60], n=500)
    >>> r = pairwise_ranks(pairwise_tests(b, correction="none"))
    >>> r.low.tolist(), r.high.tolist()
    ([1, 1, 3, 4], [2, 2, 3, 4])
    """
    better = tests.clears.T & (tests.lead.T > 0)  # better[j, i]: i clears j and leads it
    np.fill_diagonal(better, False)
    low, high = _intervals(better)
    return RankIntervals(
        tests.names,
        ranks_of(tests.scores),
        low,
        high,
        better,
        "pairwise",
        tests.correction,
        tests.confidence_level,
        np.full(len(tests.names), np.nan),
    )


@dataclass(frozen=True, eq=False)
class RankProbabilities:
    """``probabilities[k, r]``: the share of re-drawn boards on which model k came (r + 1)-th."""

    names: tuple[str, ...]
    probabilities: np.ndarray
    draws: int
    seed: int

    @property
    def first(self) -> np.ndarray:
        return self.probabilities[:, 0]

    def __repr__(self) -> str:
        rows = ", ".join(f"{m}={p:.3g}" for m, p in zip(self.names, self.first, strict=True))
        return f"RankProbabilities(draws={self.draws}, first: {rows})"


def _simulate(b: Board, draws: int, rng: np.random.Generator) -> np.ndarray:
    if b.kind == "n":  # each score's own sampling distribution: Binomial(n, p)/n
        return rng.binomial(b.n, b.scores, size=(draws, b.size)) / b.n
    if b.kind == "se":
        return b.scores + rng.standard_normal((draws, b.size)) * b.se
    # Paired: the scores move together; Gaussian with their estimated covariance.
    return b.scores + gaussian_draws(b.covariance(), draws, int(rng.integers(2**63)))


def rank_probabilities(b: Board, *, draws: int = 10_000, seed: int = 0) -> RankProbabilities:
    """Re-draw the whole board ``draws`` times from each score's sampling distribution.

    Binomial(n, p)/n, Normal(p, se²), or for a paired board Normal with the
    scores' estimated covariance; tied simulated scores share places at random.

    Examples
    --------
    >>> from benchstats.leaderboard import board
    >>> r = rank_probabilities(board(["A", "B", "C"], [0.82, 0.80, 0.60], n=200), seed=1)
    >>> r.first.round(2).tolist()
    [0.69, 0.31, 0.0]
    """
    draws = _validate.count("draws", draws, minimum=1, what="simulated boards")
    seed = _validate.count("seed", seed, what="a random seed")
    rng = np.random.default_rng(seed)
    sims = _simulate(b, draws, rng)
    # Ties share places at random: a jitter below the smallest gap between two
    # different scores (k/n − k′/n′ ≥ 1/(n·n′)) reorders only equal ones.
    tiny = 0.1 / float(np.max(b.n)) ** 2 if b.kind == "n" else 1e-13
    order = np.argsort(-(sims + tiny * rng.random(sims.shape)), axis=-1)  # best first
    k = b.size
    counts = np.bincount((order * k + np.arange(k)).ravel(), minlength=k * k).reshape(k, k)
    return RankProbabilities(b.names, counts / draws, draws, seed)

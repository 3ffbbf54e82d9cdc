"""Simulated runs of two models, kept as counts per gap, drawn in resumable batches.

A run scores models A and B once on n questions; its gap is a whole number of
questions. A :class:`GapTally` keeps how many runs landed on each gap and the
random stream's state. Runs are drawn in a fixed order (A then B, run after
run), so 1,000 runs at once equal 400 then 600: a seed and a number of runs
name one set of draws. :func:`scenario` is one setting of the luck simulator,
:class:`Simulation` a scenario with its runs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from benchstats import _validate, difficulty, selection
from benchstats.gaps import unpaired_gap
from benchstats.luck import GapDistribution, binomial_gap, core, gaps_window, nearest_count

MAX_RUNS = 10_000_000  # in one tally
_CHUNK = 250_000  # runs drawn per step, to bound memory


@dataclass(frozen=True, eq=False)
class GapSampler:
    """How one run draws A's and B's number right on ``n`` questions: :meth:`binomial`
    or :meth:`from_pmfs` (``cdf_a[i]`` = P(A ≤ ``lo_a`` + i))."""

    n: int
    p: float | None = None
    cdf_a: np.ndarray | None = None
    cdf_b: np.ndarray | None = None
    lo_a: int = 0
    lo_b: int = 0

    @classmethod
    def binomial(cls, p: float, n: int) -> GapSampler:
        """Both models Binomial(n, p): two binomial draws per run."""
        p = _validate.proportion("p", p)
        n = _validate.count("n", n, minimum=1, what="questions")
        return cls(n=n, p=p)

    @classmethod
    def from_pmfs(cls, pmf_a: np.ndarray, pmf_b: np.ndarray, *, mass: float = 1e-12) -> GapSampler:
        """Counts drawn from two pmfs over 0 … n by inverse cdf (one uniform number each).

        Tails holding at most ``mass`` each are cut first: the draws differ
        from the uncut ones with chance ≤ 2·``mass`` per run.

        Examples
        --------
        >>> from scipy import stats
        >>> pmf = stats.binom.pmf(range(101), 100, 0.8)
        >>> s = GapSampler.from_pmfs(pmf, pmf)
        >>> s.n, s.lo_a, s.cdf_a.size < 101
        (100, 48, True)
        """
        a = _validate.proportions("pmf_a", pmf_a)
        b = _validate.proportions("pmf_b", pmf_b)
        if a.ndim != 1 or a.shape != b.shape or a.size < 2:
            msg = f"pmf_a and pmf_b must be pmfs over 0 … n of one length ≥ 2, got {a.shape} and {b.shape}"
            raise ValueError(msg)
        n = a.size - 1
        (a0, a1), (b0, b1) = core(a, mass), core(b, mass)
        a, b = a[a0 : a1 + 1], b[b0 : b1 + 1]
        cdf_a, cdf_b = np.cumsum(a) / a.sum(), np.cumsum(b) / b.sum()
        return cls(n=n, cdf_a=cdf_a, cdf_b=cdf_b, lo_a=a0, lo_b=b0)

    def draw_counts(self, rng: np.random.Generator, runs: int) -> tuple[np.ndarray, np.ndarray]:
        """``runs`` pairs of counts right (A's, B's), int64, A then B for each run."""
        if self.p is not None:
            ab = rng.binomial(self.n, self.p, size=(runs, 2)).astype(np.int64)
            return ab[:, 0], ab[:, 1]
        u = rng.random((runs, 2))
        a = np.minimum(np.searchsorted(self.cdf_a, u[:, 0], side="right"), self.cdf_a.size - 1)
        b = np.minimum(np.searchsorted(self.cdf_b, u[:, 1], side="right"), self.cdf_b.size - 1)
        return a.astype(np.int64) + self.lo_a, b.astype(np.int64) + self.lo_b


@dataclass(frozen=True, eq=False)
class GapTally:
    """Runs so far: ``counts[i]`` runs had the gap ``lo + i`` (whole questions).

    ``state`` is the random stream's state; ``last`` the last run's two counts
    right (None before any run).
    """

    n: int
    lo: int
    counts: np.ndarray
    state: dict[str, Any]
    last: tuple[int, int] | None = None

    @property
    def runs(self) -> int:
        return int(self.counts.sum())

    def share_at_least(self, lead: float, *, two_sided: bool = True) -> float | None:
        """Share of runs with |gap| ≥ lead (or gap ≥ lead), the lead in whole questions."""
        if self.runs == 0:
            return None
        m = nearest_count(abs(lead), self.n)
        gaps = self.lo + np.arange(self.counts.size)
        hit = np.abs(gaps) >= m if two_sided else gaps >= m
        return float(self.counts[hit].sum()) / self.runs

    def counts_for(self, lo: int, hi: int) -> np.ndarray:
        """Counts for the gaps ``lo`` … ``hi``, zero where no run landed (runs outside left out)."""
        return gaps_window(self.counts, self.lo, lo, hi)

    @property
    def observed(self) -> tuple[int, int] | None:
        """The smallest and largest gap any run had (whole questions)."""
        hit = np.flatnonzero(self.counts)
        if hit.size == 0:
            return None
        return self.lo + int(hit[0]), self.lo + int(hit[-1])


def new_tally(n: int, *, seed: int | None = None) -> GapTally:
    """An empty tally on ``n`` questions whose stream is ``numpy.random.default_rng(seed)``.

    Examples
    --------
    >>> tally = add_runs(new_tally(100, seed=1), GapSampler.binomial(0.8, 100), 1000)
    >>> tally.runs, tally.share_at_least(0.04)
    (1000, 0.518)
    """
    n = _validate.count("n", n, minimum=1, what="questions")
    seed = _validate.seed(seed)
    rng = np.random.default_rng(seed)
    return GapTally(n=n, lo=0, counts=np.zeros(0, dtype=np.int64), state=rng.bit_generator.state)


def add_runs(tally: GapTally, sampler: GapSampler, runs: int) -> GapTally:
    """A new tally with ``runs`` more runs drawn by ``sampler``, continuing the stream."""
    runs = _validate.count("runs", runs, what="runs")
    if sampler.n != tally.n:
        msg = f"the sampler is for n = {sampler.n:,} questions, the tally for {tally.n:,}"
        raise ValueError(msg)
    if tally.runs + runs > MAX_RUNS:
        msg = f"runs must keep the tally at most {MAX_RUNS:,} runs, got {tally.runs:,} + {runs:,}"
        raise ValueError(msg)
    rng = np.random.default_rng()
    rng.bit_generator.state = tally.state
    lo, counts, last = tally.lo, tally.counts, tally.last
    for start in range(0, runs, _CHUNK):
        a, b = sampler.draw_counts(rng, min(_CHUNK, runs - start))
        lo, counts = _merge(lo, counts, a - b)
        last = int(a[-1]), int(b[-1])
    return GapTally(n=tally.n, lo=lo, counts=counts, state=rng.bit_generator.state, last=last)


def _merge(lo: int, counts: np.ndarray, gaps: np.ndarray) -> tuple[int, np.ndarray]:
    """Add ``gaps`` to the counts that start at gap ``lo``; widen the range as needed."""
    new_lo = min(lo, int(gaps.min())) if counts.size else int(gaps.min())
    new_hi = max(lo + counts.size - 1, int(gaps.max())) if counts.size else int(gaps.max())
    out = np.zeros(new_hi - new_lo + 1, dtype=np.int64)
    out[lo - new_lo : lo - new_lo + counts.size] = counts
    add = np.bincount(gaps - new_lo)
    out[: add.size] += add
    return new_lo, out


INDEPENDENT, SAME, BEST = "independent", "same-questions", "best-of-k"
MODES = (INDEPENDENT, SAME, BEST)


@dataclass(frozen=True, eq=False)
class Scenario:
    """One setting of the luck simulator: the gap's exact distribution and its sampler.

    ``mode``: two equal models on independent questions, on the same questions
    of mixed difficulty (``spread``, ``discordance``), or the best of K
    variants (``best``). ``base`` is the gap on independent questions.
    """

    mode: str
    p: float
    n: int
    exact: GapDistribution
    base: GapDistribution
    sampler: GapSampler
    spread: float | None = None
    discordance: float | None = None
    best: selection.BestOfK | None = None


def scenario(
    mode: str,
    p: float,
    n: int,
    *,
    spread: float = 0.0,
    k: int = 1,
    question_seed: object = None,
    level: float = 0.95,
) -> Scenario:
    """The exact distributions (tails below 1e-10 trimmed) and the sampler of one setting.

    ``spread`` and ``question_seed`` matter for same questions, ``k`` for best of K.

    Examples
    --------
    >>> sc = scenario("best-of-k", 0.8, 100, k=20)
    >>> round(sc.exact.share_at_least(0.04, two_sided=False), 4), sc.best.k
    (0.7939, 20)
    """
    if mode not in MODES:
        msg = f"mode must be one of {', '.join(MODES)}, got {mode!r}"
        raise ValueError(msg)
    base = binomial_gap(p, n).trimmed()
    if mode == INDEPENDENT:
        return Scenario(mode, p, n, base, base, GapSampler.binomial(p, n))
    if mode == SAME:
        chances = difficulty.question_chances(p, n, spread, seed=question_seed)
        pmf = difficulty.poisson_binomial_pmf(chances)
        exact = GapDistribution.from_count_pmfs(pmf, pmf).trimmed()
        share = difficulty.discordance_share(chances)
        sampler = GapSampler.from_pmfs(pmf, pmf)
        return Scenario(mode, p, n, exact, base, sampler, spread=spread, discordance=share)
    best = selection.best_of_k(p, n, k, confidence_level=level)
    best = replace(best, distribution=best.distribution.trimmed())
    sampler = GapSampler.from_pmfs(*selection.best_of_k_count_pmfs(p, n, k))
    return Scenario(mode, p, n, best.distribution, base, sampler, best=best)


@dataclass(frozen=True, eq=False)
class Simulation:
    """A scenario, the lead asked about (a proportion ≥ 0) and the runs drawn so far."""

    scenario: Scenario
    lead: float
    tally: GapTally
    seed: int
    level: float = 0.95

    mode = property(lambda self: self.scenario.mode)
    p = property(lambda self: self.scenario.p)
    n = property(lambda self: self.scenario.n)
    exact = property(lambda self: self.scenario.exact)
    base = property(lambda self: self.scenario.base)
    best = property(lambda self: self.scenario.best)
    spread = property(lambda self: self.scenario.spread)
    discordance = property(lambda self: self.scenario.discordance)

    @property
    def two_sided(self) -> bool:
        """Either model ahead counts, except for best of K (the best variant ahead)."""
        return self.mode != BEST

    @property
    def lead_questions(self) -> int:
        return nearest_count(self.lead, self.n)

    @property
    def exact_share(self) -> float:
        return self.exact.share_at_least(self.lead, two_sided=self.two_sided)

    @property
    def simulated_share(self) -> float | None:
        return self.tally.share_at_least(self.lead, two_sided=self.two_sided)

    @property
    def se_gap(self) -> float:
        """The SE of the gap between two equal scores on independent questions."""
        return unpaired_gap(self.p, self.p, self.n).se

    @property
    def band(self) -> float | None:
        """The half-width holding ``level`` of runs (two-sided modes), else None."""
        return self.exact.half_width(self.level) if self.two_sided else None


def simulate(sc: Scenario, lead: float, runs: int, *, seed: int = 1) -> Simulation:
    """``runs`` runs of ``sc`` from ``numpy.random.default_rng(seed)``, read at ``lead``.

    Examples
    --------
    >>> sim = simulate(scenario("independent", 0.8, 100), 0.04, 1000)
    >>> sim.lead_questions, round(sim.exact_share, 4), sim.simulated_share
    (4, 0.5355, 0.518)
    """
    tally = add_runs(new_tally(sc.n, seed=seed), sc.sampler, runs)
    return Simulation(sc, lead, tally, seed)

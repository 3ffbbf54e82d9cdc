"""Simulated runs of two models, kept as counts per gap, drawn in resumable batches.

A run scores model A and model B once on n questions; its gap is a whole
number of questions, −n … n. A :class:`GapTally` keeps how many runs landed
on each gap (never the runs themselves) and the state of the random stream,
so more runs can be added later. Runs are drawn in a fixed order — A then B
for run 1, then run 2, … — so 1,000 runs drawn at once equal 400 then 600
drawn in two batches: a seed and a number of runs name one set of draws.

A :class:`GapSampler` says how one run's two counts are drawn: two binomial
draws (every question a coin with chance p), or inverse-cdf draws from any
two count distributions (questions of mixed difficulty, the best of K
variants). No per-question loop either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from benchstats import _validate
from benchstats.distribution import questions_for_lead

__all__ = ["MAX_RUNS", "GapSampler", "GapTally", "add_runs", "new_tally"]

MAX_RUNS = 10_000_000  # in one tally
_CHUNK = 250_000  # runs drawn per step, to bound memory


@dataclass(frozen=True, eq=False)
class GapSampler:
    """How one run draws model A's and model B's number right on ``n`` questions.

    Use :meth:`binomial` or :meth:`from_pmfs`.
    """

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
    def from_pmfs(
        cls,
        pmf_a: np.ndarray,
        pmf_b: np.ndarray,
        *,
        n: int | None = None,
        lo_a: int = 0,
        lo_b: int = 0,
    ) -> GapSampler:
        """Counts drawn from two pmfs by inverse cdf (one uniform number each).

        ``pmf_a[i]`` is P(A = ``lo_a`` + i), likewise for B; by default both
        cover 0 … n. A pmf trimmed of negligible tails (``lo_a`` > 0) keeps a
        cached copy small.
        """
        a = _validate.proportions("pmf_a", pmf_a)
        b = _validate.proportions("pmf_b", pmf_b)
        if a.ndim != 1 or b.ndim != 1 or a.size == 0 or b.size == 0:
            msg = f"pmf_a and pmf_b must be non-empty 1-d pmfs, got shapes {a.shape} and {b.shape}"
            raise ValueError(msg)
        if n is None:
            if a.size != b.size or lo_a or lo_b:
                msg = f"pmf_a and pmf_b must be pmfs over 0 … n of one length, got {a.shape} and {b.shape}; or give n"
                raise ValueError(msg)
            n = a.size - 1
        n = _validate.count("n", n, minimum=1, what="questions")
        for name, lo, pmf in (("a", lo_a, a), ("b", lo_b, b)):
            if lo < 0 or lo + pmf.size - 1 > n:
                msg = f"pmf_{name} covers {lo} … {lo + pmf.size - 1}, outside 0 … {n}"
                raise ValueError(msg)
        return cls(
            n=n, cdf_a=np.cumsum(a) / a.sum(), cdf_b=np.cumsum(b) / b.sum(), lo_a=lo_a, lo_b=lo_b
        )

    def draw(self, rng: np.random.Generator, runs: int) -> np.ndarray:
        """``runs`` gaps A − B in whole questions (int64)."""
        if self.p is not None:
            ab = rng.binomial(self.n, self.p, size=(runs, 2))
            return ab[:, 0] - ab[:, 1]
        u = rng.random((runs, 2))
        a = np.minimum(np.searchsorted(self.cdf_a, u[:, 0], side="right"), self.cdf_a.size - 1)
        b = np.minimum(np.searchsorted(self.cdf_b, u[:, 1], side="right"), self.cdf_b.size - 1)
        return (a.astype(np.int64) + self.lo_a) - (b + self.lo_b)


@dataclass(frozen=True, eq=False)
class GapTally:
    """Runs so far: ``counts[i]`` runs had the gap ``lo + i`` (whole questions).

    ``state`` is the random stream's state after the last draw.
    """

    n: int
    lo: int
    counts: np.ndarray
    state: dict[str, Any]

    @property
    def runs(self) -> int:
        """How many runs have been drawn."""
        return int(self.counts.sum())

    def share_at_least(self, lead: float, *, two_sided: bool = True) -> float | None:
        """Share of runs with |gap| ≥ lead (or gap ≥ lead); None before any run.

        The lead is rounded to whole questions as in ``prob_gap_at_least``.
        """
        if self.runs == 0:
            return None
        m = questions_for_lead(lead, self.n)
        gaps = self.lo + np.arange(self.counts.size)
        hit = np.abs(gaps) >= m if two_sided else gaps >= m
        return float(self.counts[hit].sum()) / self.runs

    def counts_for(self, lo: int, hi: int) -> np.ndarray:
        """Counts for the gaps ``lo`` … ``hi``, zero where no run landed.

        Runs outside the range are left out; check ``runs`` against the sum.
        """
        out = np.zeros(hi - lo + 1, dtype=np.int64)
        start, stop = max(lo, self.lo), min(hi, self.lo + self.counts.size - 1)
        if start <= stop:
            out[start - lo : stop - lo + 1] = self.counts[start - self.lo : stop - self.lo + 1]
        return out

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
    >>> from benchstats.tally import GapSampler, add_runs, new_tally
    >>> tally = add_runs(new_tally(100, seed=1), GapSampler.binomial(0.8, 100), 1000)
    >>> tally.runs, tally.share_at_least(0.04)
    (1000, 0.518)
    """
    n = _validate.count("n", n, minimum=1, what="questions")
    if seed is not None:
        seed = _validate.count("seed", seed, what="a seed")
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
    lo, counts = tally.lo, tally.counts
    for start in range(0, runs, _CHUNK):
        gaps = sampler.draw(rng, min(_CHUNK, runs - start))
        lo, counts = _merge(lo, counts, gaps)
    return GapTally(n=tally.n, lo=lo, counts=counts, state=rng.bit_generator.state)


def _merge(lo: int, counts: np.ndarray, gaps: np.ndarray) -> tuple[int, np.ndarray]:
    """Add ``gaps`` to the counts that start at gap ``lo``; widen the range as needed."""
    if counts.size == 0:
        new_lo = int(gaps.min())
        return new_lo, np.bincount(gaps - new_lo).astype(np.int64)
    new_lo = min(lo, int(gaps.min()))
    new_hi = max(lo + counts.size - 1, int(gaps.max()))
    out = np.zeros(new_hi - new_lo + 1, dtype=np.int64)
    out[lo - new_lo : lo - new_lo + counts.size] = counts
    add = np.bincount(gaps - new_lo)
    out[: add.size] += add
    return new_lo, out

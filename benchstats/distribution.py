"""An exact gap distribution and the numbers a reader takes from it.

A gap between two models on n questions is a whole number of questions
k = −n … n. This module reads off its distribution the chance of a lead at
least so big, the band that holds 95% of runs, quantiles, the mean and the
standard deviation — in proportion units, with a lead rounded to whole
questions the way ``benchstats.prob_gap_at_least`` rounds it (lead·n to the
nearest count, ties up).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import signal

from benchstats import _validate

__all__ = ["GapDistribution", "core", "questions_for_lead"]

_DUST = 1e-12  # summation dust tolerated when a cumulative sum must reach a level


def questions_for_lead(lead: float, n: int) -> int:
    """A lead in proportion units as whole questions: |lead|·n rounded, ties up.

    Examples
    --------
    >>> from benchstats.distribution import questions_for_lead
    >>> questions_for_lead(0.04, 100), questions_for_lead(0.045, 100), questions_for_lead(-0.04, 50)
    (4, 5, 2)
    """
    lead = _validate.real("lead", lead)
    n = _validate.count("n", n, minimum=1, what="questions")
    # the 1e-9 absorbs 0.04 * 100 = 4.000000000000001 style dust
    return math.floor(abs(lead) * n + 0.5 + 1e-9)


def core(probs: np.ndarray, mass: float) -> tuple[int, int]:
    """First and last index of ``probs`` leaving at most ``mass`` in each tail.

    Never empty: when no index qualifies (all mass on one value, or
    ``mass`` ≥ ½) the most likely index is both ends.

    Examples
    --------
    >>> from benchstats.distribution import core
    >>> core([0.001, 0.2, 0.598, 0.2, 0.001], 0.01)
    (1, 3)
    """
    probs = np.asarray(probs, dtype=float)
    below = np.cumsum(probs)  # P(X ≤ i)
    above = np.cumsum(probs[::-1])[::-1]  # P(X ≥ i), summed from its own end
    inside = np.flatnonzero((below > mass) & (above > mass))
    if inside.size == 0:
        i = int(np.argmax(probs))
        return i, i
    return int(inside[0]), int(inside[-1])


@dataclass(frozen=True, eq=False)
class GapDistribution:
    """P(gap = k/n) for the gaps k = ``lo``, ``lo`` + 1, … in ``probs``.

    The full distribution has ``lo`` = −n and 2n + 1 probabilities;
    :meth:`trimmed` drops tails too small to matter. Build it from the
    ``(support, probabilities)`` pair that ``gap_distribution`` and its
    relatives return::

        GapDistribution.from_support(*gap_distribution(0.8, 100))
    """

    n: int
    lo: int
    probs: np.ndarray

    @classmethod
    def from_support(cls, support: np.ndarray, probs: np.ndarray) -> GapDistribution:
        """From gaps −1 … 1 in steps of 1/n and their probabilities.

        Examples
        --------
        >>> import numpy as np
        >>> from benchstats.distribution import GapDistribution
        >>> dist = GapDistribution.from_support(np.array([-1.0, 0.0, 1.0]), [0.25, 0.5, 0.25])
        >>> dist.n, dist.lo, dist.sd
        (1, -1, 0.7071067811865476)
        """
        support = np.asarray(support, dtype=float)
        probs = np.asarray(probs, dtype=float)
        if support.ndim != 1 or support.size < 3 or support.size % 2 == 0:
            msg = (
                f"support must list the gaps −n … n (an odd length ≥ 3), got length {support.size}"
            )
            raise ValueError(msg)
        if probs.shape != support.shape:
            msg = f"probs must match support, got shapes {probs.shape} and {support.shape}"
            raise ValueError(msg)
        n = (support.size - 1) // 2
        if not np.allclose(support * n, np.arange(-n, n + 1), atol=1e-6):
            msg = f"support must be −1 … 1 in steps of 1/n (n = {n}), got {support[:3]}…"
            raise ValueError(msg)
        return cls(n=n, lo=-n, probs=probs)

    @classmethod
    def from_count_pmfs(cls, pmf_a: np.ndarray, pmf_b: np.ndarray) -> GapDistribution:
        """The gap A − B of two independent counts with these pmfs over 0 … n.

        P(A − B = k) = Σ_x P(A = x) P(B = x − k): ``pmf_a`` convolved with
        ``pmf_b`` reversed (``scipy.signal.convolve`` picks direct or FFT).
        Equal pmfs give an exactly symmetric result.

        Examples
        --------
        >>> from benchstats.distribution import GapDistribution
        >>> GapDistribution.from_count_pmfs([0.5, 0.5], [0.5, 0.5]).probs
        array([0.25, 0.5 , 0.25])
        """
        a = _validate.proportions("pmf_a", pmf_a)
        b = _validate.proportions("pmf_b", pmf_b)
        if a.ndim != 1 or a.shape != b.shape or a.size < 2:
            msg = f"pmf_a and pmf_b must be pmfs over 0 … n of one length ≥ 2, got {a.shape} and {b.shape}"
            raise ValueError(msg)
        gap = np.clip(signal.convolve(a, b[::-1]), 0.0, None)  # FFT dust can dip below 0
        if np.array_equal(a, b):  # equally good models: exactly symmetric
            gap = (gap + gap[::-1]) / 2
        n = a.size - 1
        return cls(n=n, lo=-n, probs=gap / gap.sum())

    @property
    def support(self) -> np.ndarray:
        """The gaps covered, in proportion units (k/n)."""
        return self.gaps / self.n

    @property
    def gaps(self) -> np.ndarray:
        """The gaps, in whole questions, that ``probs`` covers."""
        return np.arange(self.lo, self.lo + self.probs.size)

    @property
    def hi(self) -> int:
        """The largest gap covered (whole questions)."""
        return self.lo + self.probs.size - 1

    def probs_for(self, lo: int, hi: int) -> np.ndarray:
        """Probabilities of the gaps ``lo`` … ``hi``, zero outside what is covered."""
        out = np.zeros(hi - lo + 1)
        start, stop = max(lo, self.lo), min(hi, self.hi)
        if start <= stop:
            out[start - lo : stop - lo + 1] = self.probs[start - self.lo : stop - self.lo + 1]
        return out

    @property
    def mean(self) -> float:
        """The mean gap, proportion units."""
        return float(self.gaps @ self.probs) / self.n

    @property
    def sd(self) -> float:
        """The standard deviation of the gap, proportion units."""
        k = self.gaps
        m = float(k @ self.probs)
        return math.sqrt(max(float((k - m) ** 2 @ self.probs), 0.0)) / self.n

    def share_at_least(self, lead: float, *, two_sided: bool = True) -> float:
        """P(|gap| ≥ lead), or P(gap ≥ lead) when ``two_sided=False``.

        Examples
        --------
        >>> from benchstats import gap_distribution
        >>> from benchstats.distribution import GapDistribution
        >>> dist = GapDistribution.from_support(*gap_distribution(0.8, 100))
        >>> round(dist.share_at_least(0.04), 4), round(dist.share_at_least(0.04, two_sided=False), 4)
        (0.5355, 0.2678)
        """
        m = questions_for_lead(lead, self.n)
        k = self.gaps
        if two_sided and m == 0:  # every gap is at least 0 apart
            return 1.0
        hit = np.abs(k) >= m if two_sided else k >= m
        return min(1.0, float(self.probs[hit].sum()))

    def quantile(self, q: float) -> float:
        """The smallest gap g with P(gap ≤ g) ≥ q, proportion units."""
        q = _validate.open_unit("q", q)
        cdf = np.cumsum(self.probs)
        i = min(int(np.searchsorted(cdf, q - _DUST)), self.probs.size - 1)
        return (self.lo + i) / self.n

    def half_width(self, level: float = 0.95) -> float:
        """The smallest h with P(|gap| ≤ h) ≥ ``level``: the band of luck.

        Examples
        --------
        >>> from benchstats import gap_distribution
        >>> from benchstats.distribution import GapDistribution
        >>> GapDistribution.from_support(*gap_distribution(0.8, 100)).half_width()
        0.11
        """
        level = _validate.open_unit("level", level)
        inside = np.cumsum(np.bincount(np.abs(self.gaps), weights=self.probs))  # P(|gap| ≤ h)
        h = min(int(np.searchsorted(inside, level - _DUST)), inside.size - 1)
        return h / self.n

    def window(self, mass: float = 1e-6) -> tuple[int, int]:
        """Gaps (whole questions) ``lo``, ``hi`` leaving at most ``mass`` in each tail.

        Where a chart of the distribution needs to look; never empty.
        """
        first, last = core(self.probs, mass)
        return self.lo + first, self.lo + last

    def trimmed(self, mass: float = 1e-10) -> GapDistribution:
        """The same distribution without tails holding at most ``mass`` each.

        Keeps a cached copy small (a million questions: a few thousand gaps,
        not two million); any share it then reports is off by at most ``mass``.
        The default 1e-10 sits above the rounding noise an FFT convolution
        leaves in far tails (about 1e-19 a gap, summed over many gaps).

        Examples
        --------
        >>> from benchstats import gap_distribution
        >>> from benchstats.distribution import GapDistribution
        >>> small = GapDistribution.from_support(*gap_distribution(0.8, 10_000)).trimmed()
        >>> small.lo, small.hi, round(small.share_at_least(0.01), 6)
        (-360, 360, 0.078586)
        """
        lo, hi = self.window(mass)
        return GapDistribution(n=self.n, lo=lo, probs=self.probs_for(lo, hi))

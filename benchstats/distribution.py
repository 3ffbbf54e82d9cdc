"""An exact gap distribution and the numbers a reader takes from it.

A gap between two models on n questions is a whole number of questions
k = −n … n; its distribution is an array of 2n + 1 probabilities. This
module reads off it the chance of a lead at least so big, the band that
holds 95% of runs, quantiles and the standard deviation — always in
proportion units, with a lead rounded to whole questions the way
``benchstats.prob_gap_at_least`` rounds it (lead·n to the nearest count,
ties up).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from benchstats import _validate

__all__ = ["GapDistribution", "questions_for_lead"]

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


@dataclass(frozen=True, eq=False)
class GapDistribution:
    """P(gap = k/n) for k = −n … n, in ``probs`` (length 2n + 1, summing to 1).

    Build it from the ``(support, probabilities)`` pair that
    ``gap_distribution`` and its relatives return::

        GapDistribution.from_support(*gap_distribution(0.8, 100))
    """

    n: int
    probs: np.ndarray

    @classmethod
    def from_support(cls, support: np.ndarray, probs: np.ndarray) -> GapDistribution:
        """From gaps −1 … 1 in steps of 1/n and their probabilities.

        Examples
        --------
        >>> import numpy as np
        >>> from benchstats.distribution import GapDistribution
        >>> dist = GapDistribution.from_support(np.array([-1.0, 0.0, 1.0]), [0.25, 0.5, 0.25])
        >>> dist.n, dist.sd
        (1, 0.7071067811865476)
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
        return cls(n=n, probs=probs)

    @property
    def gaps(self) -> np.ndarray:
        """The gaps k = −n … n in whole questions."""
        return np.arange(-self.n, self.n + 1)

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
        upper = float(self.probs[self.n + m :].sum())
        if not two_sided:
            return min(1.0, upper)
        if m == 0:  # every gap is at least 0 apart
            return 1.0
        lower = float(self.probs[: self.n - m + 1].sum())
        return min(1.0, upper + lower)

    def quantile(self, q: float) -> float:
        """The smallest gap g with P(gap ≤ g) ≥ q, proportion units."""
        q = _validate.open_unit("q", q)
        cdf = np.cumsum(self.probs)
        i = min(int(np.searchsorted(cdf, q - _DUST)), self.probs.size - 1)
        return (i - self.n) / self.n

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
        n = self.n
        inside = np.empty(n + 1)  # inside[h] = P(|gap| ≤ h)
        inside[0] = self.probs[n]
        inside[1:] = self.probs[n] + np.cumsum(self.probs[n + 1 :] + self.probs[n - 1 :: -1])
        h = min(int(np.searchsorted(inside, level - _DUST)), n)
        return h / n

    def window(self, mass: float = 1e-6) -> tuple[int, int]:
        """Gaps (whole questions) ``lo``, ``hi`` leaving at most ``mass`` in each tail.

        Where a chart of the distribution needs to look; never empty.
        """
        cdf = np.cumsum(self.probs)
        lo = int(np.searchsorted(cdf, mass, side="right"))
        hi = int(np.searchsorted(cdf, 1.0 - mass - _DUST))
        hi = min(max(hi, lo), self.probs.size - 1)
        return lo - self.n, hi - self.n

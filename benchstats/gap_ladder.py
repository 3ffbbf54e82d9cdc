"""The luck simulator's exact gap at every n of a ladder: what its chart shows as the thumb moves.

For each n, the exact distributions :func:`benchstats.tally.scenario` builds
for one setting (two equally good models on independent questions, on the
same questions of mixed difficulty, or the best of K variants against one
run), without the sampler a simulation needs: a ladder of forty counts
costs a few tenths of a second, so a chart can be sent all of them at once.

Two equal models on independent questions take each count's pmf within 40
standard deviations of its mean (``binomial_gap(central=True)``: what it
leaves out is below 1e-300). The same questions are drawn per n from
``question_seed``, as the simulator draws them for that n.

Examples
--------
>>> at = gaps_over("independent", 0.8, (100, 400))
>>> [g.n for g in at], [round(g.exact.share_at_least(0.04), 4) for g in at]
([100, 400], [0.5355, 0.1705])
>>> at[0].band, round(100 * at[0].exact.half_width(), 1)
((-11, 11), 11.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from benchstats import difficulty, selection
from benchstats.luck import GapDistribution, binomial_gap
from benchstats.tally import BEST, INDEPENDENT, MODES, SAME


@dataclass(frozen=True, eq=False)
class GapAt:
    """One n of the ladder: the gap's exact distribution, and the independent one beside it.

    ``band`` is the central ``level`` of runs in whole questions: ±the half
    width for two equal models, the best variant's central range for best of K.
    """

    mode: str
    p: float
    n: int
    exact: GapDistribution
    base: GapDistribution
    level: float = 0.95

    @property
    def two_sided(self) -> bool:
        """Either model ahead counts, except for best of K (the best variant ahead)."""
        return self.mode != BEST

    @property
    def band(self) -> tuple[int, int]:
        if self.two_sided:
            h = round(self.exact.half_width(self.level) * self.n)
            return -h, h
        tail = (1 - self.level) / 2
        low, high = (self.exact.quantile(q) for q in (tail, 1 - tail))
        return round(low * self.n), round(high * self.n)

    @property
    def median(self) -> float:
        """The median gap, proportion units (the best variant's median lead)."""
        return self.exact.quantile(0.5)


def gaps_over(
    mode: str,
    p: float,
    ns: Sequence[int],
    *,
    spread: float = 0.0,
    k: int = 1,
    question_seed: object = None,
    level: float = 0.95,
) -> tuple[GapAt, ...]:
    """The exact gap of one setting at each n of ``ns`` (tails below 1e-10 trimmed).

    ``spread`` and ``question_seed`` matter for same questions, ``k`` for best of K.
    """
    if mode not in MODES:
        msg = f"mode must be one of {', '.join(MODES)}, got {mode!r}"
        raise ValueError(msg)
    out = []
    for n in ns:
        base = binomial_gap(p, n, central=True).trimmed()
        if mode == INDEPENDENT:
            exact = base
        elif mode == SAME:
            chances = difficulty.question_chances(p, n, spread, seed=question_seed)
            pmf = difficulty.poisson_binomial_pmf(chances)
            exact = GapDistribution.from_count_pmfs(pmf, pmf).trimmed()
        else:
            exact = GapDistribution.from_count_pmfs(*selection.best_of_k_count_pmfs(p, n, k))
            exact = exact.trimmed()
        out.append(GapAt(mode, p, int(n), exact, base, level))
    return tuple(out)

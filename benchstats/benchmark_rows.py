"""Two models across many benchmarks: row by row, and what the rows add up to.

A vendor's table puts model A ahead on 28 of 34 benchmarks: how many of those
leads clear the noise, alone or tested together, and how many does the ±1 SE
overlap rule call ties?
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats

from benchstats import _validate
from benchstats.gaps import GapResult, gap_from_standard_errors, unpaired_gap
from benchstats.leaderboard import (
    CORRECTIONS,
    TieCounts,
    adjust_p_values,
    named,
    per_row,
    row_names,
)
from benchstats.overlap import touching

MAX_BENCHMARKS = 200


@dataclass(frozen=True, eq=False)
class AcrossBenchmarks:
    """Two models compared benchmark by benchmark.

    ``gaps``: each row's graded lead (A − B); ``a_clears`` / ``b_clears`` /
    ``ties`` count the rows where A's or B's lead clears after the correction,
    or neither; ``a_ahead`` / ``b_ahead`` the rows each simply leads.
    """

    benchmarks: tuple[str, ...]
    gaps: tuple[GapResult, ...]
    p_adjusted: np.ndarray
    ties_count: TieCounts

    @property
    def lead(self) -> np.ndarray:
        return np.array([g.lead for g in self.gaps])

    @property
    def clears(self) -> np.ndarray:
        """Per row: the lead clears after the correction."""
        return self.p_adjusted < 1 - self.ties_count.confidence_level

    a_clears = property(lambda self: int(np.sum(self.clears & (self.lead > 0))))
    b_clears = property(lambda self: int(np.sum(self.clears & (self.lead < 0))))
    ties = property(lambda self: int(np.sum(~self.clears)))
    a_ahead = property(lambda self: int(np.sum(self.lead > 0)))
    b_ahead = property(lambda self: int(np.sum(self.lead < 0)))

    @property
    def sign_p(self) -> float:
        """Two-sided sign test of ``a_ahead`` of the rows with a leader (as if independent)."""
        decided = self.a_ahead + self.b_ahead
        return 1.0 if decided == 0 else float(stats.binomtest(self.a_ahead, decided).pvalue)

    def __repr__(self) -> str:
        return (
            f"AcrossBenchmarks(rows={len(self.benchmarks)}, a_ahead={self.a_ahead}, "
            f"b_ahead={self.b_ahead}, a_clears={self.a_clears}, b_clears={self.b_clears}, "
            f"ties={self.ties}, sign_p={self.sign_p:.3g})"
        )


def across_benchmarks(
    benchmarks: Sequence[str],
    a: Sequence[float],
    b: Sequence[float],
    *,
    n: int | Sequence[int] | None = None,
    se_a: Sequence[float] | None = None,
    se_b: Sequence[float] | None = None,
    correction: str = "holm",
    confidence_level: float = 0.95,
) -> AcrossBenchmarks:
    """Compare two models on each of several benchmarks, and count the verdicts.

    Each row by :func:`~benchstats.unpaired_gap` (``n``: one number or one per
    row) or :func:`~benchstats.gap_from_standard_errors` (``se_a`` and ``se_b``),
    the p-values adjusted for the number of rows, the overlap rule counted beside.

    Examples
    --------
    >>> r = across_benchmarks(["X", "Y", "Z"], [0.82, 0.60, 0.71], [0.78, 0.61, 0.60], n=1000)
    >>> r.a_ahead, r.b_ahead, r.a_clears, r.ties, r.ties_count.overlap
    (2, 1, 1, 2, 1)
    """
    correction = _validate.method(correction, CORRECTIONS)
    level = _validate.open_unit("confidence_level", confidence_level)
    rows = row_names(benchmarks, unit="benchmark", low=1, high=MAX_BENCHMARKS)
    if (n is None) == (se_a is None or se_b is None):
        msg = "give either n (questions per benchmark) or both se_a and se_b, not both or neither"
        raise ValueError(msg)
    av, bv = per_row(a, rows, "a"), per_row(b, rows, "b")
    if n is not None:
        ns = per_row(n, rows, "n")
        gaps = tuple(
            named(m, unpaired_gap, x, y, k, confidence_level=level)
            for m, x, y, k in zip(rows, av, bv, ns, strict=True)
        )
        sa = np.array([math.sqrt(x * (1 - x) / k) for x, k in zip(av, ns, strict=True)])
        sb = np.array([math.sqrt(y * (1 - y) / k) for y, k in zip(bv, ns, strict=True)])
    else:
        sa = np.array(per_row(se_a, rows, "se_a"), dtype=float)
        sb = np.array(per_row(se_b, rows, "se_b"), dtype=float)
        gaps = tuple(
            named(m, gap_from_standard_errors, x, u, y, v, confidence_level=level)
            for m, x, u, y, v in zip(rows, av, sa, bv, sb, strict=True)
        )
    p = np.array([g.p_value for g in gaps])
    adjusted = adjust_p_values(p, correction)
    touch = touching(np.array(av, dtype=float) - np.array(bv, dtype=float), sa, sb)
    counts = TieCounts(
        pairs=len(rows),
        overlap=int(touch.sum()),
        test=int(np.sum(p >= 1 - level)),
        corrected=int(np.sum(adjusted >= 1 - level)),
        correction=correction,
        confidence_level=level,
        unit="benchmark",
    )
    return AcrossBenchmarks(rows, gaps, adjusted, counts)

"""Two models across many benchmarks: row by row, and what the rows add up to.

A vendor's table puts model A ahead on 28 of 34 shared benchmarks; how many
of those leads clear the noise, how many clear once 28 rows are tested at
once, and how many the ±1 SE overlap rule calls ties? Each row is graded by
the two-model tests of :mod:`benchstats.gaps`; the p-values are adjusted as
:func:`benchstats.leaderboard.adjust_p_values` does for a leaderboard's pairs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote, unquote

import numpy as np
from scipy import stats

from benchstats import _validate
from benchstats.gaps import GapResult, gap_from_standard_errors, unpaired_gap
from benchstats.leaderboard import CORRECTIONS, TieCounts, _per_row, _touching, adjust_p_values
from benchstats.leaderboard_links import _decimal_text, _number, _read_items
from benchstats.leaderboard_text import MAX_CHARS

__all__ = [
    "MAX_BENCHMARKS",
    "AcrossBenchmarks",
    "BenchmarkRows",
    "across_benchmarks",
    "decode_benchmark_rows",
    "encode_benchmark_rows",
]

MAX_BENCHMARKS = 200
_SAFE = " ()[]!*'@#$&;=+/-_.~"  # as the rows key (leaderboard_links.encode_rows)


@dataclass(frozen=True, eq=False)
class AcrossBenchmarks:
    """Two models compared benchmark by benchmark (row by row).

    ``gaps`` holds each row's graded lead (A − B); ``p_adjusted`` the
    p-values adjusted for testing every row; ``a_clears`` / ``b_clears`` /
    ``ties`` count the rows where A's or B's lead clears after the
    correction, or neither; ``a_ahead`` / ``b_ahead`` the rows each model
    simply leads. ``sign_p`` is the two-sided sign test of ``a_ahead`` out
    of the rows with a leader; it treats benchmarks as independent, which
    they are not (the same models, often overlapping skills).
    """

    benchmarks: tuple[str, ...]
    gaps: tuple[GapResult, ...]
    p_adjusted: np.ndarray
    ties_count: TieCounts

    @property
    def lead(self) -> np.ndarray:
        """Each row's lead, A − B (proportion)."""
        return np.array([g.lead for g in self.gaps])

    @property
    def clears(self) -> np.ndarray:
        """Per row: the lead clears after the correction."""
        return self.p_adjusted < 1 - self.ties_count.confidence_level

    @property
    def a_clears(self) -> int:
        """Rows where A's lead clears after the correction."""
        return int(np.sum(self.clears & (self.lead > 0)))

    @property
    def b_clears(self) -> int:
        """Rows where B's lead clears after the correction."""
        return int(np.sum(self.clears & (self.lead < 0)))

    @property
    def ties(self) -> int:
        """Rows that do not clear after the correction."""
        return int(np.sum(~self.clears))

    @property
    def a_ahead(self) -> int:
        """Rows where A scores higher, whatever the noise."""
        return int(np.sum(self.lead > 0))

    @property
    def b_ahead(self) -> int:
        """Rows where B scores higher, whatever the noise."""
        return int(np.sum(self.lead < 0))

    @property
    def sign_p(self) -> float:
        """Two-sided sign test: A ahead on ``a_ahead`` of the rows with a leader."""
        decided = self.a_ahead + self.b_ahead
        return 1.0 if decided == 0 else float(stats.binomtest(self.a_ahead, decided).pvalue)

    def __repr__(self) -> str:
        return (
            f"AcrossBenchmarks(rows={len(self.benchmarks)}, a_ahead={self.a_ahead}, "
            f"b_ahead={self.b_ahead}, a_clears={self.a_clears}, b_clears={self.b_clears}, "
            f"ties={self.ties}, sign_p={self.sign_p:.3g})"
        )


def _named(row: str, grade, *args, **kwargs) -> GapResult:
    """Grade one row, naming the row in any error."""
    try:
        return grade(*args, **kwargs)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{row!r}: {err}") from None


def _benchmark_names(benchmarks: Sequence[str]) -> tuple[str, ...]:
    if isinstance(benchmarks, str) or not isinstance(benchmarks, Sequence):
        msg = f"benchmarks must be a list of benchmark names, got {benchmarks!r}"
        raise TypeError(msg)
    rows = tuple(str(m).strip() for m in benchmarks)
    if not 1 <= len(rows) <= MAX_BENCHMARKS:
        msg = f"give 1 to {MAX_BENCHMARKS} benchmark rows, got {len(rows):,}"
        raise ValueError(msg)
    for i, m in enumerate(rows):
        if not m:
            msg = f"benchmark row {i + 1} has no name"
            raise ValueError(msg)
        if m in rows[:i]:
            msg = f"benchmark {m!r} appears twice: give each row its own name"
            raise ValueError(msg)
    return rows


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

    Each row is graded with :func:`~benchstats.unpaired_gap` (``n``: one
    number or one per row) or :func:`~benchstats.gap_from_standard_errors`
    (``se_a`` and ``se_b``), the p-values adjusted for the number of rows
    (:func:`adjust_p_values`), and the ±1 SE overlap rule counted beside the
    test (:func:`tie_counts`' three counts, per benchmark).

    Examples
    --------
    >>> r = across_benchmarks(["X", "Y", "Z"], [0.82, 0.60, 0.71], [0.78, 0.61, 0.60], n=1000)
    >>> r.a_ahead, r.b_ahead, r.a_clears, r.ties
    (2, 1, 1, 2)
    >>> r.ties_count.sentence()
    'The ±1 SE overlap rule calls 1 of 3 benchmarks ties; the z-test at 5% calls 1; corrected for 3 comparisons (Holm), 2.'
    """
    correction = _validate.method(correction, CORRECTIONS)
    level = _validate.open_unit("confidence_level", confidence_level)
    rows = _benchmark_names(benchmarks)
    if (n is None) == (se_a is None or se_b is None):
        msg = "give either n (questions per benchmark) or both se_a and se_b, not both or neither"
        raise ValueError(msg)
    av, bv = _per_row(a, rows, "a"), _per_row(b, rows, "b")
    if n is not None:
        ns = _per_row(n, rows, "n")
        gaps = tuple(
            _named(m, unpaired_gap, x, y, k, confidence_level=level)
            for m, x, y, k in zip(rows, av, bv, ns, strict=True)
        )
        sa = np.array([math.sqrt(x * (1 - x) / k) for x, k in zip(av, ns, strict=True)])
        sb = np.array([math.sqrt(y * (1 - y) / k) for y, k in zip(bv, ns, strict=True)])
    else:
        sa = np.array(_per_row(se_a, rows, "se_a"), dtype=float)
        sb = np.array(_per_row(se_b, rows, "se_b"), dtype=float)
        gaps = tuple(
            _named(m, gap_from_standard_errors, x, u, y, v, confidence_level=level)
            for m, x, u, y, v in zip(rows, av, sa, bv, sb, strict=True)
        )
    p = np.array([g.p_value for g in gaps])
    adjusted = adjust_p_values(p, correction)
    touching = _touching(np.array(av, dtype=float), sa, np.array(bv, dtype=float), sb)
    counts = TieCounts(
        pairs=len(rows),
        overlap=int(touching.sum()),
        test=int(np.sum(p >= 1 - level)),
        corrected=int(np.sum(adjusted >= 1 - level)),
        correction=correction,
        confidence_level=level,
        unit="benchmark",
    )
    return AcrossBenchmarks(rows, gaps, adjusted, counts)


# --------------------------------------------------------------------------- links


@dataclass(frozen=True)
class BenchmarkRows:
    """Rows of two models' scores (proportions), read from a link, with notes on items left out.

    ``se_a``/``se_b`` hold the reported SEs (None where a row gave none),
    ``n`` each row's questions (None where it gave none).
    """

    benchmarks: tuple[str, ...]
    a: tuple[float, ...]
    b: tuple[float, ...]
    se_a: tuple[float | None, ...]
    se_b: tuple[float | None, ...]
    n: tuple[int | None, ...]
    notes: tuple[str, ...] = ()

    def grade(
        self, *, n: int | None = None, correction: str = "holm", confidence_level: float = 0.95
    ):
        """:func:`across_benchmarks` on these rows: SEs if every row has both, else questions."""
        if all(s is not None for s in self.se_a + self.se_b):
            extra = {"se_a": self.se_a, "se_b": self.se_b}
        else:
            counts = [k if k is not None else n for k in self.n]
            missing = [m for m, k in zip(self.benchmarks, counts, strict=True) if k is None]
            if missing:
                msg = f"no number of questions or ± SEs for {', '.join(map(repr, missing[:3]))}: give both SEs or n for each row"
                raise ValueError(msg)
            extra = {"n": counts}
        return across_benchmarks(
            self.benchmarks,
            self.a,
            self.b,
            correction=correction,
            confidence_level=confidence_level,
            **extra,
        )


def encode_benchmark_rows(
    benchmarks: Sequence[str],
    a: Sequence[float],
    b: Sequence[float],
    *,
    se_a: Sequence[float | None] | None = None,
    se_b: Sequence[float | None] | None = None,
    n: Sequence[int | None] | None = None,
) -> str:
    """The value of the ``bench_rows`` URL key: ``name:a:b[:se_a:se_b][:nN]`` per row.

    Scores in percent, SEs in points, the row's questions as ``n500``; names
    percent-encoded like the ``rows`` key's.

    Examples
    --------
    >>> encode_benchmark_rows(["GPQA", "MATH"], [0.873, 0.9], [0.851, 0.91], se_a=[0.018, None],
    ...                       se_b=[0.019, None], n=[None, 500])
    'GPQA:87.3:85.1:1.8:1.9,MATH:90:91:n500'
    >>> decode_benchmark_rows(_).se_b
    (0.019, None)
    """
    k = len(benchmarks)
    se_a, se_b = list(se_a or [None] * k), list(se_b or [None] * k)
    n = list(n or [None] * k)
    items = []
    for row in zip(benchmarks, a, b, se_a, se_b, n, strict=True):
        name, x, y, sx, sy, count = row
        fields = [quote(str(name), safe=_SAFE), _decimal_text(x), _decimal_text(y)]
        if sx is not None and sy is not None:
            fields += [_decimal_text(sx), _decimal_text(sy)]
        if count is not None:
            fields.append(f"n{int(count)}")
        items.append(":".join(fields))
    return ",".join(items)


def _benchmark_item(item: str) -> tuple | str:
    """(name, a, b, se_a, se_b, n) from one item, or what is wrong with it."""
    parts = [p.strip() for p in item.split(":")]
    name = unquote(parts[0]).strip()
    if not name:
        return "has no name"
    count = None
    if len(parts) > 3 and re.fullmatch(r"n\d{1,9}", parts[-1]) and int(parts[-1][1:]) >= 1:
        count = int(parts.pop()[1:])
    values = [_number(p) for p in parts[1:]]
    if len(values) not in (2, 4) or any(v is None for v in values):
        return "needs two scores, then optionally two SEs and n"
    if any(v > 1 for v in values[:2]) or any(not 0 < v <= 0.25 for v in values[2:]):
        return "has a score above 100% or an SE outside 0 to 25 points"
    se = values[2:] or [None, None]
    return name, values[0], values[1], se[0], se[1], count


def decode_benchmark_rows(value: str) -> BenchmarkRows:
    """Read the ``bench_rows`` URL key; items that do not read are left out with a note.

    Raises ValueError when no item reads.

    Examples
    --------
    >>> r = decode_benchmark_rows("GPQA:87.3:85.1:n198,Bad:9x,GPQA:80:70:n198")
    >>> r.benchmarks, r.notes
    (('GPQA',), ("item 2 of the link ('Bad:9x') needs two scores, then optionally two SEs and n", "item 3 of the link: 'GPQA' appears twice; the first is kept"))
    """
    if not isinstance(value, str) or len(value) > MAX_CHARS:
        msg = f"the bench_rows key must be text of at most {MAX_CHARS:,} characters"
        raise ValueError(msg)
    rows, notes = _read_items(value, _benchmark_item, limit=MAX_BENCHMARKS, unit="rows")
    if not rows:
        msg = "the link's bench_rows key holds no benchmark with two scores (expected e.g. bench_rows=GPQA:87.3:85.1:n198)"
        raise ValueError(msg)
    return BenchmarkRows(*(tuple(col) for col in zip(*rows, strict=True)), notes=tuple(notes))

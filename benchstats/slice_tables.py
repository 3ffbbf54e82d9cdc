"""A reader's own slices: a table of slices, or per-question data with a slice column.

Which slice differences survive a correction for testing every slice at
once (Holm or Benjamini–Hochberg). The noise and the luck of two equal
models across slices are in :mod:`benchstats.slices`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from benchstats import _validate
from benchstats.gaps import GapResult, paired_gap, unpaired_gap
from benchstats.leaderboard import CORRECTIONS, adjust_p_values

__all__ = [
    "SliceComparison",
    "SliceTable",
    "compare_slices",
    "parse_slice_table",
    "slice_table",
    "slices_from_answers",
]


@dataclass(frozen=True, eq=False)
class SliceTable:
    """A reader's slices: names, questions per slice and right answers of each model.

    ``a_only``/``b_only`` (questions only A / only B got right) are known
    when the table comes from per-question data; then the slices are
    graded by the paired test.
    """

    names: tuple[str, ...]
    n: np.ndarray
    right_a: np.ndarray
    right_b: np.ndarray
    a_only: np.ndarray | None = None
    b_only: np.ndarray | None = None

    @property
    def paired(self) -> bool:
        """True when each slice's disagreements are known (per-question data)."""
        return self.a_only is not None


def slice_table(names: Sequence[str], n, a, b) -> SliceTable:
    """A slice table from names, questions per slice and both models' scores (proportions).

    Scores are read as the nearest whole count of right answers.

    Examples
    --------
    >>> t = slice_table(["algebra", "geometry"], [50, 48], [0.7, 0.5], [0.6, 0.5])
    >>> t.right_a.tolist(), t.right_b.tolist(), t.paired
    ([35, 24], [30, 24], False)
    """
    names = tuple(str(x) for x in names)
    n_arr = _validate.slice_sizes(n)
    a_arr = np.atleast_1d(_validate.proportions("a", a))
    b_arr = np.atleast_1d(_validate.proportions("b", b))
    if not (len(names) == n_arr.size == a_arr.size == b_arr.size):
        msg = (
            f"names, n, a and b must give one value per slice, got {len(names)}, "
            f"{n_arr.size}, {a_arr.size} and {b_arr.size}"
        )
        raise ValueError(msg)
    if len(set(names)) != len(names):
        msg = f"slice names must differ, got {list(names)!r}"
        raise ValueError(msg)
    return SliceTable(
        names,
        n_arr,
        np.rint(a_arr * n_arr).astype(np.int64),
        np.rint(b_arr * n_arr).astype(np.int64),
    )


def parse_slice_table(text: str) -> SliceTable:
    """A slice table from text, one slice a line: name, questions, score A, score B (percent).

    Commas, semicolons or tabs separate the fields; blank lines and lines
    starting with ``#`` are skipped. A bad line raises with its number.

    Examples
    --------
    >>> t = parse_slice_table("algebra, 50, 70, 60\\ngeometry; 48; 50; 50")
    >>> t.names, t.n.tolist(), t.right_a.tolist()
    (('algebra', 'geometry'), [50, 48], [35, 24])
    """
    names, n, a, b = [], [], [], []
    lines = [(i, line.strip()) for i, line in enumerate(str(text).splitlines(), 1)]
    for i, line in lines:
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.replace(";", ",").replace("\t", ",").split(",")]
        if len(fields) != 4:
            msg = f"line {i} must be name, questions, score A, score B; got {len(fields)} fields"
            raise ValueError(msg)
        try:
            values = [float(f.rstrip("%")) for f in fields[1:]]
        except ValueError:
            msg = f"line {i}: questions and scores must be numbers, got {', '.join(fields[1:])!r}"
            raise ValueError(msg) from None
        if not (values[0] >= 1 and float(values[0]).is_integer()):
            msg = f"line {i}: questions must be a whole number of at least 1, got {fields[1]!r}"
            raise ValueError(msg)
        if not all(0 <= v <= 100 for v in values[1:]):
            msg = f"line {i}: scores must be percents from 0 to 100, got {fields[2]!r} and {fields[3]!r}"
            raise ValueError(msg)
        names.append(fields[0] or f"slice {len(names) + 1}")
        n.append(int(values[0]))
        a.append(values[1] / 100)
        b.append(values[2] / 100)
    if not names:
        msg = "the table must list at least one slice: name, questions, score A, score B"
        raise ValueError(msg)
    return slice_table(names, n, a, b)


def slices_from_answers(slice_of, correct_a, correct_b) -> SliceTable:
    """A paired slice table from per-question data: a slice label and both models' 0/1 per question.

    Slices appear in order of their first question.

    Examples
    --------
    >>> t = slices_from_answers(["x", "y", "x", "y"], [1, 1, 0, 1], [0, 1, 1, 1])
    >>> t.names, t.n.tolist(), t.a_only.tolist(), t.b_only.tolist()
    (('x', 'y'), [2, 2], [1, 0], [1, 0])
    """
    labels = np.asarray(slice_of, dtype=object).astype(str)
    a = np.asarray(correct_a)
    b = np.asarray(correct_b)
    if not (labels.ndim == a.ndim == b.ndim == 1 and labels.size == a.size == b.size):
        msg = (
            "slice_of, correct_a and correct_b must be one value per question, "
            f"got lengths {labels.size}, {a.size} and {b.size}"
        )
        raise ValueError(msg)
    if labels.size == 0:
        msg = "slice_of must name the slice of at least one question, got none"
        raise ValueError(msg)
    for name, x in (("correct_a", a), ("correct_b", b)):
        if not np.isin(x, (0, 1)).all():
            msg = f"{name} must be 0 or 1 per question (right or wrong), got {x[~np.isin(x, (0, 1))][0].item()!r}"
            raise ValueError(msg)
    names, first, idx = np.unique(labels, return_index=True, return_inverse=True)
    order = np.argsort(first)  # slices in order of appearance
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    idx = rank[idx]
    a, b = a.astype(np.int64), b.astype(np.int64)

    def per_slice(x: np.ndarray) -> np.ndarray:
        return np.bincount(idx, weights=x, minlength=order.size).astype(np.int64)

    return SliceTable(
        tuple(names[order].tolist()),
        per_slice(np.ones_like(a)),
        per_slice(a),
        per_slice(b),
        per_slice(a * (1 - b)),
        per_slice(b * (1 - a)),
    )


@dataclass(frozen=True, eq=False)
class SliceComparison:
    """Every slice's lead graded, and which survive the correction for testing them all.

    Arrays per slice: ``lead`` (A − B), ``low``/``high`` (the uncorrected
    interval), ``p_value``, ``p_adjusted``; ``design`` is ``"paired"`` or
    ``"unpaired"``.
    """

    table: SliceTable
    gaps: tuple[GapResult, ...]
    p_adjusted: np.ndarray
    correction: str
    alpha: float

    @property
    def design(self) -> str:
        """ "paired" (per-question data) or "unpaired" (scores per slice)."""
        return "paired" if self.table.paired else "unpaired"

    @property
    def lead(self) -> np.ndarray:
        return np.array([g.lead for g in self.gaps])

    @property
    def low(self) -> np.ndarray:
        return np.array([g.low for g in self.gaps])

    @property
    def high(self) -> np.ndarray:
        return np.array([g.high for g in self.gaps])

    @property
    def p_value(self) -> np.ndarray:
        return np.array([g.p_value for g in self.gaps])

    @property
    def flagged(self) -> np.ndarray:
        """Slices whose uncorrected p-value is below α."""
        return self.p_value < self.alpha

    @property
    def survives(self) -> np.ndarray:
        """Slices whose adjusted p-value is below α."""
        return self.p_adjusted < self.alpha

    def __repr__(self) -> str:
        return (
            f"SliceComparison(design={self.design!r}, slices={len(self.gaps)}, "
            f"flagged={int(self.flagged.sum())}, survive {self.correction}={int(self.survives.sum())})"
        )


def compare_slices(
    table: SliceTable, *, correction: str = "holm", alpha: float = 0.05
) -> SliceComparison:
    """Grade every slice's lead and correct for having looked at all of them.

    Paired tables (per-question data) use :func:`benchstats.paired_gap`
    (McNemar's mid-p), score tables :func:`benchstats.unpaired_gap`;
    the p-values are adjusted by :func:`benchstats.leaderboard.adjust_p_values`.

    Examples
    --------
    >>> t = slice_table(["a", "b", "c"], [50, 50, 50], [0.8, 0.62, 0.5], [0.6, 0.6, 0.52])
    >>> res = compare_slices(t)
    >>> res.flagged.tolist(), res.survives.tolist()
    ([True, False, False], [False, False, False])
    """
    correction = _validate.method(correction, CORRECTIONS)
    alpha = _validate.open_unit("alpha", alpha)
    level = 1 - alpha
    if table.paired:
        gaps = tuple(
            paired_gap(int(x), int(y), int(m), confidence_level=level)
            for x, y, m in zip(table.a_only, table.b_only, table.n, strict=True)
        )
    else:
        gaps = tuple(
            unpaired_gap(x / m, y / m, int(m), confidence_level=level)
            for x, y, m in zip(table.right_a, table.right_b, table.n, strict=True)
        )
    p_adj = adjust_p_values([g.p_value for g in gaps], correction)
    return SliceComparison(table, gaps, p_adj, correction, alpha)

"""One problem's draws of k samples, maj@k against pass@k, and the column rule.

:func:`draw_counts` counts what the unbiased estimator counts (the C(n, k)
ways to draw k of n samples, by passes they hold); :func:`maj_curve` sets a
majority vote beside pass@k for one answer distribution; ``COLUMN_RULE``
says which of these numbers may share a table column.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from benchstats import _validate
from benchstats.passk import maj_at_k, naive_pass_at_k, pass_at_k

__all__ = [
    "COLUMN_RULE",
    "ColumnRule",
    "DrawCounts",
    "MajCurve",
    "draw_counts",
    "maj_curve",
]


# --------------------------------------------------------------------------- one problem


@dataclass(frozen=True, eq=False)
class DrawCounts:
    """All the ways to draw k of one problem's n samples, by passes they hold.

    ``total`` = C(n, k) and ``without_pass`` = C(n − c, k) are exact integers;
    ``share[j]`` is the share of draws holding exactly ``passes[j]`` passing
    samples (hypergeometric). pass@k is the share holding at least one.
    """

    n: int
    c: int
    k: int
    total: int
    without_pass: int
    passes: np.ndarray
    share: np.ndarray

    @property
    def with_pass(self) -> int:
        """Draws that hold at least one passing sample."""
        return self.total - self.without_pass

    @property
    def pass_at_k(self) -> float:
        """The share of draws holding at least one pass: the unbiased pass@k."""
        return float(pass_at_k(self.n, self.c, self.k))

    def __repr__(self) -> str:
        return (
            f"DrawCounts(n={self.n}, c={self.c}, k={self.k}, "
            f"passes={self.passes[0]}..{self.passes[-1]})"
        )


def draw_counts(n: int, c: int, k: int) -> DrawCounts:
    """Count the draws of k samples out of n (c passed) by passes contained.

    This is what the unbiased estimator counts: of the C(n, k) equally likely
    draws, C(n − c, k) hold no passing sample, so
    pass@k = 1 − C(n − c, k)/C(n, k).

    Examples
    --------
    >>> d = draw_counts(20, 3, 5)
    >>> d.total, d.without_pass, round(d.pass_at_k, 4)
    (15504, 6188, 0.6009)
    >>> d.share.round(4).tolist()
    [0.3991, 0.4605, 0.1316, 0.0088]
    """
    n = _validate.count("n", n, minimum=1, what="samples")
    c = _validate.count("c", c, minimum=0, what="passed samples")
    k = _validate.count("k", k, minimum=1, what="samples")
    if c > n:
        msg = f"c must be at most n = {n} samples, got c = {c}"
        raise ValueError(msg)
    if k > n:
        msg = f"k must be at most n = {n} samples, got k = {k}"
        raise ValueError(msg)
    passes = np.arange(max(0, k - (n - c)), min(c, k) + 1)
    share = stats.hypergeom.pmf(passes, n, c, k)
    return DrawCounts(n, c, k, math.comb(n, k), math.comb(n - c, k), passes, share)


# --------------------------------------------------------------------------- maj@k


@dataclass(frozen=True, eq=False)
class MajCurve:
    """maj@k and pass@k against k for one answer distribution."""

    k: np.ndarray
    maj: np.ndarray
    pass_: np.ndarray  # 1 − (1 − p_correct)^k: exact when p_correct is known
    p_correct: float
    p_distractor: float

    @property
    def limit(self) -> float:
        """Where maj@k heads as k grows: the mode of the answers wins.

        1 if the correct answer is the most likely one, 0 if the strongest
        wrong answer is, ½ if they tie (the tie is broken at random); with
        neither ever sampled every answer is unique and wrong.
        """
        if self.p_correct > self.p_distractor:
            return 1.0
        if self.p_correct < self.p_distractor or self.p_correct == 0.0:
            return 0.0
        return 0.5

    def __repr__(self) -> str:
        return (
            f"MajCurve(k={self.k[0]}..{self.k[-1]}, p_correct={self.p_correct}, "
            f"p_distractor={self.p_distractor}, limit={self.limit})"
        )


def maj_curve(p_correct: float, p_distractor: float, k: object) -> MajCurve:
    """maj@k (majority vote correct) beside pass@k (any sample correct).

    A sample is the correct answer with chance ``p_correct``, the strongest
    wrong answer with chance ``p_distractor``, and otherwise a wrong answer
    that never repeats. maj@k comes from :func:`benchstats.passk.maj_at_k`.

    Examples
    --------
    >>> r = maj_curve(0.3, 0.4, [1, 5, 100])
    >>> r.maj.round(3).tolist(), r.pass_.round(3).tolist(), r.limit
    ([0.3, 0.365, 0.115], [0.3, 0.832, 1.0], 0.0)
    >>> maj_curve(0.7, 0.5, 1)
    Traceback (most recent call last):
    ...
    ValueError: p_correct + p_distractor must be at most 1 (they are chances of two different answers), got 0.7 + 0.5 = 1.2
    """
    pc = _validate.proportion("p_correct", p_correct)
    pd = _validate.proportion("p_distractor", p_distractor)
    if pc + pd > 1.0 + 1e-12:
        msg = (
            "p_correct + p_distractor must be at most 1 (they are chances of two "
            f"different answers), got {pc:g} + {pd:g} = {pc + pd:g}"
        )
        raise ValueError(msg)
    ks = np.atleast_1d(_validate.counts("k", k, minimum=1, what="samples"))
    maj = np.asarray(maj_at_k(pc, pd, ks), dtype=float)
    pass_ = np.asarray(naive_pass_at_k(pc, ks), dtype=float)
    return MajCurve(ks, maj, pass_, pc, pd)


# --------------------------------------------------------------------------- column rule


@dataclass(frozen=True)
class ColumnRule:
    """One row of the column rule: a metric, what it is, and its company."""

    metric: str
    measures: str
    same_column_as: str
    print_with: str


COLUMN_RULE: tuple[ColumnRule, ...] = (
    ColumnRule(
        "pass@1",
        "The chance that one sample passes, averaged over problems.",
        "avg@k (both estimate pass@1), at the same temperature.",
        "n samples per problem, temperature (and top-p), the estimator.",
    ),
    ColumnRule(
        "pass@k (k > 1)",
        "The chance that at least one of k samples passes.",
        "Only pass@k with the same k.",
        "k, n (n ≥ k samples drawn), temperature; the unbiased estimator, not 1 − (1 − p)^k.",
    ),
    ColumnRule(
        "avg@k",
        "The pass rate averaged over k samples per problem: pass@1 with less noise.",
        "pass@1 (the same quantity), at the same temperature.",
        "k, temperature.",
    ),
    ColumnRule(
        "maj@k",
        "The chance that the most common answer of k samples is correct.",
        "Only maj@k with the same k.",
        "k, temperature, how answers are matched and ties broken.",
    ),
)

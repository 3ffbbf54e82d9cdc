"""Paired counts: what the same questions say before any test.

The pages' ``a_only`` (questions only model A got right) and ``b_only`` (only
B) are McNemar's b and c (:func:`benchstats._validate.paired_counts`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from benchstats import _validate


@dataclass(frozen=True)
class PairedCounts:
    """What paired counts say before any test.

    ``discordant`` = b + c, the only questions that tell the models apart;
    ``discordance`` = (b + c)/n; ``lead`` = (b − c)/n; ``null_se`` = √(b + c)/n,
    the SE of the lead if the models were equally good; ``z`` = lead/null_se
    (0 when b + c = 0).
    """

    a_only: int
    b_only: int
    n: int
    discordant: int
    discordance: float
    lead: float
    null_se: float
    z: float


def paired_counts(a_only: int, b_only: int, n: int) -> PairedCounts:
    """The lead, the discordant share and the null SE of paired counts.

    Examples
    --------
    >>> p = paired_counts(20, 8, 198)
    >>> p.discordant, round(p.lead * 100, 1), round(p.null_se * 100, 2), round(p.z, 2)
    (28, 6.1, 2.67, 2.27)
    """
    b, c, n = _validate.paired_counts(a_only, b_only, n, names=("a_only", "b_only"))
    d = b + c
    null_se = math.sqrt(d) / n
    lead = (b - c) / n
    z = lead / null_se if d else 0.0  # no disagreements: no evidence either way
    return PairedCounts(b, c, n, d, d / n, lead, null_se, z)


def paired_score_range(a_only: int, b_only: int, n: int) -> tuple[float, float]:
    """The scores A can have with these paired counts: a_only/n to 1 − b_only/n.

    Examples
    --------
    >>> [round(x, 4) for x in paired_score_range(20, 8, 198)]
    [0.101, 0.9596]
    """
    b, c, n = _validate.paired_counts(a_only, b_only, n, names=("a_only", "b_only"))
    return b / n, 1 - c / n


def paired_score_b(a: float, a_only: int, b_only: int, n: int) -> float:
    """B's score implied by A's score and the paired counts: a − (b − c)/n.

    A's score must be in :func:`paired_score_range`: A got at least ``a_only``
    right and missed at least ``b_only``.

    Examples
    --------
    >>> round(paired_score_b(0.60, 20, 8, 198), 4)
    0.5394
    """
    a = _validate.proportion("a", a)
    b, c, n = _validate.paired_counts(a_only, b_only, n, names=("a_only", "b_only"))
    lo, hi = paired_score_range(b, c, n)
    tol = 1e-9
    if not lo - tol <= a <= hi + tol:
        msg = (
            f"A's score must be from {lo:.1%} to {hi:.1%} with a_only = {b}, "
            f"b_only = {c} and n = {n} (A got at least {b} right and missed at least {c}), "
            f"got {a:.1%}"
        )
        raise ValueError(msg)
    return min(max(a - (b - c) / n, 0.0), 1.0)

"""The overlap rule: where two ±1 SE bars just touch, and what a real test says there."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import special

from benchstats import _validate


@dataclass(frozen=True)
class OverlapRule:
    """``touch_gap`` = se_a + se_b, the gap at which the bars touch; ``se_gap`` =
    √(se_a² + se_b²); ``z`` = touch_gap / se_gap; ``p_value`` its two-sided p.
    """

    se_a: float
    se_b: float
    touch_gap: float
    se_gap: float
    z: float
    p_value: float


def overlap_rule(se_a: float, se_b: float | None = None) -> OverlapRule:
    """The z and two-sided p at which two ±1 SE bars just touch.

    Bars a ± se_a and b ± se_b touch when |a − b| = se_a + se_b, where

        z = (se_a + se_b) / √(se_a² + se_b²),   p = 2·(1 − Φ(z)):

    √2 and p = 0.157 for equal SEs (``se_b`` omitted), falling towards 1 as one
    SE dwarfs the other. Bars that just fail to touch are far from significant.

    Examples
    --------
    >>> r = overlap_rule(0.0348)
    >>> round(r.z, 3), round(r.p_value, 3)
    (1.414, 0.157)
    """
    se_a = _validate.nonnegative("se_a", se_a)
    se_b = se_a if se_b is None else _validate.nonnegative("se_b", se_b)
    if se_a == 0.0 and se_b == 0.0:
        msg = "se_a and se_b cannot both be 0: bars of zero length never overlap by chance"
        raise ValueError(msg)
    touch = se_a + se_b
    se_gap = math.hypot(se_a, se_b)
    z = touch / se_gap
    return OverlapRule(se_a, se_b, touch, se_gap, z, float(2 * special.ndtr(-z)))


def touching(lead: object, se_a: object, se_b: object) -> np.ndarray:
    """Where the bars a ± se_a and b ± se_b overlap or touch: |a − b| ≤ se_a + se_b (arrays).

    Bars that touch in the printed digits (71.4 ± 1.8 and 67.8 ± 1.8) touch.

    Examples
    --------
    >>> touching([0.036, 0.037], 0.018, 0.018).tolist()
    [True, False]
    """
    return np.abs(lead) <= (np.asarray(se_a) + np.asarray(se_b)) * (1 + 1e-9)


def bars_overlap(lead: float, se_a: float, se_b: float) -> bool:
    """True when the bars a ± se_a and b ± se_b overlap or touch (|a − b| ≤ se_a + se_b).

    Examples
    --------
    >>> bars_overlap(0.9343 - 0.9520, 0.0124, 0.0107)
    True
    """
    lead = _validate.real("lead", lead)
    se_a = _validate.nonnegative("se_a", se_a)
    se_b = _validate.nonnegative("se_b", se_b)
    return bool(touching(lead, se_a, se_b))

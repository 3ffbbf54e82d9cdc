"""The overlap rule: where two ±1 SE bars just touch, and what a real test says there.

Two bars touch when the gap equals se_a + se_b, that is
z = (se_a + se_b)/√(se_a² + se_b²) standard errors of the gap: √2 for equal
SEs, two-sided p = 0.157. Bars that fail to touch are a generous test, not a
strict one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from benchstats import _validate

__all__ = ["OverlapRule", "bars_overlap", "overlap_rule", "touching"]


@dataclass(frozen=True)
class OverlapRule:
    """Where two ±1 SE bars just touch, and what the real test says there.

    Fields: ``se_a``, ``se_b``; ``touch_gap`` = se_a + se_b, the gap at which
    the bars touch; ``se_gap`` = √(se_a² + se_b²), the SE of the gap; ``z`` =
    touch_gap / se_gap; ``p_value``, the two-sided p of a gap of that size.
    """

    se_a: float
    se_b: float
    touch_gap: float
    se_gap: float
    z: float
    p_value: float


def overlap_rule(se_a: float, se_b: float | None = None) -> OverlapRule:
    """The z and two-sided p at which two ±1 SE bars just touch.

    Two bars a ± se_a and b ± se_b touch when |a − b| = se_a + se_b. The gap's
    own SE is √(se_a² + se_b²), so at that point

        z = (se_a + se_b) / √(se_a² + se_b²),   p = 2·(1 − Φ(z)).

    For equal SEs z = √2 = 1.414 and p = 0.157: bars that just fail to touch
    are far from significant at 5%. z is largest (√2) for equal SEs and falls
    towards 1 as one SE dwarfs the other.

    Parameters
    ----------
    se_a : float
        Standard error of score A (a proportion), ≥ 0.
    se_b : float, optional
        Standard error of score B, ≥ 0; equal to ``se_a`` when omitted. At
        least one of the two must be above 0.

    Examples
    --------
    >>> r = overlap_rule(0.0348)
    >>> round(r.z, 3), round(r.p_value, 3)
    (1.414, 0.157)
    >>> r = overlap_rule(0.0124, 0.0107)
    >>> round(r.touch_gap, 4), round(r.se_gap, 4), round(r.z, 3), round(r.p_value, 3)
    (0.0231, 0.0164, 1.41, 0.158)
    """
    se_a = _validate.nonnegative("se_a", se_a)
    se_b = se_a if se_b is None else _validate.nonnegative("se_b", se_b)
    if se_a == 0.0 and se_b == 0.0:
        msg = "se_a and se_b cannot both be 0: bars of zero length never overlap by chance"
        raise ValueError(msg)
    touch = se_a + se_b
    se_gap = math.hypot(se_a, se_b)
    z = touch / se_gap
    return OverlapRule(se_a, se_b, touch, se_gap, z, float(2 * stats.norm.sf(z)))


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
    >>> bars_overlap(0.04, 0.0124, 0.0107)
    False
    """
    lead = _validate.real("lead", lead)
    se_a = _validate.nonnegative("se_a", se_a)
    se_b = _validate.nonnegative("se_b", se_b)
    return bool(touching(lead, se_a, se_b))

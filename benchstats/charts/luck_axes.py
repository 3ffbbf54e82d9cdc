"""Where the Luck simulator's chart looks: x-axis ends, the y-axis top, the band.

Pure arithmetic on gaps in whole questions and points, kept apart from the
drawing (:mod:`benchstats.charts.luck`). The ends are rounded coarsely so
that most edits keep the same axes and a browser patches the chart in place.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from benchstats.distribution import GapDistribution
from benchstats.tally import Simulation

__all__ = ["band_points", "bar_questions", "chart_range", "nice_ceiling", "y_top"]

AXIS_ENDS = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8)  # round x-axis ends: a small edit keeps the axis
Y_ENDS = (1, 1.5, 2, 3, 5, 7.5)
WINDOW_TAIL = 2e-4  # the chart shows the gaps that hold all but this much in each tail (~3.5 SD)
HEADROOM = 1.3  # the y axis rises this far above the tallest exact point


def nice_ceiling(x: float, steps: tuple[float, ...] = AXIS_ENDS) -> float:
    """The next round number (``steps`` × 10^k) at or above x; 1 for x ≤ 0.

    Examples
    --------
    >>> nice_ceiling(11.5), nice_ceiling(0.031), nice_ceiling(0), nice_ceiling(7.6, Y_ENDS)
    (15.0, 0.04, 1.0, 10.0)
    """
    if x <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(x))
    return float(next(round(m * power, 12) for m in (*steps, 10) if m * power >= x * (1 - 1e-12)))


def chart_range(
    exact: GapDistribution,
    *,
    lead_questions: int,
    two_sided: bool = True,
    also: tuple[GapDistribution, ...] = (),
    observed: tuple[int, int] | None = None,
) -> tuple[int, int, tuple[float, float]]:
    """Gaps (whole questions) the chart covers and its x-axis ends (round points).

    It covers ``exact`` and ``also`` (all but :data:`WINDOW_TAIL` in each
    tail), every ``observed`` run, 0, and the lead when it is near; the ends
    are rounded coarsely (:data:`AXIS_ENDS`) so most edits keep the same axis
    and the browser updates the chart instead of redrawing it. Two-sided
    axes are symmetric about 0.

    Examples
    --------
    >>> from benchstats import gap_distribution
    >>> dist = GapDistribution.from_support(*gap_distribution(0.8, 100))
    >>> chart_range(dist, lead_questions=4)
    (-25, 25, (-25.0, 25.0))
    """
    lo, hi = exact.window(WINDOW_TAIL)
    for other in (*also, *([] if observed is None else [observed])):
        o_lo, o_hi = other.window(WINDOW_TAIL) if isinstance(other, GapDistribution) else other
        lo, hi = min(lo, o_lo), max(hi, o_hi)
    lo, hi = min(lo, -1), max(hi, 1)  # 0 is always on the chart
    n = exact.n
    to_pts = 100 / n
    if two_sided:
        half = max(-lo, hi)
        if lead_questions <= 1.5 * half:
            half = max(half, lead_questions + 1)
        end = min(nice_ceiling((half + 0.5) * to_pts), 100 + to_pts / 2)
        q = math.floor(end / to_pts + 1e-9)
        return -q, q, (-end, end)
    if lead_questions <= hi + (hi - lo) / 2:
        hi = max(hi, lead_questions + 1)
    step = nice_ceiling((hi - lo + 1) * to_pts / 8)
    low = max(math.floor((lo - 0.5) * to_pts / step) * step, -100 - to_pts / 2)
    high = min(math.ceil((hi + 0.5) * to_pts / step) * step, 100 + to_pts / 2)
    return math.ceil(low / to_pts - 1e-9), math.floor(high / to_pts + 1e-9), (low, high)


def y_top(bins: pd.DataFrame) -> float:
    """The y-axis end (% of runs): room above the exact line, and every bar inside.

    A few runs make tall bars (one run is a bar of 100%): the axis grows to
    hold them and settles back onto the exact line as runs pile up.

    Examples
    --------
    >>> y_top(pd.DataFrame({"exact_pct": [7.05], "reference_pct": [None],
    ...                     "pct_closer": [100.0], "pct_beyond": [0.0]}))
    100.0
    """
    # Column by column as arrays: a two-column selection copies the frame (pandas'
    # overhead was a third of drawing the histogram on every rerun).
    exact = np.concatenate([bins[c].to_numpy(dtype=float) for c in ("exact_pct", "reference_pct")])
    tallest_exact = float(np.nanmax(exact)) if np.isfinite(exact).any() else 0.0
    bars = bins["pct_closer"].to_numpy(dtype=float) + bins["pct_beyond"].to_numpy(dtype=float)
    tallest_bar = float(np.nanmax(bars))
    return min(max(nice_ceiling(HEADROOM * tallest_exact, Y_ENDS), tallest_bar), 100.0)


def band_points(sim: Simulation) -> tuple[float, float]:
    """The shaded band in points, edge to edge of its whole-question bars.

    Two-sided: the gaps within ±``sim.band``; best of K: the central range of
    the best variant's lead.
    """
    n = sim.n
    if sim.two_sided:
        h = round(sim.band * n)
        low, high = -h, h
    else:
        low, high = round(sim.best.low * n), round(sim.best.high * n)
    return (low - 0.5) * 100 / n, (high + 0.5) * 100 / n


def bar_questions(bins: pd.DataFrame, n: int) -> int:
    """How many whole-question gaps one bar gathers."""
    return round((bins["to_pts"].iloc[0] - bins["from_pts"].iloc[0]) * n / 100)

"""discordance_band grades its grid in one go: the same numbers as paired_gap and mcnemar.

The band used to call :func:`benchstats.paired_gap` and :func:`benchstats.mcnemar`
point by point (three scipy calls a point, most of Check a claim's server time
on an edit). It now grades the whole grid with one call per distribution; here
the old loop is the reference, and every field must be equal bit for bit.
"""

from __future__ import annotations

import numpy as np
import pytest

from benchstats import mcnemar, paired_gap
from benchstats.discordance import _count_range, _right_answers, discordance_band

FIELDS = ("low", "high", "z", "p_value", "p_asymptotic")

CASES = [
    (125 / 198, 113 / 198, 198),
    (0.82, 0.78, 100),
    (0.82, 0.78, 200),
    (0.823, 0.78, 1000),  # more feasible counts than grid points: a sampled grid
    (0.6, 0.5, 198),
    (0.5, 0.5, 100),  # level scores
    (1.0, 0.0, 40),  # one feasible discordance, every question split
    (0.0, 0.0, 10),  # never disagree
    (1.0, 1.0, 7),
    (0.97, 0.99, 300),
    (0.3, 0.7, 3),
    (0.5, 0.5, 1),
    (0.9, 0.1, 1_000_000),
]


def reference(a_only, b_only, n, level):
    """The band's fields as the old loop computed them: paired_gap and mcnemar per point."""
    out = {k: np.empty(np.shape(a_only)) for k in FIELDS}
    clears = np.empty(np.shape(a_only), dtype=bool)
    for idx in np.ndindex(np.shape(a_only)):
        key = int(np.asarray(a_only)[idx]), int(np.asarray(b_only)[idx])
        gap = paired_gap(*key, n, confidence_level=level)
        p_asym = mcnemar(*key, method="asymptotic").p_value
        values = (gap.low, gap.high, gap.z, gap.p_value, p_asym)
        for name, value in zip(FIELDS, values, strict=True):
            out[name][idx] = value
        clears[idx] = gap.clears
    return out, clears


def reference_threshold(a, b, n, level):
    """The least D/n at which paired_gap stops clearing, by walking every feasible D."""
    k_a, k_b = _right_answers(a, b, n)
    lead = k_a - k_b
    d_lo, d_hi = _count_range(k_a, k_b, n)
    verdicts = [
        (d, paired_gap((d + lead) // 2, (d - lead) // 2, n, confidence_level=level).clears)
        for d in range(d_lo, d_hi + 1, 2)
    ]
    if all(c for _, c in verdicts):
        return None
    return next(d for d, c in verdicts if not c) / n


def assert_same(band, a_only, b_only, n, level):
    want, clears = reference(a_only, b_only, n, level)
    for name in FIELDS:
        got = np.asarray(getattr(band, name))
        assert got.tobytes() == want[name].tobytes(), name  # bit for bit, NaN-safe
    assert np.array_equal(np.asarray(band.clears), clears)


@pytest.mark.parametrize(("a", "b", "n"), CASES)
@pytest.mark.parametrize("level", [0.95, 0.9, 0.99])
def test_grid_equals_paired_gap_point_by_point(a, b, n, level):
    if n > 10_000 and level != 0.95:
        pytest.skip("one large case is enough")
    band = discordance_band(a, b, n, confidence_level=level)
    assert_same(band, band.a_only, band.b_only, n, level)
    if n <= 10_000:  # the walk is one paired_gap per feasible count
        assert band.threshold == reference_threshold(a, b, n, level)


@pytest.mark.parametrize(("a", "b", "n"), CASES[:6])
def test_one_discordance_and_a_2d_grid(a, b, n):
    low, high = discordance_band(a, b, n).d_min, discordance_band(a, b, n).d_max
    point = discordance_band(a, b, n, (low + high) / 2)
    assert isinstance(point.p_value, float) and isinstance(point.clears, bool)
    assert_same(point, point.a_only, point.b_only, n, 0.95)
    grid = np.linspace(0, 1, 12).reshape(3, 4)
    square = discordance_band(a, b, n, grid)
    assert np.shape(square.p_value) == (3, 4)
    assert_same(square, square.a_only, square.b_only, n, 0.95)


def test_threshold_of_a_large_benchmark():
    """Past what a walk can check: paired_gap clears just below the threshold, not at it."""
    assert discordance_band(0.9, 0.1, 1_000_000).threshold is None  # clears at any discordance
    band = discordance_band(0.5004, 0.5, 100_000)
    lead = band.a_right - band.b_right
    d = round(band.threshold * band.n)
    assert band.d_min < band.threshold < band.d_max
    assert not paired_gap((d + lead) // 2, (d - lead) // 2, band.n).clears
    assert paired_gap((d - 2 + lead) // 2, (d - 2 - lead) // 2, band.n).clears

"""Reading numbers off an exact gap distribution (benchstats.luck.GapDistribution)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchstats.luck import (
    GapDistribution,
    binomial_gap,
    gap_distribution,
    nearest_count,
    prob_gap_at_least,
)


def dist(p: float, n: int) -> GapDistribution:
    return binomial_gap(p, n)


# x<-0:100; P<-outer(dbinom(x,100,.8),dbinom(x,100,.8)); D<-outer(x,x,"-")
# sum(P[abs(D)>=4]); sum(P[D>=4]); sum(P[D==0])
#   0.5355091811 0.2677545905 0.0705357939
def test_article_figures_match_r():
    d = dist(0.8, 100)
    assert d.share_at_least(0.04) == pytest.approx(0.5355091811, abs=1e-10)
    assert d.share_at_least(0.04, two_sided=False) == pytest.approx(0.2677545905, abs=1e-10)
    assert d.probs[d.n] == pytest.approx(0.0705357939, abs=1e-10)
    assert round(100 * d.sd, 2) == 5.66  # √(2·0.8·0.2/100) in points
    assert d.sd == pytest.approx(math.sqrt(2 * 0.8 * 0.2 / 100), rel=1e-12)
    assert round(100 * d.share_at_least(0.04), 1) in (53.5, 53.6)


def test_band_of_luck_is_eleven_points_at_80_percent_on_100():
    d = dist(0.8, 100)
    assert d.half_width() == pytest.approx(0.11)
    k = np.arange(-100, 101)
    assert d.probs[np.abs(k) <= 11].sum() >= 0.95
    assert d.probs[np.abs(k) <= 10].sum() < 0.95


@settings(max_examples=60, deadline=None)
@given(
    p=st.floats(0.01, 0.99),
    n=st.integers(1, 400),
    lead=st.floats(-1.0, 1.0),
    two_sided=st.booleans(),
)
def test_share_agrees_with_core_rounding(p, n, lead, two_sided):
    """Same rounding of the lead to whole questions as prob_gap_at_least."""
    ours = dist(p, n).share_at_least(lead, two_sided=two_sided)
    assert ours == pytest.approx(prob_gap_at_least(p, n, lead, two_sided=two_sided), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(p=st.floats(0.01, 0.99), n=st.integers(1, 300), level=st.floats(0.5, 0.999))
def test_half_width_is_the_smallest_band(p, n, level):
    d = dist(p, n)
    h = round(d.half_width(level) * n)
    k = np.abs(d.gaps)
    assert d.probs[k <= h].sum() >= level - 1e-12
    if h > 0:
        assert d.probs[k <= h - 1].sum() < level


@settings(max_examples=60, deadline=None)
@given(p=st.floats(0.01, 0.99), n=st.integers(1, 300), q=st.floats(0.001, 0.999))
def test_quantile_by_a_plain_loop(p, n, q):
    d = dist(p, n)
    total, expected = 0.0, None
    for k, pk in zip(d.gaps, d.probs, strict=True):
        total += pk
        if total >= q - 1e-12:
            expected = k / n
            break
    assert d.quantile(q) == pytest.approx(expected)


def test_window_leaves_little_in_each_tail():
    d = dist(0.8, 10_000)
    lo, hi = d.window(1e-6)
    k = d.gaps
    assert d.probs[k < lo].sum() <= 1e-6
    assert d.probs[k > hi].sum() <= 1e-6
    assert lo == -hi  # a symmetric distribution gets a symmetric window
    assert hi < 10 * d.sd * d.n  # and a narrow one: ~5 SD, not the whole −n … n


def test_mean_and_sd_of_a_shifted_distribution():
    d = GapDistribution(n=2, lo=-2, probs=np.array([0, 0, 0.5, 0.5, 0]))
    assert d.n == 2
    assert d.mean == pytest.approx(0.25)
    assert d.sd == pytest.approx(0.25)


@pytest.mark.parametrize(
    ("lead", "n", "expected"),
    [(0.04, 100, 4), (0.045, 100, 5), (0.044, 100, 4), (-0.04, 100, 4), (0.0, 7, 0), (1.0, 3, 3)],
)
def test_a_lead_counts_as_whole_questions_ties_up(lead, n, expected):
    assert nearest_count(abs(lead), n) == expected
    d = dist(0.5, n)  # the share reads the lead the same way
    assert d.share_at_least(lead, two_sided=False) == pytest.approx(
        d.probs[d.gaps >= expected].sum()
    )


def test_the_api_tuple_is_the_distribution():
    support, probs = gap_distribution(0.8, 100)
    d = dist(0.8, 100)
    np.testing.assert_array_equal(support, d.support)
    np.testing.assert_array_equal(probs, d.probs)
    assert (d.n, d.lo, d.hi) == (100, -100, 100)
    with pytest.raises(ValueError, match="level must be between 0 and 1"):
        d.half_width(95)


def test_trimmed_keeps_every_number_and_is_small():
    full = dist(0.8, 100_000)
    small = full.trimmed()
    assert small.probs.size < 3_000  # not 200,001
    for lead in (0, 0.001, 0.004, 0.01, 0.02, 0.5):
        for two_sided in (True, False):
            assert small.share_at_least(lead, two_sided=two_sided) == pytest.approx(
                full.share_at_least(lead, two_sided=two_sided), abs=2e-10
            )
    assert small.half_width() == full.half_width()
    assert small.quantile(0.3) == full.quantile(0.3)
    assert small.sd == pytest.approx(full.sd, rel=1e-7)
    lo, hi = small.lo, small.hi
    np.testing.assert_array_equal(small.probs_for(lo - 2, hi + 2)[2:-2], full.probs_for(lo, hi))
    assert small.probs_for(hi + 1, hi + 3).sum() == 0


def test_window_of_a_point_mass():
    d = GapDistribution(n=3, lo=-3, probs=np.array([0, 0, 0, 1.0, 0, 0, 0]))
    assert d.window() == (0, 0)
    assert d.half_width() == 0.0


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.floats(0.0, 1.0), min_size=2, max_size=12).filter(lambda v: sum(v) > 0),
    st.lists(st.floats(0.0, 1.0), min_size=2, max_size=12).filter(lambda v: sum(v) > 0),
)
def test_gap_of_two_counts_by_a_double_loop(a, b):
    size = min(len(a), len(b))
    pa = np.array(a[:size]) / sum(a[:size]) if sum(a[:size]) > 0 else np.eye(size)[0]
    pb = np.array(b[:size]) / sum(b[:size]) if sum(b[:size]) > 0 else np.eye(size)[0]
    n = size - 1
    ref = np.zeros(2 * n + 1)
    for x in range(size):
        for y in range(size):
            ref[x - y + n] += pa[x] * pb[y]
    d = GapDistribution.from_count_pmfs(pa, pb)
    assert (d.n, d.lo) == (n, -n)
    np.testing.assert_allclose(d.probs, ref / ref.sum(), atol=1e-15)
    np.testing.assert_allclose(d.support, np.arange(-n, n + 1) / n)

"""benchstats.overlap and benchstats.scores (the overlap rule, one score, chance correction) against independent references: R, statsmodels and brute force.

R values were produced with (R 4.2.2, stats only)::

    Rscript -e '
    f <- function(x) sprintf("%.10f", x)
    cat(f(2*pnorm(-sqrt(2))), "\n")                                  # equal SEs
    z <- (1.24+1.07)/sqrt(1.24^2+1.07^2); cat(f(z), f(2*pnorm(-z)), "\n")
    z <- (3+1)/sqrt(9+1); cat(f(z), f(2*pnorm(-z)), "\n")
    p<-.6; n<-198; se<-sqrt(p*(1-p)/n); cat(f(se), f(p-qnorm(.975)*se), f(p+qnorm(.975)*se), "\n")
    p<-.5; n<-50; se<-sqrt(p*(1-p)/n); cat(f(se), f(2*qnorm(.975)*se), "\n")
    zs <- qnorm(.975)+qnorm(.8); cat(f(zs*sqrt(.0124^2+.0107^2)), "\n")
    cat(f(qnorm(.975)*sqrt(2*.6*.4/198)), "\n")
    x <- dbinom(0:100, 100, .8); d <- outer(0:100, 0:100, "-"); P <- outer(x, x)
    cat(f(sum(P[abs(d) >= 4])), f(sum(P[d >= 4])), f(sum(P[d == 0])), "\n")
    cat(f(.05 - qnorm(.975)*sqrt(.05*.95/20)), "\n")
    b<-20;c<-8;n<-198; cat(f((b-c)/n), f(sqrt(b+c)/n), f((b-c)/sqrt(b+c)), "\n")'
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from benchstats.gaps import gap_from_standard_errors, unpaired_gap
from benchstats.intervals import METHODS
from benchstats.overlap import bars_overlap, overlap_rule
from benchstats.scores import chance_corrected_gap, chance_view, score_intervals, score_summary

FAST = settings(max_examples=60, deadline=None)


# --------------------------------------------------------------------------- overlap rule


@pytest.mark.parametrize(
    ("se_a", "se_b", "z", "p"),
    [
        (0.0348, None, math.sqrt(2), 0.1572992071),  # R: 2*pnorm(-sqrt(2))
        (0.0124, 0.0107, 1.4103994001, 0.1584217824),
        (0.03, 0.01, 1.2649110641, 0.2059032107),
    ],
)
def test_overlap_rule_against_r(se_a, se_b, z, p):
    rule = overlap_rule(se_a, se_b)
    assert rule.z == pytest.approx(z, rel=1e-9)
    assert rule.p_value == pytest.approx(p, rel=1e-8)


def test_overlap_rule_figures_row():
    # FIGURES.md: bars that just fail to touch, equal SEs: 1.41 SE apart, p = 0.157
    rule = overlap_rule(0.05)
    assert round(rule.z, 2) == 1.41
    assert round(rule.p_value, 3) == 0.157


@FAST
@given(
    se_a=st.floats(1e-4, 0.3),
    se_b=st.floats(1e-4, 0.3),
    b=st.floats(0.0, 0.4),
)
def test_overlap_rule_is_the_z_test_at_the_touching_gap(se_a, se_b, b):
    # Independent path: grade two scores exactly se_a + se_b apart with the core's z test.
    rule = overlap_rule(se_a, se_b)
    gap = gap_from_standard_errors(b + se_a + se_b, se_a, b, se_b)
    assert rule.p_value == pytest.approx(gap.p_value, rel=1e-9, abs=1e-15)
    assert 1.0 < rule.z <= math.sqrt(2) + 1e-12  # √2 only for equal SEs


def test_overlap_rule_one_zero_se_and_refusals():
    assert overlap_rule(0.02, 0.0).z == pytest.approx(1.0)
    with pytest.raises(ValueError, match="cannot both be 0"):
        overlap_rule(0.0, 0.0)
    with pytest.raises(ValueError, match="se_a must be 0 or more, got -0.01"):
        overlap_rule(-0.01)
    with pytest.raises(TypeError, match="se_b must be a number"):
        overlap_rule(0.01, "x")


@pytest.mark.parametrize(
    ("lead", "expected"),
    [(0.0231, True), (-0.0231, True), (0.02311, False), (0.0, True), (-0.05, False)],
)
def test_bars_overlap_edges(lead, expected):
    assert bars_overlap(lead, 0.0124, 0.0107) is expected


# --------------------------------------------------------------------------- one score


def test_score_summary_figures_60_on_198():
    s = score_summary(0.60, 198)
    assert s.se == pytest.approx(0.0348155312, rel=1e-9)
    assert (s.low, s.high) == pytest.approx((0.5317628128, 0.6682371872), rel=1e-9)
    assert round(s.width * 100, 1) == 13.6
    assert (s.count, s.whole_count, s.is_whole) == (pytest.approx(118.8), 119, False)


def test_score_summary_figures_four_slices_of_50():
    # FIGURES.md: SE about 7 points; 95% interval about 28 points wide
    s = score_summary(0.5, 50)
    assert s.se == pytest.approx(0.0707106781, rel=1e-9)
    assert s.width == pytest.approx(0.2771807649, rel=1e-9)
    assert round(s.se * 100) == 7 and round(s.width * 100) == 28


def test_score_summary_counts_round_half_up():
    assert score_summary(0.85, 40).whole_count == 34
    assert score_summary(0.85, 40).is_whole
    assert score_summary(0.5, 3).whole_count == 2  # 1.5 → 2, not banker's 2… nor 1
    assert score_summary(0.25, 2).whole_count == 1  # 0.5 → 1


def test_score_intervals_figures_34_of_40():
    wilson, cp = score_intervals(34, 40, methods=("wilson", "clopper-pearson"))
    assert (round(wilson.low * 100, 1), round(wilson.high * 100, 1)) == (70.9, 92.9)
    assert (round(cp.low * 100, 1), round(cp.high * 100, 1)) == (70.2, 94.3)


# statsmodels' names for the same intervals (its "normal" is Wald, clipped to [0, 1])
SM = {
    "wilson": "wilson",
    "clopper-pearson": "beta",
    "jeffreys": "jeffreys",
    "agresti-coull": "agresti_coull",
}


@pytest.mark.parametrize("k", [3, 17, 34, 39])
def test_score_intervals_match_statsmodels(k):
    rows = {r.method: r for r in score_intervals(k, 40)}
    for method, sm in SM.items():
        lo, hi = proportion_confint(k, 40, alpha=0.05, method=sm)
        assert (rows[method].low, rows[method].high) == pytest.approx((lo, hi), abs=1e-9)
    # Bayes, uniform prior: equal-tailed Beta(k+1, n-k+1)
    b = stats.beta(k + 1, 40 - k + 1)
    assert (rows["bayes"].low, rows["bayes"].high) == pytest.approx(b.ppf([0.025, 0.975]))


def test_wald_flags():
    (zero,) = score_intervals(0, 20, methods=("wald",))
    (full,) = score_intervals(20, 20, methods=("wald",))
    (one,) = score_intervals(1, 20, methods=("wald",))
    assert zero.zero_width and full.zero_width and not one.zero_width
    assert one.leaves_range and one.low == pytest.approx(-0.0455168294, rel=1e-8)
    assert not zero.leaves_range


@FAST
@given(st.integers(1, 400).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_only_wald_collapses_or_leaves_the_range(kn):
    k, n = kn
    for row in score_intervals(k, n):
        if row.method != "bayes":  # equal-tailed Beta(k+1, n-k+1) excludes 0 at k = 0
            assert row.low <= row.estimate <= row.high
        if row.method != "wald":
            assert not row.zero_width and not row.leaves_range
        else:
            assert row.zero_width == (k in (0, n))


def test_score_intervals_order_and_names():
    rows = score_intervals(5, 10)
    assert tuple(r.method for r in rows) == METHODS
    assert rows[1].name == "Clopper–Pearson"


# --------------------------------------------------------------------------- chance correction


@pytest.mark.parametrize(("options", "factor"), [(4, 4 / 3), (10, 10 / 9), (2, 2.0)])
def test_chance_view_stretches_by_one_factor(options, factor):
    v = chance_view(0.60, 0.50, options, se_a=0.0348, se_b=0.03, se_lead=0.046)
    g = 1 / options
    assert v.factor == pytest.approx(factor)
    assert v.a == pytest.approx((0.60 - g) / (1 - g))
    assert v.lead == pytest.approx(0.10 * factor)
    assert (v.se_a, v.se_b, v.se_lead) == pytest.approx(
        (0.0348 * factor, 0.03 * factor, 0.046 * factor)
    )
    assert v.z == pytest.approx(0.10 / 0.046)  # no precision bought


def test_chance_view_figures_rows():
    # FIGURES.md: 60% with 4 options → 46.7%; SE ×1.33 (3.48 → 4.64); 10 options: ×1.11
    se = score_summary(0.6, 198).se
    v = chance_view(0.6, 0.6, 4, se_a=se, se_b=se, se_lead=se)
    assert round(v.a * 100, 1) == 46.7
    assert round(v.factor, 2) == 1.33
    assert (round(se * 100, 2), round(v.se_a * 100, 2)) == (3.48, 4.64)
    assert round(chance_view(0.6, 0.6, 10, se_a=se, se_b=se, se_lead=se).factor, 2) == 1.11


def test_chance_view_refuses_one_option():
    with pytest.raises(
        ValueError, match="options must be a whole number of answer options ≥ 2, got 1"
    ):
        chance_view(0.6, 0.5, 1, se_a=0.01, se_b=0.01, se_lead=0.01)


@FAST
@given(
    a=st.floats(0.01, 0.99),
    b=st.floats(0.01, 0.99),
    n=st.integers(10, 5000),
    options=st.integers(2, 26),
)
def test_chance_corrected_gap_keeps_z_and_p(a, b, n, options):
    g = unpaired_gap(a, b, n)
    c = chance_corrected_gap(g, options)
    f = options / (options - 1)
    assert (c.z, c.p_value, c.clears) == (g.z, g.p_value, g.clears)
    assert (c.lead, c.low, c.high, c.se) == pytest.approx(
        (g.lead * f, g.low * f, g.high * f, g.se * f)
    )

"""benchstats.verdicts against independent references: R, statsmodels and brute force.

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

import csv
import io
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from benchstats.gaps import gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.intervals import METHODS
from benchstats.mcnemar import mcnemar
from benchstats.power import minimum_detectable_effect
from benchstats.verdicts import (
    ARTICLE_CASES,
    arithmetic_paired,
    arithmetic_reported_se,
    arithmetic_unpaired,
    article_rows,
    bars_overlap,
    chance_corrected_gap,
    chance_view,
    clearing_lead,
    detectable_lead,
    equal_models_luck,
    fmt_count,
    fmt_p,
    fmt_percent,
    fmt_points,
    fmt_score,
    fmt_z,
    overlap_rule,
    paired_counts,
    paired_row,
    paired_score_b,
    paired_score_range,
    report_paired,
    report_reported_se,
    report_score,
    report_unpaired,
    reported_se_row,
    score_intervals,
    score_summary,
    unpaired_row,
    verdict_records,
    verdict_sentence,
)

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


# --------------------------------------------------------------------------- paired


def test_paired_counts_figures_row():
    p = paired_counts(20, 8, 198)
    assert p.lead == pytest.approx(0.0606060606, rel=1e-9)
    assert p.null_se == pytest.approx(0.0267247607, rel=1e-9)
    assert p.z == pytest.approx(2.2677868381, rel=1e-9)
    assert (p.discordant, round(p.discordance, 4)) == (28, 0.1414)
    # the core agrees
    g = paired_gap(20, 8, 198)
    assert (g.se_null, g.z) == pytest.approx((p.null_se, p.z))


def test_paired_counts_refusals():
    with pytest.raises(
        ValueError, match=r"a_only \+ b_only must be at most n .* 150 \+ 60 = 210 with n = 198"
    ):
        paired_counts(150, 60, 198)
    with pytest.raises(
        ValueError, match="a_only must be a whole number of questions only A got right ≥ 0, got -3"
    ):
        paired_counts(-3, 8, 198)
    assert paired_counts(0, 0, 10).z == 0.0


@FAST
@given(
    st.integers(1, 300).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(0, n)).flatmap(
            lambda t: st.tuples(st.just(t[0]), st.just(t[1]), st.integers(0, t[0] - t[1])).flatmap(
                lambda u: st.tuples(
                    st.just(u[0]), st.just(u[1]), st.just(u[2]), st.integers(0, u[0] - u[1] - u[2])
                )
            )
        )
    )
)
def test_paired_score_b_matches_per_question_vectors(args):
    # Brute force: build two 0/1 vectors with b only-A, c only-B and `both` both-right questions.
    n, b, c, both = args
    right_a = np.zeros(n, int)
    right_b = np.zeros(n, int)
    right_a[:b] = 1
    right_b[b : b + c] = 1
    right_a[b + c : b + c + both] = 1
    right_b[b + c : b + c + both] = 1
    a = right_a.mean()
    lo, hi = paired_score_range(b, c, n)
    assert lo - 1e-12 <= a <= hi + 1e-12
    assert paired_score_b(a, b, c, n) == pytest.approx(right_b.mean(), abs=1e-12)
    assert paired_counts(b, c, n).lead == pytest.approx(a - right_b.mean(), abs=1e-12)


def test_paired_score_b_refuses_impossible_a():
    with pytest.raises(ValueError, match="A's score must be from 100.0% to 100.0%"):
        paired_score_b(0.5, 10, 0, 10)


# --------------------------------------------------------------------------- power and luck


def test_detectable_lead_figures_reported_se_row():
    se = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107).se
    assert detectable_lead(se) == pytest.approx(0.0458853134, rel=1e-8)
    assert round(detectable_lead(se) * 100, 1) == 4.6


@FAST
@given(p=st.floats(0.01, 0.99), n=st.integers(1, 100_000))
def test_detectable_lead_of_two_scores_near_p_is_the_core_mde(p, n):
    se = unpaired_gap(p, p, n).se
    assert detectable_lead(se) == pytest.approx(minimum_detectable_effect(n, p=p), rel=1e-12)


def test_clearing_lead_figures_60_vs_60():
    g = unpaired_gap(0.6, 0.6, 198)
    assert clearing_lead(g) == pytest.approx(0.0965019556, rel=1e-9)


def test_equal_models_luck_figures_against_brute_force():
    luck = equal_models_luck(0.82, 0.78, 100)
    assert luck.p == pytest.approx(0.8)
    assert luck.either_way == pytest.approx(0.5355091811, rel=1e-9)
    assert luck.one_way == pytest.approx(0.2677545905, rel=1e-9)
    assert luck.tie == pytest.approx(0.0705357939, rel=1e-9)


# --------------------------------------------------------------------------- verdict table

# FIGURES.md, grading a lead: (a, b, n) → SE (points), low, high, clears
GRADING = [
    (0.82, 0.78, 100, 5.65, -7.1, 15.1, False),
    (0.82, 0.78, 448, 2.67, -1.2, 9.2, False),
    (0.82, 0.78, 1000, 1.79, 0.5, 7.5, True),
    (0.82, 0.78, 2000, 1.26, 1.5, 6.5, True),
    (0.815, 0.80, 500, 2.49, -3.4, 6.4, False),
    (0.81, 0.79, 1000, 1.79, -1.5, 5.5, False),
    (0.60, 0.60, 198, 4.92, -9.7, 9.7, False),
]


def test_article_rows_reproduce_the_grading_table():
    rows = article_rows()
    assert len(rows) == len(ARTICLE_CASES)
    for row, (a, b, n, se, low, high, clears) in zip(rows, GRADING, strict=False):
        assert row.case.endswith(f"{n:,} questions")
        assert row.kind == "unpaired"
        assert round(row.lead * 100, 1) == round((a - b) * 100, 1)
        assert round(row.se * 100, 2) == se
        assert (round(row.low * 100, 1), round(row.high * 100, 1)) == (low, high)
        assert (row.verdict == "clears zero") is clears
    se_row, pair_row = rows[-2], rows[-1]
    assert (se_row.kind, round(se_row.se * 100, 2), round(abs(se_row.z), 1)) == (
        "reported SE",
        1.64,
        1.1,
    )
    assert (pair_row.kind, round(pair_row.lead * 100, 1), round(pair_row.p_value, 3)) == (
        "paired",
        6.1,
        0.024,
    )
    assert all(r.source.startswith("FIGURES.md") for r in rows)


def test_rows_match_the_core_they_wrap():
    g = unpaired_gap(0.7, 0.6, 300, n_b=500)
    r = unpaired_row(0.7, 0.6, 300, n_b=500)
    assert (r.lead, r.se, r.low, r.high, r.p_value) == (g.lead, g.se, g.low, g.high, g.p_value)
    assert r.case == "70% vs 60%, 300 and 500 questions"
    s = reported_se_row(0.5, 0.01, 0.45, 0.02)
    assert s.se == pytest.approx(math.hypot(0.01, 0.02))
    p = paired_row(20, 8, 198, method="wald")
    assert p.high == paired_gap(20, 8, 198, method="wald").high


def test_verdict_records_make_a_clean_csv():
    records = verdict_records([*article_rows(), unpaired_row(1.0, 0.0, 20)])
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(records[0]))
    writer.writeheader()
    writer.writerows(records)
    text = buf.getvalue()
    assert "nan" not in text.lower() and "inf" not in text.lower()
    back = list(csv.DictReader(io.StringIO(text)))
    assert back[1]["case"] == "82% vs 78%, 448 questions"
    assert float(back[1]["low (points)"]) == pytest.approx(-1.2, abs=0.05)
    assert back[-1]["z"] == ""  # an infinite z (both SEs 0) is left empty, not "inf"


# --------------------------------------------------------------------------- formatting


@pytest.mark.parametrize(
    ("fn", "x", "text"),
    [
        (fmt_points, 0.0606, "+6.1"),
        (fmt_points, -0.0123, "−1.2"),
        (fmt_points, -0.0004, "0.0"),
        (fmt_points, 0.0004, "0.0"),
        (fmt_points, 12.5, "+1,250.0"),
        (fmt_percent, 0.70906, "70.9%"),
        (fmt_percent, -0.12, "−12.0%"),
        (fmt_score, 0.9343, "93.43%"),
        (fmt_score, 0.8, "80%"),
        (fmt_p, 0.0235, "0.024"),
        (fmt_p, 0.00049, "< 0.001"),
        (fmt_p, 0.0005, "0.001"),
        (fmt_p, 1.0, "1.000"),
        (fmt_count, 11159, "11,159"),
        (fmt_count, 118.8, "118.8"),
        (fmt_z, float("inf"), "∞"),
        (fmt_z, -1.0807, "−1.08"),
    ],
)
def test_formatters(fn, x, text):
    assert fn(x) == text


def test_report_lines_as_the_issue_writes_them():
    assert report_score(34, 40) == "34 of 40, Wilson 95%: 70.9% to 92.9%"
    g = paired_gap(20, 8, 198)
    line = report_paired(g, mcnemar(20, 8), n=198)
    assert line.startswith("A − B = +6.1 points, 95% interval +")
    assert line.endswith("(Tango), McNemar mid-p = 0.024, 28 of 198 questions discordant")
    exact = report_paired(g, mcnemar(20, 8, method="exact"), n=198)
    assert "McNemar exact p = 0.036" in exact
    assert report_unpaired(
        unpaired_gap(0.82, 0.78, 448, n_b=500), a=0.82, b=0.78, n=448, n_b=500
    ).startswith("82% vs 78% on 448 and 500 questions: ")
    g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    assert "A − B = −1.8 points" in report_reported_se(
        g, a=0.9343, se_a=0.0124, b=0.952, se_b=0.0107
    )


def test_verdict_sentences():
    assert verdict_sentence(unpaired_gap(0.82, 0.78, 2000)).startswith("A's lead clears the noise")
    assert "stays below zero" in verdict_sentence(unpaired_gap(0.78, 0.82, 2000))
    assert verdict_sentence(unpaired_gap(0.6, 0.6, 198)).startswith("No lead")
    assert "these 448 questions cannot tell" in verdict_sentence(
        unpaired_gap(0.82, 0.78, 448), questions="these 448 questions"
    )


def test_arithmetic_lines_carry_the_same_numbers():
    g = unpaired_gap(0.82, 0.78, 448)
    lines = arithmetic_unpaired(g, a=0.82, b=0.78, n=448)
    assert "= 0.0267, that is 2.67 points." in lines[1]
    assert lines[2].endswith("= −1.2 to +9.2 points.")
    se_lines = arithmetic_reported_se(
        gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107), se_a=0.0124, se_b=0.0107
    )
    assert se_lines[0] == "Lead = a − b = −1.77 points."
    paired = arithmetic_paired(paired_gap(20, 8, 198, method="wald"), paired_counts(20, 8, 198))
    assert "the other 170 cancel out" in paired[-1]

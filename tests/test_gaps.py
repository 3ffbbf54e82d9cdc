"""Gaps between two models: unpaired, from reported SEs, and paired (Tango and Wald).

Reference rows are pasted from statsmodels and R, with the command that made them;
neither R nor a network is needed to run this file.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats import GapResult, gap_from_standard_errors, mcnemar, paired_gap, unpaired_gap

# --- unpaired -----------------------------------------------------------------------------

# (count_a, n_a, count_b, n_b, confidence_level, low, high, z, p_value), produced by
#   .venv/bin/python -c "from statsmodels.stats.proportion import confint_proportions_2indep,
#   test_proportions_2indep; print(confint_proportions_2indep(c1, n1, c2, n2, method='wald',
#   compare='diff', alpha=1 - cl), test_proportions_2indep(c1, n1, c2, n2, method='wald',
#   compare='diff', alternative='two-sided'))"      (statsmodels 0.15.0)
SM_UNPAIRED = [
    (82, 100, 78, 100, 0.95, -0.0707336288381071, 0.15073362883810695, 0.7079923254047874, 0.4789500234203591),
    (820, 1000, 780, 1000, 0.95, 0.004982951929587642, 0.0750170480704122, 2.238868314198221, 0.025164485700318796),
    (164, 200, 117, 150, 0.95, -0.0450272044733117, 0.12502720447331156, 0.9220408911151464, 0.3565072468139686),
    (60, 198, 60, 198, 0.95, -0.09052748848472585, 0.09052748848472585, 0.0, 1.0),
    (30, 30, 20, 30, 0.9, 0.1917668732415129, 0.47489979342515387, 3.8729833462074175, 0.00010751117672950024),
    (407, 500, 400, 500, 0.99, -0.05028270904597, 0.0782827090459698, 0.560984606667649, 0.5748080310086643),
]  # fmt: skip


@pytest.mark.parametrize(
    "row", SM_UNPAIRED, ids=[f"ref-unpaired-{r[0]}/{r[1]}-vs-{r[2]}/{r[3]}" for r in SM_UNPAIRED]
)
def test_reference_unpaired_matches_statsmodels(row):
    ca, na, cb, nb, cl, low, high, z, p = row
    g = unpaired_gap(ca / na, cb / nb, na, n_b=nb, confidence_level=cl)
    assert g.lead == pytest.approx(ca / na - cb / nb, abs=1e-15)
    assert g.low == pytest.approx(low, abs=1e-12)
    assert g.high == pytest.approx(high, abs=1e-12)
    assert g.z == pytest.approx(z, abs=1e-12)
    assert g.p_value == pytest.approx(p, abs=1e-12)
    assert g.confidence_level == cl
    assert g.clears == (low > 0 or high < 0)


def test_unpaired_se_formula_and_default_n_b():
    g = unpaired_gap(0.82, 0.78, 100)
    assert g.se == pytest.approx(math.sqrt(0.82 * 0.18 / 100 + 0.78 * 0.22 / 100), rel=1e-15)
    assert g == unpaired_gap(0.82, 0.78, 100, n_b=100)
    z = stats.norm.ppf(0.975)
    assert (g.low, g.high) == pytest.approx((0.04 - z * g.se, 0.04 + z * g.se), abs=1e-15)


def test_unpaired_is_antisymmetric():
    ab = unpaired_gap(0.7, 0.6, 300, n_b=200)
    ba = unpaired_gap(0.6, 0.7, 200, n_b=300)
    assert ba.lead == pytest.approx(-ab.lead)
    assert ba.se == pytest.approx(ab.se)
    assert (ba.low, ba.high) == pytest.approx((-ab.high, -ab.low))
    assert ba.p_value == pytest.approx(ab.p_value)


def test_clears_follows_the_interval():
    assert not unpaired_gap(0.82, 0.78, 100).clears
    assert unpaired_gap(0.82, 0.78, 2000).clears
    assert unpaired_gap(0.78, 0.82, 2000).clears  # a clear deficit also clears 0


def test_gap_result_is_frozen():
    g = unpaired_gap(0.82, 0.78, 100)
    assert isinstance(g, GapResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.lead = 0.5  # type: ignore[misc]


@settings(max_examples=60, deadline=None)
@given(
    a=st.floats(0.01, 0.99),
    b=st.floats(0.01, 0.99),
    n=st.integers(1, 100_000),
    cl=st.floats(0.5, 0.999),
)
def test_unpaired_p_value_and_interval_agree(a, b, n, cl):
    # The level-cl interval excludes 0 exactly when the two-sided p-value is below 1 - cl.
    g = unpaired_gap(a, b, n, confidence_level=cl)
    assert g.p_value == pytest.approx(2 * stats.norm.sf(abs(g.lead / g.se)), abs=1e-12)
    if abs(g.p_value - (1 - cl)) > 1e-9:
        assert g.clears == (g.p_value < 1 - cl)


# --- from reported standard errors --------------------------------------------------------


def test_gap_from_standard_errors_formula():
    g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107, confidence_level=0.9)
    se = math.sqrt(0.0124**2 + 0.0107**2)
    z = stats.norm.ppf(0.95)
    assert g.se == pytest.approx(se, rel=1e-15)
    assert g.lead == pytest.approx(0.9343 - 0.9520, abs=1e-15)
    assert (g.low, g.high) == pytest.approx((g.lead - z * se, g.lead + z * se), abs=1e-15)
    assert g.z == pytest.approx(g.lead / se, rel=1e-14)
    assert g.p_value == pytest.approx(2 * stats.norm.sf(abs(g.lead) / se), rel=1e-12)


def test_gap_from_standard_errors_equals_unpaired_with_matching_ses():
    a, b, n = 0.82, 0.78, 448
    u = unpaired_gap(a, b, n)
    r = gap_from_standard_errors(a, math.sqrt(a * (1 - a) / n), b, math.sqrt(b * (1 - b) / n))
    for field in ("lead", "se", "low", "high", "z", "p_value"):
        assert getattr(r, field) == pytest.approx(getattr(u, field), rel=1e-13, abs=1e-15)


# --- paired -------------------------------------------------------------------------------

# (b, c, n, confidence_level, tango_low, tango_high, wald_low, wald_high), produced by
# `Rscript tests/references/paired.R` (R 4.2.2): Tango's score interval from first
# principles (the nuisance parameter by uniroot on the likelihood's derivative, each end by
# uniroot on the score statistic), Wald as (b-c)/n -/+ qnorm(1-a/2)*sqrt(b+c-(b-c)^2/n)/n.
R_PAIRED = [
    (20, 8, 198, 0.95, 0.0087669619162522791, 0.11652942887068678, 0.0089112217899511986, 0.11230089942217002),
    (5, 3, 100, 0.95, -0.042477104082168898, 0.086811886331514168, -0.035297388919120973, 0.075297388919120967),
    (0, 0, 50, 0.95, -0.071347599133358711, 0.071347599133358669, 0, 0),
    (10, 0, 40, 0.95, 0.14047299850339171, 0.40193961420768026, 0.11581043922121326, 0.38418956077878674),
    (0, 3, 30, 0.95, -0.25621082579184079, 0.024864732491365598, -0.20735164862302941, 0.0073516486230293943),
    (12, 30, 300, 0.95, -0.10443796474126148, -0.0184635586106046, -0.10179214372513405, -0.018207856274865944),
    (40, 25, 500, 0.9, 0.0035432556997372195, 0.057179710476733835, 0.0035695001967909201, 0.056430499803209078),
    (1, 1, 21, 0.95, -0.19069164028377356, 0.19069164028377358, -0.13199084041425502, 0.13199084041425502),
    (7, 1, 21, 0.99, -0.075807398746559562, 0.5824406790587644, -0.021806944308063236, 0.59323551573663469),
    (100, 70, 1000, 0.95, 0.0044889447430413133, 0.055832678029077529, 0.004512930992768581, 0.055487069007231417),
]  # fmt: skip


@pytest.mark.parametrize("row", R_PAIRED, ids=[f"ref-tango-{r[0]}-{r[1]}-{r[2]}" for r in R_PAIRED])
def test_reference_paired_tango(row):
    b, c, n, cl, low, high, _, _ = row
    g = paired_gap(b, c, n, confidence_level=cl, method="tango")
    assert g.low == pytest.approx(low, abs=1e-12)
    assert g.high == pytest.approx(high, abs=1e-12)
    assert g.lead == pytest.approx((b - c) / n, abs=1e-15)


@pytest.mark.parametrize("row", R_PAIRED, ids=[f"ref-pwald-{r[0]}-{r[1]}-{r[2]}" for r in R_PAIRED])
def test_reference_paired_wald(row):
    b, c, n, cl, _, _, low, high = row
    g = paired_gap(b, c, n, confidence_level=cl, method="wald")
    assert g.low == pytest.approx(low, abs=1e-12)
    assert g.high == pytest.approx(high, abs=1e-12)
    assert g.se == pytest.approx(math.sqrt(b + c - (b - c) ** 2 / n) / n, abs=1e-15)


@pytest.mark.parametrize("n", [1, 10, 198, 10_000])
@pytest.mark.parametrize("cl", [0.9, 0.95, 0.99])
def test_tango_with_no_disagreements_closed_form(n, cl):
    # b = c = 0: the nuisance MLE sits at its bound q = 0, so |Z(D)| = sqrt(n D / (1 - D))
    # and the interval is -/+ z^2 / (n + z^2). Wald collapses to a single point instead.
    z2 = stats.norm.ppf(0.5 + cl / 2) ** 2
    g = paired_gap(0, 0, n, confidence_level=cl)
    assert (g.low, g.high) == pytest.approx((-z2 / (n + z2), z2 / (n + z2)), abs=1e-12)
    w = paired_gap(0, 0, n, confidence_level=cl, method="wald")
    assert (w.low, w.high) == (0.0, 0.0)


def test_paired_p_value_is_mcnemar_mid_p_and_z_is_asymptotic():
    for b, c, n in [(20, 8, 198), (5, 3, 100), (0, 6, 50), (30, 30, 400)]:
        for method in ("tango", "wald"):
            g = paired_gap(b, c, n, method=method)
            assert g.p_value == mcnemar(b, c, method="mid-p").p_value
            assert g.z == pytest.approx((b - c) / math.sqrt(b + c), rel=1e-15)


def test_paired_default_method_is_the_score_interval():
    assert paired_gap(20, 8, 198) == paired_gap(20, 8, 198, method="tango")


@settings(max_examples=50, deadline=None)
@given(
    data=st.integers(1, 400).flatmap(
        lambda n: st.tuples(
            st.integers(0, n).flatmap(lambda b: st.tuples(st.just(b), st.integers(0, n - b))),
            st.just(n),
        )
    ),
    cl=st.floats(0.8, 0.99),
)
def test_tango_is_a_proper_interval_and_mirrors(data, cl):
    (b, c), n = data
    g = paired_gap(b, c, n, confidence_level=cl)
    assert -1 <= g.low <= g.lead <= g.high <= 1
    mirror = paired_gap(c, b, n, confidence_level=cl)
    assert (mirror.low, mirror.high) == pytest.approx((-g.high, -g.low), abs=1e-9)


@pytest.mark.parametrize(
    ("a", "b"), [(0.85, 0.75), (0.82, 0.78), (0.5, 0.48), (0.99, 0.9), (1.0, 0.0), (0.3, 0.6)]
)
def test_fewest_clearing_is_the_first_count_that_clears(a, b):
    """Against a plain search with scipy's normal quantile: the first n whose range
    a − b ± z·√(a(1−a)/n + b(1−b)/n) leaves zero out (Newcombe's rule at 0% and 100%)."""
    from benchstats.gaps import fewest_clearing

    n = fewest_clearing(a, b)
    assert unpaired_gap(a, b, n).clears and (n == 1 or not unpaired_gap(a, b, n - 1).clears)
    if 0 < a < 1 and 0 < b < 1:
        z = stats.norm.ppf(0.975)
        first = next(
            m for m in range(1, 10**6)
            if abs(a - b) > z * math.sqrt((a * (1 - a) + b * (1 - b)) / m)
        )  # fmt: skip
        assert n == first


def test_fewest_clearing_refuses_equal_scores():
    from benchstats.gaps import fewest_clearing

    with pytest.raises(ValueError, match="a and b must differ"):
        fewest_clearing(0.7, 0.7)

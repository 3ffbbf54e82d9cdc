"""benchstats.paired, the detectable and clearing leads, and the equal-models luck against independent references: R, statsmodels and brute force.

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

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchstats.gaps import clearing_lead, gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.luck import equal_models_luck
from benchstats.paired import paired_counts, paired_score_b, paired_score_range
from benchstats.power import detectable_lead, minimum_detectable_effect

FAST = settings(max_examples=60, deadline=None)


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
        ValueError,
        match="a_only must be a whole number of questions only model A got right ≥ 0, got -3",
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

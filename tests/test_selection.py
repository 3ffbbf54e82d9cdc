"""Best of K: the lead manufactured by reporting the best of K equally good variants.

References: R (commands in comments), closed forms for small K, brute-force
enumeration over every outcome of K variants and one baseline, and a Monte
Carlo that draws every variant (tolerances from the binomial SE).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats.luck import GapDistribution, gap_distribution
from benchstats.selection import (
    best_count_pmf,
    best_of_k,
    best_of_k_count_pmfs,
    expected_max_normal,
)


def best_of_k_distribution(p, n, k) -> tuple[np.ndarray, np.ndarray]:
    """The lead of the best of k variants over one baseline run, as the simulator builds it."""
    dist = GapDistribution.from_count_pmfs(*best_of_k_count_pmfs(p, n, k))
    return dist.support, dist.probs


# Rscript -e 'for (k in c(2,3,5,10,20,100,1000)) cat(k, sprintf("%.10f",
#   integrate(function(x) x*k*dnorm(x)*pnorm(x)^(k-1), -Inf, Inf, rel.tol=1e-12)$value), "\n")'
@pytest.mark.parametrize(
    ("k", "expected"),
    [
        (2, 0.5641895835),  # also 1/√π
        (3, 0.8462843753),  # also 3/(2√π)
        (5, 1.1629644736),
        (10, 1.5387527308),
        (20, 1.8674750598),  # FIGURES.md: 1.87
        (100, 2.5075936364),
        (1000, 3.2414357691),
    ],
)
def test_expected_max_normal_matches_r(k, expected):
    assert expected_max_normal(k) == pytest.approx(expected, abs=1e-9)


def test_expected_max_normal_closed_forms_and_figure():
    assert expected_max_normal(1) == 0.0
    assert expected_max_normal(2) == pytest.approx(1 / math.sqrt(math.pi), abs=1e-12)
    assert expected_max_normal(3) == pytest.approx(1.5 / math.sqrt(math.pi), abs=1e-12)
    assert round(expected_max_normal(20), 2) == 1.87


def test_expected_max_normal_monte_carlo():
    draws = np.random.default_rng(1).standard_normal((200_000, 20)).max(axis=1)
    se = draws.std() / math.sqrt(draws.size)
    assert abs(draws.mean() - expected_max_normal(20)) < 5 * se


def brute_best_of_k(p: float, n: int, k: int) -> np.ndarray:
    """P(max of k counts − baseline = lead) over every (k + 1)-tuple of counts."""
    pmf = stats.binom.pmf(np.arange(n + 1), n, p)
    out = np.zeros(2 * n + 1)
    for counts in itertools.product(range(n + 1), repeat=k + 1):
        *variants, base = counts
        out[max(variants) - base + n] += math.prod(pmf[c] for c in counts)
    return out


@pytest.mark.parametrize(("p", "n", "k"), [(0.5, 1, 2), (0.8, 3, 3), (0.3, 4, 2), (0.9, 2, 5)])
def test_distribution_matches_enumeration(p, n, k):
    support, probs = best_of_k_distribution(p, n, k)
    np.testing.assert_allclose(support, np.arange(-n, n + 1) / n)
    np.testing.assert_allclose(probs, brute_best_of_k(p, n, k), atol=1e-14)


def test_best_count_matches_simulated_maximum():
    p, n, k, runs = 0.8, 100, 20, 100_000
    best = np.random.default_rng(2).binomial(n, p, size=(runs, k)).max(axis=1)
    observed = np.bincount(best, minlength=n + 1) / runs
    exact = best_count_pmf(p, n, k)
    se = np.sqrt(exact * (1 - exact) / runs)
    assert np.all(np.abs(observed - exact) <= 5 * se + 1 / runs)


def test_one_variant_is_the_plain_gap():
    _, probs = best_of_k_distribution(0.8, 100, 1)
    _, ref = gap_distribution(0.8, 100)
    np.testing.assert_allclose(probs, ref, atol=1e-14)


# x<-0:100; F<-pbinom(x,100,.8); pm<-diff(c(0,F^20)); L<-outer(x,x,"-")
# W<-outer(pm,dbinom(x,100,.8)); sum(W[L>=4]); sum(W*L)/100
#   0.7939161045  0.0715395836
def test_best_of_20_at_80_percent_on_100_questions_matches_r():
    support, probs = best_of_k_distribution(0.8, 100, 20)
    assert float(probs[support >= 0.04 - 1e-12].sum()) == pytest.approx(0.7939161045, abs=1e-9)
    res = best_of_k(0.8, 100, 20)
    assert res.mean == pytest.approx(0.0715395836, abs=1e-9)


def test_summary_quantiles_by_hand():
    support, probs = best_of_k_distribution(0.8, 100, 20)
    cdf = np.cumsum(probs)
    res = best_of_k(0.8, 100, 20)
    # the median is the first lead whose cdf reaches one half
    i = int(np.argmax(cdf >= 0.5))
    assert res.median == pytest.approx(support[i])
    assert cdf[i - 1] < 0.5
    assert res.low < res.median < res.high
    assert res.shortcut == pytest.approx(1.8674750598 * math.sqrt(0.8 * 0.2 / 100))
    assert res.k == 20 and res.n == 100
    np.testing.assert_allclose(res.distribution.probs, probs, atol=1e-15)
    assert "distribution" not in repr(res)


@settings(max_examples=30, deadline=None)
@given(
    p=st.floats(0.05, 0.95),
    n=st.integers(1, 300),
    k=st.integers(1, 50),
)
def test_more_variants_never_lower_the_lead(p, n, k):
    """Best of k + 1 stochastically dominates best of k: its cdf is never above."""
    _, a = best_of_k_distribution(p, n, k)
    _, b = best_of_k_distribution(p, n, k + 1)
    assert math.isclose(a.sum(), 1.0, rel_tol=1e-12)
    assert np.all(np.cumsum(b) <= np.cumsum(a) + 1e-12)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((0.8, 100, 0), r"k must be a whole number of variants ≥ 1, got 0"),
        ((0.8, 100, 20_000), r"k must be at most 10,000 variants, got 20,000"),
        ((0.8, 0, 20), r"n must be a whole number of questions ≥ 1, got 0"),
        ((1.2, 100, 20), r"p must be a proportion from 0 to 1.*got 1.2"),
    ],
)
def test_bad_arguments(args, match):
    with pytest.raises(ValueError, match=match):
        best_of_k_distribution(*args)

"""Questions of mixed difficulty: Poisson-binomial counts and the same-questions gap.

References are independent of the code under test: brute-force enumeration
of every outcome, ``scipy.stats.poisson_binom`` (an O(n²) recursion), the
binomial gap of ``benchstats.luck`` and a question-by-question Monte Carlo
whose tolerance is computed from the binomial standard error.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats.difficulty import (
    MAX_SPREAD,
    beta_parameters,
    chance_interval,
    discordance_share,
    poisson_binomial_pmf,
    question_chances,
)
from benchstats.luck import GapDistribution, gap_distribution


def same_questions_gap_distribution(chances) -> tuple[np.ndarray, np.ndarray]:
    """The gap of two equally good models on the same questions, as the simulator builds it."""
    pmf = poisson_binomial_pmf(chances)
    dist = GapDistribution.from_count_pmfs(pmf, pmf)
    return dist.support, dist.probs


chances_st = st.lists(st.floats(0.0, 1.0, allow_nan=False), min_size=1, max_size=40)


def brute_count_pmf(q: list[float]) -> np.ndarray:
    """P(number right = k) by summing over all 2^n right/wrong patterns."""
    pmf = np.zeros(len(q) + 1)
    for pattern in itertools.product((0, 1), repeat=len(q)):
        weight = math.prod(qi if r else 1 - qi for qi, r in zip(q, pattern, strict=True))
        pmf[sum(pattern)] += weight
    return pmf


def brute_gap_pmf(q: list[float]) -> np.ndarray:
    """P(A − B = k) over all 4^n joint patterns of two models on the same questions."""
    n = len(q)
    pmf = np.zeros(2 * n + 1)
    for a in itertools.product((0, 1), repeat=n):
        wa = math.prod(qi if r else 1 - qi for qi, r in zip(q, a, strict=True))
        for b in itertools.product((0, 1), repeat=n):
            wb = math.prod(qi if r else 1 - qi for qi, r in zip(q, b, strict=True))
            pmf[sum(a) - sum(b) + n] += wa * wb
    return pmf


# --------------------------------------------------------------------------- Poisson-binomial


@pytest.mark.parametrize(
    "q",
    [
        [0.5],
        [0.9, 0.2],
        [0.1, 0.5, 0.99, 0.3],
        [0.0, 1.0, 0.5],
        [0.8] * 9,
        list(np.linspace(0, 1, 11)),
    ],
)
def test_count_pmf_matches_enumeration(q):
    np.testing.assert_allclose(poisson_binomial_pmf(q), brute_count_pmf(q), atol=1e-15)


@pytest.mark.parametrize("n", [33, 64, 65, 200, 500])  # both sides of the direct/FFT switch
def test_count_pmf_matches_scipy(n):
    q = np.random.default_rng(n).beta(1.5, 0.6, size=n)
    ref = stats.poisson_binom(q).pmf(np.arange(n + 1))
    np.testing.assert_allclose(poisson_binomial_pmf(q), ref, atol=1e-14)


def test_count_pmf_equal_chances_is_binomial():
    ref = stats.binom.pmf(np.arange(1001), 1000, 0.8)
    np.testing.assert_allclose(poisson_binomial_pmf(np.full(1000, 0.8)), ref, atol=1e-14)


@settings(max_examples=60, deadline=None)
@given(chances_st)
def test_count_pmf_is_a_pmf_with_the_right_mean(q):
    pmf = poisson_binomial_pmf(q)
    assert pmf.shape == (len(q) + 1,)
    assert np.all(pmf >= 0)
    assert math.isclose(pmf.sum(), 1.0, rel_tol=1e-12)
    assert math.isclose(np.arange(len(q) + 1) @ pmf, sum(q), abs_tol=1e-9)


# --------------------------------------------------------------------------- the gap


@pytest.mark.parametrize("q", [[0.9, 0.5], [0.3, 0.7, 0.95], [0.8] * 5, [0.0, 1.0, 0.2, 0.6]])
def test_gap_matches_enumeration(q):
    support, probs = same_questions_gap_distribution(q)
    n = len(q)
    np.testing.assert_allclose(support, np.arange(-n, n + 1) / n)
    np.testing.assert_allclose(probs, brute_gap_pmf(q), atol=1e-15)


@pytest.mark.parametrize(("p", "n"), [(0.8, 100), (0.5, 30), (0.93, 198), (0.6, 2500)])
def test_no_spread_gives_the_independent_gap(p, n):
    """With every question at p, the same questions change nothing."""
    _, probs = same_questions_gap_distribution(question_chances(p, n, 0.0))
    _, ref = gap_distribution(p, n)
    np.testing.assert_allclose(probs, ref, atol=1e-14)


def test_gap_matches_question_by_question_simulation():
    """Both models answer each question (a Bernoulli per question), 200,000 runs."""
    n, runs = 40, 200_000
    q = question_chances(0.75, n, 0.4, seed=7)
    rng = np.random.default_rng(11)
    a = (rng.random((runs, n)) < q).sum(axis=1)
    b = (rng.random((runs, n)) < q).sum(axis=1)
    observed = np.bincount(a - b + n, minlength=2 * n + 1) / runs
    _, exact = same_questions_gap_distribution(q)
    se = np.sqrt(exact * (1 - exact) / runs)
    # 5 binomial SEs per bin (plus one count's worth): a false alarm over 81 bins ~ 5e-5
    assert np.all(np.abs(observed - exact) <= 5 * se + 1 / runs)


@settings(max_examples=40, deadline=None)
@given(chances_st)
def test_gap_is_symmetric_with_variance_two_sum_q_one_minus_q(q):
    support, probs = same_questions_gap_distribution(q)
    n = len(q)
    np.testing.assert_allclose(probs, probs[::-1], atol=1e-15)
    assert math.isclose(probs.sum(), 1.0, rel_tol=1e-12)
    var = float((support * n) ** 2 @ probs)
    assert math.isclose(var, 2 * sum(x * (1 - x) for x in q), rel_tol=1e-9, abs_tol=1e-9)


def test_spread_narrows_the_gap():
    """The paired-test lesson: more spread in difficulty, a narrower gap."""
    sds = []
    for rho in (0.0, 0.3, 0.6, 0.9):
        support, probs = same_questions_gap_distribution(question_chances(0.8, 400, rho, seed=3))
        sds.append(math.sqrt(float(support**2 @ probs)))
    assert sds == sorted(sds, reverse=True)
    assert sds[0] == pytest.approx(math.sqrt(2 * 0.8 * 0.2 / 400), rel=1e-9)


def test_large_n_runs_and_sums_to_one():
    support, probs = same_questions_gap_distribution(question_chances(0.8, 100_000, 0.5, seed=1))
    assert support.size == 200_001
    assert math.isclose(probs.sum(), 1.0, rel_tol=1e-12)
    assert probs.min() >= 0


# --------------------------------------------------------------------------- question chances


def test_beta_parameters_mean_and_variance():
    for p, rho in [(0.8, 0.5), (0.3, 0.1), (0.95, 0.9)]:
        a, b = beta_parameters(p, rho)
        dist = stats.beta(a, b)
        assert dist.mean() == pytest.approx(p, rel=1e-12)
        assert dist.var() == pytest.approx(rho * p * (1 - p), rel=1e-12)


def test_drawn_chances_have_the_asked_mean_and_spread():
    p, rho, n = 0.7, 0.4, 200_000
    q = question_chances(p, n, rho, seed=5)
    var = rho * p * (1 - p)
    assert abs(q.mean() - p) < 5 * math.sqrt(var / n)
    # SE of a sample variance: sqrt((mu4 - var^2)/n), mu4 from the Beta's kurtosis
    a, b = beta_parameters(p, rho)
    mu4 = (stats.beta(a, b).stats(moments="k") + 3) * var**2
    assert abs(q.var() - var) < 5 * math.sqrt((mu4 - var**2) / n)


def test_chances_reproducible_and_seed_sensitive():
    a = question_chances(0.8, 50, 0.5, seed=123)
    assert np.array_equal(a, question_chances(0.8, 50, 0.5, seed=123))
    assert not np.array_equal(a, question_chances(0.8, 50, 0.5, seed=124))
    assert np.all((a >= 0) & (a <= 1))


def test_zero_spread_is_exactly_p():
    assert np.array_equal(question_chances(0.8, 4, 0.0, seed=1), np.full(4, 0.8))


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((0.8, 10, -0.1), r"spread must be from 0 to 0.99.*-0.1"),
        ((0.8, 10, 1.0), r"spread must be from 0 to 0.99.*1.0"),
        ((80, 10, 0.5), r"p must be a proportion.*not percent.*80"),
        ((0.8, 0, 0.5), r"n must be a whole number of questions ≥ 1, got 0"),
    ],
)
def test_bad_arguments(args, match):
    with pytest.raises(ValueError, match=match):
        question_chances(*args)


def test_bad_chances():
    with pytest.raises(ValueError, match=r"chances must be a proportion from 0 to 1.*, got 1.5$"):
        poisson_binomial_pmf([0.5, 1.5])
    with pytest.raises(ValueError, match="non-empty 1-d"):
        same_questions_gap_distribution([])


def test_max_spread_is_allowed():
    q = question_chances(0.8, 1000, MAX_SPREAD, seed=2)
    assert np.all((q >= 0) & (q <= 1))


# --------------------------------------------------------------------------- discordance


def test_discordance_of_equal_chances():
    assert discordance_share(np.full(100, 0.8)) == pytest.approx(0.32)  # 2·0.8·0.2


def test_discordance_matches_simulated_disagreements():
    n, runs = 60, 50_000
    q = question_chances(0.8, n, 0.5, seed=9)
    rng = np.random.default_rng(4)
    disagree = ((rng.random((runs, n)) < q) != (rng.random((runs, n)) < q)).mean()
    share = discordance_share(q)
    se = math.sqrt(share * (1 - share) / (runs * n))  # questions are independent here
    assert abs(disagree - share) < 5 * se


def test_discordance_falls_with_spread():
    shares = [discordance_share(question_chances(0.8, 5000, r, seed=1)) for r in (0, 0.5, 0.9)]
    assert shares == sorted(shares, reverse=True)
    # expected 2·p(1 − p)·(1 − ρ)
    assert shares[1] == pytest.approx(0.32 * 0.5, abs=0.01)


# Rscript -e 'cat(sprintf("%.10f", qbeta(c(.1,.9), .8, .2)),
#   sprintf("%.10f", qbeta(c(.05,.95), 0.3*(1/0.2-1), 0.7*(1/0.2-1))))'
@pytest.mark.parametrize(
    ("p", "spread", "coverage", "expected"),
    [
        (0.8, 0.5, 0.8, (0.2972178425, 0.9999860426)),
        (0.3, 0.2, 0.9, (0.0316789177, 0.6894181316)),
        (0.8, 0.0, 0.8, (0.8, 0.8)),
    ],
)
def test_chance_interval_matches_r(p, spread, coverage, expected):
    assert chance_interval(p, spread, coverage) == pytest.approx(expected, abs=1e-9)


def test_chance_interval_covers_the_drawn_questions():
    q = question_chances(0.3, 100_000, 0.2, seed=8)
    low, high = chance_interval(0.3, 0.2, 0.9)
    inside = np.mean((q >= low) & (q <= high))
    assert abs(inside - 0.9) < 5 * math.sqrt(0.9 * 0.1 / q.size)

"""Luck: the exact gap between two equally good models, against R and a direct sum."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats import gap_distribution, prob_gap_at_least, simulate_gaps

# (p, n, d questions, P(|X − Y| ≥ d), P(X − Y ≥ d), P(X = Y)) for X, Y ~ Bin(n, p) independent,
# produced by `Rscript tests/references/luck.R` (R 4.2.2):
#   px <- dbinom(0:n, n, p); joint <- outer(px, px); gap <- outer(0:n, 0:n, "-")
#   sum(joint[abs(gap) >= d]); sum(joint[gap >= d]); sum(joint[gap == 0])
R_ROWS = [
    (0.8, 100, 4, 0.53550918105102951, 0.26775459052551476, 0.07053579393283288),
    (0.5, 10, 2, 0.5034446716308596, 0.2517223358154298, 0.17619705200195318),
    (0.6, 198, 10, 0.32980060828515095, 0.16490030414257548, 0.040898331161615009),
    (0.9, 30, 3, 0.27495451894657719, 0.13747725947328859, 0.1737519253303573),
    (0.35, 50, 0, 0.99999999999999956, 0.54173698058140429, 0.08347396116280914),
    (0.8, 100, 11, 0.063095495424412187, 0.031547747712206094, 0.07053579393283288),
    (0.5, 1000, 40, 0.077286890562668423, 0.038643445281334211, 0.017839011145854317),
]  # fmt: skip


@pytest.mark.parametrize("row", R_ROWS, ids=[f"ref-gap-{r[0]}-{r[1]}-{r[2]}" for r in R_ROWS])
def test_reference_gap_probabilities(row):
    p, n, d, both, one, tie = row
    lead = d / n
    assert prob_gap_at_least(p, n, lead) == pytest.approx(both, abs=1e-12)
    assert prob_gap_at_least(p, n, -lead) == pytest.approx(both, abs=1e-12)
    support, probs = gap_distribution(p, n)
    assert probs[support >= lead - 1e-12].sum() == pytest.approx(one, abs=1e-12)
    assert probs[np.abs(support) < 0.5 / n].sum() == pytest.approx(tie, abs=1e-12)


def _direct(p: float, n: int) -> np.ndarray:
    """P(X − Y = d), d = −n … n, by the O(n²) direct sum over X (independent of the FFT)."""
    pmf = stats.binom.pmf(np.arange(n + 1), n, p)
    out = np.zeros(2 * n + 1)
    for x in range(n + 1):  # X = x, Y = y: d = x − y, index d + n
        out[x : x + n + 1] += pmf[x] * pmf[::-1]
    return out


@pytest.mark.parametrize("n", [1, 2, 17, 100, 1999, 2000, 2001, 6000])
@pytest.mark.parametrize("p", [0.03, 0.5, 0.8])
def test_gap_distribution_equals_direct_sum(p, n):
    support, probs = gap_distribution(p, n)
    np.testing.assert_array_equal(support, np.arange(-n, n + 1) / n)
    np.testing.assert_allclose(probs, _direct(p, n), rtol=0, atol=1e-12)
    assert np.all(probs >= 0)


@settings(max_examples=40, deadline=None)
@given(p=st.floats(0, 1), n=st.integers(1, 5000))
def test_gap_distribution_sums_to_one_and_is_symmetric(p, n):
    support, probs = gap_distribution(p, n)
    assert len(support) == len(probs) == 2 * n + 1
    assert np.all(np.diff(support) > 0)
    assert probs.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(probs, probs[::-1], rtol=0, atol=1e-15)
    assert np.all(probs >= 0)
    # Var(X − Y) = 2 n p (1 − p): the gap's variance in proportion units is 2p(1−p)/n.
    assert (probs * support**2).sum() == pytest.approx(2 * p * (1 - p) / n, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("p", [0.0, 1.0])
def test_certain_models_never_differ(p):
    support, probs = gap_distribution(p, 10)
    assert probs[support == 0][0] == pytest.approx(1.0, abs=1e-15)
    assert prob_gap_at_least(p, 10, 0.1) == pytest.approx(0.0, abs=1e-15)


def test_lead_rounds_to_whole_questions_ties_up():
    # n = 8: leads of 1/16 and 3/16 are exactly half a question (binary-exact floats).
    assert prob_gap_at_least(0.5, 8, 0.0625) == prob_gap_at_least(0.5, 8, 1 / 8)
    assert prob_gap_at_least(0.5, 8, 0.1875) == prob_gap_at_least(0.5, 8, 2 / 8)
    # Just below half a question rounds down.
    assert prob_gap_at_least(0.5, 8, 0.0624) == prob_gap_at_least(0.5, 8, 0.0) == 1.0
    # 0.04 · 100 is 4.000000000000001 in floating point: still 4 questions.
    assert prob_gap_at_least(0.8, 100, 0.04) == prob_gap_at_least(0.8, 100, 0.035)


def test_prob_gap_at_least_is_a_float_and_decreasing():
    values = [prob_gap_at_least(0.7, 60, d / 60) for d in range(0, 61)]
    assert all(type(v) is float for v in values)
    assert values[0] == 1.0
    assert all(a >= b for a, b in zip(values, values[1:], strict=False))
    assert values[-1] == pytest.approx(2 * 0.7**60 * 0.3**60, rel=1e-9)


def test_simulate_gaps_is_reproducible_and_on_the_grid():
    a = simulate_gaps(0.8, 100, 1000, seed=7)
    b = simulate_gaps(0.8, 100, 1000, seed=7)
    c = simulate_gaps(0.8, 100, 1000, seed=8)
    assert a.shape == (1000,)
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
    np.testing.assert_allclose(a * 100, np.round(a * 100), atol=1e-9)
    assert np.all(np.abs(a) <= 1)


def test_simulation_agrees_with_the_exact_probability():
    # 200,000 seeded runs: the simulated share of |gap| ≥ 4 points is within 4 binomial
    # standard errors (±0.0045) of the exact 0.5355. Deterministic for the fixed seed.
    runs = 200_000
    gaps = simulate_gaps(0.8, 100, runs, seed=2024)
    exact = prob_gap_at_least(0.8, 100, 0.04)
    share = np.mean(np.abs(gaps) >= 0.04 - 1e-12)
    assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / runs)
    assert gaps.var() == pytest.approx(2 * 0.8 * 0.2 / 100, rel=0.02)

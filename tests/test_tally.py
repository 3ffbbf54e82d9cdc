"""Simulated runs kept as counts per gap (benchstats.tally)."""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats.difficulty import poisson_binomial_pmf, question_chances
from benchstats.luck import prob_gap_at_least
from benchstats.selection import best_count_pmf
from benchstats.tally import MAX_RUNS, GapSampler, GapTally, add_runs, new_tally


def tally_of(runs: int, *, p: float = 0.8, n: int = 100, seed: int = 1) -> GapTally:
    return add_runs(new_tally(n, seed=seed), GapSampler.binomial(p, n), runs)


def test_counts_equal_plain_binomial_draws():
    """The reference: draw (runs, 2) binomials with the same seed and count gaps by hand."""
    ab = np.random.default_rng(5).binomial(100, 0.8, size=(3000, 2))
    gaps = ab[:, 0] - ab[:, 1]
    tally = tally_of(3000, seed=5)
    assert tally.runs == 3000
    for g in range(-30, 31):
        assert tally.counts_for(g, g)[0] == np.sum(gaps == g)
    assert tally.share_at_least(0.04) == np.mean(np.abs(gaps) >= 4)
    assert tally.share_at_least(0.04, two_sided=False) == np.mean(gaps >= 4)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 700), min_size=1, max_size=6), st.integers(0, 2**32 - 1))
def test_batches_equal_one_draw(batches, seed):
    """A seed and a number of runs name one set of draws, however they were clicked."""
    sampler = GapSampler.binomial(0.7, 50)
    step = new_tally(50, seed=seed)
    for b in batches:
        step = add_runs(step, sampler, b)
    once = add_runs(new_tally(50, seed=seed), sampler, sum(batches))
    assert step.runs == once.runs == sum(batches)
    lo, hi = -50, 50
    assert np.array_equal(step.counts_for(lo, hi), once.counts_for(lo, hi))
    assert step.state == once.state


def test_batches_equal_one_draw_for_pmf_sampler():
    pmf = poisson_binomial_pmf(question_chances(0.8, 60, 0.5, seed=1))
    sampler = GapSampler.from_pmfs(pmf, pmf)
    step = add_runs(
        add_runs(add_runs(new_tally(60, seed=3), sampler, 1), sampler, 99), sampler, 900
    )
    once = add_runs(new_tally(60, seed=3), sampler, 1000)
    assert np.array_equal(step.counts_for(-60, 60), once.counts_for(-60, 60))


def test_same_seed_same_share_other_seed_other_draws():
    assert tally_of(1000, seed=7).share_at_least(0.04) == tally_of(1000, seed=7).share_at_least(
        0.04
    )
    a, b = tally_of(1000, seed=7), tally_of(1000, seed=8)
    assert not np.array_equal(a.counts_for(-100, 100), b.counts_for(-100, 100))


def test_share_converges_on_the_exact_chance():
    runs = 200_000
    share = tally_of(runs, seed=2).share_at_least(0.04)
    exact = prob_gap_at_least(0.8, 100, 0.04)
    assert abs(share - exact) < 5 * np.sqrt(exact * (1 - exact) / runs)


def test_hundred_thousand_runs_at_ten_thousand_questions_is_quick_and_small():
    """Done-when: no per-question loop, and only counts are kept."""
    start = time.perf_counter()
    tally = tally_of(100_000, n=10_000, seed=1)
    elapsed = time.perf_counter() - start
    assert tally.runs == 100_000
    assert elapsed < 2.0  # two binomial draws per run; a per-question loop takes minutes
    # counts only over the gaps that happened (a few hundred), never 100,000 raw runs
    assert tally.counts.size < 2_000
    exact = prob_gap_at_least(0.8, 10_000, 0.01)
    share = tally.share_at_least(0.01)
    assert abs(share - exact) < 5 * np.sqrt(exact * (1 - exact) / 100_000)


def test_pmf_sampler_draws_the_pmf():
    """Inverse-cdf draws of the best of 20 variants against a binomial baseline."""
    n, runs = 100, 200_000
    best = best_count_pmf(0.8, n, 20)
    base = stats.binom.pmf(np.arange(n + 1), n, 0.8)
    tally = add_runs(new_tally(n, seed=4), GapSampler.from_pmfs(best, base), runs)
    exact = np.convolve(best, base[::-1])  # P(best − base = k), k = −n … n
    observed = tally.counts_for(-n, n) / runs
    se = np.sqrt(exact * (1 - exact) / runs)
    assert np.all(np.abs(observed - exact) <= 5 * se + 1 / runs)


def test_empty_tally():
    tally = new_tally(100, seed=1)
    assert tally.runs == 0
    assert tally.share_at_least(0.04) is None
    assert tally.observed is None
    assert add_runs(tally, GapSampler.binomial(0.8, 100), 0).runs == 0


def test_observed_range_and_counts_for_outside():
    tally = tally_of(500)
    lo, hi = tally.observed
    assert tally.counts_for(lo, hi).sum() == 500
    assert tally.counts_for(hi + 1, hi + 5).sum() == 0
    assert tally.counts_for(lo, lo)[0] > 0


def test_refusals():
    with pytest.raises(ValueError, match="sampler is for n = 50 questions, the tally for 100"):
        add_runs(new_tally(100, seed=1), GapSampler.binomial(0.8, 50), 10)
    with pytest.raises(ValueError, match=f"at most {MAX_RUNS:,} runs"):
        add_runs(new_tally(100, seed=1), GapSampler.binomial(0.8, 100), MAX_RUNS + 1)
    with pytest.raises(ValueError, match="runs must be a whole number of runs ≥ 0, got -1"):
        add_runs(new_tally(100, seed=1), GapSampler.binomial(0.8, 100), -1)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        new_tally(100, seed=-3)
    with pytest.raises(ValueError, match="one length"):
        GapSampler.from_pmfs([0.5, 0.5], [0.2, 0.3, 0.5])


def test_zeros_cut_from_a_pmf_draw_the_same_runs():
    full = np.array([0, 0, 0.25, 0.5, 0.25, 0, 0])
    sampler = GapSampler.from_pmfs(full, full, mass=0)
    assert (sampler.n, sampler.lo_a, sampler.cdf_a.size) == (6, 2, 3)
    u = np.random.default_rng(9).random((5000, 2))  # inverse cdf by hand, on the full pmf
    by_hand = np.searchsorted(np.cumsum(full), u, side="right")
    cut = add_runs(new_tally(6, seed=9), sampler, 5000)
    gaps = by_hand[:, 0] - by_hand[:, 1]
    np.testing.assert_array_equal(cut.counts_for(-6, 6), np.bincount(gaps + 6, minlength=13))
    assert cut.observed == (-2, 2)


# --------------------------------------------------------------------------- the last run, scenarios


@pytest.mark.parametrize("runs", [1, 7, 1000])
def test_last_run_is_the_last_pair_drawn(runs):
    ab = np.random.default_rng(9).binomial(100, 0.8, size=(runs, 2))
    tally = tally_of(runs, seed=9)
    assert tally.last == (int(ab[-1, 0]), int(ab[-1, 1]))
    assert tally.counts_for(int(ab[-1, 0] - ab[-1, 1]), int(ab[-1, 0] - ab[-1, 1]))[0] >= 1
    assert new_tally(100, seed=9).last is None
    assert add_runs(tally, GapSampler.binomial(0.8, 100), 0).last == tally.last


def test_last_run_of_a_pmf_sampler_is_inside_its_pmfs():
    pmf = poisson_binomial_pmf(question_chances(0.8, 60, 0.5, seed=[1, 1]))
    sampler = GapSampler.from_pmfs(pmf, pmf)
    u = np.random.default_rng(4).random((5, 2))  # inverse cdf by hand, on the full pmf
    cdf = np.cumsum(pmf)
    a, b = np.searchsorted(cdf, u[-1], side="right")
    assert add_runs(new_tally(60, seed=4), sampler, 5).last == (int(a), int(b))


def test_trimmed_sampler_keeps_the_core_and_the_draws():
    pmf = stats.binom.pmf(np.arange(1001), 1000, 0.8)
    trimmed = GapSampler.from_pmfs(pmf, pmf)
    full = GapSampler.from_pmfs(pmf, pmf, mass=0)
    assert trimmed.cdf_a.size < 300 and trimmed.lo_a > 600
    one = add_runs(new_tally(1000, seed=3), trimmed, 5000)
    two = add_runs(new_tally(1000, seed=3), full, 5000)
    assert np.array_equal(one.counts_for(-200, 200), two.counts_for(-200, 200))
    with pytest.raises(ValueError, match="one length"):
        GapSampler.from_pmfs(pmf, pmf[:-1])


def test_scenarios_match_their_sources():
    from benchstats.luck import binomial_gap
    from benchstats.selection import best_of_k
    from benchstats.tally import scenario, simulate

    plain = scenario("independent", 0.8, 100)
    full = binomial_gap(0.8, 100)
    assert plain.exact is plain.base
    assert plain.exact.share_at_least(0.04) == pytest.approx(0.5355091811, abs=1e-9)  # R, above
    assert plain.exact.half_width() == full.half_width() == 0.11
    best = scenario("best-of-k", 0.8, 100, k=20)
    # R: x<-0:100; F<-pbinom(x,100,.8); pm<-diff(c(0,F^20)); W<-outer(pm,dbinom(x,100,.8))
    #    L<-outer(x,x,"-"); sum(W[L>=4])    # 0.7939161045
    assert best.exact.share_at_least(0.04, two_sided=False) == pytest.approx(0.7939161045, 1e-8)
    assert best.best.median == best_of_k(0.8, 100, 20).median
    same = scenario("same-questions", 0.8, 100, spread=0.0, question_seed=[1, 1])
    assert same.exact.share_at_least(0.04) == pytest.approx(0.5355091811, abs=1e-9)
    assert same.discordance == pytest.approx(0.32)
    sim = simulate(plain, 0.04, 2000, seed=3)
    ab = np.random.default_rng(3).binomial(100, 0.8, size=(2000, 2))
    assert sim.simulated_share == np.mean(np.abs(ab[:, 0] - ab[:, 1]) >= 4)
    assert sim.lead_questions == 4 and sim.two_sided and sim.band == 0.11
    assert sim.se_gap == pytest.approx((2 * 0.8 * 0.2 / 100) ** 0.5)
    with pytest.raises(ValueError, match="mode must be one of"):
        scenario("bogus", 0.8, 100)

"""Leaderboards: all pairs, rank intervals, luck, the paste parser, the link and the charts.

Reference numbers come from R (``tests/references/leaderboard.R``: ``p.adjust``,
``qtukey`` and the ``csranks`` package of Mogstad, Romano, Shaikh & Wilhelm),
from FIGURES.md, and from brute-force computations written out here.
"""

from __future__ import annotations

import itertools
import math
from urllib.parse import parse_qs, urlencode

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats import gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.benchmark_rows import across_benchmarks
from benchstats.leaderboard import (
    MAX_MODELS,
    TieCounts,
    adjust_p_values,
    board,
    board_from_answers,
    pairwise_tests,
    tie_counts,
)
from benchstats.leaderboard_links import BoardRows, decode_rows
from benchstats.leaderboard_text import parse_board
from benchstats.outside_text import clean
from benchstats.prose.leaderboard import comparison_sentence, ranks_sentence, ties_sentence
from benchstats.ranks import pairwise_ranks, rank_intervals, rank_probabilities

# --------------------------------------------------------------------------- FIGURES.md


def test_two_se_bars_that_barely_fail_to_touch_are_p_0157():
    # FIGURES.md: equal SEs, bars just apart: the gap is 2 SE = √2 SE of the gap, p ≈ 0.157.
    se = 0.018
    a, b = 0.714, 0.714 - 2 * se - 1e-9
    g = gap_from_standard_errors(a, se, b, se)
    assert g.z == pytest.approx(math.sqrt(2), abs=1e-6)
    assert round(g.p_value, 3) == 0.157
    tests = pairwise_tests(board(["A", "B"], [a, b], se=[se, se]))
    assert round(float(tests.p_value[0, 1]), 3) == 0.157
    counts = tie_counts(tests)
    # the overlap rule calls it "different" (bars apart); the z-test calls it a tie
    assert (counts.pairs, counts.overlap, counts.test, counts.corrected) == (1, 0, 1, 1)
    touching = tie_counts(pairwise_tests(board(["A", "B"], [a, a - 2 * se], se=[se, se])))
    assert touching.overlap == 1


def test_gpqa_row_from_reported_standard_errors():
    # FIGURES.md: 93.43% ± 1.24 vs 95.20% ± 1.07 → SE of the gap 1.64, the gap is 1.1 SE.
    t = pairwise_tests(board(["A", "B"], [0.9343, 0.9520], se=[0.0124, 0.0107]))
    assert round(100 * float(t.se[0, 1]), 2) == 1.64
    assert round(float(t.z[0, 1]), 1) == -1.1 and round(float(t.z[1, 0]), 1) == 1.1
    assert not t.clears.any()


@pytest.mark.parametrize(
    ("n", "se_points", "clears"), [(100, 5.65, False), (448, 2.67, False), (1000, 1.79, True)]
)
def test_82_vs_78_rows(n, se_points, clears):
    # FIGURES.md "Grading a lead": the same rows through a two-model board.
    t = pairwise_tests(board(["A", "B"], [0.82, 0.78], n=n))
    assert round(100 * float(t.se[0, 1]), 2) == se_points
    assert bool(t.clears[0, 1]) is clears


def test_paired_board_uses_mcnemar_on_the_discordant_questions():
    # FIGURES.md: b = 20, c = 8, n = 198 → lead 6.1 points, z = 2.27, mid-p 0.024.
    a = np.r_[np.ones(20), np.zeros(8), np.ones(100), np.zeros(70)]
    b = np.r_[np.zeros(20), np.ones(8), np.ones(100), np.zeros(70)]
    t = pairwise_tests(board_from_answers(["A", "B"], [a, b]))
    assert round(100 * float(t.lead[0, 1]), 1) == 6.1
    assert round(float(t.z[0, 1]), 2) == 2.27
    assert round(float(t.p_value[0, 1]), 3) == 0.024
    assert t.method == "paired-tango"
    assert "McNemar" in ties_sentence(tie_counts(t))


def test_paired_covariance_gives_the_wald_variance_of_the_lead():
    rng = np.random.default_rng(3)
    x = (rng.random((3, 150)) < [[0.7], [0.6], [0.5]]).astype(int)
    b = board_from_answers(["A", "B", "C"], x)
    cov = b.covariance()
    only_a = int(np.sum((x[0] == 1) & (x[1] == 0)))
    only_b = int(np.sum((x[0] == 0) & (x[1] == 1)))
    g = paired_gap(only_a, only_b, 150, method="wald")
    assert math.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]) == pytest.approx(g.se, rel=1e-12)


# --------------------------------------------------------------------------- p-value adjustment

# Rscript tests/references/leaderboard.R: p.adjust(p, "holm"), p.adjust(p, "BH")
P_ADJUST = [
    ((0.01, 0.04, 0.03, 0.005), (0.03, 0.06, 0.06, 0.02), (0.02, 0.04, 0.04, 0.02)),
    (
        (0.2, 0.2, 0.01, 0.5, 0.049, 0.0001),
        (0.6, 0.6, 0.05, 0.6, 0.196, 0.0006),
        (0.24, 0.24, 0.03, 0.5, 0.098, 0.0006),
    ),
    ((0.157, 0.157, 0.157), (0.471, 0.471, 0.471), (0.157, 0.157, 0.157)),
    ((1, 0, 0.5), (1, 0, 1), (1, 0, 0.75)),
    (
        (0.0252, 1.2e-09, 3.3e-05, 0.31, 0.049, 0.049, 0.0009, 0.6, 0.012, 0.2),
        (0.1512, 1.2e-08, 0.000297, 0.62, 0.245, 0.245, 0.0072, 0.62, 0.084, 0.6),
        (0.0504, 1.2e-08, 0.000165, 0.34444444444444444, 0.07, 0.07, 0.003, 0.6, 0.03, 0.25),
    ),
]


@pytest.mark.parametrize(("p", "holm", "bh"), P_ADJUST)
def test_p_adjust_matches_r(p, holm, bh):
    np.testing.assert_allclose(adjust_p_values(p, "holm"), holm, rtol=1e-12)
    np.testing.assert_allclose(adjust_p_values(p, "bh"), bh, rtol=1e-12)
    np.testing.assert_array_equal(adjust_p_values(p, "none"), p)


def test_pairwise_tests_adjust_the_upper_triangle_once():
    b = board(list("ABCD"), [0.82, 0.80, 0.77, 0.70], n=800)
    raw, holm = pairwise_tests(b, correction="none"), pairwise_tests(b, correction="holm")
    iu = np.triu_indices(4, 1)
    np.testing.assert_allclose(holm.p_adjusted[iu], adjust_p_values(raw.p_value[iu], "holm"))
    np.testing.assert_array_equal(holm.p_adjusted, holm.p_adjusted.T)
    np.testing.assert_array_equal(holm.lead, -holm.lead.T)
    assert holm.pairs == 6 and not holm.clears.diagonal().any()


def test_tie_counts_sentence():
    counts = TieCounts(28, 11, 15, 20, "holm", 0.95)
    assert ties_sentence(counts) == (
        "The ±1 SE overlap rule calls 11 of 28 pairs ties; the z-test at 5% calls 15; "
        "corrected for 28 comparisons (Holm), 20."
    )
    assert ties_sentence(TieCounts(3, 1, 2, 2, "none", 0.95)).endswith("calls 2.")


# --------------------------------------------------------------------------- rank intervals

# Rscript tests/references/leaderboard.R: csranks(x, diag(se^2), simul, stepdown, R = 200000, seed = 1)
_SE_500 = [math.sqrt(p * (1 - p) / 500) for p in (0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45)]
CSRANKS = [
    ((0.9, 0.85, 0.84, 0.8), (0.015968719422671314,) * 4, "marginal", False, (1, 1, 2, 2), (2, 4, 4, 4)),
    ((0.9, 0.85, 0.84, 0.8), (0.015968719422671314,) * 4, "marginal", True, (1, 1, 2, 2), (1, 4, 4, 4)),
    ((0.9, 0.85, 0.84, 0.8), (0.015968719422671314,) * 4, "simultaneous", False, (1, 1, 2, 2), (2, 4, 4, 4)),
    ((0.9, 0.85, 0.84, 0.8), (0.015968719422671314,) * 4, "simultaneous", True, (1, 1, 2, 2), (2, 4, 4, 4)),
    ((0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45), _SE_500, "marginal", True, (1, 1, 1, 2, 3, 4, 5, 7), (3, 4, 5, 6, 7, 7, 8, 8)),
    ((0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45), _SE_500, "simultaneous", False, (1, 1, 1, 1, 3, 3, 5, 7), (4, 4, 6, 6, 7, 7, 8, 8)),
    ((0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45), _SE_500, "simultaneous", True, (1, 1, 1, 1, 3, 3, 5, 7), (4, 4, 6, 6, 7, 7, 8, 8)),
    ((0.934, 0.952, 0.91, 0.95, 0.88), (0.0124, 0.0107, 0.02, 0.009, 0.03), "marginal", True, (1,) * 5, (5,) * 5),
    ((0.934, 0.952, 0.91, 0.95, 0.88), (0.0124, 0.0107, 0.02, 0.009, 0.03), "simultaneous", True, (1,) * 5, (5,) * 5),
]  # fmt: skip


# csranks' single-step marginal row for the 8-model board is left out: model C sits on
# the edge there (its worst rank is 5 or 6 depending on the draws, in R as here).


@pytest.mark.parametrize(("x", "se", "method", "stepdown", "low", "high"), CSRANKS)
def test_rank_intervals_match_csranks(x, se, method, stepdown, low, high):
    b = board([f"M{i}" for i in range(len(x))], x, se=se)
    r = rank_intervals(b, method=method, stepdown=stepdown, draws=50_000, seed=0)
    assert tuple(r.low) == low and tuple(r.high) == high


def test_first_simultaneous_critical_value_is_the_studentized_range():
    # Rscript tests/references/leaderboard.R: qtukey(0.95, 3, Inf) / sqrt(2) = 2.3437005879021418
    b = board(["A", "B", "C"], [0.50, 0.50, 0.50], se=[0.02] * 3)
    r = rank_intervals(b, method="simultaneous", stepdown=False, draws=200_000, seed=1)
    assert r.critical_value[0] == pytest.approx(2.3437005879021418, abs=0.015)
    # one model, K = 2: the max of |Z| is the two-sided normal critical value
    two = rank_intervals(board(["A", "B"], [0.5, 0.5], se=[0.02, 0.01]), draws=200_000, seed=1)
    assert two.critical_value[0] == pytest.approx(stats.norm.isf(0.025), abs=0.015)


def _reject(p, alpha, stepdown):
    """Textbook Bonferroni, or Holm's step-down: reject p₍ᵢ₎ ≤ α/(m − i) while it holds."""
    m = len(p)
    if not stepdown:
        return [q <= alpha / m for q in p]
    reject = [False] * m
    for i, j in enumerate(sorted(range(m), key=lambda j: p[j])):
        if p[j] > alpha / (m - i):
            break
        reject[j] = True
    return reject


def _brute_force_ranks(x, se, method, stepdown, alpha=0.05):
    """Rank sets by enumeration, with Bonferroni/Holm claims.

    Every ordered pair (a, b) is a one-sided claim "a ahead of b", p = Φ(−t).
    Single step: Bonferroni; stepdown: Holm (the stepdown of Bonferroni).
    A model's rank set is every 1 + (number of others ahead) over all
    orderings of the others relative to it that no declared claim forbids.
    """
    k = len(x)
    fams = (
        [[(a, b) for a in range(k) for b in range(k) if a != b]]
        if method == "simultaneous"
        else [
            [(j, m) for j in range(k) if j != m] + [(m, j) for j in range(k) if j != m]
            for m in range(k)
        ]
    )
    sets = []
    for m in range(k):
        fam = fams[0] if method == "simultaneous" else fams[m]
        p = [stats.norm.sf((x[a] - x[b]) / math.hypot(se[a], se[b])) for a, b in fam]
        reject = _reject(p, alpha, stepdown)
        ahead = {(a, b) for (a, b), r in zip(fam, reject, strict=True) if r}
        others = [j for j in range(k) if j != m]
        ranks = set()
        for signs in itertools.product([True, False], repeat=k - 1):  # True: j ahead of m
            if all(
                ((m, j) not in ahead) if s else ((j, m) not in ahead)
                for j, s in zip(others, signs, strict=True)
            ):
                ranks.add(1 + sum(signs))
        sets.append(ranks)
    return sets


@pytest.mark.parametrize("method", ["marginal", "simultaneous"])
@pytest.mark.parametrize("stepdown", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_rank_sets_match_a_brute_force_enumeration(method, stepdown, seed):
    rng = np.random.default_rng(seed)
    k = 5
    x = np.sort(rng.uniform(0.55, 0.8, k))[::-1]
    se = rng.uniform(0.01, 0.03, k)
    r = rank_intervals(
        board(list("ABCDE"), x, se=se), method=method, critical="bonferroni", stepdown=stepdown
    )
    expected = _brute_force_ranks(x, se, method, stepdown)
    for i in range(k):
        assert set(range(r.low[i], r.high[i] + 1)) == expected[i]


def test_stepdown_never_widens_and_simulated_is_never_wider_than_bonferroni():
    b = board(list("ABCDEFGH"), [0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45], n=500)
    for method in ("marginal", "simultaneous"):
        one = rank_intervals(b, method=method, stepdown=False)
        down = rank_intervals(b, method=method)
        bonf = rank_intervals(b, method=method, critical="bonferroni")
        assert np.all(down.low >= one.low) and np.all(down.high <= one.high)
        assert np.all(down.low >= bonf.low) and np.all(down.high <= bonf.high)


def test_pairwise_ranks_count_models_significantly_better_and_worse():
    b = board(["A", "B", "C", "D"], [0.90, 0.85, 0.84, 0.80], n=500)
    r = pairwise_ranks(pairwise_tests(b, correction="none"))
    # A clears B, C, D; B and C clear D only; D is cleared by all
    assert (r.low.tolist(), r.high.tolist()) == ([1, 2, 2, 3], [1, 3, 4, 4])
    said = comparison_sentence(r, rank_intervals(b))
    assert "differ for 2 models: B (2–3 against 2–4); D (3–4 against 2–4)" in said


def test_tied_for_first_and_interval_lookup():
    b = board(["A", "B", "C", "D"], [0.90, 0.89, 0.80, 0.60], n=500)
    r = rank_intervals(b)
    assert r.tied_for_first == ("A", "B")
    assert r.interval("C") == (3, 3)


def test_simultaneous_sets_cover_the_true_ranking():
    """Seeded simulation: 200 boards of 5 models, 300 questions each.

    Nominal 95% (simultaneous: all five true ranks at once; marginal: each
    model's own). The tolerance, 0.045, is about 3 binomial SEs of a 95%
    coverage estimated from 200 boards.
    """
    theta = np.array([0.80, 0.78, 0.74, 0.70, 0.69])
    true_rank = np.arange(1, 6)
    rng = np.random.default_rng(2026)
    covered_all, covered_each = 0, np.zeros(5)
    for _ in range(200):
        b = board(list("ABCDE"), rng.binomial(300, theta) / 300, n=300)
        simul = rank_intervals(b, method="simultaneous", draws=1_000, seed=1)
        covered_all += bool(np.all((simul.low <= true_rank) & (true_rank <= simul.high)))
        marg = rank_intervals(b, draws=1_000, seed=1)
        covered_each += (marg.low <= true_rank) & (true_rank <= marg.high)
    assert covered_all / 200 >= 0.95 - 0.045
    assert np.all(covered_each / 200 >= 0.95 - 0.045)


# --------------------------------------------------------------------------- properties

_scores = st.lists(st.floats(0.3, 0.95), min_size=2, max_size=6)


def _board(scores, se_seed=0):
    se = np.random.default_rng(se_seed).uniform(0.005, 0.04, len(scores))
    return board([f"M{i}" for i in range(len(scores))], scores, se=se)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_scores, st.integers(0, 5), st.sampled_from(["simulated", "bonferroni", "sidak"]))
def test_intervals_hold_the_observed_rank_and_simultaneous_holds_marginal(scores, seed, critical):
    b = _board(scores, seed)
    marg = rank_intervals(b, critical=critical, draws=1_000, seed=seed)
    simul = rank_intervals(b, method="simultaneous", critical=critical, draws=1_000, seed=seed)
    lmarena = pairwise_ranks(pairwise_tests(b))
    for r in (marg, simul, lmarena):
        assert np.all((r.low <= r.observed) & (r.observed <= r.high))
        leader = b.names[int(np.argmax(b.scores))]
        assert leader in r.tied_for_first
    assert np.all(simul.low <= marg.low) and np.all(simul.high >= marg.high)


def _contains(wide, narrow):
    return np.all(wide.low <= narrow.low) and np.all(wide.high >= narrow.high)


@settings(max_examples=25, deadline=None)
@given(_scores, st.integers(0, 5), st.floats(1.0, 4.0), st.data())
def test_a_larger_se_never_narrows_an_interval(scores, seed, factor, data):
    b = _board(scores, seed)
    i = data.draw(st.integers(0, len(scores) - 1))
    one = b.se.copy()
    one[i] *= factor
    wider_one = board(b.names, b.scores, se=one)
    wider_all = board(b.names, b.scores, se=b.se * factor)
    for method in ("marginal", "simultaneous"):
        for critical in ("bonferroni", "sidak"):
            base = rank_intervals(b, method=method, critical=critical)
            assert _contains(rank_intervals(wider_one, method=method, critical=critical), base)
        # The simulated c depends on the SEs' ratios; scaling every SE keeps it.
        base = rank_intervals(b, method=method, draws=500, seed=seed)
        assert _contains(rank_intervals(wider_all, method=method, draws=500, seed=seed), base)
    for correction in ("holm", "bh", "none"):
        base = pairwise_ranks(pairwise_tests(b, correction=correction))
        assert _contains(pairwise_ranks(pairwise_tests(wider_one, correction=correction)), base)


@settings(max_examples=40, deadline=None)
@given(st.floats(0.05, 0.95), st.floats(0.05, 0.95), st.integers(20, 3000))
def test_two_models_reduce_to_the_gap_test(a, b, n):
    g = unpaired_gap(a, b, n)
    t = pairwise_tests(board(["A", "B"], [a, b], n=n))
    assert float(t.p_value[0, 1]) == pytest.approx(g.p_value, rel=1e-12, abs=1e-300)
    assert bool(t.clears[0, 1]) == (g.p_value < 0.05)
    # Bonferroni over the two one-sided claims is the two-sided z-test
    r = rank_intervals(board(["A", "B"], [a, b], n=n), critical="bonferroni")
    assert (r.low[0] == r.high[0]) == (g.p_value < 0.05) or math.isclose(g.p_value, 0.05)


@settings(max_examples=30, deadline=None)
@given(_scores, st.integers(0, 5), st.randoms(use_true_random=False))
def test_permuting_rows_permutes_results(scores, seed, random):
    b = _board(scores, seed)
    perm = list(range(len(scores)))
    random.shuffle(perm)
    p = board([b.names[i] for i in perm], b.scores[perm], se=b.se[perm])
    t, tp = pairwise_tests(b), pairwise_tests(p)
    np.testing.assert_allclose(tp.p_adjusted, t.p_adjusted[np.ix_(perm, perm)], rtol=1e-12)
    for method in ("marginal", "simultaneous"):
        r = rank_intervals(b, method=method, critical="bonferroni")
        rp = rank_intervals(p, method=method, critical="bonferroni")
        np.testing.assert_array_equal(rp.low, r.low[perm])
        np.testing.assert_array_equal(rp.high, r.high[perm])


# --------------------------------------------------------------------------- luck


def test_rank_probabilities_match_the_exact_chance_for_two_models():
    n, pa, pb = 200, 0.80, 0.76
    r = rank_probabilities(board(["A", "B"], [pa, pb], n=n), draws=20_000, seed=5)
    ka, kb = np.arange(n + 1), np.arange(n + 1)
    joint = np.outer(stats.binom.pmf(ka, n, pa), stats.binom.pmf(kb, n, pb))
    exact = joint[ka[:, None] > kb[None, :]].sum() + 0.5 * np.trace(joint)  # ties split at random
    assert r.first[0] == pytest.approx(exact, abs=3 * math.sqrt(exact * (1 - exact) / 20_000))
    np.testing.assert_allclose(r.probabilities.sum(axis=0), 1)
    np.testing.assert_allclose(r.probabilities.sum(axis=1), 1)


def test_rank_probabilities_are_seeded_and_cover_every_kind_of_board():
    b = board(list("ABC"), [0.7, 0.7, 0.6], se=[0.02, 0.02, 0.02])
    one, two = rank_probabilities(b, seed=3), rank_probabilities(b, seed=3)
    np.testing.assert_array_equal(one.probabilities, two.probabilities)
    assert one.first[0] == pytest.approx(0.5, abs=0.03)
    x = (np.random.default_rng(0).random((3, 100)) < 0.6).astype(int)
    paired = rank_probabilities(board_from_answers(list("ABC"), x), draws=2_000)
    np.testing.assert_allclose(paired.probabilities.sum(axis=1), 1)


# --------------------------------------------------------------------------- plain errors


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: board(["A"], [0.5], n=100), "give 2 to 50 models, got 1"),
        (lambda: board(["A", "A"], [0.5, 0.6], n=100), "'A' appears twice"),
        (
            lambda: board(["A", "B"], [0.5, 87.3], n=100),
            r"'B': score must be a proportion .* got 87.3",
        ),
        (
            lambda: board(["A", "B"], [0.5, 0.6], se=[0.01, 0]),
            r"'B': se must be greater than 0, got 0",
        ),
        (lambda: board(["A", "B"], [0.5, 0.6], n=100, se=0.01), "either n .* or se"),
        (lambda: board(["A", "B"], [0.5, 0.6], n=[100]), r"one value per row \(2\), got 1"),
        (lambda: board(["A", " "], [0.5, 0.6], n=100), "row 2 has no model name"),
        (
            lambda: board([f"M{i}" for i in range(51)], [0.5] * 51, n=9),
            "give 2 to 50 models, got 51",
        ),
        (lambda: board_from_answers(["A", "B"], [[1, 0], [1, 2]]), "'B' has 2 on question 2"),
        (
            lambda: board_from_answers(["A", "B"], [[1, 0], [float("nan"), 1]]),
            "'B' has no answer to question 1",
        ),
        (
            lambda: pairwise_tests(board(["A", "B"], [0.5, 0.6], n=9), correction="bonf"),
            "'holm', 'bh', 'none', got 'bonf'",
        ),
        (lambda: rank_intervals(board(["A", "B"], [0.5, 0.6], n=9), method="joint"), "got 'joint'"),
        (lambda: rank_intervals(board(["A", "B"], [0.5, 0.6], n=9), critical="max"), "got 'max'"),
        (lambda: adjust_p_values([0.5, 1.5]), "from 0 to 1"),
        (lambda: parse_board("A 71.4 ± 1.8\nB 70.1").to_board(n=500), "some rows give a ± SE"),
        (
            lambda: parse_board("A 71.4\nB 70.1").to_board(),
            "no number of questions for 'A' and 'B'",
        ),
    ],
)
def test_plain_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# --------------------------------------------------------------------------- paste


@pytest.mark.parametrize(
    ("text", "names", "scores", "se", "n"),
    [
        ("GPT-4o 71.4 ± 1.8\nClaude 3.5 Sonnet 69.9 ± 2.0", ("GPT-4o", "Claude 3.5 Sonnet"), (0.714, 0.699), (0.018, 0.02), (None, None)),
        ("Model,Score,SE\nA,71.4,1.8\nB,69.9,2.0", ("A", "B"), (0.714, 0.699), (0.018, 0.02), (None, None)),
        ("Model\tAccuracy\tn\nModel 7\t71.4%\t198\nModel 8\t69.9%\t198", ("Model 7", "Model 8"), (0.714, 0.699), (None, None), (198, 198)),
        ("1. GPT-4o  0.714\n2. Claude  0.699", ("GPT-4o", "Claude"), (0.714, 0.699), (None, None), (None, None)),
        ("Rank\tModel\tScore\n1\tGPT-4o\t71.4\n2\tClaude\t69.9 (±1.8)", ("GPT-4o", "Claude"), (0.714, 0.699), (None, 0.018), (None, None)),
        ("Model 7 71.4\nModel 8 70", ("Model 7", "Model 8"), (0.714, 0.70), (None, None), (None, None)),
        ("A 71.4 500\nB 69.9 500", ("A", "B"), (0.714, 0.699), (None, None), (500, 500)),
        ("A 71.4% (±1.8)\nB 70.0% (+/- 1.9)", ("A", "B"), (0.714, 0.70), (0.018, 0.019), (None, None)),
        ("| Model | Score |\n|---|---|\n| A | 71.4 |\n| B | 69.9 |", ("A", "B"), (0.714, 0.699), (None, None), (None, None)),
        ("A 71.4 n=500\nB: 69.9 n=1,319", ("A", "B"), (0.714, 0.699), (None, None), (500, 1319)),
        ("Llama 3.1 405B\t65.0 ± 2.1\t500", ("Llama 3.1 405B",), (0.65,), (0.021,), (500,)),
    ],
)  # fmt: skip
def test_parse_board_reads_what_leaderboards_print(text, names, scores, se, n):
    t = parse_board(text)
    assert (t.names, t.scores, t.se, t.n) == (names, scores, se, n)


def test_parse_board_notes_each_bad_line_and_keeps_the_rest():
    t = parse_board("A 82 500\nB 78 500\nB 70 500\nC n/a\n71.4\nD 120")
    assert t.names == ("A", "B")
    assert t.notes == (
        "line 3: 'B' appears twice; the first row is kept",
        "line 4: no score found for 'C n/a'",
        "line 5: no model name",
        "line 6: no score found for 'D 120'",
    )


def test_parse_board_caps_the_rows_with_a_note():
    t = parse_board("\n".join(f"Model {i} {50 + i / 1000:.3f}" for i in range(10_000)))
    assert len(t.names) == MAX_MODELS and t.names[0] == "Model 0"
    assert t.notes == ("lines 51 on (9,950 more) left out: a board here holds at most 50 models",)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "empty"),
        ("  \n\t\n", "empty"),
        ("<table><tr><td>A</td><td>71</td></tr></table>", "HTML"),
        ("71.4\n69.9\n12", "no line has both a model name and a score"),
        ("x" * 200_001, "at most 200,000"),
    ],
)
def test_parse_board_refuses_what_is_not_a_table(text, match):
    with pytest.raises(ValueError, match=match):
        parse_board(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_parse_board_raises_only_value_errors(text):
    try:
        t = parse_board(text)
    except ValueError:
        return
    assert 1 <= len(t.names) <= MAX_MODELS
    assert all(0 <= s <= 1 for s in t.scores)


# --------------------------------------------------------------------------- links


def test_rows_key_examples():
    value = str(BoardRows(("Model A", "Model B"), (0.873, 0.851), (0.018, 0.019), (None, None)))
    assert value == "Model A:87.3:1.8,Model B:85.1:1.9"
    assert urlencode({"rows": value}, quote_via=lambda s, *a: s.replace(" ", "%20")) == (
        "rows=Model%20A:87.3:1.8,Model%20B:85.1:1.9"
    )
    t = decode_rows("Model A:87.3:n500,B%3A2:80:1.5:n1000")
    assert (t.names, t.scores, t.se, t.n) == (
        ("Model A", "B:2"),
        (0.873, 0.80),
        (None, 0.015),
        (500, 1000),
    )


@pytest.mark.parametrize(
    ("value", "match"),
    [("", "holds no model"), (",,,", "holds no model"), ("A,B", "holds no model")],
)
def test_decode_rows_refuses_a_key_without_models(value, match):
    with pytest.raises(ValueError, match=match):
        decode_rows(value)


_name = (
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=20)
    .map(clean)  # a board's names are clean text (benchstats.outside_text): those round-trip
    .filter(bool)
)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            _name,
            st.floats(0, 1),
            st.none() | st.floats(1e-4, 0.25),
            st.none() | st.integers(1, 10**6),
        ),
        min_size=1,
        max_size=8,
        unique_by=lambda r: r[0],
    )
)
def test_rows_key_round_trips_through_a_real_url(rows):
    names, scores, se, n = (tuple(c) for c in zip(*rows, strict=True))
    value = str(BoardRows(names, scores, se, n))
    back = decode_rows(parse_qs(urlencode({"rows": value}))["rows"][0])
    assert (back.names, back.scores, back.se, back.n, back.notes) == (names, scores, se, n, ())
    assert str(back) == value


def test_decode_rows_caps_the_models_with_a_note():
    value = ",".join(f"M{i}:{50 + i / 10:g}" for i in range(60))
    t = decode_rows(value)
    assert len(t.names) == MAX_MODELS
    assert t.notes == ("items 51 to 60 of the link left out: at most 50 models",)


def test_a_pasted_board_of_eight_on_gpqa_diamond_end_to_end():
    # "eight models within three points on GPQA Diamond (198 questions)"
    text = "\n".join(
        f"Model {name}\t{score}%"
        for name, score in zip(
            "ABCDEFGH", (62.1, 61.6, 61.1, 60.6, 60.1, 59.6, 59.6, 59.1), strict=True
        )
    )
    b = parse_board(text).to_board(n=198)
    r = rank_intervals(b)
    assert ranks_sentence(r) == (
        "Of these 8 models, 8 cannot be told apart from first place: "
        "Model A, Model B, Model C, Model D, Model E, Model F, Model G and Model H."
    )
    counts = tie_counts(pairwise_tests(b))
    assert (counts.pairs, counts.overlap, counts.test, counts.corrected) == (28, 28, 28, 28)
    # per-row n and reported SEs reach the board as given
    per_row = parse_board("A 71.4 500\nB 69.9 1000").to_board()
    assert per_row.kind == "n" and per_row.n.tolist() == [500, 1000]
    with_se = parse_board("A 71.4 ± 1.8\nB 69.9 ± 2.0").to_board(n=500)
    assert with_se.kind == "se" and with_se.se.tolist() == [0.018, 0.02]


def test_pairing_narrows_rank_intervals_when_models_agree_on_most_questions():
    # Three models on the same 400 questions, differing on a few: paired, the
    # 3-point steps are clear; as separate samples (same scores and n) they are not.
    rng = np.random.default_rng(7)
    base = (rng.random(400) < 0.7).astype(int)
    a, b, c = base.copy(), base.copy(), base.copy()
    wrong = np.flatnonzero(base == 0)
    a[wrong[:24]] = 1  # A: 24 more right than C
    b[wrong[:12]] = 1  # B: 12 more right than C
    paired = board_from_answers(["A", "B", "C"], [a, b, c])
    separate = board(["A", "B", "C"], paired.scores, n=400)
    rp, rs = rank_intervals(paired), rank_intervals(separate)
    assert (rp.low.tolist(), rp.high.tolist()) == ([1, 2, 3], [1, 2, 3])
    assert (rs.low.tolist(), rs.high.tolist()) == ([1, 1, 1], [3, 3, 3])
    assert pairwise_tests(paired).clears[0, 2] and not pairwise_tests(separate).clears[0, 2]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_decode_rows_raises_only_value_errors(value):
    try:
        t = decode_rows(value)
    except ValueError:
        return
    assert 1 <= len(t.names) <= MAX_MODELS
    assert all(0 <= s <= 1 for s in t.scores)


# --------------------------------------------------------------------------- two models, many benchmarks


def test_ten_of_ten_rows_for_one_side_is_sign_test_p_0002():
    # FIGURES.md "Paired comparisons": 10 of 10 rows favour one side → sign test p = 0.002.
    r = across_benchmarks([f"B{i}" for i in range(10)], [0.71] * 10, [0.70] * 10, n=500)
    assert (r.a_ahead, r.b_ahead, r.a_clears, r.ties) == (10, 0, 0, 10)
    assert round(r.sign_p, 3) == 0.002


def test_across_benchmarks_counts_rows_overlap_and_correction():
    # Illustrative, built like the Vals summary: ±1 SE bars overlap on some rows,
    # the test calls more ties, the correction for the number of rows more still.
    a = [0.80, 0.75, 0.62, 0.90, 0.55, 0.70]
    b = [0.77, 0.74, 0.64, 0.84, 0.50, 0.69]
    se_a = [0.012, 0.01, 0.02, 0.008, 0.015, 0.01]
    se_b = [0.012, 0.01, 0.02, 0.009, 0.015, 0.01]
    r = across_benchmarks(list("UVWXYZ"), a, b, se_a=se_a, se_b=se_b, correction="holm")
    expected_p = [
        gap_from_standard_errors(*row).p_value for row in zip(a, se_a, b, se_b, strict=True)
    ]
    np.testing.assert_allclose(r.p_adjusted, adjust_p_values(expected_p, "holm"))
    overlap = sum(abs(x - y) <= u + v for x, u, y, v in zip(a, se_a, b, se_b, strict=True))
    c = r.ties_count
    assert (c.pairs, c.overlap, c.test, c.corrected) == (6, overlap, 4, 5)
    assert c.overlap <= c.test <= c.corrected
    assert (r.a_ahead, r.b_ahead) == (5, 1) and r.a_clears + r.b_clears + r.ties == 6
    assert "of 6 benchmarks ties" in ties_sentence(c)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: across_benchmarks(["X", "X"], [0.5, 0.6], [0.5, 0.6], n=100), "'X' appears twice"),
        (lambda: across_benchmarks([], [], [], n=100), "give 1 to 200 benchmarks, got 0"),
        (lambda: across_benchmarks(["X"], [0.5], [0.6]), "either n .* or both se_a and se_b"),
        (
            lambda: across_benchmarks(["X", "Y"], [0.5, 82], [0.6, 0.7], n=100),
            "'Y': a must be a proportion",
        ),
    ],
)
def test_across_benchmarks_plain_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()

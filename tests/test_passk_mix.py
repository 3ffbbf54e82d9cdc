"""benchstats.passk_mix (and one problem's draws and maj@k) against brute force and R."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose
from scipy import stats

from benchstats.passk import draw_counts, maj_at_k, maj_curve, pass_at_k
from benchstats.passk_mix import (
    MAX_PROBLEMS,
    MIX_PRESETS,
    avg_at_k_standard_error,
    bootstrap_mix_pass_at_k,
    first_k_outside,
    get_mix,
    k_grid,
    mix_pass_at_k,
    parse_problems_csv,
    pass_at_k_curve,
    problems,
)
from benchstats.prose.passk import COLUMN_RULE, count_text

FAST = settings(max_examples=40, deadline=None)


# --------------------------------------------------------------------------- brute-force references


def exact_pass_at_k(n: int, c: int, k: int) -> Fraction:
    """1 − C(n − c, k)/C(n, k) in exact rational arithmetic (math.comb is 0 for k > n − c)."""
    return 1 - Fraction(math.comb(n - c, k), math.comb(n, k))


def exact_mix(ns, cs, k: int) -> tuple[Fraction, Fraction]:
    """(average of per-problem pass@k, shortcut on the average pass rate), exactly."""
    m = len(ns)
    estimate = sum((exact_pass_at_k(n, c, k) for n, c in zip(ns, cs, strict=True)), Fraction(0)) / m
    p = sum((Fraction(c, n) for n, c in zip(ns, cs, strict=True)), Fraction(0)) / m
    return estimate, 1 - (1 - p) ** k


mixes = st.integers(1, 12).flatmap(
    lambda m: st.lists(
        st.integers(1, 40).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
        min_size=m,
        max_size=m,
    )
)


# --------------------------------------------------------------------------- presets


def test_presets_share_pass_at_1():
    for preset in MIX_PRESETS.values():
        p = preset.problems
        assert p.size == 100
        assert p.mean_pass_rate == pytest.approx(0.3, abs=1e-15)
        assert (p.n == 50).all()


def test_long_tail_is_the_beta_quantiles():
    # R: c <- round(50*qbeta(((0:99)+0.5)/100, 0.4, 0.93)); cat(c, sep=",")
    r_values = (
        "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,2,2,2,2,2,3,3,3,3,4,4,4,4,5,5,5,6,6,"
        "6,7,7,8,8,8,9,9,10,10,11,11,12,12,13,14,14,15,15,16,17,17,18,19,19,20,21,22,22,23,24,"
        "25,26,26,27,28,29,30,31,32,33,33,34,35,36,37,38,39,40,41,42,43,44,46,47,48,49,50"
    )
    assert get_mix("long-tail").c == tuple(int(x) for x in r_values.split(","))


def test_unknown_mix_is_named():
    with pytest.raises(ValueError, match="mix must be one of 'all-medium'.*got 'hard'"):
        get_mix("hard")


# --------------------------------------------------------------------------- the curves


@pytest.mark.parametrize("key", list(MIX_PRESETS))
def test_preset_curve_is_exact_average_of_per_problem_estimates(key):
    p = get_mix(key).problems
    ks = np.arange(1, 51)
    curve = mix_pass_at_k(p, ks)
    for j, kk in enumerate(ks):
        estimate, shortcut = exact_mix(p.n.tolist(), p.c.tolist(), int(kk))
        assert curve.estimate[j] == pytest.approx(float(estimate), rel=1e-12, abs=1e-14)
        assert curve.shortcut[j] == pytest.approx(float(shortcut), rel=1e-12, abs=1e-14)


@pytest.mark.parametrize(
    ("k", "estimate", "shortcut"),
    [
        # R: c <- round(50*qbeta(((0:99)+0.5)/100, 0.4, 0.93))
        #    mean(1 - choose(50-c,k)/choose(50,k)); 1-(1-mean(c/50))^k
        (1, 0.300000000000000, 0.300000000000000),
        (2, 0.422187755102041, 0.510000000000000),
        (10, 0.677796168993348, 0.971752475100000),
        (50, 0.850000000000000, 0.999999982015350),
    ],
)
def test_long_tail_against_r(k, estimate, shortcut):
    curve = mix_pass_at_k(get_mix("long-tail").problems, k)
    assert curve.estimate[0] == pytest.approx(estimate, rel=1e-12)
    assert curve.shortcut[0] == pytest.approx(shortcut, rel=1e-12)


@FAST
@given(mixes, st.data())
def test_curve_is_exact_average_for_any_mix(rows, data):
    ns, cs = zip(*rows, strict=True)
    p = problems(ns, cs)
    k = data.draw(st.integers(1, p.max_k))
    curve = mix_pass_at_k(p, [1, k])
    estimate, shortcut = exact_mix(ns, cs, k)
    assert curve.estimate[1] == pytest.approx(float(estimate), rel=1e-12, abs=1e-14)
    assert curve.shortcut[1] == pytest.approx(float(shortcut), rel=1e-12, abs=1e-14)
    # at k = 1 all three are the average pass rate
    assert curve.estimate[0] == pytest.approx(p.mean_pass_rate, rel=1e-12)
    assert curve.shortcut[0] == pytest.approx(p.mean_pass_rate, rel=1e-12)


@FAST
@given(st.integers(1, 300).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))))
def test_curve_matrix_equals_core_pass_at_k(nc):
    n, c = nc
    ks = k_grid(n, points=30)
    got = pass_at_k_curve([n], [c], ks)[0]
    assert_allclose(got, pass_at_k(n, c, ks), rtol=1e-12, atol=1e-15)
    assert (got[ks > n - c] == 1.0).all()  # exactly 1 from k = n − c + 1 on


def test_exactly_one_from_n_minus_c_plus_one():
    n, c = 20, 3
    ks = np.arange(1, 21)
    got = pass_at_k_curve([n], [c], ks)[0]
    assert (got[ks >= n - c + 1] == 1.0).all()
    assert got[ks == n - c][0] == pytest.approx(1 - 1 / math.comb(20, 17), rel=1e-12)


def test_two_hundred_choose_one_hundred_does_not_overflow():
    # C(200, 100) is 9.05e58 (R: choose(200,100)); a factorial route would overflow.
    got = pass_at_k_curve([200], [100], [100])[0, 0]
    assert math.isfinite(got)
    assert got == pytest.approx(float(exact_pass_at_k(200, 100, 100)), rel=1e-15)
    d = draw_counts(200, 100, 100)
    assert d.total == math.comb(200, 100)
    assert d.without_pass == 1
    assert count_text(d.total) == "9.05 × 10⁵⁸"  # R: choose(200,100) = 9.054851466e+58


def test_exactly_one_flag_for_a_mix():
    # all-medium: the hardest problem has 50 − 11 = 39 failures
    curve = mix_pass_at_k(get_mix("all-medium").problems, np.arange(1, 51))
    assert curve.exactly_one.tolist() == [k >= 40 for k in range(1, 51)]
    assert (curve.estimate[curve.exactly_one] == 1.0).all()
    assert (curve.estimate[~curve.exactly_one] < 1.0).all()


def test_easy_and_impossible_is_flat_while_shortcut_climbs():
    curve = mix_pass_at_k(get_mix("easy-and-impossible").problems, np.arange(1, 51))
    assert_allclose(curve.estimate, 0.3, rtol=0, atol=0)
    assert (np.diff(curve.shortcut) > 0).all()
    assert curve.shortcut[-1] > 0.999


def test_k_beyond_the_fewest_samples_is_refused():
    p = problems([10, 20], [1, 2])
    with pytest.raises(ValueError, match="k must be at most 10, the fewest samples.*got 11"):
        mix_pass_at_k(p, [1, 11])
    with pytest.raises(
        ValueError, match=r"k must be whole numbers of samples ≥ 1, got (np\.int64\()?0"
    ):
        mix_pass_at_k(p, [0])


def test_problems_refuse_bad_counts():
    with pytest.raises(ValueError, match="problem 2: c = 21 passed is more than n = 20"):
        problems([20, 20], [3, 21])
    with pytest.raises(
        ValueError, match=r"n must be whole numbers of samples ≥ 1, got (np\.int64\()?0"
    ):
        problems([0], [0])
    with pytest.raises(ValueError, match="same length"):
        problems([5, 5], [1])
    with pytest.raises(ValueError, match="at least one problem"):
        problems([], [])


# --------------------------------------------------------------------------- bootstrap


def test_bootstrap_is_reproducible_by_seed():
    p = get_mix("long-tail").problems
    ks = np.arange(1, 51)
    a = bootstrap_mix_pass_at_k(p, ks, seed=7)
    b = bootstrap_mix_pass_at_k(p, ks, seed=7)
    c = bootstrap_mix_pass_at_k(p, ks, seed=8)
    assert np.array_equal(a.low, b.low) and np.array_equal(a.high, b.high)
    assert not np.array_equal(a.low, c.low)
    assert a.seed == 7 and a.resamples == 1000 and a.confidence_level == 0.95


def test_bootstrap_band_is_ordered_and_holds_the_curve():
    for key in MIX_PRESETS:
        p = get_mix(key).problems
        ks = np.arange(1, 51)
        band = bootstrap_mix_pass_at_k(p, ks, seed=1)
        curve = mix_pass_at_k(p, ks)
        assert (band.low <= curve.estimate + 1e-12).all()
        assert (curve.estimate <= band.high + 1e-12).all()
        # each resampled curve rises with k, so its percentiles do too
        assert (np.diff(band.low) >= -1e-12).all() and (np.diff(band.high) >= -1e-12).all()


def test_bootstrap_width_matches_the_standard_error_of_a_mean():
    # Resampling m problems with replacement: the bootstrap mean has variance
    # Var_pop(x)/m exactly, and is close to normal for m = 100.
    p = get_mix("long-tail").problems
    band = bootstrap_mix_pass_at_k(p, [1, 10], resamples=20_000, seed=3)
    x = pass_at_k(p.n[:, None], p.c[:, None], np.array([[1, 10]]))
    se = x.std(axis=0) / math.sqrt(p.size)
    z = stats.norm.ppf(0.975)
    assert_allclose((band.high - band.low) / (2 * z), se, rtol=0.05)


def test_bootstrap_of_identical_problems_has_no_width():
    p = problems([20] * 30, [6] * 30)
    band = bootstrap_mix_pass_at_k(p, [1, 5, 20], seed=0)
    assert_allclose(band.low, band.high, rtol=0, atol=1e-15)


def test_bootstrap_refuses_bad_settings():
    p = get_mix("all-medium").problems
    with pytest.raises(
        ValueError, match="resamples must be a whole number of resamples ≥ 1, got 0"
    ):
        bootstrap_mix_pass_at_k(p, [1], resamples=0)
    with pytest.raises(ValueError, match="confidence_level must be between 0 and 1"):
        bootstrap_mix_pass_at_k(p, [1], confidence_level=95)
    with pytest.raises(ValueError, match="seed must be a whole number of seed ≥ 0, got -1"):
        bootstrap_mix_pass_at_k(p, [1], seed=-1)


def test_first_k_outside():
    k = [1, 2, 3, 4]
    assert first_k_outside(k, [0.5, 0.5, 0.9, 0.5], [0.4] * 4, [0.6] * 4) == 3
    assert first_k_outside(k, [0.5, 0.1, 0.5, 0.5], [0.4] * 4, [0.6] * 4) == 2
    assert first_k_outside(k, [0.5] * 4, [0.4] * 4, [0.6] * 4) is None


@FAST
@given(st.integers(1, 100_000), st.integers(2, 200))
def test_k_grid(max_k, points):
    g = k_grid(max_k, points=points)
    assert g[0] == 1 and g[-1] == max_k
    assert (np.diff(g) > 0).all()
    assert g.size <= points
    if max_k <= points:
        assert g.size == max_k


# --------------------------------------------------------------------------- draws of k of n


@pytest.mark.parametrize(("n", "c", "k"), [(6, 2, 3), (7, 0, 2), (8, 5, 4), (9, 9, 3), (10, 3, 1)])
def test_draw_counts_match_enumeration(n, c, k):
    samples = [True] * c + [False] * (n - c)
    by_passes: dict[int, int] = {}
    for pick in itertools.combinations(range(n), k):
        j = sum(samples[i] for i in pick)
        by_passes[j] = by_passes.get(j, 0) + 1
    d = draw_counts(n, c, k)
    total = sum(by_passes.values())
    assert d.total == total
    assert d.without_pass == by_passes.get(0, 0)
    assert d.with_pass == total - by_passes.get(0, 0)
    assert d.passes.tolist() == sorted(by_passes)
    assert_allclose(d.share, [by_passes[j] / total for j in d.passes], rtol=1e-12)
    assert d.pass_at_k == pytest.approx(d.with_pass / total, rel=1e-12)


def test_draw_counts_figures():
    # FIGURES.md: n = 20, c = 3 → pass@5 = 0.6009 (R: 1 - choose(17,5)/choose(20,5) = 0.600877193)
    d = draw_counts(20, 3, 5)
    assert (d.total, d.without_pass) == (15504, 6188)
    assert d.pass_at_k == pytest.approx(0.600877193, abs=1e-9)
    # R: dhyper(0:3, 3, 17, 5)
    r = [0.39912280701754393, 0.46052631578947384, 0.13157894736842102, 0.00877192982456141]
    assert_allclose(d.share, r, rtol=1e-12)


def test_draw_counts_refuse_impossible_draws():
    with pytest.raises(ValueError, match="k must be at most n = 20 samples, got k = 21"):
        draw_counts(20, 3, 21)
    with pytest.raises(ValueError, match="c must be at most n = 20 samples, got c = 25"):
        draw_counts(20, 25, 5)
    with pytest.raises(ValueError, match="k must be a whole number of samples ≥ 1, got 0"):
        draw_counts(20, 3, 0)
    with pytest.raises(ValueError, match="n must be a whole number of samples ≥ 1, got 0"):
        draw_counts(0, 0, 1)


@pytest.mark.parametrize(
    ("x", "text"),
    [(0, "0"), (15504, "15,504"), (10**15 - 1, "999,999,999,999,999"), (10**15, "1.00 × 10¹⁵")],
)
def test_count_text(x, text):
    assert count_text(x) == text


@pytest.mark.parametrize(("n", "k"), [(200, 100), (5_000, 2_500), (30_000, 15_000)])
def test_count_text_beyond_floats_and_str_limits(n, k):
    # log10 C(n, k) from log-gamma, independently of the integer
    log10 = (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)) / math.log(10)
    mantissa, exponent = count_text(math.comb(n, k)).split(" × 10")
    digits = exponent.translate(str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789"))
    assert int(digits) == math.floor(log10)
    assert float(mantissa) == pytest.approx(10 ** (log10 - math.floor(log10)), abs=0.006)


# --------------------------------------------------------------------------- avg@k


def test_avg_at_k_against_exact_mixture_variance():
    # A problem drawn at random from the mix, then k samples: the variance of
    # its mean score from the full distribution (scipy.stats.binom), over m.
    rates = get_mix("long-tail").problems.pass_rates
    m = rates.size
    ks = np.array([1, 2, 5, 20])
    r = avg_at_k_standard_error(rates, ks)
    for j, k in enumerate(ks):
        x = np.arange(k + 1) / k
        pmf = np.array([stats.binom.pmf(np.arange(k + 1), k, p) for p in rates]) / m
        mean = (pmf * x).sum()
        var = (pmf * (x - mean) ** 2).sum()
        assert r.se[j] == pytest.approx(math.sqrt(var / m), rel=1e-10)
        within = sum(stats.binom.var(k, p) / k**2 for p in rates) / m**2
        assert r.se_within[j] == pytest.approx(math.sqrt(within), rel=1e-10)
    assert r.se_floor == pytest.approx(math.sqrt(np.var(rates) / m), rel=1e-12)
    assert (np.diff(r.se) < 0).all() and (r.se > r.se_floor).all()


def test_avg_at_k_refuses_percent():
    with pytest.raises(
        ValueError, match=r"pass_rates must be a proportion from 0 to 1.*got (np\.float64\()?30\.0"
    ):
        avg_at_k_standard_error([30, 40], [1])


# --------------------------------------------------------------------------- maj@k


def brute_maj(pc: float, pd: float, k: int) -> float:
    """Enumerate every (correct, distractor, unique others) count; random tie-breaks."""
    po = 1 - pc - pd
    total = 0.0
    for a in range(1, k + 1):
        for b in range(k - a + 1):
            o = k - a - b
            prob = math.factorial(k) / (math.factorial(a) * math.factorial(b) * math.factorial(o))
            prob *= pc**a * pd**b * po**o
            top = max(a, b, 1 if o else 0)
            if a < top:
                continue
            tied = 1 + (b == top) + (o if top == 1 else 0)
            total += prob / tied
    return total


@pytest.mark.parametrize(
    ("pc", "pd"), [(0.3, 0.4), (0.4, 0.2), (0.25, 0.25), (0.5, 0.0), (0.2, 0.0)]
)
def test_maj_curve_against_enumeration(pc, pd):
    ks = np.arange(1, 13)
    r = maj_curve(pc, pd, ks)
    assert_allclose(r.maj, [brute_maj(pc, pd, int(k)) for k in ks], rtol=1e-10, atol=1e-14)
    assert_allclose(r.pass_, 1 - (1 - pc) ** ks, rtol=1e-12)
    assert_allclose(r.maj, maj_at_k(pc, pd, ks), rtol=0)


def test_the_trap_more_samples_make_maj_worse():
    r = maj_curve(0.3, 0.4, np.arange(1, 201))
    assert r.limit == 0.0
    assert r.maj[-1] < 0.05 < 0.3 == pytest.approx(r.maj[0])
    assert r.maj[-1] < r.maj[59] < r.maj[0]
    assert (np.diff(r.pass_) >= 0).all() and r.pass_[-1] > 0.999


@pytest.mark.parametrize(
    ("pc", "pd", "limit"), [(0.4, 0.2, 1.0), (0.2, 0.4, 0.0), (0.3, 0.3, 0.5), (0.0, 0.0, 0.0)]
)
def test_maj_limit(pc, pd, limit):
    assert maj_curve(pc, pd, 1).limit == limit


def test_maj_refuses_chances_past_one():
    msg = r"p_correct \+ p_distractor must be at most 1 .*got 0.7 \+ 0.5 = 1.2"
    with pytest.raises(ValueError, match=msg):
        maj_curve(0.7, 0.5, [1, 2])
    with pytest.raises(ValueError, match="proportions, not percent"):
        maj_curve(30, 40, [1])


# --------------------------------------------------------------------------- CSV


@pytest.mark.parametrize(
    "data",
    [
        b"n,c\n20,3\n20,20\n",
        b"\xef\xbb\xbfproblem,N,C\nA,20,3\n\nB,20,20\n",  # BOM, other column, blank line
        b"n;c\r\n20;3\r\n20;20\r\n",  # semicolons, Windows lines
        b"samples\tpassed\n20.0\t3\n20\t20.0\n",  # aliases, tabs, whole floats
    ],
)
def test_csv_accepted(data):
    p = parse_problems_csv(data)
    assert p.n.tolist() == [20, 20] and p.c.tolist() == [3, 20]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b"n,c\n20,25\n",
            "1 line of the file can't be used: line 2: c = 25 passed is more than n = 20",
        ),
        (b"n,c\n20,3\n20,three\n", "line 3: c = 'three' is not a whole number"),
        (b"n,c\nabc,3\n", "line 2: n = 'abc' is not a whole number"),
        (b"n,c\n20,2.5\n", "line 2: c = '2.5' is not a whole number"),
        (b"n,c\n20,\n", "line 2: c = '' is not a whole number"),
        (b"n,c\n0,0\n", "line 2: n = 0; n must be from 1 to 1,000,000"),
        (b"n,c\n20,-1\n", "line 2: c = -1; c cannot be negative"),
        (b"n,c\n20,nan\n", "line 2: c = 'nan' is not a whole number"),
        (b"x,y\n1,2\n", "needs a header row with a column n .* first line has 'x', 'y'"),
        (b"", "the file is empty"),
        (b"n,c\n", "header but no problems"),
        (b"n,c\n\xff\xfe,1\n", "not UTF-8 text"),
    ],
)
def test_csv_refused_with_a_named_reason(data, message):
    with pytest.raises(ValueError, match=message):
        parse_problems_csv(data)


def test_csv_names_the_first_bad_lines_and_counts_the_rest():
    data = b"n,c\n" + b"10,11\n" * 8
    with pytest.raises(ValueError) as err:
        parse_problems_csv(data)
    text = str(err.value)
    assert text.startswith("8 lines of the file can't be used: line 2: c = 11")
    assert "line 6" in text and "line 7" not in text and text.endswith("and 3 more")


def test_csv_limits():
    with pytest.raises(ValueError, match=f"at most {MAX_PROBLEMS:,} are allowed"):
        parse_problems_csv(b"n,c\n" + b"5,1\n" * (MAX_PROBLEMS + 1))
    with pytest.raises(ValueError, match="bytes; at most 2,000,000 are allowed"):
        parse_problems_csv(b"n,c\n" + b"5,1" + b" " * 2_000_000)
    with pytest.raises(TypeError, match="data must be the file's bytes, got str"):
        parse_problems_csv("n,c\n5,1\n")


# --------------------------------------------------------------------------- the column rule


def test_column_rule():
    assert [r.metric for r in COLUMN_RULE] == ["pass@1", "pass@k (k > 1)", "avg@k", "maj@k"]
    for r in COLUMN_RULE:
        assert "temperature" in r.print_with
        assert r.measures and r.same_column_as
    by = {r.metric: r for r in COLUMN_RULE}
    assert "avg@k" in by["pass@1"].same_column_as
    assert "same k" in by["maj@k"].same_column_as

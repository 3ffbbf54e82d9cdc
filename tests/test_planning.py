"""benchstats.planning against FIGURES.md, R, statsmodels and brute force."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import samplesize_proportions_2indep_onetail

from benchstats import (
    minimum_detectable_effect,
    minimum_detectable_effect_repeats,
    questions_needed,
    questions_needed_paired,
)
from benchstats.benchmarks import LANDMARKS  # the presets the curves mark
from benchstats.planning import (
    benchmark_reach,
    design_effect,
    detection_power,
    discordance_bounds,
    effective_questions,
    largest_lead_near,
    mde_curve,
    mde_table,
    model_calls,
    paired_vs_unpaired_table,
    questions_needed_examples,
    questions_needed_repeats,
    repeats_floor,
    repeats_table,
    scores_near,
    single_answer_questions,
    two_sided_alpha,
    variance_curve,
    z_sum_sided,
)

FAST = settings(max_examples=60, deadline=None)
probs = st.floats(0.01, 0.99)


def points(x: float) -> float:
    """A proportion as points, rounded as the articles print it."""
    return round(100 * x, 1)


# --------------------------------------------------------------------------- FIGURES.md


# FIGURES.md "Smallest detectable lead": (n, near, points); "—" cells are not listed.
MDE_ROWS = [
    (30, 0.5, 36.2), (30, 0.7, 33.1), (30, 0.9, 21.7),
    (100, 0.5, 19.8), (100, 0.7, 18.2), (100, 0.9, 11.9),
    (198, 0.5, 14.1), (198, 0.7, 12.9), (198, 0.9, 8.4),
    (500, 0.5, 8.9), (500, 0.7, 8.1), (500, 0.9, 5.3),
    (1000, 0.5, 6.3), (1000, 0.7, 5.7), (1000, 0.9, 3.8),
    (2000, 0.7, 4.1), (5000, 0.7, 2.6),
]  # fmt: skip


@pytest.mark.parametrize(("n", "p", "expected"), MDE_ROWS)
def test_mde_table_reproduces_figures(n, p, expected):
    rows = {(r["questions"], r["p"]): r["mde"] for r in mde_table()}
    assert points(rows[(n, p)]) == expected


def test_mde_table_shape_and_order():
    rows = mde_table()
    assert [(r["questions"], r["p"]) for r in rows[:3]] == [(30, 0.5), (30, 0.7), (30, 0.9)]
    assert len(rows) == 7 * 3


# FIGURES.md: paired, discordance 20% → 8.9, 5.6, 4.0, 2.8, 1.8; naive near 70% (the
# article's "naive" column: 12.9 at 198, 4.1 at 2,000, 2.6 at 5,000).
PAIRED_ROWS = [
    (200, 12.8, 8.9),
    (500, 8.1, 5.6),
    (1000, 5.7, 4.0),
    (2000, 4.1, 2.8),
    (5000, 2.6, 1.8),
]


@pytest.mark.parametrize(("n", "unpaired", "paired"), PAIRED_ROWS)
def test_paired_vs_unpaired_table_reproduces_figures(n, unpaired, paired):
    row = next(r for r in paired_vs_unpaired_table() if r["questions"] == n)
    assert (points(row["unpaired"]), points(row["paired"])) == (unpaired, paired)


def test_repeats_example_reproduces_figures():
    rows = repeats_table()
    assert [r["repeats"] for r in rows] == [1, 10, math.inf]
    assert [points(r["mde"]) for r in rows] == [13.3, 7.6, 6.6]


def test_repeats_example_question_count():
    # FIGURES.md: same ω², no answer noise, δ = 3 points → 969 ("at least 1,000").
    assert questions_needed_repeats(0.03, omega2=1 / 9, sigma2_a=0, sigma2_b=0) == 969


def test_questions_needed_examples_reproduce_figures():
    rows = questions_needed_examples()
    assert [r["questions"] for r in rows] == [1566, 11159, 8238, 3925]
    assert rows[1]["questions"] == questions_needed(0.8075, 0.7925)  # 1.5 points near 80%


def test_near_94_on_198():
    row = next(r for r in benchmark_reach(p=0.94) if r["key"] == "gpqa-diamond")
    assert points(row["mde"]) == 6.7


def test_page_headline_numbers():
    # The "done when": p = 80 and p = 50 with a 4-point lead.
    assert questions_needed(*scores_near(0.8, 0.04)) == 1566
    assert questions_needed(*scores_near(0.5, 0.04)) == 2449


# --------------------------------------------------------------------------- R and statsmodels

# Rscript tests/references/planning.R → (p1, p2, alpha, power, sides, n_unrounded)
R_POWER_PROP_TEST = [
    (0.82, 0.78, 0.05, 0.8, 2, 1568.5964939373127),
    (0.82, 0.78, 0.01, 0.9, 2, 2973.4046847317304),
    (0.82, 0.78, 0.05, 0.8, 1, 1235.4646782352534),
    (0.82, 0.78, 0.1, 0.95, 1, 1710.3620564725045),
    (0.52, 0.48, 0.05, 0.8, 2, 2451.5956500068187),
    (0.52, 0.48, 0.01, 0.9, 2, 4647.3361134040006),
    (0.52, 0.48, 0.05, 0.8, 1, 1931.0025228960292),
    (0.52, 0.48, 0.1, 0.95, 1, 2673.7951210557758),
    (0.96, 0.92, 0.05, 0.8, 2, 552.16561689457444),
    (0.96, 0.92, 0.01, 0.9, 2, 1046.5221422924731),
    (0.96, 0.92, 0.05, 0.8, 1, 434.82271821127148),
    (0.96, 0.92, 0.1, 0.95, 1, 601.34260870528396),
    (0.71, 0.69, 0.05, 0.8, 2, 8240.1446860521901),
    (0.71, 0.69, 0.01, 0.9, 2, 15620.884614926741),
    (0.71, 0.69, 0.05, 0.8, 1, 6490.6386761800277),
    (0.71, 0.69, 0.1, 0.95, 1, 8989.6328385999859),
]


def _z_alpha(alpha: float, sides: int) -> float:
    return stats.norm.ppf(1 - alpha / sides)


@pytest.mark.parametrize(("a", "b", "alpha", "power", "sides", "n_r"), R_POWER_PROP_TEST)
def test_against_r_power_prop_test(a, b, alpha, power, sides, n_r):
    """R puts the pooled variance 2·p̄(1 − p̄) under the z₁₋α term; we use V = a(1−a) + b(1−b).

    R:    n_R = (z_α·√(2p̄q̄) + z_β·√V)² / d²
    ours: n   = (z_α + z_β)² · V / d²
    Since 2p̄q̄ = V + d²/2 > V, R's n is a little larger; both share z_α and z_β.
    """
    d, v = a - b, a * (1 - a) + b * (1 - b)
    pbar = (a + b) / 2
    z_a, z_b = _z_alpha(alpha, sides), stats.norm.ppf(power)
    # R's own formula, rebuilt from the same critical values, gives R's n.
    assert (z_a * math.sqrt(2 * pbar * (1 - pbar)) + z_b * math.sqrt(v)) ** 2 / d**2 == (
        pytest.approx(n_r, rel=1e-9)
    )
    alpha2 = two_sided_alpha(alpha, sides=sides)
    ours = questions_needed(a, b, alpha=alpha2, power=power)
    assert ours == math.ceil(z_sum_sided(alpha, power, sides=sides) ** 2 * v / d**2)
    assert ours <= math.ceil(n_r)
    # The difference is the variance term only: small next to n.
    assert (n_r - ours) / n_r < 0.01


@pytest.mark.parametrize(("a", "b", "alpha", "power", "sides", "n_r"), R_POWER_PROP_TEST)
def test_statsmodels_solver_agrees_with_r(a, b, alpha, power, sides, n_r):
    # statsmodels' two-sample solver makes R's choice of variance: same n.
    alternative = "two-sided" if sides == 2 else "larger"
    n_sm = samplesize_proportions_2indep_onetail(
        a - b, b, power, alpha=alpha, alternative=alternative
    )
    assert n_sm == pytest.approx(n_r, rel=1e-6)


@pytest.mark.parametrize(
    ("alpha", "power", "sides"), [(0.05, 0.8, 2), (0.01, 0.9, 2), (0.05, 0.8, 1), (0.1, 0.95, 1)]
)
@pytest.mark.parametrize(
    ("n", "a", "b"), [(198, 0.82, 0.78), (1566, 0.82, 0.78), (500, 0.55, 0.45)]
)
def test_detection_power_against_statsmodels(n, a, b, alpha, power, sides):
    """statsmodels' NormalIndPower counts the far tail too; we (like the n formula) do not.

    With x = |d|·√n/√V: statsmodels = Φ(x − z) + Φ(−x − z) two-sided; ours = Φ(x − z).
    """
    v = a * (1 - a) + b * (1 - b)
    es = (a - b) / math.sqrt(v / 2)  # standardized so es·√(n/2) = x
    alternative = "two-sided" if sides == 2 else "larger"
    sm = NormalIndPower().power(es, nobs1=n, alpha=alpha, ratio=1, alternative=alternative)
    ours = detection_power(n, a, b, alpha=two_sided_alpha(alpha, sides=sides))
    x = abs(a - b) * math.sqrt(n) / math.sqrt(v)
    far_tail = stats.norm.cdf(-x - _z_alpha(alpha, sides)) if sides == 2 else 0.0
    assert sm == pytest.approx(ours + far_tail, rel=1e-9)


@pytest.mark.parametrize(
    ("alpha", "power", "sides"), [(0.05, 0.8, 2), (0.01, 0.9, 2), (0.05, 0.8, 1), (0.2, 0.5, 1)]
)
def test_z_sum_sided_matches_scipy(alpha, power, sides):
    expected = stats.norm.ppf(1 - alpha / sides) + stats.norm.ppf(power)
    assert z_sum_sided(alpha, power, sides=sides) == pytest.approx(expected, rel=1e-12)


def test_one_sided_needs_fewer_questions():
    two = questions_needed(0.82, 0.78)
    one = questions_needed(0.82, 0.78, alpha=two_sided_alpha(0.05, sides=1))
    assert one < two
    # The ratio is the squared ratio of z sums: (2.4865 / 2.8016)².
    assert one / two == pytest.approx((z_sum_sided(sides=1) / z_sum_sided()) ** 2, rel=1e-3)


@FAST
@given(n=st.integers(1, 100_000), p=probs, alpha=st.floats(0.001, 0.3), power=st.floats(0.5, 0.99))
def test_mde_unpaired_is_z_sum_times_se(n, p, alpha, power):
    z = stats.norm.ppf(1 - alpha) + stats.norm.ppf(power)  # one-sided critical value
    got = minimum_detectable_effect(n, p=p, alpha=two_sided_alpha(alpha, sides=1), power=power)
    assert got == pytest.approx(z * math.sqrt(2 * p * (1 - p) / n), rel=1e-9)


@FAST
@given(n=st.integers(2, 50_000), a=probs, b=probs)
def test_detection_power_inverts_questions_needed(n, a, b):
    if abs(a - b) < 1e-3:
        return
    needed = questions_needed(a, b)
    assert detection_power(needed, a, b) >= 0.8 - 1e-12
    if needed > 1:
        assert detection_power(needed - 1, a, b) < 0.8
    # More questions, more power.
    assert detection_power(n + 1, a, b) >= detection_power(n, a, b)


# --------------------------------------------------------------------------- sides


def test_two_sided_alpha():
    assert two_sided_alpha(0.05) == 0.05
    assert two_sided_alpha(0.05, sides=1) == pytest.approx(0.1)


@pytest.mark.parametrize(
    ("alpha", "sides", "match"),
    [
        (0.05, 3, "sides must be 2 .* or 1 .*, got 3"),
        (0.05, "two", "sides must be 2 .* or 1 .*, got 'two'"),
        (2.0, 2, "alpha must be between 0 and 1 .*, got 2.0"),
        (0.0, 2, "alpha must be between 0 and 1 .*, got 0.0"),
        (0.5, 1, "one-sided alpha must be below 0.5, got 0.5"),
    ],
)
def test_two_sided_alpha_refuses(alpha, sides, match):
    with pytest.raises(ValueError, match=match):
        two_sided_alpha(alpha, sides=sides)


# --------------------------------------------------------------------------- scores near p


@FAST
@given(p=probs, frac=st.floats(0.001, 0.999))
def test_scores_near_is_centred_on_p(p, frac):
    lead = frac * 2 * min(p, 1 - p)
    a, b = scores_near(p, lead)
    assert a - b == pytest.approx(lead, abs=1e-12)
    assert (a + b) / 2 == pytest.approx(p, abs=1e-12)
    assert 0 < b < a < 1


@pytest.mark.parametrize(
    ("p", "lead", "match"),
    [
        (
            0.98,
            0.1,
            r"lead of 0.1 around p = 0.98 puts the leader at 1.03, above 1: .* below .* = 0.04",
        ),
        (0.02, 0.1, r"lead of 0.1 around p = 0.02 puts the trailer at -0.03, below 0"),
        (0.5, 1.0, r"lead of 1.0 around p = 0.5 puts the leader at 1, above 1"),
        (0.0, 0.04, r"p must be between 0 and 1 \(exclusive\), got 0.0"),
        (1.0, 0.04, r"p must be between 0 and 1 \(exclusive\), got 1.0"),
        (0.8, 0.0, r"lead must be greater than 0, got 0.0"),
        (0.8, -0.04, r"lead must be greater than 0, got -0.04"),
    ],
)
def test_scores_near_refuses(p, lead, match):
    with pytest.raises(ValueError, match=match):
        scores_near(p, lead)


@pytest.mark.parametrize(
    ("p", "expected"), [(0.98, 0.039), (0.5, 0.999), (0.8, 0.399), (0.9825, 0.034)]
)
def test_largest_lead_near(p, expected):
    lead = largest_lead_near(p)
    assert lead == pytest.approx(expected, abs=1e-12)
    scores_near(p, lead)  # fits
    with pytest.raises(ValueError):
        scores_near(p, lead + 0.001 + 1e-12)


@FAST
@given(p=st.floats(0.0006, 0.9994))
def test_largest_lead_near_always_fits(p):
    lead = largest_lead_near(p)
    a, b = scores_near(p, lead)
    assert 0 < b < a < 1


# --------------------------------------------------------------------------- discordance


@FAST
@given(a=probs, b=probs)
def test_discordance_bounds_are_reached_by_real_tables(a, b):
    low, high = discordance_bounds(a, b)
    # Brute force: every 2×2 table with these margins, on a fine grid of "both right".
    both = np.linspace(max(0.0, a + b - 1), min(a, b), 2001)
    discordance = (a - both) + (b - both)
    assert discordance.min() == pytest.approx(low, abs=1e-9)
    assert discordance.max() == pytest.approx(high, abs=1e-9)


def test_paired_needs_discordance_at_least_the_lead():
    low, _ = discordance_bounds(0.82, 0.78)
    assert low == pytest.approx(0.04)
    questions_needed_paired(0.04, 0.04)  # the bound itself is allowed
    with pytest.raises(ValueError, match="discordance must be at least the lead"):
        questions_needed_paired(0.04, 0.039)


# --------------------------------------------------------------------------- clusters


@pytest.mark.parametrize(("m", "icc"), [(1, 0.3), (2, 0.5), (10, 0.1), (5, 0.0), (4, 1.0)])
def test_design_effect_against_covariance_matrix(m, icc):
    """Brute force: variance of the mean of 6 clusters of m items, exchangeable within a cluster."""
    clusters = 6
    block = np.full((m, m), icc) + np.eye(m) * (1 - icc)
    cov = np.kron(np.eye(clusters), block)  # unit variance per question
    n = clusters * m
    var_mean = cov.sum() / n**2
    assert design_effect(m, icc) == pytest.approx(var_mean / (1 / n), rel=1e-12)
    assert effective_questions(n, m, icc) == pytest.approx(1 / var_mean, rel=1e-12)


def test_design_effect_mgsm_shape():
    # MGSM: 250 problems × 10 languages. A quoted SE ratio ×1.88 means a design effect
    # 1.88² ≈ 3.53, i.e. ρ ≈ 0.28 for m = 10.
    icc = (1.88**2 - 1) / 9
    assert math.sqrt(design_effect(10, icc)) == pytest.approx(1.88)
    assert effective_questions(2500, 10, icc) == pytest.approx(2500 / 1.88**2)


@pytest.mark.parametrize(
    ("m", "icc", "match"),
    [
        (0.5, 0.1, "m must be a cluster size ≥ 1 question, got 0.5"),
        (10, 1.5, "icc must be a proportion from 0 to 1"),
        (10, -0.1, "icc must be a proportion from 0 to 1"),
        (math.inf, 0.1, "m must be a finite number"),
    ],
)
def test_design_effect_refuses(m, icc, match):
    with pytest.raises(ValueError, match=match):
        design_effect(m, icc)


# --------------------------------------------------------------------------- repeats


@FAST
@given(
    lead=st.floats(0.005, 0.3),
    omega2=st.floats(0.0, 0.3),
    sigma2=st.floats(0.0, 0.25),
    k=st.sampled_from([1, 2, 5, 10, 100, math.inf]),
)
def test_questions_needed_repeats_is_smallest_n(lead, omega2, sigma2, k):
    if omega2 + 2 * sigma2 / k < 1e-4:
        return
    kw = {"omega2": omega2, "sigma2_a": sigma2, "sigma2_b": sigma2, "k_a": k, "k_b": k}
    n = questions_needed_repeats(lead, **kw)
    assert minimum_detectable_effect_repeats(n, **kw) <= lead * (1 + 1e-9)
    if n > 1:
        assert minimum_detectable_effect_repeats(n - 1, **kw) > lead


@FAST
@given(
    n=st.integers(10, 10_000),
    k=st.integers(1, 200),
    omega2=st.floats(0.0, 0.3),
    sigma2=st.floats(0.01, 0.25),
)
def test_single_answer_questions_is_the_fewest_that_match(n, k, omega2, sigma2):
    kw = {"omega2": omega2, "sigma2_a": sigma2, "sigma2_b": sigma2}
    n1 = single_answer_questions(n, k_a=k, k_b=k, **kw)
    with_repeats = minimum_detectable_effect_repeats(n, k_a=k, k_b=k, **kw)
    assert minimum_detectable_effect_repeats(n1, **kw) <= with_repeats * (1 + 1e-9)
    if n1 > n:
        assert minimum_detectable_effect_repeats(n1 - 1, **kw) > with_repeats
    assert n <= n1 <= n * k


def test_single_answer_questions_example():
    # 198 questions × 10 answers ≈ 609.2 questions answered once (MDE 7.6 points both ways).
    kw = {"omega2": 1 / 9, "sigma2_a": 1 / 6, "sigma2_b": 1 / 6}
    assert single_answer_questions(198, k_a=10, k_b=10, **kw) == 610
    assert single_answer_questions(198, k_a=1, k_b=1, **kw) == 198


@FAST
@given(n=st.integers(1, 100_000), omega2=st.floats(1e-6, 1.0))
def test_repeats_floor_is_the_limit_of_many_answers(n, omega2):
    kw = {"omega2": omega2, "sigma2_a": 0.2, "sigma2_b": 0.1}
    at_inf = minimum_detectable_effect_repeats(n, k_a=math.inf, k_b=math.inf, **kw)
    assert repeats_floor(n, omega2=omega2) == pytest.approx(at_inf, rel=1e-12)
    assert repeats_floor(n, omega2=omega2) < minimum_detectable_effect_repeats(
        n, k_a=10**6, k_b=10**6, **kw
    )


def test_repeats_floor_at_zero_and_refusals():
    assert repeats_floor(198, omega2=0) == 0.0
    with pytest.raises(ValueError, match="omega2 must be a variance ≥ 0, got -0.1"):
        repeats_floor(198, omega2=-0.1)


def test_model_calls():
    assert model_calls(198, 10) == 3960
    assert model_calls(198, 10, models=1) == 1980
    with pytest.raises(
        ValueError, match="k must be a whole number of answers per question ≥ 1, got -2"
    ):
        model_calls(198, -2)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (
            {"omega2": -0.1, "sigma2_a": 0.1, "sigma2_b": 0.1},
            "omega2 must be a variance ≥ 0, got -0.1",
        ),
        ({"omega2": 0, "sigma2_a": 0, "sigma2_b": 0}, "cannot all be 0: there would be no noise"),
        ({"omega2": 0.1, "sigma2_a": 0.1, "sigma2_b": 0.1, "k_a": 0}, "k_a must be a whole number"),
        (
            {"omega2": 0.1, "sigma2_a": 0.1, "sigma2_b": 0.1, "k_b": 2.5},
            "k_b must be a whole number",
        ),
    ],
)
def test_repeats_refuse(kwargs, match):
    with pytest.raises(ValueError, match=match):
        questions_needed_repeats(0.03, **kwargs)


# --------------------------------------------------------------------------- curves and presets


def test_mde_curve_equals_scalar_calls():
    ns = [10, 198, 1000, 100_000]
    rows = mde_curve(ns, p=0.8, discordance=0.2, alpha=0.01, power=0.9)
    assert [r["design"] for r in rows] == ["unpaired"] * 4 + ["paired"] * 4
    for r in rows:
        kw = {"p": 0.8} if r["design"] == "unpaired" else {"discordance": 0.2}
        assert r["mde"] == minimum_detectable_effect(r["questions"], alpha=0.01, power=0.9, **kw)


def test_mde_curve_without_discordance_is_unpaired_only():
    assert {r["design"] for r in mde_curve([10, 100], p=0.5)} == {"unpaired"}


def test_benchmark_reach_covers_every_preset_in_size_order():
    rows = benchmark_reach(p=0.8)
    assert {r["key"] for r in rows} == {b.key for b in LANDMARKS}
    assert [r["questions"] for r in rows] == sorted(r["questions"] for r in rows)
    assert all(r["mde"] == minimum_detectable_effect(r["questions"], p=0.8) for r in rows)


def test_variance_curve_peaks_at_half():
    rows = variance_curve()
    assert len(rows) == 101
    best = max(rows, key=lambda r: r["variance"])
    assert best["p"] == 0.5 and best["variance"] == 0.25
    assert variance_curve([0.95])[0]["variance"] == pytest.approx(0.0475)


def test_tables_follow_significance_and_power():
    strict = mde_table([198], [0.5], alpha=0.01, power=0.9)[0]["mde"]
    z = stats.norm.ppf(0.995) + stats.norm.ppf(0.9)
    assert strict == pytest.approx(z * math.sqrt(0.5 / 198))
    assert [r["questions"] for r in questions_needed_examples(alpha=0.01, power=0.9)] == [
        math.ceil(z**2 * v / d**2 - 1e-9)
        for v, d in [
            (0.82 * 0.18 + 0.78 * 0.22, 0.04),
            (0.8075 * 0.1925 + 0.7925 * 0.2075, 0.015),
            (0.71 * 0.29 + 0.69 * 0.31, 0.02),
            (0.2, 0.02),
        ]
    ]


# --------------------------------------------------------------------------- the page's plan objects


def test_plan_lead_refuses_a_lead_too_large_for_its_level():
    from benchstats.planning import plan_lead

    with pytest.raises(ValueError, match="above 1: near 0.98 the lead must be below"):
        plan_lead(0.98, 0.1)
    plan = plan_lead(0.98, largest_lead_near(0.98))
    assert plan.lead == 0.039 and (plan.a, plan.b) == scores_near(0.98, 0.039)


def test_plan_lead_one_sided_uses_the_two_sided_equivalent():
    from benchstats.planning import plan_lead

    plan = plan_lead(0.8, 0.04, alpha=0.05, sides=1)
    assert plan.alpha2 == two_sided_alpha(0.05, sides=1) == 0.1
    assert plan.needed == questions_needed(0.82, 0.78, alpha=0.1)


@pytest.mark.parametrize("n", [1, 198, 1565, 1566, 10_000])
def test_reach_sees_exactly_when_n_reaches_the_plan(n):
    from benchstats.planning import plan_lead, reach

    plan = plan_lead(0.8, 0.04)
    r = reach(plan, n)
    assert r.sees == (n >= plan.needed == 1566)
    assert r.mde == pytest.approx(minimum_detectable_effect(n, p=0.8))
    assert r.chance == pytest.approx(detection_power(n, plan.a, plan.b))


@pytest.mark.parametrize("rate", [0.04, 0.2, 0.4])
def test_paired_plan_inside_what_the_scores_allow(rate):
    from benchstats.planning import paired_plan, plan_lead

    pp = paired_plan(plan_lead(0.8, 0.04), rate, n=198)
    assert pp.questions == questions_needed_paired(0.04, rate)
    assert pp.mde == pytest.approx(minimum_detectable_effect(198, discordance=rate))


@pytest.mark.parametrize("rate", [0.01, 0.6])
def test_paired_plan_refuses_a_rate_the_scores_cannot_have(rate):
    from benchstats.planning import paired_plan, plan_lead

    with pytest.raises(ValueError, match="discordance must be from 0.04 to 0.4"):
        paired_plan(plan_lead(0.8, 0.04), rate)


def test_repeats_plan_without_n_and_without_noise():
    from benchstats.planning import plan_lead, repeats_plan

    plan = plan_lead(0.8, 0.03)
    alone = repeats_plan(plan, 10, (1 / 9, 1 / 6, 1 / 6))
    assert alone.n is None and alone.at_k is None and alone.calls is None
    assert alone.questions == 1260  # Miller's example: 3 points, K = 10
    assert repeats_plan(plan, 10, (1 / 9, 1 / 6, 1 / 6), n=198).calls == model_calls(198, 10)
    with pytest.raises(ValueError, match="no noise"):
        repeats_plan(plan, 10, (0, 0, 0), n=198)


def test_cluster_plan_without_n_keeps_what_needs_no_n():
    from benchstats.planning import cluster_plan, plan_lead

    cp = cluster_plan(plan_lead(0.8, 0.04), 10, 0.1)
    assert cp.n is None and cp.effective is None and cp.mde is None
    assert cp.questions == 2976 and cp.deff == pytest.approx(1.9)
    assert cp.se_factor == pytest.approx(math.sqrt(1.9))


def test_first_seeing_is_the_smallest_benchmark_under_the_lead():
    from benchstats.planning import first_seeing

    rows = benchmark_reach(p=0.8)
    first = first_seeing(rows, 0.04)
    assert (first["name"], first["questions"]) == ("MGSM", 2500)
    assert all(b["mde"] > 0.04 for b in rows if b["questions"] < first["questions"])
    assert first_seeing(benchmark_reach(p=0.5), 0.001) is None  # 1.6 million questions


def test_lead_room_is_the_one_rule_for_the_largest_lead():
    from benchstats.planning import lead_room

    for p in (0.02, 0.5, 0.98):
        room = lead_room(p)
        assert largest_lead_near(p) < room
        with pytest.raises(ValueError, match="must be below"):
            scores_near(p, room)

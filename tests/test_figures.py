"""Every computable figure of FIGURES.md, reproduced by benchstats at the printed precision.

One parametrized row per printed number (ids start with ``figure-``). A row compares the
benchstats value with the printed one *at the printing's rounding*: |value − printed| must be
at most half a unit of the last printed digit. Where FIGURES.md quotes a study instead of a
computation, there is no row. The independent references the figures are checked against
(R, statsmodels, brute force) live in the other test files; the reference integrals this
file needs (Wald coverage, best of 20) are computed here.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import integrate, stats

from benchstats import (
    chance_corrected,
    gap_distribution,
    gap_from_standard_errors,
    mcnemar,
    minimum_detectable_effect,
    minimum_detectable_effect_repeats,
    naive_pass_at_k,
    paired_gap,
    pass_at_k,
    prob_gap_at_least,
    proportion_ci,
    questions_needed,
    questions_needed_paired,
    unpaired_gap,
    z_sum,
)


def printed(value: float, shown: float, decimals: int) -> None:
    """Assert ``value`` rounds to ``shown`` at ``decimals`` places (half a unit either side)."""
    half = 0.5 * 10.0**-decimals
    assert abs(value - shown) <= half + 1e-9, f"{value!r} does not print as {shown} ({decimals} dp)"


PTS = 100  # proportions → points / percent


def rows(*items):
    """(id, thunk, shown, decimals) → pytest.param with a ``figure-`` id."""
    return [pytest.param(f, shown, dp, id=f"figure-{name}") for name, f, shown, dp in items]


# --- Luck alone ---------------------------------------------------------------------------


def _one_side_at_least(p, n, lead):
    support, probs = gap_distribution(p, n)
    return probs[support >= lead - 1e-12].sum()


def _tie(p, n):
    support, probs = gap_distribution(p, n)
    return probs[support == 0].sum()


LUCK = rows(
    ("luck-se-gap-80-100", lambda: PTS * unpaired_gap(0.8, 0.8, 100).se, 5.66, 2),
    ("luck-4pt-apart", lambda: PTS * prob_gap_at_least(0.8, 100, 0.04), 53.55, 2),
    ("luck-one-model-leads-4pt", lambda: PTS * _one_side_at_least(0.8, 100, 0.04), 26.78, 2),
    ("luck-exact-tie", lambda: PTS * _tie(0.8, 100), 7.05, 2),
    ("luck-95pct-band", lambda: PTS * (unpaired_gap(0.8, 0.8, 100).high), 11.1, 1),
    ("luck-95pct-band-about", lambda: PTS * (unpaired_gap(0.8, 0.8, 100).high), 11, 0),
)


@pytest.mark.parametrize("value, shown, decimals", LUCK)
def test_luck_alone(value, shown, decimals):
    printed(value(), shown, decimals)


def _expected_max_reference(k: int) -> float:
    """E[max of k standard normals] by the tail formula ∫₀^∞ (1 − Φᵏ) − ∫_{−∞}^0 Φᵏ.

    A different integral from the density form x·kφ(x)Φ(x)^(k−1) that
    benchstats.selection uses; R agrees (`Rscript tests/references/luck.R`:
    integrate(function(x) x*20*dnorm(x)*pnorm(x)^19, -Inf, Inf) = 1.8674750597983205).
    """
    upper, _ = integrate.quad(lambda x: -math.expm1(k * stats.norm.logcdf(x)), 0, np.inf)
    lower, _ = integrate.quad(lambda x: math.exp(k * stats.norm.logcdf(x)), -np.inf, 0)
    return upper - lower


R_EXPECTED_MAX = {
    2: 0.56418958354775639,
    5: 1.1629644736405196,
    20: 1.8674750597983205,
    100: 2.507593636441686,
}


def test_figure_best_of_20_reference_integral():
    # The figure: reporting the best of 20 adds about 1.87 single-score SEs of luck.
    printed(_expected_max_reference(20), 1.87, 2)
    for k, r_value in R_EXPECTED_MAX.items():
        assert _expected_max_reference(k) == pytest.approx(r_value, rel=1e-9)
    assert _expected_max_reference(2) == pytest.approx(1 / math.sqrt(math.pi), rel=1e-12)


def test_figure_best_of_20_benchstats():
    # The core API has no best-of-K function; the luck simulator's module does.
    from benchstats.selection import expected_max_normal

    printed(expected_max_normal(20), 1.87, 2)
    for k in (2, 5, 20, 100):
        assert expected_max_normal(k) == pytest.approx(_expected_max_reference(k), rel=1e-9)


# --- Grading a lead -----------------------------------------------------------------------

# (a, b, n, lead pts, SE pts (2 dp), low (1 dp), high (1 dp), clears)
VERDICT_TABLE = [
    (0.82, 0.78, 100, 4, 5.65, -7.1, 15.1, False),
    (0.82, 0.78, 448, 4, 2.67, -1.2, 9.2, False),
    (0.82, 0.78, 1000, 4, 1.79, 0.5, 7.5, True),
    (0.82, 0.78, 2000, 4, 1.26, 1.5, 6.5, True),
    (0.815, 0.80, 500, 1.5, 2.49, -3.4, 6.4, False),
    (0.81, 0.79, 1000, 2, 1.79, -1.5, 5.5, False),
]

GRADING = []
for a, b, n, lead, se, low, high, clears in VERDICT_TABLE:
    tag = f"{a * 100:g}-vs-{b * 100:g}-n{n}"
    GRADING += rows(
        (f"grade-{tag}-lead", lambda a=a, b=b, n=n: PTS * unpaired_gap(a, b, n).lead, lead, 1),
        (f"grade-{tag}-se", lambda a=a, b=b, n=n: PTS * unpaired_gap(a, b, n).se, se, 2),
        (f"grade-{tag}-low", lambda a=a, b=b, n=n: PTS * unpaired_gap(a, b, n).low, low, 1),
        (f"grade-{tag}-high", lambda a=a, b=b, n=n: PTS * unpaired_gap(a, b, n).high, high, 1),
        (f"grade-{tag}-verdict", lambda a=a, b=b, n=n: unpaired_gap(a, b, n).clears, clears, 0),
    )

GRADING += rows(
    ("grade-60-vs-60-n198-se", lambda: PTS * unpaired_gap(0.6, 0.6, 198).se, 4.92, 2),
    ("grade-60-vs-60-n198-needs", lambda: PTS * unpaired_gap(0.6, 0.6, 198).high, 9.7, 1),
)

_GPQA = dict(a=0.9343, se_a=0.0124, b=0.9520, se_b=0.0107)
GRADING += rows(
    ("reported-se-gap-se", lambda: PTS * gap_from_standard_errors(**_GPQA).se, 1.64, 2),
    ("reported-se-gap", lambda: PTS * abs(gap_from_standard_errors(**_GPQA).lead), 1.77, 2),
    ("reported-se-in-ses", lambda: abs(gap_from_standard_errors(**_GPQA).z), 1.1, 1),
    (
        "reported-se-detectable",
        lambda: PTS * z_sum() * gap_from_standard_errors(**_GPQA).se,
        4.6,
        1,
    ),
    ("bars-touch-z", lambda: gap_from_standard_errors(0.52, 0.01, 0.50, 0.01).z, 1.41, 2),
    ("bars-touch-p", lambda: gap_from_standard_errors(0.52, 0.01, 0.50, 0.01).p_value, 0.157, 3),
)


@pytest.mark.parametrize("value, shown, decimals", GRADING)
def test_grading_a_lead(value, shown, decimals):
    got = value()
    if isinstance(shown, bool):
        assert got is shown
    else:
        printed(got, shown, decimals)


# --- One score and its interval -----------------------------------------------------------

# One score's SE and Wald interval at a non-integer count (60% of 198 = 118.8 right):
# proportion_ci takes counts, so this goes through the gap against a perfectly known
# zero score, whose SE is √(0.6·0.4/198) and whose interval is 0.6 ± z·SE.
_ONE = dict(a=0.6, b=0.0, n=198)

# The chance-correction factor 1/(1 − g) is the slope of the (affine) correction.
_FACTOR4 = chance_corrected(1.0, 4) - chance_corrected(0.0, 4)
_FACTOR10 = chance_corrected(1.0, 10) - chance_corrected(0.0, 10)


def _slice_wald_width():
    ci = proportion_ci(25, 50, method="wald")
    return ci.high - ci.low


ONE_SCORE = rows(
    ("one-score-se", lambda: PTS * unpaired_gap(**_ONE).se, 3.48, 2),
    ("one-score-low", lambda: PTS * unpaired_gap(**_ONE).low, 53.2, 1),
    ("one-score-high", lambda: PTS * unpaired_gap(**_ONE).high, 66.8, 1),
    (
        "one-score-width",
        lambda: PTS * (unpaired_gap(**_ONE).high - unpaired_gap(**_ONE).low),
        13.6,
        1,
    ),
    ("34-of-40-wilson-low", lambda: PTS * proportion_ci(34, 40).low, 70.9, 1),
    ("34-of-40-wilson-high", lambda: PTS * proportion_ci(34, 40).high, 92.9, 1),
    ("34-of-40-cp-low", lambda: PTS * proportion_ci(34, 40, method="clopper-pearson").low, 70.2, 1),
    (
        "34-of-40-cp-high",
        lambda: PTS * proportion_ci(34, 40, method="clopper-pearson").high,
        94.3,
        1,
    ),
    ("chance-4-corrected-60", lambda: PTS * chance_corrected(0.6, 4), 46.7, 1),
    ("chance-4-se-factor", lambda: _FACTOR4, 1.33, 2),
    ("chance-4-se-corrected", lambda: PTS * _FACTOR4 * unpaired_gap(**_ONE).se, 4.64, 2),
    ("chance-10-se-factor", lambda: _FACTOR10, 1.11, 2),
    ("slices-4x50-se", lambda: PTS * _slice_wald_width() / (2 * stats.norm.ppf(0.975)), 7, 0),
    ("slices-4x50-width", lambda: PTS * _slice_wald_width(), 28, 0),
    # 12 independent tests at 5%: P(at least one false alarm) = 1 − 0.95¹², the same
    # "at least one success in k tries" formula as the naive pass@k shortcut.
    ("slices-12-at-5pct", lambda: PTS * naive_pass_at_k(0.05, 12), 46, 0),
)


@pytest.mark.parametrize("value, shown, decimals", ONE_SCORE)
def test_one_score(value, shown, decimals):
    printed(value(), shown, decimals)


def test_figure_slices_formula():
    assert naive_pass_at_k(0.05, 12) == pytest.approx(1 - 0.95**12, rel=1e-14)


# Wald coverage: average over true scores uniform on [0, 1] of the exact coverage
# C(p) = Σₖ P(K = k | p)·[low_k ≤ p ≤ high_k] at N = 100.


def coverage(p: np.ndarray, n: int, method: str) -> np.ndarray:
    """Exact coverage probability of ``method`` at each true score in ``p`` (n questions)."""
    k = np.arange(n + 1)
    low, high = proportion_ci(k, n, method=method)
    pmf = stats.binom.pmf(k, n, p[..., None])
    inside = (low <= p[..., None]) & (p[..., None] <= high)
    return (pmf * inside).sum(axis=-1)


def average_coverage(n: int, method: str) -> float:
    """∫₀¹ C(p) dp by Gauss–Legendre on each piece between interval ends.

    Between consecutive interval ends C(p) is a polynomial of degree n, which a 64-node
    (exact to degree 127) rule integrates without error for n ≤ 127.
    """
    k = np.arange(n + 1)
    low, high = proportion_ci(k, n, method=method)
    ends = np.unique(np.clip(np.concatenate([[0.0, 1.0], low, high]), 0.0, 1.0))
    a, b = ends[:-1], ends[1:]
    nodes, weights = np.polynomial.legendre.leggauss(64)
    x = (b - a)[:, None] / 2 * nodes + (a + b)[:, None] / 2
    return float(((b - a) / 2 * (coverage(x, n, method) @ weights)).sum())


def average_coverage_closed_form(n: int, method: str) -> float:
    """The same average by integrating each binomial term exactly: ∫ₗʰ C(n,k)pᵏ(1−p)ⁿ⁻ᵏ dp =
    [Beta(k+1, n−k+1) cdf]ₗʰ / (n + 1)."""
    k = np.arange(n + 1)
    low, high = proportion_ci(k, n, method=method)
    low, high = np.clip(low, 0, 1), np.clip(high, 0, 1)
    cdf = stats.beta.cdf
    return float(np.sum(cdf(high, k + 1, n - k + 1) - cdf(low, k + 1, n - k + 1)) / (n + 1))


COVERAGE = [("wald", 92.2), ("wilson", 95.1), ("clopper-pearson", 96.5)]


@pytest.mark.parametrize(
    "method, shown", COVERAGE, ids=[f"figure-coverage-{m}-N100" for m, _ in COVERAGE]
)
def test_average_coverage_at_100(method, shown):
    value = average_coverage(100, method)
    assert value == pytest.approx(average_coverage_closed_form(100, method), abs=1e-12)
    printed(PTS * value, shown, 1)


def test_bayes_interval_has_exactly_nominal_average_coverage():
    # Under the uniform prior the posterior interval holds the true p with probability 0.95
    # averaged over p ~ U(0, 1): a sharp check of both the helper and the Bayes interval.
    assert average_coverage(37, "bayes") == pytest.approx(0.95, abs=1e-12)
    assert average_coverage_closed_form(100, "bayes") == pytest.approx(0.95, abs=1e-12)


def test_coverage_function_is_pointwise_exact():
    # Spot check against a direct sum at one p: Wald at p = 0.03, N = 100.
    p = 0.03
    low, high = proportion_ci(np.arange(101), 100, method="wald")
    direct = sum(stats.binom.pmf(k, 100, p) for k in range(101) if low[k] <= p <= high[k])
    assert coverage(np.array([p]), 100, "wald")[0] == pytest.approx(direct, abs=1e-14)


# --- Paired comparisons -------------------------------------------------------------------

PAIRED = rows(
    ("paired-lead", lambda: PTS * paired_gap(20, 8, 198).lead, 6.1, 1),
    # SE √28/198: the SE under "no difference" that McNemar's z divides by (lead / z).
    ("paired-se", lambda: PTS * paired_gap(20, 8, 198).lead / paired_gap(20, 8, 198).z, 2.67, 2),
    ("paired-z", lambda: paired_gap(20, 8, 198).z, 2.27, 2),
    ("paired-p-asymptotic", lambda: mcnemar(20, 8, method="asymptotic").p_value, 0.023, 3),
    ("paired-p-exact", lambda: mcnemar(20, 8, method="exact").p_value, 0.036, 3),
    ("paired-p-mid-p", lambda: mcnemar(20, 8, method="mid-p").p_value, 0.024, 3),
    ("paired-gap-p-value", lambda: paired_gap(20, 8, 198).p_value, 0.024, 3),
    ("split-5-3-exact", lambda: mcnemar(5, 3, method="exact").p_value, 0.73, 2),
    ("sign-test-10-of-10", lambda: mcnemar(10, 0, method="exact").p_value, 0.002, 3),
)


@pytest.mark.parametrize("value, shown, decimals", PAIRED)
def test_paired(value, shown, decimals):
    printed(value(), shown, decimals)


# --- How many questions -------------------------------------------------------------------

_ZS2_ROUNDED = round(z_sum() ** 2, 3)  # 7.849, as the article rounds it

NEEDED = rows(
    ("zsum", lambda: z_sum(), 2.8016, 4),
    ("zsum-squared", lambda: z_sum() ** 2, 7.849, 3),
    ("needed-4pt-82-78", lambda: questions_needed(0.82, 0.78), 1566, 0),
    ("needed-1.5pt-near-80", lambda: questions_needed(0.8075, 0.7925), 11159, 0),
    (
        "needed-1.5pt-zsum2-rounded",
        lambda: math.ceil(_ZS2_ROUNDED * (0.8075 * 0.1925 + 0.7925 * 0.2075) / 0.015**2),
        11160,
        0,
    ),
    ("needed-2pt-71-69", lambda: questions_needed(0.71, 0.69), 8238, 0),
    (
        "needed-2pt-both-at-70",
        lambda: math.ceil(z_sum() ** 2 * 2 * 0.7 * 0.3 / 0.02**2 - 1e-9),
        8242,
        0,
    ),
    ("needed-2pt-paired-20pct", lambda: questions_needed_paired(0.02, 0.20), 3925, 0),
    # R's power.prop.test and statsmodels' samplesize_proportions_2indep_onetail (pooled
    # variance under the null); values pasted in tests/test_power.py::R_POWER_PROP.
    ("needed-4pt-R-power.prop.test", lambda: math.ceil(1568.5964939373127), 1569, 0),
)


@pytest.mark.parametrize("value, shown, decimals", NEEDED)
def test_questions_needed(value, shown, decimals):
    got = value()
    if decimals == 0 and shown > 100:  # a count of questions is exact, not rounded
        assert got == shown
    else:
        printed(got, shown, decimals)


MDE_TABLE = {
    30: (36.2, 33.1, 21.7),
    100: (19.8, 18.2, 11.9),
    198: (14.1, 12.9, 8.4),
    500: (8.9, 8.1, 5.3),
    1000: (6.3, 5.7, 3.8),
    2000: (None, 4.1, None),
    5000: (None, 2.6, None),
}
MDE = [
    pytest.param(n, p, shown, id=f"figure-mde-n{n}-near{int(p * 100)}")
    for n, values in MDE_TABLE.items()
    for p, shown in zip((0.5, 0.7, 0.9), values, strict=True)
    if shown is not None
] + [pytest.param(198, 0.94, 6.7, id="figure-mde-n198-near94")]


@pytest.mark.parametrize("n, p, shown", MDE)
def test_minimum_detectable_effect_table(n, p, shown):
    printed(PTS * minimum_detectable_effect(n, p=p), shown, 1)


def test_mde_table_vectorised_matches_rows():
    ns = np.array(list(MDE_TABLE))
    col = PTS * minimum_detectable_effect(ns, p=0.7)
    for got, (_, shown, _) in zip(col, MDE_TABLE.values(), strict=True):
        printed(got, shown, 1)


PAIRED_MDE = [(200, 8.9), (500, 5.6), (1000, 4.0), (2000, 2.8), (5000, 1.8)]


@pytest.mark.parametrize(
    "n, shown", PAIRED_MDE, ids=[f"figure-paired-mde-n{n}" for n, _ in PAIRED_MDE]
)
def test_paired_minimum_detectable_effect(n, shown):
    printed(PTS * minimum_detectable_effect(n, discordance=0.2), shown, 1)


_REPEATS = dict(omega2=1 / 9, sigma2_a=1 / 6, sigma2_b=1 / 6)
REPEATS = [(1, 13.3), (10, 7.6), (math.inf, 6.6)]


@pytest.mark.parametrize("k, shown", REPEATS, ids=[f"figure-repeats-K{k}" for k, _ in REPEATS])
def test_repeats(k, shown):
    printed(PTS * minimum_detectable_effect_repeats(198, k_a=k, k_b=k, **_REPEATS), shown, 1)


def test_figure_repeats_969_questions():
    # Same ω², no answer noise, δ = 3 points: the smallest n whose detectable lead is ≤ 3.
    n = np.arange(1, 5001)
    mde = minimum_detectable_effect_repeats(n, omega2=1 / 9, sigma2_a=0.0, sigma2_b=0.0)
    assert int(n[np.argmax(mde <= 0.03)]) == 969
    assert mde[968 - 1] > 0.03 >= mde[969 - 1]


# --- pass@k ---------------------------------------------------------------------------------

PASSK = rows(
    ("pass@1-20-3", lambda: pass_at_k(20, 3, 1), 0.15, 4),
    ("pass@5-20-3", lambda: pass_at_k(20, 3, 5), 0.6009, 4),
    ("pass@5-shortcut", lambda: naive_pass_at_k(0.15, 5), 0.556, 3),
)


@pytest.mark.parametrize("value, shown, decimals", PASSK)
def test_pass_at_k(value, shown, decimals):
    printed(value(), shown, decimals)


@pytest.mark.parametrize("k", [18, 19, 20], ids=lambda k: f"figure-pass@{k}-beyond-n-minus-c")
def test_pass_at_k_beyond_n_minus_c_is_exactly_one(k):
    assert pass_at_k(20, 3, k) == 1.0


@pytest.mark.parametrize("c", [1, 2, 50, 100], ids=lambda c: f"figure-C200-100-c{c}")
def test_c_200_100_running_product(c):
    # Through factorials the ratio overflows: 200! does not fit a float.
    with pytest.raises(OverflowError):
        float(math.factorial(200))
    exact = 1 - Fraction(math.comb(200 - c, 100), math.comb(200, 100))
    got = pass_at_k(200, c, 100)
    assert math.isfinite(got)
    assert got == pytest.approx(float(exact), rel=1e-13)
    if c == 1:
        assert got == pytest.approx(0.5, abs=1e-15)  # 1 − C(199, 100)/C(200, 100) = 1 − 100/200

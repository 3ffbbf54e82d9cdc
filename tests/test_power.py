"""Power: z_sum, questions needed and the smallest detectable lead.

The API's formulas are the articles' normal approximations with the *same* variance under
the null and the alternative. R's power.prop.test and statsmodels' two-sample solver use the
pooled variance 2·p̄(1−p̄) under the null, and statsmodels' NormalIndPower on Cohen's h works
on the arcsine scale; each reference row below is checked against its own closed form, and
the relationship to ours is tested exactly.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats import (
    minimum_detectable_effect,
    minimum_detectable_effect_repeats,
    questions_needed,
    questions_needed_paired,
    z_sum,
)

Z975 = stats.norm.ppf(0.975)
Z80 = stats.norm.ppf(0.8)

# --- z_sum --------------------------------------------------------------------------------

# Produced by `Rscript tests/references/power.R` (R 4.2.2): sprintf("%.17g", qnorm(...)).
R_Z_SUMS = [
    (0.05, 0.8, 2.8015852181129679),  # qnorm(0.975) + qnorm(0.8)
    (0.01, 0.9, 3.8573808690935008),  # qnorm(0.995) + qnorm(0.9)
    (0.10, 0.8, 2.4864748605243858),  # qnorm(0.95) + qnorm(0.8)
]


@pytest.mark.parametrize(
    "alpha, power, expected", R_Z_SUMS, ids=[f"ref-zsum-{a}-{p}" for a, p, _ in R_Z_SUMS]
)
def test_reference_z_sum(alpha, power, expected):
    assert z_sum(alpha, power) == pytest.approx(expected, rel=1e-14)
    assert type(z_sum(alpha, power)) is float


def test_z_sum_defaults():
    assert z_sum() == z_sum(alpha=0.05, power=0.8)
    assert round(z_sum(), 4) == 2.8016
    assert round(z_sum() ** 2, 3) == 7.849


# --- questions_needed against R and statsmodels ------------------------------------------

# (p1, p2, n unrounded) from `Rscript tests/references/power.R` (R 4.2.2):
#   power.prop.test(p1 = p1, p2 = p2, sig.level = 0.05, power = 0.8, tol = 1e-12)$n
# statsmodels 0.15.0 gives the same numbers to 1e-12 relative:
#   statsmodels.stats.proportion.samplesize_proportions_2indep_onetail(
#       diff=p1 - p2, prop2=p2, power=0.8, ratio=1, alpha=0.05, alternative="two-sided")
# Both solve  sqrt(n)·|d| = z_{1-a/2}·sqrt(2·pbar·qbar) + z_power·sqrt(p1q1 + p2q2).
R_POWER_PROP = [
    (0.82, 0.78, 1568.5964939373127),
    (0.8075, 0.7925, 11161.672168434674),
    (0.71, 0.69, 8240.1446860521901),
    (0.55, 0.45, 391.26297760514672),
    (0.9, 0.8, 198.96341328433104),
    (0.52, 0.48, 2451.5956500068187),
    (0.3, 0.1, 61.598794807852585),
]

# (p1, p2, Cohen's h, n unrounded) from statsmodels 0.15.0:
#   h = proportion_effectsize(p1, p2)               # 2·asin(sqrt(p1)) − 2·asin(sqrt(p2))
#   NormalIndPower().solve_power(effect_size=h, alpha=0.05, power=0.8, ratio=1.0,
#                                alternative="two-sided")
SM_COHEN_H = [
    (0.82, 0.78, 0.10011246562549347, 1566.2471415417392),
    (0.8075, 0.7925, 0.03750590874048054, 11159.306894522178),
    (0.71, 0.69, 0.0436490235956255, 8239.247332852437),
    (0.55, 0.45, 0.2003348423231197, 391.1322551881439),
    (0.9, 0.8, 0.28379410920832804, 194.90808460207361),
    (0.52, 0.48, 0.08002134870797795, 2451.460346820288),
    (0.3, 0.1, 0.5157783719341241, 59.007926292484456),
]


def _ours_unrounded(a, b):
    return (Z975 + Z80) ** 2 * (a * (1 - a) + b * (1 - b)) / (a - b) ** 2


@pytest.mark.parametrize(
    "a, b, n_r", R_POWER_PROP, ids=[f"ref-power.prop.test-{a}-{b}" for a, b, _ in R_POWER_PROP]
)
def test_reference_r_power_prop_test(a, b, n_r):
    d2 = (a - b) ** 2
    v = a * (1 - a) + b * (1 - b)
    pbar = (a + b) / 2
    v_null = 2 * pbar * (1 - pbar)
    # R's closed form (pooled variance under the null) reproduces R's root...
    assert (Z975 * math.sqrt(v_null) + Z80 * math.sqrt(v)) ** 2 / d2 == pytest.approx(
        n_r, rel=1e-10
    )
    # ...and the only difference from ours is the null variance: 2·pbar·qbar = v + d²/2,
    # so R always asks for at least as many questions, and putting v in place of
    # 2·pbar·qbar turns R's formula into ours exactly.
    assert v_null == pytest.approx(v + d2 / 2, rel=1e-13)
    n = questions_needed(a, b)
    assert n == math.ceil(_ours_unrounded(a, b))
    assert (Z975 * math.sqrt(v) + Z80 * math.sqrt(v)) ** 2 / d2 == pytest.approx(
        _ours_unrounded(a, b), rel=1e-13
    )
    assert n <= math.ceil(n_r)


@pytest.mark.parametrize(
    "a, b, h, n_sm", SM_COHEN_H, ids=[f"ref-NormalIndPower-{a}-{b}" for a, b, *_ in SM_COHEN_H]
)
def test_reference_statsmodels_cohen_h(a, b, h, n_sm):
    assert h == pytest.approx(2 * math.asin(math.sqrt(a)) - 2 * math.asin(math.sqrt(b)), rel=1e-13)
    # NormalIndPower's n is 2·z_sum²/h² up to the far tail it also counts (Φ(−z_{1-a/2} − z_sum)
    # ≈ 1e-6 of power), the same relative 2.45e-6 for every h.
    assert n_sm == pytest.approx(2 * z_sum() ** 2 / h**2, rel=3e-6)
    # The arcsine transform is the delta method's variance-stabilised version of ours:
    # h ≈ (a − b)/sqrt(p̄(1−p̄)), so the two agree to first order in (a − b) and differ by
    # under 1.5% here, where our formula keeps each model's own variance.
    assert questions_needed(a, b) == pytest.approx(n_sm, rel=0.015)


# --- questions_needed: definition ---------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    a=st.floats(0.01, 0.99),
    b=st.floats(0.01, 0.99),
    alpha=st.floats(0.001, 0.2),
    power=st.floats(0.5, 0.99),
)
def test_questions_needed_is_the_smallest_n(a, b, alpha, power):
    if abs(a - b) < 0.005:
        return
    zs = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
    target = zs**2 * (a * (1 - a) + b * (1 - b)) / (a - b) ** 2
    n = questions_needed(a, b, alpha=alpha, power=power)
    assert isinstance(n, int)
    assert n >= target * (1 - 1e-12)
    assert n - 1 < target * (1 + 1e-12) or n == 1
    assert questions_needed(b, a, alpha=alpha, power=power) == n


@settings(max_examples=80, deadline=None)
@given(
    lead=st.floats(0.001, 0.5),
    extra=st.floats(0.0, 0.5),
    alpha=st.floats(0.001, 0.2),
    power=st.floats(0.5, 0.99),
)
def test_questions_needed_paired_is_the_smallest_n(lead, extra, alpha, power):
    disc = min(1.0, lead + extra)
    zs = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(power)
    target = zs**2 * disc / lead**2
    n = questions_needed_paired(lead, disc, alpha=alpha, power=power)
    assert isinstance(n, int)
    assert n >= target * (1 - 1e-12)
    assert n - 1 < target * (1 + 1e-12) or n == 1
    # The smallest detectable lead at that n is at most the lead, and above it at n - 1.
    assert minimum_detectable_effect(n, discordance=disc, alpha=alpha, power=power) <= lead * (
        1 + 1e-12
    )
    if n > 1:
        assert minimum_detectable_effect(
            n - 1, discordance=disc, alpha=alpha, power=power
        ) > lead * (1 - 1e-12)


def test_questions_needed_paired_sign_of_lead_does_not_matter():
    assert questions_needed_paired(-0.02, 0.2) == questions_needed_paired(0.02, 0.2) == 3925


# --- minimum detectable effect ------------------------------------------------------------


def test_mde_unpaired_formula_and_vectorised():
    n = np.array([30, 100, 198, 500, 1000])
    out = minimum_detectable_effect(n, p=0.7)
    assert isinstance(out, np.ndarray) and out.shape == n.shape
    np.testing.assert_allclose(out, (Z975 + Z80) * np.sqrt(2 * 0.7 * 0.3 / n), rtol=1e-14)
    for i, ni in enumerate(n):
        one = minimum_detectable_effect(int(ni), p=0.7)
        assert type(one) is float and one == pytest.approx(out[i], rel=1e-15)


def test_mde_paired_formula():
    n = np.array([200, 500, 1000])
    np.testing.assert_allclose(
        minimum_detectable_effect(n, discordance=0.2), (Z975 + Z80) * np.sqrt(0.2 / n), rtol=1e-14
    )


def test_mde_inverts_questions_needed_near_p():
    # With both models near p the unpaired n for a lead d is z_sum²·(2p(1−p) − d²/2)/d²;
    # the MDE formula drops the d²/2, so it is a (slightly conservative) inverse.
    for n in (100, 1000, 10_000):
        d = minimum_detectable_effect(n, p=0.5)
        assert questions_needed(0.5 + d / 2, 0.5 - d / 2) <= n


def test_mde_repeats_formula_and_infinite_k():
    zs = Z975 + Z80
    got = minimum_detectable_effect_repeats(
        np.array([50, 198]), omega2=0.1, sigma2_a=0.2, sigma2_b=0.05, k_a=4, k_b=2
    )
    np.testing.assert_allclose(
        got, zs * np.sqrt((0.1 + 0.2 / 4 + 0.05 / 2) / np.array([50, 198])), rtol=1e-14
    )
    inf = minimum_detectable_effect_repeats(
        198, omega2=0.1, sigma2_a=0.2, sigma2_b=0.05, k_a=math.inf, k_b=math.inf
    )
    assert inf == pytest.approx(zs * math.sqrt(0.1 / 198), rel=1e-14)
    assert type(inf) is float


def test_mde_repeats_with_one_answer_and_no_between_variance_is_paired_mde():
    # K = 1, ω² = 0 and σ²_A + σ²_B equal to the discordance: the per-question variance of a
    # paired difference with no shared difficulty — the two forms must then agree.
    a = minimum_detectable_effect_repeats(500, omega2=0.0, sigma2_a=0.1, sigma2_b=0.1)
    assert a == pytest.approx(minimum_detectable_effect(500, discordance=0.2), rel=1e-14)


@settings(max_examples=40, deadline=None)
@given(k=st.integers(1, 1000))
def test_mde_repeats_falls_with_k_towards_the_question_floor(k):
    args = dict(omega2=1 / 9, sigma2_a=1 / 6, sigma2_b=1 / 6)
    more = minimum_detectable_effect_repeats(198, k_a=k + 1, k_b=k + 1, **args)
    fewer = minimum_detectable_effect_repeats(198, k_a=k, k_b=k, **args)
    floor = minimum_detectable_effect_repeats(198, k_a=math.inf, k_b=math.inf, **args)
    assert floor < more < fewer

"""McNemar's test, every method, against R.

R is not needed to run this file: the values are pasted below.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats import McNemarResult, mcnemar

METHODS = ("exact", "mid-p", "asymptotic", "corrected")

# (b, c, exact, mid_p, asymptotic, corrected), produced by `Rscript tests/references/mcnemar.R`
# (R 4.2.2), with tab <- matrix(c(50, c, b, 50), 2) and N = b + c, m = min(b, c):
#   exact:      binom.test(b, N, 0.5)$p.value
#   mid-p:      min(1, 2 * pbinom(m - 1, N, 0.5) + dbinom(m, N, 0.5))
#               (= the uncapped two-sided exact p minus P(X = m); Fagerland et al. 2013)
#   asymptotic: mcnemar.test(tab, correct = FALSE)$p.value
#   corrected:  mcnemar.test(tab, correct = TRUE)$p.value
# Note R applies the continuity correction only when b != c (for b = c the statistic is 0
# and p = 1); the uncapped mid-p at b = c is exactly 1 as well.
R_ROWS = [
    (20, 8, 0.035698138177394839, 0.024119544774293872, 0.023342202012890875, 0.03763531378731419),
    (5, 3, 0.72656250000000033, 0.50781250000000011, 0.47950012218695348, 0.7236736098317631),
    (10, 0, 0.0019531250000000004, 0.0009765625, 0.0015654022580025519, 0.0044265258579198295),
    (0, 10, 0.0019531250000000004, 0.0009765625, 0.0015654022580025519, 0.0044265258579198295),
    (1, 0, 1, 0.5, 0.31731050786291415, 1),
    (1, 1, 1, 1, 1, 1),
    (3, 3, 1, 0.99999999999999989, 1, 1),
    (7, 2, 0.17968750000000006, 0.10937499999999999, 0.095580704545628808, 0.18242243945173581),
    (2, 7, 0.17968750000000006, 0.10937499999999999, 0.095580704545628808, 0.18242243945173581),
    (12, 30, 0.0079158973348967352, 0.0054015726545912938, 0.0054785532425473699, 0.0087119129623795828),
    (40, 25, 0.081681533941540332, 0.064017504137225803, 0.06281184751609882, 0.082477887473209971),
    (0, 1, 1, 0.5, 0.31731050786291415, 1),
    (15, 15, 1, 1, 1, 1),
    (100, 70, 0.025844387581341711, 0.02150654246325033, 0.021397568696919028, 0.02613509411386802),
    (4, 0, 0.125, 0.0625, 0.045500263896358473, 0.13361440253771517),
]  # fmt: skip

REFERENCE = [
    (row[0], row[1], method, row[2 + i]) for row in R_ROWS for i, method in enumerate(METHODS)
]


@pytest.mark.parametrize(
    "b, c, method, expected", REFERENCE, ids=[f"ref-{m}-{b}-{c}" for b, c, m, _ in REFERENCE]
)
def test_reference_p_value(b, c, method, expected):
    assert mcnemar(b, c, method=method).p_value == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("b, c", [(20, 8), (5, 3), (0, 7), (12, 30), (9, 9)])
def test_statistics(b, c):
    assert mcnemar(b, c, method="exact").statistic == b
    assert mcnemar(b, c, method="mid-p").statistic == b
    z = (b - c) / math.sqrt(b + c)
    assert mcnemar(b, c, method="asymptotic").statistic == pytest.approx(z, rel=1e-15)
    # The corrected statistic is what R's mcnemar.test reports; its p-value is chi2 sf.
    res = mcnemar(b, c, method="corrected")
    assert res.p_value == pytest.approx(stats.chi2.sf(res.statistic, 1), rel=1e-12)


def test_asymptotic_is_the_normal_z_test():
    # z^2 is R's uncorrected McNemar chi-square (b - c)^2 / (b + c): 144/28 for 20 vs 8.
    res = mcnemar(20, 8, method="asymptotic")
    assert res.statistic**2 == pytest.approx(144 / 28, rel=1e-14)
    assert res.p_value == pytest.approx(2 * stats.norm.sf(abs(res.statistic)), rel=1e-14)


@pytest.mark.parametrize("method", METHODS)
def test_no_disagreements_gives_p_one(method):
    res = mcnemar(0, 0, method=method)
    assert res.p_value == 1.0
    assert (res.b, res.c, res.method) == (0, 0, method)


def test_default_is_mid_p_and_result_is_frozen():
    res = mcnemar(20, 8)
    assert isinstance(res, McNemarResult)
    assert res.method == "mid-p"
    assert res == mcnemar(20, 8, method="mid-p")
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.p_value = 0.5  # type: ignore[misc]


def _exact_sum(b: int, c: int) -> float:
    """Two-sided exact p by direct summation of Bin(b + c, 1/2) (small b + c)."""
    n, m = b + c, min(b, c)
    tail = sum(math.comb(n, x) for x in range(m + 1)) / 2**n
    return min(1.0, 2 * tail), min(1.0, 2 * tail - math.comb(n, m) / 2**n)


pairs = st.tuples(st.integers(0, 60), st.integers(0, 60)).filter(lambda t: sum(t) > 0)


@settings(max_examples=80, deadline=None)
@given(bc=pairs, method=st.sampled_from(METHODS))
def test_p_values_are_probabilities_and_symmetric_in_b_c(bc, method):
    b, c = bc
    res = mcnemar(b, c, method=method)
    assert 0 <= res.p_value <= 1
    assert type(res.p_value) is float
    assert mcnemar(c, b, method=method).p_value == pytest.approx(res.p_value, abs=1e-14)


@settings(max_examples=80, deadline=None)
@given(bc=pairs)
def test_exact_and_mid_p_match_direct_summation(bc):
    b, c = bc
    exact, mid = _exact_sum(b, c)
    assert mcnemar(b, c, method="exact").p_value == pytest.approx(exact, abs=1e-12)
    assert mcnemar(b, c, method="mid-p").p_value == pytest.approx(mid, abs=1e-12)
    assert mcnemar(b, c, method="mid-p").p_value <= mcnemar(b, c, method="exact").p_value

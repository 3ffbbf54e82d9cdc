"""Intervals for one score, against R, statsmodels and scipy.

Reference rows are pasted from R and statsmodels; neither is needed to run
the suite. Regenerate them with the scripts in ``tests/references/``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from benchstats import ConfidenceInterval, chance_corrected, proportion_ci

METHODS = ("wilson", "clopper-pearson", "jeffreys", "bayes", "agresti-coull", "wald")

# Reference rows (method, k, n, confidence_level, low, high).
# Produced by `Rscript tests/references/intervals.R` (R 4.2.2), printing with sprintf("%.17g"):
#   wilson:          prop.test(k, n, conf.level = cl, correct = FALSE)$conf.int
#   clopper-pearson: binom.test(k, n, conf.level = cl)$conf.int
#   jeffreys:        c(if (k == 0) 0 else qbeta(a/2, k+.5, n-k+.5),
#                      if (k == n) 1 else qbeta(1-a/2, k+.5, n-k+.5)),  a = 1 - cl
#   bayes:           qbeta(c(a/2, 1-a/2), k+1, n-k+1)
#   wald:            k/n + c(-1, 1) * qnorm(1-a/2) * sqrt(k/n*(1-k/n)/n)   (not clipped)
# statsmodels 0.15.0 proportion_confint(method="wilson"/"beta"/"jeffreys"/"normal") agrees
# with every R row to 2.3e-16 (jeffreys after pinning its ends at k = 0 and k = n, wald
# after clipping): `.venv/bin/python tests/references/intervals_statsmodels.py`.
R_ROWS = [
    ("wilson", 0, 1, 0.95, 0, 0.79345068562276255),
    ("clopper-pearson", 0, 1, 0.95, 0, 0.97499999999999998),
    ("jeffreys", 0, 1, 0.95, 0, 0.85325368369042476),
    ("bayes", 0, 1, 0.95, 0.012579117093425058, 0.841886116991581),
    ("wald", 0, 1, 0.95, 0, 0),
    ("wilson", 1, 1, 0.95, 0.2065493143772375, 1),
    ("clopper-pearson", 1, 1, 0.95, 0.025000000000000022, 1),
    ("jeffreys", 1, 1, 0.95, 0.14674631630957519, 1),
    ("bayes", 1, 1, 0.95, 0.15811388300841905, 0.98742088290657493),
    ("wald", 1, 1, 0.95, 1, 1),
    ("wilson", 0, 10, 0.95, 0, 0.27753279986288915),
    ("clopper-pearson", 0, 10, 0.95, 0, 0.30849710781876083),
    ("jeffreys", 0, 10, 0.95, 0, 0.21719626750921051),
    ("bayes", 0, 10, 0.95, 0.0022989722138142686, 0.28491415291815436),
    ("wald", 0, 10, 0.95, 0, 0),
    ("wilson", 1, 10, 0.95, 0.017876213095072892, 0.40415002679523837),
    ("clopper-pearson", 1, 10, 0.95, 0.0025285785444617865, 0.44501611702819543),
    ("jeffreys", 1, 10, 0.95, 0.011011673763161155, 0.38131477106661638),
    ("bayes", 1, 10, 0.95, 0.022831198299959662, 0.41277991698838257),
    ("wald", 1, 10, 0.95, -0.085938509691368431, 0.28593850969136847),
    ("wilson", 5, 10, 0.95, 0.23659309051256402, 0.76340690948743595),
    ("clopper-pearson", 5, 10, 0.95, 0.18708602844739858, 0.81291397155260148),
    ("jeffreys", 5, 10, 0.95, 0.22352867025270526, 0.77647132974729471),
    ("bayes", 5, 10, 0.95, 0.23379359765934524, 0.76620640234065474),
    ("wald", 5, 10, 0.95, 0.19010248384771927, 0.80989751615228078),
    ("wilson", 9, 10, 0.95, 0.59584997320476152, 0.98212378690492708),
    ("clopper-pearson", 9, 10, 0.95, 0.55498388297180457, 0.99747142145553824),
    ("jeffreys", 9, 10, 0.95, 0.61868522893338362, 0.98898832623683886),
    ("bayes", 9, 10, 0.95, 0.58722008301161743, 0.97716880170004039),
    ("wald", 9, 10, 0.95, 0.71406149030863164, 1.0859385096913685),
    ("wilson", 10, 10, 0.95, 0.72246720013711085, 1),
    ("clopper-pearson", 10, 10, 0.95, 0.69150289218123917, 1),
    ("jeffreys", 10, 10, 0.95, 0.78280373249078949, 1),
    ("bayes", 10, 10, 0.95, 0.71508584708184564, 0.99770102778618575),
    ("wald", 10, 10, 0.95, 1, 1),
    ("wilson", 3, 20, 0.95, 0.052368745896216609, 0.36041886474075691),
    ("clopper-pearson", 3, 20, 0.95, 0.032070937185463728, 0.37892682654531396),
    ("jeffreys", 3, 20, 0.95, 0.044131341975155863, 0.34857771085845424),
    ("bayes", 3, 20, 0.95, 0.054463568178406807, 0.36342398701698098),
    ("wald", 3, 20, 0.95, -0.0064905747383050549, 0.30649057473830504),
    ("wilson", 34, 40, 0.95, 0.70927675633510301, 0.92938812282679639),
    ("clopper-pearson", 34, 40, 0.95, 0.70164733316042338, 0.94289774184547415),
    ("jeffreys", 34, 40, 0.95, 0.71668664042674779, 0.93487448482479185),
    ("bayes", 34, 40, 0.95, 0.70826951198250598, 0.92848471184770553),
    ("wald", 34, 40, 0.95, 0.73934445341076427, 0.96065554658923569),
    ("wilson", 119, 198, 0.95, 0.53150419682408701, 0.66667114452406484),
    ("clopper-pearson", 119, 198, 0.95, 0.52918294927159848, 0.66976501705386682),
    ("jeffreys", 119, 198, 0.95, 0.53174229036483656, 0.66734893769897863),
    ("bayes", 119, 198, 0.95, 0.53140355486182489, 0.66670173878110339),
    ("wald", 119, 198, 0.95, 0.53280178428240133, 0.66921841773780066),
    ("wilson", 0, 100, 0.95, 0, 0.036993498206985657),
    ("clopper-pearson", 0, 100, 0.95, 0, 0.036216692645176463),
    ("jeffreys", 0, 100, 0.95, 0, 0.024745270015269938),
    ("bayes", 0, 100, 0.95, 0.00025063995073921526, 0.03586462039000371),
    ("wald", 0, 100, 0.95, 0, 0),
    ("wilson", 50, 100, 0.95, 0.40383153036599567, 0.59616846963400427),
    ("clopper-pearson", 50, 100, 0.95, 0.39832112950330101, 0.60167887049669899),
    ("jeffreys", 50, 100, 0.95, 0.403173950896418, 0.59682604910358195),
    ("bayes", 50, 100, 0.95, 0.40364306750950685, 0.59635693249049315),
    ("wald", 50, 100, 0.95, 0.4020018007729973, 0.5979981992270027),
    ("wilson", 100, 100, 0.95, 0.96300650179301428, 1),
    ("clopper-pearson", 100, 100, 0.95, 0.96378330735482354, 1),
    ("jeffreys", 100, 100, 0.95, 0.97525472998473006, 1),
    ("bayes", 100, 100, 0.95, 0.96413537960999629, 0.99974936004926074),
    ("wald", 100, 100, 0.95, 1, 1),
    ("wilson", 7, 13, 0.95, 0.2914379571450601, 0.76793932190461689),
    ("clopper-pearson", 7, 13, 0.95, 0.25134548227030351, 0.80776755819871204),
    ("jeffreys", 7, 13, 0.95, 0.28289206039927656, 0.77887658617630651),
    ("bayes", 7, 13, 0.95, 0.28860940003830743, 0.76963945855193761),
    ("wald", 7, 13, 0.95, 0.26746876623575899, 0.80945431068731788),
    ("wilson", 993, 1000, 0.95, 0.98562168453423349, 0.99660513159900932),
    ("clopper-pearson", 993, 1000, 0.95, 0.98563080502108136, 0.99718114124037949),
    ("jeffreys", 993, 1000, 0.95, 0.98630553975764557, 0.99686364067186461),
    ("bayes", 993, 1000, 0.95, 0.98564510653438975, 0.99654348650611357),
    ("wald", 993, 1000, 0.95, 0.9878326041120653, 0.99816739588793468),
    ("wilson", 34, 40, 0.9, 0.73525611426859727, 0.92039647167958216),
    ("clopper-pearson", 34, 40, 0.9, 0.72525549498602937, 0.93259905947729127),
    ("jeffreys", 34, 40, 0.9, 0.74000956823560826, 0.92383451010205664),
    ("bayes", 34, 40, 0.9, 0.73145578558262059, 0.91702069690762389),
    ("wald", 34, 40, 0.9, 0.75713493789411901, 0.94286506210588095),
    ("wilson", 34, 40, 0.99, 0.65660967145554583, 0.94379907908914518),
    ("clopper-pearson", 34, 40, 0.99, 0.65372081440538332, 0.95979430550341349),
    ("jeffreys", 34, 40, 0.99, 0.66914743437862945, 0.95320393652516822),
    ("bayes", 34, 40, 0.99, 0.66113641757016683, 0.94770913666246048),
    ("wald", 34, 40, 0.99, 0.70457396066812827, 0.99542603933187168),
    ("wilson", 3, 20, 0.8, 0.074673019753226724, 0.2784478656243084),
    ("clopper-pearson", 3, 20, 0.8, 0.056417896243115988, 0.30418681140747872),
    ("jeffreys", 3, 20, 0.8, 0.072889381222913233, 0.27490794582184053),
    ("bayes", 3, 20, 0.8, 0.085771351449335245, 0.29101968242862486),
    ("wald", 3, 20, 0.8, 0.047676313120665517, 0.25232368687933449),
    ("wilson", 0, 10, 0.99, 0, 0.39885409330490795),
    ("clopper-pearson", 0, 10, 0.99, 0, 0.41129598134752532),
    ("jeffreys", 0, 10, 0.99, 0, 0.31883463559417136),
    ("bayes", 0, 10, 0.99, 0.00045558181139860026, 0.3822461582176766),
    ("wald", 0, 10, 0.99, 0, 0),
]

# Agresti-Coull, as statsmodels defines it (clipped to [0, 1]); produced by
# `.venv/bin/python tests/references/intervals_statsmodels.py`, i.e.
#   statsmodels.stats.proportion.proportion_confint(k, n, alpha=1 - cl, method="agresti_coull")
SM_ROWS = [
    ("agresti-coull", 0, 1, 0.95, 0.0, 0.832500514520587),
    ("agresti-coull", 1, 1, 0.95, 0.167499485479413, 1.0),
    ("agresti-coull", 0, 10, 0.95, 0.0, 0.3208873057505457),
    ("agresti-coull", 1, 10, 0.95, 0.0, 0.4259677373948322),
    ("agresti-coull", 5, 10, 0.95, 0.236593090512564, 0.7634069094874361),
    ("agresti-coull", 9, 10, 0.95, 0.5740322626051678, 1.0),
    ("agresti-coull", 10, 10, 0.95, 0.6791126942494543, 1.0),
    ("agresti-coull", 3, 20, 0.95, 0.04393901127651956, 0.368848599360454),
    ("agresti-coull", 34, 40, 0.95, 0.7054450187413327, 0.9332198604205667),
    ("agresti-coull", 119, 198, 0.95, 0.5314773804919382, 0.6666979608562138),
    ("agresti-coull", 0, 100, 0.95, 0.0, 0.04441205113410958),
    ("agresti-coull", 50, 100, 0.95, 0.4038315303659956, 0.5961684696340044),
    ("agresti-coull", 100, 100, 0.95, 0.9555879488658904, 1.0),
    ("agresti-coull", 7, 13, 0.95, 0.29131331292064233, 0.7680639661290348),
    ("agresti-coull", 993, 1000, 0.95, 0.985307838657078, 0.9969189774761645),
    ("agresti-coull", 34, 40, 0.9, 0.7328012327492434, 0.9228513531989361),
    ("agresti-coull", 34, 40, 0.99, 0.6493857360313253, 0.9510230145133656),
    ("agresti-coull", 3, 20, 0.8, 0.07152250164431898, 0.2815983837332161),
    ("agresti-coull", 0, 10, 0.99, 0.0, 0.4517748406233508),
]

REFERENCE_ROWS = R_ROWS + SM_ROWS


def _row_id(row):
    method, k, n, cl, *_ = row
    return f"ref-{method}-{k}/{n}-{cl}"


@pytest.mark.parametrize("row", REFERENCE_ROWS, ids=[_row_id(r) for r in REFERENCE_ROWS])
def test_reference_interval(row):
    method, k, n, cl, low, high = row
    ci = proportion_ci(k, n, confidence_level=cl, method=method)
    assert ci.low == pytest.approx(low, abs=1e-12, rel=1e-12)
    assert ci.high == pytest.approx(high, abs=1e-12, rel=1e-12)


def test_reference_rows_cover_every_method_and_both_ends():
    assert {r[0] for r in REFERENCE_ROWS} == set(METHODS)
    for method in METHODS:
        rows = [r for r in REFERENCE_ROWS if r[0] == method]
        assert any(r[1] == 0 for r in rows) and any(r[1] == r[2] for r in rows)


# --- boundary behaviour the API spells out ------------------------------------------------


@pytest.mark.parametrize("n", [1, 7, 100, 10_000])
def test_jeffreys_ends_pinned(n):
    assert proportion_ci(0, n, method="jeffreys").low == 0.0
    assert proportion_ci(n, n, method="jeffreys").high == 1.0
    # ...while the other end is the plain Beta(k+1/2, n-k+1/2) quantile.
    assert proportion_ci(0, n, method="jeffreys").high == pytest.approx(
        stats.beta.ppf(0.975, 0.5, n + 0.5), rel=1e-12
    )


@pytest.mark.parametrize("n", [1, 7, 100, 10_000])
def test_bayes_at_zero_closed_form(n):
    # Beta(1, n+1) has cdf 1 - (1-x)^(n+1): its q-quantile is 1 - (1-q)^(1/(n+1)).
    ci = proportion_ci(0, n, method="bayes")
    assert ci.low == pytest.approx(1 - 0.975 ** (1 / (n + 1)), rel=1e-12)
    assert ci.high == pytest.approx(1 - 0.025 ** (1 / (n + 1)), rel=1e-12)
    assert ci.low > 0  # the uniform-prior posterior never puts the lower end at 0


@pytest.mark.parametrize("n", [1, 20, 198])
def test_wald_collapses_at_the_ends(n):
    assert proportion_ci(0, n, method="wald") == (0.0, 0.0)
    assert proportion_ci(n, n, method="wald") == (1.0, 1.0)


def test_wald_is_not_clipped():
    assert proportion_ci(1, 10, method="wald").low < 0
    assert proportion_ci(9, 10, method="wald").high > 1


@pytest.mark.parametrize("method", ["wilson", "clopper-pearson", "agresti-coull"])
def test_clipped_methods_stay_in_unit_interval(method):
    k = np.arange(0, 31)
    ci = proportion_ci(k, 30, method=method)
    assert np.all(ci.low >= 0) and np.all(ci.high <= 1)
    assert np.all(ci.low <= ci.high)


def test_default_is_wilson_95():
    assert proportion_ci(34, 40) == proportion_ci(34, 40, confidence_level=0.95, method="wilson")


def test_returns_confidence_interval_namedtuple():
    ci = proportion_ci(3, 20)
    assert isinstance(ci, ConfidenceInterval)
    low, high = ci
    assert (low, high) == (ci.low, ci.high)


# --- live cross-checks over many (k, n) ---------------------------------------------------

counts = st.integers(min_value=1, max_value=2000).flatmap(
    lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
)
levels = st.floats(min_value=0.5, max_value=0.999)


@settings(max_examples=60, deadline=None)
@given(kn=counts, cl=levels)
def test_wilson_and_cp_match_scipy_binomtest(kn, cl):
    k, n = kn
    res = stats.binomtest(k, n)
    w = res.proportion_ci(confidence_level=cl, method="wilson")
    e = res.proportion_ci(confidence_level=cl, method="exact")
    assert proportion_ci(k, n, confidence_level=cl, method="wilson") == pytest.approx(
        (w.low, w.high), abs=1e-12
    )
    assert proportion_ci(k, n, confidence_level=cl, method="clopper-pearson") == pytest.approx(
        (e.low, e.high), abs=1e-12
    )


@settings(max_examples=60, deadline=None)
@given(kn=counts, cl=levels)
def test_agresti_coull_and_jeffreys_match_statsmodels(kn, cl):
    k, n = kn
    ac = proportion_confint(k, n, alpha=1 - cl, method="agresti_coull")
    assert proportion_ci(k, n, confidence_level=cl, method="agresti-coull") == pytest.approx(
        ac, abs=1e-12
    )
    lo, hi = proportion_confint(k, n, alpha=1 - cl, method="jeffreys")
    expected = (0.0 if k == 0 else lo, 1.0 if k == n else hi)
    assert proportion_ci(k, n, confidence_level=cl, method="jeffreys") == pytest.approx(
        expected, abs=1e-12
    )


# --- properties ---------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(kn=counts, cl=levels, method=st.sampled_from(METHODS))
def test_symmetry_ci_k_is_one_minus_reversed_ci_n_minus_k(kn, cl, method):
    k, n = kn
    ci = proportion_ci(k, n, confidence_level=cl, method=method)
    mirror = proportion_ci(n - k, n, confidence_level=cl, method=method)
    assert ci.low == pytest.approx(1 - mirror.high, abs=1e-12)
    assert ci.high == pytest.approx(1 - mirror.low, abs=1e-12)


@settings(max_examples=80, deadline=None)
@given(kn=counts, cl=levels, method=st.sampled_from(["wilson", "clopper-pearson", "jeffreys"]))
def test_estimate_inside_interval(kn, cl, method):
    k, n = kn
    ci = proportion_ci(k, n, confidence_level=cl, method=method)
    assert ci.low <= k / n <= ci.high


@settings(max_examples=80, deadline=None)
@given(kn=counts, cl=levels)
def test_estimate_inside_bayes_interval(kn, cl):
    # The posterior mode k/n lies inside the equal-tailed Beta(k+1, n-k+1) interval for
    # 0 < k < n; at k = 0 (k = n) the lower (upper) end is strictly above 0 (below 1), see
    # test_bayes_at_zero_closed_form. The posterior mean (k+1)/(n+2) is always inside.
    k, n = kn
    ci = proportion_ci(k, n, confidence_level=cl, method="bayes")
    assert ci.low <= (k + 1) / (n + 2) <= ci.high
    if 0 < k < n:
        assert ci.low <= k / n <= ci.high


@settings(max_examples=40, deadline=None)
@given(kn=counts, method=st.sampled_from(METHODS))
def test_higher_confidence_is_wider(kn, method):
    k, n = kn
    narrow = proportion_ci(k, n, confidence_level=0.8, method=method)
    wide = proportion_ci(k, n, confidence_level=0.99, method=method)
    assert wide.low <= narrow.low + 1e-15 and narrow.high <= wide.high + 1e-15


@settings(max_examples=25, deadline=None)
@given(
    data=st.lists(counts, min_size=1, max_size=30),
    cl=levels,
    method=st.sampled_from(METHODS),
)
def test_vectorised_equals_scalar_loop(data, cl, method):
    k = np.array([d[0] for d in data])
    n = np.array([d[1] for d in data])
    ci = proportion_ci(k, n, confidence_level=cl, method=method)
    assert isinstance(ci.low, np.ndarray) and ci.low.shape == k.shape
    for i, (ki, ni) in enumerate(data):
        one = proportion_ci(ki, ni, confidence_level=cl, method=method)
        assert ci.low[i] == pytest.approx(one.low, rel=1e-14, abs=1e-15)
        assert ci.high[i] == pytest.approx(one.high, rel=1e-14, abs=1e-15)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("k, n", [(3, 20), (np.int64(3), np.int64(20)), (3.0, 20)])
def test_scalar_in_gives_python_float(method, k, n):
    ci = proportion_ci(k, n, method=method)
    assert type(ci.low) is float and type(ci.high) is float


def test_broadcasts_k_against_scalar_n():
    k = np.array([[0, 1], [2, 3]])
    ci = proportion_ci(k, 3)
    assert ci.low.shape == (2, 2)
    assert ci.high[1, 1] == 1.0
    assert ci.low[0, 0] == 0.0


# --- chance correction --------------------------------------------------------------------


@pytest.mark.parametrize(
    "p, options, expected",
    [
        (0.6, 4, 0.35 / 0.75),  # (p - 1/4) / (1 - 1/4)
        (0.25, 4, 0.0),
        (1.0, 4, 1.0),
        (0.0, 4, -1 / 3),
        (0.5, 2, 0.0),
        (0.82, 10, (0.82 - 0.1) / 0.9),
    ],
)
def test_chance_corrected_values(p, options, expected):
    assert chance_corrected(p, options) == pytest.approx(expected, abs=1e-15)
    assert type(chance_corrected(p, options)) is float


def test_chance_corrected_is_vectorised_and_affine():
    p = np.linspace(0, 1, 11)
    out = chance_corrected(p, 4)
    assert isinstance(out, np.ndarray) and out.shape == p.shape
    np.testing.assert_allclose(np.diff(out) / np.diff(p), 4 / 3, rtol=1e-12)
    both = chance_corrected(0.6, np.array([2, 4, 10]))
    np.testing.assert_allclose(both, [0.2, 0.35 / 0.75, 0.5 / 0.9], rtol=1e-14)


def test_chance_corrected_score_below_guessing_is_negative():
    assert chance_corrected(0.2, 4) < 0
    assert math.isclose(chance_corrected(0.2, 4), -0.05 / 0.75)

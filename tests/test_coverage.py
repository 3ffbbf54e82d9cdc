"""benchstats.coverage: exact coverage of one-score intervals, and its simulation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats import proportion_ci
from benchstats.coverage import (
    METHODS,
    add_datasets,
    average_coverage,
    coverage,
    coverage_curve,
    coverage_summary,
    new_coverage_tally,
    simulate_average_coverage,
    worst_coverage,
)

# --------------------------------------------------------------------------- docs/figures.md


def printed(value: float, shown: float, decimals: int) -> None:
    """``value`` prints as ``shown`` at ``decimals`` places (half a unit either side)."""
    assert abs(value - shown) <= 0.5 * 10.0**-decimals + 1e-9, (value, shown)


# docs/figures.md, "Interval coverage" and "One score and its interval" (percent, 1 dp).
FIGURES = [
    pytest.param(lambda: average_coverage(100), 92.2, id="figure-coverage-wald-average-N100"),
    pytest.param(
        lambda: average_coverage(100, method="wilson"), 95.1, id="figure-coverage-wilson-N100"
    ),
    pytest.param(
        lambda: average_coverage(100, method="clopper-pearson"), 96.5, id="figure-coverage-cp-N100"
    ),
    pytest.param(
        lambda: average_coverage(100, p_range=(0.05, 0.95)),
        94.0,
        id="figure-coverage-wald-N100-p05-95",
    ),
    pytest.param(lambda: coverage(0.5, 100), 94.3, id="figure-coverage-wald-N100-p50"),
    pytest.param(lambda: coverage(0.95, 20), 63.9, id="figure-coverage-wald-N20-p95"),
]


@pytest.mark.parametrize("value, shown", FIGURES)
def test_figures(value, shown):
    printed(100 * value(), shown, 1)


def test_figure_wald_has_zero_width_at_0_of_n_and_n_of_n():
    assert coverage_summary(100).zero_width == (0, 100)
    assert coverage_summary(100, method="wilson").zero_width == ()


# --------------------------------------------------------------------------- R (references/coverage.R)

# Rscript tests/references/coverage.R: sum(dbinom(k, n, p)[low <= p & p <= high]) with the
# intervals from prop.test (Wilson), binom.test (Clopper–Pearson), qbeta and qnorm.
R_POINTS = [
    ("wald", 100, 0.5, 0.943112066359),
    ("wald", 20, 0.95, 0.638940137257),
    ("wald", 10, 0.3, 0.8400995757),
    ("wald", 50, 0.01, 0.394848243594),
    ("wald", 198, 0.6, 0.940773964368),
    ("wilson", 20, 0.95, 0.924516326212),
    ("wilson", 50, 0.01, 0.910564686904),
    ("wilson", 198, 0.6, 0.94998943403),
    ("clopper-pearson", 100, 0.5, 0.964799799782),
    ("clopper-pearson", 20, 0.95, 0.98409847398),
    ("clopper-pearson", 10, 0.3, 0.9894079216),
    ("clopper-pearson", 198, 0.6, 0.957882269143),
    ("jeffreys", 20, 0.95, 0.98409847398),
    ("jeffreys", 10, 0.3, 0.9244034877),
    ("bayes", 50, 0.01, 0.910564686904),
    ("agresti-coull", 10, 0.3, 0.9526510126),
    ("agresti-coull", 50, 0.01, 0.986182729169),
]

# The same script: integrate() of the coverage piece by piece between interval ends.
R_AVERAGES = [
    ("wald", 100, 0, 1, 0.922254479615),
    ("wald", 100, 0.05, 0.95, 0.939886335999),
    ("wald", 20, 0, 1, 0.845792708706),
    ("wilson", 100, 0, 1, 0.951135634594),
    ("wilson", 100, 0.05, 0.95, 0.950686703295),
    ("wilson", 20, 0, 1, 0.952979342466),
    ("clopper-pearson", 100, 0, 1, 0.964571555484),
    ("clopper-pearson", 100, 0.05, 0.95, 0.962615938079),
    ("clopper-pearson", 20, 0, 1, 0.977025701195),
    ("jeffreys", 100, 0, 1, 0.949945354475),
    ("jeffreys", 100, 0.05, 0.95, 0.949335386589),
    ("jeffreys", 20, 0, 1, 0.951144333359),
    ("bayes", 100, 0, 1, 0.95),
    ("bayes", 100, 0.05, 0.95, 0.950795255006),
    ("bayes", 20, 0, 1, 0.95),
    ("agresti-coull", 100, 0, 1, 0.955507565758),
    ("agresti-coull", 100, 0.05, 0.95, 0.953101747045),
    ("agresti-coull", 20, 0, 1, 0.9618230969),
]


@pytest.mark.parametrize("method, n, p, expected", R_POINTS)
def test_coverage_matches_r(method, n, p, expected):
    assert coverage(p, n, method=method) == pytest.approx(expected, abs=1e-11)


@pytest.mark.parametrize("method, n, a, b, expected", R_AVERAGES)
def test_average_matches_r(method, n, a, b, expected):
    got = average_coverage(n, method=method, p_range=(a, b))
    assert got == pytest.approx(expected, abs=1e-9)


# --------------------------------------------------------------------------- brute force


def brute_force(p: float, n: int, method: str) -> float:
    """One k at a time: the interval from k, and its binomial probability if it holds p."""
    total = 0.0
    for k in range(n + 1):
        low, high = proportion_ci(k, n, method=method)
        if low <= p <= high:
            total += stats.binom.pmf(k, n, p)
    return total


@pytest.mark.parametrize("method", METHODS)
def test_vectorised_equals_the_plain_loop(method):
    ps = np.array([0.013, 0.2, 0.5, 0.77, 0.999])
    got = coverage(ps, 30, method=method)
    assert got == pytest.approx([brute_force(p, 30, method) for p in ps], abs=1e-13)


def test_average_equals_a_fine_quadrature():
    # Midpoint rule on 40,000 cells: each of the ~80 jumps costs at most a cell's width.
    grid = (np.arange(40_000) + 0.5) / 40_000
    assert coverage(grid, 40).mean() == pytest.approx(average_coverage(40), abs=1e-4)


def test_worst_case_is_below_every_grid_point_and_reached_near_it():
    for method in ("wilson", "jeffreys", "agresti-coull", "clopper-pearson"):
        worst, at = worst_coverage(50, method=method)
        curve = coverage(np.linspace(0.001, 0.999, 4001), 50, method=method)
        assert worst <= curve.min() + 1e-12
        near = coverage(np.array([at - 1e-9, at + 1e-9]), 50, method=method)
        assert near.min() == pytest.approx(worst, abs=1e-6)


def test_worst_wald_is_zero_near_the_edges():
    assert worst_coverage(100) == (0.0, 0.0)
    worst, at = worst_coverage(100, p_range=(0.05, 0.95))
    assert 0.0 < worst < 0.9 and 0.05 <= at <= 0.95


# --------------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 120),
    p=st.floats(0, 1),
    method=st.sampled_from(METHODS),
    level=st.floats(0.5, 0.995),
)
def test_coverage_is_a_probability(n, p, method, level):
    c = coverage(p, n, method=method, confidence_level=level)
    assert isinstance(c, float) and 0.0 <= c <= 1.0 + 1e-12


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 150), p=st.floats(0, 1), level=st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_clopper_pearson_never_covers_less_than_promised(n, p, level):
    assert coverage(p, n, method="clopper-pearson", confidence_level=level) >= level - 1e-9


@settings(max_examples=25, deadline=None)
@given(n=st.integers(1, 80), method=st.sampled_from(METHODS))
def test_coverage_is_symmetric_in_p(n, method):
    # CI(k, n) = 1 − reversed CI(n − k, n) for every method, so C(p) = C(1 − p).
    ps = np.array([0.03, 0.21, 0.4, 0.5])
    assert coverage(ps, n, method=method) == pytest.approx(
        coverage(1 - ps, n, method=method), abs=1e-9
    )


# --------------------------------------------------------------------------- simulation


def test_tally_is_reproducible_and_resumable():
    grid = [0.1, 0.5, 0.93]
    once = add_datasets(new_coverage_tally(60, grid, seed=7), 1000)
    twice = add_datasets(add_datasets(new_coverage_tally(60, grid, seed=7), 400), 600)
    assert once.runs == twice.runs == 1000
    np.testing.assert_array_equal(once.counts, twice.counts)
    other = add_datasets(new_coverage_tally(60, grid, seed=8), 1000)
    assert not np.array_equal(once.counts, other.counts)


def test_simulation_lands_within_its_monte_carlo_error_of_the_exact_curve():
    curve = coverage_curve(100, points=41, p_range=(0.01, 0.99))
    tally = add_datasets(new_coverage_tally(100, curve.p, seed=3), 4000)
    for method in ("wald", "wilson", "clopper-pearson"):
        exact = coverage(curve.p, 100, method=method)
        se = np.sqrt(exact * (1 - exact) / tally.runs)
        z = (tally.coverage(method) - exact) / np.where(se > 0, se, 1)
        assert np.abs(z).max() < 4.5


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_more_runs_come_closer_to_the_exact_curve(seed):
    # 100 runs err by ~2.5 points on average, 10,000 by ~0.25: a seed that breaks this
    # is a bug in how runs are added, not bad luck.
    curve = coverage_curve(50, points=21, p_range=(0.02, 0.98))
    few = add_datasets(new_coverage_tally(50, curve.p, seed=seed), 100)
    many = add_datasets(few, 9900)
    err = [np.abs(t.coverage("wald") - curve.coverage).mean() for t in (few, many)]
    assert err[1] < err[0]


def test_the_articles_simulation_design_agrees_with_the_exact_average():
    sim = simulate_average_coverage(100, 80_000, seed=1)
    assert abs(sim.share - average_coverage(100)) < 4 * sim.standard_error
    assert sim == simulate_average_coverage(100, 80_000, seed=1)


def test_empty_tally_reads_as_not_yet_known():
    assert np.isnan(new_coverage_tally(10, [0.5], seed=1).coverage()).all()


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: coverage(0.5, 100, method="textbook"), "method must be one of .*'textbook'"),
        (lambda: coverage(0.5, 0), "n must be a whole number of questions ≥ 1, got 0"),
        (lambda: coverage(95, 100), "proportions, not percent"),
        (lambda: average_coverage(100, p_range=(0.9, 0.1)), r"low < high, got \(0.9, 0.1\)"),
        (lambda: average_coverage(100, p_range=0.5), "two true scores"),
        (lambda: coverage_curve(100, points=1), "points must be a whole number"),
        (lambda: new_coverage_tally(5000, np.full(10_000, 0.5)), "p must hold 1 to 3,999"),
        (lambda: simulate_average_coverage(100, 0), "datasets must be a whole number"),
        (lambda: add_datasets(new_coverage_tally(10, [0.5]), -1), "runs must be a whole number"),
    ],
)
def test_plain_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# --------------------------------------------------------------------------- chart


STOPS = (20, 100)  # the thumb's stops in these tests: it sits on 100


def _figure(n: int = 100, methods=("wald", "wilson"), points: int = 51, tally=None):
    """The coverage chart at n, with a thumb over :data:`STOPS` (n one of them)."""
    from benchstats.charts import coverage as chart
    from benchstats.charts.thumb import Thumb

    at = Thumb("coverage", "n", STOPS, STOPS.index(n), tuple(f"{x} questions" for x in STOPS))
    family = chart.coverage_family(
        [[coverage_curve(x, method=m, points=points) for m in methods] for x in STOPS]
    )
    at_p = [{m: coverage(0.5, x, method=m) for m in methods} for x in STOPS]
    frames = chart.coverage_frames(
        [coverage_curve(n, method=m, points=points) for m in methods], tally=tally
    )
    stops = chart.coverage_stops(STOPS, 0.5, at_p, methods)
    return chart.coverage_figure(frames, family, stops, at)


def _tally():
    return add_datasets(new_coverage_tally(100, np.linspace(0, 1, 51), seed=1), 200)


def test_chart_encodings_tooltips_and_data():
    from benchstats.charts import coverage as chart

    spec = _figure(tally=_tally()).picture().to_dict()  # validates against the schema
    nominal, exact, wilson, simulated, said = spec["layer"]  # an exact line per interval
    assert wilson["transform"][0] == {"calculate": "'Wilson'", "as": "interval"}
    assert exact["encoding"]["x"]["title"] == "True score (%)"
    assert exact["encoding"]["y"]["title"] == "Intervals that hold the true score (%)"
    assert exact["encoding"]["y"]["scale"]["domain"] == [chart.Y_FLOOR, 100]
    assert nominal["mark"]["type"] == "rule" and simulated["mark"]["type"] == "point"
    assert said["mark"]["type"] == "text"
    assert nominal["encoding"]["y"]["scale"] == exact["encoding"]["y"]["scale"]  # the floor holds
    for layer in spec["layer"]:
        assert layer["encoding"]["tooltip"]
    assert spec["datasets"]["nominal"] == [{"coverage": 95.0, "label": "Nominal 95%"}]
    # the sawtooth at each stop is its own column: wald1 is n = 100, where the thumb sits
    assert spec["params"] == [{"name": "n_at", "value": 1}]
    family = spec["datasets"]["family"]
    assert family[25]["wald1"] == pytest.approx(100 * coverage(0.5, 100))
    assert family[25]["wald0"] == pytest.approx(100 * coverage(0.5, 20))
    assert exact["transform"][1] == {"calculate": "datum['wald' + n_at]", "as": "coverage"}
    assert len(spec["datasets"]["simulated"]) == 2 * 51
    assert {r["at"] for r in spec["datasets"]["simulated"]} == {1}  # drawn at the link's n only
    said_at = {r["at"]: r["said"] for r in spec["datasets"]["stops"]}
    assert said_at[1] == (
        f"At 100 questions and 50%: Wald holds it {100 * coverage(0.5, 100):.1f}%, "
        f"Wilson {100 * coverage(0.5, 100, method='wilson'):.1f}%"
    )


@pytest.mark.parametrize("methods", [("wald",), ("wald", "wilson"), ("wald", "bayes")])
def test_the_legend_lists_only_the_intervals_drawn_and_cuts_no_label(methods):
    from benchstats.charts import coverage as chart

    figure = _figure(20, methods, points=401)
    colour = figure.spec["layer"][1]["encoding"]["color"]
    assert colour["scale"]["domain"] == [chart.METHOD_NAMES[m] for m in methods]
    assert colour["legend"]["labelLimit"] == 0  # "Bayes (uniform prior)" whole in the room view
    assert figure.spec["layer"][2]["encoding"]["color"]["scale"] == colour["scale"]


def test_the_download_with_its_caption_renders():
    """The download menu wraps the picture with its claim and link (a vconcat)."""
    from benchstats.charts import Caption, captioned, to_svg

    picture = _figure(tally=_tally()).picture()
    svg = to_svg(captioned(picture, Caption("Exact coverage", "Verdict", "link")))
    assert "Exact coverage" in svg and "Wilson" in svg
    assert "At 100 questions and 50%" in svg  # the figure printed for the thumb's n


def test_chart_spec_holds_still_while_n_and_runs_change():
    small = _figure(20)
    large = _figure(100, points=11, tally=_tally())
    strip = lambda s: {k: v for k, v in s.items() if k != "datasets"}  # noqa: E731
    assert strip(small.spec) == strip(large.spec)


def test_chart_refuses_mixed_curves():
    from benchstats.charts import coverage as chart

    curves = [coverage_curve(100, method=m, points=51) for m in ("wald", "wilson")]
    with pytest.raises(ValueError, match="share one n"):
        chart.coverage_frames([curves[0], coverage_curve(20)])


def test_covering_sets_with_gaps_are_summed_term_by_term():
    from benchstats.coverage import _mass

    p = np.array([0.2, 0.5, 0.7])
    holds = np.zeros((3, 11), dtype=bool)
    holds[0, [1, 2, 5]] = True  # a gap: the pmf path
    holds[1, 3:8] = True  # one run: the cdf path
    expected = [
        stats.binom.pmf(np.flatnonzero(h), 10, q).sum() for h, q in zip(holds, p, strict=True)
    ]
    assert _mass(p, 10, holds) == pytest.approx(expected, abs=1e-15)


def test_large_grids_are_computed_in_blocks():
    from benchstats import coverage as module

    p = np.linspace(0.01, 0.99, 7)
    whole, worst = coverage(p, 500), worst_coverage(60, method="wilson")
    cells = module.MAX_CELLS
    try:
        module.MAX_CELLS = 1000  # 1 or 16 rows per block
        blocked, blocked_worst = coverage(p, 500), worst_coverage(60, method="wilson")
    finally:
        module.MAX_CELLS = cells
    assert blocked == pytest.approx(whole, abs=1e-15)
    assert blocked_worst == worst


@pytest.mark.parametrize("method", METHODS)
def test_at_the_edges_only_the_bayes_interval_misses(method):
    expected = 0.0 if method == "bayes" else 1.0
    assert coverage(np.array([0.0, 1.0]), 50, method=method).tolist() == [expected, expected]

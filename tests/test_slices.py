"""benchstats.slices: slice noise, luck across many slices, and the corrections."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from benchstats import unpaired_gap
from benchstats.leaderboard import adjust_p_values
from benchstats.slices import _unpaired_p as unpaired_p
from benchstats.slices import (
    chance_any_significant,
    chance_any_significant_exact,
    compare_slices,
    simulate_scaling_curves,
    simulate_slices,
    slice_noise,
    slice_sizes,
    slice_table,
    slice_test_size,
)


def printed(value: float, shown: float, decimals: int) -> None:
    """``value`` prints as ``shown`` at ``decimals`` places (half a unit either side)."""
    assert abs(value - shown) <= 0.5 * 10.0**-decimals + 1e-9, (value, shown)


# docs/figures.md, "Leaderboards, slices and many comparisons" and "One score and its interval".
FIGURES = [
    pytest.param(lambda: float(np.mean(slice_sizes(198, 4))), 50, 0, id="figure-slices-4x198-size"),
    pytest.param(lambda: 100 * slice_noise(198, 4).se[0], 7.1, 1, id="figure-slices-4x50-se"),
    pytest.param(
        lambda: 100 * slice_noise(198, 4).width[0], 27.7, 1, id="figure-slices-4x50-width"
    ),
    pytest.param(lambda: 100 * slice_noise(198, 4).width[0], 28, 0, id="figure-slices-almost-28"),
    pytest.param(lambda: 100 * chance_any_significant(10), 40.1, 1, id="figure-slices-10-at-5pct"),
    pytest.param(lambda: 100 * chance_any_significant(12), 46.0, 1, id="figure-slices-12-at-5pct"),
]


@pytest.mark.parametrize("value, shown, decimals", FIGURES)
def test_figures(value, shown, decimals):
    printed(value(), shown, decimals)


def test_slice_sizes_split_as_evenly_as_whole_questions_allow():
    assert slice_sizes(198, 4).tolist() == [50, 50, 49, 49]
    assert slice_sizes(12, 12).tolist() == [1] * 12
    assert slice_noise(sizes=[10, 40]).se.tolist() == pytest.approx(
        [np.sqrt(0.25 / 10), np.sqrt(0.25 / 40)]
    )
    assert slice_noise(198, 4).gap_se[0] == pytest.approx(np.sqrt(2 * 0.25 / 50))
    own = slice_noise(sizes=[50, 40], p=[0.9, 0.5])
    assert own.se.tolist() == pytest.approx([np.sqrt(0.09 / 50), np.sqrt(0.25 / 40)])
    with pytest.raises(ValueError, match="one score or one per slice"):
        slice_noise(sizes=[50, 40], p=[0.9, 0.5, 0.1])


# --------------------------------------------------------------------------- properties


@settings(max_examples=50, deadline=None)
@given(s=st.integers(1, 100), alpha=st.floats(0.001, 0.2))
def test_chance_of_a_false_slice_grows_with_slices(s, alpha):
    now, more = chance_any_significant(s, alpha=alpha), chance_any_significant(s + 1, alpha=alpha)
    assert alpha - 1e-12 <= now < more <= 1.0
    assert now == pytest.approx(1 - (1 - alpha) ** s, rel=1e-12)


def test_vectorised_in_slices():
    got = chance_any_significant(np.arange(1, 13))
    assert isinstance(got, np.ndarray) and got.shape == (12,)
    assert isinstance(chance_any_significant(3), float)


# --------------------------------------------------------------------------- exact test size


def brute_force_size(m: int, p: float, alpha: float) -> float:
    """Every pair of counts, graded by unpaired_gap itself, weighted by its probability."""
    total = 0.0
    for x in range(m + 1):
        for y in range(m + 1):
            if unpaired_gap(x / m, y / m, m).p_value < alpha:
                total += stats.binom.pmf(x, m, p) * stats.binom.pmf(y, m, p)
    return total


@pytest.mark.parametrize("m, p", [(1, 0.5), (7, 0.5), (20, 0.9), (31, 0.3)])
def test_exact_size_equals_the_plain_loop_over_unpaired_gap(m, p):
    assert slice_test_size(m, p=p) == pytest.approx(brute_force_size(m, p, 0.05), abs=1e-12)


def test_vectorised_p_is_unpaired_gaps_p_on_every_cell():
    m = 12
    x, y = np.meshgrid(np.arange(m + 1), np.arange(m + 1), indexing="ij")
    expected = [[unpaired_gap(i / m, j / m, m).p_value for j in range(m + 1)] for i in range(m + 1)]
    assert unpaired_p(x, y, m) == pytest.approx(np.array(expected), abs=1e-15)


def test_exact_any_matches_the_product_and_large_slices_approach_the_formula():
    sizes = [50, 50, 49, 49]
    each = [slice_test_size(m) for m in sizes]
    assert chance_any_significant_exact(sizes) == pytest.approx(1 - np.prod(1 - np.array(each)))
    # On large slices the normal test has size close to α, so 1 − (1 − α)^S holds
    # (within the lattice's wobble: a slice of 5,000 at 50% has size 5.12%).
    assert chance_any_significant_exact([5000] * 12) == pytest.approx(
        chance_any_significant(12), abs=0.01
    )


# --------------------------------------------------------------------------- simulation


def test_simulation_is_reproducible_and_extends_by_prefix():
    few = simulate_slices([30, 20, 20], 300, seed=5)
    many = simulate_slices([30, 20, 20], 800, seed=5)
    np.testing.assert_array_equal(few.right_a, many.right_a[:300])
    np.testing.assert_array_equal(few.right_b, many.right_b[:300])
    assert not np.array_equal(few.right_a, simulate_slices([30, 20, 20], 300, seed=6).right_a)


def test_simulation_agrees_with_the_exact_chance_and_corrections_take_it_back():
    sizes = slice_sizes(600, 12)
    sim = simulate_slices(sizes, 4000, seed=2)
    exact = chance_any_significant_exact(sizes)
    se = np.sqrt(exact * (1 - exact) / sim.runs)
    assert abs(sim.share_any("none") - exact) < 4 * se
    # Holm holds the family-wise error near α; BH, with every null true, does too.
    assert sim.share_any("holm") < 0.08 and sim.share_any("bh") < 0.08
    assert (sim.flagged["holm"].sum(axis=1) <= sim.flagged["none"].sum(axis=1)).all()
    assert (sim.flagged["holm"] <= sim.flagged["bh"]).all()  # BH never takes back more


def test_simulated_p_values_are_unpaired_gaps():
    sim = simulate_slices([9, 14], 5, seed=1)
    for r in range(5):
        for s, m in enumerate((9, 14)):
            g = unpaired_gap(sim.right_a[r, s] / m, sim.right_b[r, s] / m, m)
            assert sim.p_values[r, s] == pytest.approx(g.p_value, abs=1e-15)


@pytest.mark.parametrize("correction", ["holm", "bh"])
def test_simulated_corrections_are_adjust_p_values_row_by_row(correction):
    sim = simulate_slices([5, 9, 14, 30, 3], 400, seed=4)
    rows = np.array([adjust_p_values(row, correction) for row in sim.p_values])
    np.testing.assert_array_equal(sim.flagged[correction], rows < 0.05)
    assert sim.flagged[correction].any()  # the check is not vacuous


# --------------------------------------------------------------------------- a reader's table


def test_scores_table_is_graded_unpaired_and_corrected():
    t = slice_table(["a", "b", "c"], [50, 50, 50], [0.8, 0.62, 0.5], [0.6, 0.6, 0.52])
    res = compare_slices(t, correction="holm")
    assert res.p_value[0] == pytest.approx(unpaired_gap(0.8, 0.6, 50).p_value)
    assert res.flagged.tolist() == [True, False, False]
    assert res.survives.tolist() == [False, False, False]
    assert compare_slices(t, correction="none").survives.tolist() == [True, False, False]


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: slice_sizes(3, 4), "slices must be at most n .* got 4 slices of 3"),
        (lambda: slice_sizes(198, 0), "slices must be a whole number of slices ≥ 1, got 0"),
        (lambda: slice_noise(198), "give n and slices"),
        (lambda: slice_noise(198, 4, sizes=[50]), "not both"),
        (lambda: chance_any_significant(12, alpha=5), "alpha must be between 0 and 1"),
        (lambda: simulate_slices([10], 1, p=50), "proportions, not percent"),
        (lambda: simulate_slices([10], 10**6), "runs must be at most 100,000"),
        (
            lambda: compare_slices(slice_table(["a"], [5], [0.2], [0.4]), correction="bonferroni"),
            "method must be one of .*'bonferroni'",
        ),
        (lambda: slice_table(["a", "b"], [5], [0.2], [0.4]), "one value per slice, got 2, 1"),
        (
            lambda: slice_table(["a", "a"], [5, 5], [0.2, 0.2], [0.4, 0.4]),
            "slice names must differ",
        ),
    ],
)
def test_plain_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# --------------------------------------------------------------------------- charts


@pytest.mark.parametrize("correction", ["holm", "bh"])
def test_a_graded_run_is_the_simulations_own_verdict(correction):
    sim = simulate_slices([50, 50, 49, 20], 300, seed=3)
    for run in range(sim.runs):
        graded = sim.graded(run, correction)
        assert graded.p_value == pytest.approx(sim.p_values[run], abs=1e-15)
        assert graded.flagged.tolist() == sim.flagged["none"][run].tolist()
        assert graded.survives.tolist() == sim.flagged[correction][run].tolist()
    assert sim.shown_run() == int(np.flatnonzero(sim.flagged["none"].any(axis=1))[-1])
    with pytest.raises(ValueError, match="run must be 0 … 299"):
        sim.graded(300)


def test_slice_chart_from_a_simulated_run():
    from benchstats.charts import slices as chart

    sim = simulate_slices([50] * 12, 200, seed=1)
    run = int(np.flatnonzero(sim.flagged["none"].any(axis=1))[0])  # a run with a false alarm
    width = float(slice_noise(600, 12).gap_width.max())
    fig = chart.slices_figure(sim.graded(run), extent=width)
    assert (fig.table["status"] != chart.QUIET).sum() == sim.flagged["none"][run].sum()
    zero, bars, dots = fig.spec["layer"]
    assert dots["encoding"]["x"]["title"] == "Lead of A over B on the slice (points)"
    assert dots["encoding"]["x"]["scale"]["domain"] == [-50.0, 50.0]
    assert bars["encoding"]["x2"]["field"] == "high"
    assert dots["encoding"]["color"]["scale"]["domain"] == list(chart.STATUSES)
    assert all(layer["encoding"]["tooltip"] for layer in fig.spec["layer"])
    assert len(fig.spec["datasets"]["slices"]) == 12
    other = chart.slices_figure(sim.graded(run + 1, "bh"), extent=width)
    assert {**other.spec, "datasets": None} == {**fig.spec, "datasets": None}  # patched in place
    assert fig.picture().to_dict()["layer"][2]["encoding"] == dots["encoding"]


def test_slice_chart_from_a_readers_table_and_the_any_chart():
    from benchstats.charts import slices as chart

    res = compare_slices(slice_table(["a", "b"], [50, 50], [0.8, 0.6], [0.6, 0.6]))
    frame = chart.slice_frame(res)
    assert frame["status"].tolist() == [chart.TAKEN_BACK, chart.QUIET]  # Holm: p 0.031 × 2
    fig = chart.any_significant_figure(chart.any_significant_frame(12), here=(12, 0.505))
    line, diamond = fig.spec["layer"]
    assert line["encoding"]["y"]["title"] == "Chance at least one looks significant (%)"
    assert fig.spec["datasets"]["chance"][11]["chance"] == pytest.approx(
        100 * chance_any_significant(12)
    )
    assert diamond["mark"]["shape"] == "diamond" and "46.0% at 12" in fig.alt_text


# --------------------------------------------------------------------------- shared items


def test_shared_items_look_smoother_without_being_more_accurate():
    p = np.linspace(0.3, 0.6, 8)
    wiggles, errors = [], []
    for seed in range(30):
        c = simulate_scaling_curves(p, 200, seed=seed)
        wiggles.append(c.wiggle)
        errors.append([np.mean((c.shared - p) ** 2), np.mean((c.independent - p) ** 2)])
    wiggles, errors = np.array(wiggles), np.array(errors)
    assert wiggles[:, 0].mean() < 0.6 * wiggles[:, 1].mean()  # smoother
    se = np.sqrt(p * (1 - p) / 200)
    # each point is still Binomial(200, p): mean squared error ≈ p(1 − p)/200 both ways
    for col in (0, 1):
        assert errors[:, col].mean() == pytest.approx(np.mean(se**2), rel=0.35)


def test_scaling_curves_are_seeded_and_checked():
    a = simulate_scaling_curves([0.2, 0.4], 50, seed=3)
    b = simulate_scaling_curves([0.2, 0.4], 50, seed=3)
    assert (
        a.shared.tolist() == b.shared.tolist() and a.independent.tolist() == b.independent.tolist()
    )
    one = simulate_scaling_curves([0.2, 0.4, 0.6], 100, item_correlation=1.0, seed=1)
    assert (np.diff(one.shared) >= 0).all()  # fully shared difficulty: never out of order
    with pytest.raises(ValueError, match="at least 2 points"):
        simulate_scaling_curves([0.5], 50)


def test_scaling_chart_shows_three_curves():
    from benchstats.charts import slices as chart

    curves = simulate_scaling_curves([0.3, 0.4, 0.5], 100, seed=1)
    fig = chart.scaling_figure(curves)
    assert fig.spec["encoding"]["y"]["title"] == "Benchmark score (%)"
    assert fig.spec["encoding"]["color"]["scale"]["domain"] == [
        chart.TRUE,
        chart.SHARED,
        chart.FRESH,
    ]
    assert fig.spec["encoding"]["tooltip"]
    rows = fig.table[fig.table["measured"] == chart.SHARED]["score"].tolist()
    assert rows == pytest.approx((curves.shared * 100).tolist())


@pytest.mark.parametrize(("level", "z"), [(0.95, "1.96"), (0.9, "1.64"), (0.99, "2.58")])
def test_the_width_tile_names_the_multiplier_of_its_level(level, z):
    # The help under "Width of one slice's interval" states the z of the level the width used.
    from benchstats.prose.slices import key_numbers
    from benchstats.slices import SliceLuck

    luck = SliceLuck(
        slice_noise(198, 4, confidence_level=level), 0.05, 0.2048, 0.1855, (0.0569,) * 2
    )
    (width,) = [k.help for k in key_numbers(luck) if k.label.startswith("Width")]
    assert width.startswith(f"2 × {z} × the SE")
    noise = luck.noise
    assert noise.width == pytest.approx(2 * stats.norm.ppf(0.5 + level / 2) * noise.se)

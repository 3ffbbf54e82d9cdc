"""The Luck simulator's chart, tested without a browser (``chart.to_dict()``)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchstats.charts.luck import (
    BEYOND,
    CLOSER,
    COLUMNS,
    EXACT,
    LEAD_MARKER,
    gap_bins,
    gap_histogram,
    marker_frame,
)
from benchstats.distribution import GapDistribution
from benchstats.luck import gap_distribution
from benchstats.tally import GapSampler, add_runs, new_tally


def frame(p: float = 0.8, n: int = 100, runs: int = 1000, lead_q: int = 4, window=None, **kw):
    dist = GapDistribution.from_support(*gap_distribution(p, n))
    tally = add_runs(new_tally(n, seed=1), GapSampler.binomial(p, n), runs)
    lo, hi = window or dist.window(5e-5)
    if window is None and tally.observed is not None:  # as the page does: every run shows
        lo, hi = min(lo, tally.observed[0]), max(hi, tally.observed[1])
    return gap_bins(n, lo, dist.probs_for(lo, hi), tally.counts_for(lo, hi), lead_q, **kw), tally


def chart_of(bins: pd.DataFrame, **kw) -> dict:
    args = dict(band=(-11.5, 11.5), x_domain=(-22.5, 22.5), y_max=10.0) | kw
    return gap_histogram(bins, marker_frame(4.0), **args).to_dict()


# --------------------------------------------------------------------------- bins


def test_one_bar_per_gap_on_100_questions():
    bins, tally = frame()
    assert list(bins.columns) == COLUMNS
    assert (bins["to_pts"] - bins["from_pts"]).round(9).eq(1.0).all()  # one question = 1 point
    assert 0.0 in set(bins["mid_pts"])
    for row in bins.itertuples():
        k = round(row.mid_pts)  # 1 point = 1 question here
        runs = int(tally.counts_for(k, k)[0])
        assert row.runs_closer + row.runs_beyond == runs
        assert (row.runs_beyond > 0) <= (abs(k) >= 4)
        assert (row.runs_closer > 0) <= (abs(k) < 4)
    assert bins[["runs_closer", "runs_beyond"]].to_numpy().sum() == tally.runs
    assert bins["pct_closer"].sum() + bins["pct_beyond"].sum() == pytest.approx(100)
    assert bins["pct_beyond"].sum() == pytest.approx(100 * tally.share_at_least(0.04))


def test_large_n_is_binned_into_few_bars_that_keep_every_run():
    bins, tally = frame(n=10_000, runs=100_000, lead_q=100)
    assert len(bins) <= 130  # not the ~900 gaps of the window, never 100,000 runs
    width = (bins["to_pts"] - bins["from_pts"]).round(9).unique()
    assert len(width) == 1
    questions = round(width[0] * 10_000 / 100)
    assert questions % 2 == 1  # odd: one bar sits centred on 0
    assert 0.0 in set(bins["mid_pts"].round(9))
    np.testing.assert_allclose(bins["to_pts"].to_numpy()[:-1], bins["from_pts"].to_numpy()[1:])
    assert bins[["runs_closer", "runs_beyond"]].to_numpy().sum() == tally.runs
    assert bins["pct_beyond"].sum() == pytest.approx(100 * tally.share_at_least(0.01))
    assert bins["exact_pct"].sum() == pytest.approx(100, abs=0.01)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(1, 2000),
    lo=st.integers(-300, 50),
    size=st.integers(1, 600),
    threshold=st.integers(0, 400),
    two_sided=st.booleans(),
    max_bars=st.integers(5, 150),
    seed=st.integers(0, 1000),
)
def test_every_gap_lands_in_exactly_one_bar(n, lo, size, threshold, two_sided, max_bars, seed):
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 50, size)
    exact = rng.random(size)
    bins = gap_bins(
        n, lo, exact, counts, threshold, two_sided=two_sided, max_bars=max_bars, reference=exact
    )
    assert len(bins) <= max_bars + 2  # a partial bar at each end at most
    k = lo + np.arange(size)
    for row in bins.itertuples():
        inside = (k * 100 / n > row.from_pts) & (k * 100 / n < row.to_pts)
        beyond = np.abs(k) >= threshold if two_sided else k >= threshold
        assert row.runs_beyond == counts[inside & beyond].sum()
        assert row.runs_closer == counts[inside & ~beyond].sum()
        assert row.exact_pct == pytest.approx(100 * exact[inside].sum())
        assert row.reference_pct == pytest.approx(row.exact_pct)
    assert bins[["runs_closer", "runs_beyond"]].to_numpy().sum() == counts.sum()


def test_no_runs_gives_zero_shares_not_nan():
    bins, _ = frame(runs=0)
    assert bins[["pct_closer", "pct_beyond"]].to_numpy().sum() == 0
    assert not bins[["pct_closer", "pct_beyond", "exact_pct"]].isna().any().any()
    assert bins["reference_pct"].isna().all()  # no comparison line asked for


def test_bad_bins():
    with pytest.raises(ValueError, match="one length"):
        gap_bins(10, 0, np.ones(3), np.ones(4, dtype=int), 1)


def test_markers():
    two = marker_frame(4.0)
    assert sorted(two["pts"]) == [-4.0, 4.0]
    one = marker_frame(4.0, two_sided=False, extra={"Median best-of-20 lead": 7.0})
    assert list(one["pts"]) == [4.0, 7.0]
    assert list(one["what"]) == [LEAD_MARKER, "Median best-of-20 lead"]
    assert list(marker_frame(0.0)["pts"]) == [0.0]


# --------------------------------------------------------------------------- the chart


def walk(spec: dict):
    """Every layer of a layered spec."""
    yield from spec.get("layer", [])


def test_chart_encodings_carry_the_meaning():
    bins, _ = frame()
    spec = chart_of(bins)
    layers = list(walk(spec))
    marks = [
        layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]
        for layer in layers
    ]
    assert marks.count("bar") == 1 and marks.count("line") == 1 and "rect" in marks
    assert marks.count("rule") == 2  # the lead (±d) and the zero rule
    bar = layers[marks.index("bar")]["encoding"]
    assert bar["x"]["field"] == "from_pts" and bar["x2"]["field"] == "to_pts"
    assert bar["y"]["title"] == "Share of runs (%)"
    assert bar["x"]["axis"]["title"].endswith("(points)")
    assert bar["x"]["scale"]["domain"] == [-22.5, 22.5]
    assert bar["y"]["scale"]["domain"] == [0, 10.0]
    assert bar["color"]["scale"]["domain"] == [CLOSER, BEYOND, EXACT]
    for layer in layers:  # a tooltip on every mark
        assert "tooltip" in layer["encoding"], layer["mark"]
    zero = [layer for layer in layers if layer["encoding"].get("x", {}).get("field") == "zero"]
    assert len(zero) == 1
    assert spec["autosize"]["type"] == "fit-x"
    assert spec["config"]["legend"]["orient"] == "bottom"


def test_no_stroke_dash_encoding_anywhere():
    """A strokeDash encoding with its legend off drops the whole legend in Streamlit."""
    bins, _ = frame(reference=np.zeros(45))
    for layer in walk(chart_of(bins)):
        assert "strokeDash" not in layer["encoding"]


def test_reference_line_only_when_given():
    bins, _ = frame()
    assert sum(1 for x in walk(chart_of(bins)) if x["mark"]["type"] == "line") == 1
    dist = GapDistribution.from_support(*gap_distribution(0.8, 100))
    with_ref, _ = frame(reference=dist.probs_for(-28, 28), window=(-28, 28))
    spec = chart_of(with_ref, reference_label="Independent questions")
    lines = [x for x in walk(spec) if x["mark"]["type"] == "line"]
    assert len(lines) == 2
    assert lines[0]["mark"]["strokeDash"] == [6, 4]
    assert lines[0]["encoding"]["color"]["scale"]["domain"][-1] == "Independent questions"


def test_spec_holds_still_while_runs_are_added():
    """Only the data changes between 1,000 and 5,000 runs: the browser patches, not redraws."""

    def shape(spec: dict) -> dict:
        spec = dict(spec)
        spec.pop("datasets", None)
        spec["layer"] = [{k: v for k, v in layer.items() if k != "data"} for layer in spec["layer"]]
        return spec

    window = (-22, 22)
    a, _ = frame(runs=1000, window=window)
    b, _ = frame(runs=5000, window=window)
    assert shape(chart_of(a)) == shape(chart_of(b))


def test_chart_renders_to_png():
    from benchstats.charts import to_png

    bins, _ = frame()
    png = to_png(
        gap_histogram(bins, marker_frame(4.0), band=None, x_domain=(-22.5, 22.5), y_max=10)
    )
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_named_spec_matches_the_full_chart():
    """The page's cached spec + named data sets draws what gap_histogram draws."""
    from benchstats.charts.luck import histogram_datasets, histogram_spec

    bins, _ = frame(window=(-22, 22))
    markers = marker_frame(4.0, two_sided=False, extra={"Median": 7.0})
    full = gap_histogram(
        bins, markers, band=(-11.5, 11.5), x_domain=(-22.5, 22.5), y_max=10
    ).to_dict()
    named = histogram_spec(x_domain=(-22.5, 22.5), y_max=10, has_marks=True)

    def strip(spec: dict) -> list[dict]:
        return [{k: v for k, v in layer.items() if k != "data"} for layer in spec["layer"]]

    assert strip(named) == strip(full)
    assert [layer.get("data", {}).get("name") for layer in named["layer"]][:2] == ["band", "bins"]
    data = histogram_datasets(bins, markers, (-11.5, 11.5))
    assert set(data) == {"bins", "band", "lead", "marks"}
    assert list(data["lead"]["pts"]) == [4.0] and list(data["marks"]["pts"]) == [7.0]
    assert len(histogram_datasets(bins, markers, None)["band"]) == 0


def test_named_spec_renders_with_its_data():
    import vl_convert

    from benchstats.charts.luck import histogram_datasets, histogram_spec

    bins, _ = frame(window=(-22, 22))
    spec = histogram_spec(x_domain=(-22.5, 22.5), y_max=10)
    spec["datasets"] = {
        k: df.to_dict(orient="records")
        for k, df in histogram_datasets(bins, marker_frame(4.0), (-11.5, 11.5)).items()
    }
    svg = vl_convert.vegalite_to_svg(spec)
    assert "Share of runs (%)" in svg and "At least the lead" in svg


def test_with_data_fills_the_named_spec():
    from benchstats.charts.luck import histogram_spec, with_data

    bins, _ = frame(window=(-22, 22))
    spec = histogram_spec(x_domain=(-25, 25), y_max=10, has_marks=True)
    markers = marker_frame(4.0, two_sided=False, extra={"Median": 7.0})
    full = with_data(spec, bins, markers, (-11.5, 11.5))
    data = full["datasets"]
    assert data["bins"] is bins
    assert data["band"].to_dict(orient="records") == [
        {"low": -11.5, "high": 11.5, "what": "95% of runs"}
    ]
    assert data["lead"].to_dict(orient="records") == [{"pts": 4.0, "what": LEAD_MARKER}]
    assert data["marks"].to_dict(orient="records") == [{"pts": 7.0, "what": "Median"}]
    assert full["layer"] == spec["layer"]  # the spec itself is untouched: data only
    assert "datasets" not in spec
    assert len(with_data(spec, bins, marker_frame(4.0), None)["datasets"]["band"]) == 0


# --------------------------------------------------------------------------- axes and the figure


def test_nice_ceiling():
    from benchstats.charts.luck_axes import Y_ENDS, nice_ceiling

    assert [nice_ceiling(x) for x in (0.9, 1, 1.01, 11.5, 25.5, 81, 0.031)] == [
        1.0,
        1.0,
        1.5,
        15.0,
        30.0,
        100.0,
        0.04,
    ]
    assert nice_ceiling(9.17, Y_ENDS) == 10.0 and nice_ceiling(-3) == 1.0


def test_chart_range_covers_the_distribution_the_runs_and_the_lead():
    from benchstats.charts.luck_axes import chart_range

    dist = GapDistribution.from_support(*gap_distribution(0.8, 100))
    lo, hi, (low, high) = chart_range(dist, lead_questions=4)
    assert (lo, hi, low, high) == (-25, 25, -25.0, 25.0)  # symmetric, round ends
    w_lo, w_hi = dist.window(2e-4)
    assert lo <= w_lo and hi >= w_hi
    # a run far out, and a lead near the edge, widen it; a far-away lead does not
    assert chart_range(dist, lead_questions=4, observed=(-31, 2))[0] <= -31
    assert chart_range(dist, lead_questions=24)[1] >= 25
    assert chart_range(dist, lead_questions=90)[1] == 25
    # one-sided (best of K): ends on a round step, 0 inside
    lo, hi, (low, high) = chart_range(dist, lead_questions=4, two_sided=False)
    assert low < 0 < high and lo <= w_lo and hi >= w_hi
    # one question: never past ±100 points (and a half bar)
    tiny = GapDistribution.from_support(*gap_distribution(0.5, 1))
    lo, hi, (low, high) = chart_range(tiny, lead_questions=1)
    assert (lo, hi) == (-1, 1) and low >= -150 and high <= 150


@settings(max_examples=60, deadline=None)
@given(runs=st.integers(0, 300), p=st.floats(0.05, 0.95), n=st.integers(1, 400))
def test_every_bar_stays_inside_the_axis(runs, p, n):
    from benchstats.charts.luck_axes import HEADROOM, y_top

    bins, _ = frame(p=p, n=n, runs=runs, lead_q=1)
    top = y_top(bins)
    assert (bins["pct_closer"] + bins["pct_beyond"]).max() <= top <= 100
    assert top >= min(100, HEADROOM * bins["exact_pct"].max())


def test_one_run_makes_the_axis_grow_and_many_let_it_settle():
    from benchstats.charts.luck_axes import y_top

    assert y_top(frame(runs=1)[0]) == 100
    assert y_top(frame(runs=5000)[0]) == 10  # 1.3 × 7.05% → 10%


def test_band_points_are_whole_question_edges():
    from benchstats.charts.luck_axes import band_points
    from benchstats.tally import scenario, simulate

    assert band_points(simulate(scenario("independent", 0.8, 100), 0.04, 0)) == (-11.5, 11.5)
    best = simulate(scenario("best-of-k", 0.8, 100, k=20), 0.04, 0)
    low, high = band_points(best)
    assert low == pytest.approx(best.best.low * 100 - 0.5)
    assert high == pytest.approx(best.best.high * 100 + 0.5)


def test_luck_figure_is_one_figure_with_its_data():
    from benchstats.charts import Figure
    from benchstats.charts.luck import luck_figure
    from benchstats.tally import scenario, simulate

    sim = simulate(scenario("independent", 0.8, 100), 0.04, 1000, seed=1)
    fig = luck_figure(sim, alt_text="A histogram.")
    assert isinstance(fig, Figure) and fig.alt_text == "A histogram."
    assert set(fig.spec["datasets"]) == {"bins", "band", "lead", "marks"}
    assert int(fig.table[["runs_closer", "runs_beyond"]].to_numpy().sum()) == 1000
    assert fig.picture().to_dict()["layer"]  # the full chart, for a download
    again = luck_figure(simulate(sim.scenario, 0.04, 3000, seed=1))
    assert {k: v for k, v in again.spec.items() if k != "datasets"} == {
        k: v for k, v in fig.spec.items() if k != "datasets"
    }  # only the data changes while runs are added

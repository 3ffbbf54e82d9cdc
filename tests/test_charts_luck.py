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
    HEADROOM,
    LEAD_MARKER,
    Y_ENDS,
    band_points,
    chart_range,
    datasets,
    gap_bins,
    luck_family,
    luck_figure,
    nice_ceiling,
    y_top,
)
from benchstats.charts.thumb import Thumb
from benchstats.gap_ladder import gaps_over
from benchstats.luck import binomial_gap
from benchstats.tally import GapSampler, add_runs, new_tally, scenario, simulate


def frame(p: float = 0.8, n: int = 100, runs: int = 1000, lead_q: int = 4, window=None, **kw):
    dist = binomial_gap(p, n)
    tally = add_runs(new_tally(n, seed=1), GapSampler.binomial(p, n), runs)
    lo, hi = window or dist.window(5e-5)
    if window is None and tally.observed is not None:  # as the page does: every run shows
        lo, hi = min(lo, tally.observed[0]), max(hi, tally.observed[1])
    return gap_bins(n, lo, dist.probs_for(lo, hi), tally.counts_for(lo, hi), lead_q, **kw), tally


def sim_of(mode: str = "independent", p: float = 0.8, n: int = 100, lead: float = 0.04, runs=1000):
    kw = {"same-questions": {"spread": 0.5, "question_seed": [1, 1]}, "best-of-k": {"k": 20}}
    return simulate(scenario(mode, p, n, **kw.get(mode, {})), lead, runs, seed=1)


def figure_of(sim, alt_text: str = ""):
    """The page's figure of ``sim``: its n one stop of a thumb over a few counts."""
    ns = tuple(sorted({10, 100, 2000, sim.n}))
    k = sim.best.k if sim.best else 1
    ladder = gaps_over(sim.mode, sim.p, ns, spread=sim.spread or 0.0, k=k, question_seed=[1, 1])
    at = Thumb("luck", "n", ns, ns.index(sim.n), tuple(f"{n} questions" for n in ns))
    return luck_figure(sim, *luck_family(ladder, sim.lead, k), at, alt_text=alt_text)


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


def test_markers_stay_on_the_axis():
    data = datasets(sim_of())
    assert sorted(data["lead"]["pts"]) == [-4.0, 4.0]
    assert set(data["lead"]["what"]) == {LEAD_MARKER} and len(data["marks"]) == 0
    best = datasets(sim_of("best-of-k"))
    assert list(best["lead"]["pts"]) == [4.0]
    assert list(best["marks"]["what"]) == ["Median best-of-20 lead"]
    assert list(best["marks"]["pts"]) == pytest.approx([7.0])
    assert list(datasets(sim_of(lead=0.0))["lead"]["pts"]) == [0.0]
    assert len(datasets(sim_of(lead=0.9))["lead"]) == 0  # 90 points: off the ±25-point axis


# --------------------------------------------------------------------------- the chart


MODES = ["independent", "same-questions", "best-of-k"]


def test_chart_encodings_carry_the_meaning():
    spec = figure_of(sim_of()).spec
    layers = spec["layer"]
    marks = [layer["mark"]["type"] for layer in layers]
    assert marks.count("bar") == 1 and marks.count("line") == 1 and "rect" in marks
    assert marks.count("rule") == 2  # the lead (±d) and the zero rule
    assert marks[-1] == "text"  # the figure printed for the thumb's n
    bar = layers[marks.index("bar")]["encoding"]
    assert bar["x"]["field"] == "from_pts" and bar["x2"]["field"] == "to_pts"
    assert bar["y"]["title"] == "Share of runs (%)"
    assert bar["color"]["scale"]["domain"] == [CLOSER, BEYOND, EXACT]
    corners = layers[0]
    assert corners["data"]["name"] == "stops" and corners["mark"]["opacity"] == 0
    assert corners["encoding"]["x"]["axis"]["title"].endswith("(points)")
    for layer in layers[1:]:  # a tooltip on every visible mark
        assert "tooltip" in layer["encoding"], layer["mark"]
        assert "strokeDash" not in layer["encoding"]  # it would drop the legend in Streamlit
    zero = [layer for layer in layers if layer["encoding"].get("x", {}).get("field") == "zero"]
    assert len(zero) == 1
    assert spec["autosize"]["type"] == "fit-x"
    assert spec["config"]["legend"]["orient"] == "bottom"
    assert spec["params"] == [
        {"name": "n_at", "bind": {"element": "body", "event": "thumb-luck-n-moved"}}
    ]


@pytest.mark.parametrize("mode", MODES)
def test_the_thumbs_own_stop_is_drawn_as_the_server_draws_it(mode):
    """At the link's n the exact line is the bars' own exact chance, and the axes hold the runs:
    a stop drawn from the ladder alone could bin differently when runs stray wide."""
    sim = sim_of(mode, runs=3)
    fig = figure_of(sim)
    i = [10, 100, 2000].index(100)
    family, stops = (fig.spec["datasets"][k] for k in ("family", "stops"))
    exact = pd.DataFrame(family)[f"exact{i}"].dropna()
    assert list(exact) == pytest.approx(list(fig.table["exact_pct"]))
    data = datasets(sim)
    row = next(r for r in stops if r["at"] == i)
    assert (row["x_low"], row["x_high"]) == tuple(data["corners"]["x"])
    assert row["y_top"] == data["corners"]["y"][1]
    assert {r["at"] for r in fig.spec["datasets"]["bins"]} == {i}


def test_every_other_stop_is_drawn_from_its_exact_distribution():
    fig = figure_of(sim_of(n=100))
    stops = {r["n"]: r for r in fig.spec["datasets"]["stops"]}
    band = binomial_gap(0.8, 2000).half_width()
    assert stops[2000]["said"].endswith(f"95% within ±{100 * band:.1f}")
    h = round(band * 2000)
    assert stops[2000]["band_low"] == pytest.approx((-h - 0.5) * 100 / 2000)
    assert stops[10]["said"].startswith("10 questions\n≥ 4.0 points apart: ")


@pytest.mark.parametrize("mode", MODES)
def test_the_axes_hold_every_data_set(mode):
    """The scales take their domains from the data: the corners must hold everything else."""
    for sim in (sim_of(mode), sim_of(mode, runs=1), sim_of(mode, p=0.5, n=2000, lead=0.5)):
        data = datasets(sim)
        (x_lo, x_hi), (y_lo, y_hi) = data["corners"]["x"], data["corners"]["y"]
        bins = data["bins"]
        assert x_lo <= bins["from_pts"].min() and bins["to_pts"].max() <= x_hi
        assert (bins["pct_closer"] + bins["pct_beyond"]).max() <= y_hi <= 100 and y_lo == 0
        assert bins[["exact_pct", "reference_pct"]].max().max() <= y_hi
        assert x_lo <= data["band"]["low"][0] and data["band"]["high"][0] <= x_hi
        for name in ("lead", "marks"):
            assert data[name]["pts"].between(x_lo, x_hi).all()


def test_reference_line_only_in_the_comparison_modes():
    lines = {
        mode: [x for x in figure_of(sim_of(mode)).spec["layer"] if x["mark"]["type"] == "line"]
        for mode in MODES
    }
    assert len(lines["independent"]) == 1
    same = lines["same-questions"]
    assert len(same) == 2 and same[0]["mark"]["strokeDash"] == [6, 4]
    assert same[0]["encoding"]["color"]["scale"]["domain"][-1] == "Independent questions"
    assert lines["best-of-k"][0]["encoding"]["color"]["scale"]["domain"][-1] == ("One variant")
    assert datasets(sim_of())["bins"]["reference_pct"].isna().all()


@pytest.mark.parametrize("mode", MODES)
def test_the_spec_depends_on_the_mode_only(mode):
    """Runs, skill, questions and lead change the data sets, never the spec (issue 29 drags)."""

    def shape(figure) -> dict:
        return {k: v for k, v in figure.spec.items() if k != "datasets"}

    first = shape(figure_of(sim_of(mode)))
    for other in (
        sim_of(mode, runs=5000),
        sim_of(mode, runs=1),
        sim_of(mode, p=0.55),
        sim_of(mode, n=2000),
        sim_of(mode, n=7, lead=0.3),
    ):
        assert shape(figure_of(other)) == first


def test_the_downloaded_picture_draws_the_page_spec():
    import vl_convert

    fig = figure_of(sim_of("best-of-k"), alt_text="A histogram.")
    assert fig.alt_text == "A histogram." and fig.name == "luck-simulator"
    assert int(fig.table[["runs_closer", "runs_beyond"]].to_numpy().sum()) == 1000
    picture = fig.picture().to_dict()
    assert [x["mark"] for x in picture["layer"]] == [x["mark"] for x in fig.spec["layer"]]
    assert picture["params"] == [{"name": "n_at", "value": 1}]  # the thumb's n, 100
    svg = vl_convert.vegalite_to_svg(picture)
    assert "Share of runs (%)" in svg and "At least the lead" in svg
    assert "100 questions, best of 20" in svg  # the figure printed is the chosen n's


@pytest.mark.parametrize("mode", MODES)
def test_the_download_with_its_caption_renders(mode):
    """The download menu wraps the picture with its claim and link (a vconcat)."""
    from benchstats.charts import Caption, captioned, to_png

    picture = captioned(figure_of(sim_of(mode)).picture(), Caption("Title", "Verdict", "link"))
    assert to_png(picture, scale=1)[:8] == b"\x89PNG\r\n\x1a\n"


# --------------------------------------------------------------------------- axes and the figure


def test_nice_ceiling():
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
    dist = binomial_gap(0.8, 100)
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
    tiny = binomial_gap(0.5, 1)
    lo, hi, (low, high) = chart_range(tiny, lead_questions=1)
    assert (lo, hi) == (-1, 1) and low >= -150 and high <= 150


@settings(max_examples=60, deadline=None)
@given(runs=st.integers(0, 300), p=st.floats(0.05, 0.95), n=st.integers(1, 400))
def test_every_bar_stays_inside_the_axis(runs, p, n):
    bins, _ = frame(p=p, n=n, runs=runs, lead_q=1)
    top = y_top(bins)
    assert (bins["pct_closer"] + bins["pct_beyond"]).max() <= top <= 100
    assert top >= min(100, HEADROOM * bins["exact_pct"].max())


def test_one_run_makes_the_axis_grow_and_many_let_it_settle():
    assert y_top(frame(runs=1)[0]) == 100
    assert y_top(frame(runs=5000)[0]) == 10  # 1.3 × 7.05% → 10%


def test_band_points_are_whole_question_edges():
    assert band_points(simulate(scenario("independent", 0.8, 100), 0.04, 0)) == (-11.5, 11.5)
    best = simulate(scenario("best-of-k", 0.8, 100, k=20), 0.04, 0)
    low, high = band_points(best)
    assert low == pytest.approx(best.best.low * 100 - 0.5)
    assert high == pytest.approx(best.best.high * 100 + 0.5)

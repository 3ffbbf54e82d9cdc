"""Gap grader charts without a browser: schema, encodings, names, tooltips, stable specs."""

from __future__ import annotations

import copy

import pytest
from conftest import PHONE_CHART_WIDTH, legend_right_edges

from benchstats.charts import grader, to_svg
from benchstats.charts._common import BLUE, GREY, INK, ORANGE
from benchstats.gaps import paired_gap, unpaired_gap
from benchstats.intervals import METHODS
from benchstats.scores import INTERVAL_NAMES, score_intervals


def _rows(fig) -> list[dict]:
    return fig.spec["datasets"][grader.ROWS]


def _shape(spec: dict) -> dict:
    """The spec without its rows: what must not change while the reader edits."""
    s = copy.deepcopy(spec)
    s.pop("datasets", None)
    return s


def _intervals(a_k, b_k, n, chosen="wilson", names=("A", "B")):
    each = [(names[0], score_intervals(a_k, n)), (names[1], score_intervals(b_k, n))]
    return grader.intervals_figure(each, chosen=chosen)


# --------------------------------------------------------------------------- lead chart


def test_lead_chart_encodings_zero_rule_and_names():
    fig = grader.lead_figure(
        [("Paired", paired_gap(20, 8, 198)), ("Unpaired", unpaired_gap(0.6, 0.54, 198))],
        ("GPT-4o", "Claude"),
    )
    zero, bars, dots = fig.spec["layer"]
    assert zero["mark"]["type"] == "rule" and zero["data"]["values"] == [{"zero": 0}]
    assert bars["encoding"]["x"]["title"] == "Lead (points)"
    assert (
        bars["encoding"]["x"]["scale"]["zero"] is True and bars["encoding"]["x2"]["field"] == "high"
    )
    assert bars["encoding"]["y"]["sort"] is None  # the frame's order, whatever the labels
    assert [r["label"] for r in _rows(fig)] == ["Paired", "Unpaired"]
    assert bars["encoding"]["color"]["scale"] == {
        "domain": ["clears zero", "inside the noise"],
        "range": [BLUE, GREY],
    }
    assert dots["encoding"]["x"]["field"] == "lead" and dots["encoding"]["color"] == {"value": INK}
    titles = {t["title"] for t in bars["encoding"]["tooltip"]}
    assert {"Lead, GPT-4o − Claude (points)", "Interval from (points)", "Verdict"} <= titles
    assert fig.spec["title"]["subtitle"] == "Right of 0: GPT-4o ahead. Left: Claude ahead."
    picture = fig.picture().to_dict()  # the PNG's chart names them too
    assert picture["title"]["subtitle"] == fig.spec["title"]["subtitle"]


def test_lead_frame_is_in_points():
    row = grader.lead_frame([("x", unpaired_gap(0.82, 0.78, 448))]).iloc[0]
    assert (round(row["lead"], 1), round(row["low"], 1), round(row["high"], 1)) == (4.0, -1.2, 9.2)
    assert round(row["se"], 2) == 2.67
    assert row["verdict"] == "inside the noise" and row["level"] == "95%"


def test_lead_chart_spec_is_stable_while_numbers_move():
    one = grader.lead_figure([("Unpaired", unpaired_gap(0.82, 0.78, 100))]).spec
    two = grader.lead_figure([("Unpaired", unpaired_gap(0.9, 0.5, 5000))]).spec
    assert _shape(one) == _shape(two) and one["datasets"] != two["datasets"]
    named = grader.lead_figure([("Unpaired", unpaired_gap(0.9, 0.5, 5000))], ("X", "Y")).spec
    assert _shape(named) != _shape(one)  # names are part of the spec, the numbers are not


def test_lead_legend_fits_a_phone():
    """The grader's two rows, the long label included, at 390 px: the legend ends on screen.

    A row of two entries started under the plot, right of the 190-px labels, and
    ran to about 400 px ("— inside the noi" on a phone); one entry a line fits.
    """
    fig = grader.lead_figure([
        ("Unpaired", unpaired_gap(0.873, 0.851, 198)),
        ("Chance-corrected, 4 options", unpaired_gap(0.83, 0.80, 198)),
    ])  # fmt: skip
    (edge,) = legend_right_edges(fig.picture().to_dict())
    assert edge <= PHONE_CHART_WIDTH


# --------------------------------------------------------------------------- ±1 SE bars


def test_se_bars_rows_are_named_and_coloured_by_side():
    fig = grader.se_bars_figure(0.9343, 0.0124, 0.9520, 0.0107, ("Claude", "GPT"))
    assert fig.table["high"].round(2).tolist() == [94.67, 96.27]
    assert fig.table["model"].tolist() == ["Claude", "GPT"]
    bars, dots = fig.spec["layer"]
    assert bars["encoding"]["x"]["title"] == "Score (%), bars ±1 SE"
    colour = bars["encoding"]["color"]
    assert colour["scale"] == {"range": [BLUE, ORANGE]}  # A blue, B orange, whatever the names
    assert colour["sort"] == {"field": "side", "op": "min"}
    assert {t["title"] for t in dots["encoding"]["tooltip"]} >= {"Score (%)", "SE (points)"}
    other = grader.se_bars_figure(0.5, 0.03, 0.4, 0.05, ("Claude", "GPT"))
    assert _shape(fig.spec) == _shape(other.spec)


# --------------------------------------------------------------------------- interval methods


def test_intervals_chart_rows_offsets_names_and_tooltips():
    fig = _intervals(34, 30, 40, names=("GPT", "Claude"))
    assert len(fig.table) == 2 * len(METHODS)
    assert set(fig.table["model"]) == {"GPT", "Claude"}  # the CSV names the models
    walls, bars, dots = fig.spec["layer"]
    enc = bars["encoding"]
    assert enc["y"]["sort"] == [INTERVAL_NAMES[m] for m in METHODS]
    assert enc["yOffset"]["field"] == "model"
    assert enc["x"]["title"] == "True score (%), 95% interval"
    assert enc["strokeWidth"]["field"] == "chosen"
    for layer in (walls, bars, dots):
        assert layer["encoding"]["tooltip"], layer["mark"]
    assert walls["transform"] == [{"filter": "(datum.kind === 'wall')"}]
    assert bars["transform"] == dots["transform"] == [{"filter": "(datum.kind === 'interval')"}]
    assert fig.table[fig.table["chosen"]]["method"].unique().tolist() == ["Wilson"]


def _edges(fig) -> list[float]:
    return sorted(r["edge"] for r in _rows(fig) if r["kind"] == "wall")


def test_walls_appear_only_where_an_interval_reaches_them():
    inside = _intervals(34, 30, 40)
    assert _edges(inside) == []
    both = _intervals(0, 20, 20, chosen="wald")
    assert _edges(both) == [0.0, 100.0]
    low_only = _intervals(1, 10, 20)  # Wald for 1 of 20 dips below 0
    assert _edges(low_only) == [0.0]
    assert _shape(inside.spec) == _shape(both.spec) == _shape(low_only.spec)  # walls are data


@pytest.mark.parametrize(
    ("k", "n", "note"), [(0, 20, "zero width"), (20, 20, "zero width"), (1, 20, "leaves 0–100%")]
)
def test_interval_frame_notes_on_wald(k, n, note):
    frame = grader.intervals_frame([("A", score_intervals(k, n))])
    frame = frame[frame["kind"] == "interval"]
    assert frame[frame["method"] == "Wald"].iloc[0]["note"] == note
    assert (frame[frame["method"] != "Wald"]["note"] == "").all()


def test_charts_export():
    svg = to_svg(_intervals(5, 15, 20, chosen="jeffreys").picture())
    assert "<svg" in svg and "True score (%), 95% interval" in svg

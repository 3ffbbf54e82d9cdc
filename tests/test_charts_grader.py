"""Gap grader charts without a browser: schema, encodings, tooltips, stable specs."""

from __future__ import annotations

import copy

import pytest
from conftest import PHONE_CHART_WIDTH, legend_right_edges

from benchstats.charts import grader
from benchstats.charts._common import BLUE, GREY, INK, ORANGE
from benchstats.gaps import paired_gap, unpaired_gap
from benchstats.intervals import METHODS
from benchstats.scores import INTERVAL_NAMES, score_intervals


def _layers(spec: dict) -> list[dict]:
    return spec["layer"]


def _datasets(spec: dict) -> dict:
    return spec.get("datasets", {})


def _shape(spec: dict) -> dict:
    """The spec without its data: what must not change while the reader edits."""
    s = copy.deepcopy(spec)
    s.pop("datasets", None)
    s.pop("data", None)
    return s


def _lead_spec(results):
    return grader.lead_chart(grader.lead_frame(results)).to_dict()


def _interval_spec(a_k, b_k, n, chosen="wilson"):
    frame = grader.intervals_frame(
        {"A": score_intervals(a_k, n), "B": score_intervals(b_k, n)}, chosen=chosen
    )
    return grader.intervals_chart(frame).to_dict(), frame


# --------------------------------------------------------------------------- lead chart


def test_lead_chart_encodings_and_zero_rule():
    spec = _lead_spec(
        [("Paired", paired_gap(20, 8, 198)), ("Unpaired", unpaired_gap(0.6, 0.54, 198))]
    )
    zero, bars, dots = _layers(spec)
    assert zero["mark"]["type"] == "rule" and zero["encoding"]["x"]["field"] == "zero"
    assert zero["data"]["values"] == [{"zero": 0}]
    assert bars["encoding"]["x"]["title"] == "Lead of A over B (points)"
    assert bars["encoding"]["x"]["scale"]["zero"] is True
    assert bars["encoding"]["x2"]["field"] == "high"
    assert bars["encoding"]["y"]["sort"] is None  # the frame's order, whatever the labels
    assert spec["datasets"][spec["data"]["name"]][0]["label"] == "Paired"
    assert bars["encoding"]["color"]["scale"] == {
        "domain": ["clears zero", "inside the noise"],
        "range": [BLUE, GREY],
    }
    assert dots["encoding"]["x"]["field"] == "lead"
    assert dots["encoding"]["color"] == {"value": INK}
    titles = {t["title"] for t in bars["encoding"]["tooltip"]}
    assert {"Lead (points)", "Interval from (points)", "Interval to (points)", "Verdict"} <= titles


def test_lead_frame_is_in_points():
    frame = grader.lead_frame([("x", unpaired_gap(0.82, 0.78, 448))])
    row = frame.iloc[0]
    assert (round(row["lead"], 1), round(row["low"], 1), round(row["high"], 1)) == (4.0, -1.2, 9.2)
    assert round(row["se"], 2) == 2.67
    assert row["verdict"] == "inside the noise" and row["level"] == "95%"


def test_lead_chart_spec_is_stable():
    one = _lead_spec([("Unpaired", unpaired_gap(0.82, 0.78, 100))])
    two = _lead_spec([("Unpaired", unpaired_gap(0.9, 0.5, 5000))])
    assert _shape(one) == _shape(two)
    assert _datasets(one) != _datasets(two)


# --------------------------------------------------------------------------- ±1 SE bars


def test_se_bars_chart():
    frame = grader.se_bars_frame(0.9343, 0.0124, 0.9520, 0.0107)
    assert frame["high"].round(2).tolist() == [94.67, 96.27]
    spec = grader.se_bars_chart(frame).to_dict()
    bars, dots = _layers(spec)
    assert bars["encoding"]["x"]["title"] == "Score (%), bars ±1 SE"
    assert bars["encoding"]["color"]["scale"] == {"domain": ["A", "B"], "range": [BLUE, ORANGE]}
    assert {t["title"] for t in dots["encoding"]["tooltip"]} >= {"Score (%)", "SE (points)"}
    other = grader.se_bars_chart(grader.se_bars_frame(0.5, 0.03, 0.4, 0.05)).to_dict()
    assert _shape(spec) == _shape(other)


# --------------------------------------------------------------------------- interval methods


def test_intervals_chart_rows_offsets_and_tooltips():
    spec, frame = _interval_spec(34, 30, 40)
    assert len(frame) == 2 * len(METHODS)
    walls, bars, dots = _layers(spec)
    enc = bars["encoding"]
    assert enc["y"]["sort"] == [INTERVAL_NAMES[m] for m in METHODS]
    assert enc["yOffset"]["field"] == "model"
    assert enc["x"]["title"] == "True score (%), 95% interval"
    assert enc["strokeWidth"]["field"] == "chosen"
    for layer in (walls, bars, dots):
        assert layer["encoding"]["tooltip"], layer["mark"]
    # the chosen method is marked in the data
    chosen = frame[frame["chosen"]]
    assert chosen["method"].unique().tolist() == ["Wilson"]


def _edges(spec: dict) -> list[float]:
    rows = _datasets(spec)[spec["data"]["name"]]
    walls = [r for r in rows if r["kind"] == "wall"]
    assert all(r.get("edge") is not None for r in walls)
    return sorted(r["edge"] for r in walls)


def test_walls_appear_only_where_an_interval_reaches_them():
    inside, _ = _interval_spec(34, 30, 40)
    assert _edges(inside) == []
    both, _ = _interval_spec(0, 20, 20, chosen="wald")
    assert _edges(both) == [0.0, 100.0]
    low_only, _ = _interval_spec(1, 10, 20)  # Wald for 1 of 20 dips below 0
    assert _edges(low_only) == [0.0]
    assert _shape(inside) == _shape(both) == _shape(low_only)  # the walls are data, not spec


@pytest.mark.parametrize(
    ("k", "n", "note"), [(0, 20, "zero width"), (20, 20, "zero width"), (1, 20, "leaves 0–100%")]
)
def test_interval_frame_notes_on_wald(k, n, note):
    frame = grader.intervals_frame({"A": score_intervals(k, n)})
    frame = frame[frame["kind"] == "interval"]
    wald = frame[frame["method"] == "Wald"].iloc[0]
    assert wald["note"] == note
    assert (frame[frame["method"] != "Wald"]["note"] == "").all()


def test_charts_validate_and_export():
    from benchstats.charts import to_svg

    spec, frame = _interval_spec(5, 15, 20, chosen="jeffreys")
    chart = grader.intervals_chart(frame)
    svg = to_svg(chart)
    assert "True score (%), 95% interval" in svg
    assert "<svg" in svg


@pytest.mark.parametrize(
    ("spec_fn", "chart"),
    [
        (
            grader.lead_spec,
            lambda: grader.lead_chart(grader.lead_frame([("x", unpaired_gap(0.7, 0.6, 300))])),
        ),
        (
            grader.se_bars_spec,
            lambda: grader.se_bars_chart(grader.se_bars_frame(0.7, 0.02, 0.6, 0.03)),
        ),
        (
            grader.intervals_spec,
            lambda: grader.intervals_chart(grader.intervals_frame({"A": score_intervals(3, 9)})),
        ),
    ],
)
def test_data_free_specs_are_the_charts_without_data(spec_fn, chart):
    full = chart().to_dict()
    spec = spec_fn()
    assert "data" not in spec and "datasets" not in spec
    assert _shape(full) == spec
    spec["title"] = "changed"
    assert spec_fn() != spec  # a fresh copy each call


def test_interval_layers_filter_their_rows():
    spec = grader.intervals_spec()
    walls, bars, dots = spec["layer"]
    assert walls["transform"] == [{"filter": "(datum.kind === 'wall')"}]
    assert bars["transform"] == dots["transform"] == [{"filter": "(datum.kind === 'interval')"}]


def test_lead_legend_fits_a_phone():
    """The grader's two rows, the long label included, at 390 px: the legend ends on screen.

    A row of two entries started under the plot, right of the 190-px labels, and
    ran to about 400 px ("— inside the noi" on a phone); one entry a line fits.
    """
    frame = grader.lead_frame([
        ("Unpaired", unpaired_gap(0.873, 0.851, 198)),
        ("Chance-corrected, 4 options", unpaired_gap(0.83, 0.80, 198)),
    ])  # fmt: skip
    (edge,) = legend_right_edges(grader.lead_chart(frame).to_dict())
    assert edge <= PHONE_CHART_WIDTH

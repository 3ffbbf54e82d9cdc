"""Chart builders of the Questions needed page, checked through ``to_dict()`` (no browser)."""

from __future__ import annotations

import json
import math

import altair as alt
import pandas as pd
import pytest

from benchstats import BENCHMARKS
from benchstats import planning as plan
from benchstats.charts import planning as charts
from benchstats.charts import to_svg


def _layers(chart: alt.TopLevelMixin) -> list[dict]:
    return chart.to_dict()["layer"]


def _dataset(spec: dict, layer: dict) -> list[dict]:
    return spec["datasets"][layer["data"]["name"]]


def _curve_chart(p=0.8, lead=4.0, discordance=0.2):
    curve = charts.curve_frame(plan.mde_curve(charts.CURVE_QUESTIONS, p=p, discordance=discordance))
    presets = charts.presets_frame(plan.benchmark_reach(p=p), lead)
    return charts.mde_curve_chart(curve, presets, charts.lead_frame(lead)), curve, presets


# --------------------------------------------------------------------------- frames


def test_curve_frame_in_points_and_labelled():
    df = charts.curve_frame(plan.mde_curve([100, 1000], p=0.5, discordance=0.2))
    assert list(df.columns) == ["questions", "design", "lead"]
    assert list(df["design"]) == ["Unpaired", "Unpaired", "Paired", "Paired"]
    # FIGURES.md: 19.8 points near 50% at 100 questions; paired 20% at 1,000: 4.0.
    assert round(df["lead"].iloc[0], 1) == 19.8
    assert round(df["lead"].iloc[3], 1) == 4.0


def test_curve_questions_span_the_axis():
    assert charts.CURVE_QUESTIONS[0] == 10 and charts.CURVE_QUESTIONS[-1] == 100_000
    assert len(charts.CURVE_QUESTIONS) <= 200  # aggregated, not raw


def test_presets_frame_marks_who_sees_the_lead():
    df = charts.presets_frame(plan.benchmark_reach(p=0.8), 4.0)
    assert len(df) == len(BENCHMARKS)
    # 1,566 questions needed near 80% for 4 points: 1,319 (GSM8K) cannot, 2,500 (MGSM) can.
    sees = dict(zip(df["questions"], df["sees"], strict=False))
    assert sees[1319] == charts.MISSES and sees[2500] == charts.SEES
    assert (df["sees"] == charts.SEES).equals(df["lead"] <= 4.0)


def test_variance_marks_frame():
    df = charts.variance_marks_frame(
        [
            {"label": charts.YOUR_P, "p": 0.8, "questions": 1566},
            {"label": "95%", "p": 0.95, "questions": None},
        ]
    )
    assert list(df["p"]) == [80.0, 95.0]
    assert df["variance"].tolist() == pytest.approx([0.16, 0.0475])
    assert df["mid"].tolist() == pytest.approx([0.08, 0.02375])
    assert df["questions"].isna().tolist() == [False, True]


def test_table_frames_reproduce_figures():
    mde = charts.mde_table_frame(plan.mde_table())
    assert list(mde.columns) == [
        "Questions",
        "Near 50% (points)",
        "Near 70% (points)",
        "Near 90% (points)",
    ]
    row = mde.set_index("Questions").loc[198]
    assert row.tolist() == [14.1, 12.9, 8.4]
    paired = charts.paired_table_frame(plan.paired_vs_unpaired_table(), p=0.7, discordance=0.2)
    assert paired.iloc[:, 2].tolist() == [8.9, 5.6, 4.0, 2.8, 1.8]
    assert list(paired.columns)[1:] == [
        "Unpaired, near 70% (points)",
        "Paired, 20% disagree (points)",
    ]
    reps = charts.repeats_table_frame(plan.repeats_table())
    assert reps.iloc[:, 0].tolist() == ["1", "10", "∞"]
    assert reps.iloc[:, 1].tolist() == [13.3, 7.6, 6.6]
    ex = charts.examples_frame(plan.questions_needed_examples())
    assert ex["Questions needed"].tolist() == [1566, 11159, 8238, 3925]


def test_repeats_frame_drops_infinity():
    df = charts.repeats_frame(plan.repeats_table(repeats=[1, 10, math.inf]))
    assert df["repeats"].tolist() == [1, 10]


# --------------------------------------------------------------------------- the curve


def test_curve_chart_axes_are_log_and_fixed():
    chart, _, _ = _curve_chart()
    lines = _layers(chart)[0]
    x, y = lines["encoding"]["x"], lines["encoding"]["y"]
    assert x["type"] == "quantitative" and y["type"] == "quantitative"
    assert x["scale"] == {"type": "log", "domain": [10, 100_000]}
    assert y["scale"] == {"type": "log", "domain": [0.1, 100]}
    assert "log scale" in x["title"] and "points" in y["title"]
    assert lines["mark"]["clip"] is True


def test_curve_chart_spec_stable_as_inputs_move():
    def spec(**kw):
        d = _curve_chart(**kw)[0].to_dict()
        d.pop("datasets")
        for layer in d["layer"]:
            layer.pop("data")
        return d

    # Only the data changes when p, the lead or the discordance move.
    assert spec(p=0.8, lead=4.0) == spec(p=0.5, lead=2.0) == spec(p=0.9, lead=10, discordance=0.3)


def test_curve_chart_every_mark_has_a_tooltip():
    chart, _, _ = _curve_chart()
    for layer in _layers(chart):
        assert layer["encoding"].get("tooltip"), layer["mark"]


def test_curve_chart_marks_benchmarks_and_the_lead():
    chart, _, presets = _curve_chart(lead=4.0)
    spec = chart.to_dict()
    rule, label, points = spec["layer"][1], spec["layer"][2], spec["layer"][3]
    assert _dataset(spec, rule) == [{"lead": 4.0, "label": "Your lead"}]
    assert rule["mark"]["type"] == "rule" and rule["encoding"]["y"]["field"] == "lead"
    assert label["encoding"]["text"]["field"] == "label"
    rows = _dataset(spec, points)
    assert {r["name"] for r in rows} == {b.name for b in BENCHMARKS}
    assert points["encoding"]["x"]["field"] == "questions"
    assert points["encoding"]["fill"]["scale"]["domain"] == [charts.SEES, charts.MISSES]


def test_curve_chart_legend_lists_only_the_curves_drawn():
    unpaired = charts.curve_frame(plan.mde_curve([10, 100], p=0.5))
    presets = charts.presets_frame(plan.benchmark_reach(p=0.5), 4.0)
    chart = charts.mde_curve_chart(unpaired, presets, charts.lead_frame(4.0))
    assert _layers(chart)[0]["encoding"]["color"]["scale"]["domain"] == ["Unpaired"]
    both, _, _ = _curve_chart()
    assert _layers(both)[0]["encoding"]["color"]["scale"]["domain"] == ["Unpaired", "Paired"]


# --------------------------------------------------------------------------- variance and repeats


def _variance_chart(p=0.8):
    marks = charts.variance_marks_frame(
        [
            {"label": charts.YOUR_P, "p": p, "questions": 1566},
            {"label": "50%", "p": 0.5, "questions": 2449},
            {"label": "95%", "p": 0.95, "questions": 463},
        ]
    )
    return charts.variance_chart(charts.variance_frame(plan.variance_curve()), marks)


def test_variance_chart_zero_rule_axes_and_tooltips():
    chart = _variance_chart()
    layers = _layers(chart)
    assert layers[0]["mark"]["type"] == "rule"  # the zero rule
    line = layers[1]
    assert line["encoding"]["x"]["scale"]["domain"] == [0, 100]
    assert line["encoding"]["y"]["scale"]["domain"] == [0, 0.28]
    assert "p(1 − p)" in line["encoding"]["y"]["title"]
    for layer in layers[1:]:
        assert layer["encoding"].get("tooltip")


def test_variance_chart_marks_the_readers_p():
    spec = _variance_chart(p=0.8).to_dict()
    dots = spec["layer"][3]
    rows = _dataset(spec, dots)
    mine = next(r for r in rows if r["label"] == charts.YOUR_P)
    assert mine["p"] == 80.0 and mine["variance"] == pytest.approx(0.16)


def test_repeats_chart_floor_and_reader():
    rows = plan.repeats_table(repeats=[1, 2, 5, 10, 20, 100])
    curve = charts.repeats_frame(rows)
    floor = 100 * plan.repeats_table(repeats=[math.inf])[0]["mde"]
    chart = charts.repeats_chart(curve, floor, curve[curve["repeats"] == 10])
    spec = chart.to_dict()
    floor_layer = spec["layer"][2]
    assert _dataset(spec, floor_layer)[0]["lead"] == pytest.approx(6.637, abs=1e-3)
    assert spec["layer"][1]["encoding"]["x"]["scale"]["type"] == "log"
    dot = _dataset(spec, spec["layer"][4])
    assert [r["repeats"] for r in dot] == [10]
    for layer in spec["layer"][1:]:
        assert layer["encoding"].get("tooltip")


def test_repeats_chart_refuses_an_infinite_floor():
    with pytest.raises(ValueError, match="floor_points must be a finite number of points, got inf"):
        charts.repeats_chart(
            pd.DataFrame({"repeats": [1], "lead": [1.0]}), math.inf, pd.DataFrame()
        )


def test_charts_render_to_svg():
    # vl-convert compiles each spec: a broken encoding fails here, not in the browser.
    chart, _, _ = _curve_chart()
    assert "<svg" in to_svg(chart.properties(width=600))
    assert "<svg" in to_svg(_variance_chart().properties(width=600))


def test_captioned_pictures_render():
    # The download menu's picture: the chart in a captioned vconcat. Its named data
    # sets must move to the outer chart (Vega-Lite refuses them on an inner one),
    # or every PNG/SVG of the page raises.
    from benchstats.charts import Caption, captioned

    chart, _, _ = _curve_chart()
    cap = Caption(title="A 4.0-point lead near 80%", verdict="needs 1,566", source="x?p=80")
    svg = to_svg(captioned(chart, cap))
    assert "<svg" in svg and "needs 1,566" in svg
    assert "<svg" in to_svg(captioned(_repeats_chart(), cap))


# --------------------------------------------------------------------------- data-free specs


def _without_data(spec: dict) -> dict:
    spec = json.loads(json.dumps(spec))
    spec.pop("datasets", None)
    view = spec.get("config", {}).get("view", {})
    for key in ("continuousWidth", "continuousHeight"):  # Altair's default theme only
        view.pop(key, None)
    return spec


def _repeats_chart():
    curve = charts.repeats_frame(plan.repeats_table(repeats=[1, 2, 5, 10, 20, 100]))
    floor = 100 * plan.repeats_table(repeats=[math.inf])[0]["mde"]
    return charts.repeats_chart(curve, floor, curve[curve["repeats"] == 10])


@pytest.mark.parametrize("paired", [False, True])
def test_curve_spec_is_the_chart_without_its_data(paired):
    chart, _, _ = _curve_chart(discordance=0.2 if paired else None)
    spec = charts.mde_curve_spec(paired)
    assert "datasets" not in spec and "continuousWidth" not in spec["config"]["view"]
    assert _without_data(chart.to_dict()) == spec
    designs = ["Unpaired", "Paired"] if paired else ["Unpaired"]
    assert spec["layer"][0]["encoding"]["color"]["scale"]["domain"] == designs


def test_variance_and_repeats_specs_are_the_charts_without_their_data():
    assert _without_data(_variance_chart().to_dict()) == _without_data(charts.variance_spec())
    assert _without_data(_repeats_chart().to_dict()) == _without_data(charts.repeats_spec())
    # The zero rule's one row is part of the template, the same for every reader.
    for spec in (charts.variance_spec(), charts.repeats_spec()):
        assert spec["layer"][0]["data"] == {"values": [{"zero": 0}]}


def test_with_datasets_fills_the_names_the_layers_read():
    lead = charts.lead_frame(4.0)
    spec = charts.mde_curve_spec(False)
    filled = charts.with_datasets(spec, curve=pd.DataFrame(), lead=lead, presets=pd.DataFrame())
    assert {layer["data"]["name"] for layer in filled["layer"]} <= set(filled["datasets"])
    assert filled["datasets"]["lead"] is lead
    assert "datasets" not in spec  # the template is left as it was
    kept = charts.with_datasets({"datasets": {"other": [{"x": 1}]}}, curve=pd.DataFrame())
    assert set(kept["datasets"]) == {"other", "curve"}  # data sets already there are kept


def test_specs_are_fresh_copies():
    first = charts.variance_spec()
    first["layer"].clear()
    assert charts.variance_spec()["layer"]


def test_floor_frame():
    assert charts.floor_frame(6.6).to_dict("records") == [
        {"lead": 6.6, "label": "Floor set by the questions"}
    ]
    with pytest.raises(ValueError, match="got nan"):
        charts.floor_frame(math.nan)


def test_repeats_chart_renders_to_svg():
    assert "<svg" in to_svg(_repeats_chart().properties(width=600))

"""Chart builders of the Questions needed page, checked through ``to_dict()`` (no browser)."""

from __future__ import annotations

import json
import math

import altair as alt
import pandas as pd
import pytest

from benchstats import minimum_detectable_effect
from benchstats import planning as plan
from benchstats.benchmarks import LANDMARKS
from benchstats.charts import planning as charts
from benchstats.charts import to_svg
from benchstats.charts.thumb import SAID_SIZE, Thumb
from benchstats.prose.planning import needed_headline

LEADS = (1.0, 2.0, 4.0, 10.0)  # the lead thumb's stops in these tests (points)


def _layers(chart: alt.TopLevelMixin) -> list[dict]:
    return chart.to_dict()["layer"]


def _dataset(spec: dict, layer: dict) -> list[dict]:
    return spec["datasets"][layer["data"]["name"]]


def _curve(p=0.8, lead=4.0, discordance=0.2, n=None):
    """The curve's figure for these inputs, the thumb on ``lead`` (one of :data:`LEADS`), and
    the presets as they stand at that lead."""
    curve = charts.curve_frame(plan.mde_curve(charts.CURVE_QUESTIONS, p=p, discordance=discordance))
    reach = plan.benchmark_reach(p=p)
    plans = [plan.plan_lead(p, d / 100) for d in LEADS]
    stops = charts.lead_stops(plans, [needed_headline(x) for x in plans])
    at = Thumb("needed", "d", LEADS, LEADS.index(lead), tuple(f"{d} points" for d in LEADS))
    mine = None if n is None else 100 * float(minimum_detectable_effect(n, p=p))
    figure = charts.curve_figure(
        curve, charts.presets_family(reach, LEADS), stops, at, charts.benchmark_frame(n, mine)
    )
    return figure, charts.presets_frame(reach, lead)


def _curve_chart(**kw):
    return _curve(**kw)[0].picture()


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
    assert len(df) == len(LANDMARKS)
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
    chart = _curve_chart()
    lines = _layers(chart)[0]
    x, y = lines["encoding"]["x"], lines["encoding"]["y"]
    assert x["type"] == "quantitative" and y["type"] == "quantitative"
    assert x["scale"] == {"type": "log", "domain": [10, 100_000]}
    assert y["scale"] == {"type": "log", "domain": [0.1, 100]}
    assert "log scale" in x["title"] and "points" in y["title"]
    assert lines["mark"]["clip"] is True


def test_curve_spec_stable_as_inputs_move():
    def spec(**kw):
        d = _curve(**kw)[0].spec
        d.pop("datasets")
        return d

    # Only the data changes when p, the lead, the discordance or the reader's n move.
    assert (
        spec(p=0.8, lead=4.0)
        == spec(p=0.5, lead=2.0, n=198)
        == spec(p=0.9, lead=10, discordance=0.3)
    )


def test_curve_chart_every_mark_has_a_tooltip():
    for layer in _layers(_curve_chart()):
        if layer["mark"]["type"] != "text":  # the labels say what their mark's tooltip says
            assert layer["encoding"].get("tooltip"), layer["mark"]


def test_curve_chart_marks_benchmarks_and_the_lead():
    spec = _curve_chart(lead=4.0, n=198).to_dict()
    rule, label, points, mine, needed, said = (spec["layer"][i] for i in (1, 2, 3, 4, 6, 7))
    here = {"filter": "toNumber(d_at) === datum.at"}
    thumb, sizes = spec["params"]
    assert thumb == {"name": "d_at", "value": 2}  # the picture: the thumb's lead
    # the sentence's and the tags' sizes, which the room view raises: the wrap and the tags'
    # angles follow the size drawn
    assert sizes == {
        "name": charts.SIZES_PARAM,
        "value": {"saidFontSize": SAID_SIZE, "tagFontSize": charts.TAG_SIZE},
    }
    (row,) = [r for r in _dataset(spec, rule) if r["at"] == 2]
    assert (row["lead"], row["label"], row["questions"]) == (4.0, "Your lead", 1566)
    assert row["said"] == "A 4.0-point lead near 80% needs 1,566 questions."
    for layer in (rule, label, needed, said):
        assert layer["transform"][0] == here
    assert rule["mark"]["type"] == "rule" and rule["encoding"]["y"]["field"] == "lead"
    assert label["encoding"]["text"]["field"] == "label"
    assert needed["encoding"]["x"]["field"] == "questions" and needed["mark"]["clip"] is True
    rows = _dataset(spec, points)
    assert {r["name"] for r in rows} == {b.name for b in LANDMARKS}
    # who sees each stop's lead: GSM8K's 1,319 questions cannot see 4 points, MGSM's 2,500 can
    sees = {r["name"]: r["sees2"] for r in rows}
    assert (sees["GSM8K test"], sees["MGSM"]) == (charts.MISSES, charts.SEES)
    assert {r["name"]: r["sees3"] for r in rows}["GSM8K test"] == charts.SEES  # 10 points
    assert points["transform"] == [{"calculate": "datum['sees' + d_at]", "as": "sees"}]
    assert points["encoding"]["x"]["field"] == "questions"
    assert points["encoding"]["fill"]["scale"]["domain"] == [charts.SEES, charts.MISSES]
    ((n, lead, label),) = [tuple(r.values()) for r in _dataset(spec, mine)]
    assert (n, round(lead, 1), label) == (
        198,
        11.3,
        charts.YOUR_N,
    )  # FIGURES.md: 2.8016·√(0.32/198)
    assert _dataset(_curve_chart(n=None).to_dict(), mine) == []  # no n given: nothing marked


def _said_drawn(spec: dict, width: int) -> list[str]:
    """The curve's sentence as Vega draws it on a plot ``width`` px wide: its lines."""
    import vl_convert

    spec = json.loads(json.dumps(spec).replace("containerSize()[0]", str(width)))
    found: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            if node.get("marktype") == "text":
                found.extend(i["text"] for i in node["items"] if "1,566" in str(i.get("text")))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(vl_convert.vegalite_to_scenegraph({**spec, "width": width}))
    (text,) = found
    return text.split("\n")


@pytest.mark.parametrize("size", [SAID_SIZE, 20], ids=["reading", "room"])
def test_curve_sentence_wraps_to_a_narrow_plot_and_keeps_every_word(size):
    """Issue 46: a phone's plot (about 290 px) cut the sentence at its right edge; now it wraps,
    at the size it is drawn at (the room view raises the parameter), into even lines."""
    spec = _curve_chart(lead=4.0).to_dict()
    spec["params"][1]["value"]["saidFontSize"] = size
    said = "A 4.0-point lead near 80% needs 1,566 questions."
    assert _said_drawn(spec, 900) == [said]  # a wide plot: one line, as before
    for width in (290, 400):
        lines = _said_drawn(spec, width)
        assert " ".join(lines) == said and len(lines) >= 2, lines
        room = (width - 2 * charts.SAID_DX) / (charts.SAID_EM * size)
        assert max(map(len, lines)) <= room, (width, lines)
        assert max(map(len, lines)) - min(map(len, lines)) <= 8, lines  # even, no lone word


def test_curve_chart_legend_lists_only_the_curves_drawn():
    unpaired = charts.curve_frame(plan.mde_curve([10, 100], p=0.5))
    presets = charts.presets_family(plan.benchmark_reach(p=0.5), [4.0])
    stops = charts.lead_stops([plan.plan_lead(0.5, 0.04)], ["…"])
    at = Thumb("needed", "d", (4.0,), 0, ("4.0 points",))
    chart = charts.curve_figure(unpaired, presets, stops, at).picture()
    assert _layers(chart)[0]["encoding"]["color"]["scale"]["domain"] == ["Unpaired"]
    both = _curve_chart()
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
    return charts.variance_figure(charts.variance_frame(plan.variance_curve()), marks).picture()


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
    spec = charts.repeats_figure(curve, floor, 10).picture().to_dict()
    floor_layer = spec["layer"][2]
    assert _dataset(spec, floor_layer)[0]["lead"] == pytest.approx(6.637, abs=1e-3)
    assert spec["layer"][1]["encoding"]["x"]["scale"]["type"] == "log"
    dot = _dataset(spec, spec["layer"][4])
    assert [r["repeats"] for r in dot] == [10]
    for layer in spec["layer"][1:]:
        assert layer["encoding"].get("tooltip")


def test_repeats_chart_refuses_an_infinite_floor():
    with pytest.raises(ValueError, match="floor_points must be a finite number of points, got inf"):
        charts.repeats_figure(pd.DataFrame({"repeats": [1], "lead": [1.0]}), math.inf, 1)


def test_charts_render_to_svg():
    # vl-convert compiles each spec: a broken encoding fails here, not in the browser.
    assert "<svg" in to_svg(_curve_chart(n=198).properties(width=600))
    assert "<svg" in to_svg(_variance_chart().properties(width=600))


def test_captioned_pictures_render():
    # The download menu's picture: the chart in a captioned vconcat. Its named data
    # sets must move to the outer chart (Vega-Lite refuses them on an inner one),
    # or every PNG/SVG of the page raises.
    from benchstats.charts import Caption, captioned

    chart = _curve_chart()
    cap = Caption(title="A 4.0-point lead near 80%", verdict="needs 1,566", source="x?p=80")
    svg = to_svg(captioned(chart, cap))
    assert "<svg" in svg and "needs 1,566" in svg
    assert "<svg" in to_svg(captioned(_repeats_chart(), cap))


# --------------------------------------------------------------------------- figures


def _repeats_chart():
    curve = charts.repeats_frame(plan.repeats_table(repeats=[1, 2, 5, 10, 20, 100]))
    floor = 100 * plan.repeats_table(repeats=[math.inf])[0]["mde"]
    return charts.repeats_figure(curve, floor, 10).picture()


def test_a_figures_spec_is_its_picture():
    """The page draws the spec built once with this input's rows; a download draws the
    picture. Both are the same chart with the same rows."""
    marks = charts.variance_marks_frame([{"label": charts.YOUR_P, "p": 0.8, "questions": 1566}])
    curve = charts.repeats_frame(plan.repeats_table(repeats=[1, 10]))
    for figure in (
        _curve(n=198)[0],
        charts.variance_figure(charts.variance_frame(plan.variance_curve()), marks),
        charts.repeats_figure(curve, 6.6, 10),
    ):
        spec, picture = figure.spec, figure.picture().to_dict()
        # a chart that follows a thumb binds it on the page; the picture holds its stop
        assert [p["name"] for p in spec.pop("params", [])] == [
            p["name"] for p in picture.pop("params", [])
        ]
        assert spec == picture


def test_specs_are_fresh_copies():
    first = _curve()[0].spec
    first["layer"].clear()
    assert _curve()[0].spec["layer"]


def test_floor_frame():
    assert charts.floor_frame(6.6).to_dict("records") == [
        {"lead": 6.6, "label": "Floor set by the questions"}
    ]
    with pytest.raises(ValueError, match="got nan"):
        charts.floor_frame(math.nan)


def test_repeats_chart_renders_to_svg():
    assert "<svg" in to_svg(_repeats_chart().properties(width=600))


def test_curve_chart_labels_every_benchmark_dot():
    """Each benchmark is named on the chart, not only in a tooltip: one label per group of dots
    a quarter of a decade apart or closer (GPQA main's 448 and the three 500s share one)."""
    spec = _curve_chart(lead=4.0).to_dict()
    (tags,) = [
        layer for layer in spec["layer"] if layer["encoding"].get("text", {}).get("field") == "tag"
    ]
    assert tags["mark"]["type"] == "text" and tags["mark"]["clip"] is True
    rows = [r for r in _dataset(spec, tags) if r["tag"]]
    labels = [r["tag"].replace("\n", " ") for r in rows]
    named = " ".join(labels)
    for bench in LANDMARKS:
        assert charts.short_name(bench.name) in named, bench.name
    assert "GPQA main, MATH-500, MBPP, SWE-bench Verified" in labels
    assert "AIME" in labels and "MGSM, SimpleQA" in labels
    # labels sit at least a quarter of a decade apart along the curve, so none overlap
    at = sorted(math.log10(r["questions"]) for r in rows)
    assert min(b - a for a, b in zip(at, at[1:], strict=False)) >= charts.LABEL_GAP
    assert max(len(line) for r in rows for line in r["tag"].split("\n")) <= charts.LABEL_LINE


def test_curve_sentence_keeps_a_translators_lines_where_they_fit():
    """A language that breaks the sentence itself (German) keeps its lines on a wide plot; on a
    phone's, where its first line does not fit, the words wrap anew."""
    said = "Ein Vorsprung von 4,0 Punkten\nnahe 80 % braucht 1.566 Fragen."
    curve = charts.curve_frame(plan.mde_curve(charts.CURVE_QUESTIONS, p=0.8))
    stops = charts.lead_stops([plan.plan_lead(0.8, 0.04)], [said.replace("1.566", "1,566")])
    at = Thumb("needed", "d", (4.0,), 0, ("4 points",))
    presets = charts.presets_family(plan.benchmark_reach(p=0.8), [4.0])
    spec = charts.curve_figure(curve, presets, stops, at).picture().to_dict()
    assert _said_drawn(spec, 900) == said.replace("1.566", "1,566").split("\n")
    narrow = _said_drawn(spec, 290)
    assert " ".join(narrow) == said.replace("\n", " ").replace("1.566", "1,566")
    assert len(narrow) == 3 and max(map(len, narrow)) <= (290 - 16) / (0.5 * SAID_SIZE), narrow

"""The pass@k page's charts, checked through their Vega-Lite specs (no browser)."""

from __future__ import annotations

import functools
import json

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from benchstats.charts.passk import (
    ESTIMATE,
    KINDS,
    SHORTCUT,
    avg_frame,
    curve_figure,
    draws_frame,
    figure,
    maj_frame,
    mix_frame,
    problem_curve_frame,
    problem_marks_frame,
    rates_frame,
)
from benchstats.charts.thumb import Thumb
from benchstats.passk import draw_counts, maj_curve, naive_pass_at_k, pass_at_k
from benchstats.passk_mix import (
    avg_at_k_standard_error,
    bootstrap_mix_pass_at_k,
    get_mix,
    mix_pass_at_k,
)


def chart(kind: str, df: pd.DataFrame):
    """The figure's full Altair chart (what a download draws)."""
    return figure(kind, df).picture()


def layers(spec: dict) -> list[dict]:
    return spec.get("layer", [spec])


def spec_without_data(chart) -> str:
    spec = chart.to_dict()
    spec.pop("datasets", None)
    spec.pop("data", None)
    for layer in layers(spec):
        layer.pop("data", None)
    return json.dumps(spec, sort_keys=True)


def problem_figure(n: int, c: int, k: int):
    """pass@k against k with the k thumb at ``k`` (stops: every k up to n)."""
    ks = np.arange(1, n + 1)
    estimate, shortcut = pass_at_k(n, c, ks), naive_pass_at_k(c / n, ks)
    at = Thumb("passk", "k", tuple(int(x) for x in ks), k - 1, tuple(f"{x} tries" for x in ks))
    curve = problem_curve_frame(ks, estimate, shortcut)
    return curve_figure(curve, problem_marks_frame(ks, estimate, shortcut, certain=n - c < ks), at)


def problem_chart(n: int, c: int, k: int):
    fig = problem_figure(n, c, k)
    return fig.table, fig.picture()


def mix_chart_for(key: str, seed: int = 1):
    p = get_mix(key).problems
    ks = np.arange(1, 51)
    df = mix_frame(mix_pass_at_k(p, ks), bootstrap_mix_pass_at_k(p, ks, seed=seed))
    return df, chart("mix", df)


@functools.cache
def figures():
    """Every chart of the page as a Figure: the draws, pass@k against k, then the other kinds."""
    d = draws_frame(draw_counts(20, 3, 5))
    p = get_mix("long-tail").problems
    ks = np.arange(1, 51)
    m = mix_frame(mix_pass_at_k(p, ks), bootstrap_mix_pass_at_k(p, ks, seed=1))
    r = rates_frame(p)
    a = avg_frame(avg_at_k_standard_error(p.pass_rates, [1, 2, 3]))
    j = maj_frame(maj_curve(0.3, 0.4, np.arange(1, 11)))
    frames = {"draws": d, "mix": m, "rates": r, "avg": a, "maj": j}
    return [figure("draws", d), problem_figure(20, 3, 5)] + [
        figure(kind, frames[kind]) for kind in KINDS[1:]
    ]


@functools.cache
def frames_and_charts():
    """(frame, chart) for each chart of the page, in the order of :func:`figures`."""
    return [(f.table, f.picture()) for f in figures()]


@functools.cache
def all_charts():
    return [c.to_dict() for _, c in frames_and_charts()]


@pytest.mark.parametrize("index", range(6))
def test_every_mark_has_a_tooltip_and_titled_typed_axes(index):
    spec = all_charts()[index]  # to_dict validates against the schema
    for layer in layers(spec):
        enc = layer["encoding"]
        assert enc["tooltip"], layer
        for channel in ("x", "y"):
            if "title" in enc[channel]:
                assert enc[channel]["title"]
            if "value" not in enc[channel]:  # a figure printed at the plot's edge has no field
                assert enc[channel]["type"] in {"quantitative", "ordinal", "nominal"}
    # at least one titled axis each way
    for channel in ("x", "y"):
        assert any(layer["encoding"][channel].get("title") for layer in layers(spec))


def test_draws_frame_counts_and_shares():
    df = draws_frame(draw_counts(20, 3, 5))
    assert df["passes"].tolist() == [0, 1, 2, 3]
    assert df["draws"].tolist() == ["6,188", "7,140", "2,040", "136"]  # C(17,5), 3·C(17,4), …
    assert df["share"].sum() == pytest.approx(1.0, rel=1e-12)
    assert df["kind"].tolist()[0] == "No passing sample"
    assert set(df["kind"][1:]) == {"At least one pass"}


def test_draws_frame_keeps_the_zero_bar_when_every_draw_passes():
    df = draws_frame(draw_counts(20, 16, 5))  # c ≥ n − k + 1
    assert df["passes"].iloc[0] == 0
    assert df["share"].iloc[0] == 0.0 and df["draws"].iloc[0] == "0"
    assert df["share"].sum() == pytest.approx(1.0, rel=1e-12)


def test_draws_frame_for_huge_counts_stays_finite():
    df = draws_frame(draw_counts(200, 100, 100))
    assert np.isfinite(df["share"]).all()
    assert df["draws"].iloc[0] == "1"
    # C(100, 50)² draws hold 50 passes: R: choose(100,50)^2 = 1.01790634e+58
    assert df.set_index("passes").loc[50, "draws"] == "about 1.02 × 10⁵⁸"
    assert (df["share"][1:] >= 1e-4).all()  # invisible slivers are dropped
    assert len(df) < 60


def test_draws_chart_share_axis_is_fixed():
    spec = chart("draws", draws_frame(draw_counts(20, 3, 5))).to_dict()
    assert spec["encoding"]["y"]["scale"]["domain"] == [0, 1]
    assert spec["encoding"]["y"]["title"] == "Share of all draws"
    assert spec["encoding"]["x"]["field"] == "passes"


def test_problem_curve_marks_the_thumbs_k():
    fig = problem_figure(20, 3, 5)
    stops = pd.DataFrame(fig.spec["datasets"]["stops"])
    (dot,) = stops[stops["at"] == 4].to_dict("records")
    assert dot["k"] == 5 and dot["said"] == "pass@5 = 60.09% · shortcut 55.63%"
    assert dot[ESTIMATE] == pytest.approx(0.600877193, abs=1e-9)
    assert dot[SHORTCUT] == pytest.approx(1 - 0.85**5, rel=1e-12)
    dots = fig.spec["layer"][1]
    assert dots["mark"]["type"] == "point"
    assert dots["transform"][0] == {"filter": "toNumber(k_at) === datum.at"}
    assert fig.spec["params"] == [
        {"name": "k_at", "bind": {"element": "body", "event": "thumb-passk-k-moved"}}
    ]
    assert fig.spec["layer"][0]["encoding"]["y"]["scale"]["domain"] == [0, 1]
    # the download draws the thumb's k
    assert fig.picture().to_dict()["params"] == [{"name": "k_at", "value": 4}]


def test_problem_curve_spec_is_stable_while_inputs_change():
    def spec(n, c, k):
        out = problem_figure(n, c, k).spec
        out.pop("datasets")
        return out

    assert spec(20, 3, 5) == spec(40, 9, 12) == spec(40, 0, 40)


def test_nothing_passed_prints_the_figure_above_the_flat_curves():
    stops = pd.DataFrame(problem_figure(20, 0, 5).spec["datasets"]["stops"])
    assert set(stops["said_y"]) == {0.9} and stops["said"][0] == "pass@1 = 0% · shortcut 0%"


def test_mix_chart_band_and_lines():
    df, chart = mix_chart_for("easy-and-impossible")
    assert (df["low"] <= df["estimate"] + 1e-12).all() and (
        df["estimate"] <= df["high"] + 1e-12
    ).all()
    spec = chart.to_dict()
    band, lines = spec["layer"]
    assert band["mark"]["type"] == "area"
    assert band["encoding"]["y"]["field"] == "low" and band["encoding"]["y2"]["field"] == "high"
    assert lines["encoding"]["color"]["scale"]["domain"] == [ESTIMATE, SHORTCUT]
    assert lines["encoding"]["y"]["scale"]["domain"] == [0, 1]


def test_mix_chart_spec_is_stable_across_presets_and_seeds():
    a = spec_without_data(mix_chart_for("long-tail", seed=1)[1])
    b = spec_without_data(mix_chart_for("all-medium", seed=9)[1])
    assert a == b


def test_mix_frame_refuses_mismatched_k():
    p = get_mix("all-medium").problems
    with pytest.raises(ValueError, match="same k"):
        mix_frame(mix_pass_at_k(p, [1, 2]), bootstrap_mix_pass_at_k(p, [1, 3], seed=0))


def test_rates_frame_bins_every_problem():
    df = rates_frame(get_mix("easy-and-impossible").problems)
    assert df["problems"].sum() == 100
    assert df["problems"].iloc[0] == 70 and df["problems"].iloc[-1] == 30  # 100% in the last bin
    assert df["bin"].iloc[0] == "0%–10%"


def test_avg_frame_is_in_points():
    r = avg_at_k_standard_error([0.0, 0.5, 1.0], [1, 4])
    df = avg_frame(r)
    assert df["se"].tolist() == pytest.approx([100 * 0.28867513459481287, 25.0])
    assert df["floor"].iloc[0] == pytest.approx(100 * r.se_floor)
    spec = chart("avg", df).to_dict()
    assert spec["layer"][0]["encoding"]["y"]["title"] == "Standard error of avg@k (points)"


def test_maj_frame_and_chart():
    r = maj_curve(0.3, 0.4, np.arange(1, 11))
    df = maj_frame(r)
    assert len(df) == 20
    assert set(df["curve"]) == {"maj@k: the vote is right", "pass@k: one sample is right"}
    spec = chart("maj", df).to_dict()
    assert spec["autosize"] == {"type": "fit-x", "contains": "padding"}  # height stays put
    assert spec["encoding"]["y"]["scale"]["domain"] == [0, 1]
    assert spec["encoding"]["color"]["field"] == "curve"


def without_data(node):
    """The spec with every ``data``/``datasets`` entry removed (names differ, marks don't)."""
    if isinstance(node, dict):
        return {k: without_data(v) for k, v in node.items() if k not in {"data", "datasets"}}
    if isinstance(node, list):
        return [without_data(v) for v in node]
    return node


def data_names(node) -> list[str]:
    """The data set each view reads, depth first."""
    if isinstance(node, dict):
        own = [node["data"]["name"]] if "data" in node else []
        return own + [n for k, v in node.items() if k != "datasets" for n in data_names(v)]
    if isinstance(node, list):
        return [n for v in node for n in data_names(v)]
    return []


@pytest.mark.parametrize("index", range(6))
def test_page_spec_is_what_altair_chart_would_send(index):
    """The ready-made spec + data draws exactly what ``st.altair_chart(chart)`` would:
    same marks, encodings, titles, tooltips, colours, config, and the same rows."""
    # Streamlit's own Altair-to-spec conversion (private, but it is the thing to match).
    from streamlit.elements.vega_charts import _convert_altair_to_vega_lite_spec

    fig = figures()[index]
    sent = _convert_altair_to_vega_lite_spec(fig.picture())
    ours = fig.spec
    # a chart following a thumb binds it on the page; the download holds its position
    assert [p["name"] for p in ours.pop("params", [])] == [
        p["name"] for p in sent.pop("params", [])
    ]
    # Altair's default theme adds a view size that Streamlit's "none" theme leaves out; every
    # chart here sets its height and fills its container's width, so it never applies.
    view = ours["config"]["view"]
    assert (view.pop("continuousWidth"), view.pop("continuousHeight")) == (300, 300)
    assert without_data(ours) == without_data(sent)
    pairs = list(zip(data_names(ours), data_names(sent), strict=True))
    assert pairs
    for name, sent_name in pairs:
        data = sent["datasets"][sent_name]  # Arrow, or the rows a picture holds itself
        expected = (
            pd.DataFrame(data) if isinstance(data, list) else pa.ipc.open_stream(data).read_pandas()
        )
        pd.testing.assert_frame_equal(
            pd.DataFrame(ours["datasets"][name]), expected, check_dtype=False
        )


def test_spec_is_built_once_and_copied():
    a = figure("draws", draws_frame(draw_counts(20, 3, 5))).spec
    a["encoding"]["x"]["title"] = "changed"
    again = figure("draws", draws_frame(draw_counts(9, 1, 2))).spec
    assert again["encoding"]["x"]["title"] == "Passing samples in the draw"
    with pytest.raises(ValueError, match="kind must be one of"):
        figure("pie", draws_frame(draw_counts(20, 3, 5)))


def test_the_mix_lines_fold_the_frames_two_curves():
    df = pd.DataFrame({"k": [1], "estimate": [0.3], "low": [0.2], "high": [0.4], "shortcut": [0.5]})
    spec = figure("mix", df).spec
    (fold,) = next(layer for layer in spec["layer"] if "transform" in layer)["transform"]
    assert fold["fold"] == [ESTIMATE, SHORTCUT] and fold["as"] == ["curve", "value"]
    (row,) = spec["datasets"]["mix"]
    assert (row[ESTIMATE], row[SHORTCUT], row["low"]) == (0.3, 0.5, 0.2)
    assert list(figure("mix", df).table.columns) == list(df.columns)  # the CSV keeps its names

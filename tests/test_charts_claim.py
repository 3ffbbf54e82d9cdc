"""The Check-a-claim chart, tested without a browser (``to_dict``) and its data frame."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from statsmodels.stats.proportion import proportion_confint

from benchstats import gap_from_standard_errors, unpaired_gap
from benchstats.charts import to_png, to_svg
from benchstats.charts.claim import LEAD, SCORES, claim_chart, claim_frame


def frame(a=0.82, b=0.78, n=100):
    return claim_frame(a, b, unpaired_gap(a, b, n), n=n)


def strip_data(node):
    """The spec without its data (names are hashes of the data)."""
    if isinstance(node, dict):
        return {k: strip_data(v) for k, v in node.items() if k not in ("data", "datasets")}
    if isinstance(node, list):
        return [strip_data(v) for v in node]
    return node


def marks(spec):
    """Every (mark, encoding) pair in the spec's layers."""
    for view in spec["vconcat"]:
        for layer in view["layer"]:
            mark = layer["mark"]
            yield (mark["type"] if isinstance(mark, dict) else mark), layer.get("encoding", {})


def test_scores_get_wilson_intervals():
    df = frame().set_index("label")
    # statsmodels.stats.proportion.proportion_confint(82, 100, method="wilson")
    low, high = proportion_confint(82, 100, alpha=0.05, method="wilson")
    assert df.loc["A", "low"] == pytest.approx(low * 100, rel=1e-9)
    assert df.loc["A", "high"] == pytest.approx(high * 100, rel=1e-9)
    low, high = proportion_confint(78, 100, alpha=0.05, method="wilson")
    assert df.loc["B", "low"] == pytest.approx(low * 100, rel=1e-9)
    assert df.loc["B", "detail"] == "78 of 100 right"


def test_score_on_an_odd_n_uses_the_nearest_whole_count():
    df = frame(0.9343, 0.952, 198).set_index("label")
    assert df.loc["A", "detail"] == "185 of 198 right"  # 0.9343 × 198 = 184.99
    low, high = proportion_confint(185, 198, alpha=0.05, method="wilson")
    assert df.loc["A", "low"] == pytest.approx(low * 100, rel=1e-9)


def test_lead_row_is_the_gap_interval_in_points():
    row = frame().set_index("label").loc["A − B"]
    # FIGURES.md: 82 vs 78 on 100 → −7.1 to +15.1
    assert (round(row["low"], 1), round(row["high"], 1)) == (-7.1, 15.1)
    assert row["estimate"] == pytest.approx(4.0)
    assert row["panel"] == LEAD and row["slot"] == "lead" and row["detail"] == "includes zero"
    assert frame(n=2000).set_index("label").loc["A − B", "detail"] == "clears zero"


def test_lead_range_is_cut_at_100_points():
    row = frame(0.82, 0.78, 1).set_index("label").loc["A − B"]
    assert row["low"] == -100 and row["high"] == 100


def test_reported_standard_errors_give_normal_score_intervals():
    gap = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    df = claim_frame(0.9343, 0.9520, gap, se_a=0.0124, se_b=0.0107).set_index("label")
    z = 1.959963984540054  # scipy.stats.norm.ppf(0.975)
    assert df.loc["A", "low"] == pytest.approx((0.9343 - z * 0.0124) * 100)
    assert df.loc["B", "high"] == pytest.approx(min(1, 0.952 + z * 0.0107) * 100)
    assert "reported SE" in df.loc["A", "interval"]


def test_frame_needs_n_or_both_standard_errors():
    gap = unpaired_gap(0.82, 0.78, 100)
    with pytest.raises(ValueError, match="needs n"):
        claim_frame(0.82, 0.78, gap, se_a=0.01)


def test_chart_spec_has_titled_axes_tooltips_and_a_zero_rule():
    spec = claim_chart(frame()).to_dict()
    assert len(spec["vconcat"]) == 2
    x_titles = []
    for view in spec["vconcat"]:
        for layer in view["layer"]:
            x = layer.get("encoding", {}).get("x", {})
            if "title" in x:
                x_titles.append(x["title"])
    assert any("Score (%)" in t for t in x_titles)
    assert any("(points)" in t for t in x_titles)
    for mark, enc in marks(spec):
        assert "tooltip" in enc, mark
        for channel in ("x", "y", "x2"):
            if channel in enc and "field" in enc[channel]:
                assert "type" in enc[channel] or channel == "x2", (mark, channel)
    lead_view = spec["vconcat"][1]
    zero = [
        layer
        for layer in lead_view["layer"]
        if layer["mark"] in ("rule", {"type": "rule"})
        or (isinstance(layer["mark"], dict) and layer["mark"]["type"] == "rule")
    ]
    assert any(layer.get("data", {}).get("values") == [{"zero": 0}] for layer in zero)
    assert lead_view["layer"][1]["encoding"]["x"]["scale"]["zero"] is True
    assert claim_chart(frame()).to_dict().get("autosize") is None  # a file has a fixed width
    from benchstats.charts.claim import claim_spec

    assert claim_spec()["autosize"] == {"type": "fit-x", "contains": "padding"}


def test_filters_split_the_panels():
    spec = claim_chart(frame()).to_dict()
    filters = [str(v["layer"][-1].get("transform")) for v in spec["vconcat"]]
    assert SCORES in filters[0] and LEAD in filters[1]


def test_spec_does_not_change_when_only_the_numbers_do():
    one = strip_data(claim_chart(frame(0.82, 0.78, 100)).to_dict())
    two = strip_data(claim_chart(frame(0.61, 0.95, 2000)).to_dict())
    assert one == two


def test_png_and_svg_export():
    chart = claim_chart(frame())
    png = to_png(chart)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<svg" in to_svg(chart)


@settings(max_examples=60, deadline=None)
@given(
    a=st.floats(0, 1),
    b=st.floats(0, 1),
    n=st.integers(1, 100_000),
)
def test_intervals_hold_their_estimates(a, b, n):
    df = frame(a, b, n)
    assert df["low"].notna().all() and df["high"].notna().all()
    assert (df["low"] <= df["high"]).all()
    lead = df.set_index("label").loc["A − B"]
    assert lead["low"] - 1e-9 <= lead["estimate"] <= lead["high"] + 1e-9
    assert lead["low"] >= -100 and lead["high"] <= 100
    for label in ("A", "B"):
        row = df.set_index("label").loc[label]
        k = math.floor(row["estimate"] / 100 * n + 0.5)
        assert row["low"] - 1e-9 <= k / n * 100 <= row["high"] + 1e-9
        assert row["low"] >= 0 and row["high"] <= 100


def test_page_spec_fills_its_container_and_files_get_a_fixed_width():
    from benchstats.charts.claim import claim_spec

    page = claim_spec()
    assert "data" not in page  # the page sends the rows (datasets holds only the zero rule)
    assert [v["width"] for v in page["vconcat"]] == ["container", "container"]
    exported = claim_chart(frame()).to_dict()
    assert [v["width"] for v in exported["vconcat"]] == [640, 640]
    assert strip_data(page)["vconcat"][0]["layer"] == strip_data(exported)["vconcat"][0]["layer"]


def test_names_label_the_rows_and_the_colours_follow_the_slot():
    gap = unpaired_gap(0.82, 0.78, 100)
    more = (1000, unpaired_gap(0.82, 0.78, 1000))
    df = claim_frame(0.82, 0.78, gap, n=100, names=("Zephyr 2", "Zephyr 1.5"), more=more)
    assert list(df["label"]) == [
        "Zephyr 2",
        "Zephyr 1.5",
        "Zephyr 2 − Zephyr 1.5",
        "On 1,000 questions",
    ]
    assert list(df["slot"]) == ["A", "B", "lead", "more"]
    # FIGURES.md: 82% vs 78% on 1,000 questions → +0.5 to +7.5, clears
    wider = df.set_index("slot").loc["more"]
    assert (round(wider["low"], 1), round(wider["high"], 1)) == (0.5, 7.5)
    assert wider["detail"] == "would clear zero"
    one = strip_data(claim_chart(df).to_dict())
    assert one == strip_data(claim_chart(frame()).to_dict())  # names are data, not spec

"""Shared look of every chart: colours, sizes, the zero rule, export.

Colours are the Okabe–Ito palette, safe for the common forms of colour
blindness. Sizes are chosen to stay readable when projected.
"""

from __future__ import annotations

import io

import altair as alt

# Okabe–Ito
BLUE = "#0072B2"
ORANGE = "#E69F00"
VERMILLION = "#D55E00"
GREEN = "#009E73"
SKY = "#56B4E9"
PURPLE = "#CC79A7"
YELLOW = "#F0E442"
GREY = "#777777"
INK = "#222222"

MODEL_COLOURS = {"A": BLUE, "B": ORANGE}

FONT_SIZE = 14
TITLE_SIZE = 16


def style(chart: alt.TopLevelMixin) -> alt.TopLevelMixin:
    """Apply the site's readable defaults to a finished chart."""
    # One configure call: each configure_* copies the whole chart.
    return chart.configure(
        axis={"labelFontSize": FONT_SIZE, "titleFontSize": FONT_SIZE, "grid": True},
        legend={"labelFontSize": FONT_SIZE, "titleFontSize": FONT_SIZE, "orient": "bottom"},
        title={"fontSize": TITLE_SIZE, "anchor": "start"},
        view={"strokeWidth": 0},
    )


def zero_rule(axis: str = "x") -> alt.Chart:
    """A solid rule at 0 on ``axis``: every lead chart carries one."""
    data = alt.Data(values=[{"zero": 0}])
    enc = {axis: alt.X("zero:Q") if axis == "x" else alt.Y("zero:Q")}
    return alt.Chart(data).mark_rule(color=INK, strokeWidth=1.5).encode(**enc)


def to_png(chart: alt.TopLevelMixin, *, scale: float = 2.0) -> bytes:
    """The chart as PNG bytes (vl-convert-python)."""
    buf = io.BytesIO()
    chart.save(buf, format="png", scale_factor=scale)
    return buf.getvalue()


def to_svg(chart: alt.TopLevelMixin) -> str:
    """The chart as SVG text (vl-convert-python)."""
    buf = io.StringIO()
    chart.save(buf, format="svg")
    return buf.getvalue()

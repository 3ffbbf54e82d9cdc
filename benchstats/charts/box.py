"""The recompute box's chart: the lead with its 95% range in one row, against the line at zero.

Small enough for an article's 640×400 frame. The spec is built once (:func:`template`);
each rerun slots in one row and the axis title with the two names. Colours read on a
light and a dark page alike: Streamlit's theme draws the axes (``theme="streamlit"``).
"""

from __future__ import annotations

import functools

import altair as alt
import pandas as pd

from benchstats import language
from benchstats.charts._common import (
    BLUE,
    FIT_X,
    GREY,
    Figure,
    number_locale,
    template,
    zero_rule,
)
from benchstats.gaps import GapResult
from benchstats.language import _

HEIGHT = 22  # px of plot: one row; the axis adds its labels and title
_TEXT = 13  # px of the axis labels and title: small, as an inline graphic's
_FIELDS = ("lead", "low", "high")


def _chart() -> alt.LayerChart:
    """The row without its data: the range as a thick rule, the lead as a dot, zero as a line."""
    x = (
        alt.X("low:Q")
        .scale(zero=True, nice=True)
        .axis(tickCount=6, labelFlush=True, grid=False, labelPadding=2, titlePadding=4, tickSize=4)
    )
    zero = zero_rule("x").mark_rule(color=GREY, strokeWidth=2)
    band = alt.Chart().mark_rule(color=BLUE, strokeWidth=9, opacity=0.45, strokeCap="round")
    dot = alt.Chart().mark_point(color=BLUE, filled=True, size=130, opacity=1)
    return (
        alt.layer(zero, band.encode(x=x, x2="high:Q"), dot.encode(x="lead:Q"))
        .properties(height=HEIGHT, width="container", autosize=FIT_X)
        .configure_axis(labelFontSize=_TEXT, titleFontSize=_TEXT, titleFontWeight="normal")
        .configure_view(strokeWidth=0)
    )


_template = template(_chart)


def box_spec() -> dict:
    """A fresh copy of the spec without data: its two data layers read the top level's row."""
    spec = _template()
    spec.pop("datasets", None)  # Altair's placeholder for a chart made without data
    if language.current() != language.ENGLISH:  # the axis's numbers written the language's way
        spec.setdefault("config", {})["locale"] = {"number": number_locale()}
    for layer in spec["layer"][1:]:
        layer.pop("data", None)
    return spec


def box_rows(gap: GapResult) -> list[dict]:
    """The one row, in points, the range cut at ±100.

    >>> from benchstats.gaps import unpaired_gap
    >>> [round(v, 2) for v in box_rows(unpaired_gap(0.82, 0.78, 100))[0].values()]
    [4.0, -7.07, 15.07]
    """
    return [{"lead": gap.lead * 100, "low": max(-1.0, gap.low) * 100,
             "high": min(1.0, gap.high) * 100}]  # fmt: skip


def axis_title(first: str, second: str) -> str:
    """ "Lead, A − B (points), with its 95% range"."""
    # TRANSLATORS: the box chart's axis title; {first} and {second} are the two models' names.
    return _("Lead, {first} − {second} (points), with its 95% range").format(
        first=first, second=second
    )


def box_figure(
    gap: GapResult, names: tuple[str, str] = ("A", "B"), *, description: str = ""
) -> Figure:
    """The chart with this lead's row and the names in its axis title; ``description`` is its
    text alternative, read out in place of the marks (the box has no room for a caption).

    >>> from benchstats.gaps import unpaired_gap
    >>> fig = box_figure(unpaired_gap(0.82, 0.78, 100), ("X", "Y"))
    >>> round(fig.spec["data"]["values"][0]["lead"], 9), fig.spec["layer"][1]["encoding"]["x"]["title"]
    (4.0, 'Lead, X − Y (points), with its 95% range')
    """
    rows, title = box_rows(gap), axis_title(*names)
    spec = box_spec()
    spec["data"] = {"values": rows}
    spec["layer"][1]["encoding"]["x"]["title"] = title
    if description:
        spec["description"] = description
    picture = functools.partial(alt.LayerChart.from_dict, {**spec, "width": 600})
    return Figure(spec, picture, functools.partial(pd.DataFrame, rows), "lead-range")

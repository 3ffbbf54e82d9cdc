"""Shared look of every chart: colours, sizes, the zero rule, export.

Colours are the Okabe–Ito palette, safe for the common forms of colour
blindness. Sizes are chosen to stay readable when projected.
"""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Callable
from dataclasses import dataclass

import altair as alt
import pandas as pd

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


# --------------------------------------------------------------------------- the one protocol


@dataclass(frozen=True)
class Figure:
    """A chart as a page draws it: one protocol for every chart module.

    ``spec`` is a Vega-Lite spec already holding this rerun's rows (a spec
    built once per process with the data slotted in, so the browser patches
    the chart in place); ``picture`` builds the full Altair chart, only when a
    reader downloads a PNG or SVG; ``table`` is the data a CSV download
    holds; ``name`` is the file stem; ``alt_text`` says in one sentence what
    the chart shows (a screen reader's text, and the caption under it).
    """

    spec: dict
    picture: Callable[[], alt.TopLevelMixin]
    table: pd.DataFrame | Callable[[], pd.DataFrame]
    name: str
    alt_text: str = ""


def with_datasets(spec: dict, **frames: pd.DataFrame) -> dict:
    """A copy of ``spec`` with named data sets (``{"data": {"name": key}}`` in its layers).

    Examples
    --------
    >>> s = with_datasets({"mark": "bar", "data": {"name": "rows"}}, rows=pd.DataFrame({"x": [1]}))
    >>> s["datasets"]["rows"]
    [{'x': 1}]
    """
    out = dict(spec)
    out["datasets"] = {k: records(df) for k, df in frames.items()}
    return out


def records(frame: pd.DataFrame) -> list[dict]:
    """The frame's rows as dicts of plain Python values, like ``to_dict("records")``.

    Column by column through ``tolist``: four times quicker than pandas'
    row-by-row boxing, which was up to a tenth of a page's edit.

    Examples
    --------
    >>> records(pd.DataFrame({"x": [1, 2], "y": [0.5, float("nan")]}))
    [{'x': 1, 'y': 0.5}, {'x': 2, 'y': nan}]
    """
    names = list(frame.columns)
    columns = (frame.iloc[:, i].tolist() for i in range(len(names)))
    return [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)]


# --------------------------------------------------------------------------- captions


@dataclass(frozen=True)
class Caption:
    """What a downloaded chart must carry so it can be published on its own.

    ``title``: the claim (names, scores, benchmark, n); ``verdict``: the
    verdict in words; ``source``: the permalink that reopens the page;
    ``inputs``: (name, value) rows written above the CSV's data.
    """

    title: str
    verdict: str = ""
    source: str = ""
    inputs: tuple[tuple[str, str], ...] = ()


def captioned(chart: alt.TopLevelMixin, caption: Caption) -> alt.TopLevelMixin:
    """The chart with the claim as a title, the verdict under it, the link as a footer.

    The chart keeps its own title; its ``config`` (the site's style) moves to
    the outer chart, where Vega-Lite requires it, and its ``autosize`` goes.
    """
    inner = chart.copy(deep=False)
    config, datasets = inner.config, getattr(inner, "datasets", alt.Undefined)
    inner.config = alt.Undefined
    inner.autosize = alt.Undefined  # a vconcat refuses an inner autosize; the outer lays out
    if datasets is not alt.Undefined:  # named data sets, too, live only on the outer chart
        inner.datasets = alt.Undefined
    footer_text = f"Source: {caption.source}" if caption.source else "Lead or Luck"
    footer = (
        alt.Chart(alt.Data(values=[{"text": footer_text}]))
        .mark_text(align="left", baseline="top", fontSize=FONT_SIZE - 2, color=INK)
        .encode(text="text:N", x=alt.value(0), y=alt.value(4))
        .properties(height=18)
    )
    title = alt.TitleParams(
        caption.title,
        subtitle=[caption.verdict] if caption.verdict else [],
        anchor="start",
        fontSize=TITLE_SIZE + 2,
        subtitleFontSize=FONT_SIZE,
        subtitleColor=INK,
    )
    out = alt.vconcat(inner, footer, spacing=6).properties(title=title)
    if datasets is not alt.Undefined:
        out = out.properties(datasets=datasets)
    return out if config is alt.Undefined else out.properties(config=config)


def captioned_csv(table: pd.DataFrame, caption: Caption | None) -> bytes:
    """The table as CSV, with the claim, verdict, source and inputs as ``#`` header rows."""
    head = ""
    if caption is not None:
        rows = [("claim", caption.title), ("verdict", caption.verdict)]
        rows += [("source", caption.source), *caption.inputs]
        head = "".join(f"# {k}: {v}\n" for k, v in rows if v)
    return (head + table.to_csv(index=False)).encode()


def template(build: Callable[[], alt.TopLevelMixin]) -> Callable[[], dict]:
    """A chart built once without its data, as a fresh spec dict at each call.

    For a chart whose shape never changes: Altair assembles and validates it
    once per process, and each rerun slots its rows into a copy
    (:func:`with_datasets`), so the browser patches the chart in place.

    Examples
    --------
    >>> spec = template(lambda: alt.Chart(alt.NamedData("rows")).mark_bar())
    >>> spec()["mark"]["type"], spec() is spec()
    ('bar', False)
    """

    @functools.cache
    def text() -> str:
        return json.dumps(build().to_dict())

    def spec() -> dict:
        return json.loads(text())

    return spec

"""Shared look of every chart (Okabe–Ito colours, sizes readable when projected), export."""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import altair as alt
import pandas as pd

from benchstats import language, words
from benchstats.language import _
from benchstats.safe_csv import to_csv

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
# fit-x: the plot keeps its height and the legend goes below it, the width (axes included)
# fits the container (Streamlit's default "fit" squeezes the plot and legend of a fixed height)
FIT_X = alt.AutoSizeParams(type="fit-x", contains="padding")


def number_locale() -> dict:
    """How Vega writes numbers (axes, tooltips) in the run's language: a d3-format locale made
    from :mod:`benchstats.words` (Babel's CLDR symbols), so a chart's numbers read like the
    page's: German ``{"decimal": ",", "thousands": ".", "percent": "\u202f%"…}``.

    >>> from benchstats.language import using
    >>> with using("de"):
    ...     loc = number_locale()
    >>> loc["decimal"], loc["thousands"], loc["percent"], loc["minus"]
    (',', '.', '\xa0%', '−')
    """
    sample = words.signed(12345.5, decimals=1)  # "12,345.5", "12.345,5"
    return {
        "decimal": sample[-2],
        "thousands": sample[2],
        "grouping": [3],
        "currency": ["", ""],
        "percent": words.percent(0.01, decimals=0).removeprefix("1"),
        "minus": words.MINUS,
    }


def style(chart: alt.TopLevelMixin) -> alt.TopLevelMixin:
    """Apply the site's readable defaults to a finished chart (numbers in the run's language:
    a language other than English adds Vega's ``config.locale``)."""
    local = (
        {} if language.current() == language.ENGLISH else {"locale": {"number": number_locale()}}
    )
    return chart.configure(
        axis={"labelFontSize": FONT_SIZE, "titleFontSize": FONT_SIZE, "grid": True},
        legend={"labelFontSize": FONT_SIZE, "titleFontSize": FONT_SIZE, "orient": "bottom"},
        title={"fontSize": TITLE_SIZE, "anchor": "start"},
        view={"strokeWidth": 0},
        **local,
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


@dataclass(frozen=True)
class Figure:
    """A chart as a page draws it.

    ``bare``: the Vega-Lite spec, without its named data sets when ``frames``
    holds them (``spec`` is the whole, rows and all); ``picture``: builds the
    Altair chart for a PNG or SVG download; ``table``: a CSV download's data;
    ``name``: the file stem; ``alt_text``: what the chart shows, in a sentence.
    The frames stay frames until drawn, so a page can send each data set as Arrow
    converted once (``ui.chart_data``) instead of turning its rows into records
    at every rerun.
    """

    bare: dict
    picture: Callable[[], alt.TopLevelMixin]
    table: pd.DataFrame | Callable[[], pd.DataFrame]
    name: str
    alt_text: str = ""
    frames: Mapping[str, pd.DataFrame] | None = None

    @property
    def spec(self) -> dict:
        """The Vega-Lite spec holding this rerun's rows (:func:`with_datasets`)."""
        return self.bare if self.frames is None else with_datasets(self.bare, **self.frames)


def with_datasets(spec: dict, **frames: pd.DataFrame) -> dict:
    """A copy of ``spec`` with named data sets (``{"data": {"name": key}}`` in its layers).

    >>> s = with_datasets({"mark": "bar", "data": {"name": "rows"}}, rows=pd.DataFrame({"x": [1]}))
    >>> s["datasets"]["rows"]
    [{'x': 1}]
    """
    out = dict(spec)
    out["datasets"] = {k: records(df) for k, df in frames.items()}
    return out


def records(frame: pd.DataFrame) -> list[dict]:
    """The frame's rows as dicts of plain Python values, like ``to_dict("records")``.

    >>> records(pd.DataFrame({"x": [1, 2], "y": [0.5, float("nan")]}))
    [{'x': 1, 'y': 0.5}, {'x': 2, 'y': nan}]
    """
    names = list(frame.columns)
    columns = (frame.iloc[:, i].tolist() for i in range(len(names)))
    return [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)]


@dataclass(frozen=True)
class Caption:
    """What a downloaded chart carries to stand on its own: the claim as ``title``, the
    ``verdict`` in words, the permalink as ``source``, ``inputs`` as (name, value) rows."""

    title: str
    verdict: str = ""
    source: str = ""
    inputs: tuple[tuple[str, str], ...] = ()


def captioned(chart: alt.TopLevelMixin, caption: Caption) -> alt.TopLevelMixin:
    """The chart with the claim as a title, the verdict under it, the link as a footer.

    Its ``config`` and named data sets move to the outer chart, where Vega-Lite wants them;
    its ``autosize`` goes (a vconcat lays out its parts).
    """
    inner = chart.copy(deep=False)
    config, datasets = inner.config, getattr(inner, "datasets", alt.Undefined)
    inner.config = inner.autosize = inner.datasets = alt.Undefined
    # TRANSLATORS: a downloaded chart's footer; {link} is the permalink that reopens it.
    footer_text = (
        _("Source: {link}").format(link=caption.source) if caption.source else "Lead or Luck"
    )
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
    # each legend stays with its chart, above the footer (a concat hoists a shared one below all)
    out = alt.vconcat(inner, footer, spacing=6).properties(title=title)
    out = out.resolve_legend(color="independent", shape="independent", strokeDash="independent")
    if datasets is not alt.Undefined:
        out = out.properties(datasets=datasets)
    return out if config is alt.Undefined else out.properties(config=config)


def captioned_csv(table: pd.DataFrame, caption: Caption | None) -> bytes:
    """The table as CSV, with the claim, verdict, source and inputs as ``#`` header rows.

    A value's newlines become spaces, so each stays on its one header row; no cell is one a
    spreadsheet would run (:mod:`benchstats.safe_csv`).

    >>> caption = Caption("A vs B", verdict="Inside\\nthe noise")
    >>> print(captioned_csv(pd.DataFrame({"x": [1]}), caption).decode())
    # claim: A vs B
    # verdict: Inside the noise
    x
    1
    <BLANKLINE>
    """
    if caption is None:
        return to_csv(table)
    # TRANSLATORS: the names of a CSV download's first lines ("# claim: …"), one word each.
    rows = [(_("claim"), caption.title), (_("verdict"), caption.verdict)]
    return to_csv(table, [*rows, (_("source"), caption.source), *caption.inputs])


def template(build: Callable[[], alt.TopLevelMixin]) -> Callable[[], dict]:
    """A chart built once without its data, as a fresh spec dict at each call.

    Each rerun slots its rows into a copy (:func:`with_datasets`).

    >>> spec = template(lambda: alt.Chart(alt.NamedData("rows")).mark_bar())
    >>> spec()["mark"]["type"], spec() is spec()
    ('bar', False)
    """

    @functools.cache
    def text(lang: str) -> str:  # a chart's words and numbers are its language's
        return json.dumps(build().to_dict())

    def spec() -> dict:
        return json.loads(text(language.current()))

    return spec


def filled_figure(
    spec: dict,
    build: Callable[[], alt.TopLevelMixin],
    frames: dict[str, pd.DataFrame],
    *,
    table: pd.DataFrame,
    name: str,
    alt_text: str = "",
    width: int | None = None,
) -> Figure:
    """A :class:`Figure` of a chart reading named data sets: ``frames`` slotted into ``spec``
    (:func:`with_datasets`) and, for the picture, into ``build()``, ``width`` px wide if given
    (a file has no container to fit). The picture pickles (a cached figure) if ``build`` does.

    >>> f = filled_figure({"mark": "bar"}, lambda: alt.Chart(alt.NamedData("rows")).mark_bar(),
    ...                   {"rows": pd.DataFrame({"x": [1]})}, table=pd.DataFrame(), name="bars")
    >>> f.spec["datasets"], f.picture().to_dict()["datasets"]
    ({'rows': [{'x': 1}]}, {'rows': [{'x': 1}]})
    """
    sized = {} if width is None else {"width": width}
    picture = functools.partial(_filled, build, frames, **sized)
    return Figure(spec, picture, table, name, alt_text, frames)


def _filled(
    build: Callable[[], alt.TopLevelMixin], frames: dict, **properties
) -> alt.TopLevelMixin:
    return build().properties(**properties, datasets={k: records(v) for k, v in frames.items()})


def slotted_figure(
    build: Callable[..., alt.TopLevelMixin],
    *args,
    name: str,
    alt_text: str = "",
    table: pd.DataFrame | None = None,
    picture: Callable[[], alt.TopLevelMixin] | None = None,
    **frames: pd.DataFrame,
) -> Figure:
    """``build(*args, **frames)`` as a :class:`Figure`, its spec built once per ``args``.

    ``build`` takes each data set by keyword: :class:`altair.NamedData` for the
    spec (:func:`template`), the frame itself for the picture. ``table``
    defaults to the first frame.

    >>> def bars(*, rows):
    ...     return alt.Chart(rows).mark_bar().encode(x="x:Q")
    >>> f = slotted_figure(bars, name="bars", rows=pd.DataFrame({"x": [1]}))
    >>> f.spec["data"], f.spec["datasets"], f.table.shape
    ({'name': 'rows'}, {'rows': [{'x': 1}]}, (1, 1))
    """
    spec = _slotted_spec(build, args, tuple(frames))()
    picture = picture or functools.partial(build, *args, **frames)
    table = next(iter(frames.values())) if table is None else table
    return Figure(spec, picture, table, name, alt_text, frames)


@functools.lru_cache(maxsize=256)  # a chart's few shapes, and each pair of names a session gives
def _slotted_spec(build: Callable, args: tuple, names: tuple[str, ...]) -> Callable[[], dict]:
    return template(lambda: build(*args, **{k: alt.NamedData(k) for k in names}))


def headed(frame: pd.DataFrame, headers: Mapping[str, str]) -> pd.DataFrame:
    """A chart's frame as its CSV download, its columns renamed to ``headers`` (the run's
    language); the frame itself where no header changes (English), so nothing is copied.

    >>> f = pd.DataFrame({"n": [1]})
    >>> headed(f, {"n": "n"}) is f, list(headed(f, {"n": "Fragen"}).columns)
    (True, ['Fragen'])
    """
    if all(headers.get(c, c) == c for c in frame.columns):
        return frame
    return frame.rename(columns=headers)

"""Charts of the Questions needed page: tidy data in, ``alt.Chart`` out.

The ``*_frame`` helpers turn :mod:`benchstats.planning` records
(proportions) into the tidy frames the charts draw (points and percent), so
a notebook gets the same pictures as the page::

    from benchstats import planning
    from benchstats.charts.planning import curve_frame, mde_curve_chart

    curve = curve_frame(planning.mde_curve(ns, p=0.8, discordance=0.2))

Each chart is built once as a template whose layers read *named* data sets
(``curve``, ``presets``, ...): ``*_spec`` gives its Vega-Lite spec without
data, :func:`with_datasets` puts a rerun's rows into it, so a page skips
Altair's assembly and schema validation on every input change. The
``*_chart`` functions give the same chart as an Altair object (downloads,
notebooks).

Leads here are smallest detectable leads: always positive, drawn on a log
axis (a rule at zero cannot exist there; the axis says where it starts).
"""

from __future__ import annotations

import functools
import json

import altair as alt
import numpy as np
import pandas as pd

from benchstats.charts._common import (
    BLUE,
    GREEN,
    GREY,
    INK,
    ORANGE,
    VERMILLION,
    Figure,
    style,
    zero_rule,
)
from benchstats.charts.planning_frames import (
    DESIGN_LABELS,
    MISSES,
    SEES,
    YOUR_P,
    curve_columns,
    curve_frame,
    examples_frame,
    floor_frame,
    lead_columns,
    lead_frame,
    mde_table_frame,
    paired_table_frame,
    presets_columns,
    presets_frame,
    reach_table_frame,
    repeats_axis,
    repeats_frame,
    repeats_table_frame,
    table_text,
    variance_frame,
    variance_marks_frame,
)

__all__ = [
    "curve_columns",
    "curve_figure",
    "lead_columns",
    "presets_columns",
    "repeats_figure",
    "table_text",
    "variance_figure",
    "mde_curve_spec",
    "repeats_spec",
    "variance_spec",
    "with_datasets",
    "floor_frame",
    "CURVE_QUESTIONS",
    "DESIGN_LABELS",
    "MISSES",
    "SEES",
    "YOUR_P",
    "curve_frame",
    "examples_frame",
    "mde_table_frame",
    "paired_table_frame",
    "reach_table_frame",
    "repeats_table_frame",
    "lead_frame",
    "mde_curve_chart",
    "presets_frame",
    "repeats_axis",
    "repeats_chart",
    "repeats_frame",
    "variance_chart",
    "variance_frame",
    "variance_marks_frame",
]

# x domain of the curve: 10 to 100,000 questions, 25 points a decade (aggregate, not raw)
CURVE_QUESTIONS = np.unique(np.round(np.logspace(1, 5, 101)).astype(int))
N_DOMAIN = [10, 100_000]
N_TICKS = [10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000]
LEAD_DOMAIN = [0.1, 100]  # points; fixed so moving p or the power moves the curve, not the axis
LEAD_TICKS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100]

_DESIGN_COLOURS = {"Unpaired": BLUE, "Paired": ORANGE}


# --------------------------------------------------------------------------- charts
# Each chart is a template built once (Altair takes ~0.1 s to assemble one and as
# long again to validate it); its layers read named data sets that change per input.


def _records(df: pd.DataFrame) -> list[dict]:
    """Rows as JSON-ready records (pandas' missing values become None)."""
    return alt.utils.data.to_values(df)["values"]  # as Altair inlines a frame


def _filled(template: alt.TopLevelMixin, frames: dict[str, pd.DataFrame]) -> alt.TopLevelMixin:
    """The template as a chart of its own, its named data sets filled in."""
    chart = template.copy(deep=False)
    chart.datasets = {name: _records(df) for name, df in frames.items()}
    return chart


def _spec(template: alt.TopLevelMixin) -> str:
    """The template's spec as JSON, as Streamlit draws an Altair chart.

    Streamlit converts Altair charts with Altair's "none" theme, which leaves
    out the default theme's ``continuousWidth``/``continuousHeight``: drop them
    here too, so ``st.vega_lite_chart`` draws exactly what ``st.altair_chart``
    did.
    """
    spec = template.to_dict()  # validated, once per template
    view = spec.get("config", {}).get("view", {})
    for key in ("continuousWidth", "continuousHeight"):
        view.pop(key, None)
    return json.dumps(spec)


def with_datasets(spec: dict, **frames: pd.DataFrame) -> dict:
    """A copy of a ``*_spec`` spec holding ``frames`` as its named data sets.

    The spec itself stays the same while a reader edits, so a host such as
    Streamlit (``st.vega_lite_chart``) swaps the data in place.

    >>> spec = with_datasets(variance_spec(), variance=pd.DataFrame({"p": [50.0]}))
    >>> "variance" in spec["datasets"]
    True
    """
    return {**spec, "datasets": {**spec.get("datasets", {}), **frames}}


def _lead_y(title: str = "Smallest detectable lead (points)") -> alt.Y:
    return (
        alt.Y("lead:Q").title(title).scale(type="log", domain=LEAD_DOMAIN).axis(values=LEAD_TICKS)
    )


@functools.cache
def _curve_template(designs: tuple[str, ...], height: int) -> alt.LayerChart:
    x = (
        alt.X("questions:Q")
        .title("Questions (log scale)")
        .scale(type="log", domain=N_DOMAIN)
        .axis(values=N_TICKS, format=",d")
    )
    lines = (
        alt.Chart(alt.NamedData("curve"))
        .mark_line(strokeWidth=3, clip=True)
        .encode(
            x=x,
            y=_lead_y(),
            color=alt.Color("design:N")
            .title("Test")
            .scale(domain=list(designs), range=[_DESIGN_COLOURS[d] for d in designs])
            .legend(direction="vertical"),
            tooltip=[
                alt.Tooltip("design:N").title("Test"),
                alt.Tooltip("questions:Q").title("Questions").format(",d"),
                alt.Tooltip("lead:Q").title("Smallest detectable lead (points)").format(".1f"),
            ],
        )
    )
    rule = (
        alt.Chart(alt.NamedData("lead"))
        .mark_rule(color=INK, strokeDash=[6, 4], strokeWidth=2)
        .encode(
            y=alt.Y("lead:Q"),
            tooltip=[alt.Tooltip("lead:Q").title("Your lead (points)").format(".1f")],
        )
    )
    rule_label = (
        alt.Chart(alt.NamedData("lead"))
        .mark_text(align="right", baseline="bottom", dx=-4, dy=-4, color=INK, fontSize=13)
        .encode(
            x=alt.value("width"),
            y=alt.Y("lead:Q"),
            text=alt.Text("label:N"),
            tooltip=[alt.Tooltip("lead:Q").title("Your lead (points)").format(".1f")],
        )
    )
    bench_tooltip = [
        alt.Tooltip("name:N").title("Benchmark"),
        alt.Tooltip("questions:Q").title("Questions").format(",d"),
        alt.Tooltip("lead:Q").title("Smallest detectable lead, unpaired (points)").format(".1f"),
        alt.Tooltip("sees:N").title("Your lead"),
    ]
    points = (
        alt.Chart(alt.NamedData("presets"))
        .mark_point(filled=True, size=90, stroke=INK, strokeWidth=1, opacity=1)
        .encode(
            x=alt.X("questions:Q"),
            y=alt.Y("lead:Q"),
            shape=alt.Shape("sees:N")
            .title("Benchmarks")
            .scale(domain=[SEES, MISSES], range=["circle", "triangle-up"])
            .legend(direction="vertical"),
            fill=alt.Fill("sees:N")
            .title("Benchmarks")
            .scale(domain=[SEES, MISSES], range=[GREEN, VERMILLION])
            .legend(direction="vertical"),
            tooltip=bench_tooltip,
        )
    )
    return style(
        alt.layer(lines, rule, rule_label, points)
        .resolve_scale(color="independent")
        .properties(height=height, width="container")
    )


def _designs(curve: pd.DataFrame) -> tuple[str, ...]:
    present = set(curve["design"])
    return tuple(d for d in _DESIGN_COLOURS if d in present)


@functools.cache
def _curve_spec_json(designs: tuple[str, ...], height: int) -> str:
    return _spec(_curve_template(designs, height))


def mde_curve_spec(paired: bool, *, height: int = 470) -> dict:
    """The spec of :func:`mde_curve_chart` without data (a fresh copy each call).

    ``paired``: whether the curve has the paired line too (the legend lists
    only the lines drawn). Fill it with :func:`with_datasets` and
    ``curve=``, ``lead=``, ``presets=`` frames.

    >>> [layer["data"]["name"] for layer in mde_curve_spec(False)["layer"]]
    ['curve', 'lead', 'lead', 'presets']
    """
    designs = tuple(_DESIGN_COLOURS) if paired else ("Unpaired",)
    return json.loads(_curve_spec_json(designs, height))


def mde_curve_chart(
    curve: pd.DataFrame, presets: pd.DataFrame, lead: pd.DataFrame, *, height: int = 470
) -> alt.LayerChart:
    """Smallest detectable lead against questions (log–log), benchmarks marked, the lead as a rule.

    ``curve`` from :func:`curve_frame`, ``presets`` from :func:`presets_frame`,
    ``lead`` from :func:`lead_frame`. Benchmarks below the rule can see the
    reader's lead; those above cannot.
    """
    template = _curve_template(_designs(curve), height)
    return _filled(template, {"curve": curve, "lead": lead, "presets": presets})


@functools.cache
def _variance_template(height: int) -> alt.LayerChart:
    x = (
        alt.X("p:Q")
        .title("Score level p (%)")
        .scale(domain=[0, 100])
        .axis(values=list(range(0, 101, 10)))
    )
    y = (
        alt.Y("variance:Q")
        .title("Variance of one answer, p(1 − p)")
        .scale(domain=[0, 0.28], nice=False)
        .axis(values=[0, 0.05, 0.1, 0.15, 0.2, 0.25])
    )
    line = (
        alt.Chart(alt.NamedData("variance"))
        .mark_line(color=BLUE, strokeWidth=3)
        .encode(
            x=x,
            y=y,
            tooltip=[
                alt.Tooltip("p:Q").title("Level (%)").format(".0f"),
                alt.Tooltip("variance:Q").title("p(1 − p)").format(".4f"),
            ],
        )
    )
    tooltip = [
        alt.Tooltip("label:N").title("Marked"),
        alt.Tooltip("p:Q").title("Level (%)").format(".1f"),
        alt.Tooltip("variance:Q").title("p(1 − p)").format(".4f"),
        alt.Tooltip("questions:Q").title("Questions for your lead").format(",d"),
    ]
    marks = alt.NamedData("marks")
    stems = (
        alt.Chart(marks)
        .mark_rule(color=GREY, strokeDash=[4, 3])
        .encode(x=alt.X("p:Q"), y=alt.Y("base:Q"), y2=alt.Y2("variance:Q"), tooltip=tooltip)
    )
    dots = (
        alt.Chart(marks)
        .mark_point(filled=True, size=120, stroke=INK, strokeWidth=1, opacity=1)
        .encode(
            x=alt.X("p:Q"),
            y=alt.Y("variance:Q"),
            fill=alt.Fill("label:N")
            .scale(domain=[YOUR_P, "50%", "95%"], range=[VERMILLION, GREY, GREY])
            .legend(None),
            tooltip=tooltip,
        )
    )
    text = alt.Chart(marks).encode(
        x=alt.X("p:Q"), y=alt.Y("variance:Q"), text=alt.Text("label:N"), tooltip=tooltip
    )
    # The reader's label sits halfway down its stem, the reference labels above their
    # dots, so a p near 50% or 95% does not print one label over the other.
    mine = text.encode(y=alt.Y("mid:Q")).transform_filter(alt.datum.label == YOUR_P)
    label = {"fontSize": 14, "fontWeight": "bold", "color": VERMILLION}
    # Beside its stem on the side facing 50%, where the curve leaves room.
    yours_left = mine.transform_filter(alt.datum.p > 50).mark_text(align="right", dx=-6, **label)
    yours_right = mine.transform_filter(alt.datum.p <= 50).mark_text(align="left", dx=6, **label)
    others = text.transform_filter(alt.datum.label != YOUR_P).mark_text(
        dy=-16, fontSize=13, color=INK
    )
    return style(
        alt.layer(zero_rule("y"), line, stems, dots, yours_left, yours_right, others).properties(
            height=height, width="container"
        )
    )


@functools.cache
def _variance_spec_json(height: int) -> str:
    return _spec(_variance_template(height))


def variance_spec(*, height: int = 340) -> dict:
    """The spec of :func:`variance_chart` without data (a fresh copy each call).

    Fill it with :func:`with_datasets` and ``variance=``, ``marks=`` frames.

    >>> [layer["data"]["name"] for layer in variance_spec()["layer"][1:4]]
    ['variance', 'marks', 'marks']
    """
    return json.loads(_variance_spec_json(height))


def variance_chart(
    curve: pd.DataFrame, marks: pd.DataFrame, *, height: int = 340
) -> alt.LayerChart:
    """p(1 − p) against p (percent), with marked levels (the reader's p, 50%, 95%).

    ``curve`` from :func:`variance_frame`, ``marks`` from
    :func:`variance_marks_frame`. The y axis starts at zero (its rule drawn).
    """
    return _filled(_variance_template(height), {"variance": curve, "marks": marks})


@functools.cache
def _repeats_template(height: int) -> alt.LayerChart:
    x = alt.X("repeats:Q").title("Answers per question, K (log scale)").scale(type="log")
    y = alt.Y("lead:Q").title("Smallest detectable lead (points)").scale(zero=True)
    tooltip = [
        alt.Tooltip("repeats:Q").title("Answers per question").format(",d"),
        alt.Tooltip("lead:Q").title("Smallest detectable lead (points)").format(".1f"),
    ]
    line = (
        alt.Chart(alt.NamedData("curve"))
        .mark_line(color=BLUE, strokeWidth=3)
        .encode(x=x, y=y, tooltip=tooltip)
    )
    floor = alt.NamedData("floor")
    floor_rule = (
        alt.Chart(floor)
        .mark_rule(color=VERMILLION, strokeDash=[6, 4], strokeWidth=2)
        .encode(
            y=alt.Y("lead:Q"),
            tooltip=[
                alt.Tooltip("label:N").title("Line"),
                alt.Tooltip("lead:Q").title("Lead (points)").format(".1f"),
            ],
        )
    )
    floor_label = (
        alt.Chart(floor)
        .mark_text(align="right", baseline="top", dx=-4, dy=4, color=VERMILLION, fontSize=13)
        .encode(
            x=alt.value("width"),
            y=alt.Y("lead:Q"),
            text=alt.Text("label:N"),
            tooltip=[alt.Tooltip("lead:Q").title("Floor (points)").format(".1f")],
        )
    )
    dot = (
        alt.Chart(alt.NamedData("reader"))
        .mark_point(filled=True, size=120, color=VERMILLION, stroke=INK, strokeWidth=1, opacity=1)
        .encode(x=alt.X("repeats:Q"), y=alt.Y("lead:Q"), tooltip=tooltip)
    )
    return style(
        alt.layer(zero_rule("y"), line, floor_rule, floor_label, dot).properties(
            height=height, width="container"
        )
    )


@functools.cache
def _repeats_spec_json(height: int) -> str:
    return _spec(_repeats_template(height))


def repeats_spec(*, height: int = 320) -> dict:
    """The spec of :func:`repeats_chart` without data (a fresh copy each call).

    Fill it with :func:`with_datasets` and ``curve=``, ``floor=``
    (:func:`floor_frame`), ``reader=`` frames.

    >>> [layer["data"]["name"] for layer in repeats_spec()["layer"][1:]]
    ['curve', 'floor', 'floor', 'reader']
    """
    return json.loads(_repeats_spec_json(height))


def repeats_chart(
    curve: pd.DataFrame, floor_points: float, reader: pd.DataFrame, *, height: int = 320
) -> alt.LayerChart:
    """Smallest detectable lead against answers per question K, with the floor K → ∞.

    ``curve`` and ``reader`` (one row: the reader's K) from
    :func:`repeats_frame`. The floor is what the questions alone allow.
    """
    floor = floor_frame(floor_points)
    return _filled(_repeats_template(height), {"curve": curve, "floor": floor, "reader": reader})


# --------------------------------------------------------------------------- figures (the page's protocol)


def curve_figure(curve: pd.DataFrame, presets: pd.DataFrame, lead: pd.DataFrame) -> Figure:
    """The smallest-detectable-lead curve as a :class:`~benchstats.charts.Figure`.

    >>> f = curve_figure(pd.DataFrame({"questions": [10], "design": ["Unpaired"], "lead": [50.0]}),
    ...                  pd.DataFrame(columns=["name", "questions", "lead", "sees"]), lead_frame(4))
    >>> f.name, sorted(f.spec["datasets"])
    ('smallest-detectable-lead', ['curve', 'lead', 'presets'])
    """
    paired = bool((curve["design"] == DESIGN_LABELS["paired"]).any())
    return Figure(
        spec=with_datasets(mde_curve_spec(paired), curve=curve, lead=lead, presets=presets),
        picture=functools.partial(mde_curve_chart, curve, presets, lead),
        table=curve,
        name="smallest-detectable-lead",
        alt_text=(
            "The smallest detectable lead against the number of questions, both axes "
            "logarithmic, with your lead as a dashed line and each benchmark marked at its size."
        ),
    )


def variance_figure(curve: pd.DataFrame, marks: pd.DataFrame) -> Figure:
    """p(1 − p) against p with the marked levels, as a :class:`~benchstats.charts.Figure`."""
    return Figure(
        spec=with_datasets(variance_spec(), variance=curve, marks=marks),
        picture=functools.partial(variance_chart, curve, marks),
        table=marks,
        name="variance-by-level",
        alt_text=(
            "The variance of one right-or-wrong answer, p(1 − p), against the score level: "
            "highest at 50%, with 50%, 95% and your level marked."
        ),
    )


def repeats_figure(curve: pd.DataFrame, floor_points: float, reader: pd.DataFrame) -> Figure:
    """The lead against answers per question, with the floor, as a :class:`~benchstats.charts.Figure`."""
    return Figure(
        spec=with_datasets(
            repeats_spec(), curve=curve, floor=floor_frame(floor_points), reader=reader
        ),
        picture=functools.partial(repeats_chart, curve, floor_points, reader),
        table=curve,
        name="lead-by-answers-per-question",
        alt_text=(
            "The smallest detectable lead against answers per question (log scale), falling "
            "towards the floor the questions set; your K is the dot."
        ),
    )

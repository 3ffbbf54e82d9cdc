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
import math
from collections.abc import Sequence

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
    style,
    zero_rule,
)

__all__ = [
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

DESIGN_LABELS = {"unpaired": "Unpaired", "paired": "Paired"}
_DESIGN_COLOURS = {"Unpaired": BLUE, "Paired": ORANGE}
YOUR_P = "Your p"
SEES = "Can see your lead"
MISSES = "Cannot"


# --------------------------------------------------------------------------- frames


def curve_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.mde_curve`` records → questions, design (label), lead (points)."""
    df = pd.DataFrame.from_records(records, columns=["questions", "design", "mde"])
    return pd.DataFrame(
        {
            "questions": df["questions"].astype(int),
            "design": df["design"].map(DESIGN_LABELS),
            "lead": df["mde"].astype(float) * 100,
        }
    )


def presets_frame(records: Sequence[dict], lead_points: float) -> pd.DataFrame:
    """``planning.benchmark_reach`` records → one row per benchmark, marked against the lead.

    Columns: name, questions, lead (smallest detectable, unpaired, points),
    sees (whether that is at most ``lead_points``).
    """
    df = pd.DataFrame.from_records(records, columns=["name", "questions", "mde"])
    lead = df["mde"].astype(float) * 100
    return pd.DataFrame(
        {
            "name": df["name"].astype(str),
            "questions": df["questions"].astype(int),
            "lead": lead,
            "sees": np.where(lead <= lead_points, SEES, MISSES),
        }
    )


def lead_frame(lead_points: float) -> pd.DataFrame:
    """The reader's lead as a one-row frame (drawn as a horizontal rule)."""
    return pd.DataFrame({"lead": [float(lead_points)], "label": ["Your lead"]})


def variance_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.variance_curve`` records → p (percent), variance."""
    df = pd.DataFrame.from_records(records, columns=["p", "variance"])
    return pd.DataFrame(
        {"p": df["p"].astype(float) * 100, "variance": df["variance"].astype(float)}
    )


def variance_marks_frame(marks: Sequence[dict]) -> pd.DataFrame:
    """Marked levels: records ``{"label", "p", "questions"}`` (p a proportion).

    ``questions`` is what the reader's lead needs at that level (None when
    the lead does not fit there).
    """
    df = pd.DataFrame.from_records(marks, columns=["label", "p", "questions"])
    p = df["p"].astype(float)
    return pd.DataFrame(
        {
            "label": df["label"].astype(str),
            "p": p * 100,
            "variance": p * (1 - p),
            "base": 0.0,
            "mid": p * (1 - p) / 2,
            "questions": pd.array(df["questions"], dtype="Int64"),
        }
    )


REPEATS_AXIS = (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000)


def repeats_axis(k: int) -> list[int]:
    """Values of K to draw: 1 to 100 (further when the reader's K is larger), K included."""
    return sorted({*(x for x in REPEATS_AXIS if x <= max(100, k)), int(k)})


def repeats_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.repeats_table`` records (finite K) → repeats, lead (points)."""
    df = pd.DataFrame.from_records(records, columns=["repeats", "mde"])
    df = df[np.isfinite(df["repeats"].astype(float))]
    return pd.DataFrame(
        {"repeats": df["repeats"].astype(int), "lead": df["mde"].astype(float) * 100}
    ).reset_index(drop=True)


def _percent_label(p: float) -> str:
    return f"{100 * p:.2f}".rstrip("0").rstrip(".") + "%"


def mde_table_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.mde_table`` records → the articles' wide table, points to one decimal."""
    df = pd.DataFrame.from_records(records, columns=["questions", "p", "mde"])
    wide = df.assign(
        near=df["p"].map(lambda p: f"Near {_percent_label(p)} (points)"),
        lead=(100 * df["mde"]).round(1),
    ).pivot(index="questions", columns="near", values="lead")
    wide = wide[[f"Near {_percent_label(p)} (points)" for p in dict.fromkeys(df["p"])]]
    wide.columns.name = None
    return wide.reset_index().rename(columns={"questions": "Questions"})


def paired_table_frame(records: Sequence[dict], *, p: float, discordance: float) -> pd.DataFrame:
    """``planning.paired_vs_unpaired_table`` records → questions and the two leads in points."""
    df = pd.DataFrame.from_records(records, columns=["questions", "unpaired", "paired"])
    return pd.DataFrame(
        {
            "Questions": df["questions"].astype(int),
            f"Unpaired, near {_percent_label(p)} (points)": (100 * df["unpaired"]).round(1),
            f"Paired, {_percent_label(discordance)} disagree (points)": (100 * df["paired"]).round(
                1
            ),
        }
    )


def repeats_table_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.repeats_table`` records → K (text, ∞ allowed) and the lead in points."""
    df = pd.DataFrame.from_records(records, columns=["repeats", "mde"])
    return pd.DataFrame(
        {
            "Answers per question (K)": [
                "∞" if math.isinf(k) else f"{int(k):,}" for k in df["repeats"].astype(float)
            ],
            "Smallest detectable lead (points)": (100 * df["mde"]).round(1),
        }
    )


def examples_frame(records: Sequence[dict]) -> pd.DataFrame:
    """``planning.questions_needed_examples`` records → example and questions needed."""
    df = pd.DataFrame.from_records(records, columns=["case", "questions"])
    return pd.DataFrame(
        {"Example": df["case"].astype(str), "Questions needed": df["questions"].astype(int)}
    )


def reach_table_frame(presets: pd.DataFrame) -> pd.DataFrame:
    """:func:`presets_frame` → a reader's table of benchmarks, size and reach."""
    return pd.DataFrame(
        {
            "Benchmark": presets["name"],
            "Questions": presets["questions"],
            "Smallest detectable lead (points)": presets["lead"].round(1),
            "Your lead": presets["sees"],
        }
    )


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


REPEATS_FLOOR = "Floor set by the questions"


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


def floor_frame(floor_points: float) -> pd.DataFrame:
    """The floor K → ∞ as a one-row frame (drawn as a labelled rule)."""
    if not math.isfinite(floor_points):
        msg = f"floor_points must be a finite number of points, got {floor_points!r}"
        raise ValueError(msg)
    return pd.DataFrame({"lead": [float(floor_points)], "label": [REPEATS_FLOOR]})


def repeats_chart(
    curve: pd.DataFrame, floor_points: float, reader: pd.DataFrame, *, height: int = 320
) -> alt.LayerChart:
    """Smallest detectable lead against answers per question K, with the floor K → ∞.

    ``curve`` and ``reader`` (one row: the reader's K) from
    :func:`repeats_frame`. The floor is what the questions alone allow.
    """
    floor = floor_frame(floor_points)
    return _filled(_repeats_template(height), {"curve": curve, "floor": floor, "reader": reader})

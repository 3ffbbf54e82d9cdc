"""Charts of the Questions needed page: :mod:`benchstats.planning` records in, figures out.

The ``*_frame`` helpers turn planning records (proportions) into the tidy
frames the charts draw and a CSV holds (points and percent), so a notebook
gets the same pictures as the page. The curve near 80%, its thumb on a
4-point lead of three stops:

>>> from benchstats import planning
>>> from benchstats.charts import planning as charts
>>> from benchstats.charts.thumb import Thumb
>>> from benchstats.prose.planning import needed_headline
>>> leads = [2.0, 4.0, 8.0]
>>> plans = [planning.plan_lead(0.8, d / 100) for d in leads]
>>> curve = charts.curve_frame(planning.mde_curve(charts.CURVE_QUESTIONS, p=0.8))
>>> presets = charts.presets_family(planning.benchmark_reach(p=0.8), leads)
>>> stops = charts.lead_stops(plans, [needed_headline(plan) for plan in plans])
>>> said = ("2 points", "4 points", "8 points")
>>> at = Thumb(page="needed", key="d", values=tuple(leads), index=1, words=said)
>>> figure = charts.curve_figure(curve, presets, stops, at)
>>> type(figure.picture()).__name__  # the Altair chart a download draws
'LayerChart'

Each chart is built once with its layers reading named data sets
(:func:`benchstats.charts.template`); a figure slots this input's rows into
it, so the spec stays the same while the reader moves an input.

Leads here are smallest detectable leads: always positive, drawn on a log
axis (a rule at zero cannot exist there; the axis says where it starts).

The curve's chart follows the thumb over the reader's lead
(:mod:`benchstats.charts.thumb`): :func:`lead_stops` holds each stop's rule,
marker and sentence, :func:`presets_family` which benchmarks see each stop.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import altair as alt
import numpy as np
import pandas as pd

from benchstats import language, words
from benchstats.charts._common import (
    BLUE,
    FIT_X,
    GREEN,
    GREY,
    INK,
    ORANGE,
    VERMILLION,
    Figure,
    filled_figure,
    style,
    template,
    zero_rule,
)
from benchstats.charts.thumb import FAMILY, SAID_SIZE, STOPS, Thumb, per_stop
from benchstats.charts.thumb import template as thumb_template
from benchstats.language import N_, _
from benchstats.planning import LeadPlan
from benchstats.prose.planning import example_case

# x domain of the curve: 10 to 100,000 questions, 25 points a decade (aggregate, not raw)
CURVE_QUESTIONS = np.unique(np.round(np.logspace(1, 5, 101)).astype(int))
N_DOMAIN = [10, 100_000]
N_TICKS = [10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000]
LEAD_DOMAIN = [0.1, 100]  # points; fixed so moving p or the power moves the curve, not the axis
LEAD_TICKS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100]
CURVE_HEIGHT = 280  # px, the plot's own: its axes and legend add to it (fit-x)
# The sentence printed on the curve wraps to the plot's width (a phone's plot is under 300 px):
# at most as many characters a line as the plot holds at SAID_EM of its font size a character
# (Source Sans averages 0.46 em), never fewer than SAID_CHARS, on about even lines, its words
# whole; a translator's own lines are kept where each fits. The sizes the chart draws its
# sentence and its benchmarks' tags at are a parameter (SIZES_PARAM) that the room view raises
# with every other font size (``ui.view.fit``), so what the chart works out in the browser
# follows the size drawn.
SIZES_PARAM = "text_size"
TAG_SIZE = 12  # px, the benchmarks' tags
SAID_EM = 0.5
SAID_CHARS = 12
SAID_DX = 8  # px from the plot's left edge, and kept free at its right
_SAID_PX = f"{SIZES_PARAM}.saidFontSize"
_SAID_MOST = f"max({SAID_CHARS}, floor((width - {2 * SAID_DX}) / ({SAID_EM} * {_SAID_PX})))"
# a translator's lines, kept where each fits; else the words on about even lines, greedily
_SAID_FITS = f"!test(regexp('[^\\n]{{' + ({_SAID_MOST} + 1) + ',}}'), datum.said)"
_SAID_ONE = "replace(datum.said, regexp('\\n', 'g'), ' ')"
_SAID_EVEN = (
    f"min({_SAID_MOST}, ceil(length(datum.one) / ceil(length(datum.one) / {_SAID_MOST})) + 2)"
)
_SAID_WRAPPED = (
    f"{_SAID_FITS} ? datum.said : "
    f"trim(replace(datum.one, regexp('(.{{1,' + {_SAID_EVEN} + '}})( +|$)', 'g'), '$1\\n'))"
)
LABEL_GAP = 0.25  # decades of questions: benchmarks closer than this on the curve share a label
LABEL_LINE = 24  # characters: a shared label wraps at this length
# Degrees above the horizontal: the labels rise to the right from their dots, across the falling
# curve, into the empty room above it; steeper where the plot is narrow (a phone, a laptop beside
# the inputs).
LABEL_ANGLE = "width < 340 ? 40 : 20"
# Each tag is turned steeper than that where its text would run past the plot's right edge, and
# flatter where past its top (worked out in the browser from where its dot lies on the two log
# axes, its longest line at SAID_EM a character and its height; between the two where neither
# angle fits).
_TAG_PX = f"{SIZES_PARAM}.tagFontSize"
_TAG_LINES = "split(datum.tag, '\\n')"
_TAG_LONG = (
    f"{SAID_EM} * {_TAG_PX} * max(length({_TAG_LINES}[0]), length({_TAG_LINES}[1] || ''), "
    f"length({_TAG_LINES}[2] || '')) + 10"
)
_X_AT = f"width * (log(datum.questions) / LN10 - {math.log10(N_DOMAIN[0])}) / {math.log10(N_DOMAIN[1] / N_DOMAIN[0])}"
_Y_DOWN = f"height * ({math.log10(LEAD_DOMAIN[1])} - log(datum.lead) / LN10) / {math.log10(LEAD_DOMAIN[1] / LEAD_DOMAIN[0])}"
_TAG_RIGHT = f"width - {_X_AT} - 4 - (length({_TAG_LINES}) - 1) * ({_TAG_PX} + 2)"
_TAG_STEEPEST = f"acos(clamp(({_TAG_RIGHT}) / datum.tag_px, 0, 1)) * 180 / PI"
_TAG_FLATTEST = f"asin(clamp(({_Y_DOWN} - 4 - {_TAG_PX}) / datum.tag_px, 0, 1)) * 180 / PI"
_TAG_ANGLE = (
    "360 - (datum.tag_lo <= datum.tag_hi ? "
    f"clamp({LABEL_ANGLE}, datum.tag_lo, datum.tag_hi) : (datum.tag_lo + datum.tag_hi) / 2)"
)

# The words a chart draws as a legend's or a label's domain: marked here, translated in the
# frames that hold them and in the charts' domains alike (a frame and its chart in one language).
DESIGN_LABELS = {"unpaired": N_("Unpaired"), "paired": N_("Paired")}
_DESIGN_COLOURS = {"Unpaired": BLUE, "Paired": ORANGE}
YOUR_P = N_("Your p")
YOUR_N = N_("Your benchmark")
# TRANSLATORS: whether a benchmark on the curve can see the reader's lead: "Can see your lead" or
# "Cannot" (the legend of its dots).
SEES = N_("Can see your lead")
MISSES = N_("Cannot")
YOUR_LEAD = N_("Your lead")
REPEATS_FLOOR = N_("Floor set by the questions")
REPEATS_AXIS = (1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000)
REFERENCE_LEVELS = (0.5, 0.95)  # the levels the variance chart marks beside the reader's p


def level_marks() -> list[str]:
    """The reference levels' labels on the variance chart, the run's language's way ("50%")."""
    return [words.score(p) for p in REFERENCE_LEVELS]


# --------------------------------------------------------------------------- frames


def curve_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """``planning.mde_curve`` records → questions, design (label), lead (points)."""
    return pd.DataFrame(
        {
            "questions": [int(r["questions"]) for r in rows],
            "design": [_(DESIGN_LABELS[r["design"]]) for r in rows],
            "lead": [float(r["mde"]) * 100 for r in rows],
        }
    )


def presets_frame(rows: Sequence[dict], lead_points: float) -> pd.DataFrame:
    """``planning.benchmark_reach`` records → one row per benchmark, marked against the lead.

    Columns: name, questions, lead (smallest detectable, unpaired, points),
    sees (whether that is at most ``lead_points``).
    """
    lead = [float(r["mde"]) * 100 for r in rows]
    sees, misses = _(SEES), _(MISSES)
    return pd.DataFrame(
        {
            "name": [str(r["name"]) for r in rows],
            "questions": [int(r["questions"]) for r in rows],
            "lead": lead,
            "sees": [sees if x <= lead_points else misses for x in lead],
        }
    ).astype({"name": str, "questions": int, "lead": float})


def short_name(name: str) -> str:
    """A benchmark's name as a label on the curve: without its split or its year.

    >>> short_name("MBPP test"), short_name("AIME, one year"), short_name("HellaSwag validation")
    ('MBPP', 'AIME', 'HellaSwag')
    """
    return name.split(",")[0].removesuffix(" test").removesuffix(" validation")


def dot_labels(questions: Sequence[int], names: Sequence[str]) -> list[str]:
    """Each benchmark's label on the curve: benchmarks within :data:`LABEL_GAP` decades of the
    next share one, written at the smallest of them ("" at the others), so no two labels sit on
    top of each other; names wrap onto lines of at most :data:`LABEL_LINE` characters.

    >>> dot_labels([164, 198, 30, 500, 448], ["HumanEval", "GPQA", "AIME", "MBPP test", "GPQA main"])
    ['HumanEval, GPQA', '', 'AIME', '', 'GPQA main, MBPP']
    """
    out = [""] * len(questions)
    groups: list[list[int]] = []
    for i in sorted(range(len(questions)), key=lambda i: questions[i]):
        if groups and math.log10(questions[i] / questions[groups[-1][-1]]) < LABEL_GAP:
            groups[-1].append(i)
        else:
            groups.append([i])
    for group in groups:
        lines = [""]
        for name in (short_name(names[j]) for j in group):
            joined = f"{lines[-1]}, {name}" if lines[-1] else name
            if lines[-1] and len(joined) > LABEL_LINE:
                lines[-1] += ","
                lines.append(name)
            else:
                lines[-1] = joined
        out[group[0]] = "\n".join(lines)
    return out


def presets_family(rows: Sequence[dict], leads_points: Sequence[float]) -> pd.DataFrame:
    """:func:`presets_frame` at every stop of the lead's thumb: ``sees{i}`` for stop i, and each
    dot's label (:func:`dot_labels`).

    >>> f = presets_family([{"name": "X", "questions": 100, "mde": 0.1}], [5.0, 20.0])
    >>> f.drop(columns="lead").to_dict("records")
    [{'sees0': 'Cannot', 'sees1': 'Can see your lead', 'name': 'X', 'questions': 100, 'tag': 'X'}]
    """
    frame = presets_frame(rows, -np.inf).drop(columns="sees")
    frame["tag"] = dot_labels(frame["questions"].tolist(), frame["name"].tolist())
    lead = frame["lead"].to_numpy()
    sees, misses = _(SEES), _(MISSES)
    sees = {f"sees{i}": np.where(lead <= x, sees, misses) for i, x in enumerate(leads_points)}
    # text columns, not objects: the chart's data then goes to Arrow straight from the frame
    # (ui.chart_data.plain), the same bytes as from its rows, without rebuilding them
    return pd.DataFrame(sees, dtype="str").assign(**frame)


def lead_stops(plans: Sequence[LeadPlan], said: Sequence[str]) -> pd.DataFrame:
    """One row per stop of the lead's thumb: the lead (points, the dashed rule), the questions it
    needs (the marker) and ``said``, the sentence printed on the chart."""
    return per_stop(
        pd.DataFrame(
            {
                "lead": [100 * plan.lead for plan in plans],
                "questions": [plan.needed for plan in plans],
                "label": _(YOUR_LEAD),
                "said": list(said),
            }
        )
    )


def benchmark_frame(n: int | None, mde_points: float | None) -> pd.DataFrame:
    """The reader's benchmark on the curve: one row (questions, lead), none without n."""
    rows = [] if n is None else [(int(n), float(mde_points), _(YOUR_N))]
    return pd.DataFrame(rows, columns=["questions", "lead", "label"]).astype(
        {"questions": int, "lead": float, "label": str}
    )


def variance_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """``planning.variance_curve`` records → p (percent), variance."""
    return pd.DataFrame(
        {"p": [100 * float(r["p"]) for r in rows], "variance": [float(r["variance"]) for r in rows]}
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


def repeats_axis(k: int) -> list[int]:
    """Values of K to draw: 1 to 100 (further when the reader's K is larger), K included."""
    return sorted({*(x for x in REPEATS_AXIS if x <= max(100, k)), int(k)})


def repeats_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """``planning.repeats_table`` records (finite K) → repeats, lead (points)."""
    kept = [r for r in rows if math.isfinite(r["repeats"])]
    return pd.DataFrame(
        {"repeats": [int(r["repeats"]) for r in kept], "lead": [100 * r["mde"] for r in kept]}
    ).astype({"repeats": int, "lead": float})


def floor_frame(floor_points: float) -> pd.DataFrame:
    """The floor K → ∞ as a one-row frame (drawn as a labelled rule)."""
    if not math.isfinite(floor_points):
        msg = f"floor_points must be a finite number of points, got {floor_points!r}"
        raise ValueError(msg)
    return pd.DataFrame({"lead": [float(floor_points)], "label": [_(REPEATS_FLOOR)]})


# --------------------------------------------------------------------------- tables


def mde_table_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """``planning.mde_table`` records → the articles' wide table, points to one decimal."""
    # TRANSLATORS: a table's column: the smallest detectable lead near a level ("Near 50%
    # (points)").
    near = _("Near {level} (points)")
    levels = list(dict.fromkeys(float(r["p"]) for r in rows))
    questions = sorted({int(r["questions"]) for r in rows})  # the rows as a pivot orders them
    lead = np.round(100 * np.array([float(r["mde"]) for r in rows]), 1)
    cell = {(int(r["questions"]), float(r["p"])): x for r, x in zip(rows, lead, strict=True)}
    wide = {
        near.format(level=words.score(p)): np.array([cell.get((n, p), np.nan) for n in questions])
        for p in levels
    }
    return pd.DataFrame({_("Questions"): np.array(questions, dtype=np.int64), **wide})


def paired_table_frame(rows: Sequence[dict], *, p: float, discordance: float) -> pd.DataFrame:
    """``planning.paired_vs_unpaired_table`` records → questions and the two leads in points."""
    # TRANSLATORS: a table's columns: the smallest detectable lead unpaired near a level
    # ({level}, "70%"), and paired when the models disagree on {share} ("20%") of the questions.
    unpaired = _("Unpaired, near {level} (points)").format(level=words.score(p))
    paired = _("Paired, {share} disagree (points)").format(share=words.score(discordance))
    return pd.DataFrame(
        {
            _("Questions"): [int(r["questions"]) for r in rows],
            unpaired: [round(100 * r["unpaired"], 1) for r in rows],
            paired: [round(100 * r["paired"], 1) for r in rows],
        }
    )


def repeats_table_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """``planning.repeats_table`` records → K (text, ∞ allowed) and the lead in points."""
    return pd.DataFrame(
        {
            _("Answers per question (K)"): [
                "∞" if math.isinf(r["repeats"]) else words.count(int(r["repeats"])) for r in rows
            ],
            _("Smallest detectable lead (points)"): [round(100 * r["mde"], 1) for r in rows],
        }
    )


def examples_frame(rows: Sequence[dict]) -> pd.DataFrame:
    """``planning.questions_needed_examples`` records → example and questions needed."""
    return pd.DataFrame(
        {
            _("Example"): [example_case(r) for r in rows],
            _("Questions needed"): [int(r["questions"]) for r in rows],
        }
    )


def reach_table_frame(presets: pd.DataFrame) -> pd.DataFrame:
    """:func:`presets_frame` → a reader's table of benchmarks, size and reach."""
    return pd.DataFrame(
        {
            _("Benchmark"): presets["name"],
            _("Questions"): presets["questions"],
            _("Smallest detectable lead (points)"): presets["lead"].round(1),
            _(YOUR_LEAD): presets["sees"],
        }
    )


def table_text(df: pd.DataFrame) -> pd.DataFrame:
    """A table frame as the screen shows it: every number through :mod:`benchstats.words`.

    The tables' columns of fractional numbers hold points, their whole-number columns counts
    (questions); a text column stays as it is. So the rule holds in every language, whatever a
    column is called.

    >>> table_text(pd.DataFrame({"Questions": [1000], "Near 50% (points)": [6.26]}))
      Questions Near 50% (points)
    0     1,000               6.3
    """
    out = df.copy()
    for col in df.columns:
        if pd.api.types.is_float_dtype(df[col]):
            out[col] = [words.points(x / 100, signed=False) for x in df[col].astype(float)]
        elif pd.api.types.is_integer_dtype(df[col]):
            out[col] = [words.count(int(x)) for x in df[col]]
    return out


# --------------------------------------------------------------------------- charts


def _rule_label(chart: alt.Chart, colour: str, *, left: bool = False, **where) -> alt.Chart:
    """A rule's label at the plot's right edge, or ``left`` (``where``: baseline and offset)."""
    edge = dict(align="left", dx=4) if left else dict(align="right", dx=-4)
    return chart.mark_text(color=colour, fontSize=13, **edge, **where).encode(
        x=alt.value(0 if left else "width"), y=alt.Y("lead:Q"), text=alt.Text("label:N")
    )


def _curve(
    at: Thumb, *, bound: bool = True, designs: tuple[str, ...] = tuple(_DESIGN_COLOURS)
) -> alt.LayerChart:
    x = (
        alt.X("questions:Q")
        .title(_("Questions (log scale)"))
        .scale(type="log", domain=N_DOMAIN)
        .axis(values=N_TICKS, format=",d")
    )
    lead_tip = [alt.Tooltip("lead:Q").title(_("Smallest detectable lead (points)")).format(".1f")]
    lines = (
        alt.Chart(alt.NamedData("curve"))
        .mark_line(strokeWidth=3, clip=True)
        .encode(
            x=x,
            y=alt.Y("lead:Q")
            .title(_("Smallest detectable lead (points)"))
            .scale(type="log", domain=LEAD_DOMAIN)
            .axis(values=LEAD_TICKS),
            color=alt.Color("design:N")
            .title(_("Test"))
            .scale(domain=[_(d) for d in designs], range=[_DESIGN_COLOURS[d] for d in designs])
            .legend(direction="vertical"),
            tooltip=[
                alt.Tooltip("design:N").title(_("Test")),
                alt.Tooltip("questions:Q").title(_("Questions")).format(",d"),
                *lead_tip,
            ],
        )
    )
    your_lead = [alt.Tooltip("lead:Q").title(_("Your lead (points)")).format(".1f")]
    here = alt.Chart(alt.NamedData(STOPS)).transform_filter(at.here())
    rule = here.mark_rule(color=INK, strokeDash=[6, 4], strokeWidth=2).encode(
        y=alt.Y("lead:Q"), tooltip=your_lead
    )
    # on the left under the rule, below the curves: the benchmarks' labels rise above them
    rule_label = _rule_label(here, INK, left=True, baseline="top", dy=4).encode(tooltip=your_lead)
    needs = [
        alt.Tooltip("lead:Q").title(_("Your lead (points)")).format(".1f"),
        alt.Tooltip("questions:Q").title(_("Questions it needs, unpaired")).format(",d"),
    ]
    needed = here.mark_point(
        shape="circle", size=150, filled=True, color=VERMILLION, stroke=INK, strokeWidth=1.5,
        opacity=1, clip=True,
    ).encode(x=alt.X("questions:Q"), y=alt.Y("lead:Q"), tooltip=needs)  # fmt: skip
    # the stop's sentence in the empty corner under the curves (the benchmarks' labels rise above),
    # wrapped to the plot's width at the size drawn (SIZES_PARAM), its last line above the axis
    line = f"({_SAID_PX} + 4)"
    said = (
        here.transform_calculate(one=_SAID_ONE)
        .transform_calculate(shown=_SAID_WRAPPED)
        .transform_calculate(lines="length(split(datum.shown, '\\n'))")
        .mark_text(
            align="left", baseline="bottom", dx=SAID_DX, dy=alt.expr(f"-8 - {line} * (datum.lines - 1)"),
            color=INK, lineBreak="\n", lineHeight=alt.expr(line),
        )
        .encode(x=alt.value(0), y=alt.value("height"), text=alt.Text("shown:N"), tooltip=needs)
    )  # fmt: skip
    points = (
        alt.Chart(alt.NamedData(FAMILY))
        .transform_calculate(sees=at.pick("sees"))
        .mark_point(filled=True, size=90, stroke=INK, strokeWidth=1, opacity=1)
        .encode(
            x=alt.X("questions:Q"),
            y=alt.Y("lead:Q"),
            shape=alt.Shape("sees:N")
            .title(_("Benchmarks"))
            .scale(domain=[_(SEES), _(MISSES)], range=["circle", "triangle-up"])
            .legend(direction="vertical"),
            fill=alt.Fill("sees:N")
            .title(_("Benchmarks"))
            .scale(domain=[_(SEES), _(MISSES)], range=[GREEN, VERMILLION])
            .legend(direction="vertical"),
            tooltip=[
                alt.Tooltip("name:N").title(_("Benchmark")),
                alt.Tooltip("questions:Q").title(_("Questions")).format(",d"),
                alt.Tooltip("lead:Q")
                .title(_("Smallest detectable lead, unpaired (points)"))
                .format(".1f"),
                alt.Tooltip("sees:N").title(_(YOUR_LEAD)),
            ],
        )
    )
    tags = (
        alt.Chart(alt.NamedData(FAMILY))
        .transform_filter("datum.tag != ''")
        .transform_calculate(tag_px=_TAG_LONG)
        .transform_calculate(tag_lo=_TAG_STEEPEST, tag_hi=_TAG_FLATTEST)
        .mark_text(
            align="left",
            baseline="bottom",
            angle=alt.expr(_TAG_ANGLE),
            dx=10,
            fontSize=alt.expr(_TAG_PX),
            lineBreak="\n",
            clip=True,
        )
        .encode(
            x=alt.X("questions:Q"),
            y=alt.Y("lead:Q"),
            text=alt.Text("tag:N"),
            color=alt.value(INK),
            tooltip=[alt.Tooltip("tag:N").title(_("Benchmarks"))],
        )
    )
    mine = alt.Chart(alt.NamedData("benchmark")).encode(
        x=alt.X("questions:Q"),
        y=alt.Y("lead:Q"),
        tooltip=[
            alt.Tooltip("label:N").title(_("Marked")),
            alt.Tooltip("questions:Q").title(_("Questions")).format(",d"),
            *lead_tip,
        ],
    )
    ring = mine.mark_point(shape="diamond", size=260, filled=True, color=INK, opacity=1)
    # below-left of its diamond, under both curves (the benchmarks' labels rise above them)
    ring_label = mine.mark_text(align="right", dx=-12, dy=24, fontSize=13, color=INK).encode(
        text=alt.Text("label:N")
    )
    chart = style(
        alt.layer(lines, rule, rule_label, points, ring, ring_label, needed, said, tags)
        .resolve_scale(color="independent")
        .add_params(
            at.param(bound=bound),
            alt.param(name=SIZES_PARAM, value={"saidFontSize": SAID_SIZE, "tagFontSize": TAG_SIZE}),
        )
        .properties(height=CURVE_HEIGHT, width="container", autosize=FIT_X)
    )
    return chart.configure_text(fontSize=SAID_SIZE)


_CURVE_SPEC = thumb_template(_curve)


def curve_figure(
    curve: pd.DataFrame,
    presets: pd.DataFrame,
    stops: pd.DataFrame,
    at: Thumb,
    benchmark: pd.DataFrame | None = None,
) -> Figure:
    """The smallest detectable lead against questions (log–log), benchmarks marked, the lead as a
    rule with the questions it needs; the rule, the marker and its sentence follow the thumb.

    ``curve`` from :func:`curve_frame`, ``presets`` from :func:`presets_family` and ``stops``
    from :func:`lead_stops` over the thumb's stops, ``benchmark`` (the reader's n, optional)
    from :func:`benchmark_frame`. Benchmarks below the rule can see the reader's lead. The
    legend lists the designs the curve holds; the page always draws both, so its spec never
    changes.

    >>> from benchstats.planning import plan_lead
    >>> at = Thumb("needed", "d", (4.0,), 0, ("4 points",))
    >>> f = curve_figure(curve_frame([{"questions": 10, "design": "unpaired", "mde": 0.5}]),
    ...                  presets_family([], [4.0]), lead_stops([plan_lead(0.8, 0.04)], ["…"]), at)
    >>> f.name, sorted(f.spec["datasets"])
    ('smallest-detectable-lead', ['benchmark', 'curve', 'family', 'stops'])
    """
    frames = {
        "curve": curve,
        STOPS: stops,
        FAMILY: presets,
        "benchmark": benchmark_frame(None, None) if benchmark is None else benchmark,
    }
    drawn = set(curve["design"])
    designs = tuple(d for d in _DESIGN_COLOURS if _(d) in drawn)
    spec = (
        _CURVE_SPEC(at)
        if designs == tuple(_DESIGN_COLOURS)
        else _curve(at, designs=designs).to_dict()
    )
    return filled_figure(
        spec,
        functools.partial(_curve, at, bound=False, designs=designs),
        frames,
        table=curve,
        name="smallest-detectable-lead",
        alt_text=_(
            "The smallest detectable lead against the number of questions, both axes "
            "logarithmic, with your lead as a dashed line and each benchmark marked at its size."
        ),
    )


@language.per_language  # a built chart holds its words
def _variance() -> alt.LayerChart:
    x = (
        alt.X("p:Q")
        .title(_("Score level p (%)"))
        .scale(domain=[0, 100])
        .axis(values=list(range(0, 101, 10)))
    )
    y = (
        alt.Y("variance:Q")
        .title(_("Variance of one answer, p(1 − p)"))
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
                alt.Tooltip("p:Q").title(_("Level (%)")).format(".0f"),
                alt.Tooltip("variance:Q").title("p(1 − p)").format(".4f"),
            ],
        )
    )
    tooltip = [
        alt.Tooltip("label:N").title(_("Marked")),
        alt.Tooltip("p:Q").title(_("Level (%)")).format(".1f"),
        alt.Tooltip("variance:Q").title("p(1 − p)").format(".4f"),
        alt.Tooltip("questions:Q").title(_("Questions for your lead")).format(",d"),
    ]
    marks = alt.Chart(alt.NamedData("marks")).encode(x=alt.X("p:Q"), tooltip=tooltip)
    stems = marks.mark_rule(color=GREY, strokeDash=[4, 3]).encode(
        y=alt.Y("base:Q"), y2=alt.Y2("variance:Q")
    )
    yours = _(YOUR_P)
    dots = marks.mark_point(filled=True, size=120, stroke=INK, strokeWidth=1, opacity=1).encode(
        y=alt.Y("variance:Q"),
        fill=alt.Fill("label:N")
        .scale(domain=[yours, *level_marks()], range=[VERMILLION, GREY, GREY])
        .legend(None),
    )
    text = marks.encode(y=alt.Y("variance:Q"), text=alt.Text("label:N"))
    # The reader's label sits halfway down its stem, on the side facing 50% (where the
    # curve leaves room), the reference labels above their dots: a p near 50% or 95%
    # does not print one label over the other.
    mine = text.encode(y=alt.Y("mid:Q")).transform_filter(alt.datum.label == yours)
    label = {"fontSize": 14, "fontWeight": "bold", "color": VERMILLION}
    yours_left = mine.transform_filter(alt.datum.p > 50).mark_text(align="right", dx=-6, **label)
    yours_right = mine.transform_filter(alt.datum.p <= 50).mark_text(align="left", dx=6, **label)
    others = text.transform_filter(alt.datum.label != yours).mark_text(
        dy=-16, fontSize=13, color=INK
    )
    return style(
        alt.layer(zero_rule("y"), line, stems, dots, yours_left, yours_right, others).properties(
            height=320, width="container"
        )
    )


_VARIANCE_SPEC = template(_variance)


def variance_figure(curve: pd.DataFrame, marks: pd.DataFrame) -> Figure:
    """p(1 − p) against p (percent), with marked levels (the reader's p, 50%, 95%).

    ``curve`` from :func:`variance_frame`, ``marks`` from
    :func:`variance_marks_frame`. The y axis starts at zero (its rule drawn).
    """
    frames = {"variance": curve, "marks": marks}
    return filled_figure(
        _VARIANCE_SPEC(),
        _variance,
        frames,
        table=marks,
        name="variance-by-level",
        alt_text=_(
            "The variance of one right-or-wrong answer, p(1 − p), against the score level: "
            "highest at 50%, with 50%, 95% and your level marked."
        ),
    )


@language.per_language  # a built chart holds its words
def _repeats() -> alt.LayerChart:
    x = alt.X("repeats:Q").title(_("Answers per question, K (log scale)")).scale(type="log")
    y = alt.Y("lead:Q").title(_("Smallest detectable lead (points)")).scale(zero=True)
    tooltip = [
        alt.Tooltip("repeats:Q").title(_("Answers per question")).format(",d"),
        alt.Tooltip("lead:Q").title(_("Smallest detectable lead (points)")).format(".1f"),
    ]
    line = (
        alt.Chart(alt.NamedData("curve"))
        .mark_line(color=BLUE, strokeWidth=3)
        .encode(x=x, y=y, tooltip=tooltip)
    )
    floor_tip = [
        alt.Tooltip("label:N").title(_("Line")),
        alt.Tooltip("lead:Q").title(_("Lead (points)")).format(".1f"),
    ]
    floor = alt.Chart(alt.NamedData("floor"))
    floor_rule = floor.mark_rule(color=VERMILLION, strokeDash=[6, 4], strokeWidth=2).encode(
        y=alt.Y("lead:Q"), tooltip=floor_tip
    )
    floor_label = _rule_label(floor, VERMILLION, baseline="top", dy=4).encode(tooltip=floor_tip)
    dot = (
        alt.Chart(alt.NamedData("reader"))
        .mark_point(filled=True, size=120, color=VERMILLION, stroke=INK, strokeWidth=1, opacity=1)
        .encode(x=alt.X("repeats:Q"), y=alt.Y("lead:Q"), tooltip=tooltip)
    )
    return style(
        alt.layer(zero_rule("y"), line, floor_rule, floor_label, dot).properties(
            height=300, width="container"
        )
    )


_REPEATS_SPEC = template(_repeats)


def repeats_figure(curve: pd.DataFrame, floor_points: float, k: int) -> Figure:
    """Smallest detectable lead against answers per question K, the floor K → ∞, the reader's K.

    ``curve`` from :func:`repeats_frame`; the floor is what the questions alone allow.
    """
    frames = {
        "curve": curve,
        "floor": floor_frame(floor_points),
        "reader": curve[curve["repeats"] == k].reset_index(drop=True),
    }
    return filled_figure(
        _REPEATS_SPEC(),
        _repeats,
        frames,
        table=curve,
        name="lead-by-answers-per-question",
        alt_text=_(
            "The smallest detectable lead against answers per question (log scale), falling "
            "towards the floor the questions set; your K is the dot."
        ),
    )

"""Questions needed: plan a benchmark that can see the lead you care about.

Inputs (all in the URL): ``p`` level (percent), ``d`` lead (points), ``n``
questions, ``alpha``, ``power``, ``sides``, ``discordance`` (percent,
optional), ``repeats`` (K), ``omega2``/``sigma2_a``/``sigma2_b`` (variances
as decimals), ``m`` (cluster size), ``icc``.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from functools import partial

import pandas as pd
import streamlit as st

from benchstats import (
    minimum_detectable_effect,
    minimum_detectable_effect_repeats,
    questions_needed,
    questions_needed_paired,
)
from benchstats import planning as plan
from benchstats.charts import planning as charts
from ui import params
from ui.downloads import chart_downloads
from ui.verdict import KeyNumber, verdict_card

DEFAULTS = {
    "p": 80.0,
    "d": 4.0,
    "n": 198,
    "alpha": 0.05,
    "power": 0.8,
    "repeats": 10,
    "omega2": plan.REPEATS_EXAMPLE["omega2"],
    "sigma2_a": plan.REPEATS_EXAMPLE["sigma2_a"],
    "sigma2_b": plan.REPEATS_EXAMPLE["sigma2_b"],
    "m": 10,
    "icc": 0.1,
}
# URL values are the option texts themselves (a bound selectbox reads the shown label).
SIDES = {"two-sided": 2, "one-sided": 1}

# The articles' examples, one click away: (label, values to put in the inputs).
EXAMPLES = [
    ("82% vs 78%", {"p": 80.0, "d": 4.0}),
    ("1.5 points near 80%", {"p": 80.0, "d": 1.5}),
    ("71% vs 69%", {"p": 70.0, "d": 2.0}),
    ("198 questions at 94%", {"p": 94.0, "n": 198}),
]


# --------------------------------------------------------------------------- formatting


def pts(x: float) -> str:
    """A proportion as points, one decimal."""
    return f"{100 * x:.1f}"


def pct(x: float) -> str:
    """A proportion as a percentage, up to two decimals, trailing zeros dropped (82%, 80.75%)."""
    text = f"{100 * x:.2f}".rstrip("0").rstrip(".")
    return f"{text}%"


def count(x: int) -> str:
    return f"{x:,}"


def level(x: float) -> str:
    """A significance or power level as a percentage."""
    text = f"{100 * x:.2f}".rstrip("0").rstrip(".")
    return f"{text}%"


# --------------------------------------------------------------------------- inputs

_NOTES = "_questions_needed_notes"


def optional_percent(
    label: str, key: str, *, min_value: float, max_value: float, help: str, container
):
    """A percent input bound to ``?key=`` that may be left empty (None).

    ``ui.params.number`` always has a value; paired planning needs "not set",
    so this mirrors its refusal note for an optional input.
    """
    raw = params.raw_param(key)
    value = container.number_input(
        label,
        key=key,
        bind="query-params",
        value=None,
        min_value=min_value,
        max_value=max_value,
        step=1.0,
        format="%.1f",
        placeholder="Not set",
        help=help,
    )
    notes = st.session_state.setdefault(_NOTES, {})
    if raw not in (None, "") and value is None:
        shown = raw.replace("`", "'").replace("\n", " ")[:40]
        reason = (
            " (0% means the two models never disagree, so neither can lead)"
            if shown.strip() in {"0", "0.0", "0.00"}
            else ""
        )
        notes[key] = (
            f"The link's `{key}={shown}` can't be used: {key} must be a number from "
            f"{min_value:g} to {max_value:g} percent{reason}. Paired planning is off until "
            "you type a rate."
        )
    if value is not None:
        notes.pop(key, None)
    if key in notes:
        container.warning(notes[key], icon=":material/link_off:")
    return value


def show_table(df: pd.DataFrame, title: str, name: str) -> None:
    """A table with readable number formats and its CSV download."""
    config = {}
    for col in df.columns:
        if col.endswith("(points)"):
            config[col] = st.column_config.NumberColumn(format="%.1f")
        elif col.startswith("Questions"):
            config[col] = st.column_config.NumberColumn(format="localized")
    st.markdown(f"**{title}**")
    st.dataframe(df, hide_index=True, column_config=config)
    st.download_button(
        "Data (CSV)",
        data=lambda: df.to_csv(index=False).encode(),
        file_name=f"{name}.csv",
        mime="text/csv",
        key=f"dl-table-{name}",
        icon=":material/table:",
        on_click="ignore",
    )


@contextmanager
def guarded(box, what: str):
    """Draw into ``box``; a ValueError from benchstats becomes a plain message there."""
    with box:
        try:
            yield
        except ValueError as exc:
            st.error(f"Could not work out {what} from these inputs: {exc}", icon=":material/error:")


def tiles(items: list[tuple[str, str]]) -> None:
    """Numbers as metric tiles as wide as their content, wrapping on a narrow screen."""
    row = st.container(horizontal=True, wrap=True, gap="medium")
    for label, value in items:
        row.metric(label, value, width="content")


def use_example(values: dict) -> None:
    for key, value in values.items():
        st.session_state[key] = value


# --------------------------------------------------------------------------- charts
# Each chart's spec is built once (benchstats.charts.planning caches it); a rerun only
# works out the rows and hands them over with the spec, so no Altair chart is built or
# validated per input change. The Altair chart is built only for a PNG or SVG download.


@st.cache_data(max_entries=64, show_spinner=False)
def curve_frames(p: float, lead: float, discordance: float | None, alpha2: float, power: float):
    curve = charts.curve_frame(
        plan.mde_curve(
            charts.CURVE_QUESTIONS, p=p, discordance=discordance, alpha=alpha2, power=power
        )
    )
    presets = charts.presets_frame(plan.benchmark_reach(p=p, alpha=alpha2, power=power), 100 * lead)
    return curve, presets


def needed_at(level_p: float, lead: float, alpha2: float, power: float) -> int | None:
    """Questions for the lead at another level; None when the lead does not fit there."""
    try:
        return questions_needed(*plan.scores_near(level_p, lead), alpha=alpha2, power=power)
    except ValueError:
        return None


@st.cache_data(max_entries=64, show_spinner=False)
def article_tables(alpha2: float, power: float) -> tuple[pd.DataFrame, ...]:
    """The articles' four tables at these settings (they follow only α and power)."""
    return (
        charts.mde_table_frame(plan.mde_table(alpha=alpha2, power=power)),
        charts.paired_table_frame(
            plan.paired_vs_unpaired_table(alpha=alpha2, power=power), p=0.7, discordance=0.2
        ),
        charts.repeats_table_frame(plan.repeats_table(alpha=alpha2, power=power)),
        charts.examples_frame(plan.questions_needed_examples(alpha=alpha2, power=power)),
    )


@st.cache_resource(show_spinner=False)
def variance_curve() -> pd.DataFrame:
    """p(1 − p) over the levels: the same for every reader (not to be modified)."""
    return charts.variance_frame(plan.variance_curve())


def variance_marks(p: float, lead: float, alpha2: float, power: float) -> pd.DataFrame:
    # The reader's mark last, so it is drawn on top when p is 50% or 95%.
    marks = [("50%", 0.5), ("95%", 0.95), (charts.YOUR_P, p)]
    return charts.variance_marks_frame(
        [
            {"label": label, "p": lp, "questions": needed_at(lp, lead, alpha2, power)}
            for label, lp in marks
        ]
    )


@st.cache_data(max_entries=64, show_spinner=False)
def repeats_frames(
    n: int, k: int, variances: tuple[float, float, float], alpha2: float, power: float
):
    omega2, sigma2_a, sigma2_b = variances
    kw = {"omega2": omega2, "sigma2_a": sigma2_a, "sigma2_b": sigma2_b}
    curve = charts.repeats_frame(
        plan.repeats_table(n, repeats=charts.repeats_axis(k), alpha=alpha2, power=power, **kw)
    )
    floor = plan.repeats_floor(n, omega2=omega2, alpha=alpha2, power=power)
    reader = curve[curve["repeats"] == k].reset_index(drop=True)
    return curve, 100 * floor, reader


st.title("Questions needed")
st.markdown(
    "Before anyone runs an eval, ask whether it can see the lead that matters. "
    "Name the level the models score near and the lead you care about."
)

answer_box = st.container()
settings = st.container(border=True)
row1 = settings.columns(3)
p_pct = params.number(
    "Scores near (%)", "p", default=DEFAULTS["p"], min_value=0.5, max_value=99.5, step=1.0,
    format="%.1f", unit="percent", container=row1[0],
    help="The level both models score near. 50% is the hardest place to tell models apart.",
)  # fmt: skip
d_pts = params.number(
    "Lead you care about (points)", "d", default=DEFAULTS["d"], min_value=0.1, max_value=99.0,
    step=0.5, format="%.1f", unit="points", container=row1[1],
    help="The gap between the two models, in percentage points.",
)  # fmt: skip
n = params.number(
    "Questions in your benchmark", "n", default=DEFAULTS["n"], min_value=1, max_value=1_000_000,
    whole=True, unit="questions", container=row1[2],
    help="Used for the second direction: the smallest lead this many questions can see.",
)  # fmt: skip
row2 = settings.columns(3)
alpha = params.number(
    "Significance (α)", "alpha", default=DEFAULTS["alpha"], min_value=0.001, max_value=0.2,
    step=0.01, format="%.3f", container=row2[0],
    help="The false-alarm rate you accept: 0.05 is the usual choice.",
)  # fmt: skip
power = params.number(
    "Power", "power", default=DEFAULTS["power"], min_value=0.5, max_value=0.99, step=0.05,
    format="%.2f", container=row2[1],
    help="How often a real lead of this size should be detected: 0.8 is the usual choice.",
)  # fmt: skip
sides_word = params.choice(
    "Test", "sides", list(SIDES), default="two-sided", container=row2[2],
    help="Two-sided asks whether the models differ; one-sided only whether A beats B.",
)  # fmt: skip
sides_word = sides_word if sides_word in SIDES else "two-sided"
sides = SIDES[sides_word]
with settings:
    st.caption("Or start from one of the articles' examples:")
    example_row = st.container(horizontal=True, wrap=True, gap="small")
    for i, (label, values) in enumerate(EXAMPLES):
        example_row.button(label, key=f"example-{i}", on_click=use_example, args=(values,))

# Sections further down own their inputs; the containers fix the order on screen.
curve_box = st.container()
paired_box = st.container()
variance_box = st.container()
repeats_box = st.container()
cluster_box = st.container()
tables_box = st.container()
arithmetic_box = st.container()

paired_box.subheader("Paired: the same questions for both models")
discordance_pct = optional_percent(
    "Questions on which the two models disagree (%)", "discordance", min_value=0.1,
    max_value=100.0, container=paired_box,
    help="Typed, or carried from uploaded per-question results. Leave empty for unpaired only.",
)  # fmt: skip

repeats_box.subheader("Repeated answers per question")
rep_cols = repeats_box.columns(4)
k = params.number(
    "Answers per question, K", "repeats", default=DEFAULTS["repeats"], min_value=1,
    max_value=1000, whole=True, unit="answers", container=rep_cols[0],
)  # fmt: skip
omega2 = params.number(
    "ω², between questions", "omega2", default=DEFAULTS["omega2"], min_value=0.0,
    max_value=1.0, step=0.01, format="%.4f", container=rep_cols[1],
    help="How much the per-question difference between the models varies across questions.",
)  # fmt: skip
sigma2_a = params.number(
    "σ²_A, answer noise of A", "sigma2_a", default=DEFAULTS["sigma2_a"], min_value=0.0,
    max_value=1.0, step=0.01, format="%.4f", container=rep_cols[2],
    help="How much model A's answers to one question vary between tries.",
)  # fmt: skip
sigma2_b = params.number(
    "σ²_B, answer noise of B", "sigma2_b", default=DEFAULTS["sigma2_b"], min_value=0.0,
    max_value=1.0, step=0.01, format="%.4f", container=rep_cols[3],
    help="How much model B's answers to one question vary between tries.",
)  # fmt: skip

cluster_box.subheader("Clustered questions")
cl_cols = cluster_box.columns(2)
m = params.number(
    "Questions per cluster (m)", "m", default=DEFAULTS["m"], min_value=1, max_value=10_000,
    whole=True, unit="questions", container=cl_cols[0],
    help="Questions that share a passage, a template or a translated source item.",
)  # fmt: skip
icc = params.number(
    "Correlation within a cluster (ρ)", "icc", default=DEFAULTS["icc"], min_value=0.0,
    max_value=1.0, step=0.05, format="%.2f", container=cl_cols[1],
    help="0: the cluster does not matter. 1: a cluster is one question asked m times.",
)  # fmt: skip


# --------------------------------------------------------------------------- the plan

p = p_pct / 100
alpha2 = plan.two_sided_alpha(alpha, sides=sides)  # the widgets keep alpha in range
test_words = f"{level(alpha)} significance ({sides_word}), {level(power)} power"

try:
    a, b = plan.scores_near(p, d_pts / 100)
    lead = d_pts / 100
except ValueError:
    lead = plan.largest_lead_near(p)
    a, b = plan.scores_near(p, lead)
    side = (
        f"the leader would score {p_pct + d_pts / 2:.1f}%"
        if p_pct + d_pts / 2 >= 100
        else f"the trailing model would score {p_pct - d_pts / 2:.1f}%"
    )
    answer_box.error(
        f"A {d_pts:.1f}-point lead does not fit near {p_pct:.1f}%: {side}. Scores stay between "
        f"0% and 100%, so near {p_pct:.1f}% a lead must be under "
        f"{200 * min(p, 1 - p):.1f} points. Showing the largest that fits, {pts(lead)} points.",
        icon=":material/error:",
    )

work = plan.unpaired_arithmetic(a, b, alpha=alpha2, power=power)
needed = work.questions
mde_n = float(minimum_detectable_effect(n, p=p, alpha=alpha2, power=power))
chance = plan.detection_power(n, a, b, alpha=alpha2)

discordance = None if discordance_pct is None else discordance_pct / 100
if discordance is not None:
    low, high = plan.discordance_bounds(a, b)
    if not low - 1e-12 <= discordance <= high + 1e-12:
        fitted = min(max(discordance, lead), high)
        paired_box.error(
            f"Two models scoring {pct(a)} and {pct(b)} disagree on at least {pct(lead)} and at "
            f"most {pct(high)} of the questions, so {discordance_pct:.1f}% cannot happen. "
            f"Using {pct(fitted)}.",
            icon=":material/error:",
        )
        discordance = fitted

# Filled in by their sections; the arithmetic leaves out a part whose section failed.
at_k = deff = n_eff = None
variances = {}

# --------------------------------------------------------------------------- the answer

with guarded(answer_box, "the answer"):
    verdict_card(
        f"A {pts(lead)}-point lead near {pct(p)} needs {count(needed)} questions.",
        [
            KeyNumber(
                "Questions needed",
                count(needed),
                help=f"For {pct(a)} against {pct(b)}, at {test_words}. Both models answer "
                "every question.",
            ),
        ]
        + (
            [
                KeyNumber(
                    "Paired, same questions",
                    count(questions_needed_paired(lead, discordance, alpha=alpha2, power=power)),
                    help=f"If the models disagree on {pct(discordance)} of the questions.",
                )
            ]
            if discordance is not None
            else []
        ),
        clears=None,
        note=f"Scores {pct(a)} and {pct(b)}; {test_words}; each model answers every question once.",
    )
    sees = n >= needed  # the same test as the first card (the power tile agrees)
    verdict_card(
        (
            f"Enough: {count(n)} questions can see leads of about {pts(mde_n)} points or more "
            f"near {pct(p)}, yours included."
            if sees
            else f"Too few: {count(n)} questions can see leads of about {pts(mde_n)} points or "
            f"more near {pct(p)}, and a {pts(lead)}-point lead needs {count(needed)}."
        ),
        [
            KeyNumber("Smallest detectable lead", f"{pts(mde_n)} points"),
            KeyNumber(
                "Chance to see your lead",
                f"{100 * chance:.0f}%",
                help=f"How often {count(n)} questions would detect a true {pts(lead)}-point lead "
                f"({pct(a)} against {pct(b)}) at {level(alpha)} significance.",
            ),
        ],
        clears=sees,
    )

# --------------------------------------------------------------------------- the curve

with guarded(curve_box, "the curve"):
    st.subheader("Which benchmarks could see it")
    curve, presets = curve_frames(p, lead, discordance, alpha2, power)
    lead_rule = charts.lead_frame(100 * lead)
    paired_drawn = bool((curve["design"] == charts.DESIGN_LABELS["paired"]).any())
    st.vega_lite_chart(
        charts.with_datasets(
            charts.mde_curve_spec(paired_drawn), curve=curve, lead=lead_rule, presets=presets
        ),
        width="stretch",
    )
    seeing = presets[presets["sees"] == charts.SEES]
    if seeing.empty:
        st.markdown(
            f"No benchmark marked can see a {pts(lead)}-point lead near {pct(p)}: "
            f"it needs {count(needed)} questions, more than the largest of them has."
        )
    else:
        smallest = seeing.iloc[0]
        st.markdown(
            f"Benchmarks under the dashed line can see a {pts(lead)}-point lead near {pct(p)}. "
            f"The smallest that can is **{smallest['name']}** ({count(int(smallest['questions']))} "
            "questions)."
        )
    st.caption(
        "Each point is a benchmark at its size, on the unpaired curve. "
        + ("The paired curve assumes the disagreement rate below. " if discordance else "")
        + "Both axes are logarithmic."
    )
    curve_picture = partial(charts.mde_curve_chart, curve, presets, lead_rule)
    chart_downloads(curve_picture, curve, "smallest-detectable-lead", key="curve")
    with st.expander("Every benchmark marked"):
        show_table(charts.reach_table_frame(presets), "Benchmarks near " + pct(p), "benchmarks")

# --------------------------------------------------------------------------- paired

with guarded(paired_box, "the paired plan"):
    if discordance is None:
        st.markdown(
            "On the same questions, only the questions where the models disagree carry "
            "information. Type how often they disagree to see the paired plan beside the "
            "unpaired one."
        )
    else:
        n_paired = questions_needed_paired(lead, discordance, alpha=alpha2, power=power)
        mde_paired = float(
            minimum_detectable_effect(n, discordance=discordance, alpha=alpha2, power=power)
        )
        tiles(
            [
                ("Unpaired: questions", count(needed)),
                ("Paired: questions", count(n_paired)),
                (f"Unpaired: lead at {count(n)}", f"{pts(mde_n)} pts"),
                (f"Paired: lead at {count(n)}", f"{pts(mde_paired)} pts"),
            ]
        )
        st.markdown(
            f"When the models disagree on {pct(discordance)} of the questions, a paired test "
            + (
                f"needs {count(n_paired)} questions instead of {count(needed)}."
                if n_paired < needed
                else f"needs {count(n_paired)}, no fewer than the unpaired {count(needed)}: "
                "at this much disagreement pairing does not help."
            )
        )

# --------------------------------------------------------------------------- 50% vs 95%


with guarded(variance_box, "the comparison of levels"):
    st.subheader("Why 50% is the hardest place")
    at_50, at_95 = needed_at(0.5, lead, alpha2, power), needed_at(0.95, lead, alpha2, power)
    text = (
        "One answer's variance, p(1 − p), is largest at 50%: a right-or-wrong answer is then "
        f"a coin toss. The same {pts(lead)}-point lead needs {count(at_50)} questions near 50%"
    )
    if at_95 is None:
        text += " and does not fit near 95% at all (a lead there must be under 10 points)."
    else:
        text += f" but {count(at_95)} near 95%."
    st.markdown(text)
    marks_df = variance_marks(p, lead, alpha2, power)
    st.vega_lite_chart(
        charts.with_datasets(charts.variance_spec(), variance=variance_curve(), marks=marks_df),
        width="stretch",
    )
    variance_picture = partial(charts.variance_chart, variance_curve(), marks_df)
    chart_downloads(variance_picture, marks_df, "variance-by-level", key="variance")

# --------------------------------------------------------------------------- repeats

with guarded(repeats_box, "the repeated answers"):
    variances = {"omega2": omega2, "sigma2_a": sigma2_a, "sigma2_b": sigma2_b}
    try:
        plan.questions_needed_repeats(lead, **variances)
    except ValueError:
        st.error(
            "With every variance at 0 there is no noise to beat, so there is nothing to plan. "
            "Showing the articles' example instead (ω² = 1/9, σ² = 1/6).",
            icon=":material/error:",
        )
        variances = {key: DEFAULTS[key] for key in variances}

    def mde_k(kk: float) -> float:
        return float(
            minimum_detectable_effect_repeats(
                n, k_a=kk, k_b=kk, alpha=alpha2, power=power, **variances
            )
        )

    at_1, at_10, at_k = mde_k(1), mde_k(10), mde_k(k)
    floor = plan.repeats_floor(n, omega2=variances["omega2"], alpha=alpha2, power=power)
    tiles(
        [
            ("K = 1", f"{pts(at_1)} pts"),
            ("K = 10", f"{pts(at_10)} pts"),
            (f"Your K = {count(k)}", f"{pts(at_k)} pts"),
            ("K → ∞: the floor", f"{pts(floor)} pts"),
        ]
    )
    n_once = plan.single_answer_questions(n, k_a=k, k_b=k, **variances)
    n_k = plan.questions_needed_repeats(lead, k_a=k, k_b=k, alpha=alpha2, power=power, **variances)
    calls_k = plan.model_calls(n, k)
    calls_once = plan.model_calls(n_once, 1)
    floor_words = (
        f"On {count(n)} questions no number of answers gets below **{pts(floor)} points**: "
        "that floor is set by the questions, and only more questions lower it."
        if floor > 0
        else "With ω² = 0 the questions themselves do not differ, so they set no floor: "
        "enough answers per question could shrink the noise as far as you like."
    )
    st.markdown(
        f"Asking each question {count(k)} times shrinks only the answer-to-answer noise. "
        + floor_words
    )
    answers = "answer" if k == 1 else "answers"
    cost = (
        f"**Cost.** {count(n)} questions × {count(k)} {answers} × 2 models = "
        f"{count(calls_k)} model calls. "
    )
    if k == 1:
        cost += "More answers per question would shrink the answer noise only. "
    elif n_once == n:
        cost += "These answers never vary, so repeating them buys nothing: only questions help. "
    else:
        cost += (
            f"{count(n_once)} questions answered once each are as precise, for "
            f"{count(calls_once)} calls — but {count(n_once - n)} of them would have to be "
            "written. "
        )
    cost += (
        f"To see a {pts(lead)}-point lead with {count(k)} {answers} per question you need "
        f"{count(n_k)} questions."
    )
    st.markdown(cost)
    rep_curve, floor_pts, rep_reader = repeats_frames(
        n, k, tuple(variances.values()), alpha2, power
    )
    st.vega_lite_chart(
        charts.with_datasets(
            charts.repeats_spec(),
            curve=rep_curve,
            floor=charts.floor_frame(floor_pts),
            reader=rep_reader,
        ),
        width="stretch",
    )
    repeats_picture = partial(charts.repeats_chart, rep_curve, floor_pts, rep_reader)
    chart_downloads(repeats_picture, rep_curve, "lead-by-answers-per-question", key="repeats")

# --------------------------------------------------------------------------- clusters

with guarded(cluster_box, "the clustered questions"):
    deff = plan.design_effect(m, icc)
    n_eff = plan.effective_questions(n, m, icc)
    mde_cl = plan.minimum_detectable_effect_clustered(
        n, p=p, m=m, icc=icc, alpha=alpha2, power=power
    )
    needed_cl = plan.questions_needed_clustered(a, b, m=m, icc=icc, alpha=alpha2, power=power)
    tiles(
        [
            ("Design effect", f"{deff:.2f}"),
            (f"{count(n)} questions count as", f"{n_eff:,.0f}"),
            ("Smallest lead", f"{pts(mde_cl)} pts"),
        ]
    )
    st.markdown(
        f"In clusters of {count(m)} with correlation {icc:.2f}, the questions count as "
        f"{n_eff:,.0f} independent ones: the standard error grows {math.sqrt(deff):.2f}×, and a "
        f"{pts(lead)}-point lead needs {count(needed_cl)} questions instead of {count(needed)}."
    )

# --------------------------------------------------------------------------- the articles' tables


with guarded(tables_box, "the articles' tables"):
    st.subheader("The articles' tables, at your settings")
    st.caption(
        "At 5% significance (two-sided) and 80% power these are the articles' numbers; "
        f"here at {test_words}."
    )
    mde_df, paired_df, repeats_df, examples_df = article_tables(alpha2, power)
    show_table(mde_df, "Smallest detectable lead", "smallest-detectable-lead-table")
    show_table(paired_df, "Unpaired against paired", "paired-vs-unpaired-table")
    show_table(
        repeats_df,
        "Repeated answers: 198 questions, ω² = 1/9, σ²\\_A = σ²\\_B = 1/6",
        "repeats-table",
    )
    show_table(examples_df, "Questions needed: the articles' examples", "questions-needed-examples")

# --------------------------------------------------------------------------- the arithmetic

with guarded(arithmetic_box, "the arithmetic"), st.expander("The arithmetic"):
    z_name = "z₁₋α/₂" if sides == 2 else "z₁₋α"
    steps = (
        f"**Critical values.** {z_name} = {work.z_alpha:.3f} and z_power = {work.z_power:.3f}, "
        f"so z_sum = {work.z_sum:.4f} and z_sum² = {work.z_sum**2:.3f}.\n\n"
        f"**Questions needed.** With a = {pct(a)} and b = {pct(b)}: "
        f"n = z_sum² × (a(1 − a) + b(1 − b)) / (a − b)² = {work.z_sum**2:.3f} × "
        f"{work.variance:.4f} / {work.lead:.4f}² = {work.exact:,.1f}, rounded up to "
        f"{count(needed)}.\n\n"
        f"**Smallest detectable lead.** z_sum × √(2p(1 − p) / n) with p = {p:.3f} and "
        f"n = {count(n)}: {pts(mde_n)} points.\n\n"
        + (
            f"**Paired.** n = z_sum² × discordance / lead² with discordance = "
            f"{discordance:.3f}: "
            f"{count(questions_needed_paired(lead, discordance, alpha=alpha2, power=power))}.\n\n"
            if discordance is not None
            else ""
        )
        + (
            f"**Repeated answers.** z_sum × √((ω² + σ²_A/K + σ²_B/K) / n) with ω² = "
            f"{variances['omega2']:.4f}, σ²_A = {variances['sigma2_a']:.4f}, σ²_B = "
            f"{variances['sigma2_b']:.4f}, K = {count(k)}: {pts(at_k)} points.\n\n"
            if at_k is not None
            else ""
        )
        + (
            f"**Clusters.** Design effect 1 + (m − 1)ρ = 1 + {count(m - 1)} × {icc:.2f} = "
            f"{deff:.2f}; effective questions n / {deff:.2f} = {n_eff:,.0f}."
            if deff is not None
            else ""
        )
    )
    # Subscripts are written with underscores (z_sum, σ²_A): keep Markdown from italicising.
    st.markdown(steps.replace("_", "\\_"))

"""Questions needed's folded sections: repeated answers, clusters, the articles' tables.

Repeats and clusters own their inputs, so each is a fragment: moving K or ρ
reruns only that section. Each sits in a fold (:func:`ui.lazy.input_fold`)
whose inputs stay drawn (they keep the link) while what they drive is drawn
only while it is open.
"""

from __future__ import annotations

import streamlit as st

from benchstats import planning, words
from benchstats.charts import Caption
from benchstats.charts import planning as charts
from benchstats.planning import LeadPlan
from benchstats.prose import planning as prose
from ui import params
from ui.figure import show
from ui.sections.needed import HIDDEN, NEEDS_N, shown, table, tiles
from ui.sections.needed_inputs import SETTING, grid_slider, log_grid, steps

EXAMPLE = planning.REPEATS_EXAMPLE
VARIANCES = (EXAMPLE["omega2"], EXAMPLE["sigma2_a"], EXAMPLE["sigma2_b"])


def _variance(label: str, key: str, default: float, container, *, help: str) -> float:
    return params.number(label, key, default=default, min_value=0.0, max_value=1.0, step=0.01,
                         format="%.4f", container=container, help=help, width=SETTING)  # fmt: skip


def repeats_inputs() -> tuple[int, tuple[float, float, float]]:
    """K (a slider) and the three variances (exact decimals: number boxes)."""
    k = grid_slider(
        "Answers per question, K", "repeats", log_grid(1, 1000), default=10, whole=True,
        format_func=words.count, allowed="a whole number of answers from 1 to 1,000",
    )  # fmt: skip
    row = st.container(horizontal=True, wrap=True, gap="small")  # one element, not four
    omega2 = _variance("ω², between questions", "omega2", VARIANCES[0], row,
                       help="How much the per-question difference between the models varies "
                       "across questions.")  # fmt: skip
    s_a = _variance("σ²_A, answer noise of A", "sigma2_a", VARIANCES[1], row,
                    help="How much model A's answers to one question vary between tries.")  # fmt: skip
    s_b = _variance("σ²_B, answer noise of B", "sigma2_b", VARIANCES[2], row,
                    help="How much model B's answers to one question vary between tries.")  # fmt: skip
    return k, (omega2, s_a, s_b)


@st.cache_data(max_entries=64, show_spinner=False)
def repeats_frames(
    n: int, k: int, variances: tuple[float, float, float], alpha2: float, power: float
):
    """The curve over K and the reader's K (cached per input)."""
    kw = dict(zip(("omega2", "sigma2_a", "sigma2_b"), variances, strict=True))
    records = planning.repeats_table(
        n, repeats=charts.repeats_axis(k), alpha=alpha2, power=power, **kw
    )
    curve = charts.repeats_frame(records)
    return curve, curve[curve["repeats"] == k].reset_index(drop=True)


@st.fragment
def repeats(
    plan: LeadPlan, n: int | None, cap: Caption, *, revealed: bool = True, shown: bool = True
) -> None:
    """Repeated answers: what K buys on the reader's questions, and what it costs.

    Before the reveal (``revealed`` False) only the inputs show: they stay in the link.
    With its fold closed (``shown`` False) only the inputs are drawn, for the same reason.
    """
    try:
        k, variances = repeats_inputs()
        if not shown:
            return
        if not revealed:
            st.info(HIDDEN, icon=":material/visibility_off:")
            return
        rp = planning.repeats_plan(plan, k, variances, n=n, fallback=VARIANCES)
    except ValueError as exc:
        st.error(f"Could not work out the repeated answers from these inputs: {exc}")
        return
    if rp.noiseless:
        st.error(
            "With every variance at 0 there is no noise to beat, so there is nothing to plan. "
            "Showing the articles' example instead (ω² = 1/9, σ² = 1/6).",
            icon=":material/error:",
        )
    if rp.n is None:
        st.markdown(prose.repeats_cost(plan, rp))
        st.info(NEEDS_N, icon=":material/straighten:")
        return
    tiles([("K = 1", f"{words.points(rp.at_1, signed=False)} points"),
           ("K = 10", f"{words.points(rp.at_10, signed=False)} points"),
           (f"Your K = {words.count(k)}", f"{words.points(rp.at_k, signed=False)} points"),
           ("K → ∞: the floor", f"{words.points(rp.floor, signed=False)} points")])  # fmt: skip
    st.markdown(f"{prose.repeats_floor_sentence(rp)}\n\n{prose.repeats_cost(plan, rp)}")
    used = (rp.omega2, rp.sigma2_a, rp.sigma2_b)
    curve, reader = repeats_frames(rp.n, k, used, plan.alpha2, plan.power)
    show(charts.repeats_figure(curve, 100 * rp.floor, reader), key="repeats", caption=cap)
    st.markdown(prose.arithmetic(plan, rp=rp)[-1].replace("_", "\\_"))


@st.fragment
def clusters(plan: LeadPlan, n: int | None, *, revealed: bool = True, shown: bool = True) -> None:
    """Clustered questions: the design effect and what it costs (after the reveal).

    With its fold closed (``shown`` False) only the inputs are drawn: they keep the link.
    """
    row = st.container(horizontal=True, wrap=True, gap="small")  # one element, not three
    m = grid_slider(
        "Questions per cluster (m)", "m", log_grid(1, 10_000), default=10, whole=True,
        format_func=words.count, allowed="a whole number of questions from 1 to 10,000",
        container=row, help="Questions that share a passage, a template or a translated item.",
    )  # fmt: skip
    icc = grid_slider(
        "Correlation within a cluster (ρ)", "icc", steps(0, 1, 0.01), default=0.1,
        format_func=words.signed, allowed="a number from 0 to 1", container=row,
        help="0: the cluster does not matter. 1: a cluster is one question asked m times.",
    )  # fmt: skip
    if not shown:
        return
    if not revealed:
        st.info(HIDDEN, icon=":material/visibility_off:")
        return
    try:
        cp = planning.cluster_plan(plan, m, icc, n=n)
    except ValueError as exc:
        st.error(f"Could not work out the clustered questions from these inputs: {exc}")
        return
    items = [("Design effect", words.signed(cp.deff)),
             ("Questions for your lead", words.count(cp.questions))]  # fmt: skip
    if cp.n is not None:
        items += [(f"{words.plural(cp.n, 'question')} {'counts' if cp.n == 1 else 'count'} as", words.count(round(cp.effective))),
                  ("Smallest lead", f"{words.points(cp.mde, signed=False)} points")]  # fmt: skip
    tiles(items)
    st.markdown(f"{prose.clusters_sentence(plan, cp)}\n\n{prose.arithmetic(plan, cp=cp)[-1]}")


@st.cache_resource(max_entries=64, show_spinner=False)
def article_tables(alpha2: float, power: float):
    """The articles' four tables at these settings (they follow only α and power).

    Each as (frame, its text as Arrow): shared by every session, read only.
    """
    frames = (
        charts.mde_table_frame(planning.mde_table(alpha=alpha2, power=power)),
        charts.paired_table_frame(
            planning.paired_vs_unpaired_table(alpha=alpha2, power=power), p=0.7, discordance=0.2
        ),
        charts.repeats_table_frame(planning.repeats_table(alpha=alpha2, power=power)),
        charts.examples_frame(planning.questions_needed_examples(alpha=alpha2, power=power)),
    )
    return tuple((df, shown(df)) for df in frames)


def tables(plan: LeadPlan) -> None:
    """The articles' tables recomputed at the reader's settings (in its fold, once open)."""
    st.markdown(
        "At 5% significance (two-sided) and 80% power these are the articles' numbers; "
        f"here at {prose.settings_words(plan)}."
    )
    mde, paired, repeats_df, examples = article_tables(plan.alpha2, plan.power)
    table(mde[0], "Smallest detectable lead", "smallest-detectable-lead-table", mde[1])
    table(paired[0], "Unpaired against paired", "paired-vs-unpaired-table", paired[1])
    table(repeats_df[0], "Repeated answers: 198 questions, ω² = 1/9, σ²\\_A = σ²\\_B = 1/6",
          "repeats-table", repeats_df[1])  # fmt: skip
    table(examples[0], "Questions needed: the articles' examples", "questions-needed-examples",
          examples[1])  # fmt: skip

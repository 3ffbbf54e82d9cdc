"""Questions needed: plan a benchmark that can see the lead you care about.

Inputs (all in the URL): ``p`` level (percent), ``d`` lead (points), ``n``
questions (optional), ``alpha``, ``power``, ``sides``, ``discordance``
(percent, optional), ``repeats`` (K), ``omega2``/``sigma2_a``/``sigma2_b``
(variances as decimals), ``m`` (cluster size), ``icc``, ``predict`` (ask for
a guess first: every part that states the answer waits for the reveal).

The page reads its inputs, asks :mod:`benchstats.planning` for the plan,
and draws the sections of :mod:`ui.sections.needed` in order; the secondary
ones are folded so a phone reader meets the answer and the curve first.

Speed: significance, power and sides, the answer and the curve are one
fragment (:func:`planned`), so an edit of α redraws those alone, not the
title, the sliders or the folds. A fold draws what it holds only while open
(the paired, repeated and clustered folds keep their inputs drawn while the
link holds them); while one that states the plan is open, an edit in the
fragment reruns the whole page, so the fold never shows an old plan.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from benchstats import planning
from benchstats.charts import Caption
from benchstats.planning import LeadPlan, PairedPlan, Reach
from benchstats.prose import planning as prose
from ui import lazy
from ui.sections import needed, needed_inputs, needed_more
from ui.sections.needed_inputs import Asked

DRAWN = "_needed-drawn"  # session_state: (asked, revealed) the folds were last drawn with


@dataclass(frozen=True)
class Planned:
    """What the fragment worked out on a full run, for the folds below it."""

    asked: Asked
    plan: LeadPlan
    revealed: bool
    reach: Reach | None
    paired: PairedPlan | None
    caption: Caption


@st.fragment
def planned(asked: Asked, discordance, answer_box, curve_box, folds_open: bool):
    """Significance, power and sides (here, in the question's box), the answer and the curve.

    An edit of one reruns this alone; the sliders above rerun the page. The
    answer and the curve go to their boxes above and below the question.
    Returns the plan for the folds (on a full run), or None when it fails.
    """
    asked = needed_inputs.with_settings(asked, st)
    try:
        plan = planning.plan_lead(
            asked.p, asked.lead, alpha=asked.alpha, power=asked.power, sides=asked.sides
        )
    except ValueError as exc:  # the widgets keep every input in range; this is the last guard
        answer_box.error(f"Could not plan for these inputs: {exc}", icon=":material/error:")
        return None
    if not plan.fits:
        answer_box.error(prose.no_fit(plan), icon=":material/error:")
    # With Predict first on, the question stands where the answer will; every part that states
    # the answer waits for the reveal, while the inputs below stay drawn (they keep the link).
    revealed = needed.guess(plan, asked, answer_box)
    drawn = st.session_state.get(DRAWN)  # None during a full run: the folds follow this one
    if drawn is not None and drawn != (asked, revealed) and (folds_open or drawn[1] != revealed):
        st.rerun()  # an open fold, or the sections a reveal adds, need the page's run
    reach = None if asked.n is None else planning.reach(plan, asked.n)
    paired = None if discordance is None else planning.paired_plan(plan, discordance, asked.n)
    verdict = "" if reach is None else prose.reach_headline(plan, reach)
    caption = needed.caption(plan, asked, verdict)
    if revealed:
        with needed.guarded(answer_box, "the answer"):
            needed.answer(plan, reach, paired)
        with needed.guarded(curve_box, "the curve"):
            needed.curve(plan, paired, caption)
    return Planned(asked, plan, revealed, reach, paired, caption)


def folds(got: Planned, boxes: dict) -> None:
    """What the open folds hold (each waits for the reveal), and the inputs the link keeps."""
    plan, n, revealed, cap = got.plan, got.asked.n, got.revealed, got.caption
    opened(boxes["benchmarks"], "the benchmarks", revealed, needed.benchmarks, plan)
    opened(boxes["paired"], "the paired plan", revealed, needed.paired, plan, got.paired, n)
    opened(boxes["levels"], "the comparison of levels", revealed, needed.levels, plan, cap)
    repeats_box, clusters_box = boxes["repeats"], boxes["clusters"]
    if lazy.draws_inputs(repeats_box, needed_inputs.REPEATS_KEYS):
        with needed.guarded(repeats_box, "the repeated answers"):
            needed_more.repeats(plan, n, cap, revealed=revealed, shown=repeats_box.open)
    if lazy.draws_inputs(clusters_box, needed_inputs.CLUSTERS_KEYS):
        with needed.guarded(clusters_box, "the clustered questions"):
            needed_more.clusters(plan, n, revealed=revealed, shown=clusters_box.open)
    opened(boxes["tables"], "the tables", revealed, needed_more.tables, plan)
    opened(boxes["arithmetic"], "the arithmetic", revealed, needed.arithmetic, plan, got.reach,
           got.paired)  # fmt: skip


def opened(box, what: str, revealed: bool, draw, *args) -> None:
    """``draw(*args)`` in ``box`` while it is open; before the reveal, a note that it waits."""
    if not box.open:
        return
    with needed.guarded(box, what):
        if revealed:
            draw(*args)
        else:
            st.info(needed.HIDDEN, icon=":material/visibility_off:")


st.markdown(  # the title and its introduction: one element
    "# Questions needed\n\n"
    "Before anyone runs an eval, ask whether it can see the lead that matters. "
    "Name the level the models score near and the lead you care about."
)
answer_box = st.container()
question_box = st.container(border=True)
curve_box = st.container()
boxes = {
    "benchmarks": lazy.fold("Every benchmark marked", key="needed-benchmarks"),
    "paired": lazy.input_fold(
        "Paired: the same questions for both models",
        key="needed-paired",
        keys=needed_inputs.PAIRED_KEYS,
    ),
    "levels": lazy.fold("Why 50% is the hardest place", key="needed-levels"),
    "repeats": lazy.input_fold(
        "Repeated answers per question", key="needed-repeats", keys=needed_inputs.REPEATS_KEYS
    ),
    "clusters": lazy.input_fold(
        "Clustered questions", key="needed-clusters", keys=needed_inputs.CLUSTERS_KEYS
    ),
    "tables": lazy.fold("The articles' tables, at your settings", key="needed-tables"),
    "arithmetic": lazy.fold("The arithmetic", key="needed-arithmetic"),
}
discordance = None  # not set: the slider's default, and the link holds no other value
if lazy.draws_inputs(boxes["paired"], needed_inputs.PAIRED_KEYS):
    discordance = needed_inputs.discordance(boxes["paired"])
st.session_state.pop(DRAWN, None)
with question_box:
    asked = needed_inputs.question(question_box)
    got = planned(asked, discordance, answer_box, curve_box, any(b.open for b in boxes.values()))
if got is not None:
    folds(got, boxes)
    st.session_state[DRAWN] = (got.asked, got.revealed)

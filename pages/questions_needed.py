"""Questions needed: plan a benchmark that can see the lead you care about.

Inputs (all in the URL): ``p`` level (percent), ``d`` lead (points), ``n``
questions (optional), ``alpha``, ``power``, ``sides``, ``discordance``
(percent, optional), ``repeats`` (K), ``omega2``/``sigma2_a``/``sigma2_b``
(variances as decimals), ``m`` (cluster size), ``icc``, ``predict`` (ask for
a guess first: every part that states the answer waits for the reveal).

The page reads its inputs, asks :mod:`benchstats.planning` for the plan,
and draws the sections of :mod:`ui.sections.needed` in order; the secondary
ones are folded so a phone reader meets the answer and the curve first: the
other designs (paired, repeated, clustered) in one fold, the benchmarks, the
levels, the articles' tables and the arithmetic in another.

Speed: significance, power and sides, the answer and the curve are one
fragment (:func:`planned`), so an edit of α redraws those alone, not the
title, the sliders or the folds. Every element on the page costs each edit
in the browser even when not re-sent, so the sections share two folds, not
seven. A fold draws what it holds only while open (the designs fold keeps a
section's inputs drawn while the link holds one of their keys); while one
is open, an edit in the fragment reruns the whole page, so the fold never
shows an old plan.
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


DESIGNS = "Paired, repeated and clustered questions"
MORE = "Every benchmark, why 50% is the hardest place, the articles' tables, the arithmetic"
PAIRED = "##### Paired: the same questions for both models"
REPEATS = "##### Repeated answers per question"
CLUSTERS = "##### Clustered questions"


def folds(got: Planned, designs, more) -> None:
    """What the open folds hold (each part waits for the reveal), and the inputs the link keeps."""
    plan, n, revealed, cap = got.plan, got.asked.n, got.revealed, got.caption
    if designs.open:  # under the discordance slider, drawn before the answer
        with needed.guarded(designs, "the paired plan"):
            stated(revealed, needed.paired, plan, got.paired, n)
    if designs.draws(needed_inputs.REPEATS_KEYS):
        with needed.guarded(designs, "the repeated answers"):
            heading(designs, REPEATS)
            needed_more.repeats(plan, n, cap, revealed=revealed, shown=designs.open)
    if designs.draws(needed_inputs.CLUSTERS_KEYS):
        with needed.guarded(designs, "the clustered questions"):
            heading(designs, CLUSTERS)
            needed_more.clusters(plan, n, revealed=revealed, shown=designs.open)
    if not more.open:
        return
    if not revealed:
        more.info(needed.HIDDEN, icon=":material/visibility_off:")
        return
    parts = (
        ("##### Every benchmark marked", "the benchmarks", needed.benchmarks, (plan,)),
        ("##### Why 50% is the hardest place", "the comparison of levels", needed.levels,
         (plan, cap)),
        ("##### The articles' tables, at your settings", "the tables", needed_more.tables,
         (plan,)),
        ("##### The arithmetic", "the arithmetic", needed.arithmetic,
         (plan, got.reach, got.paired)),
    )  # fmt: skip
    for title, what, draw, args in parts:
        with needed.guarded(more, what):
            st.markdown(title)
            draw(*args)


def heading(fold, title: str) -> None:
    """A section's title inside a shared fold, while the fold is open (unseen otherwise)."""
    if fold.open:
        st.markdown(title)


def stated(revealed: bool, draw, *args) -> None:
    """``draw(*args)`` once the answer is revealed; before, a note that it waits."""
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
designs = lazy.input_fold(DESIGNS, key="needed-designs", keys=needed_inputs.DESIGN_KEYS)
more = lazy.fold(MORE, key="needed-more")
discordance = None  # not set: the slider's default, and the link holds no other value
if designs.draws(needed_inputs.PAIRED_KEYS):
    with designs:
        heading(designs, PAIRED)
    discordance = needed_inputs.discordance(designs)
st.session_state.pop(DRAWN, None)
with question_box:
    asked = needed_inputs.question(question_box)
    got = planned(asked, discordance, answer_box, curve_box, designs.open or more.open)
if got is not None:
    folds(got, designs, more)
    st.session_state[DRAWN] = (got.asked, got.revealed)

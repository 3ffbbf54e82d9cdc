"""Questions needed: plan a benchmark that can see the lead you care about.

Inputs (all in the URL): ``p`` level (percent), ``d`` lead (points), ``n``
questions (optional), ``alpha``, ``power``, ``sides``, ``discordance``
(percent, optional), ``repeats`` (K), ``omega2``/``sigma2_a``/``sigma2_b``
(variances as decimals), ``m`` (cluster size), ``icc``, ``predict`` (ask for
a guess first: every part that states the answer waits for the reveal).

The page reads its inputs, asks :mod:`benchstats.planning` for the plan,
and draws the sections of :mod:`ui.sections.needed` in order; the secondary
ones are folded so a phone reader meets the answer and the curve first. Every
edit redraws every element, so a fold draws what it holds only while open;
the paired, repeated and clustered folds keep their inputs drawn (they are in
the link).
"""

from __future__ import annotations

import streamlit as st

from benchstats import planning
from benchstats.prose import planning as prose
from ui import lazy
from ui.sections import needed, needed_inputs, needed_more

st.markdown(  # the title and its introduction: one element
    "# Questions needed\n\n"
    "Before anyone runs an eval, ask whether it can see the lead that matters. "
    "Name the level the models score near and the lead you care about."
)

answer_box = st.container()
asked = needed_inputs.question(st.container(border=True))
curve_box = st.container()
paired_box = lazy.input_fold(
    "Paired: the same questions for both models",
    key="needed-paired",
    keys=needed_inputs.PAIRED_KEYS,
)
discordance = None  # not set: the slider's default, and the link holds no other value
if lazy.draws_inputs(paired_box, needed_inputs.PAIRED_KEYS):
    discordance = needed_inputs.discordance(paired_box)

try:
    plan = planning.plan_lead(
        asked.p, asked.lead, alpha=asked.alpha, power=asked.power, sides=asked.sides
    )
except ValueError as exc:  # the widgets keep every input in range; this is the last guard
    st.error(f"Could not plan for these inputs: {exc}", icon=":material/error:")
    st.stop()

if not plan.fits:
    answer_box.error(prose.no_fit(plan), icon=":material/error:")
# With Predict first on, the question stands where the answer will; every part that states
# the answer waits for the reveal, while the inputs below stay drawn (they keep the link).
revealed = needed.guess(plan, asked, answer_box)
reach = None if asked.n is None else planning.reach(plan, asked.n)
paired = None
if discordance is not None:
    paired = planning.paired_plan(plan, discordance, asked.n)
verdict = "" if reach is None else prose.reach_headline(plan, reach)
caption = needed.caption(plan, asked, verdict)

if revealed:
    with needed.guarded(answer_box, "the answer"):
        needed.answer(plan, reach, paired)
    with needed.guarded(curve_box, "the curve"):
        needed.curve(plan, paired, caption)
with needed.guarded(paired_box, "the paired plan"):
    if paired_box.open and revealed:
        needed.paired(plan, paired, asked.n)
    elif paired_box.open:
        st.info(needed.HIDDEN, icon=":material/visibility_off:")
if revealed:  # folds drawn only while open: needed.levels, needed_more.tables, needed.arithmetic
    needed.levels(plan, caption)
# A closed fold draws its inputs only while the link holds one of them (lazy.draws_inputs).
keys = needed_inputs.REPEATS_KEYS
repeats_box = lazy.input_fold("Repeated answers per question", key="needed-repeats", keys=keys)
if lazy.draws_inputs(repeats_box, keys):
    with needed.guarded(repeats_box, "the repeated answers"):
        needed_more.repeats(plan, asked.n, caption, revealed=revealed, shown=repeats_box.open)
keys = needed_inputs.CLUSTERS_KEYS
clusters_box = lazy.input_fold("Clustered questions", key="needed-clusters", keys=keys)
if lazy.draws_inputs(clusters_box, keys):
    with needed.guarded(clusters_box, "the clustered questions"):
        needed_more.clusters(plan, asked.n, revealed=revealed, shown=clusters_box.open)
if revealed:
    needed_more.tables(plan)
    needed.arithmetic(plan, reach, paired)

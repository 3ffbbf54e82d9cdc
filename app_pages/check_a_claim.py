"""Check a claim: is a lead on a benchmark more than luck?"""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from ui import layout, settings
from ui.claim import bench_of
from ui.sections import check, claim_text, discordance, embed, rivals
from ui.sections.checklist import checklist_section

s, claim = check.read(settings.read("check"))
asked = claim_text.open_questions(s, claim)  # while the claim asks, nothing is graded
g, error = check.graded(s, asked)

st.title(_("Check a claim"))
st.markdown(_("Two scores on one benchmark: is the lead more than luck?"))
screen = layout.first_screen()
with screen.verdict:
    shown = check.verdict(s, g, error=error, asked=asked)
    claim_text.reading(claim)  # how the sentence was read, directly under the verdict
    if shown:
        rivals.section(s, claim)  # several rivals: each pair graded, the closest first
with screen.chart:
    if shown:  # before a Predict-first reveal, the chart would tell
        check.chart(s, g)
with screen.controls:
    check.controls(s, g)

if shown:
    check.notes(s, g)
    if not check.is_example(s):
        check.sentence(s, g)
    check.working(g)
    embed.section(s, g)
    if g.mode == "unpaired":
        caption = None if check.is_example(s) else check.caption(s, g)
        discordance.section(s, g, caption)
checklist_section(
    check.stated_questions(s),
    bench=bench_of(s),
    metric=None if claim is None else claim.metric,
    after=check.links(s),
)

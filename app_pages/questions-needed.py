"""Questions needed: plan a benchmark that can see the lead you care about.

The link read once through the page's registry entry, its rules between keys applied; the
answer, the curve beside its inputs, then the other designs and the articles' tables
(:mod:`ui.sections.needed`).
"""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from ui import layout, settings
from ui.sections import needed

s = needed.rules(settings.read("needed"))
st.title(_("Questions needed"))
st.markdown(
    _(
        "Before anyone runs an eval, ask whether it can see the lead that matters: name the "
        "level the models score near and the lead you care about."
    )
)
screen = layout.first_screen()
try:
    plan = needed.plan_of(s)
except ValueError as exc:  # the rules keep every input in range; this is the last guard
    screen.verdict.error(
        _("Could not plan for these inputs: {exc}").format(exc=exc), icon=":material/error:"
    )
    plan = None
at = needed.lead_thumb(s)
if plan is not None:
    with screen.verdict:
        revealed = needed.verdict(s, plan)
with screen.controls:  # the chart's marker follows the lead's thumb
    needed.controls(s, at)
if plan is not None:
    with screen.chart:
        needed.curve(s, plan, revealed, at)
if plan is not None and revealed:
    needed.more(s, plan)

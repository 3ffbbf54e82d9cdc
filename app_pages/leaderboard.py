"""Leaderboard checker: who is really tied for first, and what each rank is worth."""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from ui import claim, layout, settings
from ui.sections import leaderboard as sections
from ui.sections import leaderboard_across, leaderboard_inputs

s = claim.with_preset(settings.read("leaderboard"))
st.markdown("# " + _("Leaderboard checker") + "\n\n" + _(sections.INTRO))

screen = layout.first_screen()
with screen.verdict:
    answers = leaderboard_inputs.answers()
    notes = st.container()  # filled once the board's sources below are read
    shown = sections.verdict(s, answers)
if shown is not None:
    with screen.chart:
        sections.ranks(shown, s)
with screen.controls:
    leaderboard_inputs.controls(s)

st.markdown(_("## The board"))
leaderboard_inputs.link_notes(s, "rows", leaderboard_inputs.sources(s), where=notes)
sections.verdict_here(shown)  # where the reader edits the board
if shown is not None:
    sections.more(shown, s)
leaderboard_across.section(s)

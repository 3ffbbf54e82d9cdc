"""Leaderboard checker: who is really tied for first, and what each rank is worth.

The verdict first (or what is missing for one), the rank chart beside the
settings, the board's sources (a table, a paste, per-question files), then
the overlap rule against the test, every pair, places by luck and the board
in numbers; last, two models across many benchmarks.
"""

from __future__ import annotations

import streamlit as st

from ui import claim, layout, settings
from ui.sections import leaderboard as sections
from ui.sections import leaderboard_across, leaderboard_inputs

s = claim.with_preset(settings.read("leaderboard"))
st.markdown(f"# Leaderboard checker\n\n{sections.INTRO}")

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

st.markdown("## The board")
sections.notes(notes, s, leaderboard_inputs.sources(s))
if shown is not None:
    sections.more(shown, s)
leaderboard_across.section(s)

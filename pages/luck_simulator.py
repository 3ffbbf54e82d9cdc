"""Luck simulator: two equally good models, scored again and again.

Inputs (URL-bound widgets) → benchstats (the exact gap distribution, and a
tally of simulated runs kept as counts per gap) → the guess, the answer
card, the build-up buttons, the histogram with the exact line, the
arithmetic.
"""

from __future__ import annotations

import streamlit as st

from ui.sections import luck as sections
from ui.sections import luck_data, luck_inputs

st.title("Luck simulator")
st.markdown(sections.INTRO)

settings_area, answer_area = sections.layout()
setting = luck_inputs.settings(container=settings_area)
guess_slot, card_slot = settings_area.container(), settings_area.container()
runs, seed, run_slot = luck_inputs.build_up(setting, container=answer_area)

try:
    sim = luck_data.simulation(setting, runs, seed)
except ValueError as err:  # said in plain words; the limits below still show
    sim = None
    st.error(f"These settings can't be simulated: {err}.", icon=":material/error:")

revealed = sim is not None and sections.guess(sim, setting, container=guess_slot)
if sim is not None:
    sections.last_run(sim, container=run_slot)
if revealed:
    sections.card(sim, setting, container=card_slot)
    sections.chart(sim, setting, container=answer_area)
sections.limits()
if revealed:  # no answers before a guess
    sections.arithmetic(sim)

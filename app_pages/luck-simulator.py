"""Luck simulator: two equally good models, scored again and again.

The link read once into settings (a preset sets the questions) → the exact
gap distribution and the runs drawn so far (benchstats.tally) → the answer
(or, with predict on, the question first), the histogram beside its inputs
and the build-up buttons, then the arithmetic.
"""

from __future__ import annotations

import streamlit as st

from ui import layout, settings
from ui.sections import luck as sections

s = sections.rules(settings.read("luck"))
st.markdown(f"# Luck simulator\n\n{sections.INTRO}")
try:
    sim = sections.simulation(s)
except ValueError as err:  # said in plain words; the inputs still show, to change it
    sim = None
    st.error(f"These settings can't be worked out: {err}.", icon=":material/error:")

at = sections.n_thumb(s)
screen = layout.first_screen()
revealed = False
if sim is not None:
    with screen.verdict:
        revealed = sections.verdict(s, sim)
with screen.controls:  # the chart follows the n thumb
    sections.controls(s, at)
    if sim is not None:
        sections.runs(s, sim, revealed=revealed)
if sim is not None:
    with screen.chart:
        sections.chart(s, sim, at, revealed=revealed)
if revealed:
    sections.arithmetic(sim)

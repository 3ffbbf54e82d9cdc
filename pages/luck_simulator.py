"""Luck simulator: two equally good models, scored again and again.

Inputs (URL-bound widgets; the seed sits with the runs it seeds) →
benchstats (the exact gap distribution, and a tally of simulated runs kept
as counts per gap) → the guess, the answer card, the build-up buttons, the
histogram with the exact line, the arithmetic.
"""

from __future__ import annotations

import streamlit as st

from ui.sections import luck as sections
from ui.sections import luck_data, luck_inputs

# The title and its introduction: one markdown (st.title is a heading element, which
# costs the browser about 0.6-0.9 ms on every rerun of the page, fragments included).
st.markdown(f"# Luck simulator\n\n{sections.INTRO}")

settings_area, answer_area = sections.layout()
setting = luck_inputs.settings(container=settings_area)
guess_slot, card_slot = settings_area.container(), settings_area.container()

try:
    exact = luck_data.exact(setting)
except ValueError as err:  # said in plain words; the limits below still show
    exact = None
    st.error(f"These settings can't be worked out: {err}.", icon=":material/error:")

revealed = exact is not None and sections.guess(exact, setting, container=guess_slot)
if revealed:
    sections.card(exact, setting, container=card_slot)
if exact is not None:
    with answer_area:
        sections.simulation(setting, revealed)  # a fragment: +1 or a seed reruns only the runs
else:  # no runs to seed, but the link keeps its seed
    luck_inputs.seed_input(container=answer_area)
sections.limits()
if revealed:  # no answers before a guess
    sections.arithmetic(exact)

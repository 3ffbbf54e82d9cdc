"""Interval coverage: how often a 95% interval for one score really holds the true score.

The link read once into settings → benchstats.coverage (exact sums, cached;
seeded datasets kept per session) → the answer (or, with predict on, the
question first), the sawtooth with the simulated points beside its inputs
and the build-up, then all six intervals, the zero-width interval and the
paper's figure.
"""

from __future__ import annotations

import streamlit as st

from ui import layout, settings
from ui.sections import coverage as sections

s = sections.rules(settings.read("coverage"))
st.markdown(f"# Interval coverage\n\n{sections.INTRO}")
try:
    r = sections.results(s)
except ValueError as err:  # said in plain words; the inputs still show, to change it
    r = None
    st.error(f"These settings can't be worked out: {err}.", icon=":material/error:")

at = sections.n_thumb(s)
screen = layout.first_screen()
revealed = False
if r is not None:
    with screen.verdict:
        revealed = sections.verdict(s, r)
with screen.controls:  # the chart follows the n thumb
    sections.controls(s, at)
if r is not None:
    with screen.chart:
        sections.chart(s, r, at, revealed=revealed)
if revealed:  # each of these gives the answer away
    sections.more(r)

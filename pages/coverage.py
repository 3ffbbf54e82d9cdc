"""Interval coverage: how often a 95% interval for one score really holds the true score.

Inputs (URL-bound sliders) → benchstats.coverage (exact sums, cached; a
seeded simulation kept per session) → the guess, the answer card, the table
of all six intervals, the sawtooth with the simulated points, the zero-width
interval and the paper's figure.
"""

from __future__ import annotations

import streamlit as st

from ui.sections import coverage as sections
from ui.sections import coverage_data as data
from ui.sections import coverage_inputs as inputs

# The title and its introduction: one markdown (a heading element costs every rerun).
st.markdown(f"# Interval coverage\n\n{sections.INTRO}")

settings_area, answer_area = sections.layout()
inputs.presets(container=settings_area)
setting = inputs.settings(container=settings_area)

try:
    summaries = data.summaries(setting.n)
    pt = sections.point(setting)
except ValueError as err:  # said in plain words; the rest of the page still renders
    summaries = pt = None
    st.error(f"These settings can't be worked out: {err}.", icon=":material/error:")

revealed = pt is not None and sections.guess(setting, pt, container=settings_area)
if revealed:
    sections.card(pt, summaries, container=settings_area)
    sections.table(setting, summaries, container=settings_area)
    with answer_area:
        sections.simulation(setting, pt)  # a fragment: +100 or the seed reruns only this
    sections.closing(sections.zero_width(setting, summaries), sections.paper())
else:
    sections.closing(sections.paper())

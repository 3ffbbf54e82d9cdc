"""Slices: many slices of a small suite manufacture discoveries; corrections take them back.

Inputs (URL-bound sliders) → benchstats.slices (the exact chance of a lucky
slice, seeded runs, corrections, a reader's own table) → the guess, the
answer card, the chance against the number of slices, then one fragment:
the seed, the runs with their false discoveries, the shared-items curve.
"""

from __future__ import annotations

import streamlit as st

from ui.sections import slices as sections
from ui.sections import slices_data as data
from ui.sections import slices_inputs as inputs

# The title and its introduction: one markdown (st.title is a heading element, which
# costs the browser about 0.6-0.9 ms on every rerun of the page, fragments included).
st.markdown(f"# Slices\n\n{sections.INTRO}")

if inputs.mode() == inputs.TABLE:
    sections.your_table()
else:
    settings_area, answer_area = sections.layout()
    inputs.presets(container=settings_area)
    setting = inputs.settings(container=settings_area)
    try:
        lucky = data.lucky(setting.n, setting.slices, setting.p, setting.alpha)
    except ValueError as err:  # said in plain words; the rest of the page still renders
        lucky = None
        st.error(f"These slices can't be worked out: {err}.", icon=":material/error:")
    revealed = lucky is not None and sections.guess(setting, lucky, container=settings_area)
    if revealed:
        sections.card(lucky, container=settings_area)
        with answer_area:
            sections.chance_chart(setting, lucky)
    with answer_area:  # a fragment: the seed, the runs, the shared-items curve; +100 or a seed
        sections.seeded(setting, lucky if revealed else None)  # edit reruns only this

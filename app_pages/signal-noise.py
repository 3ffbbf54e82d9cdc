"""Signal and noise: is a checkpoint's change more than jitter?"""

from __future__ import annotations

import streamlit as st

from ui import layout, settings
from ui.sections import signal_noise as sections

s = sections.rules(settings.read("signal"))
st.markdown(f"# Signal and noise\n\n{sections.INTRO}")
screen = layout.first_screen()

with screen.controls:  # first: the reader's table, if any, is read here
    curves = sections.controls(s)
with screen.verdict:
    shown = sections.verdict(s, curves)
with screen.chart:
    sections.curves_chart(s, curves)

st.markdown(sections.DEFINITION)
sections.over_n(s, shown)
sections.toy(s)
sections.mde(s, curves)
sections.quoted()

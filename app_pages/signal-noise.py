"""Signal and noise: is a checkpoint's change more than jitter?

The share of questions two checkpoints disagree on moves only the last section's smallest
change: that section reruns alone when it changes (:func:`ui.fragments.alone`).
"""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from ui import fragments, layout, settings
from ui.sections import signal_noise as sections


def read() -> settings.Settings:
    return sections.rules(settings.read("signal"))


s = read()
st.markdown("# " + _("Signal and noise") + "\n\n" + _(sections.INTRO))
screen = layout.first_screen()

with screen.controls:  # first: the reader's table, if any, is read here
    curves = sections.controls(s)
with screen.verdict:
    shown = sections.verdict(s, curves)
with screen.chart:
    sections.curves_chart(s, curves)

st.markdown(_(sections.DEFINITION))
sections.over_n(s, shown)
sections.toy(s)
fragments.alone(s, ("discordance",), read, lambda now: sections.mde(now, curves))
sections.quoted()

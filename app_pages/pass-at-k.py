"""pass@k explainer: the unbiased estimator, and why the shortcut is wrong.

The link read once through the page's registry entry, its rules between keys applied, then
the sections of :mod:`ui.sections.passk` in order. The bootstrap's seed moves only the
benchmark's band: that section reruns alone when it changes (:func:`ui.fragments.alone`;
not for an uploaded file, whose problems avg@k reads too).
"""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from benchstats.passk import draw_counts
from ui import fragments, layout, settings
from ui.sections import passk


def read() -> settings.Settings:
    return passk.rules(settings.read("passk"))


s = read()
st.title(_("pass@k explainer"))
st.markdown(
    _(
        "pass@k is the chance that **at least one of k tries** solves a problem. It is estimated "
        "from a finite pile of samples, and the quick formula people reach for gets it wrong."
    )
)
d = draw_counts(s["samples"], s["passed"], s["k"])  # every way to draw k of the n samples
at = passk.k_thumb(s)
screen = layout.first_screen()
with screen.verdict:
    revealed = passk.verdict(s, d)
with screen.controls:  # the chart follows the k thumb
    passk.controls(s, at)
with screen.chart:
    passk.curve(s, d, revealed, at)
passk.estimator(s, d, revealed)
if s["mix"] == "upload":
    avg, name = passk.benchmark(s)
else:
    avg, name = fragments.alone(s, ("seed",), read, passk.benchmark)
passk.avg_and_maj(s, avg, name)
passk.column_rule()

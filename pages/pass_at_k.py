"""pass@k explainer: the unbiased estimator, and why the shortcut is wrong.

Every input is a URL key of the page's registry entry: ``samples``,
``passed``, ``k`` (one problem; ``predict`` asks for its pass@k first),
``mix`` and ``seed`` (a benchmark of mixed difficulty), ``p_correct`` and
``p_distractor`` (percent, the answer distribution behind maj@k). The page
reads them once, applies its rules between keys and draws the sections of
:mod:`ui.sections.passk` in order.
"""

from __future__ import annotations

import streamlit as st

from ui import layout, settings
from ui.sections import passk

s = passk.rules(settings.read("passk"))
st.title("pass@k explainer")
st.markdown(
    "pass@k is the chance that **at least one of k tries** solves a problem. It is estimated "
    "from a finite pile of samples, and the quick formula people reach for gets it wrong."
)
d = passk.draws(s)
at = passk.k_thumb(s)
screen = layout.first_screen()
with screen.verdict:
    revealed = passk.verdict(s, d)
with screen.controls:  # the chart follows the k thumb
    passk.controls(s, at)
with screen.chart:
    passk.curve(s, d, revealed, at)
passk.estimator(s, d, revealed)
avg, name = passk.benchmark(s)
passk.avg_and_maj(s, avg, name)
passk.column_rule()

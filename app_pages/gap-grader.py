"""Gap grader: the whole arithmetic behind one comparison, and the choices in it."""

from __future__ import annotations

import streamlit as st

from benchstats.language import _
from ui import layout
from ui.sections import embed, grader, grader_inputs, per_question
from ui.sections.perturbation import perturbation_section

s = grader_inputs.read()
st.title(_("Gap grader"))
st.markdown(
    _(
        "Grade one comparison in full: the test, the interval, the choices behind them, and why "
        "the verdict comes out as it does."
    )
)
screen = layout.first_screen(controls_width=420)  # two number boxes abreast
with screen.controls:
    grader_inputs.mode_menu(s)
if s["mode"] == "file":
    per_question.panel(screen)
else:
    graded = grader.first_screen(s, screen)
    with screen.controls:
        grader_inputs.controls(s, below=grader.below(graded))
    if graded is not None:
        grader.details(s, graded)
    embed.section(s, graded)
perturbation_section(s["mode"])

"""Gap grader: the whole arithmetic behind one comparison, and the choices in it.

The link is read once (:func:`ui.sections.grader_inputs.read`): the keys it
gives choose the mode (two scores, scores ± SE, paired counts; ``mode``
overrides, and ``mode=file`` grades per-question files), an empty visit shows
the mode's worked example, labelled, and a verdict stands only on values the
reader gave, a preset filled in or that follow from them. The verdict comes
first, then the lead chart with the controls beside it, then every section
unfolded. URL keys: ``docs/urls.md``.
"""

from __future__ import annotations

import streamlit as st

from ui import layout
from ui.sections import grader, grader_inputs, per_question
from ui.sections.perturbation import perturbation_section

s = grader_inputs.read()
st.title("Gap grader")
st.markdown(
    "Grade one comparison in full: the test, the interval, the choices behind them, and why "
    "the verdict comes out as it does."
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
perturbation_section(s["mode"])

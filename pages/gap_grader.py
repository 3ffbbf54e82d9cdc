"""Gap grader: the whole arithmetic behind one comparison, and the choices in it.

The mode is decided once (two scores, scores ± SE, or paired counts: the
URL keys present choose, the reader can switch) and graded into one object
of benchstats.grading; every section below draws whatever it got. URL keys:
``mode``, ``name_a``, ``name_b``, ``a``, ``b``, ``n``, ``n_b``, ``se_a``,
``se_b``, ``a_only``, ``b_only``, ``bench``, ``options``, ``interval``,
``predict``. With Predict first on, the page asks a question (paired counts:
"will the paired test agree with the unpaired one?", else "is this lead more
than luck?") and keeps the grades hidden until the reader reveals them.

Speed: the numbers and all they drive are one fragment (an edit does not redraw
the title, the mode, the names fold, the row of preset, B's own question count
and Predict first, or the contamination fold), and under the verdict and the
lead chart the tabs are lazy: only the open one is drawn (the report to copy,
until the reader picks another). The names sit in a fold, open when the link
names a model.
"""

from __future__ import annotations

import streamlit as st

from benchstats.grading import Names
from ui.per_question import has_upload, per_question_panel
from ui.sections import grader, grader_inputs
from ui.sections.perturbation import perturbation_section

st.markdown(  # one element: every edit redraws it
    "# Gap grader\n\nGrade one comparison in full: the test, the interval, the choices behind "
    "them, and why the verdict comes out as it does."
)


@st.fragment
def grade(mode: str, names: Names, above: grader_inputs.Above) -> None:
    """The numbers and all they drive: an edit reruns this alone (the title, the mode, the
    names, the preset row and the contamination fold stay as they are)."""
    got = grader_inputs.read(mode, names, above)
    grader.problems(got)
    graded = got.grading
    if grader.ask(got):  # Predict first: True when off, or once the reader has revealed
        grader.card(graded)
        grader.lead_chart(got, graded)
        # Lazy tabs: an edit redraws only the open one (the report, until the reader picks one)
        grader.tab_row(got, graded, per_question_panel, uploaded=has_upload())
    else:  # a file of per-question results needs none of the numbers above, nor the reveal
        per_question_panel()


mode = grader_inputs.mode()
names = grader_inputs.names()
grade(mode, names, grader_inputs.above(mode))
perturbation_section(mode)  # presets for a contamination check, after the verdict

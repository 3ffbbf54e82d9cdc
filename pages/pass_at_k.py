"""pass@k explainer: the unbiased estimator, and why the shortcut is wrong.

Every input is in the URL: ``samples``, ``passed``, ``k`` (one problem;
``predict`` asks for its pass@k before showing it),
``mix`` and ``seed`` (a benchmark of mixed difficulty), ``p_correct`` and
``p_distractor`` (percent, the answer distribution behind maj@k). The page
reads them and draws the sections of :mod:`ui.sections.passk` in order.
"""

from __future__ import annotations

import streamlit as st

from ui.sections import passk

st.markdown(  # the title, its introduction and the first section's heading: one element
    "# pass@k explainer\n\n"
    "pass@k is the chance that **at least one of k tries** solves a problem. It has to be "
    "estimated from a finite pile of samples, and the quick formula people reach for gets "
    "it wrong. Here is what the right estimator counts, and which numbers may be compared.\n\n"
    "## One problem"
)
passk.problem_part()  # a fragment: n, c and k rerun this part only

st.markdown(  # the section's heading and introduction: one element
    "## A benchmark of mixed difficulty\n\n"
    "A benchmark's pass@k is the **average of each problem's pass@k**. The shortcut "
    "applies 1 − (1 − p)^k to the average pass rate instead. The two agree at k = 1 and "
    "then drift apart: averaging first and bending second is not the same as bending "
    "each problem first. All three presets have the same pass@1, 30%."
)
passk.benchmark_part()  # a fragment: the benchmark, then avg@k and maj@k (folded) on it
passk.column_rule()

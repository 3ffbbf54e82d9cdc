"""pass@k explainer: the unbiased estimator, and why the shortcut is wrong.

Every input is in the URL: ``samples``, ``passed``, ``k`` (one problem),
``mix`` and ``seed`` (a benchmark of mixed difficulty), ``p_correct`` and
``p_distractor`` (percent, the answer distribution behind maj@k). The page
reads them and draws the sections of :mod:`ui.sections.passk` in order.
"""

from __future__ import annotations

import streamlit as st

from benchstats.passk_mix import MIX_PRESETS
from ui.sections import passk, passk_inputs

st.title("pass@k explainer")
st.markdown(
    "pass@k is the chance that **at least one of k tries** solves a problem. It has to be "
    "estimated from a finite pile of samples, and the quick formula people reach for gets "
    "it wrong. Here is what the right estimator counts, and which numbers may be compared."
)

st.header("One problem", divider="gray")
problem = passk_inputs.one_problem(st.container())
try:
    passk.one_problem(problem)
except ValueError as exc:
    st.error(f"These numbers can't be used: {exc}.")

st.header("A benchmark of mixed difficulty", divider="gray")
st.markdown(
    "A benchmark's pass@k is the **average of each problem's pass@k**. The shortcut "
    "applies 1 − (1 − p)^k to the average pass rate instead. The two agree at k = 1 and "
    "then drift apart: averaging first and bending second is not the same as bending "
    "each problem first. All three presets have the same pass@1, 30%."
)
mix, seed = passk_inputs.benchmark(st.container())
results, name, key = passk.load_mix(mix, seed)
passk.mix(results, name, key, seed, preset=mix in MIX_PRESETS)

st.header("avg@k and maj@k", divider="gray")
left, right = passk.columns()
with left:
    passk.avg(results, name, passk.mix_query(key, seed))
with right:
    passk.maj()
passk.avg_maj_arithmetic()

st.header("The column rule", divider="gray")
passk.column_rule()

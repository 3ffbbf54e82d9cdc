"""Check a claim: is a lead on a benchmark more than luck?

Inputs (URL keys name_a, name_b, a, b, n, bench, se_a, se_b) → a grading
from benchstats.grading (the same objects the Gap grader draws) → the
verdict card, a sentence to copy, the chart with its download menu, the
arithmetic, and links that open the deeper pages with the same claim.
"""

from __future__ import annotations

import streamlit as st

from ui import view
from ui.claim import claim_inputs
from ui.sections import check

st.title("Check a claim")
st.markdown("Two scores on one benchmark: is the lead more than luck?")

# In the room view the inputs fold away, so the verdict and the chart fill the screen.
with st.expander("The claim", expanded=True) if view.is_room() else st.container():
    claim = claim_inputs()

try:
    graded = check.graded(claim)
except ValueError as err:
    st.error(f"These numbers can't be graded: {err}.", icon=":material/error:")
    graded = None

if graded is not None:
    check.card(claim, graded)
    check.notes(claim, graded)
    check.sentence(claim, graded)
    check.chart(claim, graded)
    check.arithmetic(graded)
check.links(claim)

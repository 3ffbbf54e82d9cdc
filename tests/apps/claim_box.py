"""A test page: the claim box above the shared claim inputs, and the claim they give."""

import streamlit as st

from ui.claim import claim_inputs
from ui.sections.claim_text import claim_box

parsed = claim_box()
claim = claim_inputs()
st.text(f"claim={claim!r}")
st.text(f"names={st.session_state.get('name_a')!r},{st.session_state.get('name_b')!r}")

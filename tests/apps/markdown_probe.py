"""A test app: each hostile name of ``tests/hostile_text.py`` made Markdown by the site's helper
and drawn in each kind of place Streamlit renders Markdown: a paragraph, a caption, a box, a
tile's label, an input's label, a badge, an expander's label. One block per name."""

import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from hostile_text import PROBES  # noqa: E402

from benchstats.outside_text import markdown  # noqa: E402

for i, name in enumerate(PROBES):
    shown = markdown(name)
    with st.container(key=f"probe-{i}"):
        st.markdown(shown)
        st.caption(shown)
        st.info(shown)
        st.metric(shown, "1")
        st.number_input(shown, key=f"n{i}")
        st.badge(shown)
        st.expander(shown)

# The control: one image left raw, so the test sees that its request log would catch a fetch.
st.markdown(f"![control](http://{sys.modules['hostile_text'].HOST}/control.png)")

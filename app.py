"""Lead or Luck: page config, navigation over the registered pages, the shared frame."""

import streamlit as st

from ui import inputs, view
from ui.registry import PAGES

st.set_page_config(page_title="Lead or Luck", page_icon="⚖️", layout="wide")

# Framed (?embed=true, an article's iframe) the site draws no sidebar: the frame has no room.
framed = bool(st.context.is_embedded)
page = st.navigation(
    [
        st.Page(
            p.file,
            title=p.title,
            url_path=p.url_path or None,
            default=i == 0,
            visibility="visible" if p.listed else "hidden",
        )
        for i, p in enumerate(PAGES)
    ],
    position="hidden" if framed else "sidebar",
)
if not framed:
    st.sidebar.markdown(
        "**Lead or Luck** recomputes benchmark comparisons from your own numbers. "
        "Every input is in the link: copy the address bar to share exactly what you see.\n\n"
        "The room view enlarges every text and chart for a projector."
    )
    inputs.view_switch(where=st.sidebar)
    with st.sidebar:
        view.style()
page.run()

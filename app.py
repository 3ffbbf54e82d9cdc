"""Lead or Luck: page config, navigation over the registered pages, the shared frame."""

import streamlit as st

from benchstats.language import _
from ui import inputs, settings, view
from ui.registry import PAGES

st.set_page_config(page_title="Lead or Luck", page_icon="⚖️", layout="wide")
settings.use_language()  # this run's language: the link's, else the browser's, else English

# Framed (?embed=true, an article's iframe) the site draws no sidebar: the frame has no room.
framed = bool(st.context.is_embedded)
page = st.navigation(
    [
        st.Page(
            p.file,
            title=_(p.title),
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
        _(
            "**Lead or Luck** recomputes benchmark comparisons from your own numbers. "
            "Every input is in the link: copy the address bar to share exactly what you see."
        )
        + "\n\n"
        + _("The room view enlarges every text and chart for a projector.")
    )
    inputs.language_switch(where=st.sidebar)
    inputs.view_switch(where=st.sidebar)
    with st.sidebar:
        view.style()
page.run()

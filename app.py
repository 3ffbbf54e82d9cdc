"""Lead or Luck: page config, navigation over pages/, and the shared frame."""

import streamlit as st

st.set_page_config(page_title="Lead or Luck", page_icon=":material/balance:", layout="wide")

pages = [
    st.Page(
        "pages/check_a_claim.py", title="Check a claim", icon=":material/fact_check:", default=True
    ),
    st.Page(
        "pages/luck_simulator.py",
        title="Luck simulator",
        icon=":material/casino:",
        url_path="luck-simulator",
    ),
    st.Page(
        "pages/gap_grader.py", title="Gap grader", icon=":material/rule:", url_path="gap-grader"
    ),
    st.Page(
        "pages/questions_needed.py",
        title="Questions needed",
        icon=":material/straighten:",
        url_path="questions-needed",
    ),
    st.Page(
        "pages/pass_at_k.py",
        title="pass@k explainer",
        icon=":material/functions:",
        url_path="pass-at-k",
    ),
]
page = st.navigation(pages)
st.sidebar.caption(
    "**Lead or Luck** recomputes benchmark comparisons from your own numbers. "
    "Every input is in the link: copy the address bar to share exactly what you see."
)
page.run()

"""The reference app for speed ratios: navigation, one URL-bound input, one small chart.

Every page's edit-to-rerun time is reported as a ratio to this app's, measured
on the same machine in the same run (``tools/bench_rerun.py``, ``make bench``).

    .venv/bin/python serve.py tools/minimal_app.py
"""

import altair as alt
import pandas as pd
import streamlit as st


def minimal_page() -> None:
    x = st.number_input(
        "Value", min_value=0.0, max_value=100.0, value=50.0, step=1.0, key="x",
        bind="query-params",
    )  # fmt: skip
    data = pd.DataFrame({"bar": ["x", "100 − x"], "value": [x, 100 - x]})
    chart = (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X("bar:N").title(None),
            y=alt.Y("value:Q").title("Value").scale(domain=[0, 100]),
            tooltip=[alt.Tooltip("bar:N"), alt.Tooltip("value:Q").format(".1f")],
        )
    )
    st.altair_chart(chart, width="stretch")


st.navigation([st.Page(minimal_page, title="Minimal", default=True)]).run()

"""The 2×2 table of right and wrong answers, question by question."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from benchstats.clustered import PairGrade
from benchstats.prose import per_question as prose
from ui.verdict import escape_markdown


def _frame(g: PairGrade) -> pd.DataFrame:
    c = g.counts
    return pd.DataFrame(
        {
            f"{g.model_b} right": [c.both_right, c.only_b],
            f"{g.model_b} wrong": [c.only_a, c.neither],
        },
        index=[f"{g.model_a} right", f"{g.model_a} wrong"],
    )


def two_by_two(g: PairGrade) -> None:
    """The table for right/wrong scores; for other scores, why there is none."""
    if g.counts is None:
        st.info(
            "These scores are not all 0 or 1 (partial credit, or several runs averaged), "
            "so there is no 2×2 table or McNemar test: the comparison uses each question's "
            "difference in score.",
            icon=":material/info:",
        )
        return
    st.markdown("**Right and wrong, question by question**")
    st.table(_frame(g), width="content")
    st.caption(prose.score_line(g, escape=escape_markdown))

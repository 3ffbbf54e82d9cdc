"""After the charts: the link to plan the next eval, the arithmetic, the paired questions."""

from __future__ import annotations

import streamlit as st

from benchstats.clustered import PairGrade
from benchstats.items import PairedItems
from benchstats.prose import per_question as prose
from ui import lazy
from ui.sections.per_question.keys import KEY
from ui.verdict import escape_markdown


def plan_link(g: PairGrade) -> None:
    """Questions needed, opened with the numbers these results measured."""
    st.page_link(
        "pages/questions_needed.py",
        label="Plan the next eval with these numbers",
        icon=":material/straighten:",
        query_params=prose.questions_needed_query(g),
    )


def arithmetic(g: PairGrade) -> None:
    """Every number of the card worked out with the reader's data (drawn only while open)."""
    box = lazy.fold("The arithmetic", key=f"{KEY}-arithmetic")
    if box.open:
        box.markdown("\n".join(prose.arithmetic_lines(g, escape=escape_markdown)))


def paired_csv(paired: PairedItems) -> None:
    """The paired questions, one row each, as CSV."""
    st.download_button(
        "Paired questions (CSV)",
        data=lambda: paired.table.to_csv(index=False).encode(),
        file_name="paired-questions.csv",
        mime="text/csv",
        key=f"{KEY}-paired-csv",
        icon=":material/table:",
        on_click="ignore",
    )

"""Per-question results on the gap grader: upload eval logs, pair them, grade the pair.

The Gap grader page calls :func:`per_question_panel` inside its
"Per-question results" section. Everything statistical lives in
``benchstats.items``; this module only reads the upload and writes.
"""

from __future__ import annotations

import streamlit as st


def per_question_panel() -> None:
    """The upload section: one wide or long CSV, or two harness files."""
    st.file_uploader(
        "Per-question results (CSV, lm-eval JSONL or inspect .eval)",
        type=["csv", "jsonl", "json", "eval", "zip"],
        accept_multiple_files=True,
        key="pq_files",
    )
    st.caption("Reading per-question files is being built; it lands here shortly.")

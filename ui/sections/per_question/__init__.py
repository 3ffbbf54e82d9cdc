"""Per-question results on the Gap grader: upload eval logs, pair them, grade the pair.

:func:`per_question_panel` is the whole panel, section by section: the upload
and what files work (:mod:`.upload`), which models, metric, filter and epoch
reducer (:mod:`.pickers`), what was read, the verdict card (:mod:`.verdict`),
the 2×2 table (:mod:`.table`), the charts (:mod:`.charts`), and the link,
arithmetic and paired CSV (:mod:`.arithmetic`). Reading and pairing come from
:mod:`benchstats.items`, every number from :mod:`benchstats.clustered`, every
sentence from :mod:`benchstats.prose.per_question`.
"""

from __future__ import annotations

import streamlit as st

from benchstats.clustered import PairGrade, grade_pair
from benchstats.items import Items, PairedItems, pair_items
from benchstats.prose import per_question as prose
from ui.sections.per_question import arithmetic, charts, pickers, table, upload, verdict
from ui.sections.per_question.keys import key
from ui.verdict import escape_markdown

__all__ = ["has_upload", "per_question_panel"]


def _uploader() -> list:
    """The file uploader and its help; the files the reader gave (maybe none)."""
    st.markdown(
        "Have each question's result? Upload it and the comparison becomes paired: "
        "only the questions where the models disagree count."
    )
    files = st.file_uploader(
        "Per-question results: one CSV, or two or more lm-eval or inspect files",
        type=upload.FILE_TYPES,
        accept_multiple_files=True,
        key=key("files"),
        help="Model A is the first file (or the first score column); B the second.",
    )
    upload.formats_help()
    return files or []


def _graded(items: Items) -> tuple[PairedItems, PairGrade] | None:
    """The pair the reader picked, graded; None after showing why it cannot be."""
    try:
        model_a, model_b = pickers.choices(items)
        paired = pair_items(items, model_a, model_b)
        return paired, grade_pair(paired)
    except ValueError as err:
        st.error(escape_markdown(str(err)), icon=":material/error:")
        return None


def _results(items: Items, paired: PairedItems, g: PairGrade) -> None:
    """Everything the pair says, in reading order."""
    verdict.card(g)
    table.two_by_two(g)
    claim = charts.caption(items, paired, g)
    charts.disagreements(paired, claim)
    charts.leads(g, claim)
    verdict.repeats(g)
    arithmetic.plan_link(g)
    arithmetic.arithmetic(g)
    arithmetic.paired_csv(paired)


def has_upload() -> bool:
    """True while the reader has files in the uploader (kept from the previous run)."""
    return bool(st.session_state.get(key("files")))


def per_question_panel() -> None:
    """The upload section: one wide or long CSV, or two or more harness files."""
    files = _uploader()
    if not files:
        st.caption("No file yet: the results appear here once one is read.")
        return
    items = upload.read_upload(files)
    if items is None:
        return
    summary = st.container()  # above the pickers, filled once the pair is known
    graded = _graded(items)
    if graded is None:
        return
    paired, g = graded
    summary.markdown(prose.read_summary(items, paired, escape=escape_markdown))
    _results(items, paired, g)

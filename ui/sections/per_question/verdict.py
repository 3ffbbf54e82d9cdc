"""The verdict card of a graded pair, and where the noise comes from with repeated answers."""

from __future__ import annotations

import streamlit as st

from benchstats.clustered import PairGrade
from benchstats.prose import per_question as prose
from ui.verdict import verdict_card


def card(g: PairGrade) -> None:
    """The verdict first, then the key numbers; with clusters, the range the verdict used."""
    verdict_card(
        prose.headline(g),
        prose.key_numbers(g),
        clears=prose.verdict_gap(g).clears,
        note=prose.clustered_note(g),
    )


def repeats(g: PairGrade) -> None:
    """With repeated answers: the between-question and within-question variances."""
    numbers = prose.repeat_numbers(g)
    if not numbers:
        return
    st.markdown("**Repeated answers: where the noise comes from**")
    for col, number in zip(st.columns(len(numbers)), numbers, strict=True):
        col.metric(number.label, number.value, help=number.help)
    st.caption(
        "More answers per question shrink only the within part; the between-question "
        "part is a floor that only more questions lower."
    )

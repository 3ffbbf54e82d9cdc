"""Check a claim: is a lead on a benchmark more than luck?

A pasted sentence (URL key claim) or the inputs (name_a, name_b, a, b, n,
bench, se_a, se_b) → a grading from benchstats.grading (the same objects the
Gap grader draws) → the verdict card, a sentence to copy, the chart with its
download menu and the arithmetic (one fold), the verdict on the same
questions across every possible disagreement (a fold; disagree, typical),
the questions to ask of the row, and links that open the deeper pages with the same claim.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

import streamlit as st

from benchstats.claims import ParsedClaim
from benchstats.grading import Names
from ui import lazy, predict, view
from ui.claim import NAME_KEYS, claim_inputs, name_inputs
from ui.sections import check
from ui.sections.checklist import checklist_section
from ui.sections.claim_text import claim_box
from ui.sections.discordance import discordance_section

st.markdown("# Check a claim\n\nTwo scores on one benchmark: is the lead more than luck?")


@st.fragment
def check_claim(names: Names, parsed: ParsedClaim | None, room: Any) -> None:
    """The scores, the questions and all they drive: an edit reruns this alone (the title
    and the names fold stay as they are). In the room view the inputs sit in ``room``."""
    where = st if room is None else room
    claim = replace(claim_inputs(with_names=False, container=room), names=names)
    predict_on = predict.switch(container=where)
    try:
        graded = check.graded(claim)
    except ValueError as err:
        st.error(f"These numbers can't be graded: {err}.", icon=":material/error:")
        graded = None
    # Predict first: everything that says the verdict waits for a guess and Reveal.
    revealed = check.ask(claim, graded, on=predict_on)
    if revealed:
        check.card(claim, graded)
    if graded is not None:
        check.notes(claim, graded)
    if revealed:
        check.sentence(claim, graded)
        check.chart(claim, graded)
        discordance_section(
            claim.a,
            claim.b,
            claim.n if claim.n_given else None,
            names=(claim.names.first, claim.names.second),
            caption=check.caption(claim, graded),
        )
    checklist_section(
        claim.n if claim.n_given else None,
        bench=claim.bench,
        metric=None if parsed is None else parsed.metric,
        after=check.links(claim),  # the links below it, in the same element
    )


NAMES_FOLD_KEYS = ("claim", *NAME_KEYS)  # the URL keys of the names fold's inputs


def names_fold() -> tuple[ParsedClaim | None, Names]:
    """The claim box and the two names, in a fold drawn while open or while the link holds one.

    Closed and not in the link, the box is empty and the names are "A" and "B":
    one element an edit redraws instead of a text area, two text inputs and their columns.
    """
    box = lazy.input_fold(
        "Model names, or paste the claim as a sentence", key="check-names", keys=NAMES_FOLD_KEYS
    )
    if not box.draws():
        return None, Names()
    with box:
        return claim_box(), name_inputs()


# In the room view the inputs fold away, so the verdict and the chart fill the screen
# (elsewhere no wrapper: a block of its own would be one more element every edit redraws).
room = st.expander("The claim", expanded=True) if view.is_room() else None
with room if room is not None else contextlib.nullcontext():
    parsed, names = names_fold()  # folded unless the link holds them: a phone sees the verdict
check_claim(names, parsed, room)

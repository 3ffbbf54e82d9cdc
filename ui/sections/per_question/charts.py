"""Where the two models disagree, and the lead graded paired against unpaired.

Both charts are :class:`benchstats.charts.Figure` objects drawn by
:func:`ui.figure.show`, with a :class:`~benchstats.charts.Caption` naming the
two models, the task, n, the verdict and what was read, so a downloaded
chart carries its claim.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from benchstats.charts import Caption
from benchstats.charts.grader import lead_figure
from benchstats.charts.items import disagreement_figure, disagreement_frame
from benchstats.clustered import PairGrade
from benchstats.items import Items, PairedItems
from benchstats.prose import per_question as prose
from ui.figure import show
from ui.sections.per_question.keys import KEY


def caption(items: Items, paired: PairedItems, g: PairGrade) -> Caption:
    """What a downloaded chart carries: the pair, task and n; the verdict; what was read."""
    return Caption(
        prose.caption_title(items, g),
        prose.headline(g),
        inputs=prose.caption_inputs(items, paired),
    )


def disagreements(paired: PairedItems, claim: Caption) -> None:
    """The questions each model alone got right, per cluster or block of questions."""
    alt_text = prose.disagreement_alt_text(paired, disagreement_frame(paired))
    show(disagreement_figure(paired, alt_text=alt_text), key=f"{KEY}-disagree", caption=claim)


def leads(g: PairGrade, claim: Caption) -> None:
    """The same lead graded as a pair, with clusters, and as if the questions were different."""
    rows = [("Paired (same questions)", g.paired)]
    if g.clustered_gap is not None:
        rows.append(("Paired, clustered SE", g.clustered_gap))
    rows.append(("Unpaired (ignores pairing)", g.unpaired))
    st.markdown("**Paired against unpaired**")
    st.caption(
        "The same two scores graded three ways. Pairing removes the question-to-question "
        "noise both models share; clusters add back what related questions share."
        if g.clustered_gap is not None
        else "The same two scores graded as a pair and, for contrast, as if they came from "
        "different questions. Pairing removes the noise both models share."
    )
    figure = lead_figure(rows, alt_text=prose.leads_alt_text(g))
    show(dataclasses.replace(figure, name="per-question-leads"), key=f"{KEY}-leads", caption=claim)

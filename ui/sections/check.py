"""Sections of Check a claim: the card, the notes, the sentence, the chart, the working, links.

Each takes the claim the reader gave (:class:`ui.claim.Claim`) and its
grading (:mod:`benchstats.grading`, the same objects the Gap grader draws).
"""

from __future__ import annotations

import streamlit as st

from benchstats import words
from benchstats.charts import Caption
from benchstats.charts.claim import claim_figure
from benchstats.grading import Grading, grade_reported_se, grade_unpaired
from benchstats.prose import claim as prose
from ui import figure, lazy, predict, view
from ui.claim import Claim, full_url, page_query, page_url
from ui.sections.claim_predict import luck_question
from ui.verdict import verdict_card

FOLD = "The lead against zero (chart) and the arithmetic"
_LINKS = (
    ("luck", "Luck simulator", "watch two equally good models drift apart by luck"),
    ("grader", "Gap grader", "paired tests, other intervals, per-question files"),
    ("needed", "Questions needed", "how many questions this lead would need"),
)


@st.cache_data(max_entries=256, show_spinner=False)
def graded(claim: Claim) -> Grading:
    """The claim graded: from the reported SEs when both are given, else from n.

    With SEs, n counts only for the luck chance, and only when the reader gave it.
    """
    if claim.uses_se:
        n = claim.n if claim.n_given else None
        return grade_reported_se(claim.a, claim.se_a, claim.b, claim.se_b, n=n, names=claim.names)
    return grade_unpaired(claim.a, claim.b, claim.n, names=claim.names)


def bench_name(claim: Claim) -> str | None:
    return None if claim.bench is None else claim.bench.name


def ask(claim: Claim, g: Grading | None, *, on: bool) -> bool:
    """Predict first (``?predict=true``): True when the verdict may show (off, or revealed)."""
    if g is None:
        return False
    return predict.gate(luck_question(g, bench_name(claim)), key="check", on=on)


def caption(claim: Claim, g: Grading) -> Caption:
    """What a downloaded chart carries: the claim, the verdict, the link, the inputs."""
    return Caption(
        title=prose.claim_words(g, bench_name(claim)),
        verdict=g.headline,
        source=full_url(claim, "check"),
        inputs=tuple(page_query(claim, "check").items()),
    )


def card(claim: Claim, g: Grading) -> None:
    """The verdict first, then every key number; what a missing input would add."""
    body = None
    if g.luck is None and claim.uses_se:
        body = (
            "**The chance by luck needs the number of questions.** The reported SEs set the "
            "range and the test; type how many questions both models answered in "
            "**Questions** above (or pick the benchmark) to see how often two equally good "
            "models land this far apart."
        )
    tone = None if g.gap.lead == 0 else g.clears
    verdict_card(g.headline, g.key_numbers, clears=tone, body=body, plan=g.plan_numbers)


def notes(claim: Claim, g: Grading) -> None:
    """Honest words where the normal range is rough or a score is not a whole count."""
    if g.mode == "unpaired" and g.gap.se == 0 and g.gap.lead:
        st.info(
            "Both scores sit at 0% or 100%, where the usual error bar has zero width and says "
            "nothing. The range is built from each score's Wilson interval (Newcombe's method) "
            "and the test from the pooled SE of two equally good models.",
            icon=":material/info:",
        )
    elif claim.n < 30 and not claim.uses_se:
        st.info(
            f"With {words.plural(claim.n, 'question')} the normal-approximation range is rough; "
            "the exact chance by luck is the better guide.",
            icon=":material/info:",
        )
    if not claim.uses_se and (note := prose.whole_count_note(claim.a, claim.b, claim.n)):
        st.markdown(note)


def sentence(claim: Claim, g: Grading) -> None:
    st.markdown("**Copy this sentence**")
    st.code(prose.copy_sentence(g, bench_name(claim)), language=None, wrap_lines=True)


def chart(claim: Claim, g: Grading) -> None:
    """The two scores and the lead against zero, with the arithmetic under it, in one fold.

    Drawn only while open: a chart is the costliest element an edit redraws
    (about 25 ms in Chromium), and the card above already gives every number
    it shows. One fold for both, as each closed fold is one more element
    every edit redraws.
    """
    # Open in the room view: a projected page is read, not edited, and the room needs the picture.
    box = lazy.fold(FOLD, key="check-chart", expanded=view.is_room())
    if box.open:
        with box:
            _chart(claim, g)
            st.markdown("**The arithmetic**")
            st.markdown("\n".join(f"- {line}" for line in g.arithmetic))


def _chart(claim: Claim, g: Grading) -> None:
    how = "score ± 1.96 × reported SE" if claim.uses_se else "Wilson"
    fig = claim_figure(
        claim.a,
        claim.b,
        g.gap,
        n=None if claim.uses_se else claim.n,
        se_a=claim.se_a if claim.uses_se else None,
        se_b=claim.se_b if claim.uses_se else None,
        alt_text=(
            f"Top: each score with its 95% interval ({how}). Bottom: the lead with its 95% "
            "range; a range that crosses the black line at 0 is inside the noise."
        ),
    )
    figure.show(fig, key="claim", caption=caption(claim, g))


def links(claim: Claim) -> str:
    """Plain links (a new tab, a new session) that open the deeper pages with this claim.

    Markdown, for the page to draw in the checklist's element (one element fewer an edit).
    Not st.page_link: on an in-app page change Streamlit 1.67 drops the URL
    keys bound on the page being left.
    """
    return (
        "### Look deeper with the same claim\n\n"
        "Each opens in a new tab with this claim filled in.\n\n"
        + "\n".join(f"- [{label}]({page_url(claim, key)}): {why}" for key, label, why in _LINKS)
    )

"""The recompute box (``/box``): the check an article embeds, on one small screen.

The claim is read as Check a claim reads it (the scores, the questions or a preset, the
reported SEs, the names) and graded by the same function (:func:`ui.sections.check.graded`),
so each figure is the one the full check shows. Top to bottom: the verdict sentence, the
lead's 95% range against zero, four figures, the inputs, a link to the full check. Framed
(``?embed=true``) it fits 640×400 and stacks at 320 px.
"""

from __future__ import annotations

import streamlit as st

from benchstats.charts.box import box_figure
from benchstats.grading import Grading
from benchstats.prose import claim as prose
from benchstats.prose import listed, span
from benchstats.prose.box import figures
from ui import claim, figure, inputs, settings
from ui.sections import check
from ui.settings import Settings
from ui.verdict import escape_markdown

WIDTH = 620  # px at most: in a wide frame or a whole window the box keeps its 640-px shape
FIGURE = 136  # px of one figure: four abreast in a 640-px frame, two a row at 320 px
CELL = 196  # px of one input: three abreast at 640 px, one a row at 320 px
CELL_SE = 146  # four abreast when both reported SEs replace the count
_TONES = {  # the verdict card's icons and colours (ui.verdict)
    True: (":material/check_circle:", "green"),
    False: (":material/balance:", "orange"),
    None: (":material/info:", "blue"),
}


def read() -> Settings:
    """The link read through the box's keys, ``n`` from a preset."""
    return claim.with_preset(settings.read("box"))


def verdict(s: Settings, g: Grading | None, error: str | None) -> None:
    """The verdict sentence in the site's words, or what it still needs, or why it can't."""
    if error is not None:
        st.error(
            f"These numbers can't be graded: {escape_markdown(error)}.", icon=":material/error:"
        )
    elif g is None:
        needs = escape_markdown(listed(check.missing(s)))
        st.info(f"**No verdict yet: it needs {needs}.** Type it below.", icon=":material/pending:")
    else:
        icon, colour = _TONES[None if g.gap.lead == 0 else g.clears]
        st.markdown(f"**:{colour}[{icon}] {escape_markdown(prose.headline(g))}**")


def chart(g: Grading) -> None:
    """The lead with its 95% range, against the line at zero; no downloads (the full check has them)."""
    names = (g.names.first, g.names.second)
    words = (
        f"The lead, {names[0]} − {names[1]}, with its 95% range, {span(g.gap)} points; "
        "the line at 0 is no lead."
    )
    fig = box_figure(g.gap, names, description=words)
    figure.show(fig, key="box", downloads=False, theme="streamlit")


def numbers(g: Grading) -> None:
    """The four figures side by side (two a row on a phone): each value over its name."""
    row = st.container(horizontal=True, wrap=True, gap="xsmall")
    for item in figures(g):
        row.markdown(
            f"**{escape_markdown(item.value)}**  \n:small[{escape_markdown(item.label)}]",
            width=FIGURE,
        )


def controls(s: Settings) -> None:
    """Score A, score B and the questions (or both reported SEs), side by side where they fit."""
    names = claim.names_of(s)
    row = st.container(horizontal=True, wrap=True, gap="xsmall")
    with_se = check.uses_se(s)
    width = CELL_SE if with_se else CELL
    for key, name in (("a", names.first), ("b", names.second)):
        inputs.number(
            s,
            key,
            f"Score of {escape_markdown(name)} (%)",
            where=row.container(width=width, gap=None),
            step=0.1,
            help="The score as a percent of questions right. Decimals are fine.",
        )
    if with_se:
        for key, side in (("se_a", "A"), ("se_b", "B")):
            inputs.number(
                s,
                key,
                f"± SE of {side} (points)",
                where=row.container(width=width, gap=None),
                step=0.1,
                help=f"The standard error printed next to score {side}, in percentage points.",
            )
    else:
        claim.questions(s, where=row.container(width=width, gap=None))


def page() -> None:
    """The whole box, its parts close together (a frame has no room to spare)."""
    with st.container(gap="xsmall", width=WIDTH):
        _parts(read())


def _parts(s: Settings) -> None:
    g, error = check.graded(s)
    verdict(s, g, error)
    if g is not None:
        chart(g)
        numbers(g)
    controls(s)
    st.markdown(
        f"[Open the full check]({claim.page_url(s, 'check')}) on Lead or Luck: the sentence "
        "to copy, the arithmetic, paired tests."
    )

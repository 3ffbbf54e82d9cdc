"""The recompute box (``/box``): the check an article embeds, on one small screen.

The claim is read as Check a claim reads it (the scores, the questions or a preset, the
reported SEs, the names) and graded by the same function (:func:`ui.sections.check.graded`),
so each figure is the one the full check shows. Top to bottom: the verdict sentence, the
lead's 95% range against zero, four figures, the inputs, a link to the full check. Framed
(``?embed=true``) it fits 640×400 and stacks at 320 px; in a dark page's frame
(``&embed_options=dark_theme``) it draws itself dark (:func:`dark_frame`).
"""

from __future__ import annotations

import functools

import streamlit as st

from benchstats.charts.box import box_figure
from benchstats.grading import Grading
from benchstats.language import N_, _
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
# The four figures' labels and words as benchstats.prose.box gives them (from Check a claim's
# card), marked for the catalogue and translated where shown; a figure whose words come in the
# page's language already has no English message of that text and shows as it is.
FIGURE_WORDS = (
    N_("SE of the gap"), N_("SE if equally good"), N_("95% range for the true lead"),
    N_("Questions to detect this lead"), N_("Same or bigger gap by luck"),
    N_("needs the number of questions"), N_("no lead to detect"),
)  # fmt: skip
_TONES = {  # the verdict card's icons and colours (ui.verdict)
    True: (":material/check_circle:", "green"),
    False: (":material/balance:", "orange"),
    None: (":material/info:", "blue"),
}


_DARK_KEY = "box-dark-frame"
# Streamlit 1.67 honours ``embed_options=dark_theme`` only with a ``[theme.dark]`` in the
# config, and one would turn every page dark for every reader whose system is dark, where the
# site is drawn for a light page. So the box reads the option in the browser (the server never
# sees it: Streamlit hides the embed keys from the link's values) and marks the document; this fixed sheet
# then draws the box light on dark (text #fafafa on #0e1117, 18:1; links #8cc4ff, 10:1) and turns
# the chart over: inverted, a light chart on a transparent ground is light ink on the dark
# ground, and the hue turned back half a circle keeps blue blue. Nothing from a link is in it.
_DARK_JS = """
export default function () {
  const asked = new URLSearchParams(window.location.search)
    .getAll("embed_options").flatMap((v) => v.split(","));
  document.documentElement.toggleAttribute("data-dark-frame", asked.includes("dark_theme"));
}
"""
_DARK = "html[data-dark-frame]"
DARK_CSS = f"""
{_DARK}, {_DARK} body, {_DARK} [data-testid="stApp"], {_DARK} [data-testid="stMain"] {{
  background: #0e1117; color-scheme: dark;
}}
{_DARK} [data-testid="stApp"] :is(p, span, label, strong, small, div, li, input, button, svg) {{
  color: #fafafa;
}}
{_DARK} [data-testid="stApp"] a, {_DARK} [data-testid="stApp"] a * {{ color: #8cc4ff; }}
{_DARK} [data-testid="stNumberInputContainer"] {{
  background-color: #262730 !important; border-color: #5c5f6e !important;
}}
{_DARK} [data-testid="stNumberInputContainer"] * {{ background-color: transparent !important; }}
{_DARK} [data-testid="stSelectbox"] div:has(> input) {{
  background-color: #262730 !important; border-color: #5c5f6e !important;
}}
{_DARK} :is([data-testid="stWidgetLabel"], [data-testid="stTooltipIcon"]) * {{
  background-color: transparent !important;
}}
{_DARK} [data-testid="stAlertContainer"] {{ background: #1c2a3e; }}
{_DARK} [data-testid="stVegaLiteChart"] {{ filter: invert(1) hue-rotate(180deg); }}
.st-key-{_DARK_KEY} {{ display: none; }}
"""


@functools.cache
def _dark_sheet():
    """The dark frame as a component: registered once, its CSS and script in the page's DOM."""
    return st.components.v2.component(
        "box_dark_frame", html="<span></span>", css=DARK_CSS, js=_DARK_JS, isolate_styles=False
    )


def dark_frame() -> None:
    """Put the dark frame's sheet on the page; it takes effect only in a dark page's frame."""
    _dark_sheet()(key=_DARK_KEY)


def read() -> Settings:
    """The link read through the box's keys, ``n`` from a preset."""
    return claim.with_preset(settings.read("box"))


def verdict(s: Settings, g: Grading | None, error: str | None) -> None:
    """The verdict sentence in the site's words, or what it still needs, or why it can't."""
    if error is not None:
        st.error(
            _("These numbers can't be graded: {err}.").format(err=escape_markdown(error)),
            icon=":material/error:",
        )
    elif g is None:
        needs = escape_markdown(listed(check.missing(s)))
        # TRANSLATORS: {needs} lists what is missing: "the score of A and the number of questions".
        said = _("**No verdict yet: it needs {needs}.** Type it below.").format(needs=needs)
        st.info(said, icon=":material/pending:")
    else:
        icon, colour = _TONES[None if g.gap.lead == 0 else g.clears]
        st.markdown(f"**:{colour}[{icon}] {escape_markdown(prose.headline(g))}**")


def chart(g: Grading) -> None:
    """The lead with its 95% range, against the line at zero; no downloads (the full check has them)."""
    names = (g.names.first, g.names.second)
    # TRANSLATORS: the chart's text alternative; {range} is "−7.1 to +15.1".
    words = _(
        "The lead, {first} − {second}, with its 95% range, {range} points; the line at 0 is no lead."
    ).format(first=names[0], second=names[1], range=span(g.gap))
    fig = box_figure(g.gap, names, description=words)
    figure.show(fig, key="box", downloads=False, theme="streamlit")


def numbers(g: Grading) -> None:
    """The four figures side by side (two a row on a phone): each value over its name."""
    row = st.container(horizontal=True, wrap=True, gap="xsmall")
    for item in figures(g):
        value, label = escape_markdown(_(item.value)), escape_markdown(_(item.label))
        row.markdown(f"**{value}**  \n:small[{label}]", width=FIGURE)


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
            _("Score of {name} (%)").format(name=escape_markdown(name)),
            where=row.container(width=width, gap=None),
            step=0.1,
            help=_("The score as a percent of questions right. Decimals are fine."),
        )
    if with_se:
        for key, side in (("se_a", "A"), ("se_b", "B")):
            inputs.number(
                s,
                key,
                _("± SE of {side} (points)").format(side=side),
                where=row.container(width=width, gap=None),
                step=0.1,
                help=_(
                    "The standard error printed next to score {side}, in percentage points."
                ).format(side=side),
            )
    else:
        claim.questions(s, where=row.container(width=width, gap=None))


def page() -> None:
    """The whole box, its parts close together (a frame has no room to spare)."""
    dark_frame()
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
        _(
            "[Open the full check]({url}) on Lead or Luck: the sentence to copy, the arithmetic, "
            "paired tests."
        ).format(url=claim.page_url(s, "check"))
    )
    inputs.language_switch(key="box-lang")  # the footer's picker (the box has no sidebar)

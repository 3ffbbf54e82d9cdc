"""The verdict without per-question data (Check a claim): every discordance the scores allow.

McNemar's p against every feasible discordance, a band the reader may shade
(``typical``) and a slider (``disagree``) that reads the paired verdict at one
count, starting where independent mistakes would put it: a what-if, never a claim.
"""

from __future__ import annotations

import math

import streamlit as st

from benchstats import language, words
from benchstats.charts import Caption, Figure
from benchstats.charts.discordance import discordance_figure
from benchstats.discordance import DiscordanceBand, discordance_band, nearest_disagreements
from benchstats.grading import Grading
from benchstats.language import N_, _
from benchstats.prose.discordance import discordance_sentence, point_sentence
from ui import figure, inputs
from ui.settings import Origin, Settings, Value
from ui.verdict import escape_markdown

KEY = "disagree"
TYPICAL = "typical"
TITLE = N_("The verdict without per-question data")
INTRO = N_(
    "Scores alone fix the test on separate questions. On the same questions the verdict also "
    "depends on how often the two models disagree, which is rarely published: here is every "
    "value it can take."
)


@st.cache_data(max_entries=64, show_spinner=False)
def band(a: float, b: float, n: int) -> DiscordanceBand:
    """Every feasible discordance (at most 101 of them), graded: 0.1–0.4 s, so cached."""
    return discordance_band(a, b, n)


@st.cache_data(max_entries=256, show_spinner=False)
def point(a: float, b: float, n: int, disagree: int) -> DiscordanceBand:
    """The paired verdict when the models disagree on ``disagree`` of the n questions."""
    return discordance_band(a, b, n, disagree / n)


@st.cache_data(max_entries=64, show_spinner=False)
def chart(a: float, b: float, n: int, typical: tuple[float, float] | None, lang: str) -> Figure:
    """The band's chart, with the reader's shaded band, in ``lang`` (its words are cached)."""
    source = _("set by the reader") if typical is not None else None
    return discordance_figure(band(a, b, n), typical=typical, typical_source=source)


def with_disagree(s: Settings, whole: DiscordanceBand) -> Settings:
    """``disagree`` snapped to a count these scores allow; by default, independent mistakes."""
    low, high = whole.count_range
    if not s.value(KEY).stands:
        independent = _("two models whose mistakes are independent")
        return s.with_values(**{KEY: Value(whole.independent_count, Origin.DEFAULT, independent)})
    near = nearest_disagreements(whole.a, whole.b, whole.n, s[KEY])
    if near == s[KEY]:
        return s
    # TRANSLATORS: what the disagreement slider allows; {low} and {high} counts of questions.
    allowed = _("from {low} to {high} for these scores, in steps of 2").format(
        low=words.count(low), high=words.count(high)
    )
    return s.refuse(KEY, s[KEY], allowed, Value(near, Origin.DEFAULT))


def typical_band(s: Settings) -> tuple[float, float] | None:
    """The band the reader shades, as proportions, or None (none given, or 0 to 0)."""
    ends = s[TYPICAL]
    return None if ends is None or max(ends) == 0 else (ends[0] / 100, ends[1] / 100)


def allowed_percent(whole: DiscordanceBand) -> tuple[float, float]:
    """Every discordance these scores allow, in percent on the slider's half-point steps: where
    a shaded band starts before the reader narrows it."""
    low, high = (100 * c / whole.n for c in whole.count_range)
    return math.floor(2 * low) / 2, min(math.ceil(2 * high) / 2, 100.0)


def typical_note(typical: tuple[float, float] | None) -> str:
    """The words under the chart about the shaded band, or that there is none."""
    if typical is None:
        return _(
            "No band is shaded: how often models of similar strength disagree depends on the "
            "benchmark, and few publish it. Switch on Shade the discordance you expect to shade "
            "the band you expect."
        )
    low, high = typical
    # TRANSLATORS: {low} and {high} percents of the questions.
    return _("Shaded: {low} to {high} of questions, as you set it.").format(
        low=words.percent(low), high=words.percent(high)
    )


def section(s: Settings, g: Grading, caption: Caption | None) -> None:
    """The sentence, the chart with the band to shade under it and the disagreement slider beside
    it, the paired verdict at one count, for the unpaired grading ``g``; ``caption`` is the page's for the download, None for none."""
    st.subheader(_(TITLE))
    a, b, n = g.a, g.b, g.n
    try:
        whole = band(a, b, n)
    except ValueError as error:
        st.error(
            _("This section cannot be drawn: {error}").format(error=error), icon=":material/error:"
        )
        return
    st.markdown(_(INTRO) + f"\n\n**{discordance_sentence(whole)}**")
    s = with_disagree(s, whole)
    typical = typical_band(s)
    left, right = st.columns([0.64, 0.36], gap="medium")
    with left:
        if caption is not None:
            caption = Caption(caption.title, discordance_sentence(whole), caption.source,
                              caption.inputs)  # fmt: skip
        figure.show(chart(a, b, n, typical, language.current()), key="discordance", caption=caption,
                    downloads=caption is not None)  # fmt: skip
        st.markdown(typical_note(typical))
        inputs.span(  # under its note, where a switch's label has the width to say itself
            s, TYPICAL, _("Discordance you expect (% of questions)"),
            toggle=_("Shade the discordance you expect"), start=allowed_percent(whole),
            help=_("If you know how often two models like these disagree, shade it on the chart."),
        )  # fmt: skip
    with right:
        low, high = whole.count_range
        safe = (escape_markdown(g.names.first), escape_markdown(g.names.second))
        if low == high:  # the scores leave one possible discordance: nothing to slide
            st.markdown(point_sentence(point(a, b, n, low), safe))
        else:
            inputs.number(
                s, KEY, _("Questions on which they disagree"), slider=True, low=low, high=high,
                step=2, caption=False,
                help=(_('From {count} (every question B gets right, A gets right too) to {count_2} (their right answers overlap as little as they can).').format(count=words.count(low), count_2=words.count(high))),
            )  # fmt: skip
            said = point_sentence(point(a, b, n, int(s[KEY])), safe)
            if not s.value(KEY).stands:
                said = _("It starts where independent mistakes put it.") + " " + said
            st.markdown(said)

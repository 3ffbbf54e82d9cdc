"""The verdict without per-question data (Check a claim): every discordance the scores allow.

Scores alone fix the test on separate questions. On the same questions the
verdict also depends on how often the two models disagree, which nobody
publishes. :func:`discordance_section` draws the whole range from
:func:`benchstats.discordance.discordance_band`: the sentence, the chart of
McNemar's p against discordance, a band the reader may shade (URL key
``typical``, two values in percent), and a slider (URL key ``disagree``, a
number of questions) that reads the paired verdict at one discordance.

Folded (:func:`ui.lazy.input_fold`): drawn while the reader has it open or
the link holds one of its keys, so a score edit does not redraw a chart and
two sliders a reader has not asked for.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from benchstats import words
from benchstats.charts import Caption, Figure
from benchstats.charts.discordance import discordance_figure
from benchstats.discordance import (
    DiscordanceBand,
    discordance_band,
    nearest_disagreements,
)
from benchstats.prose.discordance import discordance_sentence, point_sentence
from ui import lazy, params
from ui.figure import show
from ui.verdict import escape_markdown

KEY = "disagree"
TYPICAL_KEY = "typical"  # ?typical=10&typical=25: a band the reader shades, in percent
FOLD_KEYS = (KEY, TYPICAL_KEY)  # the URL keys of the inputs in the fold
READER = "set by the reader"
TITLE = "The verdict without per-question data"
FOLD = f"{TITLE}: every possible disagreement (chart)"
FOLD_KEY = "check-discordance"
INTRO = (
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
def chart(
    a: float, b: float, n: int, typical: tuple[float, float] | None, source: str | None
) -> Figure:
    """The band's chart: rebuilt only when the scores, n or the shaded band change.

    An edit of anything else on the page (a name, an SE, Predict first) reuses it.
    """
    return discordance_figure(band(a, b, n), typical=typical, typical_source=source)


def _link_count(raw: str | None) -> int | None:
    """The link's ``disagree`` as a whole number, or None when it is not one."""
    value = params.parse_number(raw) if raw is not None else None
    return int(value) if value is not None and value.is_integer() else None


def probe_value(whole: DiscordanceBand) -> int:
    """The slider's value for this claim, set in session state before the slider is drawn.

    The reader's value snapped to the nearest feasible one for these scores
    (set every run: a new claim gives the slider new ends, and so a new
    identity). On a session's first run, the link's value when feasible (the
    slider seeds from the URL); an impossible one is taken out of the URL and
    replaced; with none, the discordance of two models whose mistakes are
    independent.
    """
    current = st.session_state.get(KEY)
    if current is None:
        raw = params.raw_param(KEY)
        wanted = _link_count(raw)
        value = (
            whole.independent_count
            if wanted is None
            else nearest_disagreements(whole.a, whole.b, whole.n, wanted)
        )
        if raw is not None and wanted == value:
            return value  # the link's own value: the slider seeds from the URL
        if raw is not None:
            params.drop_from_link(KEY)
            low, high = whole.count_range
            params.note_refused(
                KEY,
                f"The link's `{KEY}={params.quoted_value(raw)}` can't be used: for these scores the "
                f"models disagree on {words.count(low)} to {words.count(high)} questions, in "
                f"steps of 2. Showing {words.count(value)}.",
                value,
            )
    else:
        value = nearest_disagreements(whole.a, whole.b, whole.n, current)
    st.session_state[KEY] = value
    return value


@st.fragment
def probe(a: float, b: float, n: int, names: tuple[str, str], *, sentence: bool = True) -> None:
    """The slider over the feasible numbers of disagreements, and the verdict at its value.

    ``sentence`` False draws the slider alone (a closed fold keeping the link's value).
    """
    whole = band(a, b, n)
    low, high = whole.count_range
    if low == high:  # the scores leave one possible discordance: nothing to slide
        if sentence:
            st.markdown(point_sentence(point(a, b, n, low), names))
        return
    probe_value(whole)
    disagree = st.slider(
        "Questions on which they disagree",
        min_value=low,
        max_value=high,
        step=2,  # a_only − b_only is the lead: the count moves two at a time
        key=KEY,
        bind="query-params",
        help=(
            f"From {words.count(low)} (every question B gets right, A gets right too) to "
            f"{words.count(high)} (their right answers overlap as little as they can)."
        ),
    )
    params.show_note(KEY, st)
    if sentence:
        st.markdown(point_sentence(point(a, b, n, int(disagree)), names))


def typical_input() -> tuple[float, float] | None:
    """The band the reader expects, as proportions, or None while both ends sit at 0.

    One range slider kept in the URL as two values (``?typical=10&typical=25``,
    percent). Its resting place, 0 to 0, means no band: a bound widget at its
    default is left out of the link, so the default must be "none".
    """
    try:
        raw = st.query_params.get_all(TYPICAL_KEY)
    except Exception:  # a bound key can refuse access in odd states
        raw = []
    ends = st.slider(
        "Discordance you expect (% of questions; 0 to 0 shades none)",
        min_value=0.0,
        max_value=100.0,
        value=(0.0, 0.0),
        step=0.5,
        format="%.1f%%",  # "10.0%", not "10.00": the ends are shares of questions
        key=TYPICAL_KEY,
        bind="query-params",
        help=(
            "How often two models of similar strength disagree depends on the benchmark and "
            "is rarely published. If you know it for these models, shade it."
        ),
    )
    low, high = sorted(ends)  # a link may give the ends in either order
    if raw and high == 0 and raw != ["0", "0"]:  # Streamlit dropped the link's value
        shown = params.quoted_value("&".join(f"{TYPICAL_KEY}={v}" for v in raw))
        params.note_refused(
            TYPICAL_KEY,
            f"The link's `{shown}` can't be used: it must be two numbers from 0 to 100 "
            "(percent of questions). Showing no band.",
            ends,
        )
    params.show_note(TYPICAL_KEY, st)
    return None if high == 0 else (low / 100, high / 100)


def typical_note(typical: tuple[float, float] | None, source: str | None) -> str:
    """The words under the chart about the shaded band, or that there is none."""
    if typical is None:
        return (
            "No band of typical discordance is shaded: how often models of similar strength "
            "disagree depends on the benchmark, and few publish it."
        )
    low, high = typical
    if source == READER:
        return f"Shaded: {words.percent(low)} to {words.percent(high)} of questions, as you set it."
    return (
        f"Shaded: {words.percent(low)} to {words.percent(high)} of questions, the discordance "
        f"usually seen between models of similar strength ({escape_markdown(source or '')})."
    )


def default_caption(whole: DiscordanceBand, names: tuple[str, str]) -> Caption:
    """What a downloaded chart carries when the page gives no caption: the claim and the sentence."""
    title = (
        f"{names[0]} {words.score(whole.a)} vs {names[1]} {words.score(whole.b)} on "
        f"{words.plural(whole.n, 'question')}: McNemar's p at every discordance"
    )
    try:
        source = st.context.url or ""
    except Exception:  # no browser behind this run (tests)
        source = ""
    return Caption(title, discordance_sentence(whole), source)


def discordance_section(
    a: float,
    b: float,
    n: int | None,
    *,
    typical: tuple[float, float] | None = None,
    typical_source: str | None = None,
    names: tuple[str, str] = ("A", "B"),
    caption: Caption | None = None,
    ask_typical: bool = True,
) -> None:
    """The sentence, the chart, the note on the typical band and the slider, for scores a, b on n.

    In a fold (``FOLD``), drawn while open or while the link holds ``disagree``
    or ``typical`` (closed, only the sliders, to keep the link's values).
    ``a`` and ``b`` are proportions; ``n`` None when the reader has not given
    it (the section then asks for it); ``typical`` a (low, high) pair of
    proportions with its ``typical_source`` (a citation, or "set by the
    reader"); ``names`` the two models' names for the sentences; ``caption``
    the page's (claim, link, inputs) for the download, its verdict replaced
    by this chart's sentence. Without ``typical`` and with ``ask_typical``, a
    range slider lets the reader shade one (URL key ``typical``).
    """
    if n is None:
        st.info(  # one element, its title in bold: every edit redraws it
            f"**{TITLE}** needs the number of questions both models answered: give it in the "
            "inputs above.",
            icon=":material/info:",
        )
        return
    box = lazy.input_fold(FOLD, key=FOLD_KEY, keys=FOLD_KEYS)
    if not box.draws():  # closed, and the link holds none of its keys
        return
    ask_typical = typical is None and ask_typical
    with box:
        if box.open:
            _section(a, b, n, names, typical, typical_source, caption, ask_typical=ask_typical)
        else:  # closed, but the link's values must stay in it: the sliders alone
            _inputs(a, b, n, names, ask_typical=ask_typical)


def _inputs(a: float, b: float, n: int, names: tuple[str, str], *, ask_typical: bool) -> None:
    """The fold's two sliders without what they drive, so a link's values stay in the link."""
    try:
        band(a, b, n)
    except ValueError:  # scores that can't be graded have no sliders
        return
    if ask_typical:
        typical_input()
    probe(a, b, n, tuple(escape_markdown(x) for x in names), sentence=False)


def _section(
    a: float,
    b: float,
    n: int,
    names: tuple[str, str],
    typical: tuple[float, float] | None,
    typical_source: str | None,
    caption: Caption | None,
    *,
    ask_typical: bool,
) -> None:
    """The open fold: the sentence, the typical band's slider, the chart, its note, the probe."""
    try:
        whole = band(a, b, n)
    except ValueError as error:
        st.markdown(INTRO)
        st.error(f"This section cannot be drawn: {error}", icon=":material/error:")
        return
    st.markdown(f"{INTRO}\n\n**{discordance_sentence(whole)}**")  # one element
    if ask_typical and (reader := typical_input()) is not None:
        typical, typical_source = reader, READER
    try:
        figure = chart(a, b, n, typical, typical_source)
    except ValueError as error:  # a band given without its source, or ends out of order
        st.error(f"The typical band cannot be drawn: {error}", icon=":material/error:")
        figure = chart(a, b, n, None, None)
        typical = None
    if caption is not None:  # the page's claim and link; the verdict is this chart's own
        caption = dataclasses.replace(caption, verdict=discordance_sentence(whole))
    show(figure, key="discordance", caption=caption or default_caption(whole, names))
    st.markdown(typical_note(typical, typical_source))
    probe(a, b, n, tuple(escape_markdown(x) for x in names))

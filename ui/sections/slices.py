"""Slices' sections, in reading order: the answer, the chance against S, the runs, shared items, your table.

Each section takes results from :mod:`ui.sections.slices_data` and writes
sentences from :mod:`benchstats.prose.slices`; nothing here computes a number.
"""

from __future__ import annotations

import contextlib
from urllib.parse import urlencode

import streamlit as st

from benchstats.charts import Caption
from benchstats.charts.slices import (
    any_significant_figure,
    any_significant_frame,
    scaling_figure,
    scaling_frame,
    slice_frame,
    slices_figure,
)
from benchstats.prose import slices as prose
from benchstats.prose.slices import Lucky
from ui import figure, predict, view
from ui.registry import page
from ui.sections import slices_data as data
from ui.sections import slices_inputs as inputs
from ui.sections.slices_inputs import Setting
from ui.verdict import KeyNumber, verdict_card

INTRO = (
    "Cut a small benchmark into slices and each slice is a small benchmark: its score is "
    "noisy, and test enough slices and one will look exciting **by chance**. How often, "
    "and what a correction takes back."
)
MIN_CURVE = 30  # slices on the chance-against-S chart, at least
NO_RUNS = (
    "No runs yet: add some to watch lucky slices appear and the correction take them back.\n\n"
)


def layout():
    """Settings and answer left, charts right in the room view; one column otherwise.

    In one column both are the page itself: drawn in reading order, they need
    no block of their own (the settings area is ``st``, the answer area a
    ``with`` that changes nothing).
    """
    if view.is_room():
        return st.columns([2, 3], gap="medium")
    return st, contextlib.nullcontext()


def _caption(setting: Setting, lucky: Lucky, runs: int | None, seed: int | None) -> Caption:
    """A download's caption; ``runs`` and ``seed`` only for the runs' chart (the chance has none)."""
    keys = setting.query(runs, seed)
    base = st.context.url or page("slices").url_path
    return Caption(
        title=prose.caption_title(lucky),
        verdict=prose.headline(lucky),
        source=f"{base}?{urlencode(keys)}",
        inputs=tuple(keys.items()),
    )


def guess(setting: Setting, lucky: Lucky, *, container) -> bool:
    """The predict-then-reveal question (``?predict=true``); True once the answer may show."""
    ask = predict.Question(prose.question(lucky), lucky.exact, predict.PERCENT)
    return predict.gate(ask, key="slices", on=setting.predict, container=container)


def card(lucky: Lucky, *, container) -> None:
    """The answer: the exact chance of a lucky slice, then the noise of one slice."""
    numbers = [KeyNumber(*row) for row in prose.key_numbers(lucky)]
    body = "\n\n".join(t for t in (prose.spread_note(lucky), prose.size_note(lucky)) if t)
    verdict_card(prose.headline(lucky), numbers, body=body, container=container)


def chance_chart(setting: Setting, lucky: Lucky) -> None:
    """1 − (1 − α)^S against S, with the reader's S and its exact chance marked."""
    frame = any_significant_frame(max(MIN_CURVE, setting.slices), alpha=setting.alpha)
    fig = any_significant_figure(frame, here=(setting.slices, lucky.exact), alpha=setting.alpha)
    figure.show(fig, key="slices-any", caption=_caption(setting, lucky, None, None))


@st.fragment
def seeded(setting: Setting, lucky: Lucky | None) -> None:
    """The seed and all it draws: the runs (once the answer shows), then the shared-items curve.

    A fragment: adding runs or editing the seed reruns this part only. The
    seed is drawn even while the answer hides (``lucky`` None), so the link keeps it.
    """
    row = inputs.seeded_row()
    runs = inputs.build_up(row=row) if lucky is not None else 0
    seed = inputs.seed(row=row)
    idle = lucky is not None and runs == 0  # "no runs yet" reads as one markdown with the heading
    if lucky is not None and runs > 0:
        _runs(setting, lucky, runs, seed)
    shared_items(setting.n, seed, before=NO_RUNS if idle else "")


def _runs(setting: Setting, lucky: Lucky, runs: int, seed: int) -> None:
    """The runs (one or more): the shares flagged and the last run's slices."""
    sizes = tuple(int(m) for m in lucky.noise.sizes)
    try:
        sim = data.simulation(sizes, runs, setting.p, setting.alpha, seed)
    except ValueError as err:  # said in plain words; the rest of the page stands
        st.error(f"These runs can't be drawn: {err}.", icon=":material/error:")
        return
    row = st.container(horizontal=True, wrap=True, gap="small")
    for label, value, help in prose.simulated_numbers(sim):
        row.metric(label, value, help=help, width="content")
    shown = data.shown_run(sim)
    st.markdown(prose.last_run(sim, setting.correction, shown))
    frame = slice_frame(sim, run=shown, correction=setting.correction)
    axis = data.lead_axis(float(lucky.noise.gap_width.max()))
    fig = slices_figure(frame, lead_max=axis)
    figure.show(fig, key="slices-run", caption=_caption(setting, lucky, runs, seed))


def shared_items(n: int, seed: int, *, before: str = "") -> None:
    """The articles' related warning: a curve on shared questions looks smoother than its evidence.

    ``before``: a paragraph to show above the heading, in the same element.
    """
    st.markdown(f"{before}#### A curve on shared questions looks smoother than it is")
    curves = data.scaling(n, seed)
    fig = scaling_figure(scaling_frame(curves), wiggle=curves.wiggle)
    figure.show(fig, key="slices-shared", caption=None)
    st.markdown(prose.scaling(curves))


def your_table() -> None:
    """The reader's own slices: which differences survive the correction."""
    text = inputs.table_text()
    alpha, correction = inputs.alpha_and_correction(st.container(horizontal=True, wrap=True))
    res = None
    if not text.strip():
        st.info(
            "Paste your slices above (or load the example) to grade them.", icon=":material/table:"
        )
    else:
        try:
            res = data.comparison(text, correction, alpha)
        except ValueError as err:  # a bad line, said in plain words
            st.error(f"This table can't be read: {err}.", icon=":material/error:")
    if res is None:  # the lesson still stands: luck against the number of slices
        frame = any_significant_frame(MIN_CURVE, alpha=alpha)
        figure.show(any_significant_figure(frame, alpha=alpha), key="slices-any", caption=None)
        return
    verdict_card(prose.comparison(res), [], clears=bool(res.survives.any()))
    st.markdown(prose.table_luck(len(res.gaps), alpha, data.chance_formula(len(res.gaps), alpha)))
    axis = data.lead_axis(float((res.high - res.low).max()))
    fig = slices_figure(slice_frame(res), lead_max=axis)
    source = f"{st.context.url or page('slices').url_path}?{urlencode({'table': text})}"
    figure.show(fig, key="slices-table", caption=Caption(prose.comparison(res), source=source))

"""Interval coverage's sections, in reading order: the answer, the table, the chart and runs, the paper.

Each section takes the results the page built (cached in
:mod:`ui.sections.coverage_data`) and writes sentences from
:mod:`benchstats.prose.coverage`; nothing here computes a number.
"""

from __future__ import annotations

import contextlib
from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from benchstats.charts import Caption
from benchstats.charts.coverage import coverage_figure, coverage_frames
from benchstats.coverage import CoverageSummary
from benchstats.prose import coverage as prose
from ui import figure, lazy, predict, view
from ui.registry import page
from ui.sections import coverage_data as data
from ui.sections import coverage_inputs as inputs
from ui.sections.coverage_inputs import Setting
from ui.verdict import KeyNumber, verdict_card

INTRO = (
    "A **95% interval** promises to hold the true score 95% of the time. The textbook one "
    "(Wald: score ± 1.96 standard errors) breaks that promise on small benchmarks, and at "
    "0 or all questions right it has no width at all. Here is by how much, exactly."
)


def layout():
    """Settings and answer left, chart right in the room view; one column otherwise.

    In one column both are the page itself: drawn in reading order, they need
    no block of their own (the settings area is ``st``, the answer area a
    ``with`` that changes nothing).
    """
    if view.is_room():
        return st.columns([2, 3], gap="medium")
    return st, contextlib.nullcontext()


def point(setting: Setting) -> prose.Point:
    """Wald's and the chosen interval's exact coverage at the reader's (n, p)."""
    at = data.at_p(setting.n, setting.p)
    return prose.Point(setting.n, setting.p, at["wald"], setting.method, at[setting.method])


def guess(setting: Setting, pt: prose.Point, *, container) -> bool:
    """The predict-then-reveal question (``?predict=true``); True once the answer may show."""
    ask = predict.Question(prose.question(setting.n, setting.p), pt.wald, predict.PERCENT)
    return predict.gate(ask, key="coverage", on=setting.predict, container=container)


def card(pt: prose.Point, summaries: dict[str, CoverageSummary], *, container) -> None:
    """The answer: Wald's coverage at the reader's true score, then the key numbers."""
    rows = prose.key_numbers(pt, summaries["wald"], summaries[pt.method])
    verdict_card(
        prose.headline(pt),
        [KeyNumber(*r) for r in rows],
        clears=pt.wald >= pt.level,
        container=container,
    )


def table(setting: Setting, summaries: dict[str, CoverageSummary], *, container) -> None:
    """Every interval at the reader's n: at p, on average, at worst.

    Open in one column; in the room view a fold, drawn only once opened.
    """
    label = "All six intervals at this n"
    if view.is_room():
        box = lazy.fold(label, key="coverage-table", container=container)
        if not box.open:
            return
    else:
        box = container.expander(label, expanded=True)
    rows = prose.table_rows(data.at_p(setting.n, setting.p), summaries)
    box.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def _caption(setting: Setting, pt: prose.Point, runs: int, seed: int) -> Caption:
    keys = setting.query(runs, seed)
    base = st.context.url or page("coverage").url_path
    return Caption(
        title=prose.caption_title(setting.n, setting.method),
        verdict=prose.headline(pt),
        source=f"{base}?{urlencode(keys)}",
        inputs=tuple(keys.items()),
    )


@st.fragment
def simulation(setting: Setting, pt: prose.Point) -> None:
    """The build-up and its seed, then the sawtooth with the simulated points over it.

    A fragment: adding datasets or changing the seed reruns this part only.
    """
    runs, seed = inputs.build_up()
    try:
        tally = data.tally(setting.n, setting.p, seed, runs)
    except ValueError as err:  # said in plain words; the rest of the page stands
        st.error(f"These datasets can't be drawn: {err}.", icon=":material/error:")
        tally = None
    curves = [data.curve(setting.n, m) for m in dict.fromkeys(("wald", setting.method))]
    fig = coverage_figure(coverage_frames(curves, tally=tally))
    figure.show(fig, key="coverage", caption=_caption(setting, pt, runs, seed))
    if tally is not None:
        i = list(tally.p).index(round(setting.p, 4))
        share = float(tally.coverage("wald")[i])
        se = float(tally.standard_error("wald")[i])
        st.markdown(prose.simulated(tally, "wald", setting.p, pt.wald, share, se))


def zero_width(setting: Setting, summaries: dict[str, CoverageSummary]) -> str:
    """Where the Wald interval has no width, at the reader's n (Markdown, with its heading)."""
    text = prose.zero_width(summaries["wald"], data.wilson_high_at_zero(setting.n))
    return f"#### No width at all\n\n{text}"


def paper() -> str:
    """The articles' figure: the simulated 92.5% against the exact average (Markdown, with its heading)."""
    wald100, inner, wilson, cp, sim = data.paper(prose.PAPER_DATASETS)
    text = prose.paper(wald100, inner, wilson, cp, sim, data.PAPER_SEED)
    return f"#### The paper's 92.5%\n\n{text}"


def closing(*parts: str) -> None:
    """The sections after the chart, read one after another: one Markdown element for all."""
    st.markdown("\n\n".join(parts))

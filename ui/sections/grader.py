"""Sections of the Gap grader. Each draws whatever grading it is given.

The page decides the mode once (:mod:`ui.sections.grader_inputs`); these
sections read what the grading object offers (``scores`` or ``scores_need``,
``counts``, ``score_ses``, ``leads``) instead of asking which mode it is.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pandas as pd
import streamlit as st

from benchstats import words
from benchstats.charts import Caption
from benchstats.charts.grader import intervals_figure, lead_figure, se_bars_figure
from benchstats.grading import Grading, same_scores_table, verdict_table
from benchstats.intervals import METHODS
from benchstats.mcnemar import MCNEMAR_NAMES
from benchstats.mcnemar import METHODS as MCNEMAR_METHODS
from benchstats.overlap import bars_overlap, overlap_rule
from benchstats.prose import claim as prose
from benchstats.prose import grader as tabs_prose
from benchstats.prose.gaps import report_score
from benchstats.scores import (
    INTERVAL_NAMES,
    chance_corrected_gap,
    chance_view,
    score_intervals,
)
from ui import figure, lazy, params, predict
from ui.sections.claim_predict import grader_question
from ui.sections.grader_inputs import Graded
from ui.verdict import verdict_card

OPTION_CHOICES = tuple(range(2, 27))
TABLE_COLUMNS = {
    "case": st.column_config.TextColumn("case", width="medium"),
    "verdict": st.column_config.TextColumn("verdict", width="medium"),
    "lead (points)": st.column_config.NumberColumn("lead", format="%+.1f", width="small"),
    "low (points)": st.column_config.NumberColumn("low", format="%+.1f", width="small"),
    "high (points)": st.column_config.NumberColumn("high", format="%+.1f", width="small"),
    "SE (points)": st.column_config.NumberColumn("SE", format="%.2f", width="small"),
    "SE is": st.column_config.TextColumn("SE is", width="medium"),
    "z": st.column_config.NumberColumn("z", format="%.2f", width="small"),
    "p": st.column_config.NumberColumn("p", format="%.3f", width="small"),
    "test": st.column_config.TextColumn("test", width="small"),
    "kind": None,
    "confidence": None,
    "source": None,
}


@contextlib.contextmanager
def section(tab):
    """Draw into ``tab``; a ValueError from benchstats becomes a plain message there."""
    with tab:
        try:
            yield
        except ValueError as exc:
            st.error(
                f"This part cannot be worked out for these numbers: {exc}.",
                icon=":material/error:",
            )


def problems(got: Graded) -> None:
    for message in got.problems:
        st.error(message, icon=":material/error:")


def card(g: Grading) -> None:
    """The verdict first, every key number as a tile, the luck or a plain note, then planning."""
    body = None
    if g.counts is not None:
        body = tabs_prose.paired_b_line(g)
        if g.counts.discordant == 0:
            body = (
                "The models agree on every question, so no question carries information about "
                "the difference: every McNemar test gives p = 1."
            )
    else:
        body = prose.luck_line(g)
    verdict_card(g.headline, g.key_numbers, clears=g.clears, body=body, plan=g.plan_numbers)


def ask(got: Graded) -> bool:
    """Predict first (``?predict=true``): True when the grades may show (off, or revealed)."""
    if got.grading is None:
        return False
    question = grader_question(got.grading, got.bench_name)
    return predict.gate(question, key="grader", on=got.predict)


def caption(got: Graded, g: Grading) -> Caption:
    return Caption(
        title=prose.claim_words(g, got.bench_name),
        verdict=g.headline,
        source=got.permalink,
        inputs=got.query,
    )


def interval_method() -> str:
    """The interval for one score the link holds (``interval``), else Wilson's.

    Read from the link, not the menu: the menu sits in a tab drawn only while
    open, and a value it would refuse (with a note, once the tab is opened)
    counts as the default here.
    """
    raw = params.raw_param("interval")
    return raw if raw in METHODS else "wilson"


def answer_options(got: Graded) -> int | None:
    """Answer options per question: the link's ``options``, else the preset's, else None."""
    raw = params.raw_param("options")
    if raw in {str(o) for o in OPTION_CHOICES}:
        return int(raw)
    return got.bench.options if got.bench is not None else None


def corrected_lead(got: Graded, g: Grading) -> list:
    """The chance-corrected lead for the chart, when options are known and SEs exist."""
    options = answer_options(got)
    if options is None or g.score_ses is None:
        return []
    try:
        return [(f"Chance-corrected, {options} options", chance_corrected_gap(g.gap, options))]
    except ValueError:  # the Chance correction tab says why
        return []


def lead_chart(got: Graded, g: Grading) -> None:
    """The lead chart (with a chance-corrected lead if options are known): the page's main one."""
    fig = lead_figure(
        [*g.leads, *corrected_lead(got, g)],
        alt_text="Each lead with its 95% range against zero: a range that crosses the "
        "line at 0 is inside the noise.",
    )
    figure.show(fig, key="lead-interval", caption=caption(got, g))


def report_tab(got: Graded, g: Grading) -> None:
    """The report to copy: the verdict line, and each score's interval when there are scores."""
    lines = []
    if g.scores is not None:
        method = interval_method()
        lines = [
            f"{name}: " + report_score(s.whole_count, s.n, method=method)
            for name, s in g.scores.items()
        ]
    st.code("\n".join([g.report, *lines]), language=None, wrap_lines=True)


def arithmetic_tab(g: Grading) -> None:
    st.markdown("\n".join(f"- {x}" for x in g.arithmetic))


REPORT, PER_QUESTION = "Report it like this", "Per-question results"


def tab_row(got: Graded, g: Grading, per_question: Callable[[], None], uploaded: bool) -> None:
    """Lazy tabs: only the open one is drawn (the report first), so an edit redraws one tab.

    No tab holds a widget bound to the link: the two menus (``interval``,
    ``options``) keep their keys in the link themselves, drawn or not. The
    per-question tab stays drawn while a file is uploaded, so the upload and
    its pickers keep their state when another tab is open.
    """
    draw: dict[str, Callable[[], object]] = {
        REPORT: lambda: report_tab(got, g),
        "The arithmetic": lambda: arithmetic_tab(g),
    }
    if g.counts is not None:
        draw["Paired test"] = lambda: paired_test(g)
    draw |= {
        "Each score's interval": lambda: score_intervals_tab(got, g),
        "Chance correction": lambda: chance_tab(g, got),
        "Overlap rule": lambda: overlap_tab(got, g),
        "Verdict table": lambda: verdict_table_tab(g),
        PER_QUESTION: per_question,
    }
    for tab, (name, drawn) in zip(
        lazy.tabs(list(draw), key="grader-tabs", keep=PER_QUESTION if uploaded else None),
        draw.items(),
        strict=True,
    ):
        if tab.open or (name == PER_QUESTION and uploaded):
            with section(tab):
                drawn()


def paired_test(g: Grading) -> None:
    """McNemar's four p-values, and the paired intervals beside the unpaired grading."""
    st.markdown(f"{tabs_prose.paired_intro(g.counts)}\n\n**McNemar's test, four ways**")
    for col, m in zip(st.columns(4), MCNEMAR_METHODS, strict=True):
        label = MCNEMAR_NAMES[m] + (" (default)" if m == "mid-p" else "")
        col.metric(label, words.p_value(g.tests[m].p_value))
    why = (
        "Mid-p is the default: the exact test counts the observed split in full and so "
        "raises the alarm less often than it should; mid-p counts it by half and stays "
        "close to 5% (Fagerland, Lydersen and Laake, 2013)."
    )
    heading = "**The interval for the lead, and the same scores graded unpaired**"
    if g.counts.discordant == 0:
        st.markdown(why)
        st.info(
            "a_only + b_only = 0: no question separates the models, so there is nothing "
            "to test and every p-value is 1.",
            icon=":material/info:",
        )
        st.markdown(heading)
    else:  # one element where nothing stands between them
        st.markdown(f"{why}\n\n{heading}")
    st.dataframe(pd.DataFrame(same_scores_table(g)), hide_index=True, width="stretch")
    st.markdown(tabs_prose.paired_vs_unpaired(g) or g.scores_need)


def score_intervals_tab(got: Graded, g: Grading) -> None:
    """Each score's interval by the chosen method (the report's lines use the same)."""
    if g.scores is None:
        st.info(g.scores_need, icon=":material/info:")
        return
    method = params.choice(
        "Interval for one score",
        "interval",
        METHODS,
        default="wilson",
        format_func=INTERVAL_NAMES.get,
    )
    method = method or "wilson"
    per_model = {m: score_intervals(s.whole_count, s.n) for m, s in g.scores.items()}
    details = []
    for name, s in g.scores.items():
        chosen = next(ci for ci in per_model[name] if ci.method == method)
        details.append(tabs_prose.score_detail(name, s, chosen))
    st.markdown("\n\n".join(details))  # one element for both scores
    for name, items in per_model.items():
        wald = next(ci for ci in items if ci.method == "wald")
        if (note := tabs_prose.wald_note(name, wald)) is not None:
            st.warning(note, icon=":material/warning:")
    fig = intervals_figure(
        per_model,
        chosen=method,
        alt_text="Every interval method for each score, side by side; the chosen one thicker.",
    )
    figure.show(fig, key="intervals", caption=caption(got, g))


def chance_tab(g: Grading, got: Graded) -> None:
    """Scores with guessing taken out (the lead chart shows the corrected lead too)."""
    chosen = params.choice(
        "Answer options per question",
        "options",
        OPTION_CHOICES,
        default=None,
        format_func=str,
        allowed="a whole number from 2 to 26",
        help="For multiple-choice benchmarks: guessing then scores 1/options.",
    )
    bench = got.bench
    options = chosen or (bench.options if bench is not None else None)
    if chosen is None and options is not None:
        st.markdown(f"{bench.name} has {options} options per question.")
    if options is None:
        st.info(
            "Choose the number of answer options to see the scores with guessing taken out. "
            "Free-answer benchmarks have no chance floor.",
            icon=":material/info:",
        )
        return
    if g.score_ses is None:
        st.info(g.scores_need, icon=":material/info:")
        return
    se_a, se_b = g.score_ses
    view = chance_view(g.a, g.b, options, se_a=se_a, se_b=se_b, se_lead=g.gap.se)
    st.dataframe(pd.DataFrame(tabs_prose.chance_rows(g, view)), hide_index=True, width="stretch")
    text = tabs_prose.chance_text(view, options)
    if view.a < 0 or view.b < 0:
        text += "\n\nA score below the chance floor comes out negative after correction."
    st.markdown(text)


def overlap_tab(got: Graded, g: Grading) -> None:
    """The ±1 SE bars readers eyeball, against the real test."""
    ses = g.score_ses
    rule = tabs_prose.overlap_rule_text(overlap_rule(1.0))
    if ses is None:
        st.info(g.scores_need, icon=":material/info:")
    elif ses == (0.0, 0.0):
        st.info(
            "Both scores sit at 0% or 100%: their ±1 SE bars have no length, so there is "
            "nothing to overlap.",
            icon=":material/info:",
        )
    else:
        se_a, se_b = ses
        fig = se_bars_figure(
            g.a, se_a, g.b, se_b, alt_text="Each score with a bar one SE either side."
        )
        figure.show(fig, key="se-bars", caption=caption(got, g))
        overlap = bars_overlap(g.gap.lead, se_a, se_b)
        real, touch = tabs_prose.overlap_lines(g, overlap_rule(se_a, se_b))
        said = f"The ±1 SE bars {'overlap' if overlap else 'do not overlap'}. {real}"
        rule = f"{said}\n\n{touch}\n\n{rule}"  # one element for the three paragraphs
    st.markdown(rule)


def verdict_table_tab(g: Grading) -> None:
    """The articles' comparisons recomputed, with the reader's last; scrolls within itself."""
    table = pd.DataFrame(verdict_table(g))
    st.markdown(
        "The articles' comparisons, each recomputed now, with yours in the last row. "
        "Leads, SEs and ranges in points; each row's SE is the one its z divides by."
    )
    st.dataframe(
        table,
        hide_index=True,
        width="stretch",
        column_config=TABLE_COLUMNS,
        column_order=[k for k, v in TABLE_COLUMNS.items() if v is not None],
    )
    st.download_button(
        "Verdict table (CSV)",
        data=lambda: table.to_csv(index=False).encode(),
        file_name="verdict-table.csv",
        mime="text/csv",
        key="dl-verdict-table",
        icon=":material/table:",
        on_click="ignore",
    )

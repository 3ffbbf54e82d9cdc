"""Which two models, and for harness files which metric, filter and epoch reducer.

Every choice is a widget keyed under :mod:`~ui.sections.per_question.keys`;
:func:`picked` reads the choices of the previous run, so the upload can be
read with them before the widgets are drawn again.
"""

from __future__ import annotations

import streamlit as st

from benchstats.items import EACH_EPOCH, Items
from ui.sections.per_question.keys import key

Metric = str | tuple[str, ...] | None


def picked() -> tuple[Metric, str | None, str | None]:
    """The metric (one name, or one per model), filter and reducer picked on an earlier run."""
    state = st.session_state
    each = []
    while state.get(key(f"metric_{len(each)}")):  # one per model when names differ
        each.append(state[key(f"metric_{len(each)}")])
    metric = tuple(each) if len(each) > 1 else state.get(key("metric"))
    return metric, state.get(key("filter")), state.get(key("reducer"))


def _select(where, label: str, options: tuple[str, ...], name: str, **kwargs) -> str:
    """A selectbox that forgets a choice left over from another upload."""
    k = key(name)
    if st.session_state.get(k) not in (None, *options):
        del st.session_state[k]
    return where.selectbox(label, options, key=k, **kwargs)


def _reducer_label(items: Items):
    def label(option: str) -> str:
        if option == EACH_EPOCH:
            return "Each epoch, as a repeated answer"
        first = option == items.reducer_options[0]
        return f"Reduced with {option}" + (" (as the logs did)" if first else "")

    return label


def models(items: Items) -> tuple[str, str]:
    """Model A and model B: two pickers for three or more models, else a swap toggle."""
    names = list(items.models)
    if len(names) > 2:
        cols = st.columns(2)
        a = cols[0].selectbox("Model A", names, index=0, key=key("a"))
        rest = [m for m in names if m != a]
        return a, cols[1].selectbox("Model B", rest, index=0, key=key("b"))
    swap = st.toggle("Swap A and B", key=key("swap"))
    return (names[1], names[0]) if swap else (names[0], names[1])


def metric_and_filter(items: Items) -> None:
    """The metric and filter, when the files offer more than one."""
    many_metrics, many_filters = len(items.metric_options) > 1, len(items.filter_options) > 1
    if many_metrics or many_filters:
        cols = st.columns(2)
        if many_metrics:
            _select(
                cols[0], "Metric", items.metric_options, "metric",
                help="The numeric score every file carries with values from 0 to 1.",
            )  # fmt: skip
        if many_filters:
            _select(
                cols[1], "Filter", items.filter_options, "filter",
                help="lm-eval's answer-extraction filter; questions pair within one filter.",
            )  # fmt: skip
    each = items.metric_options_each
    if not items.metric_options and any(len(e) > 1 for e in each):  # no name in common
        cols = st.columns(min(len(each), 3))
        for i, (options, model) in enumerate(zip(each, items.models, strict=True)):
            _select(
                cols[i % len(cols)], f"Metric of {model}", options, f"metric_{i}",
                help="The files name their 0–1 metrics differently: pick the pair that "
                "measures the same thing.",
            )  # fmt: skip


def epochs(items: Items) -> None:
    """The epoch reducer, when the logs ran each question more than once."""
    if len(items.reducer_options) > 1:
        _select(
            st, "Epochs", items.reducer_options, "reducer",
            format_func=_reducer_label(items),
            help="inspect runs each question several times (epochs) and reduces them to one "
            "score; pick 'each epoch' to see the answer-to-answer noise instead.",
        )  # fmt: skip


def choices(items: Items) -> tuple[str, str]:
    """Which two models (and, for harness files, which metric, filter and reducer)."""
    pair = models(items)
    metric_and_filter(items)
    epochs(items)
    return pair

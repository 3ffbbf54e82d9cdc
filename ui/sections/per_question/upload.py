"""Reading an upload into :class:`~benchstats.items.Items`, with the reader's metric, filter and
epochs; the bytes stay in memory, and a file that can't be read is said in plain words."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from benchstats import language
from benchstats.items import EACH_EPOCH, Items, load_files, read_items
from benchstats.language import _
from benchstats.prose import per_question as prose
from ui.verdict import escape_markdown

FILE_TYPES = ["csv", "jsonl", "json", "eval", "zip"]
EXAMPLE = Path(__file__).with_name("example.csv")  # 40 questions in 10 clusters, two models
KEY = "pq"  # the prefix of the panel's widget keys, so they never clash with the page's


def key(name: str) -> str:
    """The session-state key of one of the panel's widgets ("pq_metric")."""
    return f"{KEY}_{name}"


def upload_limit() -> int:
    """Bytes per file: the server's ``server.maxUploadSize`` (MB)."""
    try:
        mb = float(st.get_option("server.maxUploadSize"))
    except Exception:  # an option missing in an odd set-up: the site's own limit
        mb = 20.0
    return int(mb * 1024 * 1024)


@st.cache_data(max_entries=4, show_spinner=False)  # the spinner's words are the reader's: _read
def _load(key: tuple, _files: list, metric, filter, reducer, limit: int, lang: str) -> Items:
    """The upload read once per file set (``key``: names, upload ids, sizes) and choices, in
    ``lang`` (its notes and refusals are said in the reader's language)."""
    return load_files(_files, metric=metric, filter=filter, reducer=reducer, max_bytes=limit)


@st.cache_data(max_entries=1, show_spinner=False)
def example() -> Items:
    """The worked example: the example CSV, read as an upload would be."""
    return read_items(EXAMPLE.read_bytes(), EXAMPLE.name)


def formats_help() -> None:
    """Which files work, and the example CSV to download (in a fold)."""
    with st.expander(_("Which files work")):
        st.markdown(prose.formats_help(upload_limit()))
        st.download_button(
            _("Example CSV"), data=EXAMPLE.read_bytes, file_name="per-question-example.csv",
            mime="text/csv", key=key("example"), icon=":material/download:", on_click="ignore",
        )  # fmt: skip


def picked() -> tuple[str | tuple[str, ...] | None, str | None, str | None]:
    """The metric (one name, or one per model), filter and reducer the reader picked."""
    state = st.session_state
    each = []
    while state.get(key(f"metric_{len(each)}")):  # one per model when names differ
        each.append(state[key(f"metric_{len(each)}")])
    metric = tuple(each) if len(each) > 1 else state.get(key("metric"))
    return metric, state.get(key("filter")), state.get(key("reducer"))


def _read(files: list, limit: int) -> Items:
    """The files read with the reader's choices, or afresh when they no longer fit."""
    ids = tuple((f.name, f.file_id, f.size) for f in files)
    choices = picked()
    pairs = [(f.name, f.getvalue()) for f in files]
    with st.spinner(_("Reading the file…")):
        try:
            return _load(ids, pairs, *choices, limit, language.current())
        except ValueError:
            if choices == (None, None, None):
                raise
            return _load(
                ids, pairs, None, None, None, limit, language.current()
            )  # choices of an earlier upload


def read_upload(files: list) -> Items | None:
    """The uploaded files as Items, or None after showing what went wrong."""
    limit = upload_limit()
    for f in files:  # the server enforces maxUploadSize; say so plainly anyway
        if f.size > limit:
            st.error(prose.too_big(f.name, f.size, limit, escape=escape_markdown))
            return None
    try:
        return _read(files, limit)
    except ValueError as err:
        st.error(escape_markdown(str(err)), icon=":material/error:")
    except Exception as err:  # a file no reader anticipated: still no traceback
        st.error(
            _(
                "Could not read this upload: expected a CSV, lm-eval JSONL or an inspect log, found something the reader did not understand ({name})."
            ).format(name=type(err).__name__),
            icon=":material/error:",
        )
    return None


def _select(label: str, options, name: str, **kwargs) -> None:
    """A selectbox that forgets a choice left over from another upload."""
    k = key(name)
    if st.session_state.get(k) not in (None, *options):
        del st.session_state[k]
    st.selectbox(label, options, key=k, **kwargs)


def reading_choices(items: Items) -> None:
    """The metric, filter and epoch reducer, where the files offer more than one."""
    if len(items.metric_options) > 1:
        _select(_("Metric"), items.metric_options, "metric",
                help=_("The numeric score every file carries with values from 0 to 1."))  # fmt: skip
    if len(items.filter_options) > 1:
        _select(_("Filter"), items.filter_options, "filter",
                help=_("lm-eval's answer-extraction filter; questions pair within one filter."))  # fmt: skip
    each = items.metric_options_each
    if not items.metric_options and any(len(e) > 1 for e in each):  # no name in common
        for i, (options, model) in enumerate(zip(each, items.models, strict=True)):
            _select(
                _("Metric of {model}").format(model=model), options, f"metric_{i}",
                help=_("The files name their 0–1 metrics differently: pick the pair that measures "
                "the same thing."),
            )  # fmt: skip
    if len(items.reducer_options) > 1:
        first = items.reducer_options[0]
        _select(
            _("Epochs"), items.reducer_options, "reducer", format_func=language.bound(
                lambda o: _reducer_words(o, first)),
            help=_("inspect runs each question several times (epochs) and reduces them to one "
            "score; pick 'each epoch' to see the answer-to-answer noise instead."),
        )  # fmt: skip


def _reducer_words(option: str, first: str) -> str:
    """An epoch reducer as the menu says it (``first``: the one the logs used)."""
    if option == EACH_EPOCH:
        return _("Each epoch, as a repeated answer")
    if option == first:
        # TRANSLATORS: {reducer} the name of inspect's reducer ("mean", "at_least_1").
        return _("Reduced with {reducer} (as the logs did)").format(reducer=option)
    return _("Reduced with {reducer}").format(reducer=option)

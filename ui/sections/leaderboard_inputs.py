"""The Leaderboard checker's inputs: the board (a table, pasted text or files) and the settings.

The table and the paste box both feed one URL key, ``rows`` (see
:mod:`benchstats.leaderboard_text` for its encoding); ``n`` or ``bench``
give every row its number of questions; ``correction``, ``method``,
``level``, ``seed`` and ``predict`` are the settings. Per-question files
(three or more models on the same questions) make the board paired; they
cannot travel in a link, and the page says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
import streamlit as st

from benchstats import words
from benchstats.benchmarks import BENCHMARK_KEYS, Benchmark, get_benchmark
from benchstats.items import align_items
from benchstats.leaderboard import CORRECTION_NAMES, CORRECTIONS
from benchstats.leaderboard_links import decode_rows, encode_rows
from benchstats.leaderboard_text import PastedBoard, parse_board
from benchstats.ranks import METHODS
from ui import lazy, params, predict
from ui.sections import luck_inputs
from ui.sections.leaderboard_tables import share, table_editor
from ui.sections.per_question import upload
from ui.verdict import escape_markdown

MAX_QUESTIONS = 10_000_000
MAX_SEED = 999_999_999
LEVEL = (80.0, 99.5, 95.0)  # the confidence level slider: lowest, highest, default (percent)
COLUMNS = {"model": "Model", "score": "Score (%)", "se": "± SE (points)", "n": "Questions"}
_PASTED = "_lb_pasted"  # session: (rows the paste gave, its notes)


@dataclass(frozen=True)
class Preset:
    """A worked example: a board (``rows``), its benchmark, and what it illustrates."""

    key: str
    label: str
    rows: str
    bench: str
    short: str  # the button's label (a phone's width)


PRESETS = (
    Preset(
        "gpqa-eight",
        "Eight models within three points on GPQA Diamond (illustrative)",
        "Model A:75.3,Model B:74.7,Model C:74.7,Model D:74.2,Model E:73.7,"
        "Model F:73.2,Model G:72.7,Model H:72.4",
        "gpqa-diamond",
        "GPQA Diamond: 8 within 3 points",
    ),
    Preset(
        "swe-bench",
        "Ten models on SWE-bench Verified (illustrative)",
        "Model A:74.4,Model B:72.8,Model C:71,Model D:70.6,Model E:68.2,Model F:65.4,"
        "Model G:64.6,Model H:62.2,Model I:58.4,Model J:49",
        "swe-bench-verified",
        "SWE-bench Verified: 10 models",
    ),
)
EXAMPLE = PRESETS[0]  # what a link without rows opens, said on the page


@dataclass(frozen=True)
class Asked:
    """What the reader gave: the rows (or the files' answers), n or a preset, the settings.

    ``seed`` is read in the board's fragment (:func:`seeded`), after the rest:
    until then it holds its default.
    """

    rows: PastedBoard | None
    rows_text: str
    example: bool
    answers: tuple[tuple[str, ...], np.ndarray] | None
    n: int | None
    bench: Benchmark | None
    correction: str
    method: str
    level: float
    predict: bool
    notes: tuple[str, ...] = ()
    seed: int = 0

    def query(self) -> dict[str, str]:
        """Every input as the link carries it (files cannot travel in a link)."""
        keys = {} if self.example or self.answers else {"rows": self.rows_text}
        if self.bench is not None:
            keys["bench"] = self.bench.key
        elif self.n is not None:
            keys["n"] = str(self.n)
        keys |= {"correction": self.correction, "method": self.method}
        keys |= {"level": f"{self.level * 100:g}", "seed": str(self.seed)}
        return keys | ({"predict": "true"} if self.predict else {})


# --------------------------------------------------------------------------- the rows


def _from_link() -> tuple[PastedBoard | None, list[str]]:
    """The link's rows (None for none, or unreadable: then a note says so)."""
    raw = params.raw_param("rows")
    if raw is None:
        return None, []
    try:
        return decode_rows(raw), []
    except ValueError as err:
        return None, [
            f"The link's `rows={params.quoted_value(raw)}` can't be used: {err}. Showing an example instead."
        ]


def _frame(rows: PastedBoard) -> pd.DataFrame:
    """The rows as the table shows them: percent and points."""
    return pd.DataFrame(
        {
            COLUMNS["model"]: list(rows.names),
            COLUMNS["score"]: [round(s * 100, 8) for s in rows.scores],
            COLUMNS["se"]: pd.array(  # empty cells as <NA>, never "None"
                [None if s is None else round(s * 100, 8) for s in rows.se], dtype="Float64"
            ),
            COLUMNS["n"]: pd.array(rows.n, dtype="Int64"),
        }
    )


def _rows_of(edited: pd.DataFrame) -> tuple[str, list[str]]:
    """The edited table as the ``rows`` value, and a note for each row left out."""
    names, scores, ses, ns, notes = [], [], [], [], []
    for i, row in enumerate(edited.itertuples(index=False, name=None), start=1):
        name = "" if row[0] is None or pd.isna(row[0]) else str(row[0]).strip()
        score = share(row[1])
        if not name and score is None:
            continue  # an empty row the reader has not filled yet
        if not name or score is None:
            what = "has no model name" if not name else f"({name!r}) has no score"
            notes.append(f"Table row {i} {what}; left out.")
            continue
        if name in names:
            notes.append(f"Table row {i}: {name!r} appears twice; the first row is kept.")
            continue
        n = None if pd.isna(row[3]) else int(row[3])
        names.append(name)
        scores.append(score)
        ses.append(share(row[2]))
        ns.append(n)
    return encode_rows(names, scores, se=ses, n=ns), notes


def _table(rows: PastedBoard, rows_text: str) -> tuple[str, list[str]]:
    """The board's editable table; its rows (the ``rows`` value) and notes on rows left out."""
    config = {
        COLUMNS["model"]: st.column_config.TextColumn(max_chars=80, required=True),
        COLUMNS["score"]: st.column_config.NumberColumn(min_value=0.0, max_value=100.0),
        COLUMNS["se"]: st.column_config.NumberColumn(
            min_value=0.01, max_value=25.0, help="Leave empty to use the questions."
        ),
        COLUMNS["n"]: st.column_config.NumberColumn(
            min_value=1, max_value=MAX_QUESTIONS, step=1, help="This row's own questions."
        ),
    }
    read = {}  # the edited table is read once: its value and its notes

    def value_of(df: pd.DataFrame) -> str:
        read["rows"] = _rows_of(df)
        return read["rows"][0]

    edited, text = table_editor(lambda: _frame(rows), rows_text, "rows", value_of, **config)
    return text, (read.get("rows") or _rows_of(edited))[1]


def _read_paste() -> None:
    """The paste box's button: the pasted table becomes the rows (and the link's)."""
    text = st.session_state.get("lb_paste") or ""
    try:
        pasted = parse_board(text)
    except ValueError as err:
        st.session_state[_PASTED] = (None, [f"The pasted text can't be read: {err}."])
        return
    st.query_params["rows"] = pasted.encode()
    st.session_state[_PASTED] = (pasted.encode(), [f"Pasted {n}." for n in pasted.notes])


def _paste() -> list[str]:
    """The paste box; the notes of the last paste while its rows are still the board's."""
    st.text_area(
        "Paste a leaderboard",
        key="lb_paste",
        height=150,
        placeholder="Model A\t71.4 ± 1.8\nModel B\t69.9% (±1.9)\nModel C, 0.684, n=500",
        help="One model a line: tab-, comma- or space-separated; 71.4, 71.4%, 0.714, "
        "71.4 ± 1.8 or 71.4% (±1.8); a header row or none.",
    )
    st.button("Use the pasted table", on_click=_read_paste, icon=":material/content_paste:")
    rows, notes = st.session_state.get(_PASTED, (None, []))
    return notes if rows is None or rows == params.raw_param("rows") else []


def _use_preset(preset: Preset) -> None:
    st.query_params["rows"] = preset.rows
    st.query_params["bench"] = preset.bench
    st.session_state.pop(_PASTED, None)


def presets() -> None:
    """The worked examples, one button each; each writes its rows and benchmark into the link."""
    row = st.container(horizontal=True, wrap=True, gap="small")
    for p in PRESETS:
        row.button(
            p.short,
            key=f"lb_preset_{p.key}",
            on_click=_use_preset,
            args=(p,),
            help=p.label,
        )


# --------------------------------------------------------------------------- files

# Where the rows come from: lazy tabs, only the chosen one drawn (a tab row, a data editor,
# a paste box and an uploader on the page would cost every seed edit about 8 ms in Chromium).
# The table's and the paste's rows live in the link, so an undrawn pane loses nothing; while
# files are uploaded their pane stays drawn (``keep``), or the files would go with the widget.
SOURCES = ("Table", "Paste", "Per-question files")


def _uploaded() -> bool:
    """Whether the reader has files in the uploader now (their pane must stay drawn)."""
    return bool(st.session_state.get("lb_files"))


def _files() -> tuple[tuple[str, ...], np.ndarray] | None:
    """Per-question files of two or more models, lined up on the questions all answered."""
    st.markdown(
        "Three or more models run on the same questions? Upload their per-question results "
        "and every comparison becomes paired. Files cannot travel in a link."
    )
    files = st.file_uploader(
        "Per-question results: one CSV with a column per model, or one file per model",
        type=upload.FILE_TYPES,
        accept_multiple_files=True,
        key="lb_files",
    )
    items = upload.read_upload(files) if files else None
    if items is None:
        return None
    try:
        aligned = align_items(items)
    except ValueError as err:
        st.error(escape_markdown(str(err)), icon=":material/error:")
        return None
    if aligned.left_out:
        st.info(f"{aligned.left_out:,} questions left out: not every model answered them.")
    return tuple(aligned.models), np.ascontiguousarray(aligned.scores.T)


# --------------------------------------------------------------------------- n, preset, settings


def _menu_refused(key: str, options) -> bool:
    """Whether the link's value for the menu ``key`` is one :func:`params.choice` refuses."""
    raw = params.raw_param(key) or None
    return raw is not None and raw not in {str(o) for o in options}


def _bench(default: str | None, *, row) -> Benchmark | None:
    """The benchmark preset for every row, kept in ``?bench=`` (the example's when no rows)."""
    refused = _menu_refused("bench", BENCHMARK_KEYS)
    container, size = params.slot(row, 300, key="_bench_menu", refused=refused)
    key = params.choice(
        "Benchmark (every row)",
        "bench",
        BENCHMARK_KEYS,
        default=default,
        format_func=lambda k: get_benchmark(k).label,
        allowed="a benchmark key such as `gpqa-diamond` or `mmlu`",
        container=container,
        placeholder="None: type the questions",
        help="Pick a benchmark to give every row its number of questions.",
        **size,
    )
    return get_benchmark(key) if key is not None else None


def _questions(bench: Benchmark | None, *, row) -> int | None:
    """Questions for every row: the preset's (locked), or the reader's ``n``, or none yet."""
    if bench is not None:
        row.markdown(  # the preset's size, as text (nothing to type)
            f"**Questions (every row):** {words.count(bench.questions)}, from {bench.name}. "
            "Clear the benchmark to type your own.",
            width=220,
        )
        return bench.questions
    raw = params.raw_param("n")
    refused = raw is not None and not params.acceptable(raw, 1, MAX_QUESTIONS, True)
    container, size = params.slot(row, 220, key="n", refused=refused)
    if refused:
        params.drop_from_link("n")
    value = container.number_input(
        "Questions (every row)",
        min_value=1,
        max_value=MAX_QUESTIONS,
        value=None,
        step=1,
        key="n",
        bind="query-params",
        placeholder="type n, or pick a benchmark",
        help="How many questions each model answered; a row's own Questions cell wins.",
        **size,
    )
    if refused:
        params.note_refused(
            "n",
            f"The link's `n={params.quoted_value(raw)}` can't be used: n must be a whole number of "
            f"questions from 1 to {MAX_QUESTIONS:,}. Type it, or pick a benchmark.",
            value,
        )
    params.show_note("n", container)
    return None if value is None else int(value)


SETTINGS = ("correction", "method", "level")  # URL keys of the settings' fold
DEFAULTS = ("holm", "marginal", LEVEL[2] / 100)  # what they are while not drawn


def _settings() -> tuple[str, str, float]:
    """Correction, rank method and level, folded: drawn while open or while the link sets one.

    Three menus and a slider would cost every seed edit in Chromium though none is re-sent;
    the verdict says which correction and method it used, folded or not.
    """
    box = lazy.input_fold(
        "Correction, rank method and confidence level", key="lb-settings", keys=SETTINGS
    )
    if not box.draws():
        return DEFAULTS
    with box:
        return _setting_inputs()


def _setting_inputs() -> tuple[str, str, float]:
    """Correction, rank method and level, in one wrapping row (not the seed)."""
    row = st.container(horizontal=True, wrap=True, gap="small", vertical_alignment="bottom")
    refused = _menu_refused("correction", CORRECTIONS)
    container, size = params.slot(row, 260, key="_correction_menu", refused=refused)
    correction = params.choice(
        "Correction for testing every pair",
        "correction",
        CORRECTIONS,
        default="holm",
        format_func=CORRECTION_NAMES.get,
        container=container,
        help="Holm holds the chance of any false 'clears' to the level; Benjamini–Hochberg "
        "the expected share of false ones among those declared; or none.",
        **size,
    )
    container, size = params.slot(
        row, 230, key="_method_menu", refused=_menu_refused("method", METHODS)
    )
    method = params.choice(
        "Rank intervals",
        "method",
        METHODS,
        default="marginal",
        format_func={"marginal": "Marginal: each model", "simultaneous": "Simultaneous: all"}.get,
        container=container,
        help="Marginal covers each model's true rank on its own; simultaneous covers every "
        "rank at once (wider). Mogstad, Romano, Shaikh & Wilhelm (2024).",
        **size,
    )
    level = luck_inputs.slider(
        "Confidence level (%)",
        "level",
        default=LEVEL[2],
        lo=LEVEL[0],
        hi=LEVEL[1],
        step=0.5,
        allowed=f"a percent from {LEVEL[0]:g} to {LEVEL[1]:g}",
        help="The level of every interval and test on the page.",
        container=row,
    )
    return correction, method, level / 100


def _predict(row) -> bool:
    """Predict first, at the end of the questions' row."""
    on = predict.switch(  # in a box: straight in the row, the toggle sits 8 px higher
        container=row.container(width="content"),
        help="Hide the answer until you (or the class) have guessed how many are tied for first.",
    )
    return bool(on)


def seeded(asked: Asked) -> Asked:
    """The seed, first in the board's fragment (no row of its own); ``asked`` with it.

    The seed names every simulated draw (the rank intervals' critical values and
    places by luck), so nearly all the board reads it; what does not (the
    inputs above it, the second section) is outside the fragment and not redrawn.
    """
    seed = params.number(
        "Seed", "seed", default=0, min_value=0, max_value=MAX_SEED, whole=True,
        help="Names the simulated draws (rank intervals and places by luck): same seed, same page.",
        width=130,
    )  # fmt: skip
    return replace(asked, seed=int(seed))


def read() -> Asked:
    """Every input of the board, drawn in reading order, as one frozen value."""
    linked, notes = _from_link()
    example = linked is None
    rows = decode_rows(EXAMPLE.rows) if example else linked
    rows_text = rows.encode()
    notes += [f"Link: {n}." for n in rows.notes]
    uploaded = _uploaded()
    table_tab, paste_tab, files_tab = lazy.tabs(
        list(SOURCES), key="lb-source", keep=SOURCES[2] if uploaded else None
    )
    answers = None
    if files_tab.open or uploaded:
        with files_tab:
            answers = _files()
    edited, table_notes = rows_text, []
    if table_tab.open:
        with table_tab:
            if example and answers is None:
                st.info(f"An example: {EXAMPLE.label}. Edit it, paste your own or pick another.")
            edited, table_notes = _table(rows, rows_text)
    if paste_tab.open:
        with paste_tab:
            notes += _paste()
    row = st.container(horizontal=True, wrap=True, gap="small", vertical_alignment="bottom")
    raw_n = params.raw_param(
        "n"
    )  # a usable n of the reader's own: the example's preset steps aside
    given_n = raw_n is not None and params.acceptable(raw_n, 1, MAX_QUESTIONS, True)
    bench = _bench(EXAMPLE.bench if example and not given_n else None, row=row)
    n = _questions(bench, row=row)
    if edited != rows_text:  # the reader's own rows now: the example's preset goes with them
        if example and bench is not None:
            st.query_params["bench"] = bench.key
        rows, rows_text, example = decode_rows(edited), edited, False
    predict = _predict(row)
    correction, method, level = _settings()
    return Asked(
        rows, rows_text, example, answers, n, bench, correction, method, level, predict,
        tuple(notes + table_notes),
    )  # fmt: skip


def show_notes(asked: Asked) -> None:
    """Rows left out or read in a particular way, each named, in one warning."""
    if asked.notes:
        st.warning(
            "\n".join(f"- {escape_markdown(n)}" for n in asked.notes), icon=":material/info:"
        )

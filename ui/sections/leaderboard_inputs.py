"""The Leaderboard checker's inputs: the settings beside the chart, and the board's sources.

The board is the URL key ``rows`` (an editable table, a paste or an example);
per-question files make it paired and cannot travel in a link.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

from benchstats import words
from benchstats.items import align_items
from benchstats.language import N_, _
from benchstats.leaderboard_links import BoardRows
from benchstats.leaderboard_text import parse_board
from benchstats.prose.leaderboard import correction_name
from ui import claim, inputs, layout, predict, registry, settings
from ui.sections.per_question import upload
from ui.settings import Origin, Settings
from ui.verdict import escape_markdown

METHODS = {"marginal": N_("Each model"), "simultaneous": N_("All at once")}  # the menu's names
FILES = "lb_files"  # the uploader's key: its files are read before the verdict is drawn
_PASTED = "_lb_pasted"  # session: (the rows a paste gave, its notes)


@dataclass(frozen=True)
class Preset:
    """A worked example: a board (``rows``), its benchmark, and what it illustrates."""

    label: str  # marked with N_: shown through _()
    rows: str
    bench: str
    short: str  # the button's label (a phone's width), marked with N_


EXAMPLE = Preset(
    N_("Eight models within three points on GPQA Diamond (illustrative)"),
    str(registry.page("leaderboard").example["rows"]),
    registry.page("leaderboard").example["bench"],
    N_("GPQA Diamond: 8 within 3 points"),
)
PRESETS = (
    EXAMPLE,
    Preset(
        N_("Ten models on SWE-bench Verified (illustrative)"),
        "Model A:74.4,Model B:72.8,Model C:71,Model D:70.6,Model E:68.2,Model F:65.4,"
        "Model G:64.6,Model H:62.2,Model I:58.4,Model J:49",
        "swe-bench-verified",
        N_("SWE-bench Verified: 10 models"),
    ),
)


def controls(s: Settings) -> None:
    """How the board is read: the correction, the rank method, the level, the seed."""
    inputs.choice(
        s, "correction", _("Correction for testing every pair"), format_func=correction_name,
        help=_("Holm holds the chance of any false 'clears' to the level; Benjamini–Hochberg "
        "the expected share of false ones among those declared; or none."),
    )  # fmt: skip
    inputs.choice(
        s, "method", _("Rank intervals"), widget="segmented_control",
        format_func=lambda m: _(METHODS[m]),
        help=_("Marginal intervals cover each model's true rank on its own; simultaneous ones "
        "cover every rank at once (wider). Mogstad, Romano, Shaikh & Wilhelm (2024)."),
    )  # fmt: skip
    inputs.number(
        s, "level", _("Confidence level (%)"), slider=True, step=0.5, format="%.1f",
        help=_("The level of every interval and test on the page."),
    )  # fmt: skip
    row = st.container(horizontal=True, gap="medium", vertical_alignment="bottom")
    inputs.number(
        s, "seed", _("Seed"), where=row, width=150,
        help=_("Names the simulated draws (rank intervals and places by luck)."),
    )  # fmt: skip
    predict.switch(
        s, where=row.container(width="content"),
        help=_("Hide the answer until you (or the class) have guessed how many are tied for first."),
    )  # fmt: skip


def share(x: object) -> float | None:
    """A percent cell as a proportion (the decimal typed, divided by 100), None if empty."""
    return None if x is None or pd.isna(x) else float(Decimal(repr(round(float(x), 6))) / 100)


def edited(frame: pd.DataFrame, delta: dict | None) -> pd.DataFrame:
    """``frame`` with a data editor's edits applied (its state: edited, deleted, added rows)."""
    delta = delta or {}
    out = frame.copy()
    for i, change in delta.get("edited_rows", {}).items():
        for column, value in change.items():
            out.loc[int(i), column] = value
    out = out.drop(index=[int(i) for i in delta.get("deleted_rows", [])])
    if added := delta.get("added_rows"):
        out = pd.concat([out, pd.DataFrame(added, columns=out.columns)], ignore_index=True)
    return out


Reader = Callable[[pd.DataFrame], tuple[str, list[str]]]  # a table → its link value, notes


def _table_changed(s: Settings, key: str, frame: pd.DataFrame, read: Reader, widget: str) -> None:
    text, _rest = read(edited(frame, st.session_state.get(widget)))
    if text != str(s[key] or ""):
        settings.write(s, {key: text or None})


def table(s: Settings, key: str, frame: pd.DataFrame, read: Reader, **config) -> list[str]:
    """An editable table of the URL key ``key``, redrawn fresh for a new value or new columns;
    the notes on the rows it leaves out."""
    shape = f"{s[key] or ''}|{list(frame.columns)}"
    widget = f"lb-{key}-{zlib.crc32(shape.encode())}"
    shown = st.data_editor(
        frame, key=widget, num_rows="dynamic", hide_index=True, width="stretch",
        column_config=config, placeholder="", on_change=_table_changed,
        args=(s, key, frame, read, widget),
    )  # fmt: skip
    return read(shown)[1]


def frame_of(rows, fields: tuple[str, ...], labels: tuple[str, ...]) -> pd.DataFrame:
    """Rows (or None) as an editable table: the names, the percents, then each row's questions
    (a copy of the one made for these rows and labels: the table is redrawn at every run)."""
    return _frame_of(rows, repr(rows), fields, labels).copy()  # repr: −0.0 is not 0.0


@functools.lru_cache(maxsize=64)
def _frame_of(rows, _written: str, fields: tuple[str, ...], labels: tuple[str, ...]):
    values = [getattr(rows, f) if rows else () for f in fields]
    percents = [pd.array([None if x is None else round(x * 100, 8) for x in v], "Float64") for v in values[1:-1]]  # fmt: skip
    columns = [pd.array(values[0], "object"), *percents, pd.array(values[-1], "Int64")]
    return pd.DataFrame(dict(zip(labels, columns, strict=True)))


def rows_text(frame: pd.DataFrame, kind: type, scores: int) -> tuple[str, list[str]]:
    """The edited table (names, percents, questions) as its URL key's value, written by ``kind``
    (BoardRows, BenchmarkRows), a row needing its name and first ``scores`` numbers; and a note
    for each row left out."""
    rows, notes = [], []
    for i, (name, *numbers, n) in enumerate(frame.itertuples(index=False), start=1):
        name = "" if name is None or pd.isna(name) else str(name).strip()
        numbers = [share(x) for x in numbers]
        if not name and all(x is None for x in numbers[:scores]):
            continue  # an empty row the reader has not filled yet
        if not name or None in numbers[:scores]:
            notes.append(
                _("Table row {row} has no name; left out.").format(row=i)
                if not name
                else _("Table row {row} ({name}) has no score; left out.").format(
                    row=i, name=repr(name)
                )
            )
        elif any(r[0] == name for r in rows):
            notes.append(
                _("Table row {row}: {name} appears twice; the first row is kept.").format(
                    row=i, name=repr(name)
                )
            )
        else:
            rows.append([name, *numbers, None if pd.isna(n) else int(n)])
    columns = [tuple(c) for c in zip(*rows, strict=True)] or [()] * len(frame.columns)
    return str(kind(*columns)), notes


BOARD = ("names", "scores", "se", "n")
_board_text = functools.partial(rows_text, kind=BoardRows, scores=1)  # reads the ``rows`` table


def _use_paste(s: Settings) -> None:
    try:
        pasted = parse_board(st.session_state.get("lb_paste") or "")
    except ValueError as err:
        st.session_state[_PASTED] = (
            None, [_("The pasted text can't be read: {reason}.").format(reason=err)]
        )  # fmt: skip
        return
    settings.write(s, {"rows": str(pasted)})
    st.session_state[_PASTED] = (
        str(pasted),
        [_("Pasted {note}.").format(note=n) for n in pasted.notes],
    )


def _paste(s: Settings) -> list[str]:
    """The paste box; the last paste's notes while its rows are still the board's."""
    st.text_area(
        _("Paste a leaderboard"), key="lb_paste", height=150,
        placeholder=_("Model A\t71.4 ± 1.8\nModel B\t69.9% (±1.9)\nModel C, 0.684, n=500"),
        help=_("One model a line: tab-, comma- or space-separated; 71.4, 71.4%, 0.714, "
        "71.4 ± 1.8 or 71.4% (±1.8); a header row or none."),
    )  # fmt: skip
    st.button(
        _("Use the pasted table"), on_click=_use_paste, args=(s,), icon=":material/content_paste:"
    )
    rows, notes = st.session_state.get(_PASTED, (None, []))
    return notes if rows is None or rows == str(s["rows"]) else []


def sources(s: Settings) -> list[str]:
    """The board: the examples, its questions, then a table, a paste box or files; their notes."""
    row = st.container(horizontal=True, wrap=True, gap="small", vertical_alignment="center")
    row.markdown(_("Examples:"), width="content")
    for p in PRESETS:
        board = {"rows": p.rows, "bench": p.bench, "n": None}
        key = f"lb-preset-{p.bench}"
        row.button(_(p.short), key=key, on_click=settings.write, args=(s, board), help=_(p.label))
    row = st.container(horizontal=True, wrap=True, gap="small")  # the two wrap on a split screen
    bench, n = row.container(width=layout.px(320)), row.container(width=layout.px(200))
    claim.bench_menu(s, where=bench, label=_("Benchmark (every row)"))
    inputs.number(
        s, "n", _("Questions (every row)"), where=n, disabled=s.origin("n") is Origin.PRESET,
        help=_("How many questions each model answered; a row's own Questions cell wins."),
    )  # fmt: skip
    table_tab, paste_tab, files_tab = st.tabs([_("Table"), _("Paste"), _("Per-question files")])
    model, score = _("Model"), _("Score %")
    with table_tab:
        notes = table(
            s, "rows", frame_of(s["rows"], BOARD, (model, score, "± SE", "n")), _board_text,
            **{model: st.column_config.TextColumn(max_chars=80, width=110)},
            n=st.column_config.NumberColumn(
                min_value=1, max_value=10_000_000, step=1, width=60,
                help=_("This row's own number of questions.")),
            **{score: st.column_config.NumberColumn(min_value=0.0, max_value=100.0, width=70),
               "± SE": st.column_config.NumberColumn(
                   min_value=0.01, max_value=25.0, width=60,
                   help=_("The reported ± standard error in points; empty to use the questions."))},
        )  # fmt: skip
    with paste_tab:
        notes += _paste(s)
    with files_tab:
        st.markdown(
            _(
                "Three or more models run on the same questions? Upload their per-question results "
                "and every comparison becomes paired. Files cannot travel in a link."
            )
        )
        st.file_uploader(
            _("Per-question results: one CSV with a column per model, or one file per model"),
            type=upload.FILE_TYPES, accept_multiple_files=True, key=FILES,
        )  # fmt: skip
    return notes


def link_notes(s: Settings, key: str, notes: list[str], *, where: Any = st) -> None:
    """The link's refused ``key``, then the rows left out or read in a particular way."""
    inputs.after(s, key, where, caption=False)  # the note quotes the link safely
    notes = [_("Link: {note}.").format(note=n) for n in (s[key].notes if s[key] else ())] + notes
    if notes:
        where.warning("\n".join(f"- {escape_markdown(n)}" for n in notes), icon=":material/info:")


def answers() -> tuple[tuple[str, ...], np.ndarray] | None:
    """The uploaded files' answers (models × questions all answered), or None; read before the
    verdict is drawn, what goes wrong said where it is called."""
    files = st.session_state.get(FILES)
    items = upload.read_upload(files) if files else None
    if items is None:
        return None
    try:
        aligned = align_items(items)
    except ValueError as err:
        st.error(escape_markdown(str(err)), icon=":material/error:")
        return None
    if aligned.left_out:
        st.info(
            _("{questions} left out: not every model answered them.").format(
                questions=words.plural(aligned.left_out, "question")
            )
        )
    return tuple(aligned.models), np.ascontiguousarray(aligned.scores.T, dtype=float)

"""Wide and long CSVs of per-question scores.

A **wide CSV** has ``question_id``, one column of scores per model and an
optional ``cluster``; a **long CSV** has ``question_id``, ``model``,
``score``, optional ``cluster`` and ``run`` (repeated answers to one
question). Arrow's CSV reader parses them; each column is checked whole.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from benchstats.items._base import (
    MAX_BYTES,
    MAX_ROWS,
    Items,
    binary_kind,
    check_rows,
    file_bytes,
    listed_values,
    shown_value,
)
from benchstats.outside_text import clean
from benchstats.words import count

_CSV_NAMES = ("question_id", "model", "score", "cluster", "run")


def _line(index: int) -> int:
    """The file line of data row ``index`` (row 0 is line 2, under the header)."""
    return int(index) + 2


def _header(raw: bytes, label: str) -> tuple[list[str], dict[str, str]]:
    """The header's columns as the file spells them, and the known names (lower case) → the
    clean spelling (:func:`~benchstats.outside_text.clean`) the table's columns take."""
    first = raw.split(b"\n", 1)[0].split(b"\r", 1)[0].decode("utf-8-sig")
    found = next(csv.reader([first]), [])
    shown = [clean(c) for c in found]
    names = {c.lower(): c for c in shown}
    if "question_id" not in names:
        aliases = ("id", "doc_id", "qid", "question", "sample_id")
        alias = next((names[a] for a in aliases if a in names), None)
        hint = f" Rename '{alias}' to question_id if it names the questions." if alias else ""
        msg = f"{label}: expected a column named question_id, found {listed_values(found) or 'none'}.{hint}"
        raise ValueError(msg)
    if len(set(shown)) < len(shown):
        twice = next(c for c in shown if shown.count(c) > 1)
        msg = f"{label}: expected each column name once, found '{shown_value(twice)}' twice."
        raise ValueError(msg)
    return found, {k: names[k] for k in _CSV_NAMES if k in names}


def _read_table(raw: bytes, label: str, text: Sequence[str], header: Sequence[str]) -> pa.Table:
    """Arrow's CSV reader with ``text`` columns (clean names) as strings, every column when a
    type fails; the columns take their clean names."""
    spelled = dict(zip((clean(c) for c in header), header, strict=True))
    for columns in ([spelled[c] for c in text], header):
        types = dict.fromkeys(columns, pa.string())
        opts = pacsv.ConvertOptions(column_types=types, strings_can_be_null=True)
        try:
            table = pacsv.read_csv(io.BytesIO(raw), convert_options=opts)
            break
        except pa.ArrowInvalid as err:
            if "conversion error" in str(err) and columns is text:  # a type guessed from early rows
                continue
            detail = str(err).replace("CSV parse error: ", "")
            msg = f"{label}: expected a well-formed CSV, found a row that cannot be read: {shown_value(detail)}"
            raise ValueError(msg) from None
    if table.num_rows == 0:
        msg = f"{label}: expected at least one question under the header, found none."
        raise ValueError(msg)
    return table.rename_columns([clean(c) for c in table.column_names])


def _no_blanks(col: pa.ChunkedArray, label: str, what: str) -> pa.Array:
    col = col.combine_chunks()
    if col.null_count:
        i = int(np.flatnonzero(col.is_null().to_numpy(zero_copy_only=False))[0])
        msg = f"{label}: expected a {what}, found a blank one on line {_line(i)}."
        raise ValueError(msg)
    return col


def _text(table: pa.Table, column: str, label: str, what: str) -> pa.Array:
    """A text column with no blanks (ids, model names, clusters)."""
    return pc.utf8_trim_whitespace(_no_blanks(table.column(column), label, f"{what} on every row"))


def _clean_text(col: pa.Array) -> pa.Array:
    """Names from the file as one visible line each (:func:`~benchstats.outside_text.clean`),
    cleaned once per distinct name."""
    enc = col.dictionary_encode()
    cleaned = pa.array([clean(v) for v in enc.dictionary.to_pylist()], pa.string())
    return pc.take(cleaned, enc.indices)


def _encode(col: pa.Array) -> tuple[np.ndarray, pd.Index]:
    """Integer codes and the distinct values, in order of first appearance."""
    enc = col.dictionary_encode()
    codes = enc.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    return codes, pd.Index(pd.arrays.ArrowStringArray(enc.dictionary))


def _scores(col: pa.ChunkedArray, label: str, column: str) -> np.ndarray:
    """A column of scores as float64 in [0, 1]; NaN where blank. No per-row loop."""
    t = col.type
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        trimmed = pc.utf8_trim_whitespace(col.combine_chunks())
        lowered = pc.utf8_lower(trimmed)
        words = pc.if_else(
            pc.equal(lowered, "true"), "1", pc.if_else(pc.equal(lowered, "false"), "0", trimmed)
        )
        numbers = pd.to_numeric(pd.Series(words.to_pandas()), errors="coerce")
        text = numbers.isna().to_numpy() & ~pc.is_null(trimmed).to_numpy(zero_copy_only=False)
        if text.any():
            i = int(np.flatnonzero(text)[0])
            msg = (
                f"{label}: expected numbers from 0 to 1 in column '{shown_value(column)}', "
                f"found '{shown_value(trimmed[i].as_py())}' on line {_line(i)}."
            )
            raise ValueError(msg)
        arr = numbers.to_numpy(np.float64, na_value=np.nan)
    elif pa.types.is_null(t):
        arr = np.full(len(col), np.nan)
    elif pa.types.is_boolean(t) or pa.types.is_integer(t) or pa.types.is_floating(t):
        arr = pc.cast(col, pa.float64()).to_numpy()
    else:
        msg = f"{label}: expected numbers from 0 to 1 in column '{shown_value(column)}', found {t} values."
        raise ValueError(msg)
    bad = ~((arr >= 0.0) & (arr <= 1.0)) & ~np.isnan(arr)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        finite = arr[np.isfinite(arr)]
        percent = (
            finite.size and finite.min() >= 0 and finite.max() <= 100 and np.median(finite) > 1
        )
        hint = " If these are percent, divide by 100." if percent else ""
        msg = (
            f"{label}: expected scores from 0 to 1 in column '{shown_value(column)}', "
            f"found {arr[i]:g} on line {_line(i)}.{hint}"  # the value as the file has it
        )
        raise ValueError(msg)
    return arr


def _duplicate(
    label: str, codes: np.ndarray, describe: Callable[[int], str], what: str, hint: str = ""
) -> None:
    """Raise when two rows share a key code; name the first such key and its lines."""
    counts = np.bincount(codes)
    if counts.max(initial=0) <= 1:
        return
    key = int(np.flatnonzero(counts > 1)[0])
    lines = np.flatnonzero(codes == key)[:2]
    extra = int((counts[counts > 1] - 1).sum())
    msg = (
        f"{label}: expected one row per {what}, found {describe(int(lines[0]))} on lines "
        f"{_line(lines[0])} and {_line(lines[1])}"
        + (f" ({count(extra)} repeated rows in all)" if extra > 1 else "")
        + f".{hint}"
    )
    raise ValueError(msg)


def _cluster_codes(
    table: pa.Table, names: dict, label: str, qcode: np.ndarray, ids: pd.Index
) -> tuple[pd.Index, np.ndarray]:
    """Cluster names and the cluster of each question (−1 when the file has none)."""
    if "cluster" not in names:
        return pd.Index([], dtype="str"), np.full(len(ids), -1, dtype=np.int64)
    ccodes, clusters = _encode(_text(table, names["cluster"], label, "cluster"))
    cluster_of = np.full(len(ids), -1, dtype=np.int64)
    cluster_of[qcode] = ccodes
    clash = cluster_of[qcode] != ccodes  # a question filed under two clusters
    if clash.any():
        q = qcode[int(np.flatnonzero(clash)[0])]
        rows = np.flatnonzero(qcode == q)
        seen = list(dict.fromkeys(clusters[ccodes[rows]]))
        msg = (
            f"{label}: expected one cluster per question, found question_id "
            f"'{shown_value(ids[q])}' in clusters {listed_values(seen)} (lines "
            f"{_line(rows[0])} and {_line(rows[np.argmax(ccodes[rows] != ccodes[rows[0]])])})."
        )
        raise ValueError(msg)
    return clusters, cluster_of


def _blank_note(blanks: int) -> tuple[str, ...]:
    return (f"{count(blanks)} blank scores were read as not answered.",) if blanks else ()


def _read_wide(table: pa.Table, label: str, names: dict) -> Items:
    if "model" in names:  # half of a long CSV
        msg = (
            f"{label}: expected a score column beside model (a long CSV: question_id, model, "
            f"score), found {listed_values(table.column_names)}."
        )
        raise ValueError(msg)
    models = tuple(
        c for c in table.column_names if c not in (names["question_id"], names.get("cluster"))
    )
    if not models:
        msg = (
            f"{label}: expected question_id and at least one column of scores "
            f"(one per model), found only {listed_values(table.column_names)}."
        )
        raise ValueError(msg)
    qcode, ids = _encode(_text(table, names["question_id"], label, "question_id"))
    _duplicate(label, qcode, lambda i: f"question_id '{shown_value(ids[qcode[i]])}'", "question")
    matrix = np.column_stack([_scores(table.column(m), label, m) for m in models])
    clusters, cluster_of = _cluster_codes(table, names, label, qcode, ids)
    notes = _blank_note(int(np.isnan(matrix).sum()))
    return Items(
        "wide CSV", models, ids, clusters, cluster_of, matrix=matrix, sources=(label,), notes=notes
    )


def _runs(col: pa.ChunkedArray, label: str) -> np.ndarray:
    """Run labels as ints from 1: whole numbers kept in order, other labels numbered."""
    col = _no_blanks(col, label, "run on every row when the column is there")
    if pa.types.is_integer(col.type):
        arr = col.to_numpy().astype(np.int64)
        return arr - arr.min() + 1
    codes, _ = _encode(pc.cast(col, pa.string()))
    return codes + 1


def _read_long(table: pa.Table, label: str, names: dict) -> Items:
    qcode, ids = _encode(_text(table, names["question_id"], label, "question_id"))
    mcode, models = _encode(_clean_text(_text(table, names["model"], label, "model")))
    score = _scores(table.column(names["score"]), label, names["score"])
    has_run = "run" in names
    run = _runs(table.column(names["run"]), label) if has_run else np.ones(qcode.size, np.int64)
    key = (qcode * len(models) + mcode) * (int(run.max()) + 1) + run
    _, inverse = np.unique(key, return_inverse=True)

    def describe(i: int) -> str:
        run_txt = f", run {run[i]}" if has_run else ""
        return f"question_id '{shown_value(ids[qcode[i]])}' for model '{shown_value(models[mcode[i]])}'{run_txt}"

    hint = "" if has_run else " If these are repeated answers, add a run column."
    _duplicate(label, inverse, describe, "question, model and run", hint)
    clusters, cluster_of = _cluster_codes(table, names, label, qcode, ids)
    keep = ~np.isnan(score)
    scored = (qcode[keep], mcode[keep], run[keep], score[keep])
    notes, models = _blank_note(int(keep.size - keep.sum())), tuple(str(m) for m in models)
    return Items(
        "long CSV", models, ids, clusters, cluster_of, answers=scored, sources=(label,), notes=notes
    )


def line_count(raw: bytes) -> int:
    r"""Lines as Arrow's CSV reader splits them: at LF, CR LF and a lone CR.

    >>> line_count(b"a\nb\rc\r\nd"), line_count(b"a\r\n"), line_count(b"a\rb\r")
    (4, 1, 2)
    """
    ends = raw.count(b"\n") + raw.count(b"\r") - raw.count(b"\r\n")
    return ends + (0 if raw.endswith((b"\n", b"\r")) else 1)


def read_items(
    data: bytes | str | os.PathLike,
    name: str | None = None,
    *,
    max_bytes: int = MAX_BYTES,
    max_rows: int = MAX_ROWS,
) -> Items:
    """Read a wide or long CSV (``data``: its bytes or a path) of per-question scores.

    Column names are matched ignoring case and spaces. Scores are in [0, 1]
    (``true``/``false`` accepted); a blank score means no answer. A file over
    ``max_bytes`` or ``max_rows`` is refused.

    Examples
    --------
    >>> items = read_items(b"question_id,gpt,claude\\nq1,1,0\\nq2,1,1\\n")
    >>> items
    Items(kind='wide CSV', models=('gpt', 'claude'), questions=2, answers=4)
    >>> items.table["score"].tolist()
    [1.0, 1.0, 0.0, 1.0]
    """
    raw, label = file_bytes(data, name, max_bytes)
    what = binary_kind(raw)
    if what is not None:
        msg = f"{label}: expected a text CSV, found {what}."
        raise ValueError(msg)
    rows = line_count(raw) - 1  # an upper bound: a quoted field may hold a line break
    check_rows(rows, label, max_rows)
    header, names = _header(raw, label)
    text = [names[k] for k in ("question_id", "model", "cluster") if k in names]
    table = _read_table(raw, label, text, header)
    read = _read_long if "model" in names and "score" in names else _read_wide
    return read(table, label, names)

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
from benchstats.language import _, ngettext, pgettext
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
        fields = dict(label=label, found=listed_values(found) or _("none"), alias=alias)
        # TRANSLATORS: {label} the file's name, {found} its columns; keep question_id (a column's
        # name). {alias} a column that may name the questions.
        if alias:
            said = _(
                "{label}: expected a column named question_id, found {found}. Rename '{alias}' to "
                "question_id if it names the questions."
            )
        else:
            said = _("{label}: expected a column named question_id, found {found}.")
        raise ValueError(said.format(**fields))
    if len(set(shown)) < len(shown):
        twice = next(c for c in shown if shown.count(c) > 1)
        msg = _("{label}: expected each column name once, found '{column}' twice.").format(
            label=label, column=shown_value(twice)
        )
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
            # TRANSLATORS: {detail} the CSV reader's own words (English).
            said = _(
                "{label}: expected a well-formed CSV, found a row that cannot be read: {detail}"
            )
            raise ValueError(said.format(label=label, detail=shown_value(detail))) from None
    if table.num_rows == 0:
        msg = _("{label}: expected at least one question under the header, found none.")
        raise ValueError(msg.format(label=label))
    return table.rename_columns([clean(c) for c in table.column_names])


def _no_blanks(col: pa.ChunkedArray, label: str, what: str) -> pa.Array:
    col = col.combine_chunks()
    if col.null_count:
        i = int(np.flatnonzero(col.is_null().to_numpy(zero_copy_only=False))[0])
        # TRANSLATORS: {what} "question_id on every row", {line} a line's number in the file.
        msg = _("{label}: expected a {what}, found a blank one on line {line}.")
        raise ValueError(msg.format(label=label, what=what, line=_line(i)))
    return col


def _text(table: pa.Table, column: str, label: str, what: str) -> pa.Array:
    """A text column with no blanks (ids, model names, clusters)."""
    # TRANSLATORS: {column} a column's name (question_id, model, cluster), as the file spells it.
    every = _("{column} on every row").format(column=what)
    return pc.utf8_trim_whitespace(_no_blanks(table.column(column), label, every))


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
            # TRANSLATORS: {column} a column's name, {value} a cell as the file has it, {line} its
            # line's number.
            msg = _(
                "{label}: expected numbers from 0 to 1 in column '{column}', found '{value}' on "
                "line {line}."
            ).format(
                label=label, column=shown_value(column), value=shown_value(trimmed[i].as_py()),
                line=_line(i),
            )  # fmt: skip
            raise ValueError(msg)
        arr = numbers.to_numpy(np.float64, na_value=np.nan)
    elif pa.types.is_null(t):
        arr = np.full(len(col), np.nan)
    elif pa.types.is_boolean(t) or pa.types.is_integer(t) or pa.types.is_floating(t):
        arr = pc.cast(col, pa.float64()).to_numpy()
    else:
        # TRANSLATORS: {kind} the column's data type as Arrow names it ("timestamp[s]").
        msg = _("{label}: expected numbers from 0 to 1 in column '{column}', found {kind} values.")
        raise ValueError(msg.format(label=label, column=shown_value(column), kind=t))
    bad = ~((arr >= 0.0) & (arr <= 1.0)) & ~np.isnan(arr)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        finite = arr[np.isfinite(arr)]
        percent = (
            finite.size and finite.min() >= 0 and finite.max() <= 100 and np.median(finite) > 1
        )
        fields = dict(label=label, column=shown_value(column), value=f"{arr[i]:g}", line=_line(i))
        # TRANSLATORS: {value} the number as the file has it ("87"), {line} its line's number.
        if percent:
            said = _(
                "{label}: expected scores from 0 to 1 in column '{column}', found {value} on line "
                "{line}. If these are percent, divide by 100."
            )
        else:
            said = _(
                "{label}: expected scores from 0 to 1 in column '{column}', found {value} on line "
                "{line}."
            )
        raise ValueError(said.format(**fields))
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
    fields = dict(
        label=label, what=what, key=describe(int(lines[0])), first=_line(lines[0]),
        second=_line(lines[1]), count=count(extra),
    )  # fmt: skip
    # TRANSLATORS: {what} what a row stands for ("question"), {key} the repeated row's key
    # ("question_id 'q7'"), {first} and {second} line numbers, {count} the repeated rows.
    if extra > 1:
        said = _(
            "{label}: expected one row per {what}, found {key} on lines {first} and {second} "
            "({count} repeated rows in all)."
        )
    else:
        said = _("{label}: expected one row per {what}, found {key} on lines {first} and {second}.")
    raise ValueError(said.format(**fields) + hint)


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
        # TRANSLATORS: {id} a question's id, {clusters} the clusters it is in, {first} and
        # {second} line numbers; keep question_id.
        msg = _(
            "{label}: expected one cluster per question, found question_id '{id}' in clusters "
            "{clusters} (lines {first} and {second})."
        ).format(
            label=label, id=shown_value(ids[q]), clusters=listed_values(seen), first=_line(rows[0]),
            second=_line(rows[np.argmax(ccodes[rows] != ccodes[rows[0]])]),
        )  # fmt: skip
        raise ValueError(msg)
    return clusters, cluster_of


def _blank_note(blanks: int) -> tuple[str, ...]:
    if not blanks:
        return ()
    said = ngettext(
        "{count} blank scores were read as not answered.",  # English as it always was
        "{count} blank scores were read as not answered.",
        blanks,
    )
    return (said.format(count=count(blanks)),)


def _read_wide(table: pa.Table, label: str, names: dict) -> Items:
    if "model" in names:  # half of a long CSV
        # TRANSLATORS: {found} the file's columns; keep the column names score, model, question_id.
        msg = _(
            "{label}: expected a score column beside model (a long CSV: question_id, model, "
            "score), found {found}."
        )
        raise ValueError(msg.format(label=label, found=listed_values(table.column_names)))
    models = tuple(
        c for c in table.column_names if c not in (names["question_id"], names.get("cluster"))
    )
    if not models:
        msg = _(
            "{label}: expected question_id and at least one column of scores (one per model), "
            "found only {found}."
        )
        raise ValueError(msg.format(label=label, found=listed_values(table.column_names)))
    qcode, ids = _encode(_text(table, names["question_id"], label, "question_id"))
    # TRANSLATORS: a repeated row's key, {id} a question's id; keep question_id.
    key = _("question_id '{id}'")
    question = pgettext("one row per", "question")
    _duplicate(label, qcode, lambda i: key.format(id=shown_value(ids[qcode[i]])), question)
    matrix = np.column_stack([_scores(table.column(m), label, m) for m in models])
    clusters, cluster_of = _cluster_codes(table, names, label, qcode, ids)
    notes = _blank_note(int(np.isnan(matrix).sum()))
    return Items(
        "wide CSV", models, ids, clusters, cluster_of, matrix=matrix, sources=(label,), notes=notes
    )


def _runs(col: pa.ChunkedArray, label: str) -> np.ndarray:
    """Run labels as ints from 1: whole numbers kept in order, other labels numbered."""
    col = _no_blanks(col, label, _("run on every row when the column is there"))
    if pa.types.is_integer(col.type):
        arr = col.to_numpy().astype(np.int64)
        return arr - arr.min() + 1
    codes, _names = _encode(pc.cast(col, pa.string()))
    return codes + 1


def _read_long(table: pa.Table, label: str, names: dict) -> Items:
    qcode, ids = _encode(_text(table, names["question_id"], label, "question_id"))
    mcode, models = _encode(_clean_text(_text(table, names["model"], label, "model")))
    score = _scores(table.column(names["score"]), label, names["score"])
    has_run = "run" in names
    run = _runs(table.column(names["run"]), label) if has_run else np.ones(qcode.size, np.int64)
    key = (qcode * len(models) + mcode) * (int(run.max()) + 1) + run
    _keys, inverse = np.unique(key, return_inverse=True)

    def describe(i: int) -> str:
        fields = dict(
            id=shown_value(ids[qcode[i]]), model=shown_value(models[mcode[i]]), run=run[i]
        )
        if has_run:
            # TRANSLATORS: a repeated row's key; {id} a question's id, {model} a model's name,
            # {run} a run's number. Keep question_id.
            return _("question_id '{id}' for model '{model}', run {run}").format(**fields)
        return _("question_id '{id}' for model '{model}'").format(**fields)

    hint = "" if has_run else " " + _("If these are repeated answers, add a run column.")
    _duplicate(label, inverse, describe, pgettext("one row per", "question, model and run"), hint)
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
        # TRANSLATORS: {what} what the file looks like instead ("a PNG image").
        raise ValueError(
            _("{label}: expected a text CSV, found {what}.").format(label=label, what=what)
        )
    rows = line_count(raw) - 1  # an upper bound: a quoted field may hold a line break
    check_rows(rows, label, max_rows)
    header, names = _header(raw, label)
    text = [names[k] for k in ("question_id", "model", "cluster") if k in names]
    table = _read_table(raw, label, text, header)
    read = _read_long if "model" in names and "score" in names else _read_wide
    return read(table, label, names)

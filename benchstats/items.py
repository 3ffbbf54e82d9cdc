"""Per-question eval results: read the files harnesses write, pair two models.

Four layouts are read, all from bytes (or a path); nothing is written to disk:

- a **wide CSV**: ``question_id``, one column of scores per model, optional
  ``cluster``;
- a **long CSV**: ``question_id``, ``model``, ``score``, optional ``cluster``
  and ``run`` (repeated answers to one question);
- **lm-evaluation-harness** ``--log_samples`` files: JSONL, one object per
  line with ``doc_id``, ``filter`` and numeric metric keys (``acc``,
  ``exact_match``, …). One file is one model's run; two are paired on
  (``doc_id``, ``filter``) with a metric both files carry;
- **inspect** ``.eval`` logs: a zip holding ``samples/{id}_epoch_{n}.json``
  with ``id``, ``epoch`` and ``scores``; score values become numbers as
  inspect's ``value_to_float`` makes them (``C`` 1, ``P`` 0.5, ``I`` and
  ``N`` 0, numbers and booleans as they are, ``yes``/``true`` 1,
  ``no``/``false`` 0). Epochs are kept as runs.

Every reader returns :class:`Items`; its ``table`` is one tidy frame with
``question_id``, ``model``, ``run``, ``score`` (a proportion in [0, 1]) and
``cluster`` (missing when the file has none). :func:`pair_items` lines two
models up question by question; :func:`benchstats.clustered.grade_pair`
grades the pair.

A file that cannot be read raises ``ValueError`` whose message names what
was expected and what was found, in words a reader can act on. CSVs are
parsed by Arrow's CSV reader and checked column by column (no per-row Python
loop); a 100,000-question file reads in a few times ``pandas.read_csv``.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

__all__ = [
    "MAX_BYTES",
    "MAX_ROWS",
    "Items",
    "PairedItems",
    "RunLog",
    "combine_runs",
    "load_files",
    "pair_items",
    "read_items",
    "read_run",
]

MAX_BYTES = 20 * 1024 * 1024  # the site's server.maxUploadSize (20 MB)
MAX_ROWS = 500_000  # rows (or samples) per file; a 1,000,000-row file is refused
MAX_UNZIPPED = 400 * 1024 * 1024  # what an inspect log's samples may hold once unzipped

_CSV_NAMES = ("question_id", "model", "score", "cluster", "run")
_SHOWN = 40  # characters of the file's own text repeated in a message
_MAGIC = (
    (b"PK\x03\x04", "a zip archive"),
    (b"\x89PNG", "a PNG image"),
    (b"%PDF", "a PDF document"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"PAR1", "a Parquet file"),
    (b"\xd0\xcf\x11\xe0", "an old Office document"),
    (b"\xff\xfe", "UTF-16 text (save the file as UTF-8)"),
    (b"\xfe\xff", "UTF-16 text (save the file as UTF-8)"),
)


# --------------------------------------------------------------------------- results


@dataclass(frozen=True, eq=False)
class Items:
    """Per-question scores of one or more models, read from one or two files.

    ``ids`` names the questions and ``models`` the models; ``cluster_of[q]``
    indexes ``clusters`` (−1: no cluster). The scores come one of two ways:
    ``matrix`` (questions × models, NaN where a model has no answer) when
    every model answered each question at most once, as in a wide CSV; else
    ``answers`` = (question code, model code, run, score) arrays, one entry
    per answer. :attr:`qcode`, :attr:`mcode`, :attr:`run` and :attr:`score`
    give the per-answer view either way and :attr:`table` the tidy frame.
    """

    kind: str
    models: tuple[str, ...]
    ids: pd.Index
    clusters: pd.Index
    cluster_of: np.ndarray
    answers: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
    matrix: np.ndarray | None = None
    sources: tuple[str, ...] = ()
    metric: str | None = None
    metric_options: tuple[str, ...] = ()
    filter: str | None = None
    filter_options: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @cached_property
    def _long(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        if self.answers is not None:
            return self.answers
        q, m = self.matrix.shape
        flat = self.matrix.T.ravel()  # model-major: every answer of model 1, then model 2, …
        keep = ~np.isnan(flat)
        qcode = np.tile(np.arange(q), m)[keep]
        mcode = np.repeat(np.arange(m), q)[keep]
        return qcode, mcode, np.ones(qcode.size, dtype=np.int64), flat[keep]

    @property
    def qcode(self) -> np.ndarray:
        """Per answer: the question's index in ``ids``."""
        return self._long[0]

    @property
    def mcode(self) -> np.ndarray:
        """Per answer: the model's index in ``models``."""
        return self._long[1]

    @property
    def run(self) -> np.ndarray:
        """Per answer: the run, numbered from 1."""
        return self._long[2]

    @property
    def score(self) -> np.ndarray:
        """Per answer: the score in [0, 1]."""
        return self._long[3]

    @cached_property
    def table(self) -> pd.DataFrame:
        """One row per answer: question_id, model, run, score, cluster."""
        return pd.DataFrame(
            {
                "question_id": _categorical(self.qcode, self.ids),
                "model": _categorical(self.mcode, pd.Index(self.models)),
                "run": self.run,
                "score": self.score,
                "cluster": _categorical(self.cluster_of[self.qcode], self.clusters),
            }
        )

    @property
    def has_clusters(self) -> bool:
        """True when the file gave a cluster for its questions."""
        return bool(len(self.clusters))

    @property
    def has_repeats(self) -> bool:
        """True when some question was answered more than once by a model."""
        return self.matrix is None and bool(self.run.size and self.run.max() > 1)

    @property
    def questions(self) -> int:
        """Distinct question ids in the file(s)."""
        return len(self.ids)

    def __repr__(self) -> str:
        return (
            f"Items(kind={self.kind!r}, models={self.models!r}, "
            f"questions={self.questions}, answers={self.score.size})"
        )


@dataclass(frozen=True, eq=False)
class RunLog:
    """One model's run from a harness file, before it is paired with another.

    ``table`` has ``question_id`` (str), ``filter`` (str), ``run`` (int) and
    one float column per metric or scorer (NaN where a sample lacks it);
    ``metrics`` lists those columns in the file's order.
    """

    table: pd.DataFrame
    kind: str
    model: str
    source: str
    metrics: tuple[str, ...]

    def __repr__(self) -> str:
        return (
            f"RunLog(kind={self.kind!r}, model={self.model!r}, "
            f"rows={len(self.table)}, metrics={self.metrics!r})"
        )


@dataclass(frozen=True, eq=False)
class PairedItems:
    """Two models lined up on the questions both answered.

    Arrays with one entry per paired question: ``a`` and ``b`` (each model's
    mean score over its runs), ``k_a`` and ``k_b`` (runs), ``var_a`` and
    ``var_b`` (the variance of a question's runs, ddof=1; NaN with one run)
    and ``cluster`` (codes into ``clusters``, −1 for none). ``ids`` names the
    questions. ``only_a`` and ``only_b`` count questions scored for one model
    only (left out). :attr:`table` gives the same as a DataFrame.
    """

    model_a: str
    model_b: str
    ids: pd.Index
    a: np.ndarray
    b: np.ndarray
    k_a: np.ndarray
    k_b: np.ndarray
    var_a: np.ndarray
    var_b: np.ndarray
    cluster: np.ndarray
    clusters: pd.Index
    only_a: int = 0
    only_b: int = 0

    @property
    def n(self) -> int:
        """Paired questions."""
        return int(self.a.size)

    @property
    def diff(self) -> np.ndarray:
        """Per-question difference a − b."""
        return self.a - self.b

    @cached_property
    def binary(self) -> bool:
        """True when every paired score is exactly 0 or 1 (right or wrong)."""
        return bool(np.all((self.a == 0) | (self.a == 1)) and np.all((self.b == 0) | (self.b == 1)))

    @property
    def has_clusters(self) -> bool:
        """True when the paired questions carry clusters."""
        return bool(self.cluster.size and self.cluster.min() >= 0)

    @property
    def has_repeats(self) -> bool:
        """True when some paired question has more than one run for a model."""
        return bool(self.k_a.max(initial=0) > 1 or self.k_b.max(initial=0) > 1)

    @cached_property
    def table(self) -> pd.DataFrame:
        """One row per paired question: question_id, cluster, a, b, diff, k_a, k_b, var_a, var_b."""
        return pd.DataFrame(
            {
                "question_id": self.ids,
                "cluster": _categorical(self.cluster, self.clusters),
                "a": self.a,
                "b": self.b,
                "diff": self.diff,
                "k_a": self.k_a,
                "k_b": self.k_b,
                "var_a": self.var_a,
                "var_b": self.var_b,
            }
        )

    def __repr__(self) -> str:
        return (
            f"PairedItems(model_a={self.model_a!r}, model_b={self.model_b!r}, n={self.n}, "
            f"only_a={self.only_a}, only_b={self.only_b})"
        )


# --------------------------------------------------------------------------- helpers


def _categorical(codes: np.ndarray, categories: pd.Index) -> pd.Categorical:
    dtype = pd.CategoricalDtype(categories)
    return pd.Categorical.from_codes(codes, dtype=dtype, validate=False)


def _shown(value: object) -> str:
    """A value from the file, short and on one line, for a message."""
    text = str(value).replace("\n", " ").replace("`", "'")
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _listed(values: Sequence[object], limit: int = 6) -> str:
    values = list(values)
    names = [_shown(v) for v in values[:limit]]
    more = f" and {len(values) - limit:,} more" if len(values) > limit else ""
    return ", ".join(names) + more


def _size(n_bytes: int) -> str:
    return f"{n_bytes / (1024 * 1024):,.1f} MB" if n_bytes >= 100_000 else f"{n_bytes:,} bytes"


def _too_big(label: str, size: int, max_bytes: int) -> ValueError:
    msg = f"{label}: expected a file of at most {_size(max_bytes)}, found {_size(size)}."
    return ValueError(msg)


def _as_bytes(
    data: bytes | str | os.PathLike, name: str | None, max_bytes: int
) -> tuple[bytes, str]:
    """The file's bytes and a name for messages; refuses big and empty files."""
    if isinstance(data, bytes | bytearray | memoryview):
        raw, label = bytes(data), name or "the file"
    elif isinstance(data, str | os.PathLike):
        path = os.fspath(data)
        label = name or os.path.basename(path)
        if os.path.getsize(path) > max_bytes:  # refuse before reading it
            raise _too_big(label, os.path.getsize(path), max_bytes)
        with open(path, "rb") as fh:
            raw = fh.read()
    else:
        msg = f"expected the file's bytes or a path, got {type(data).__name__}"
        raise TypeError(msg)
    if len(raw) > max_bytes:
        raise _too_big(label, len(raw), max_bytes)
    if not raw.strip():
        msg = (
            f"{label} is empty: expected a CSV with a header row, lm-eval samples "
            f"(JSONL) or an inspect .eval log, found {len(raw):,} bytes"
            + (" of blank space." if raw else ".")
        )
        raise ValueError(msg)
    return raw, label


def _binary_kind(raw: bytes) -> str | None:
    """What a non-text file looks like, or None when it reads as UTF-8 text."""
    for magic, what in _MAGIC:
        if raw.startswith(magic):
            return what
    if b"\x00" in raw[:8192]:
        return "binary data (it contains NUL bytes)"
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return f"bytes that are not UTF-8 text (at byte {err.start + 1:,})"
    return None


def _check_rows(rows: int, label: str, max_rows: int, what: str = "rows") -> None:
    if rows > max_rows:
        msg = (
            f"{label}: expected at most {max_rows:,} {what}, found {rows:,}. "
            "Split the file, or compare a sample of the questions."
        )
        raise ValueError(msg)


def _line(index: int) -> int:
    """The file line of data row ``index`` (row 0 is line 2, under the header)."""
    return int(index) + 2


def _stem(label: str) -> str:
    base = os.path.basename(label)
    for ext in (".jsonl", ".json", ".eval", ".zip", ".csv"):
        if base.lower().endswith(ext):
            return base[: -len(ext)]
    return base


# --------------------------------------------------------------------------- CSV


def _header(raw: bytes, label: str) -> tuple[list[str], dict[str, str]]:
    """The header's columns, and the known names (lower case) → the file's spelling."""
    first = raw.split(b"\n", 1)[0].decode("utf-8-sig").rstrip("\r")
    found = next(csv.reader([first]), [])
    names = {c.strip().lower(): c for c in found}
    if "question_id" not in names:
        hint = ""
        for alias in ("id", "doc_id", "qid", "question", "sample_id"):
            if alias in names:
                hint = f" Rename '{names[alias]}' to question_id if it names the questions."
                break
        msg = (
            f"{label}: expected a column named question_id, found {_listed(found) or 'none'}.{hint}"
        )
        raise ValueError(msg)
    if len(set(found)) < len(found):
        twice = next(c for c in found if found.count(c) > 1)
        msg = f"{label}: expected each column name once, found '{_shown(twice)}' twice."
        raise ValueError(msg)
    return found, {k: names[k] for k in _CSV_NAMES if k in names}


def _read_table(raw: bytes, label: str, text: Sequence[str], all_text: bool = False) -> pa.Table:
    """Arrow's CSV reader; ``text`` columns (or all) are read as strings."""
    types = {c: pa.string() for c in text}
    opts = pacsv.ConvertOptions(column_types=types, strings_can_be_null=True)
    if all_text:
        header, _ = _header(raw, label)
        opts = pacsv.ConvertOptions(
            column_types=dict.fromkeys(header, pa.string()), strings_can_be_null=True
        )
    try:
        table = pacsv.read_csv(io.BytesIO(raw), convert_options=opts)
    except pa.ArrowInvalid as err:
        if "conversion error" in str(err) and not all_text:  # a type guessed from early rows
            return _read_table(raw, label, text, all_text=True)
        detail = str(err).replace("CSV parse error: ", "")
        msg = f"{label}: expected a well-formed CSV, found a row that cannot be read: {_shown(detail)}"
        raise ValueError(msg) from None
    if table.num_rows == 0:
        msg = f"{label}: expected at least one question under the header, found none."
        raise ValueError(msg)
    return table


def _text(table: pa.Table, column: str, label: str, what: str) -> pa.Array:
    """A text column with no blanks (ids, model names, clusters)."""
    col = table.column(column).combine_chunks()
    if col.null_count:
        i = int(np.flatnonzero(col.is_null().to_numpy(zero_copy_only=False))[0])
        msg = f"{label}: expected a {what} on every row, found a blank one on line {_line(i)}."
        raise ValueError(msg)
    return pc.utf8_trim_whitespace(col)


def _encode(col: pa.Array) -> tuple[np.ndarray, pd.Index]:
    """Integer codes and the distinct values, in order of first appearance."""
    enc = col.dictionary_encode()
    codes = enc.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    return codes, pd.Index(pd.arrays.ArrowStringArray(enc.dictionary))


def _scores(col: pa.ChunkedArray, label: str, column: str) -> np.ndarray:
    """A column of scores as float64 in [0, 1]; NaN where blank. No per-row loop."""
    if pa.types.is_string(col.type) or pa.types.is_large_string(col.type):
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
                f"{label}: expected numbers from 0 to 1 in column '{_shown(column)}', "
                f"found '{_shown(trimmed[i].as_py())}' on line {_line(i)}."
            )
            raise ValueError(msg)
        arr = numbers.to_numpy(np.float64, na_value=np.nan)
    elif pa.types.is_null(col.type):
        arr = np.full(len(col), np.nan)
    elif (
        pa.types.is_boolean(col.type)
        or pa.types.is_integer(col.type)
        or pa.types.is_floating(col.type)
    ):
        arr = pc.cast(col, pa.float64()).to_numpy()
    else:
        msg = f"{label}: expected numbers from 0 to 1 in column '{_shown(column)}', found {col.type} values."
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
            f"{label}: expected scores from 0 to 1 in column '{_shown(column)}', "
            f"found {arr[i]:g} on line {_line(i)}.{hint}"
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
        + (f" ({extra:,} repeated rows in all)" if extra > 1 else "")
        + f".{hint}"
    )
    raise ValueError(msg)


def _cluster_codes(
    table: pa.Table, names: dict, label: str, qcode: np.ndarray | None, ids: pd.Index
) -> tuple[pd.Index, np.ndarray]:
    """Cluster names and the cluster of each question (−1 when the file has none).

    ``qcode`` is None when each row is its own question (a wide CSV).
    """
    if "cluster" not in names:
        return pd.Index([], dtype="str"), np.full(len(ids), -1, dtype=np.int64)
    ccodes, clusters = _encode(_text(table, names["cluster"], label, "cluster"))
    if qcode is None:
        return clusters, ccodes
    cluster_of = np.full(len(ids), -1, dtype=np.int64)
    cluster_of[qcode] = ccodes
    clash = cluster_of[qcode] != ccodes  # a question filed under two clusters
    if clash.any():
        q = qcode[int(np.flatnonzero(clash)[0])]
        rows = np.flatnonzero(qcode == q)
        seen = list(dict.fromkeys(clusters[ccodes[rows]]))
        msg = (
            f"{label}: expected one cluster per question, found question_id "
            f"'{_shown(ids[q])}' in clusters {_listed(seen)} (lines "
            f"{_line(rows[0])} and {_line(rows[np.argmax(ccodes[rows] != ccodes[rows[0]])])})."
        )
        raise ValueError(msg)
    return clusters, cluster_of


def _read_wide(raw: bytes, label: str, header: list[str], names: dict) -> Items:
    text = [names["question_id"]] + ([names["cluster"]] if "cluster" in names else [])
    table = _read_table(raw, label, text)
    models = [c for c in table.column_names if c not in text]
    if "model" in names:  # half of a long CSV
        msg = (
            f"{label}: expected a score column beside model (a long CSV: question_id, model, "
            f"score), found {_listed(table.column_names)}."
        )
        raise ValueError(msg)
    if not models:
        msg = (
            f"{label}: expected question_id and at least one column of scores "
            f"(one per model), found only {_listed(table.column_names)}."
        )
        raise ValueError(msg)
    ids_col = _text(table, names["question_id"], label, "question_id")
    ids = pd.Index(pd.arrays.ArrowStringArray(pc.unique(ids_col)))
    if len(ids) < len(ids_col):
        codes, ids = _encode(ids_col)
        _duplicate(label, codes, lambda i: f"question_id '{_shown(ids[codes[i]])}'", "question")
    ids = pd.Index(pd.arrays.ArrowStringArray(ids_col))  # unique, in file order
    matrix = np.column_stack([_scores(table.column(m), label, m) for m in models])
    clusters, cluster_of = _cluster_codes(table, names, label, None, ids)
    blanks = int(np.isnan(matrix).sum())
    return Items(
        "wide CSV",
        tuple(models),
        ids,
        clusters,
        cluster_of,
        matrix=matrix,
        sources=(label,),
        notes=(f"{blanks:,} blank scores were read as not answered.",) if blanks else (),
    )


def _runs(col: pa.ChunkedArray, label: str) -> np.ndarray:
    """Run labels as ints from 1: whole numbers kept in order, other labels numbered."""
    col = col.combine_chunks()
    if col.null_count:
        i = int(np.flatnonzero(col.is_null().to_numpy(zero_copy_only=False))[0])
        msg = f"{label}: expected a run on every row when the column is there, found a blank one on line {_line(i)}."
        raise ValueError(msg)
    if pa.types.is_integer(col.type):
        arr = col.to_numpy().astype(np.int64)
        return arr - arr.min() + 1
    codes, _ = _encode(pc.cast(col, pa.string()))
    return codes + 1


def _read_long(raw: bytes, label: str, header: list[str], names: dict) -> Items:
    text = [names["question_id"], names["model"]]
    text += [names["cluster"]] if "cluster" in names else []
    table = _read_table(raw, label, text)
    qcode, ids = _encode(_text(table, names["question_id"], label, "question_id"))
    mcode, models = _encode(_text(table, names["model"], label, "model"))
    score = _scores(table.column(names["score"]), label, names["score"])
    has_run = "run" in names
    run = _runs(table.column(names["run"]), label) if has_run else np.ones(qcode.size, np.int64)
    key = (qcode * len(models) + mcode) * (int(run.max()) + 1) + run
    distinct, inverse = np.unique(key, return_inverse=True)
    if distinct.size < key.size:

        def describe(i: int) -> str:
            run_txt = f", run {run[i]}" if has_run else ""
            return f"question_id '{_shown(ids[qcode[i]])}' for model '{_shown(models[mcode[i]])}'{run_txt}"

        hint = "" if has_run else " If these are repeated answers, add a run column."
        _duplicate(label, inverse, describe, "question, model and run", hint)
    clusters, cluster_of = _cluster_codes(table, names, label, qcode, ids)
    keep = ~np.isnan(score)
    blanks = int(keep.size - keep.sum())
    return Items(
        "long CSV",
        tuple(str(m) for m in models),
        ids,
        clusters,
        cluster_of,
        answers=(qcode[keep], mcode[keep], run[keep], score[keep]),
        sources=(label,),
        notes=(f"{blanks:,} blank scores were read as not answered.",) if blanks else (),
    )


def read_items(
    data: bytes | str | os.PathLike,
    name: str | None = None,
    *,
    max_bytes: int = MAX_BYTES,
    max_rows: int = MAX_ROWS,
) -> Items:
    """Read a wide or long CSV of per-question scores.

    Wide: ``question_id``, one column of scores per model, optional
    ``cluster``. Long: ``question_id``, ``model``, ``score``, optional
    ``cluster`` and ``run``. Column names are matched ignoring case and
    spaces. Scores are proportions in [0, 1] (0/1 for wrong/right,
    ``true``/``false`` accepted); a blank score means no answer.

    Parameters
    ----------
    data : bytes, str or path
        The file's bytes, or a path to read.
    name : str, optional
        The file name, used in messages.
    max_bytes, max_rows : int
        Larger files are refused (defaults: 20 MB, 500,000 rows).

    Returns
    -------
    Items

    Raises
    ------
    ValueError
        With a message naming what was expected and what was found.

    Examples
    --------
    >>> items = read_items(b"question_id,gpt,claude\\nq1,1,0\\nq2,1,1\\n")
    >>> items
    Items(kind='wide CSV', models=('gpt', 'claude'), questions=2, answers=4)
    >>> items.table["score"].tolist()
    [1.0, 1.0, 0.0, 1.0]
    """
    raw, label = _as_bytes(data, name, max_bytes)
    what = _binary_kind(raw)
    if what is not None:
        msg = f"{label}: expected a text CSV, found {what}."
        raise ValueError(msg)
    rows = raw.count(b"\n") + (0 if raw.endswith(b"\n") else 1) - 1  # an upper bound
    _check_rows(rows, label, max_rows)
    header, names = _header(raw, label)
    if "model" in names and "score" in names:
        return _read_long(raw, label, header, names)
    return _read_wide(raw, label, header, names)


# --------------------------------------------------------------------------- lm-eval


def _json_records(raw: bytes, label: str, max_rows: int) -> list[tuple[int, object]]:
    text = raw.decode("utf-8-sig")
    if text.lstrip().startswith("["):  # a JSON array of the same records
        try:
            records = json.loads(text)
        except json.JSONDecodeError as err:
            msg = f"{label}: expected valid JSON, found an error on line {err.lineno:,}: {err.msg}."
            raise ValueError(msg) from None
        return list(enumerate(records, start=1))
    lines = text.splitlines()
    _check_rows(len(lines), label, max_rows, "lines")
    out = []
    for i, line in enumerate(lines, start=1):  # one JSON object per line
        if not line.strip():
            continue
        try:
            out.append((i, json.loads(line)))
        except json.JSONDecodeError as err:
            msg = (
                f"{label}: expected one JSON object per line, found invalid JSON on "
                f"line {i:,} ({err.msg} at column {err.colno}): '{_shown(line)}'."
            )
            raise ValueError(msg) from None
    return out


def _read_lm_eval(raw: bytes, label: str, max_rows: int) -> RunLog:
    what = _binary_kind(raw)
    if what is not None:
        msg = f"{label}: expected lm-eval samples as JSONL text, found {what}."
        raise ValueError(msg)
    records = _json_records(raw, label, max_rows)
    _check_rows(len(records), label, max_rows, "samples")
    rows, order = [], {}
    for i, rec in records:
        if not isinstance(rec, dict) or "doc_id" not in rec:
            found = f"keys {_listed(list(rec))}" if isinstance(rec, dict) else type(rec).__name__
            msg = (
                f"{label}: expected lm-eval --log_samples records with a doc_id on each "
                f"line, found {found} on line {i:,}."
            )
            raise ValueError(msg)
        row = {"question_id": str(rec["doc_id"]), "filter": str(rec.get("filter", "none"))}
        listed = rec.get("metrics")
        keys = listed if isinstance(listed, list) and listed else list(rec)
        for k in keys:
            v = rec.get(k)
            if k != "doc_id" and isinstance(v, bool | int | float) and math.isfinite(v):
                row[k] = float(v)
                order.setdefault(k, None)
        rows.append(row)
    table = pd.DataFrame(rows)
    table["run"] = 1
    dup = table[["question_id", "filter"]].duplicated()
    if dup.any():
        first = table.loc[dup.idxmax()]
        msg = (
            f"{label}: expected one line per doc_id and filter, found doc_id "
            f"'{_shown(first['question_id'])}' with filter '{_shown(first['filter'])}' twice."
        )
        raise ValueError(msg)
    if not order:
        msg = f"{label}: expected numeric metric keys such as acc or exact_match, found none."
        raise ValueError(msg)
    return RunLog(table, "lm-eval log_samples", _stem(label), label, tuple(order))


# --------------------------------------------------------------------------- inspect

_SAMPLE_NAME = re.compile(r"^samples/(?P<id>.+)_epoch_(?P<epoch>\d+)\.json$")
_LETTERS = {"C": 1.0, "P": 0.5, "I": 0.0, "N": 0.0}


def _inspect_value(value: object) -> float | None:
    """inspect's value_to_float: a score value as a number, or None if it has none."""
    if isinstance(value, bool | int | float):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        if value in _LETTERS:
            return _LETTERS[value]
        low = value.strip().lower()
        if low in ("yes", "true"):
            return 1.0
        if low in ("no", "false"):
            return 0.0
        try:
            return float(low)
        except ValueError:
            return None
    return None


def _sample_scores(scores: object) -> dict[str, float | None]:
    """Scorer name → number; a dict value gives one entry per key (name/key)."""
    out: dict[str, float | None] = {}
    if not isinstance(scores, dict):
        return out
    for name, score in scores.items():
        value = score.get("value") if isinstance(score, dict) else score
        if isinstance(value, dict):
            for k, v in value.items():
                out[f"{name}/{k}"] = _inspect_value(v)
        else:
            out[str(name)] = _inspect_value(value)
    return out


def _zip_json(z: zipfile.ZipFile, name: str, label: str) -> object:
    try:
        with z.open(name) as fh:
            return json.load(fh)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        msg = f"{label}: expected JSON in {name} inside the log, found unreadable text ({err})."
        raise ValueError(msg) from None


def _inspect_model(z: zipfile.ZipFile, names: set[str], label: str) -> str | None:
    for header in ("header.json", "_journal/start.json", "start.json"):
        if header in names:
            doc = _zip_json(z, header, label)
            ev = doc.get("eval") if isinstance(doc, dict) else None
            model = ev.get("model") if isinstance(ev, dict) else None
            if isinstance(model, str) and model:
                return model
    return None


def _read_inspect(raw: bytes, label: str, max_rows: int) -> RunLog:
    try:
        z = zipfile.ZipFile(io.BytesIO(raw))
        infos = z.infolist()
    except (zipfile.BadZipFile, OSError) as err:
        msg = (
            f"{label}: expected an inspect .eval log (a zip archive), found a damaged zip ({err})."
        )
        raise ValueError(msg) from None
    names = {i.filename for i in infos}
    samples = [i for i in infos if _SAMPLE_NAME.match(i.filename)]
    if not samples:
        msg = (
            f"{label}: expected an inspect .eval log, a zip holding "
            "samples/{id}_epoch_{n}.json files, found a zip holding "
            f"{_listed(sorted(names)) or 'nothing'}."
        )
        raise ValueError(msg)
    _check_rows(len(samples), label, max_rows, "samples")
    unzipped = sum(i.file_size for i in samples)
    if unzipped > MAX_UNZIPPED:
        msg = (
            f"{label}: expected samples of at most {_size(MAX_UNZIPPED)} once unzipped, "
            f"found {_size(unzipped)}."
        )
        raise ValueError(msg)
    rows, order = [], {}
    for info in samples:  # one JSON document per sample and epoch
        m = _SAMPLE_NAME.match(info.filename)
        doc = _zip_json(z, info.filename, label)
        if not isinstance(doc, dict):
            msg = (
                f"{label}: expected a sample object in {info.filename}, found {type(doc).__name__}."
            )
            raise ValueError(msg)
        row = {
            "question_id": str(doc.get("id", m["id"])),
            "filter": "none",
            "run": int(doc.get("epoch", m["epoch"])),
        }
        for k, v in _sample_scores(doc.get("scores")).items():
            order.setdefault(k, None)
            row[k] = np.nan if v is None else v
        rows.append(row)
    table = pd.DataFrame(rows)
    dup = table[["question_id", "run"]].duplicated()
    if dup.any():
        first = table.loc[dup.idxmax()]
        msg = (
            f"{label}: expected one sample per id and epoch, found id "
            f"'{_shown(first['question_id'])}' epoch {first['run']} twice."
        )
        raise ValueError(msg)
    if not order:
        msg = f"{label}: expected scores in the samples (a scorer's value per sample), found none."
        raise ValueError(msg)
    table = table.sort_values(["run", "question_id"], kind="stable", ignore_index=True)
    model = _inspect_model(z, names, label) or _stem(label)
    return RunLog(table, "inspect .eval", model, label, tuple(order))


# --------------------------------------------------------------------------- runs


def read_run(
    data: bytes | str | os.PathLike,
    name: str | None = None,
    *,
    max_bytes: int = MAX_BYTES,
    max_rows: int = MAX_ROWS,
) -> RunLog:
    """Read one model's run: an lm-eval ``--log_samples`` JSONL or an inspect ``.eval``.

    A zip is read as an inspect log, anything else as lm-eval JSONL (a JSON
    array of the same records is accepted too).

    Examples
    --------
    >>> run = read_run(b'{"doc_id": 0, "filter": "none", "acc": 1.0}\\n', "a.jsonl")
    >>> run.metrics, run.table["acc"].tolist()
    (('acc',), [1.0])
    """
    raw, label = _as_bytes(data, name, max_bytes)
    if raw.startswith(b"PK\x03\x04"):
        return _read_inspect(raw, label, max_rows)
    if label.lower().endswith((".eval", ".zip")):
        what = _binary_kind(raw) or "text"
        msg = f"{label}: expected an inspect .eval log (a zip archive), found {what}."
        raise ValueError(msg)
    return _read_lm_eval(raw, label, max_rows)


def _usable(table: pd.DataFrame, metric: str) -> bool:
    """A metric two files can be compared on: present, and every value in [0, 1]."""
    if metric not in table:
        return False
    v = table[metric].to_numpy(np.float64)
    v = v[~np.isnan(v)]
    return v.size > 0 and bool(np.all((v >= 0.0) & (v <= 1.0)))


def _pick(what: str, value: str | None, options: Sequence[str]) -> str:
    if value is None:
        return options[0]
    if value not in options:
        msg = f"{what} must be one of {_listed(options)}, got {value!r}."
        raise ValueError(msg)
    return value


def combine_runs(
    run_a: RunLog, run_b: RunLog, *, metric: str | None = None, filter: str | None = None
) -> Items:
    """Two runs as :class:`Items`, on one metric and one filter both carry.

    ``metric`` defaults to the first metric of ``run_a`` (in its file's
    order) that ``run_b`` carries too, with every value in [0, 1]; ``filter``
    to the first of ``run_a``'s filters that ``run_b`` has. Questions pair on
    (``doc_id``, ``filter``), on ``id`` for inspect logs.

    Examples
    --------
    >>> a = read_run(b'{"doc_id": 0, "filter": "none", "acc": 1.0}', "a.jsonl")
    >>> b = read_run(b'{"doc_id": 0, "filter": "none", "acc": 0.0}', "b.jsonl")
    >>> combine_runs(a, b).table[["model", "score"]].values.tolist()
    [['a', 1.0], ['b', 0.0]]
    """
    ta, tb = run_a.table, run_b.table
    b_filters = set(tb["filter"])
    filters = tuple(str(f) for f in pd.unique(ta["filter"]) if f in b_filters)
    if not filters:
        msg = (
            f"expected the two files to share a filter, found "
            f"{_listed(list(pd.unique(ta['filter'])))} in {run_a.source} and "
            f"{_listed(list(pd.unique(tb['filter'])))} in {run_b.source}."
        )
        raise ValueError(msg)
    filter = _pick("filter", filter, filters)
    ta, tb = ta[ta["filter"] == filter], tb[tb["filter"] == filter]
    options = tuple(m for m in run_a.metrics if _usable(ta, m) and _usable(tb, m))
    if not options:
        msg = (
            "expected a metric with scores from 0 to 1 in both files, found "
            f"{_listed(run_a.metrics)} in {run_a.source} and "
            f"{_listed(run_b.metrics)} in {run_b.source}."
        )
        raise ValueError(msg)
    metric = _pick("metric", metric, options)
    name_a, name_b = run_a.model, run_b.model
    if name_a == name_b:  # the same model twice (two prompts, two dates): name by file
        name_a, name_b = f"A: {_stem(run_a.source)}", f"B: {_stem(run_b.source)}"
        if name_a[3:] == name_b[3:]:
            name_a, name_b = "A", "B"
    ids = pd.concat([ta["question_id"], tb["question_id"]], ignore_index=True)
    qcode_all, uniq = pd.factorize(ids)
    score_all = np.concatenate([ta[metric].to_numpy(np.float64), tb[metric].to_numpy(np.float64)])
    model_all = np.repeat([0, 1], [len(ta), len(tb)])
    run_all = np.concatenate([ta["run"].to_numpy(np.int64), tb["run"].to_numpy(np.int64)])
    keep = ~np.isnan(score_all)
    missing = int(keep.size - keep.sum())
    return Items(
        run_a.kind if run_a.kind == run_b.kind else f"{run_a.kind} + {run_b.kind}",
        (name_a, name_b),
        pd.Index(uniq, dtype="str"),
        pd.Index([], dtype="str"),
        np.full(len(uniq), -1, dtype=np.int64),
        answers=(qcode_all[keep].astype(np.int64), model_all[keep], run_all[keep], score_all[keep]),
        sources=(run_a.source, run_b.source),
        metric=metric,
        metric_options=options,
        filter=filter,
        filter_options=filters,
        notes=(f"{missing:,} samples without a {metric} score were left out.",) if missing else (),
    )


def _is_run_file(name: str, raw: bytes) -> bool:
    if name.lower().endswith((".jsonl", ".json", ".eval", ".zip")):
        return True
    return raw.startswith(b"PK\x03\x04") or raw.lstrip()[:1] in (b"{", b"[")


def load_files(
    files: Sequence[tuple[str, bytes]],
    *,
    metric: str | None = None,
    filter: str | None = None,
    max_bytes: int = MAX_BYTES,
    max_rows: int = MAX_ROWS,
) -> Items:
    """Read what a reader uploaded: one CSV, or two harness files (A, then B).

    ``files`` holds (file name, bytes) pairs. A CSV may hold any number of
    models; an lm-eval JSONL or an inspect ``.eval`` holds one model, so
    those come in twos.

    Examples
    --------
    >>> load_files([("r.csv", b"question_id,a,b\\nq1,1,0\\n")]).models
    ('a', 'b')
    """
    if not files:
        msg = "expected one CSV or two harness files, found no file."
        raise ValueError(msg)
    for name, raw in files:  # sizes first: never parse an oversized upload
        if len(raw) > max_bytes:
            raise _too_big(name, len(raw), max_bytes)
    runs = [(n, r) for n, r in files if _is_run_file(n, r)]
    if len(files) == 1 and not runs:
        name, raw = files[0]
        return read_items(raw, name, max_bytes=max_bytes, max_rows=max_rows)
    if len(runs) == len(files) == 2:
        a, b = (read_run(r, n, max_bytes=max_bytes, max_rows=max_rows) for n, r in runs)
        return combine_runs(a, b, metric=metric, filter=filter)
    if len(files) == 1:
        name, raw = files[0]
        read_run(raw, name, max_bytes=max_bytes, max_rows=max_rows)  # a broken file speaks first
        msg = (
            f"expected a second harness file to compare {name} with (one file per model), "
            "found one file. Add the other model's file."
        )
        raise ValueError(msg)
    found = ", ".join(n for n, _ in files)
    msg = (
        "expected one CSV (wide or long) or two harness files (lm-eval JSONL or inspect "
        f".eval), found {len(files)} files: {_shown(found)}."
    )
    raise ValueError(msg)


# --------------------------------------------------------------------------- pairing


def _per_question(codes: np.ndarray, scores: np.ndarray, q: int) -> tuple[np.ndarray, ...]:
    """Runs, mean and variance of the runs (ddof=1) for each question code."""
    k = np.bincount(codes, minlength=q)
    if k.max(initial=0) <= 1:  # one answer each (a wide CSV): no averaging, no spread
        mean = np.full(q, np.nan)
        mean[codes] = scores
        return k, mean, np.full(q, np.nan)
    total = np.bincount(codes, weights=scores, minlength=q)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = total / k
        dev = scores - mean[codes]
        ss = np.bincount(codes, weights=dev * dev, minlength=q)
        var = np.where(k > 1, ss / (k - 1), np.nan)
    return k, mean, var


def pair_items(items: Items, model_a: str | None = None, model_b: str | None = None) -> PairedItems:
    """Line two models up on the questions both answered.

    Each model's score on a question is the mean over its runs. Questions
    only one model answered are left out and counted. ``model_a`` and
    ``model_b`` default to the first two models of the file.

    Examples
    --------
    >>> items = read_items(b"question_id,x,y\\nq1,1,0\\nq2,0,0\\nq3,,1\\n")
    >>> p = pair_items(items)
    >>> p
    PairedItems(model_a='x', model_b='y', n=2, only_a=0, only_b=1)
    >>> p.table[["question_id", "a", "b", "diff"]].values.tolist()
    [['q1', 1.0, 0.0, 1.0], ['q2', 0.0, 0.0, 0.0]]
    """
    models = items.models
    if len(models) < 2:
        msg = f"expected scores for two models, found one: {_listed(models)}."
        raise ValueError(msg)
    model_a = models[0] if model_a is None else model_a
    if model_b is None:
        model_b = models[1] if model_a != models[1] else models[0]
    for m in (model_a, model_b):
        if m not in models:
            msg = f"model must be one of {_listed(models)}, got {m!r}."
            raise ValueError(msg)
    if model_a == model_b:
        msg = f"expected two different models, got {model_a!r} twice."
        raise ValueError(msg)
    q, ia, ib = len(items.ids), models.index(model_a), models.index(model_b)
    if items.matrix is not None:  # one answer per question and model: take the columns
        mean_a, mean_b = items.matrix[:, ia].copy(), items.matrix[:, ib].copy()
        k_a, k_b = (~np.isnan(mean_a)).astype(np.int64), (~np.isnan(mean_b)).astype(np.int64)
        var_a = var_b = np.full(q, np.nan)
    else:
        sel_a, sel_b = items.mcode == ia, items.mcode == ib
        k_a, mean_a, var_a = _per_question(items.qcode[sel_a], items.score[sel_a], q)
        k_b, mean_b, var_b = _per_question(items.qcode[sel_b], items.score[sel_b], q)
    has_a, has_b = k_a > 0, k_b > 0
    both = has_a & has_b
    only_a = int(np.count_nonzero(has_a & ~has_b))
    only_b = int(np.count_nonzero(has_b & ~has_a))
    if not both.any():
        ex_a = items.ids[np.flatnonzero(has_a)[:3]].tolist()
        ex_b = items.ids[np.flatnonzero(has_b)[:3]].tolist()
        msg = (
            f"expected {model_a} and {model_b} to share question ids, found none in common "
            f"({model_a} has {_listed(ex_a) or 'none'}…; {model_b} has {_listed(ex_b) or 'none'}…)."
        )
        raise ValueError(msg)
    if only_a or only_b:  # keep the shared questions only
        idx = np.flatnonzero(both)
        ids, cluster = items.ids.take(idx), items.cluster_of[idx]
        parts = (a[idx] for a in (mean_a, mean_b, k_a, k_b, var_a, var_b))
    else:
        ids, cluster = items.ids, items.cluster_of
        parts = iter((mean_a, mean_b, k_a, k_b, var_a, var_b))
    return PairedItems(
        str(model_a), str(model_b), ids, *parts, cluster, items.clusters, only_a, only_b
    )

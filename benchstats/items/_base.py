"""What the per-question readers share: the limits, the two result classes and small helpers.

:class:`Items` is what every reader returns (one tidy set of answers);
:class:`RunLog` is one model's run from a harness file before it is paired
with another. The helpers turn the file's own text into short, safe pieces
of a message.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pandas as pd

from benchstats.words import count

MAX_BYTES = 20 * 1024 * 1024  # the site's server.maxUploadSize (20 MB)
MAX_ROWS = 500_000  # rows (or samples) per file; a 1,000,000-row file is refused
MAX_UNZIPPED = 400 * 1024 * 1024  # what an inspect log's samples may hold once unzipped

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

    Harness runs also say how they were combined, one entry per model where a
    field is a tuple: ``metrics`` (the metric or scorer read; ``metric`` is
    the first, ``metric_options`` the usable names every file shares and
    ``metric_options_each`` each file's usable names), ``filter``,
    ``reducer`` (how inspect epochs became one score per question; None when
    every epoch counts as a repeated answer), ``tasks``, ``epochs`` and
    ``model_origins`` (where each model's name came from).
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
    metrics: tuple[str, ...] = ()
    metric_options_each: tuple[tuple[str, ...], ...] = ()
    reducer: str | None = None
    reducer_options: tuple[str, ...] = ()
    tasks: tuple[str | None, ...] = ()
    epochs: tuple[int, ...] = ()
    model_origins: tuple[str, ...] = ()

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

    ``model`` is the model's name, or "" when the file names none (lm-eval
    samples files); ``model_origin`` says where the name came from. ``task``
    and ``dataset`` name what was asked (None when the file does not say).
    An inspect log with several epochs also keeps ``reductions``: for each
    epoch reducer the log applied (``mean``, ``at_least_1``, …), one row per
    question with ``question_id`` and the reduced score of each metric.
    ``doc_hash`` maps an lm-eval ``doc_id`` to the hash of its document;
    ``errored`` counts samples that ended in an error; ``time`` is the run's
    time stamp from an lm-eval file name.
    """

    table: pd.DataFrame
    kind: str
    model: str
    source: str
    metrics: tuple[str, ...]
    task: str | None = None
    dataset: str | None = None
    epochs: int = 1
    reductions: dict[str, pd.DataFrame] = field(default_factory=dict)
    doc_hash: pd.Series | None = None
    errored: int = 0
    time: str | None = None
    model_origin: str = "the file name"

    def __repr__(self) -> str:
        return (
            f"RunLog(kind={self.kind!r}, model={self.model!r}, task={self.task!r}, "
            f"rows={len(self.table)}, metrics={self.metrics!r})"
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
    more = f" and {count(len(values) - limit)} more" if len(values) > limit else ""
    return ", ".join(names) + more


def _size(n_bytes: int) -> str:
    return f"{n_bytes / (1024 * 1024):,.1f} MB" if n_bytes >= 100_000 else f"{count(n_bytes)} bytes"


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
            f"(JSONL) or an inspect log, found {count(len(raw))} bytes"
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
        return f"bytes that are not UTF-8 text (at byte {count(err.start + 1)})"
    return None


def _check_rows(rows: int, label: str, max_rows: int, what: str = "rows") -> None:
    if rows > max_rows:
        msg = (
            f"{label}: expected at most {count(max_rows)} {what}, found {count(rows)}. "
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

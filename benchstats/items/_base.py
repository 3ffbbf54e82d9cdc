"""What the per-question readers share: the limits, :class:`Items`, :class:`RunLog`, helpers.

:class:`Items` is what every reader returns; :class:`RunLog` is one model's
run from a harness file before it is paired with another. The helpers turn
the file's own text into short, safe pieces of a message.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pandas as pd

from benchstats.language import N_, _
from benchstats.outside_text import clean
from benchstats.words import count

MAX_BYTES = 20 * 1024 * 1024  # the site's server.maxUploadSize (20 MB)
MAX_ROWS = 500_000  # rows (or samples) per file
MAX_UNZIPPED = 400 * 1024 * 1024  # what one upload's archives may hold once unzipped, in all
MAX_ENTRY = 64 * 1024 * 1024  # what one entry of an archive may hold once unzipped

_SHOWN = 40  # characters of the file's own text repeated in a message
# What a file that is not text looks like, marked for translation and said in the reader's
# language where a refusal names it.
_UTF16 = N_("UTF-16 text (save the file as UTF-8)")
_MAGIC = (
    (b"PK\x03\x04", N_("a zip archive")),
    (b"\x89PNG", N_("a PNG image")),
    (b"%PDF", N_("a PDF document")),
    (b"\x1f\x8b", N_("gzip-compressed data")),
    (b"\xff\xd8\xff", N_("a JPEG image")),
    (b"PAR1", N_("a Parquet file")),
    (b"\xd0\xcf\x11\xe0", N_("an old Office document")),
    (b"\xff\xfe", _UTF16),
    (b"\xfe\xff", _UTF16),
)


@dataclass(frozen=True, eq=False)
class Items:
    """Per-question scores of one or more models, read from one or more files.

    ``cluster_of[q]`` indexes ``clusters`` (−1: none). The scores are
    ``matrix`` (questions × models, NaN for no answer) when each model
    answered each question at most once, else ``answers``: (question code,
    model code, run, score) arrays, one entry per answer. :attr:`qcode`,
    :attr:`mcode`, :attr:`run` and :attr:`score` give the per-answer view
    either way and :attr:`table` the tidy frame.

    Combined harness runs say how, one entry per model in ``metrics``,
    ``metric_options_each`` (each file's usable names), ``tasks``, ``epochs``
    and ``model_origins`` (where each name came from); ``metric_options`` are
    the usable names every file shares, ``reducer`` how inspect epochs became
    one score per question (None: every epoch is a repeated answer).
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
        return qcode, np.repeat(np.arange(m), q)[keep], np.ones(qcode.size, np.int64), flat[keep]

    qcode = property(lambda self: self._long[0], doc="Per answer: the question's index in ids.")
    mcode = property(lambda self: self._long[1], doc="Per answer: the model's index in models.")
    run = property(lambda self: self._long[2], doc="Per answer: the run, numbered from 1.")
    score = property(lambda self: self._long[3], doc="Per answer: the score in [0, 1].")

    @cached_property
    def table(self) -> pd.DataFrame:
        """One row per answer: question_id, model, run, score, cluster."""
        return pd.DataFrame(
            {
                "question_id": categorical(self.qcode, self.ids),
                "model": categorical(self.mcode, pd.Index(self.models)),
                "run": self.run,
                "score": self.score,
                "cluster": categorical(self.cluster_of[self.qcode], self.clusters),
            }
        )

    @property
    def has_clusters(self) -> bool:
        return bool(len(self.clusters))

    @property
    def has_repeats(self) -> bool:
        """True when some model answered some question more than once."""
        return self.matrix is None and bool(self.run.size and self.run.max() > 1)

    @property
    def questions(self) -> int:
        return len(self.ids)

    def __repr__(self) -> str:
        return (
            f"Items(kind={self.kind!r}, models={self.models!r}, "
            f"questions={self.questions}, answers={self.score.size})"
        )


@dataclass(frozen=True, eq=False)
class RunLog:
    """One model's run from a harness file, before it is paired with another.

    ``table`` has ``question_id``, ``filter``, ``run`` and one float column
    per metric or scorer, in the order ``metrics`` lists (NaN where a sample
    lacks it). ``model`` is "" when the file names none (lm-eval samples).
    ``reductions`` maps each epoch reducer an inspect log applied to one row
    per question of reduced scores; ``doc_hash`` maps an lm-eval ``doc_id``
    to its document's hash; ``time`` is the stamp in an lm-eval file name.
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


class Unzipped:
    """What one upload may still unzip to: every entry of every archive in it counts, by the
    bytes it really inflates to (``limit``: :data:`MAX_UNZIPPED`)."""

    def __init__(self, limit: int = MAX_UNZIPPED) -> None:
        self.limit = limit
        self.left = limit

    def refusal(self, label: str, what: str) -> ValueError:
        return ValueError(
            f"{label}: expected the upload to unzip to at most {size_words(self.limit)} in "
            f"all, found more ({what})."
        )


def categorical(codes: np.ndarray, categories: pd.Index) -> pd.Categorical:
    return pd.Categorical.from_codes(codes, dtype=pd.CategoricalDtype(categories), validate=False)


def shown_value(value: object) -> str:
    """A value from the file, short, visible and on one line, for a message."""
    text = clean(str(value)).replace("`", "'")
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def listed_values(values: Sequence[object], limit: int = 6) -> str:
    values = list(values)
    more = f" and {count(len(values) - limit)} more" if len(values) > limit else ""
    return ", ".join(shown_value(v) for v in values[:limit]) + more


def size_words(n_bytes: int) -> str:
    return f"{n_bytes / (1024 * 1024):,.1f} MB" if n_bytes >= 100_000 else f"{count(n_bytes)} bytes"


def too_big(label: str, size: int, max_bytes: int) -> ValueError:
    return ValueError(
        f"{label}: expected a file of at most {size_words(max_bytes)}, found {size_words(size)}."
    )


def file_bytes(
    data: bytes | str | os.PathLike, name: str | None, max_bytes: int
) -> tuple[bytes, str]:
    """The file's bytes and a name for messages; refuses big and empty files."""
    if isinstance(data, bytes | bytearray | memoryview):
        raw, label = bytes(data), clean(name or "") or "the file"
    elif isinstance(data, str | os.PathLike):
        path = os.fspath(data)
        label = clean(name or os.path.basename(path)) or "the file"
        if (size := os.path.getsize(path)) > max_bytes:  # refuse before reading it
            raise too_big(label, size, max_bytes)
        with open(path, "rb") as fh:
            raw = fh.read()
    else:
        msg = f"expected the file's bytes or a path, got {type(data).__name__}"
        raise TypeError(msg)
    if len(raw) > max_bytes:
        raise too_big(label, len(raw), max_bytes)
    if not raw.strip():
        if raw:
            # TRANSLATORS: {label} the file's name, {count} its size in bytes.
            said = _(
                "{label} is empty: expected a CSV with a header row, lm-eval samples (JSONL) or an "
                "inspect log, found {count} bytes of blank space."
            )
        else:
            said = _(
                "{label} is empty: expected a CSV with a header row, lm-eval samples (JSONL) or an "
                "inspect log, found {count} bytes."
            )
        raise ValueError(said.format(label=label, count=count(len(raw))))
    return raw, label


def binary_kind(raw: bytes) -> str | None:
    """What a non-text file looks like, or None when it reads as UTF-8 text."""
    for magic, what in _MAGIC:
        if raw.startswith(magic):
            return _(what)
    if b"\x00" in raw[:8192]:
        return _("binary data (it contains NUL bytes)")
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as err:
        # TRANSLATORS: {byte} the first byte's position that is not UTF-8.
        return _("bytes that are not UTF-8 text (at byte {byte})").format(byte=count(err.start + 1))
    return None


def check_rows(rows: int, label: str, max_rows: int, what: str = "rows") -> None:
    if rows > max_rows:
        msg = (
            f"{label}: expected at most {count(max_rows)} {what}, found {count(rows)}. "
            "Split the file, or compare a sample of the questions."
        )
        raise ValueError(msg)


def file_stem(label: str) -> str:
    """The file name without its folder and its known extension, one visible line."""
    return clean(re.sub(r"\.(jsonl|json|eval|zip|csv)$", "", os.path.basename(label), flags=re.I))

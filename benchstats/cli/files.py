"""The files a command names, read from their paths with the upload's readers and rules.

Each path is one model's run (an lm-eval samples file, an inspect log, or a
CSV of one or more models), the baseline first. Harness files go through
:func:`benchstats.items.combine_read`; several CSVs are stacked model by
model (:func:`stack_items`). An inspect JSON log is read one value at a time
from the file mapped into memory (:func:`read_inspect_path`), so a 50 MB log
is never held as text.
"""

from __future__ import annotations

import codecs
import csv
import errno
import json
import mmap
import os
import stat
from collections.abc import Iterator, Sequence
from dataclasses import replace

import numpy as np
import pandas as pd

from benchstats.items import (
    MAX_ROWS,
    Items,
    ResultsNotSamples,
    RunLog,
    combine_read,
    file_stem,
    is_run_file,
    read_items,
    read_run,
)
from benchstats.items.inspect_logs import is_inspect_json, read_inspect_json

MAX_BYTES = 2 * 1024**3  # a file on the reader's own disk: no upload limit, but a bound
_FORMATS = "a CSV, an lm-eval samples_*.jsonl or an inspect log (.eval or .json)"
_HEAD = 4096  # bytes read to tell a CSV from a harness file
_BOM = codecs.BOM_UTF8
_WS = b" \t\n\r"


class InputError(ValueError):
    """A file or an argument the command cannot use; the message names it and says why."""


#: What a path names when it is not a file on disk (a pipe never ends; a device may not).
_NOT_FILES = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_a_file(path: str) -> str | None:
    """Why ``path`` is not a readable file on disk, in a sentence; None when it is one."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            return f"{path} is a symbolic link to {os.readlink(path)}, which does not exist."
        return f"{path}: no such file. Expected {_FORMATS}."
    except OSError as err:  # a link loop, a file named as a folder on the way, a name too long
        if err.errno == errno.ELOOP:
            return f"{path} is a symbolic link loop (too many levels of symbolic links)."
        return f"{path} cannot be opened ({err.strerror or type(err).__name__})."
    if stat.S_ISDIR(mode):
        return f"{path} is a folder: expected a file, {_FORMATS}."
    for test, kind in _NOT_FILES:
        if test(mode):
            return f"{path} is {kind}, not a file on disk: save what it holds to a file first."
    if not os.access(path, os.R_OK):
        return f"{path}: the file cannot be read (permission denied)."
    return None


def _check_paths(paths: Sequence[str]) -> None:
    """Refuse what is not a readable file on disk (said as what it is) and a file given twice."""
    seen: dict[str, str] = {}
    for path in paths:
        if (why := _not_a_file(path)) is not None:
            raise InputError(why)
        real = os.path.realpath(path)
        if real in seen:
            msg = (
                f"{path} is given twice (also as {seen[real]}): expected one file per model, "
                "the baseline first."
            )
            raise InputError(msg)
        seen[real] = path


def _head(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read(_HEAD)


def _named_by_folder(run: RunLog, path: str) -> RunLog:
    """A run whose file names no model is named by its folder, as lm-eval names it."""
    folder = os.path.basename(os.path.dirname(os.path.abspath(path)))
    if run.model or not os.path.dirname(os.path.normpath(path)) or not folder:
        return run  # named already, or a file in the current folder: named by its place
    return replace(run, model=folder, model_origin="its folder")


def _read_harness(paths: Sequence[str], **choices) -> Items:
    runs, summaries = [], []
    for path in paths:
        try:
            run = read_inspect_path(path) or read_run(path, path, max_bytes=MAX_BYTES)
            runs.append(_named_by_folder(run, path))
        except ResultsNotSamples as err:
            summaries.append(err.summary)
    items = combine_read(runs, summaries, **choices)
    if (note := _harness_note(items.models, runs)) is not None:
        items = replace(items, notes=(*items.notes, note))
    return items


def _harness_note(models: Sequence[str], runs: Sequence[RunLog]) -> str | None:
    """A note when the runs come from different harnesses (inspect, lm-eval); else None."""
    if len({r.kind.split()[0] for r in runs}) < 2:  # "inspect .eval", "inspect JSON log": one
        return None
    first, *rest = [f"{m} from {r.kind}" for m, r in zip(models, runs, strict=True)]
    listed = ", ".join([first.replace(" from ", " read from ", 1), *rest])
    return (
        f"Two harnesses: {listed}. Each prompts and scores a task its own way, so part of the "
        "lead may be the harness's, not the model's."
    )


def read_paths(
    paths: Sequence[str], **choices: str | Sequence[str] | None
) -> tuple[Items, tuple[str, ...]]:
    """The files at ``paths`` as one :class:`~benchstats.items.Items`, and each model's file.

    Harness files are combined by the upload's rules (``choices``: ``metric``,
    ``filter`` and ``reducer`` as :func:`benchstats.items.combine_runs` takes them);
    CSVs are read as the upload reads them and stacked. A missing file, a
    folder, the same file twice, CSVs beside harness files, or a harness
    option with CSVs raise :class:`InputError`; the readers' refusals are
    ``ValueError``.
    """
    _check_paths(paths)
    harness = [is_run_file(os.path.basename(p), _head(p)) for p in paths]
    if all(harness):
        items = _read_harness(paths, **choices)
        return items, items.sources
    if any(harness):
        csvs = ", ".join(p for p, h in zip(paths, harness, strict=True) if not h)
        runs = ", ".join(p for p, h in zip(paths, harness, strict=True) if h)
        msg = (
            f"expected files of one kind, CSVs or harness files, found CSV {csvs} beside "
            f"harness file {runs}. Write the CSV's models as harness runs, or each run as a CSV."
        )
        raise InputError(msg)
    if given := [f"--{k}" for k, v in choices.items() if v]:
        msg = f"{' and '.join(given)} applies to lm-eval and inspect files, not to CSVs."
        raise InputError(msg)
    parts = [_read_csv(p) for p in paths]
    files = tuple(src for part in parts for src in part.sources * len(part.models))
    return (parts[0] if len(parts) == 1 else stack_items(parts)), files


def _read_csv(path: str) -> Items:
    """One CSV read as the upload reads it; a line the csv module cannot split is named."""
    try:
        return read_items(path, path, max_bytes=MAX_BYTES)
    except csv.Error as err:
        msg = f"{path}: expected a CSV, found a line the CSV reader cannot split ({err})."
        raise InputError(msg) from None


def _model_names(parts: Sequence[Items]) -> list[str]:
    """Each part's models; a name several files use is told apart by its file's name.

    A one-model file is then named by its file (``base``), a model of several by both
    (``gpt (base)``).
    """
    names = [(m, p.sources[0], len(p.models)) for p in parts for m in p.models]
    plain = [m for m, _, _ in names]
    out = [
        m if plain.count(m) == 1 else file_stem(src) if k == 1 else f"{m} ({file_stem(src)})"
        for m, src, k in names
    ]
    return [n if out.count(n) == 1 else f"{n} #{i + 1}" for i, n in enumerate(out)]


def _clusters(parts: Sequence[Items], ids: pd.Index, codes: list[np.ndarray]):
    """The clusters of every part on the shared ids; a question in two clusters is refused."""
    clusters = pd.Index(pd.unique(np.concatenate([p.clusters.to_numpy(str) for p in parts])))
    cluster_of = np.full(len(ids), -1, dtype=np.int64)
    for part, where in zip(parts, codes, strict=True):
        if not part.has_clusters:  # else every question of the CSV has a cluster
            continue
        mine = clusters.get_indexer(part.clusters)[part.cluster_of]
        held = cluster_of[where]
        clash = (held >= 0) & (held != mine)
        if clash.any():
            i = int(np.flatnonzero(clash)[0])
            msg = (
                f"{part.sources[0]}: expected one cluster per question, found question_id "
                f"'{ids[where[i]]}' in cluster '{clusters[mine[i]]}' there and "
                f"'{clusters[held[i]]}' in an earlier file."
            )
            raise InputError(msg)
        cluster_of[where] = mine
    return clusters, cluster_of


def stack_items(parts: Sequence[Items]) -> Items:
    """Several CSVs' answers as one :class:`~benchstats.items.Items`, models in file order.

    Questions are matched by ``question_id``; runs and clusters are kept (a
    question in two clusters is refused); a model name several files use is
    told apart by its file's name.

    Examples
    --------
    >>> a = read_items(b"question_id,score\\nq1,1\\nq2,0\\n", "base.csv")
    >>> b = read_items(b"question_id,score\\nq2,1\\nq3,1\\n", "cand.csv")
    >>> s = stack_items([a, b])
    >>> s.models, list(s.ids)
    (('base', 'cand'), ['q1', 'q2', 'q3'])
    """
    flat, ids = pd.factorize(pd.concat([pd.Series(p.ids) for p in parts], ignore_index=True))
    ids = pd.Index(ids)  # in order of first appearance
    codes = np.split(flat.astype(np.int64), np.cumsum([len(p.ids) for p in parts])[:-1])
    offsets = np.cumsum([0, *(len(p.models) for p in parts)])
    each = [
        (where[p.qcode], p.mcode + off, p.run, p.score)
        for p, where, off in zip(parts, codes, offsets, strict=False)
    ]
    answers = tuple(np.concatenate(arrays) for arrays in zip(*each, strict=True))
    clusters, cluster_of = _clusters(parts, ids, codes)
    notes = tuple(f"{p.sources[0]}: {note}" for p in parts for note in p.notes)
    kind, models = " + ".join(dict.fromkeys(p.kind for p in parts)), tuple(_model_names(parts))
    sources = tuple(s for p in parts for s in p.sources)
    return Items(
        kind, models, ids, clusters, cluster_of, answers=answers, sources=sources, notes=notes
    )


class _NotOneObject(Exception):
    """The file is not one JSON object this reader can walk: the plain reader takes it."""


class _Values:
    """JSON values decoded one at a time from a buffer (a mapped file), never its whole text.

    Each value is decoded from a window of bytes that grows until it holds it.
    """

    def __init__(self, buf) -> None:
        self.buf, self.size, self.pos = buf, len(buf), 3 if buf[:3] == _BOM else 0
        self.window = 1 << 12
        self.decoder = json.JSONDecoder()

    def peek(self) -> bytes:
        """The next byte that is not white space (b"" at the end)."""
        while self.pos < self.size and self.buf[self.pos] in _WS:
            self.pos += 1
        return self.buf[self.pos : self.pos + 1]

    def take(self, char: bytes) -> None:
        if self.peek() != char:
            raise _NotOneObject
        self.pos += 1

    def value(self) -> object:
        self.peek()
        window = self.window
        while True:
            end = min(self.pos + window, self.size)
            last = end == self.size
            text = codecs.getincrementaldecoder("utf-8")().decode(self.buf[self.pos : end], last)
            try:
                value, used = self.decoder.raw_decode(text)
                if used < len(text) or last:  # a number at the edge may go on
                    break
            except json.JSONDecodeError:
                if last:
                    raise _NotOneObject from None
            window *= 4
        nbytes = len(text[:used].encode("utf-8"))
        self.pos += nbytes
        self.window = max(1 << 12, 2 * nbytes)
        return value

    def items(self, close: bytes) -> Iterator[None]:
        """Step through an object's or an array's members; the caller reads each one."""
        if self.peek() == close:
            self.pos += 1
            return
        while True:
            yield None
            nxt = self.peek()
            self.pos += 1
            if nxt == close:
                return
            if nxt != b",":
                raise _NotOneObject


def _slim_sample(sample: object) -> object:
    """A sample's id, epoch, scorers' values and error flag; anything odd is kept for its message."""
    if not isinstance(sample, dict) or "id" not in sample or "epoch" not in sample:
        return sample
    scores = sample.get("scores")
    if isinstance(scores, dict):
        scores = {
            k: {"value": s.get("value")} if isinstance(s, dict) else s for k, s in scores.items()
        }
    error = bool(sample.get("error"))
    return {"id": sample["id"], "epoch": sample["epoch"], "scores": scores, "error": error}


def _walk(values: _Values) -> dict:
    """The top-level object, its ``samples`` slimmed one by one as they are read."""
    values.take(b"{")
    doc: dict = {}
    for _ in values.items(b"}"):
        key = values.value()
        if not isinstance(key, str):
            raise _NotOneObject
        values.take(b":")
        if key == "samples" and values.peek() == b"[":
            values.pos += 1
            doc[key] = [_slim_sample(values.value()) for _ in values.items(b"]")]
        else:
            doc[key] = values.value()
    if values.peek():  # more after the object: JSONL, or not JSON
        raise _NotOneObject
    return doc


def read_inspect_path(path: str) -> RunLog | None:
    """An inspect JSON log read from its path; None when the file is not one.

    The mapped file is decoded one JSON value at a time, keeping of each
    sample its id, epoch, scores' values and error flag, then read by the
    upload's reader, :func:`benchstats.items.inspect_logs.read_inspect_json`.
    """
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size == 0 or size > MAX_BYTES or fh.read(_HEAD).lstrip(_BOM + _WS)[:1] != b"{":
            return None
        with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as buf:
            try:
                doc = _walk(_Values(buf))
            except (_NotOneObject, UnicodeDecodeError, RecursionError):
                return None
    return read_inspect_json(doc, path, MAX_ROWS) if is_inspect_json(doc) else None

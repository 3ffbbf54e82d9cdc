"""Harness runs: read one model's run, put two side by side, read an upload.

:func:`read_run` reads an lm-eval samples file or an inspect log;
:func:`combine_runs` puts two runs on one metric and one filter as
:class:`~benchstats.items.Items`; :func:`load_files` reads what a reader
uploaded (one CSV, or two harness files).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np
import pandas as pd

from benchstats.items._base import (
    MAX_BYTES,
    MAX_ROWS,
    Items,
    RunLog,
    _as_bytes,
    _binary_kind,
    _listed,
    _shown,
    _stem,
    _too_big,
)
from benchstats.items.csv_files import read_items
from benchstats.items.inspect_logs import _read_inspect
from benchstats.items.lm_eval import _read_lm_eval


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

"""Harness runs: read one model's run, and read what a reader uploaded.

:func:`read_run` reads an lm-eval samples file or an inspect log;
:func:`load_files` reads an upload (one CSV, or two or more harness files
with any lm-eval results summaries that name the models); :func:`combine_read`
is its last step, for runs read elsewhere (the command line reads each path).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import replace

from benchstats.items._base import (
    MAX_BYTES,
    MAX_ROWS,
    Items,
    RunLog,
    Unzipped,
    binary_kind,
    file_bytes,
    shown_value,
    too_big,
)
from benchstats.items.combine import combine_runs
from benchstats.items.csv_files import read_items
from benchstats.items.inspect_logs import is_inspect_json, read_inspect_eval, read_inspect_json
from benchstats.items.lm_eval import (
    ResultsSummary,
    is_results,
    json_lines,
    read_lm_eval,
    read_results,
    results_message,
    samples_beside,
    summary_named,
)
from benchstats.language import _
from benchstats.words import count


class ResultsNotSamples(ValueError):
    """An lm-eval results summary where one model's per-question run was expected."""

    def __init__(self, summary: ResultsSummary) -> None:
        super().__init__(results_message(summary))
        self.summary = summary


def _one_json(raw: bytes) -> object | None:
    """The file as one JSON document (an object or an array), or None if it is not one."""
    head = raw.lstrip()[:1]
    if head not in (b"{", b"["):
        return None
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None  # JSONL, or broken: the line reader says where


def read_run(
    data: bytes | str | os.PathLike,
    name: str | None = None,
    *,
    max_bytes: int = MAX_BYTES,
    max_rows: int = MAX_ROWS,
    unzipped: Unzipped | None = None,
) -> RunLog:
    """Read one model's run: lm-eval ``--log_samples`` JSONL or an inspect log.

    A zip is an inspect ``.eval`` log, one JSON object with ``eval`` and
    ``version`` an inspect JSON log, anything else lm-eval JSONL (or a JSON
    array of its records). An lm-eval results summary raises
    :class:`ResultsNotSamples`, saying which samples file to upload instead.
    ``unzipped``: what the upload may still unzip to (a file of its own when None).

    Examples
    --------
    >>> run = read_run(b'{"doc_id": 0, "filter": "none", "acc": 1.0}\\n', "a.jsonl")
    >>> run.metrics, run.table["acc"].tolist()
    (('acc',), [1.0])
    """
    raw, label = file_bytes(data, name, max_bytes)
    if raw.startswith(b"PK\x03\x04"):
        return read_inspect_eval(raw, label, max_rows, unzipped)
    what = binary_kind(raw)
    if label.lower().endswith((".eval", ".zip")):
        msg = f"{label}: expected an inspect .eval log (a zip archive), found {what or 'text'}."
        raise ValueError(msg)
    if what is not None:
        msg = f"{label}: expected lm-eval samples (JSONL) or an inspect log, found {what}."
        raise ValueError(msg)
    doc = _one_json(raw)
    if is_inspect_json(doc):
        return read_inspect_json(doc, label, max_rows)
    if is_results(doc):
        raise ResultsNotSamples(read_results(doc, label))
    if isinstance(doc, dict | list):
        records = list(enumerate(doc if isinstance(doc, list) else [doc], start=1))
    else:
        records = json_lines(raw, label, max_rows)
    return read_lm_eval(label, records, max_rows)


def is_run_file(name: str, head: bytes) -> bool:
    """True for a harness file (lm-eval JSONL or JSON, an inspect log), False for a CSV.

    ``head`` is the file's bytes, or its first few kilobytes.

    Examples
    --------
    >>> is_run_file("a.csv", b"question_id,a"), is_run_file("x", b'{"doc_id": 0}')
    (False, True)
    """
    if name.lower().endswith((".jsonl", ".json", ".eval", ".zip")):
        return True
    return head.startswith(b"PK\x03\x04") or head.lstrip()[:1] in (b"{", b"[")


def _named(runs: list[RunLog], summaries: list[ResultsSummary]) -> tuple[list[RunLog], list[str]]:
    """Runs with the model names their results summaries give (matched by time stamp)."""
    notes = []
    for s in summaries:
        match = [i for i, r in enumerate(runs) if s.time and r.time == s.time]
        if not match or not s.model:
            if s.model is None:
                # TRANSLATORS: {file} an lm-eval results file's name.
                said = _("{file} names no model, so it names no model here.")
            else:
                said = _("{file} matches no samples file by time stamp, so it names no model here.")
            notes.append(said.format(file=s.source))
            continue
        for i in match:
            runs[i] = replace(runs[i], model=s.model, model_origin=s.source)
    return runs, notes


def _one_run(run: RunLog, summaries: Sequence[ResultsSummary]) -> str:
    """Why one harness file cannot be graded, in two lines: a results summary of another run
    says which samples file to give; the run's own summary (the same time stamp) only names
    the run's model, and is said to."""
    stray = [s for s in summaries if not (s.time and s.time == run.time)]
    if stray:  # given as the second model's file, but it holds one score per task
        s = stray[0]
        return (
            f"{s.source} is {summary_named(s)}, not per-question lines: compare {run.source} "
            f"with {samples_beside(s)} beside it (from lm_eval --log_samples)."
        )
    if summaries:
        s = summaries[0]
        model = f" ({s.model})" if s.model else ""
        return (
            f"{s.source} is {run.source}'s own results summary, read only to name its "
            f"model{model}: add the other model's samples file to compare with."
        )
    return (
        f"expected a second harness file to compare {run.source} with (one file per model), "
        "found one. Add the other model's file."
    )


def combine_read(
    runs: Sequence[RunLog],
    summaries: Sequence[ResultsSummary] = (),
    *,
    metric: str | Sequence[str] | None = None,
    filter: str | None = None,
    reducer: str | None = None,
) -> Items:
    """Harness runs, and the lm-eval results summaries beside them, as one :class:`Items`.

    Each summary names the runs it matches by time stamp; the runs (two or
    more, in the order the models are listed) go to
    :func:`~benchstats.items.combine_runs`. A summary alone is refused with
    the samples file that holds its per-question lines.

    Examples
    --------
    >>> a = read_run(b'{"doc_id": 0, "filter": "none", "acc": 1.0}', "a.jsonl")
    >>> b = read_run(b'{"doc_id": 0, "filter": "none", "acc": 0.0}', "b.jsonl")
    >>> combine_read([a, b]).models
    ('a', 'b')
    """
    if not runs:
        if summaries:
            raise ValueError(results_message(summaries[0]))
        msg = "expected two or more harness files (one per model), found none."
        raise ValueError(msg)
    if len(runs) == 1:
        raise ValueError(_one_run(runs[0], summaries))
    named, notes = _named(list(runs), list(summaries))
    items = combine_runs(*named, metric=metric, filter=filter, reducer=reducer)
    return replace(items, notes=items.notes + tuple(notes)) if notes else items


def load_files(
    files: Sequence[tuple[str, bytes]],
    *,
    metric: str | Sequence[str] | None = None,
    filter: str | None = None,
    reducer: str | None = None,
    max_bytes: int = MAX_BYTES,
    max_rows: int = MAX_ROWS,
) -> Items:
    """Read what a reader uploaded: one CSV, or two or more harness files (A, B, …).

    ``files`` holds (file name, bytes) pairs: one CSV of any number of
    models, or harness files of one model each in the order the models are
    listed, with any ``results_<time>.json`` that name them. ``metric``,
    ``filter`` and ``reducer`` go to :func:`~benchstats.items.combine_runs`.
    The archives' entries, all of them, unzip to at most
    :data:`~benchstats.items.MAX_UNZIPPED` in all, each to at most ``MAX_ENTRY``.

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
            raise too_big(name, len(raw), max_bytes)
    run_files = [(n, r) for n, r in files if is_run_file(n, r)]
    if len(files) == 1 and not run_files:
        name, raw = files[0]
        return read_items(raw, name, max_bytes=max_bytes, max_rows=max_rows)
    if len(run_files) < len(files):
        found = ", ".join(n for n, _ in files)
        msg = (
            "expected one CSV (wide or long) or two or more harness files (lm-eval JSONL "
            f"or inspect logs), found {count(len(files))} files: {shown_value(found)}."
        )
        raise ValueError(msg)
    runs, summaries, unzipped = [], [], Unzipped()  # one budget for the whole upload
    for name, raw in run_files:
        try:
            runs.append(
                read_run(raw, name, max_bytes=max_bytes, max_rows=max_rows, unzipped=unzipped)
            )
        except ResultsNotSamples as err:
            summaries.append(err.summary)
    return combine_read(runs, summaries, metric=metric, filter=filter, reducer=reducer)

"""lm-evaluation-harness files: ``--log_samples`` lines and the results summary.

A samples file (``samples_<task>_<time>.jsonl``) is one model's run on one
task: one object per line (or a JSON array) with ``doc_id``, ``filter``,
``doc_hash`` and numeric metrics (``acc``, …). The task comes from the file
name; the model's name only from the results summary (``results_<time>.json``)
the same run writes beside it.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass

import pandas as pd

from benchstats.items._base import RunLog, check_rows, file_stem, listed_values, shown_value
from benchstats.outside_text import clean
from benchstats.words import count, percent

KIND = "lm-eval log_samples"
_TIME = r"(?P<time>\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?)"
_SAMPLES_NAME = re.compile(rf"^samples_(?P<task>.+)_{_TIME}\.jsonl?$")
_RESULTS_NAME = re.compile(rf"^results_{_TIME}\.json$")
_RESULTS_KEYS = ("configs", "versions", "n-shot", "n-samples", "config", "lm_eval_version")
_MODEL_KEYS = ("peft", "delta", "pretrained", "model", "path", "engine")  # as lm-eval reads them


@dataclass(frozen=True)
class ResultsSummary:
    """lm-eval's ``results_<time>.json``: one score per task, and the model's name."""

    source: str
    model: str | None
    tasks: tuple[str, ...]
    time: str | None
    headline: str


def is_results(doc: object) -> bool:
    """True for lm-eval's results summary: ``results`` per task beside its run facts."""
    return (
        isinstance(doc, dict)
        and isinstance(doc.get("results"), dict)
        and any(k in doc for k in _RESULTS_KEYS)
    )


def _model_name(doc: dict) -> str | None:
    config = doc.get("config") if isinstance(doc.get("config"), dict) else {}
    args = config.get("model_args")
    if isinstance(args, str):  # "pretrained=org/model,dtype=float16"
        args = dict(kv.split("=", 1) for kv in args.split(",") if "=" in kv)
    named = [doc.get("model_name"), *(args.get(k) for k in _MODEL_KEYS if isinstance(args, dict))]
    found = (clean(x) for x in [*named, config.get("model")] if isinstance(x, str))
    return next((x for x in found if x), None)  # text from outside: one visible line


def _number(v: object) -> bool:
    return isinstance(v, bool | int | float) and math.isfinite(v)


def _headline(results: dict) -> str:
    """ "arith: acc 83.3%" for each task, the first 0–1 metric of each."""
    parts = []
    for task, row in results.items():
        if not isinstance(row, dict):
            continue
        for key, v in row.items():
            metric = str(key).split(",")[0]
            if "stderr" in metric or not isinstance(v, int | float) or isinstance(v, bool):
                continue
            if 0 <= v <= 1:
                parts.append(f"{task}: {metric} {percent(v)}")
                break
    return listed_values(parts, limit=4)


def read_results(doc: dict, label: str) -> ResultsSummary:
    """The facts of an lm-eval results summary that pairing can use."""
    m = _RESULTS_NAME.match(os.path.basename(label))
    return ResultsSummary(
        label,
        _model_name(doc),
        tuple(str(t) for t in doc["results"]),
        m["time"] if m else None,
        _headline(doc["results"]),
    )


def summary_named(s: ResultsSummary) -> str:
    """ "scripted/beta's results summary (arith: acc 66.7%)"."""
    whose = f"{s.model}'s results summary" if s.model else "an lm-eval results summary"
    return f"{whose}{f' ({s.headline})' if s.headline else ''}"


def samples_beside(s: ResultsSummary) -> str:
    """The samples file names lm-eval writes beside a results summary."""
    return " or ".join(
        f"samples_{t}_{s.time or '<time>'}.jsonl" for t in s.tasks[:3] or ("<task>",)
    )


def results_message(s: ResultsSummary) -> str:
    """What a results summary is, and which files to compare instead (two lines at most)."""
    return (
        f"{s.source} is {summary_named(s)}, not per-question lines: compare the samples files "
        f"({samples_beside(s)}, from lm_eval --log_samples)."
    )


def json_lines(raw: bytes, label: str, max_rows: int) -> list[tuple[int, object]]:
    """(line number, record) for each line of a JSONL file (or each record of a JSON array)."""
    text = raw.decode("utf-8-sig")
    if text.lstrip().startswith("["):
        try:
            return list(enumerate(json.loads(text), start=1))
        except json.JSONDecodeError as err:
            msg = f"{label}: expected valid JSON, found an error on line {count(err.lineno)}: {err.msg}."
            raise ValueError(msg) from None
    lines = text.splitlines()
    check_rows(len(lines), label, max_rows, "lines")
    out = []
    for i, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            out.append((i, json.loads(line)))
        except json.JSONDecodeError as err:
            msg = (
                f"{label}: expected one JSON object per line, found invalid JSON on "
                f"line {count(i)} ({err.msg} at column {err.colno}): '{shown_value(line)}'."
            )
            raise ValueError(msg) from None
    return out


def read_lm_eval(label: str, records: list[tuple[int, object]], max_rows: int) -> RunLog:
    """An lm-eval samples file's (line number, record) pairs as one run."""
    check_rows(len(records), label, max_rows, "samples")
    rows, order, hashes = [], {}, {}
    for i, rec in records:
        if not isinstance(rec, dict) or "doc_id" not in rec:
            found = (
                f"keys {listed_values(list(rec))}" if isinstance(rec, dict) else type(rec).__name__
            )
            msg = (
                f"{label}: expected lm-eval --log_samples records with a doc_id on each "
                f"line, found {found} on line {count(i)}."
            )
            raise ValueError(msg)
        row = {"question_id": str(rec["doc_id"]), "filter": str(rec.get("filter", "none"))}
        if isinstance(rec.get("doc_hash"), str):
            hashes.setdefault(row["question_id"], rec["doc_hash"])
        listed = rec.get("metrics")
        values = {k: rec.get(k) for k in (listed if isinstance(listed, list) and listed else rec)}
        numbers = {
            clean(str(k)): float(v) for k, v in values.items() if _number(v) and k != "doc_id"
        }
        order |= dict.fromkeys(numbers)
        rows.append(row | numbers)
    table = pd.DataFrame(rows)
    table["run"] = 1
    dup = table[["question_id", "filter"]].duplicated()
    if dup.any():
        first = table.loc[dup.idxmax()]
        msg = (
            f"{label}: expected one line per doc_id and filter, found doc_id "
            f"'{shown_value(first['question_id'])}' with filter '{shown_value(first['filter'])}' twice."
        )
        raise ValueError(msg)
    if not order:
        msg = f"{label}: expected numeric metric keys such as acc or exact_match, found none."
        raise ValueError(msg)
    m = _SAMPLES_NAME.match(os.path.basename(label))
    task, time = (m["task"], m["time"]) if m else (None, None)
    return RunLog(
        table,
        KIND,
        "" if task else file_stem(label),  # lm-eval's own file name names the task, not the model
        label,
        tuple(order),
        task=task,
        doc_hash=pd.Series(hashes, dtype="str") if hashes else None,
        time=time,
        model_origin="" if task else "the file name",
    )

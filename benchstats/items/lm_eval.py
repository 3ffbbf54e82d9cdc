"""lm-evaluation-harness ``--log_samples`` files: one model's run on one task.

JSONL, one object per line with ``doc_id``, ``filter`` and numeric metric
keys (``acc``, ``exact_match``, …); a JSON array of the same records is read
too.
"""

from __future__ import annotations

import json
import math

import pandas as pd

from benchstats.items._base import RunLog, _binary_kind, _check_rows, _listed, _shown, _stem


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

"""inspect logs: one model's run, one row per sample and epoch.

An ``.eval`` log is a zip holding ``samples/{id}_epoch_{n}.json`` with
``id``, ``epoch`` and ``scores``; score values become numbers as inspect's
``value_to_float`` makes them (``C`` 1, ``P`` 0.5, ``I`` and ``N`` 0,
numbers and booleans as they are, ``yes``/``true`` 1, ``no``/``false`` 0).
"""

from __future__ import annotations

import io
import json
import math
import re
import zipfile

import numpy as np
import pandas as pd

from benchstats.items._base import (
    MAX_UNZIPPED,
    RunLog,
    _check_rows,
    _listed,
    _shown,
    _size,
    _stem,
)

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

"""inspect logs: one model's run, one row per sample and epoch.

Two formats hold the same log: ``.eval``, a zip of ``header.json`` (or
``_journal/start.json`` while the run goes on), ``samples/{id}_epoch_{n}.json``
and ``reductions.json``, compressed with deflate up to inspect 0.3.210 and
with Zstandard (zip method 93) since; and JSON, one object with ``eval``,
``results``, ``samples`` and ``reductions``.

Score values become numbers as inspect's ``value_to_float`` makes them
(``C`` 1, ``P`` 0.5, ``I`` and ``N`` 0, ``yes``/``true`` 1, ``no``/``false``
0, numbers as they are). Each epoch is a run; a log with several epochs
also keeps the per-question scores of its epoch reducers (``mean``, …).
"""

from __future__ import annotations

import io
import json
import math
import re
import struct
import zipfile
import zlib
from collections.abc import Iterable

import pandas as pd
import zstandard

from benchstats.items._base import (
    MAX_UNZIPPED,
    RunLog,
    check_rows,
    file_stem,
    listed_values,
    shown_value,
    size_words,
)
from benchstats.outside_text import clean
from benchstats.words import count

_SAMPLE_NAME = re.compile(r"^samples/(?P<id>.+)_epoch_(?P<epoch>\d+)\.json$")
_LETTERS = {"C": 1.0, "P": 0.5, "I": 0.0, "N": 0.0}
_WORDS = {"yes": 1.0, "true": 1.0, "no": 0.0, "false": 0.0}
_ZSTD = 93  # the zip method number for Zstandard (PKWARE APPNOTE 4.4.5)
_LOCAL = struct.Struct("<4s22xHH")  # a local file header: signature … name and extra lengths
_HEADERS = ("header.json", "_journal/start.json", "start.json")
KIND = "inspect .eval"
KIND_JSON = "inspect JSON log"


def _inspect_value(value: object) -> float:
    """inspect's value_to_float: a score value as a number, NaN if it has none."""
    if isinstance(value, bool | int | float):
        return float(value) if math.isfinite(value) else math.nan
    if isinstance(value, str):
        if value in _LETTERS:
            return _LETTERS[value]
        low = value.strip().lower()
        try:
            return _WORDS[low] if low in _WORDS else float(low)
        except ValueError:
            return math.nan
    return math.nan


def _flat_value(name: str, value: object) -> dict[str, float]:
    """One scorer's value by name; a dict value gives one entry per key (name/key)."""
    if isinstance(value, dict):
        return {f"{name}/{k}": _inspect_value(v) for k, v in value.items()}
    return {name: _inspect_value(value)}


def _sample_scores(scores: object) -> dict[str, float]:
    """Scorer name → number for one sample."""
    out: dict[str, float] = {}
    for name, score in scores.items() if isinstance(scores, dict) else ():
        out |= _flat_value(clean(name), score.get("value") if isinstance(score, dict) else score)
    return out


def _damaged(label: str, name: str, why: str) -> ValueError:
    msg = f"{label}: expected an inspect .eval log that unzips cleanly, found {name} {why}."
    return ValueError(msg)


def _zstd_entry(raw: bytes, info: zipfile.ZipInfo, label: str) -> bytes:
    """A Zstandard entry's bytes, checked against the sizes and CRC the zip declares."""
    head = raw[info.header_offset : info.header_offset + _LOCAL.size]
    if len(head) < _LOCAL.size or head[:4] != b"PK\x03\x04":
        raise _damaged(label, info.filename, "without its local header")
    _, name_len, extra_len = _LOCAL.unpack(head)
    start = info.header_offset + _LOCAL.size + name_len + extra_len
    data = raw[start : start + info.compress_size]
    if len(data) < info.compress_size:
        raise _damaged(label, info.filename, "cut short")
    chunks, total = [], 0
    try:
        reader = zstandard.ZstdDecompressor().stream_reader(data, read_across_frames=True)
        with reader:
            while chunk := reader.read(1 << 20):
                total += len(chunk)
                if total > info.file_size:  # never unpack more than the zip declares
                    raise _damaged(label, info.filename, "larger than the zip says")
                chunks.append(chunk)
    except zstandard.ZstdError as err:
        raise _damaged(label, info.filename, f"with damaged Zstandard data ({err})") from None
    out = b"".join(chunks)
    if len(out) != info.file_size or zlib.crc32(out) != info.CRC:
        raise _damaged(label, info.filename, "whose checksum does not match")
    return out


def _entry(z: zipfile.ZipFile, raw: bytes, info: zipfile.ZipInfo, label: str) -> bytes:
    """An entry's bytes, whichever way inspect compressed it."""
    if info.flag_bits & 0x1:
        msg = f"{label}: expected an inspect .eval log without a password, found {info.filename} encrypted."
        raise ValueError(msg)
    if info.compress_type == _ZSTD:
        return _zstd_entry(raw, info, label)
    try:
        return z.read(info)
    except NotImplementedError:
        msg = (
            f"{label}: expected entries stored plainly, with deflate or with Zstandard, "
            f"found {info.filename} compressed with zip method {info.compress_type}."
        )
        raise ValueError(msg) from None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError) as err:
        raise _damaged(label, info.filename, f"damaged ({err})") from None


def _entry_json(z: zipfile.ZipFile, raw: bytes, info: zipfile.ZipInfo, label: str) -> object:
    try:
        return json.loads(_entry(z, raw, info, label))
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        msg = f"{label}: expected JSON in {info.filename} inside the log, found unreadable text ({err})."
        raise ValueError(msg) from None


def _header_facts(header: object) -> tuple[str | None, str | None, str | None, list[str]]:
    """Model, task, dataset and epoch reducers from a log's header (or the JSON log)."""
    ev = header.get("eval") if isinstance(header, dict) else None
    ev = ev if isinstance(ev, dict) else {}
    dataset = ev.get("dataset") if isinstance(ev.get("dataset"), dict) else {}
    config = ev.get("config") if isinstance(ev.get("config"), dict) else {}
    reducers = config.get("epochs_reducer")
    named = (ev.get("model"), ev.get("task"), dataset.get("name"))
    model, task, data = (clean(v) or None if isinstance(v, str) else None for v in named)
    return model, task, data, [str(r) for r in reducers] if isinstance(reducers, list) else []


def _reductions(doc: object, reducers: list[str]) -> dict[str, pd.DataFrame]:
    """Reducer name → one row per question: question_id and each metric's reduced score."""
    rows_by: dict[str, dict[str, dict[str, float]]] = {}
    for entry in doc if isinstance(doc, list) else ():
        if not isinstance(entry, dict) or not isinstance(entry.get("samples"), list):
            continue
        reducer = entry.get("reducer") or (reducers[0] if reducers else "mean")
        per_question = rows_by.setdefault(str(reducer), {})
        for s in entry["samples"]:
            if isinstance(s, dict) and "sample_id" in s:
                values = _flat_value(str(entry.get("scorer", "score")), s.get("value"))
                per_question.setdefault(str(s["sample_id"]), {}).update(values)
    return {
        r: pd.DataFrame([{"question_id": q, **v} for q, v in rows.items()])
        for r, rows in rows_by.items()
        if rows
    }


def _sample_key(doc: dict, label: str) -> tuple[str, int]:
    """A sample's id and epoch, checked."""
    sid, epoch = doc.get("id"), doc.get("epoch")
    if isinstance(sid, bool) or not isinstance(sid, str | int):
        msg = f"{label}: expected each sample's id to be text or a whole number, found {shown_value(sid)}."
        raise ValueError(msg)
    if isinstance(epoch, str) and epoch.isdigit():
        epoch = int(epoch)
    if isinstance(epoch, bool) or not isinstance(epoch, int) or epoch < 1:
        msg = (
            f"{label}: expected each sample's epoch to be a whole number from 1, found "
            f"{shown_value(epoch)} for sample {shown_value(sid)}."
        )
        raise ValueError(msg)
    return str(sid), epoch


def _run_from(
    label: str, kind: str, header: object, samples: Iterable[dict], reductions: object
) -> RunLog:
    """The rows of a log's samples, its header's facts and its reductions as one RunLog."""
    rows, order, errored = [], {}, 0
    for doc in samples:
        sid, epoch = _sample_key(doc, label)
        scores = _sample_scores(doc.get("scores"))
        errored += bool(doc.get("error")) and not scores
        order |= dict.fromkeys(scores)
        rows.append({"question_id": sid, "filter": "none", "run": epoch, **scores})
    table = pd.DataFrame(rows)
    dup = table[["question_id", "run"]].duplicated()
    if dup.any():
        first = table.loc[dup.idxmax()]
        msg = (
            f"{label}: expected one sample per id and epoch, found id "
            f"'{shown_value(first['question_id'])}' epoch {first['run']} twice."
        )
        raise ValueError(msg)
    if not order:
        msg = f"{label}: expected scores in the samples (a scorer's value per sample), found none."
        if errored:
            msg = msg[:-1] + f": all {count(errored)} samples ended in an error."
        raise ValueError(msg)
    table = table.sort_values(["run", "question_id"], kind="stable", ignore_index=True)
    model, task, dataset, reducers = _header_facts(header)
    epochs = int(table["run"].max())
    return RunLog(
        table,
        kind,
        model or file_stem(label),
        label,
        tuple(order),
        task=task,
        dataset=dataset,
        epochs=epochs,
        reductions=_reductions(reductions, reducers) if epochs > 1 else {},
        errored=int(errored),
        model_origin="the log's header" if model else "the file name",
    )


def read_inspect_eval(raw: bytes, label: str, max_rows: int) -> RunLog:
    """An inspect ``.eval`` log (a zip), deflate or Zstandard."""
    try:
        z = zipfile.ZipFile(io.BytesIO(raw))
        infos = z.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, struct.error) as err:
        msg = (
            f"{label}: expected an inspect .eval log (a zip archive), found a damaged zip ({err})."
        )
        raise ValueError(msg) from None
    by_name = {i.filename: i for i in infos}
    samples = [i for i in infos if _SAMPLE_NAME.match(i.filename)]
    if not samples:
        msg = (
            f"{label}: expected an inspect .eval log, a zip holding "
            "samples/{id}_epoch_{n}.json files, found a zip holding "
            f"{listed_values(sorted(by_name)) or 'nothing'}."
        )
        raise ValueError(msg)
    check_rows(len(samples), label, max_rows, "samples")
    unzipped = sum(i.file_size for i in samples)
    if unzipped > MAX_UNZIPPED:
        msg = (
            f"{label}: expected samples of at most {size_words(MAX_UNZIPPED)} once unzipped, "
            f"found {size_words(unzipped)}."
        )
        raise ValueError(msg)

    def docs() -> Iterable[dict]:
        for info in samples:  # one JSON document per sample and epoch
            m = _SAMPLE_NAME.match(info.filename)
            doc = _entry_json(z, raw, info, label)
            if not isinstance(doc, dict):
                msg = f"{label}: expected a sample object in {info.filename}, found {type(doc).__name__}."
                raise ValueError(msg)
            yield {"id": doc.get("id", m["id"]), "epoch": doc.get("epoch", m["epoch"]), **doc}

    def entry(name: str) -> object:
        return _entry_json(z, raw, by_name[name], label) if name in by_name else None

    header = next((entry(h) for h in _HEADERS if h in by_name), None)
    return _run_from(label, KIND, header, docs(), entry("reductions.json"))


def is_inspect_json(doc: object) -> bool:
    """True for inspect's JSON log format: an object with ``eval`` and ``version``."""
    return isinstance(doc, dict) and isinstance(doc.get("eval"), dict) and "version" in doc


def read_inspect_json(doc: dict, label: str, max_rows: int) -> RunLog:
    """An inspect log in its JSON format, already parsed."""
    samples = doc.get("samples")
    if not isinstance(samples, list) or not samples:
        msg = (
            f"{label}: expected an inspect JSON log with its samples, found a log without "
            "samples (written with samples turned off, or still running). Upload a log "
            "written with samples, as inspect eval does by default."
        )
        raise ValueError(msg)
    check_rows(len(samples), label, max_rows, "samples")
    for i, s in enumerate(samples, start=1):
        if not isinstance(s, dict) or "id" not in s or "epoch" not in s:
            found = f"keys {listed_values(list(s))}" if isinstance(s, dict) else type(s).__name__
            msg = f"{label}: expected samples with an id and an epoch, found {found} in sample {count(i)}."
            raise ValueError(msg)
    return _run_from(label, KIND_JSON, doc, samples, doc.get("reductions"))

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
from collections.abc import Iterable, Iterator

import pandas as pd
import zstandard

from benchstats.items._base import (
    MAX_ENTRY,
    RunLog,
    Unzipped,
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
_CHUNK = 1 << 20  # bytes inflated (and compressed bytes fed) at a time
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


def _compressed(raw: bytes, info: zipfile.ZipInfo, label: str) -> memoryview:
    """An entry's compressed bytes, found through its local header."""
    head = raw[info.header_offset : info.header_offset + _LOCAL.size]
    if len(head) < _LOCAL.size or head[:4] != b"PK\x03\x04":
        raise _damaged(label, info.filename, "without its local header")
    _, name_len, extra_len = _LOCAL.unpack(head)
    start = info.header_offset + _LOCAL.size + name_len + extra_len
    data = memoryview(raw)[start : start + info.compress_size]
    if len(data) < info.compress_size:
        raise _damaged(label, info.filename, "cut short")
    return data


def _deflated(data: memoryview) -> Iterator[bytes]:
    """Raw deflate data inflated in pieces of at most :data:`_CHUNK` bytes."""
    inflate = zlib.decompressobj(-zlib.MAX_WBITS)
    for at in range(0, len(data), _CHUNK):
        pending = data[at : at + _CHUNK]
        while pending and not inflate.eof:
            yield inflate.decompress(pending, _CHUNK)
            pending = inflate.unconsumed_tail
    while not inflate.eof and (piece := inflate.decompress(b"", _CHUNK)):  # a match held back
        yield piece
    if not inflate.eof:
        raise EOFError("the deflate stream ends early")


def _zstd(data: memoryview) -> Iterator[bytes]:
    """Zstandard frames inflated in pieces of at most :data:`_CHUNK` bytes."""
    with zstandard.ZstdDecompressor().stream_reader(data, read_across_frames=True) as reader:
        while piece := reader.read(_CHUNK):
            yield piece


def _stored(data: memoryview) -> Iterator[bytes]:
    for at in range(0, len(data), _CHUNK):
        yield bytes(data[at : at + _CHUNK])


_METHODS = {zipfile.ZIP_STORED: _stored, zipfile.ZIP_DEFLATED: _deflated, _ZSTD: _zstd}


def _check_declared(info: zipfile.ZipInfo, label: str) -> None:
    """Refuse an entry that declares more than one entry may unzip to (:data:`MAX_ENTRY`)."""
    if info.file_size > MAX_ENTRY:
        msg = (
            f"{label}: expected each entry of the log to unzip to at most "
            f"{size_words(MAX_ENTRY)}, found {info.filename} of {size_words(info.file_size)}."
        )
        raise ValueError(msg)


def _entry(raw: bytes, info: zipfile.ZipInfo, label: str, unzipped: Unzipped) -> bytearray:
    """An entry's bytes, inflated a piece at a time and never past what it declares, the
    entry's cap (:data:`MAX_ENTRY`) or what the upload may still unzip to; its CRC checked."""
    name = info.filename
    if info.flag_bits & 0x1:
        msg = f"{label}: expected an inspect .eval log without a password, found {name} encrypted."
        raise ValueError(msg)
    if info.compress_type not in _METHODS:
        msg = (
            f"{label}: expected entries stored plainly, with deflate or with Zstandard, "
            f"found {name} compressed with zip method {info.compress_type}."
        )
        raise ValueError(msg)
    _check_declared(info, label)
    if info.file_size > unzipped.left:
        raise unzipped.refusal(label, f"{name} alone is {size_words(info.file_size)}")
    out = bytearray()
    try:
        for piece in _METHODS[info.compress_type](_compressed(raw, info, label)):
            out += piece
            if len(out) > info.file_size:  # it lies about its size: stop here
                why = f"unzipping past the {size_words(info.file_size)} the zip declares"
                raise _damaged(label, name, why)
    except (zlib.error, zstandard.ZstdError, EOFError) as err:
        raise _damaged(label, name, f"with damaged compressed data ({err})") from None
    unzipped.left -= len(out)
    if len(out) != info.file_size or zlib.crc32(out) != info.CRC:
        raise _damaged(label, name, "whose checksum does not match")
    return out


def _entry_json(raw: bytes, info: zipfile.ZipInfo, label: str, unzipped: Unzipped) -> object:
    try:
        return json.loads(_entry(raw, info, label, unzipped))
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


def read_inspect_eval(
    raw: bytes, label: str, max_rows: int, unzipped: Unzipped | None = None
) -> RunLog:
    """An inspect ``.eval`` log (a zip), deflate or Zstandard. Every entry read counts, by the
    bytes it really inflates to, against ``unzipped`` (one upload's; a fresh budget if None)."""
    unzipped = Unzipped() if unzipped is None else unzipped
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
    read = [by_name[h] for h in (*_HEADERS, "reductions.json") if h in by_name] + samples
    for info in read:  # refused before a byte is inflated
        _check_declared(info, label)
    declared = sum(i.file_size for i in read)
    if declared > unzipped.left:
        raise unzipped.refusal(label, f"its entries declare {size_words(declared)}")

    def docs() -> Iterable[dict]:
        for info in samples:  # one JSON document per sample and epoch
            m = _SAMPLE_NAME.match(info.filename)
            doc = _entry_json(raw, info, label, unzipped)
            if not isinstance(doc, dict):
                msg = f"{label}: expected a sample object in {info.filename}, found {type(doc).__name__}."
                raise ValueError(msg)
            yield {"id": doc.get("id", m["id"]), "epoch": doc.get("epoch", m["epoch"]), **doc}

    def entry(name: str) -> object:
        return _entry_json(raw, by_name[name], label, unzipped) if name in by_name else None

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

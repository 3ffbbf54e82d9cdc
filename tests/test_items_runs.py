"""Uploads of harness files: which combinations are read, and nothing is written to disk."""

from __future__ import annotations

import builtins
import io
import os
import tempfile

import pytest
from fixtures_items import (
    data_file,
    inspect_eval,
    lm_eval_jsonl,
    long_csv,
    paired_scores,
    plain_zip,
    wide_csv,
)

from benchstats.items import (
    load_files,
    pair_items,
    read_items,
)


def test_mixed_harness_files_pair_on_their_ids():
    a = lm_eval_jsonl({"acc": [1, 0, 1]}, doc_ids=[0, 1, 2])
    b = inspect_eval({0: ["C"], 1: ["C"], 2: ["I"]}, scorer="acc")
    items = load_files([("a.jsonl", a), ("b.eval", b)])
    assert items.kind == "lm-eval log_samples + inspect .eval"
    assert pair_items(items).diff.tolist() == [0.0, -1.0, 1.0]


def test_two_runs_that_share_no_ids():
    a = lm_eval_jsonl({"acc": [1, 0, 1]}, doc_ids=[0, 1, 2])
    b = lm_eval_jsonl({"acc": [1, 1, 1]}, doc_ids=[10, 11, 12])
    items = load_files([("a.jsonl", a), ("b.jsonl", b)])
    with pytest.raises(
        ValueError,
        match=r"expected a and b to share question ids, found none in common \(a has 0, 1, 2…; "
        r"b has 10, 11, 12…\)",
    ):
        pair_items(items)
    wide = read_items(b"question_id,a,b\nq1,1,\nq2,,0\n")
    with pytest.raises(ValueError, match="found none in common"):
        pair_items(wide)


def test_upload_combinations():
    csv = wide_csv({"a": [1, 0], "b": [0, 0]})
    jl = lm_eval_jsonl({"acc": [1, 0]})
    with pytest.raises(ValueError, match=r"found 2 files: a\.csv, b\.csv"):
        load_files([("a.csv", csv), ("b.csv", csv)])
    with pytest.raises(
        ValueError, match=r"expected a second harness file to compare a\.jsonl with"
    ):
        load_files([("a.jsonl", jl)])
    with pytest.raises(ValueError, match="found no file"):
        load_files([])
    with pytest.raises(ValueError, match=r"expected scores for two models, found one: a"):
        pair_items(read_items(b"question_id,a\nq1,1\n"))
    with pytest.raises(ValueError, match=r"model must be one of a, b, got 'c'"):
        pair_items(read_items(csv), "a", "c")


def test_reading_writes_nothing_to_disk(tmp_path, monkeypatch):
    """Every reader, good and bad files alike, with writes to files made to fail."""
    real_open = builtins.open

    def no_write_open(file, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+"):
            raise AssertionError(f"tried to write {file!r}")
        return real_open(file, mode, *args, **kwargs)

    def refuse(*args, **kwargs):
        raise AssertionError("tried to make a temporary file")

    monkeypatch.setattr(builtins, "open", no_write_open)
    monkeypatch.setattr(io, "open", no_write_open)
    for name in (
        "mkstemp",
        "mkdtemp",
        "NamedTemporaryFile",
        "TemporaryFile",
        "SpooledTemporaryFile",
    ):
        monkeypatch.setattr(tempfile, name, refuse)
    monkeypatch.chdir(tmp_path)
    a, b = paired_scores(60, 6, 4, 30)
    uploads = [
        [("w.csv", wide_csv({"A": a, "B": b}))],
        [("l.csv", long_csv([("q1", "A", 1, 1), ("q1", "A", 0, 2), ("q1", "B", 1, 1)]))],
        [("a.jsonl", lm_eval_jsonl({"acc": a})), ("b.jsonl", lm_eval_jsonl({"acc": b}))],
        [("a.eval", inspect_eval({i: ["C", "I"] for i in range(5)})),
         ("b.eval", inspect_eval({i: ["I"] for i in range(5)}, model="m/b"))],
        [data_file("inspect-0.3.285/arith_alpha_epochs.eval"),  # Zstandard, read in memory
         data_file("inspect-0.3.285/arith_alpha.json"),
         data_file("lm-eval-0.4.13/scripted__beta/samples_arith_2*.jsonl"),
         data_file("lm-eval-0.4.13/scripted__beta/results_*.json")],
    ]  # fmt: skip
    for files in uploads:
        pair_items(load_files(files))
    for bad in ([("e.csv", b"")], [("x.csv", b"\x89PNG....")], [("z.eval", plain_zip({"a": "b"}))]):
        with pytest.raises(ValueError):
            load_files(bad)
    assert os.listdir(tmp_path) == []

"""inspect logs: scores read as inspect reads them, damaged or foreign zips refused plainly."""

from __future__ import annotations

import json

import pytest
from fixtures_items import (
    inspect_eval,
    plain_zip,
)

from benchstats.items import (
    load_files,
    pair_items,
    read_run,
)


def test_inspect_eval_reads_letters_numbers_and_dict_scores():
    values = {"s1": ["C"], "s2": ["I"], "s3": ["P"], "s4": ["N"], "s5": [0.25], "s6": ["yes"]}
    extra = {"rubric": {k: [{"accuracy": 1, "style": 0.5}] for k in values}}
    raw = inspect_eval(values, model="anthropic/claude", extra_scorers=extra)
    run = read_run(raw, "claude.eval")
    assert run.model == "anthropic/claude" and run.kind == "inspect .eval"
    assert run.metrics == ("match", "rubric/accuracy", "rubric/style")
    by_id = dict(zip(run.table["question_id"], run.table["match"], strict=True))
    assert by_id == {"s1": 1.0, "s2": 0.0, "s3": 0.5, "s4": 0.0, "s5": 0.25, "s6": 1.0}


def test_inspect_pair_chooses_a_scorer():
    values = {i: ["C"] for i in range(5)}
    extra = {"judge": {i: [i / 4] for i in range(5)}}
    a = inspect_eval(values, model="m/a", extra_scorers=extra)
    b = inspect_eval({i: ["I"] for i in range(5)}, model="m/b", extra_scorers=extra)
    items = load_files([("a.eval", a), ("b.eval", b)], metric="judge")
    assert items.metric == "judge" and items.metric_options == ("match", "judge")
    assert pair_items(items).diff.tolist() == [0.0] * 5


def test_a_zip_that_is_not_an_inspect_log():
    raw = plain_zip({"report.txt": "hello", "data/scores.csv": "a,b\n1,0\n"})
    with pytest.raises(
        ValueError,
        match=r"x\.eval: expected an inspect \.eval log, a zip holding samples/\{id\}_epoch_\{n\}\.json "
        r"files, found a zip holding data/scores\.csv, report\.txt",
    ):
        read_run(raw, "x.eval")
    with pytest.raises(
        ValueError, match=r"expected an inspect \.eval log \(a zip archive\), found text"
    ):
        read_run(b"not a zip", "y.eval")
    with pytest.raises(ValueError, match="found a damaged zip"):
        read_run(b"PK\x03\x04" + bytes(100), "z.eval")
    broken = plain_zip({"samples/1_epoch_1.json": "{not json"})
    with pytest.raises(
        ValueError, match=r"expected JSON in samples/1_epoch_1\.json inside the log"
    ):
        read_run(broken, "w.eval")


def test_odd_ids_and_epochs_in_a_json_log():
    def log(samples):
        doc = {"version": 2, "eval": {"task": "t", "model": "m/x"}, "samples": samples}
        return json.dumps(doc).encode()

    good = log([{"id": 7, "epoch": 1, "scores": {"s": {"value": "C"}}}])
    assert read_run(good, "x.json").table["question_id"].tolist() == ["7"]
    with pytest.raises(
        ValueError, match=r"expected each sample's epoch to be a whole number from 1, found x"
    ):
        read_run(log([{"id": 1, "epoch": "x", "scores": {}}]), "x.json")
    with pytest.raises(ValueError, match=r"expected each sample's id to be text or a whole number"):
        read_run(log([{"id": [1], "epoch": 1, "scores": {}}]), "x.json")
    with pytest.raises(ValueError, match=r"expected an inspect JSON log with its samples"):
        read_run(log([]), "x.json")
    with pytest.raises(
        ValueError, match=r"expected samples with an id and an epoch, found keys id in sample 1"
    ):
        read_run(log([{"id": 1}]), "x.json")

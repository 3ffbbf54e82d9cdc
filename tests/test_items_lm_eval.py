"""lm-evaluation-harness --log_samples files: read, paired on doc_id and filter, refused plainly."""

from __future__ import annotations

import json

import pytest
from fixtures_items import (
    lm_eval_jsonl,
    lm_eval_record,
)

from benchstats.items import (
    MAX_ROWS,
    combine_runs,
    load_files,
    pair_items,
    read_run,
)


def test_lm_eval_pair_on_doc_id_and_filter_with_a_shared_metric():
    a = lm_eval_jsonl({"exact_match": [1, 0, 1, 1]}, filters=("strict-match", "flexible-extract"))
    b = lm_eval_jsonl({"exact_match": [0, 0, 1, 0]}, filters=("strict-match", "flexible-extract"))
    items = load_files([("samples_gsm8k_a.jsonl", a), ("samples_gsm8k_b.jsonl", b)])
    assert items.kind == "lm-eval log_samples"
    assert items.filter == "strict-match"
    assert items.filter_options == ("strict-match", "flexible-extract")
    assert items.metric == "exact_match" and items.metric_options == ("exact_match",)
    p = pair_items(items)
    assert p.n == 4 and p.diff.tolist() == [1, 0, 0, 1]
    other = load_files(
        [("samples_gsm8k_a.jsonl", a), ("samples_gsm8k_b.jsonl", b)], filter="flexible-extract"
    )
    assert other.filter == "flexible-extract" and pair_items(other).n == 4


def test_lm_eval_metric_is_chosen_among_the_keys_both_files_share():
    a = lm_eval_jsonl({"acc": [1, 0], "acc_norm": [1, 1]})
    b_lines = [
        json.dumps({"doc_id": 0, "filter": "none", "acc_norm": 0.0, "perplexity": 12.5}),
        json.dumps({"doc_id": 1, "filter": "none", "acc_norm": 1.0, "perplexity": 3.0}),
    ]
    items = load_files([("a.jsonl", a), ("b.jsonl", "\n".join(b_lines).encode())])
    assert items.metric == "acc_norm" and items.metric_options == ("acc_norm",)
    with pytest.raises(ValueError, match=r"metric must be one of acc_norm, got 'acc'"):
        load_files([("a.jsonl", a), ("b.jsonl", "\n".join(b_lines).encode())], metric="acc")


def test_lm_eval_json_array_and_same_model_names():
    recs = [lm_eval_record(i, {"acc": i % 2}) for i in range(3)]
    run = read_run(json.dumps(recs).encode(), "samples_arc.json")
    assert run.table["acc"].tolist() == [0.0, 1.0, 0.0]
    items = combine_runs(run, run)
    assert items.models == ("A", "B")  # the same file twice: named by position


def test_one_line_of_invalid_json():
    good = lm_eval_jsonl({"acc": [1, 0, 1, 1]}).splitlines()
    good[2] = good[2][:-5]  # a line cut short
    raw = b"\n".join(good)
    with pytest.raises(
        ValueError,
        match=r"a\.jsonl: expected one JSON object per line, found invalid JSON on line 3 ",
    ):
        load_files([("a.jsonl", raw), ("b.jsonl", lm_eval_jsonl({"acc": [1, 0, 1, 1]}))])


def test_jsonl_that_is_not_lm_eval():
    with pytest.raises(
        ValueError,
        match=r"expected lm-eval --log_samples records with a doc_id on each line, found keys text, label on line 1",
    ):
        read_run(b'{"text": "hi", "label": 1}\n', "x.jsonl")
    with pytest.raises(
        ValueError, match=r"expected numeric metric keys such as acc or exact_match"
    ):
        read_run(b'{"doc_id": 1, "filter": "none", "resps": "x"}\n', "x.jsonl")


def test_a_doc_id_twice_under_one_filter():
    a = lm_eval_jsonl({"acc": [1, 0]}, doc_ids=[3, 3])
    with pytest.raises(
        ValueError, match=r"expected one line per doc_id and filter, found doc_id '3'"
    ):
        read_run(a, "a.jsonl")


def test_a_million_lines_is_refused():
    lines = b'{"doc_id": 1, "acc": 1}\n' * (MAX_ROWS + 1)
    with pytest.raises(ValueError, match=r"expected at most 500,000 lines, found 500,001"):
        read_run(lines, "huge.jsonl")

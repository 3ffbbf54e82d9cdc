"""Reading each per-question layout, and refusing bad files with a plain message.

Every bad input of issue 6 is a test here: the message names what was
expected and what was found. Nothing is written to disk while reading.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import tempfile
import zipfile

import numpy as np
import pytest
from fixtures_items import (
    inspect_eval,
    lm_eval_jsonl,
    lm_eval_record,
    long_csv,
    mgsm_like,
    paired_scores,
    wide_csv,
)

from benchstats.items import (
    MAX_BYTES,
    MAX_ROWS,
    combine_runs,
    load_files,
    pair_items,
    read_items,
    read_run,
)

# --------------------------------------------------------------------------- layouts


def test_wide_csv_gives_a_tidy_table():
    raw = b"question_id,cluster,gpt,claude\nq1,p1,1,0\nq2,p1,0.5,1\nq3,p2,,1\n"
    items = read_items(raw, "r.csv")
    assert items.kind == "wide CSV" and items.models == ("gpt", "claude")
    t = items.table
    assert list(t.columns) == ["question_id", "model", "run", "score", "cluster"]
    assert t["question_id"].astype(str).tolist() == ["q1", "q2", "q1", "q2", "q3"]
    assert t["model"].astype(str).tolist() == ["gpt", "gpt", "claude", "claude", "claude"]
    assert t["score"].tolist() == [1.0, 0.5, 0.0, 1.0, 1.0]
    assert t["cluster"].astype(str).tolist() == ["p1", "p1", "p1", "p1", "p2"]
    assert t["run"].tolist() == [1] * 5
    assert items.notes == ("1 blank scores were read as not answered.",)


def test_headers_match_ignoring_case_and_spaces_and_a_bom():
    raw = "\ufeffQuestion_ID , A,B\nq1,1,0\nq2,true,false\n".encode()
    items = read_items(raw)
    assert items.models == (" A", "B")
    assert items.table["score"].tolist() == [1.0, 1.0, 0.0, 0.0]


def test_integer_ids_stay_text_and_keep_leading_zeros():
    items = read_items(b"question_id,a,b\n007,1,0\n7,0,0\n")
    assert items.ids.tolist() == ["007", "7"]


def test_long_csv_with_runs_and_clusters():
    rows = [
        ("q1", "A", 1, 1, "c1"), ("q1", "A", 0, 2, "c1"), ("q1", "B", 1, 1, "c1"),
        ("q2", "A", 1, 1, "c2"), ("q2", "B", 0, 1, "c2"), ("q2", "B", 0, 2, "c2"),
    ]  # fmt: skip
    items = read_items(long_csv(rows))
    assert items.kind == "long CSV" and items.has_repeats and items.has_clusters
    p = pair_items(items, "A", "B")
    assert p.a.tolist() == [0.5, 1.0] and p.b.tolist() == [1.0, 0.0]
    assert p.k_a.tolist() == [2, 1] and p.k_b.tolist() == [1, 2]
    assert p.var_a[0] == pytest.approx(0.5) and np.isnan(p.var_a[1])
    assert [p.clusters[c] for c in p.cluster] == ["c1", "c2"]


def test_long_csv_run_labels_may_be_words():
    rows = [("q1", "A", 1, "seed-a"), ("q1", "A", 0, "seed-b"), ("q1", "B", 1, "seed-a")]
    items = read_items(long_csv(rows))
    assert sorted(items.run.tolist()) == [1, 1, 2]


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


def test_mixed_harness_files_pair_on_their_ids():
    a = lm_eval_jsonl({"acc": [1, 0, 1]}, doc_ids=[0, 1, 2])
    b = inspect_eval({0: ["C"], 1: ["C"], 2: ["I"]}, scorer="acc")
    items = load_files([("a.jsonl", a), ("b.eval", b)])
    assert items.kind == "lm-eval log_samples + inspect .eval"
    assert pair_items(items).diff.tolist() == [0.0, -1.0, 1.0]


def test_read_from_a_path(tmp_path):
    raw, _ = mgsm_like(questions=20)
    path = tmp_path / "mgsm.csv"
    path.write_bytes(raw)
    items = read_items(path)
    assert items.sources == ("mgsm.csv",) and items.questions == 200
    assert len(items.clusters) == 20


# --------------------------------------------------------------------------- bad input


def test_empty_file():
    with pytest.raises(
        ValueError, match=r"empty\.csv is empty: expected a CSV with a header row.*found 0 bytes"
    ):
        load_files([("empty.csv", b"")])
    with pytest.raises(ValueError, match="found 3 bytes of blank space"):
        read_items(b"\n \n", "blank.csv")


@pytest.mark.parametrize(
    ("raw", "found"),
    [
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "a PNG image"),
        (b"PK\x03\x04" + bytes(40), "a zip archive"),
        (bytes([0, 1, 2, 3, 255, 254]) * 20, r"binary data \(it contains NUL bytes\)"),
        ("question_id,a\nq1,1\n".encode("utf-16"), r"UTF-16 text \(save the file as UTF-8\)"),
        (
            "question_id,a\nqé,1\n".encode("latin-1"),
            r"bytes that are not UTF-8 text \(at byte 16\)",
        ),
    ],
)
def test_binary_file_named_csv(raw, found):
    with pytest.raises(ValueError, match=rf"results\.csv: expected a text CSV, found {found}"):
        read_items(raw, "results.csv")


def test_csv_without_question_id():
    with pytest.raises(
        ValueError, match=r"expected a column named question_id, found model_a, model_b, cluster"
    ):
        read_items(b"model_a,model_b,cluster\n1,0,x\n", "r.csv")
    with pytest.raises(ValueError, match=r"found id, a, b\. Rename 'id' to question_id"):
        read_items(b"id,a,b\nq1,1,0\n", "r.csv")


def test_scores_outside_zero_to_one():
    with pytest.raises(
        ValueError, match=r"expected scores from 0 to 1 in column 'b', found 1\.5 on line 3\.$"
    ):
        read_items(b"question_id,a,b\nq1,1,0\nq2,0,1.5\n", "r.csv")
    with pytest.raises(
        ValueError, match=r"found 87 on line 2\. If these are percent, divide by 100"
    ):
        read_items(b"question_id,a\nq1,87\nq2,80\n", "r.csv")
    with pytest.raises(ValueError, match=r"found -1 on line 2"):
        read_items(b"question_id,model,score\nq1,a,-1\n", "r.csv")


def test_text_in_a_score_column():
    with pytest.raises(
        ValueError, match=r"expected numbers from 0 to 1 in column 'b', found 'wrong' on line 3"
    ):
        read_items(b"question_id,a,b\nq1,1,0\nq2,1,wrong\n", "r.csv")
    many = b"question_id,a\n" + b"q,1\n" * 0 + b"".join(b"q%d,1\n" % i for i in range(300_000))
    with pytest.raises(
        ValueError, match=r"found 'oops' on line 300,002|found 'oops' on line 300002"
    ):
        read_items(many + b"qx,oops\n", "r.csv")


def test_duplicated_question_ids():
    with pytest.raises(
        ValueError, match=r"expected one row per question, found question_id 'q1' on lines 2 and 4"
    ):
        read_items(b"question_id,a,b\nq1,1,0\nq2,1,1\nq1,0,0\n", "r.csv")
    rows = [("q1", "A", 1), ("q1", "B", 0), ("q1", "A", 0)]
    with pytest.raises(
        ValueError,
        match=r"found question_id 'q1' for model 'A' on lines 2 and 4\. If these are repeated "
        r"answers, add a run column",
    ):
        read_items(long_csv(rows), "r.csv")
    a = lm_eval_jsonl({"acc": [1, 0]}, doc_ids=[3, 3])
    with pytest.raises(
        ValueError, match=r"expected one line per doc_id and filter, found doc_id '3'"
    ):
        read_run(a, "a.jsonl")


def test_a_question_in_two_clusters():
    raw = long_csv([("q1", "A", 1, 1, "c1"), ("q1", "B", 1, 1, "c2")])
    with pytest.raises(
        ValueError,
        match=r"expected one cluster per question, found question_id 'q1' in clusters c1, c2 \(lines 2 and 3\)",
    ):
        read_items(raw, "r.csv")


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


def _zip(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return buf.getvalue()


def test_a_zip_that_is_not_an_inspect_log():
    raw = _zip({"report.txt": "hello", "data/scores.csv": "a,b\n1,0\n"})
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
    broken = _zip({"samples/1_epoch_1.json": "{not json"})
    with pytest.raises(
        ValueError, match=r"expected JSON in samples/1_epoch_1\.json inside the log"
    ):
        read_run(broken, "w.eval")


def test_a_file_over_the_upload_limit(tmp_path):
    big = b"question_id,a,b\n" + b"q,1,0\n" * (MAX_BYTES // 6 + 10)
    assert len(big) > MAX_BYTES
    with pytest.raises(
        ValueError, match=r"big\.csv: expected a file of at most 20\.0 MB, found 20\.0 MB"
    ):
        load_files([("big.csv", big)])
    path = tmp_path / "big.csv"
    path.write_bytes(big)
    with pytest.raises(ValueError, match="expected a file of at most 20.0 MB"):
        read_items(path)
    with pytest.raises(
        ValueError, match=r"expected a file of at most 1,000 bytes, found 1,010 bytes"
    ):
        read_items(b"question_id,a\n" + b"x" * 996, "small.csv", max_bytes=1000)


def test_a_million_rows_is_refused_before_parsing():
    raw = b"question_id,a,b\n" + b"q,1,0\n" * 1_000_000
    with pytest.raises(
        ValueError, match=r"expected at most 500,000 rows, found 1,000,000\. Split the file"
    ):
        read_items(raw, "huge.csv")
    assert MAX_ROWS == 500_000
    lines = b'{"doc_id": 1, "acc": 1}\n' * (MAX_ROWS + 1)
    with pytest.raises(ValueError, match=r"expected at most 500,000 lines, found 500,001"):
        read_run(lines, "huge.jsonl")


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


def test_question_ids_and_cells_are_checked():
    with pytest.raises(
        ValueError, match=r"expected a question_id on every row, found a blank one on line 3"
    ):
        read_items(b"question_id,a\nq1,1\n,0\n", "r.csv")
    with pytest.raises(
        ValueError,
        match=r"expected a well-formed CSV, found a row that cannot be read: Expected 2 columns, got 3",
    ):
        read_items(b"question_id,a\nq1,1\nq2,1,0\n", "r.csv")
    with pytest.raises(
        ValueError, match=r"expected at least one question under the header, found none"
    ):
        read_items(b"question_id,a,b\n", "r.csv")
    with pytest.raises(ValueError, match=r"expected each column name once, found 'a' twice"):
        read_items(b"question_id,a,a\nq1,1,0\n", "r.csv")
    with pytest.raises(ValueError, match=r"expected a score column beside model \(a long CSV"):
        read_items(b"question_id,model,result\nq1,gpt,1\n", "r.csv")
    with pytest.raises(ValueError, match=r"expected question_id and at least one column of scores"):
        read_items(b"question_id,cluster\nq1,c\n", "r.csv")


# --------------------------------------------------------------------------- nothing on disk


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
    ]  # fmt: skip
    for files in uploads:
        pair_items(load_files(files))
    for bad in ([("e.csv", b"")], [("x.csv", b"\x89PNG....")], [("z.eval", _zip({"a": "b"}))]):
        with pytest.raises(ValueError):
            load_files(bad)
    assert os.listdir(tmp_path) == []

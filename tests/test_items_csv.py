"""Wide and long CSVs: each layout read, each bad file refused with a plain message.

The message names what was expected and what was found.
"""

from __future__ import annotations

import numpy as np
import pytest
from fixtures_items import (
    long_csv,
    mgsm_like,
)

from benchstats.items import (
    MAX_BYTES,
    MAX_ROWS,
    load_files,
    pair_items,
    read_items,
)


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
    assert items.models == ("A", "B")  # names are cleaned: one visible line, trimmed
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


def test_read_from_a_path(tmp_path):
    raw, _ = mgsm_like(questions=20)
    path = tmp_path / "mgsm.csv"
    path.write_bytes(raw)
    items = read_items(path)
    assert items.sources == ("mgsm.csv",) and items.questions == 200
    assert len(items.clusters) == 20


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


def test_a_question_in_two_clusters():
    raw = long_csv([("q1", "A", 1, 1, "c1"), ("q1", "B", 1, 1, "c2")])
    with pytest.raises(
        ValueError,
        match=r"expected one cluster per question, found question_id 'q1' in clusters c1, c2 \(lines 2 and 3\)",
    ):
        read_items(raw, "r.csv")


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

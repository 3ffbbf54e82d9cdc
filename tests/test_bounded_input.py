"""A file's size in rows is what its reader sees, and many bad rows make one note.

- A CSV's rows are counted as Arrow's reader splits them (LF, CR LF and a lone
  CR): 1.6 million rows ending in CR alone are refused like the same rows ending
  in LF, before they are parsed.
- Signal and noise names a table's bad rows in one note (the first few, then
  how many more), however many there are, and checks them a column at a time.
"""

from __future__ import annotations

import time

import pytest
from conftest import app_test

from benchstats.items import MAX_ROWS, read_items
from benchstats.items.csv_files import line_count


@pytest.mark.parametrize("end", [b"\n", b"\r", b"\r\n"])
def test_rows_are_counted_as_the_csv_reader_splits_them(end):
    raw = b"question_id,a,b\n" + b"".join(b"q%d,1,0%s" % (i, end) for i in range(1_600_000))
    assert len(raw) < 20 * 1024 * 1024 + 3_200_000
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"expected at most 500,000 rows, found 1,600,000\."):
        read_items(raw, "cr.csv", max_bytes=len(raw))
    assert time.perf_counter() - start < 2  # refused before Arrow parses a row


def test_a_cr_only_csv_within_the_cap_is_read_whole():
    raw = b"question_id,a,b\r" + b"".join(b"q%d,1,0\r" % i for i in range(1000))
    assert read_items(raw, "cr.csv").questions == 1000
    assert line_count(raw) == 1001 and MAX_ROWS == 500_000


def upload(rows: str):
    at = app_test("app_pages/signal-noise.py", timeout=120, preset="table").run()
    good = "".join(f"{m},{s},{40 + s}\n" for m in ("a", "b") for s in range(1, 12))
    raw = f"model,step,score\n{good}{rows}".encode()
    start = time.perf_counter()
    at.file_uploader(key="sn_csv").set_value(("rows.csv", raw, "text/csv")).run()
    return at, time.perf_counter() - start


@pytest.mark.parametrize("bad", [20_000, 160_000])
def test_many_bad_rows_make_one_note(bad):
    at, took = upload("x,a,1\n" * bad)
    assert not at.exception
    notes = [w.value for w in at.warning]
    assert len(notes) == 1, len(notes)
    assert notes[0] == (
        f"{bad:,} lines of the file are left out: line 24, the step is not a number; "
        f"line 25, the step is not a number; line 26, the step is not a number; "
        f"and {bad - 3:,} more."
    )
    assert at.get("vega_lite_chart"), "the good rows are still drawn"
    assert took < 15, f"{took:.1f} s"

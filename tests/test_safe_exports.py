"""Every CSV the site writes opens in a spreadsheet as data: no cell runs as a formula.

Names a link or a file carries (``=HYPERLINK(…)``, ``@SUM(1+1)``,
``+cmd|' /C calc'!A0``) go into the tables the site offers as CSV: a chart's
data with its caption rows, the paired questions, the models side by side.
Read back with Python's csv module, no cell may start with ``= + - @``, a tab
or a carriage return unless it is a number; negative numbers stay numbers.
One helper writes them all (:mod:`benchstats.safe_csv`): no other
``to_csv(`` is left in the site's code.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pandas as pd
import pytest
from conftest import ROOT
from hostile_text import FORMULA

from benchstats import unpaired_gap
from benchstats.charts import Caption, captioned_csv
from benchstats.charts.claim import claim_figure
from benchstats.items import align_items, load_files, pair_items
from benchstats.safe_csv import cell, to_csv

FORMULAS = (FORMULA, "@SUM(1+1)", "+cmd|' /C calc'!A0", "-2+3", "\t=1", "\r=1", "=1")
NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def runnable(raw: bytes) -> list[str]:
    """The cells of a CSV a spreadsheet would run as formulas."""
    rows = csv.reader(io.StringIO(raw.decode()))
    return [c for row in rows for c in row if c and c[0] in "=+-@\t\r" and not NUMBER.fullmatch(c)]


def test_a_hostile_cell_is_quoted_and_numbers_stay_numbers():
    for f in FORMULAS:
        assert cell(f) == "'" + f
    assert [cell(x) for x in ("-3.2", "+1", "-1e-3", -3.2, 0, "a=b", "'=x")] == [
        "-3.2", "+1", "-1e-3", -3.2, 0, "a=b", "'=x",
    ]  # fmt: skip


def test_a_charts_data_and_caption_rows_run_nothing():
    gap = unpaired_gap(0.82, 0.78, 100)
    fig = claim_figure(0.82, 0.78, gap, n=100, names=(FORMULA, "@SUM(1+1)"))
    caption = Caption(
        title=f"{FORMULA} vs +cmd|' /C calc'!A0, 82% vs 78%",
        verdict="=1+1,@SUM(1),-x",
        inputs=(("name_a", FORMULA), ("name_b", "-2+3")),
    )
    raw = captioned_csv(fig.table() if callable(fig.table) else fig.table, caption)
    assert FORMULA.split("(")[0] in raw.decode()  # the names are there, as text
    assert runnable(raw) == []
    assert (
        raw.decode().splitlines()[0]
        == f"\"# claim: {FORMULA.replace(chr(34), chr(34) * 2)} vs +cmd|' /C calc'!A0, 82% vs 78%\""
    )


def test_negative_numbers_in_a_table_stay_numbers():
    raw = to_csv(pd.DataFrame({"lead": [-3.2, 1.5], "text": ["-3.2", "-x"]}))
    assert raw.decode().splitlines() == ["lead,text", "-3.2,-3.2", "1.5,'-x"]


def test_a_files_hostile_names_leave_as_text():
    rows = "\n".join(
        f'"{f.replace(chr(34), chr(34) * 2)}{i}",{i % 2},{(i + 1) % 2}'
        for i, f in enumerate(FORMULAS)
    )
    raw = f"question_id,{FORMULA.replace(',', ';')},@SUM(A1)\n{rows}\n".encode()
    items = load_files([("x.csv", raw)])
    for table in (pair_items(items).table, align_items(items).table):
        out = to_csv(table)
        assert runnable(out) == [], out.decode()[:300]


@pytest.mark.parametrize("folder", ["ui", "benchstats", "app_pages"])
def test_one_helper_writes_every_csv(folder):
    calls = [
        f"{p.relative_to(ROOT)}:{i}"
        for p in Path(ROOT, folder).rglob("*.py")
        for i, line in enumerate(p.read_text().splitlines(), start=1)
        if ".to_csv(" in line and p.name != "safe_csv.py"
    ]
    assert calls == [], f"CSV written without benchstats.safe_csv: {calls}"

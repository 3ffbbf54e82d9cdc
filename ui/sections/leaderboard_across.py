"""Two models across many benchmarks (the Vals case): its own table, kept in ``?bench_rows=``.

Each row is one benchmark with both models' scores and either both ± SEs or
the row's questions; :func:`benchstats.benchmark_rows.across_benchmarks`
grades every row, corrects for testing them all, and counts. The model
names are ``name_a`` and ``name_b``. A fragment: editing this table reruns
this section only.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from benchstats.benchmark_rows import (
    BenchmarkRows,
    decode_benchmark_rows,
    encode_benchmark_rows,
)
from benchstats.prose import leaderboard as prose
from ui import params
from ui.claim import NAME_KEYS, name_inputs
from ui.sections.leaderboard_tables import share, table_editor
from ui.verdict import KeyNumber, escape_markdown, verdict_card

KEYS = ("bench_rows", *NAME_KEYS)  # this section's URL keys (its fold opens on them)
COLUMNS = ("Benchmark", "A (%)", "B (%)", "A ± SE", "B ± SE", "Questions")
VALS = (  # 34 illustrative rows built to match Vals' summary counts (see LABEL)
    "Benchmark 1:42.7:46.4:1.8:0.9,Benchmark 2:77.8:70.2:1.6:2.4,Benchmark 3:46.5:45.5:1.6:1.2,"
    "Benchmark 4:63.4:59.8:2:1.1,Benchmark 5:63.7:55.7:2.2:1.1,Benchmark 6:79.3:70.6:1.7:2.2,"
    "Benchmark 7:67.6:65.3:1:1.7,Benchmark 8:52.9:47.4:1.4:1.8,Benchmark 9:78.9:77.7:1.3:1.1,"
    "Benchmark 10:78.1:69.2:2.5:1.8,Benchmark 11:63.7:62.6:1.9:1.1,Benchmark 12:80.7:83.7:1.5:1,"
    "Benchmark 13:86.8:80:1.9:1.3,Benchmark 14:85.6:82.8:1:2.2,Benchmark 15:55.2:52.7:1.8:1,"
    "Benchmark 16:86.2:80.4:1.7:1.1,Benchmark 17:57.5:61.4:1.8:1.4,Benchmark 18:65.7:63.7:0.9:2.3,"
    "Benchmark 19:51.7:46:1.3:2.1,Benchmark 20:87.7:83.7:0.9:1,Benchmark 21:85.2:79.9:1.5:1.7,"
    "Benchmark 22:66.4:59.2:1.8:2,Benchmark 23:62:51:2.1:2.3,Benchmark 24:81.3:77.4:0.8:2.1,"
    "Benchmark 25:48.1:45.6:1.5:2.2,Benchmark 26:75.4:74:2.1:1.7,Benchmark 27:53.3:52.2:1.1:1.4,"
    "Benchmark 28:65.1:58.6:2.4:1.8,Benchmark 29:78.8:84.2:2.4:1.6,Benchmark 30:69.1:74.7:1.7:2.3,"
    "Benchmark 31:71:61.5:1.5:2.3,Benchmark 32:62:65.8:0.9:1.5,Benchmark 33:74.6:72.1:1.2:2.2,"
    "Benchmark 34:65.9:58.3:1.9:2.5"
)
LABEL = (
    "Vals-style comparison (illustrative rows built to match its counts: A ahead on 28 of 34 "
    "benchmarks, ±1 SE bars overlapping on 11 of those 28)"
)


def _use_vals() -> None:
    st.query_params["bench_rows"] = VALS
    st.session_state["name_a"], st.session_state["name_b"] = "Model A", "Model B"


def _frame(rows: BenchmarkRows | None) -> pd.DataFrame:
    if rows is None:
        return pd.DataFrame(
            {c: pd.Series(dtype="object" if i == 0 else "Float64") for i, c in enumerate(COLUMNS)}
        )

    def pct(xs):  # empty cells as <NA>, never "None"
        return pd.array([None if x is None else round(x * 100, 8) for x in xs], dtype="Float64")

    cols = (list(rows.benchmarks), pct(rows.a), pct(rows.b), pct(rows.se_a), pct(rows.se_b))
    frame = pd.DataFrame(dict(zip(COLUMNS, cols, strict=False)))
    frame[COLUMNS[5]] = pd.array(rows.n, dtype="Int64")
    return frame


def _encoded(edited: pd.DataFrame) -> str:
    """The edited rows as the ``bench_rows`` value (rows without a name and two scores left out)."""
    rows = edited.itertuples(index=False, name=None)
    kept = [r for r in rows if isinstance(r[0], str) and r[0].strip()]
    kept = [r for r in kept if share(r[1]) is not None and share(r[2]) is not None]
    if not kept:
        return ""
    return encode_benchmark_rows(
        [r[0].strip() for r in kept],
        [share(r[1]) for r in kept],
        [share(r[2]) for r in kept],
        se_a=[share(r[3]) for r in kept],
        se_b=[share(r[4]) for r in kept],
        n=[None if pd.isna(r[5]) else int(r[5]) for r in kept],
    )


def _rows() -> tuple[BenchmarkRows | None, list[str]]:
    raw = params.raw_param("bench_rows")
    if not raw:
        return None, []
    try:
        rows = decode_benchmark_rows(raw)
    except ValueError as err:
        return None, [f"The link's bench_rows can't be used: {err}."]
    return rows, [f"Link: {n}." for n in rows.notes]


def _table(rows: BenchmarkRows | None) -> BenchmarkRows | None:
    """The editable table; the rows after the reader's edits (None while it is empty)."""
    text = params.raw_param("bench_rows") or ""
    config = {c: st.column_config.NumberColumn(min_value=0.0) for c in COLUMNS[1:]}
    _, new = table_editor(lambda: _frame(rows), text, "bench_rows", _encoded, **config)
    return decode_benchmark_rows(new) if new and new != text else rows


@st.fragment
def section(correction: str, level: float) -> None:
    """Two models across many benchmarks: the table, the verdict, the counts, each row."""
    st.button("Vals-style example", on_click=_use_vals, key="lb_vals", help=LABEL)
    if params.raw_param("bench_rows") == VALS:
        st.markdown(escape_markdown(LABEL) + ".")
    names = name_inputs()
    a, b = names.a or "A", names.b or "B"
    rows, notes = _rows()
    st.markdown(
        "One row per benchmark: both scores (%), then both ± SEs (points) or the row's "
        "number of questions."
    )
    rows = _table(rows)
    if notes:
        st.warning("\n".join(f"- {escape_markdown(n)}" for n in notes))
    if rows is None:
        st.info("Type or load at least one benchmark row to grade it.")
        return
    try:
        r = rows.grade(correction=correction, confidence_level=level)
    except ValueError as err:
        st.error(f"These rows can't be graded: {escape_markdown(str(err))}.")
        return
    numbers = [KeyNumber(*row) for row in prose.across_counts(r, a, b)]
    verdict_card(prose.across_headline(r, a, b), numbers, clears=r.a_clears + r.b_clears > 0)
    st.markdown(  # two paragraphs, one element
        f"**{escape_markdown(r.ties_count.sentence())}**\n\n"
        + escape_markdown(prose.sign_sentence(r, a))
    )
    st.dataframe(pd.DataFrame(prose.across_rows(r, a, b)), hide_index=True, width="stretch")

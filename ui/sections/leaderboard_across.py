"""Two models across many benchmarks (the Vals case), kept in ``?bench_rows=``: every row graded,
corrected for testing them all, and counted, with the board's correction and level."""

from __future__ import annotations

import functools

import streamlit as st

from benchstats.language import N_, _
from benchstats.leaderboard_links import BenchmarkRows
from benchstats.prose import leaderboard as prose
from ui import claim, settings, tables
from ui.sections.leaderboard_inputs import frame_of, link_notes, rows_text, table
from ui.settings import Settings
from ui.verdict import escape_markdown, verdict_card

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
LABEL = N_(
    "Vals-style comparison (illustrative rows built to match its counts: A ahead on 28 of 34 "
    "benchmarks, ±1 SE bars overlapping on 11 of those 28)"
)

FIELDS = ("benchmarks", "a", "b", "se_a", "se_b", "n")
READ = functools.partial(rows_text, kind=BenchmarkRows, scores=2)  # reads the ``bench_rows`` table


def section(s: Settings) -> None:
    """Two models across many benchmarks: the names, the table, the verdict, each row."""
    st.markdown(
        _(
            "## Two models across many benchmarks\n\n"
            "A vendor's table puts one model ahead on most benchmarks. How many of those leads clear "
            "the noise, and how many once every row is tested at once? One row per benchmark: both "
            "scores (%), then both ± SEs (points) or the row's number of questions."
        )
    )
    vals = {"bench_rows": VALS}
    st.button(
        _("Vals-style example"),
        on_click=settings.write,
        args=(s, vals),
        key="lb-vals",
        help=_(LABEL),
    )
    if str(s["bench_rows"]) == VALS:
        st.markdown(escape_markdown(_(LABEL)) + ".")
    claim.name_inputs(s)
    names = claim.names_of(s)
    a, b = names.first, names.second
    if a == b:  # two models given one name: the table's columns must still differ
        a, b = f"{a} (A)", f"{b} (B)"
    labels = (
        _("Benchmark"), f"{a} (%)", f"{b} (%)", f"{a} ± SE", f"{b} ± SE", _("Questions")
    )  # fmt: skip
    number = st.column_config.NumberColumn(min_value=0.0)
    frame = frame_of(s["bench_rows"], FIELDS, labels)
    # six columns of numbers: wider than a phone
    st.caption(_("On a narrow screen this table scrolls sideways: swipe it to see every column."))
    notes = table(s, "bench_rows", frame, READ, **dict.fromkeys(labels[1:], number))
    link_notes(s, "bench_rows", notes)
    rows = s["bench_rows"]
    if rows is None:
        st.info(_("No rows yet: type or load at least one benchmark row to grade it."))
        return
    try:
        r = rows.grade(correction=s["correction"], confidence_level=s["level"] / 100)
    except ValueError as err:
        st.warning(
            _("No verdict yet: {name}.").format(name=escape_markdown(str(err))),
            icon=":material/help:",
        )
        return
    clears = r.a_clears + r.b_clears > 0
    verdict_card(prose.across_headline(r, a, b), prose.across_counts(r, a, b), clears=clears)
    st.markdown(
        f"**{escape_markdown(prose.ties_sentence(r.ties_count))}**\n\n"
        + escape_markdown(prose.sign_sentence(r, a))
    )
    tables.show(prose.across_rows(r, a, b))

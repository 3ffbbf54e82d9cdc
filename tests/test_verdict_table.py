"""benchstats.prose.verdict_table and benchstats.prose.gaps (the articles' table and the sentences) against independent references: R, statsmodels and brute force.

R values were produced with (R 4.2.2, stats only)::

    Rscript -e '
    f <- function(x) sprintf("%.10f", x)
    cat(f(2*pnorm(-sqrt(2))), "\n")                                  # equal SEs
    z <- (1.24+1.07)/sqrt(1.24^2+1.07^2); cat(f(z), f(2*pnorm(-z)), "\n")
    z <- (3+1)/sqrt(9+1); cat(f(z), f(2*pnorm(-z)), "\n")
    p<-.6; n<-198; se<-sqrt(p*(1-p)/n); cat(f(se), f(p-qnorm(.975)*se), f(p+qnorm(.975)*se), "\n")
    p<-.5; n<-50; se<-sqrt(p*(1-p)/n); cat(f(se), f(2*qnorm(.975)*se), "\n")
    zs <- qnorm(.975)+qnorm(.8); cat(f(zs*sqrt(.0124^2+.0107^2)), "\n")
    cat(f(qnorm(.975)*sqrt(2*.6*.4/198)), "\n")
    x <- dbinom(0:100, 100, .8); d <- outer(0:100, 0:100, "-"); P <- outer(x, x)
    cat(f(sum(P[abs(d) >= 4])), f(sum(P[d >= 4])), f(sum(P[d == 0])), "\n")
    cat(f(.05 - qnorm(.975)*sqrt(.05*.95/20)), "\n")
    b<-20;c<-8;n<-198; cat(f((b-c)/n), f(sqrt(b+c)/n), f((b-c)/sqrt(b+c)), "\n")'
"""

from __future__ import annotations

import csv
import io
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchstats.gaps import gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.mcnemar import mcnemar
from benchstats.paired import paired_counts
from benchstats.prose.gaps import (
    arithmetic_paired,
    arithmetic_reported_se,
    arithmetic_unpaired,
    report_paired,
    report_reported_se,
    report_score,
    report_unpaired,
)
from benchstats.prose.verdict_table import (
    ARTICLE_CASES,
    article_rows,
    paired_row,
    reported_se_row,
    unpaired_row,
    verdict_records,
)

FAST = settings(max_examples=60, deadline=None)


# --------------------------------------------------------------------------- verdict table

# FIGURES.md, grading a lead: (a, b, n) → SE (points), low, high, clears
GRADING = [
    (0.82, 0.78, 100, 5.65, -7.1, 15.1, False),
    (0.82, 0.78, 448, 2.67, -1.2, 9.2, False),
    (0.82, 0.78, 1000, 1.79, 0.5, 7.5, True),
    (0.82, 0.78, 2000, 1.26, 1.5, 6.5, True),
    (0.815, 0.80, 500, 2.49, -3.4, 6.4, False),
    (0.81, 0.79, 1000, 1.79, -1.5, 5.5, False),
    (0.60, 0.60, 198, 4.92, -9.7, 9.7, False),
]


def test_article_rows_reproduce_the_grading_table():
    rows = article_rows()
    assert len(rows) == len(ARTICLE_CASES)
    for row, (a, b, n, se, low, high, clears) in zip(rows, GRADING, strict=False):
        assert row.case.endswith(f"{n:,} questions")
        assert row.kind == "unpaired"
        assert round(row.lead * 100, 1) == round((a - b) * 100, 1)
        assert round(row.se * 100, 2) == se
        assert (round(row.low * 100, 1), round(row.high * 100, 1)) == (low, high)
        assert (row.verdict == "clears zero") is clears
    se_row, pair_row = rows[-2], rows[-1]
    assert (se_row.kind, round(se_row.se * 100, 2), round(abs(se_row.z), 1)) == (
        "reported SE",
        1.64,
        1.1,
    )
    assert (pair_row.kind, round(pair_row.lead * 100, 1), round(pair_row.p_value, 3)) == (
        "paired",
        6.1,
        0.024,
    )
    assert all(r.source.startswith("docs/figures.md") for r in rows)


def test_rows_match_the_core_they_wrap():
    g = unpaired_gap(0.7, 0.6, 300, n_b=500)
    r = unpaired_row(0.7, 0.6, 300, n_b=500)
    assert (r.lead, r.se, r.low, r.high, r.p_value) == (g.lead, g.se, g.low, g.high, g.p_value)
    assert r.case == "70% vs 60%, 300 and 500 questions"
    s = reported_se_row(0.5, 0.01, 0.45, 0.02)
    assert s.se == pytest.approx(math.hypot(0.01, 0.02))
    p = paired_row(20, 8, 198, method="wald")
    assert p.high == paired_gap(20, 8, 198, method="wald").high


def test_verdict_records_make_a_clean_csv():
    records = verdict_records([*article_rows(), unpaired_row(1.0, 0.0, 20)])
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(records[0]))
    writer.writeheader()
    writer.writerows(records)
    text = buf.getvalue()
    assert "nan" not in text.lower() and "inf" not in text.lower()
    back = list(csv.DictReader(io.StringIO(text)))
    assert back[1]["case"] == "82% vs 78%, 448 questions"
    assert float(back[1]["low (points)"]) == pytest.approx(-1.2, abs=0.05)
    # 100% vs 0% on 20: the textbook SE is 0, so z is the pooled test's (finite).
    assert float(back[-1]["z"]) == pytest.approx(20 / math.sqrt(0.25 * 2 * 20), abs=1e-4)


def test_report_lines_as_the_issue_writes_them():
    assert report_score(34, 40) == "34 of 40, Wilson 95%: 70.9% to 92.9%"
    g = paired_gap(20, 8, 198)
    line = report_paired(g, mcnemar(20, 8), n=198)
    assert line.startswith("A − B = +6.1 points, 95% interval +")
    assert line.endswith("(Tango), McNemar mid-p = 0.024, 28 of 198 questions discordant")
    exact = report_paired(g, mcnemar(20, 8, method="exact"), n=198)
    assert "McNemar exact p = 0.036" in exact
    assert report_unpaired(
        unpaired_gap(0.82, 0.78, 448, n_b=500), a=0.82, b=0.78, n=448, n_b=500
    ).startswith("82% vs 78% on 448 and 500 questions: ")
    g = gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107)
    assert "A − B = −1.8 points" in report_reported_se(
        g, a=0.9343, se_a=0.0124, b=0.952, se_b=0.0107
    )


def test_arithmetic_lines_carry_the_same_numbers():
    g = unpaired_gap(0.82, 0.78, 448)
    lines = arithmetic_unpaired(g, a=0.82, b=0.78, n=448)
    assert "= 0.0267, that is 2.67 points." in lines[1]
    assert lines[2].endswith("= −1.2 to +9.2 points.")
    se_lines = arithmetic_reported_se(
        gap_from_standard_errors(0.9343, 0.0124, 0.9520, 0.0107), se_a=0.0124, se_b=0.0107
    )
    assert se_lines[0] == "Lead = a − b = −1.77 points."
    paired = arithmetic_paired(paired_gap(20, 8, 198, method="wald"), paired_counts(20, 8, 198))
    assert "the other 170 cancel out" in paired[-1]


@given(
    st.integers(0, 300), st.integers(0, 300), st.integers(0, 400)
)  # b, c and the agreeing questions
def test_a_paired_rows_se_is_the_one_its_z_divides_by(b, c, agree):
    # McNemar's z = lead / (√(b + c)/n): the row's SE column and its z say the same thing.
    n = b + c + agree
    if n == 0:
        return
    r = paired_row(b, c, n)
    assert r.se == pytest.approx(math.sqrt(b + c) / n, abs=1e-15)
    if b != c:
        assert r.lead == pytest.approx(r.se * r.z, rel=1e-12)

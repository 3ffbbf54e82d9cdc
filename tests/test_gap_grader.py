"""The gap grader page through AppTest: deep links, the articles' figures, bad input.

Every figure of FIGURES.md that concerns one or two scores is read off the
page here (rows about many slices, interval coverage, repeated answers,
clustering, best-of-K and pass@k belong to other pages). Reference values are
FIGURES.md's, each recomputed independently in tests/test_verdicts.py.
"""

from __future__ import annotations

import re

import pytest
from conftest import app_test, card_numbers, lazy_tabs, open_lazy, open_tab

PAGE = "pages/gap_grader.py"
TABS = "lazy-grader-tabs"  # the lazy tab row: only the open tab is drawn


# --------------------------------------------------------------------------- helpers


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at) -> list[str]:
    """Every piece of text the page shows (markdown, captions, metrics, alerts, code, tables)."""
    out: list[str] = []
    for kind in ("markdown", "caption", "code", "error", "warning", "info", "success"):
        out += [str(e.value) for e in getattr(at, kind)]
    out += [f"{m.label}: {m.value}" for m in at.metric]
    for df in at.dataframe:
        cells = df.value.astype(object).where(df.value.notna(), "")
        out += [" | ".join(map(str, row)) for row in cells.values.tolist()]
    return out


def tab(at, label: str):
    """Open the tab ``label`` of the grader's lazy row, as a click does; rerun; the AppTest."""
    assert label in lazy_tabs(at)[TABS], lazy_tabs(at)
    open_tab(at, TABS, label)
    assert not at.exception, [e.value for e in at.exception]
    return at


def page_text(at) -> str:
    """The whole page's text: each tab opened in turn, its folds opened (the contamination
    check, the download menus); the tab open before is open again afterwards."""
    labels = lazy_tabs(at).get(TABS, [])
    before = at.session_state[TABS] if TABS in at.session_state else (labels or [None])[0]
    out: list[str] = []
    for label in labels or [None]:
        if label is not None:
            tab(at, label)
        out += texts(open_lazy(at))
    if before is not None:
        tab(at, before)
    # Markdown escapes (\\+, \\:) are for the renderer; compare on what a reader sees.
    return "\n".join(out).replace("\\", "")


def metric(at, label: str) -> str:
    """A number of the verdict card: a tile, or a line of its planning list."""
    shown = card_numbers(at)
    assert label in shown, f"no number {label!r}; have {list(shown)}"
    return shown[label]


def report(at) -> str:
    """The report to copy (its tab opened)."""
    return tab(at, "Report it like this").code[0].value


def no_nan_or_inf(at) -> None:
    text = page_text(at)
    assert not re.search(r"\bnan\b|\binf\b|NaN|Infinity|None", text), text


# --------------------------------------------------------------------------- issue 5 "Done when"


def test_done_when_unpaired_82_78_448():
    at = run(a=82, b=78, n=448)
    assert metric(at, "SE of the gap") == "2.67 points"
    assert metric(at, "95% range for the true lead") == "−1.2 to +9.2"
    assert "Inside the noise" in page_text(at)
    no_nan_or_inf(at)


def test_done_when_paired_20_8_198():
    at = run(a_only=20, b_only=8, n=198)
    assert at.button_group(key="_mode_menu").value == "paired"
    assert metric(at, "Lead, A − B") == "+6.1 points"
    assert metric(at, "McNemar mid-p") == "0.024"  # the card, on the first screen
    tab(at, "Paired test")
    assert metric(at, "Asymptotic") == "0.023"
    assert metric(at, "Exact") == "0.036"
    assert metric(at, "Mid-p (default)") == "0.024"
    assert metric(at, "McNemar mid-p") == "0.024"
    no_nan_or_inf(at)


def test_done_when_reported_se_gpqa_row():
    at = run(a=93.43, se_a=1.24, b=95.20, se_b=1.07)
    assert at.button_group(key="_mode_menu").value == "se"
    assert metric(at, "SE of the gap") == "1.64 points"
    assert "z = −1.08" in report(at)  # FIGURES: 1.1 SE
    no_nan_or_inf(at)


# --------------------------------------------------------------------------- FIGURES.md rows

# Grading a lead (unpaired): scores, n → SE, 95% range, verdict.
GRADING = [
    (82, 78, 100, "5.65 points", "−7.1 to +15.1", "Inside the noise"),
    (82, 78, 448, "2.67 points", "−1.2 to +9.2", "Inside the noise"),
    (82, 78, 1000, "1.79 points", "+0.5 to +7.5", "Clears the noise"),
    (82, 78, 2000, "1.26 points", "+1.5 to +6.5", "Clears the noise"),
    (81.5, 80, 500, "2.49 points", "−3.4 to +6.4", "Inside the noise"),
    (81, 79, 1000, "1.79 points", "−1.5 to +5.5", "Inside the noise"),
]


@pytest.mark.parametrize(("a", "b", "n", "se", "span", "verdict"), GRADING)
def test_figures_grading_a_lead(a, b, n, se, span, verdict):
    at = run(a=a, b=b, n=n)
    assert metric(at, "SE of the gap") == se
    assert metric(at, "95% range for the true lead") == span
    headline = next(m.value for m in at.markdown if m.value.startswith("#### "))  # the card's
    assert verdict in headline.replace("\\", "")
    # the same row, recomputed, in the verdict table
    table = tab(at, "Verdict table").dataframe[-1].value
    assert table["case"].iloc[-1].startswith("Your numbers")


def test_figures_60_vs_60_on_198_needs_9_7_points():
    at = run(a=60, b=60, n=198)
    assert metric(at, "SE of the gap") == "4.92 points"
    assert metric(at, "Lead needed to clear zero") == "9.7 points"


def test_figures_luck_both_80_on_100():
    # SE 5.66; 95% of runs within 11.1 points; exact tie 7.05%
    at = run(a=80, b=80, n=100)
    assert metric(at, "SE of the gap") == "5.66 points"
    assert metric(at, "95% range for the true lead") == "−11.1 to +11.1"
    assert "tie exactly on 100 questions only 7.05% of the time" in page_text(at)


def test_figures_luck_4_points_apart_on_100():
    # 53.55% either way, 26.78% for one particular model
    at = run(a=82, b=78, n=100)
    text = page_text(at)
    # the lead in whole questions is named: the one definition of the luck chance (issue 18 #2)
    assert "4.0 or more points apart (4 questions) on 100 questions 53.55% of the time" in text
    assert "one particular model leads by that much 26.78%" in text


@pytest.mark.parametrize(
    ("a", "b", "needed"),
    [(82, 78, "1,566"), (80.75, 79.25, "11,159"), (71, 69, "8,238")],
)
def test_figures_questions_needed(a, b, needed):
    at = run(a=a, b=b, n=100)
    assert metric(at, "Questions to detect this lead") == needed


# Smallest detectable lead, two scores near p on n questions: (n, p, points).
MDE = [
    (30, 50, "36.2"), (30, 70, "33.1"), (30, 90, "21.7"),
    (100, 50, "19.8"), (100, 70, "18.2"), (100, 90, "11.9"),
    (198, 50, "14.1"), (198, 70, "12.9"), (198, 90, "8.4"),
    (500, 50, "8.9"), (500, 70, "8.1"), (500, 90, "5.3"),
    (1000, 50, "6.3"), (1000, 70, "5.7"), (1000, 90, "3.8"),
    (2000, 70, "4.1"), (5000, 70, "2.6"), (198, 94, "6.7"),
]  # fmt: skip


@pytest.fixture(scope="module")
def shared():
    """One AppTest reused for many edits (reruns are cheap, new instances are not)."""
    return run(a=50, b=50, n=30)


@pytest.mark.parametrize(("n", "p", "points"), MDE)
def test_figures_smallest_detectable_lead(shared, n, p, points):
    at = shared
    at.number_input(key="a").set_value(float(p))
    at.number_input(key="b").set_value(float(p))
    at.number_input(key="n").set_value(n)
    at.run()
    assert not at.exception
    assert metric(at, "Smallest lead it can detect") == f"{points} points"


def test_figures_reported_se_detects_4_6_points_and_gap_1_77():
    at = run(a=93.43, se_a=1.24, b=95.20, se_b=1.07)
    assert metric(at, "Smallest lead it can detect") == "4.6 points"
    assert "Lead = a − b = −1.77 points." in page_text(at)


def test_figures_overlap_rule_0_157():
    at = run(a=93.43, se_a=1.24, b=95.20, se_b=1.07)
    text = page_text(at)
    assert (
        "with equal SEs, bars that just fail to touch are √2 = 1.41 SEs of the gap apart, p = 0.157"
        in text
    )
    assert "The ±1 SE bars overlap." in text


def test_figures_one_score_60_on_198():
    at = run(a=60, b=60, n=198)
    text = page_text(at)
    assert "SE of the score √(p(1 − p)/n) = 3.48 points" in text
    assert "spans 53.2% to 66.8% (13.6 points wide)" in text


@pytest.mark.parametrize(
    ("interval", "line"),
    [
        ("wilson", "A: 34 of 40, Wilson 95%: 70.9% to 92.9%"),
        ("clopper-pearson", "A: 34 of 40, Clopper–Pearson 95%: 70.2% to 94.3%"),
    ],
)
def test_figures_34_of_40(interval, line):
    at = run(a=85, b=80, n=40, interval=interval)
    assert line in report(at).splitlines()


def test_figures_four_slices_of_50_near_50():
    # SE about 7 points, 95% interval about 28 points wide
    at = run(a=50, b=50, n=50)
    assert "= 7.07 points, so score ± 1.96 SE spans 36.1% to 63.9% (27.7 points wide)" in (
        page_text(at)
    )


@pytest.mark.parametrize(
    ("options", "factor", "corrected_a", "corrected_se"),
    [(4, "1.33", "46.7%", "4.64 points"), (10, "1.11", "55.6%", "3.87 points")],
)
def test_figures_chance_correction(options, factor, corrected_a, corrected_se):
    at = run(a=60, b=60, n=198, options=options)
    text = page_text(at)
    assert f"1/(1 − 1/{options}) = {factor}" in text
    table = tab(at, "Chance correction").dataframe[0].value.set_index("")
    assert table.loc["Score A", "Chance-corrected"] == corrected_a
    assert table.loc["SE of A", "As measured"] == "3.48 points"
    assert table.loc["SE of A", "Chance-corrected"] == corrected_se


def test_figures_paired_row_details():
    at = run(a_only=20, b_only=8, n=198)
    text = page_text(at)
    assert metric(at, "SE if equally good") == "2.67 points"
    assert "√28/198 = 2.67 points; McNemar z = (20 − 8)/√28 = 2.27" in text
    assert metric(at, "Questions that disagree") == "28 of 198"
    assert "Only **28 of 198 questions** carry information" in text
    assert (
        report(at).splitlines()[0].endswith("McNemar mid-p = 0.024, 28 of 198 questions discordant")
    )


def test_figures_five_three_split_is_nothing():
    at = tab(run(a_only=5, b_only=3, n=100), "Paired test")
    assert metric(at, "Exact") == "0.727"  # FIGURES: 0.73


def test_figures_ten_of_ten_sign_test():
    at = tab(run(a_only=10, b_only=0, n=10, a=100), "Paired test")
    assert metric(at, "Exact") == "0.002"
    assert not at.error


@pytest.mark.parametrize(
    ("n", "points"), [(200, "8.9"), (500, "5.6"), (1000, "4.0"), (2000, "2.8"), (5000, "1.8")]
)
def test_figures_paired_detectable_lead_at_20_percent_discordance(n, points):
    half = n // 10  # a_only = b_only = 10% of n: 20% disagree
    at = run(a_only=half, b_only=half, n=n, a=50)
    assert metric(at, "Smallest lead it can detect") == f"{points} points"


def test_figures_paired_questions_needed_3925():
    at = run(a_only=110, b_only=90, n=1000, a=50)  # lead 2 points, 20% discordant
    assert metric(at, "Questions to detect this lead") == "3,925"


def test_verdict_table_has_the_articles_rows_and_yours():
    at = tab(run(a=82, b=78, n=448), "Verdict table")
    table = at.dataframe[-1].value
    cases = table["case"].tolist()
    assert cases[:2] == ["82% vs 78%, 100 questions", "82% vs 78%, 448 questions"]
    assert "93.43% ± 1.24 vs 95.2% ± 1.07" in cases
    assert "20 vs 8 of 198 questions, paired" in cases
    assert cases[-1] == "Your numbers: 82% vs 78%, 448 questions"
    row = table[table["case"] == "82% vs 78%, 1,000 questions"].iloc[0]
    assert (round(row["low (points)"], 1), round(row["high (points)"], 1)) == (0.5, 7.5)
    assert row["verdict"] == "clears zero"
    assert [b.proto.label for b in at.get("download_button")].count("Verdict table (CSV)") == 1


# --------------------------------------------------------------------------- sections


def test_paired_shows_unpaired_beside_and_intervals():
    at = tab(run(a_only=20, b_only=8, n=198, a=60), "Paired test")
    table = at.dataframe[0].value
    assert table["How"].tolist() == [
        "Paired, Tango score interval",
        "Paired, Wald interval",
        "Same scores graded unpaired",
    ]
    # graded unpaired, the same lead does not clear zero; paired it does
    assert table["Verdict"].tolist() == ["clears zero", "clears zero", "inside the noise"]
    assert "Mid-p is the default" in page_text(at)


def test_sections_and_per_question_tab():
    at = run(a=82, b=78, n=448)
    labels = lazy_tabs(at)[TABS]
    assert labels == [
        "Report it like this",
        "The arithmetic",
        "Each score's interval",
        "Chance correction",
        "Overlap rule",
        "Verdict table",
        "Per-question results",
    ]
    assert at.code and not at.get("file_uploader")  # only the open tab (the report) is drawn
    assert tab(at, "Per-question results").get("file_uploader")  # the panel is called
    assert lazy_tabs(run(a_only=20, b_only=8, n=198))[TABS][:3] == [
        "Report it like this",
        "The arithmetic",
        "Paired test",
    ]


def test_an_edit_draws_one_chart_and_the_open_tab():
    at = run(a=82, b=78, n=448, options=4)
    assert len(at.get("vega_lite_chart")) == 1  # the lead chart; the tabs' charts wait
    at.number_input(key="a").set_value(83.0).run()
    assert len(at.get("vega_lite_chart")) == 1 and at.code  # the report tab stays open
    tab(at, "Overlap rule").number_input(key="a").set_value(84.0).run()
    assert len(at.get("vega_lite_chart")) == 2 and not at.code  # the lead's and the open tab's
    assert "84% vs 78%" in report(at)


def test_charts_present_with_downloads():
    at = run(a=82, b=78, n=448, options=4)
    charts, labels = 0, []
    for label in ("Report it like this", "Each score's interval", "Overlap rule"):
        charts += len(tab(at, label).get("vega_lite_chart")) - 1  # the lead chart is always drawn
        labels += [b.proto.label for b in open_lazy(at).get("download_button")]
    assert charts + 1 >= 3
    assert labels.count("Picture (PNG)") >= 2 and labels.count("Data (CSV)") >= 2


def test_wald_zero_width_and_out_of_range_notes():
    at = tab(run(a=100, b=5, n=20, interval="wald"), "Each score's interval")
    warnings = " ".join(w.value for w in at.warning)
    assert "Wald's interval for A has zero width: at 20 of 20" in warnings
    assert "Wald's interval for B runs from −4.6% to 14.6%" in warnings
    assert "A: 20 of 20, Wald 95%: 100.0% to 100.0%" in report(at)


def test_preset_fills_questions_and_options():
    at = run(a=60, b=55, bench="gpqa-diamond")
    text = page_text(at)
    assert "**Questions:** 198 (GPQA Diamond)" in text
    assert "GPQA Diamond has 4 options per question." in text
    assert "1/(1 − 1/4) = 1.33" in text


def test_switching_mode_on_the_page():
    at = run(a=82, b=78, n=448)
    at.button_group(key="_mode_menu").set_value("paired").run()
    assert not at.exception
    assert metric(at, "McNemar mid-p")
    at.button_group(key="_mode_menu").set_value("se").run()
    assert metric(at, "SE of the gap") == "2.00 points" or "SE of the gap" in [
        m.label for m in at.metric
    ]


def test_explicit_mode_in_url_wins():
    at = run(mode="unpaired", a=82, b=78, n=448, a_only=20, b_only=8)
    assert at.button_group(key="_mode_menu").value == "unpaired"
    assert metric(at, "SE of the gap") == "2.67 points"


def test_different_n_for_b():
    at = run(a=82, b=78, n=448, n_b=1000)
    assert at.toggle(key="own_n_b").value is True
    # Rscript -e "sqrt(.82*.18/448 + .78*.22/1000)"  → 0.02238
    assert metric(at, "SE of the gap") == "2.24 points"
    assert "82% vs 78% on 448 and 1,000 questions" in report(at)


# --------------------------------------------------------------------------- bad input (issue 5)


def _notes(at) -> str:
    return " ".join(w.value for w in at.warning) + " " + " ".join(e.value for e in at.error)


def _page_still_works(at) -> None:
    assert not at.exception
    assert at.metric, "the verdict card is gone"
    assert at.get("vega_lite_chart"), "the chart is gone"
    no_nan_or_inf(at)


def test_bad_paired_counts_exceed_n():
    at = run(a_only=150, b_only=60, n=198)
    assert "a_only + b_only = 150 + 60 = 210 is more than the 198 questions" in _notes(at)
    assert metric(at, "Questions that disagree") == "28 of 198"  # defaults used
    _page_still_works(at)


@pytest.mark.parametrize("key", ["a_only", "b_only"])
def test_bad_negative_counts(key):
    at = run(**{"a_only": 20, "b_only": 8, "n": 198, key: -3})
    assert f"`{key}=-3`" in _notes(at)
    _page_still_works(at)


def test_bad_n_b_zero():
    at = run(a=82, b=78, n=448, n_b=0)
    assert "`n_b=0`" in _notes(at)
    assert metric(at, "SE of the gap") == "2.67 points"  # n_b falls back to n
    _page_still_works(at)


def test_bad_options_one():
    at = run(a=60, b=60, n=198, options=1)
    assert "`options=1`" not in _notes(tab(at, "Report it like this"))  # its menu is closed
    assert "`options=1`" in _notes(tab(at, "Chance correction"))  # the note under the menu
    _page_still_works(at)


def test_bad_interval_bogus():
    at = run(a=85, b=80, n=40, interval="bogus")
    assert "A: 34 of 40, Wilson 95%" in report(at)  # read from the link: bogus is no method
    assert "`interval=bogus`" in _notes(tab(at, "Each score's interval"))
    assert "A: 34 of 40, Wilson 95%: 70.9% to 92.9%" in report(at)  # the default
    _page_still_works(at)


@pytest.mark.parametrize(("key", "value"), [("a", 150), ("b", -4), ("a", "banana")])
def test_bad_scores_outside_0_100(key, value):
    at = run(**{"a": 82, "b": 78, "n": 448, key: value})
    assert f"`{key}={value}`" in _notes(at)
    _page_still_works(at)


@pytest.mark.parametrize(("key", "value"), [("se_a", 0), ("se_b", -1)])
def test_bad_standard_errors(key, value):
    at = run(**{"a": 93.43, "b": 95.2, "se_a": 1.24, "se_b": 1.07, key: value})
    assert f"`{key}={value}`" in _notes(at)
    _page_still_works(at)


def test_bad_score_a_does_not_fit_paired_counts():
    at = run(a_only=10, b_only=0, n=10, a=50)
    assert "A's score of 50% cannot go with these counts" in _notes(at)
    _page_still_works(at)


def test_no_disagreements_gives_p_1_and_says_why():
    at = tab(run(a_only=0, b_only=0, n=198, a=60), "Paired test")
    for name in ("Exact", "Mid-p (default)", "Asymptotic", "Continuity-corrected"):
        assert metric(at, name) == "1.000"
    text = page_text(at)
    assert "a_only + b_only = 0: no question separates the models" in text
    _page_still_works(at)


def test_bad_bench_key():
    at = run(a=82, b=78, n=448, bench="nope")
    assert "`bench=nope`" in _notes(at)
    _page_still_works(at)


def test_menus_write_their_keys_to_the_url():
    at = run(a=85, b=80, n=40)
    assert at.query_params["mode"] == "unpaired"  # the mode is always in the link
    tab(at, "Each score's interval").selectbox(key="_interval_menu").select("jeffreys").run()
    assert at.query_params["interval"] == "jeffreys"
    assert "A: 34 of 40, Jeffreys 95%:" in report(at)
    assert at.query_params["interval"] == "jeffreys"  # kept in the link with its tab closed
    at.button_group(key="_mode_menu").set_value("se").run()
    assert at.query_params["mode"] == "se"
    assert not at.exception

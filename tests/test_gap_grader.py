"""The Gap grader through AppTest: the settings model, the articles' figures, bad input.

Every figure of FIGURES.md that concerns one or two scores is read off the
page here (rows about many slices, interval coverage, repeated answers,
clustering, best-of-K and pass@k belong to other pages). Reference values are
FIGURES.md's, each recomputed independently in tests/test_verdicts.py.
"""

from __future__ import annotations

import json
import re

import pyarrow as pa
import pytest
from conftest import app_test, card_numbers

PAGE = "app_pages/gap-grader.py"


# --------------------------------------------------------------------------- helpers


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def page_text(at) -> str:
    """Every piece of text the page shows, Markdown escapes taken out (as a reader sees it)."""
    out: list[str] = []
    for kind in ("markdown", "caption", "code", "error", "warning", "info", "success"):
        out += [str(e.value) for e in getattr(at, kind)]
    out += [f"{m.label}: {m.value}" for m in at.metric]
    for df in [*at.dataframe, *at.table]:
        cells = df.value.astype(object).where(df.value.notna(), "")
        out += [" | ".join(map(str, row)) for row in cells.values.tolist()]
    return "\n".join(out).replace("\\", "")


def metric(at, label: str) -> str:
    """A number of the page: a verdict tile, a McNemar tile, or a line of the planning list."""
    shown = card_numbers(at)
    assert label in shown, f"no number {label!r}; have {list(shown)}"
    return shown[label]


def report(at) -> str:
    """The report to copy."""
    return at.code[0].value


def headline(at) -> str:
    """The verdict card's sentence, without its icon."""
    card = next(m.value for m in at.markdown if m.value.startswith("#### "))
    return card.split("] ", 1)[1].replace("\\", "")


def notes(at) -> str:
    return " ".join(w.value for w in [*at.warning, *at.error, *at.info])


def downloads(at) -> list[str]:
    return [b.proto.label for b in at.get("download_button")]


def specs(at) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]


def chart_rows(at, i: int = 0) -> list[dict]:
    chart = at.get("vega_lite_chart")[i]
    return [
        row
        for d in chart.proto.datasets
        for row in pa.ipc.open_stream(d.data.data).read_pandas().to_dict("records")
    ]


def no_nan_or_inf(at) -> None:
    text = page_text(at)
    assert not re.search(r"\bnan\b|\binf\b|NaN|Infinity|None", text), text


def graded_page(at) -> None:
    """The page graded: a verdict, a chart with its downloads, no traceback, no garbage."""
    assert not at.exception
    assert at.metric, "the verdict card is gone"
    assert at.get("vega_lite_chart") and "Picture (PNG)" in downloads(at)
    no_nan_or_inf(at)


def nothing_graded(at, *missing: str) -> None:
    """No verdict, no sentence to copy, no download; a line naming each missing key."""
    assert not at.exception
    assert not at.metric and not at.code and not downloads(at)
    assert not any(m.value.startswith("#### ") for m in at.markdown)
    said = notes(at)
    for key in missing:
        assert f"(`{key}`)" in said, said
    assert at.get("vega_lite_chart"), "the chart's place stays, empty"
    assert not chart_rows(at)


# --------------------------------------------------------------------------- the issues' "Done when"


def test_done_when_unpaired_82_78_448():
    at = run(a=82, b=78, n=448)
    assert metric(at, "SE of the gap") == "2.67 points"
    assert metric(at, "95% range for the true lead") == "−1.2 to +9.2"
    assert "Inside the noise" in headline(at)
    graded_page(at)


def test_done_when_paired_20_8_198():
    at = run(a_only=20, b_only=8, n=198)
    assert at.button_group(key="mode").value == "paired"  # the keys given chose it
    assert metric(at, "Lead, A − B") == "+6.1 points"
    assert metric(at, "McNemar mid-p") == "0.024"  # the card, on the first screen
    graded_page(at)


def test_done_when_reported_se_gpqa_row():
    at = run(a=93.43, se_a=1.24, b=95.20, se_b=1.07)
    assert at.button_group(key="mode").value == "se"
    assert metric(at, "SE of the gap") == "1.64 points"
    assert "z = −1.08" in report(at)  # FIGURES: 1.1 SE
    graded_page(at)


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
    assert headline(at).startswith(verdict)
    assert at.table[-1].value["case"].iloc[-1].startswith("Your numbers")  # the table's row


# The paired figures and the reported-SE row: link → the numbers the page shows.
PAIRED = [
    (
        dict(a_only=20, b_only=8, n=198),
        {"Lead, A − B": "+6.1 points", "SE if equally good": "2.67 points",
         "Asymptotic": "0.023", "Exact": "0.036", "Mid-p (default)": "0.024"},
        ["McNemar z = (20 − 8)/√28 = 2.27", "Only **28 of 198 questions** carry information"],
    ),
    (dict(a_only=5, b_only=3, n=100), {"Exact": "0.727"}, []),  # 5–3: exact p 0.73, nothing
    (dict(a_only=10, b_only=0, n=10), {"Exact": "0.002"}, []),  # 10 of 10: sign test p 0.002
    (
        dict(a=93.43, se_a=1.24, b=95.20, se_b=1.07),
        {"SE of the gap": "1.64 points", "Smallest lead it can detect": "4.6 points"},
        ["Lead = a − b = −1.77 points.", "z = lead / SE = −1.8 / 1.64 = −1.08"],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("query", "numbers", "lines"), PAIRED)
def test_figures_paired_and_reported_se(query, numbers, lines):
    at = run(**query)
    for label, value in numbers.items():
        assert metric(at, label) == value, label
    text = page_text(at)
    for line in lines:
        assert line in text
    assert not at.error


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
    text = page_text(run(a=82, b=78, n=100))  # 53.55% either way, 26.78% one particular model
    assert "4.0 or more points apart (4 questions) on 100 questions 53.55% of the time" in text
    assert "one particular model leads by that much 26.78%" in text


@pytest.mark.parametrize(
    ("a", "b", "needed"), [(82, 78, "1,566"), (80.75, 79.25, "11,159"), (71, 69, "8,238")]
)
def test_figures_questions_needed(a, b, needed):
    assert metric(run(a=a, b=b, n=100), "Questions to detect this lead") == needed


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
    at.number_input(key="a").set_value(float(p)).run()
    at.number_input(key="b").set_value(float(p)).run()
    at.number_input(key="n").set_value(n).run()
    assert not at.exception
    assert metric(at, "Smallest lead it can detect") == f"{points} points"


def test_figures_overlap_rule_0_157():
    text = page_text(run(a=93.43, se_a=1.24, b=95.20, se_b=1.07))
    assert (
        "with equal SEs, bars that just fail to touch are √2 = 1.41 SEs of the gap apart, p = 0.157"
        in text
    )
    assert "The ±1 SE bars overlap." in text


def test_figures_one_score_60_on_198():
    text = page_text(run(a=60, b=60, n=198))
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
    assert line in report(run(a=85, b=80, n=40, interval=interval)).splitlines()


def test_wald_zero_width_and_out_of_range_notes():
    at = run(a=100, b=5, n=20, interval="wald")
    warnings = " ".join(w.value for w in at.warning)
    assert "Wald's interval for A has zero width: at 20 of 20" in warnings
    assert "Wald's interval for B runs from −4.6% to 14.6%" in warnings
    assert "A: 20 of 20, Wald 95%: 100.0% to 100.0%" in report(at)
    walls = sorted(r["edge"] for r in chart_rows(at, 1) if r["kind"] == "wall")
    assert walls == [0.0, 100.0]  # the intervals chart marks both edges


def test_figures_four_slices_of_50_near_50():
    text = page_text(run(a=50, b=50, n=50))  # SE about 7 points, 95% interval about 28 wide
    assert "= 7.07 points, so score ± 1.96 SE spans 36.1% to 63.9% (27.7 points wide)" in text


@pytest.mark.parametrize(
    ("options", "factor", "corrected_a", "corrected_se"),
    [(4, "1.33", "46.7%", "4.64 points"), (10, "1.11", "55.6%", "3.87 points")],
)
def test_figures_chance_correction(options, factor, corrected_a, corrected_se):
    at = run(a=60, b=60, n=198, options=options)
    assert f"1/(1 − 1/{options}) = {factor}" in page_text(at)
    table = at.table[0].value.set_index("")
    assert table.loc["Score of A", "Chance-corrected"] == corrected_a
    assert table.loc["SE of A", "As measured"] == "3.48 points"
    assert table.loc["SE of A", "Chance-corrected"] == corrected_se
    assert any(r["label"] == "Chance-corrected, 4 options" for r in chart_rows(at)) == (
        options == 4
    )  # the lead chart carries the corrected lead


def test_figures_paired_row_details():
    at = run(a_only=20, b_only=8, n=198)
    assert metric(at, "Questions that disagree") == "28 of 198"
    assert report(at).endswith("McNemar mid-p = 0.024, 28 of 198 questions discordant")


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
    at = run(a=82, b=78, n=448)
    table = at.table[-1].value
    cases = table["case"].tolist()
    assert cases[:2] == ["82% vs 78%, 100 questions", "82% vs 78%, 448 questions"]
    assert "93.43% ± 1.24 vs 95.2% ± 1.07" in cases
    assert "20 vs 8 of 198 questions, paired" in cases
    assert cases[-1] == "Your numbers: 82% vs 78%, 448 questions"
    row = table[table["case"] == "82% vs 78%, 1,000 questions"].iloc[0]
    assert (row["low"], row["high"], row["SE"], row["p"]) == ("+0.5", "+7.5", "1.79", "0.025")
    assert row["verdict"] == "clears zero"
    assert downloads(at).count("Verdict table (CSV)") == 1


# --------------------------------------------------------------------------- the settings model


def test_an_empty_visit_shows_the_worked_example_labelled():
    at = run()
    assert "Worked example" in at.markdown[1].value and "82% vs 78% on 100 questions" in page_text(
        at
    )
    assert headline(at).startswith("Inside the noise")
    assert any("From the worked example" in c.value for c in at.caption)  # under each input
    graded_page(at)


@pytest.mark.parametrize(
    ("mode", "shown"),
    [
        ("paired", "20 questions only A got right and 8 only B got right, of 198"),
        ("se", "93.43% vs 95.2% (± 1.24 and ± 1.07 points)"),
        ("file", "example.csv, model_a vs model_b on the same 40 questions"),
    ],
)
def test_each_mode_has_its_own_worked_example(mode, shown):
    at = run(mode=mode)
    badge = next(m.value for m in at.markdown if "Worked example" in m.value).replace("\\", "")
    assert shown in badge
    assert "82%" not in headline(at)  # the first example's numbers are not this mode's
    graded_page(at)
    if mode == "paired":  # the example's slider: the reader who moves it takes the example's counts
        at.slider(key="_slide_Questions they disagree on (the lead kept)").set_value(40).run()
        assert "Worked example" not in page_text(at) and "McNemar mid-p = " in report(at)
        assert (at.number_input(key="a_only").value, at.number_input(key="n").value) == (26, 198)


def test_editing_the_example_takes_its_values_as_the_readers():
    at = run()
    at.number_input(key="a").set_value(90.0).run()
    assert "Worked example" not in page_text(at)
    assert "90% vs 78% on 100 questions each" in report(at)  # b and n kept, now given
    assert not any("From the worked example" in c.value for c in at.caption)


@pytest.mark.parametrize(
    ("query", "missing"),
    [
        (dict(a=82), ("b", "n")),
        (dict(a=82, b=78), ("n",)),
        (dict(n=198, name_a="GPT"), ("a", "b")),
        (dict(a_only=20, n=198), ("b_only",)),
        (dict(mode="paired", a=60), ("a_only", "b_only", "n")),
        (dict(se_a=1.2, a=93.4), ("b", "se_b")),
        (dict(a=82, b=150, n=100), ("b",)),  # a refused value is not given either
    ],
)
def test_a_link_with_some_values_is_never_completed_with_the_examples(query, missing):
    at = run(**query)
    nothing_graded(at, *missing)
    assert "Worked example" not in page_text(at)
    assert "Nothing is graded yet" in notes(at)


def test_a_preset_fills_the_questions_and_the_options():
    at = run(a=60, b=55, bench="gpqa-diamond")
    assert at.number_input(key="n").value == 198 and at.number_input(key="n").proto.disabled
    text = page_text(at)
    assert "From the GPQA Diamond preset." in text
    assert "GPQA Diamond has 4 options per question." in text and "1/(1 − 1/4) = 1.33" in text
    graded_page(at)


def test_a_score_with_paired_counts_gives_the_other():
    at = run(a_only=20, b_only=8, n=198, a=60, name_a="GPT", name_b="Claude")
    b = at.number_input(key="b")
    assert b.value == pytest.approx(53.94, abs=0.01) and b.proto.disabled
    assert "Worked out from A's score and the paired counts." in page_text(at)
    table = at.table[0].value
    assert table["How"].tolist() == [
        "Paired, Tango score interval",
        "Paired, Wald interval",
        "Same scores graded unpaired",
    ]
    # graded unpaired, the same lead does not clear zero; paired it does
    assert table["Verdict"].tolist() == ["clears zero", "clears zero", "inside the noise"]
    at = run(a_only=20, b_only=8, n=198, b=53.94)  # or A's from B's
    assert at.number_input(key="a").value == pytest.approx(60.0, abs=0.01)


def test_an_a_score_the_counts_cannot_have_is_refused_and_nothing_unpaired_shown():
    at = run(a_only=10, b_only=0, n=10, a=50)
    assert "`a=50` can't be used: a must be 100.0 (percent) with these paired counts" in notes(at)
    assert metric(at, "McNemar mid-p")  # the paired verdict stands on the counts
    text = page_text(at)
    assert "Same scores graded unpaired" not in text and "need the scores" in text
    graded_page(at)


def test_a_b_score_that_disagrees_with_the_counts_is_refused():
    at = run(a_only=20, b_only=8, n=198, a=60, b=70)
    assert "`b=70` can't be used: b must be 53.94: A's score less the paired lead" in notes(at)
    assert at.number_input(key="b").value == pytest.approx(53.94, abs=0.01)


def test_switching_mode_on_the_page():
    at = run(a=82, b=78, n=448)
    at.button_group(key="mode").set_value("paired").run()
    nothing_graded(at, "a_only", "b_only")  # a and b stay, the counts are the reader's to give
    at.button_group(key="mode").set_value("se").run()
    nothing_graded(at, "se_a", "se_b")
    at.button_group(key="mode").set_value("unpaired").run()
    assert metric(at, "SE of the gap") == "2.67 points"


def test_explicit_mode_in_the_link_wins():
    at = run(mode="unpaired", a=82, b=78, n=448, a_only=20, b_only=8)
    assert at.button_group(key="mode").value == "unpaired"
    assert metric(at, "SE of the gap") == "2.67 points"


def test_different_n_for_b():
    at = run(a=82, b=78, n=448, n_b=1000)
    # Rscript -e "sqrt(.82*.18/448 + .78*.22/1000)"  → 0.02238
    assert metric(at, "SE of the gap") == "2.24 points"
    assert "82% vs 78% on 448 and 1,000 questions" in report(at)


def test_the_n_slider_moves_the_same_scores_to_more_questions():
    at = run(a=82, b=78, bench="gpqa-diamond")
    slider = at.select_slider(key="_slide_Same scores on more questions")
    assert slider.value == 198 and "2,000" in slider.options
    slider.set_value(2000).run()
    assert metric(at, "95% range for the true lead") == "+1.5 to +6.5"  # FIGURES: clears it
    assert at.number_input(key="n").value == 2000 and not at.number_input(key="n").proto.disabled
    assert at.selectbox(key="bench").value is None  # moving it left the preset


def test_the_disagreement_slider_keeps_the_lead_and_widens_the_range():
    at = run(a_only=20, b_only=8, n=198)
    slider = at.slider(key="_slide_Questions they disagree on (the lead kept)")
    assert slider.value == 28 and (slider.min, slider.max, slider.step) == (12, 198, 2)
    slider.set_value(80).run()
    assert (at.number_input(key="a_only").value, at.number_input(key="b_only").value) == (46, 34)
    assert metric(at, "Lead, A − B") == "+6.1 points"  # the same lead ...
    assert headline(at).startswith("Inside the noise")  # ... no longer clears
    capped = run(a_only=20, b_only=8, n=198, a=20)  # A at 20%: at most 39.6 right → a_only ≤ 39
    assert capped.slider(key="_slide_Questions they disagree on (the lead kept)").max == 66


def test_predict_first_hides_the_verdict_until_revealed():
    at = run(a_only=20, b_only=8, n=198, a=60, predict="true")
    assert not at.metric and not at.code and not downloads(at)
    assert "will the paired test agree with the unpaired one?" in page_text(at)
    at.radio[0].set_value("No, they disagree").run()
    at.button(key="_predict_reveal_grader").click().run()
    assert "Right." in page_text(at) and metric(at, "McNemar mid-p") == "0.024"


def test_predict_first_asks_again_after_an_edit_and_keeps_the_links_settings():
    at = run(a=82, b=78, n=448, options=4, interval="jeffreys", predict="true")
    assert not at.get("vega_lite_chart") and "The chart waits for your guess too." in page_text(at)
    at.radio[0].set_value("No, it could be luck").run()
    at.button(key="_predict_reveal_grader").click().run()
    assert "Jeffreys" in report(at) and at.number_input(key="options").value == 4
    at.number_input(key="n").set_value(2000).run()
    assert not at.metric and "on 2,000 questions: is this lead more than luck?" in page_text(at)


# --------------------------------------------------------------------------- names


NAMED = dict(a=82, b=78, n=448, name_a="GPT-4o", name_b="Claude")


def test_names_in_the_card_the_report_and_the_sentences():
    at = run(**NAMED, options=4)
    assert metric(at, "Lead, GPT-4o − Claude") == "+4.0 points"
    assert report(at).startswith(
        "GPT-4o vs Claude: 82% vs 78% on 448 questions each: GPT-4o − Claude"
    )
    assert "GPT-4o: 367 of 448" in report(at)
    text = page_text(at)
    assert "cannot tell GPT-4o and Claude apart" in headline(at)
    assert "**GPT-4o:** 367 of 448" in text and "A − B" not in text
    assert at.table[0].value[""].tolist()[2] == "Lead, GPT-4o − Claude"  # chance table


def test_names_in_chart_rows_legends_and_tooltips():
    at = run(**NAMED)
    lead, intervals, bars = specs(at)
    assert lead["title"]["subtitle"] == "Right of 0: GPT-4o ahead. Left: Claude ahead."
    tips = [t["title"] for t in lead["layer"][1]["encoding"]["tooltip"]]
    assert "Lead, GPT-4o − Claude (points)" in tips
    assert {r["model"] for r in chart_rows(at, 1) if r["kind"] == "interval"} == {
        "GPT-4o",
        "Claude",
    }
    assert [r["model"] for r in chart_rows(at, 2)] == ["GPT-4o", "Claude"]
    assert intervals["layer"][1]["encoding"]["color"]["title"] == "Model"  # the legend: names


def test_names_in_the_downloads():
    from benchstats.charts import captioned, captioned_csv
    from benchstats.charts.grader import lead_figure
    from ui.sections import grader, grader_inputs
    from ui.settings import Origin, Settings, Value

    given = {"mode": "unpaired", **NAMED}
    s = Settings(
        "grader",
        tuple((k, Value(given.get(k), Origin.GIVEN if k in given else Origin.MISSING, "the link"))
              for k in __import__("ui.registry").registry.page("grader").keys),
    )  # fmt: skip
    s = s.with_values(
        interval=Value("wilson", Origin.DEFAULT), predict=Value(False, Origin.DEFAULT)
    )
    g = grader_inputs.grade(s)
    claim = grader.caption(s, g)
    assert claim.title == "GPT-4o 82% vs Claude 78% on 448 questions"
    assert "cannot tell GPT-4o and Claude apart" in claim.verdict
    fig = lead_figure(g.leads, ("GPT-4o", "Claude"))
    csv = captioned_csv(fig.table, claim).decode()
    assert csv.startswith("# claim: GPT-4o 82% vs Claude 78% on 448 questions")
    assert "# name_a: GPT-4o" in csv
    spec = captioned(fig.picture(), claim).to_dict()
    assert "GPT-4o ahead" in json.dumps(spec)


def test_names_are_shown_as_text_not_markup():
    at = run(a=85, b=80, n=40, name_a="*G*[x](javascript:alert(1))")
    text = "\n".join(m.value for m in at.markdown)
    assert "\\*G\\*[x]\\(javascript\\:\u2060alert(1))" in text  # benchstats.outside_text
    graded_page(at)


# --------------------------------------------------------------------------- bad input


def test_bad_paired_counts_exceed_n():
    at = run(a_only=150, b_only=60, n=198)
    assert "got 150 + 60 = 210 with n = 198" in notes(at)
    assert not at.metric and not at.code and not downloads(at)


@pytest.mark.parametrize("key", ["a_only", "b_only"])
def test_bad_negative_counts(key):
    at = run(**{"a_only": 20, "b_only": 8, "n": 198, key: -3})
    assert f"`{key}=-3`" in notes(at)
    nothing_graded(at, key)


def test_bad_n_b_zero_falls_back_to_n():
    at = run(a=82, b=78, n=448, n_b=0)
    assert "`n_b=0`" in notes(at)
    assert metric(at, "SE of the gap") == "2.67 points"
    graded_page(at)


def test_bad_options_one():
    at = run(a=60, b=60, n=198, options=1)
    assert "`options=1`" in notes(at)
    graded_page(at)


def test_bad_interval_bogus():
    at = run(a=85, b=80, n=40, interval="bogus")
    assert "`interval=bogus`" in notes(at)
    assert "A: 34 of 40, Wilson 95%: 70.9% to 92.9%" in report(at)  # the default
    graded_page(at)


@pytest.mark.parametrize(("key", "value"), [("se_a", 0), ("se_b", -1)])
def test_bad_standard_errors(key, value):
    at = run(**{"a": 93.43, "b": 95.2, "se_a": 1.24, "se_b": 1.07, key: value})
    assert f"`{key}={value}`" in notes(at)
    nothing_graded(at, key)


def test_no_disagreements_gives_p_1_and_says_why():
    at = run(a_only=0, b_only=0, n=198, a=60)
    for name in ("Exact", "Mid-p (default)", "Asymptotic", "Continuity-corrected"):
        assert metric(at, name) == "1.000"
    assert "a_only + b_only = 0 no question separates the models" in page_text(at).replace(":", "")
    graded_page(at)


def test_bad_bench_key():
    at = run(a=82, b=78, n=448, bench="nope")
    assert "`bench=nope`" in notes(at)
    graded_page(at)


def test_menus_write_their_keys_to_the_link():
    at = run(a=85, b=80, n=40)
    at.selectbox(key="interval").select("jeffreys").run()
    assert "A: 34 of 40, Jeffreys 95%:" in report(at)
    at.button_group(key="mode").set_value("se").run()
    at.button_group(key="mode").set_value("unpaired").run()
    assert "A: 34 of 40, Jeffreys 95%:" in report(at)  # kept in the link


# --------------------------------------------------------------------------- the contamination check


def test_the_contamination_check_offers_the_modes_preset():
    from ui.sections.perturbation import PERTURBATION, PRIVATE_SPLIT

    at = run(a_only=20, b_only=8, n=198)
    assert at.expander[-1].label == "Contamination check: " + PERTURBATION.title.lower()
    text = page_text(at)
    assert "signature of recall" in text and f"({PRIVATE_SPLIT.url})" in text
    assert "30 items right only as published, 6 only after perturbation, of 200 items" in text
    at = run(a=93.43, se_a=1.24, b=95.2, se_b=1.07)
    assert not [e for e in at.expander if e.label.startswith("Contamination")]


@pytest.mark.parametrize("preset", ["perturbation", "private-split"])
def test_each_contamination_preset_opens_graded(preset):
    from ui.sections.perturbation import PRESETS

    query = dict(PRESETS[preset].query)
    at = run(**query)
    assert "Worked example" not in page_text(at)
    assert query["name_a"] in headline(at) or query["name_a"] in metric(
        at, f"Lead, {query['name_a']} − {query['name_b']}"
    )
    graded_page(at)

"""The Slices page, driven by AppTest (no browser).

Independent references: the simulated shares are recomputed here from plain
numpy binomial draws with the same seed and scipy's normal tail; the
articles' figures are rows of docs/figures.md.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from conftest import app_test
from scipy import stats
from test_fuzz_pages import check_page

from benchstats.slices import parse_slice_table
from ui.keys import TEXT, quoted
from ui.registry import page
from ui.verdict import escape_markdown

PAGE = "app_pages/slices.py"


def run(**query):
    at = app_test(PAGE, **query).run(timeout=60)
    check_page(at, f"{PAGE} {query}", {k: str(v) for k, v in query.items()})
    return at


def text(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def notes(at) -> str:
    return " ".join(w.value for w in at.warning)


def chart_data(at, column: str) -> pd.DataFrame:
    for chart in at.get("vega_lite_chart"):
        for d in chart.proto.datasets:
            df = pa.ipc.open_stream(d.data.data).read_all().to_pandas()
            if column in df.columns:
                return df
    raise AssertionError(f"no chart data with {column!r}")


@pytest.fixture(scope="module")
def twelve():
    return run(n=600, slices=12, runs=1000, seed=1)


# docs/figures.md: "198 items cut into 4 slices" and "S independent slices".
def test_four_slices_of_about_fifty():
    at = run(n=198, slices=4)
    shown = metrics(at)
    assert shown["SE of one slice’s score"] == "7.1 pts"
    assert shown["Width of one slice’s 95% interval"] == "27.7 to 28.0 pts"  # 50 and 49 a slice
    assert "at 50%, 198 questions in 4 slices of about 50" in at.markdown[1].value


def test_the_verdict_names_what_it_rests_on_and_the_defaults_are_the_pages_own():
    at = run()
    assert "Two equally good models at 50%, 198 questions in 4 slices" in at.markdown[1].value
    assert "at 5% in 20.48% of runs" in at.markdown[1].value
    moved = run(p=80, alpha=0.01)
    assert "at 80%" in moved.markdown[1].value and "at 1% in" in moved.markdown[1].value


def test_equal_slices_show_one_width_and_no_range(twelve):
    shown = metrics(twelve)  # 12 slices of 50: √(0.25/50) = 7.07 points, × 2 × 1.96 = 27.7
    assert shown["SE of one slice’s score"] == "7.1 pts"
    assert shown["Width of one slice’s 95% interval"] == "27.7 pts"


def test_twelve_slices_answer_first_with_the_real_tests_size(twelve):
    shown = metrics(twelve)
    assert shown["1 − (1 − α)^12"] == "45.96%"  # the articles' 46%
    assert shown["At least one lucky slice"] == "50.49%"  # the unpaired test on 50: 5.69% each
    assert "flags 5.69% of equal pairs, not 5%" in text(twelve)


@pytest.mark.parametrize(("s", "chance"), [(10, 40.1), (12, 46.0)])
def test_the_chance_curve_holds_the_articles_rows(twelve, s, chance):
    curve = chart_data(twelve, "chance")
    assert round(float(curve.loc[curve["slices"] == s, "chance"].iloc[0]), 1) == chance


def test_the_simulated_share_matches_draws_by_hand(twelve):
    draws = np.random.default_rng(1).binomial(np.broadcast_to([50] * 12, (1000, 2, 12)), 0.5)
    a, b = draws[:, 0] / 50, draws[:, 1] / 50
    se = np.sqrt(a * (1 - a) / 50 + b * (1 - b) / 50)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = 2 * stats.norm.sf(np.abs(a - b) / se)
    share = np.mean((np.nan_to_num(p, nan=1.0) < 0.05).any(axis=1))
    assert metrics(twelve)["Simulated, 1,000 runs"] == f"{100 * share:.1f}%"
    assert metrics(twelve)["After Holm"] == "8.7%"


def test_the_last_run_is_drawn_with_its_false_discoveries_coloured(twelve):
    run_rows = chart_data(twelve, "status")
    assert len(run_rows) == 12 and "the latest with a flagged slice" in text(twelve)
    assert "(seed 1) is on the chart" in text(twelve)
    assert (run_rows["status"] != "Inside the noise").any()


def test_runs_build_up_from_the_buttons_and_reset():
    at = run(n=600, slices=12)
    assert "No runs yet" in text(at)
    at.button(key="slices-add-1").click().run()
    assert "Simulated, 1 run" in metrics(at)
    at.button(key="slices-add-100").click().run()
    assert "Simulated, 101 runs" in metrics(at)
    at.button(key="slices-reset").click().run()
    assert "No runs yet" in text(at)


def test_a_preset_and_a_slider_write_the_link_and_the_page_follows():
    at = run()
    at.button(key="slices-preset-1").click().run()  # 12 slices of 50
    assert metrics(at)["1 − (1 − α)^12"] == "45.96%"
    at.slider(key="slices").set_value(10).run()
    assert metrics(at)["1 − (1 − α)^10"] == "40.13%"
    assert "600 questions in 10 slices of 60" in at.markdown[1].value


def test_a_seed_redraws_the_runs_and_the_shared_curve_not_the_exact_chance():
    at = run(n=198, runs=10, seed=1)
    chance, shared = chart_data(at, "chance"), chart_data(at, "measured")
    slices = chart_data(at, "status")
    at.number_input(key="seed").set_value(2).run()
    assert not chart_data(at, "measured")["score"].equals(shared["score"])  # new questions
    assert not chart_data(at, "status").equals(slices)  # new runs
    assert chart_data(at, "chance").equals(chance)  # the exact chance reads no seed
    assert "(seed 2)" in text(at)


def test_predict_hides_the_chart_and_the_runs_and_keeps_the_seed():
    at = run(n=198, seed=5, runs=100, predict="true")
    assert at.number_input(key="seed").value == 5
    assert not metrics(at) and "gives the answer away" in " ".join(i.value for i in at.info)
    with pytest.raises(AssertionError):
        chart_data(at, "chance")
    assert chart_data(at, "measured") is not None  # the shared-items curve reads the seed still


# --------------------------------------------------------------------------- the reader's table


def test_a_readers_table_is_graded_and_corrected():
    table = "algebra, 50, 80, 60\ngeometry, 50, 62, 60\nlogic, 50, 50, 52"
    at = run(table=table)  # a table in the link means the table mode
    said = (
        "1 of 3 slices looks significant at 5% before correction (algebra); after Holm, 0 survive."
    )
    assert at.markdown[1].value.endswith(escape_markdown(said))
    rows = chart_data(at, "status")
    assert list(rows["slice"]) == ["algebra", "geometry", "logic"]
    assert "You tested 3 slices" in text(at)
    assert run(table=table, mode="luck").markdown[1].value.startswith("#### :blue")  # mode wins


def test_no_table_no_verdict_until_the_reader_gives_one():
    at = run(mode="table")
    assert len(at.main.markdown) == 1  # the title: no verdict, no sentence on slices
    assert "a verdict here stands only on slices you give" in at.info[0].value
    assert chart_data(at, "chance") is not None  # the lesson's curve still stands
    at.button(key="slices-example").click().run()
    assert (
        escape_markdown("The example table (made-up scores): 0 of 4 slices") in at.markdown[1].value
    )
    assert list(chart_data(at, "status")["slice"])[0] == "algebra"


def test_the_table_parser_reads_and_refuses():
    t = parse_slice_table(
        "# name, n, a, b\nalgebra; 50; 70%; 60\n\ngeometry\t48\t50\t50\n, 5, 1, 1"
    )
    assert t.names == ("algebra", "geometry", "slice 3") and t.right_a.tolist() == [35, 24, 0]
    with pytest.raises(ValueError, match="line 1 must be name, questions, score A, score B"):
        parse_slice_table("algebra, 50")
    with pytest.raises(ValueError, match="line 2: questions must be a whole number"):
        parse_slice_table("a, 5, 1, 1\nb, 2.5, 1, 1")
    with pytest.raises(ValueError, match="line 1: questions and scores must be numbers"):
        parse_slice_table("a, five, 1, 1")
    with pytest.raises(ValueError, match="at least one slice"):
        parse_slice_table("# nothing")


def test_a_bad_table_is_said_in_words_and_the_curve_still_draws():
    at = run(table="x, 5, 200, 1")
    assert "line 1: scores must be percents" in at.error[0].value
    assert chart_data(at, "chance") is not None


# --------------------------------------------------------------------------- refused values


HOSTILE = [
    (spec.name, value)
    for spec in page("slices").specs
    if spec.kind != TEXT
    for value in spec.hostile()[:3]
]


@pytest.mark.parametrize(("key", "value"), HOSTILE)
def test_a_refused_link_value_gets_its_note_and_the_page_still_works(key, value):
    at = run(**{key: value})
    assert f"`{key}={quoted(value)}`" in notes(at), notes(at)


def test_more_slices_than_questions_is_refused_in_words():
    at = run(n=3, slices=12)
    assert "`slices=12` can't be used: slices must be at most n (3 questions)" in notes(at)
    assert "3 questions in 3 slices of 1" in at.markdown[1].value
    quiet = run(n=3)  # the page's own 4 slices give way to n without a note
    assert not at.error and not quiet.warning
    assert "3 questions in 3 slices of 1" in quiet.markdown[1].value


def test_the_shared_items_curve_is_drawn(twelve):
    curve = chart_data(twelve, "measured")
    assert set(curve["measured"]) == {
        "True score",
        "One shared set of questions",
        "Fresh questions at each point",
    }
    assert "no point" in text(twelve) and "any more accurate" in text(twelve)

    def bend(name: str) -> float:
        return float(np.mean(np.abs(np.diff(curve[curve["measured"] == name]["score"], 2))))

    smoother = bend("One shared set of questions") < bend("Fresh questions at each point")
    assert ("Smoother" in text(twelve)) == smoother

"""The Signal and noise page through AppTest: deep links, the MDE rows, the reader's table."""

from __future__ import annotations

import pytest
from conftest import app_test, lazy_tabs, open_tab
from test_fuzz_pages import check_page

from benchstats import words
from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import (
    PRESETS,
    chance_picks_winner,
    simulate_checkpoints,
    snr_of_runs,
)
from ui.lazy import PREFIX
from ui.sections.signal_noise import TABS, TABS_KEY

PAGE = "pages/signal_noise.py"
TAB_ROW = PREFIX + TABS_KEY  # the lazy tabs' widget key
CURVES, OVER_N, TOY = TABS


def run(**query):
    at = app_test(PAGE, **query).run()
    check_page(at, f"{PAGE} {query}")
    return at


def text(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def metrics(at) -> dict[str, str]:
    """The answer's numbers, read from the line under its sentence ("label: **value** · ...")."""
    for m in at.markdown:
        if m.value.startswith("### ") and "\n\n" in m.value:
            line = m.value.split("\n\n", 1)[1]
            return dict(part.split(": **", 1) for part in line.removesuffix("**").split("** · "))
    return {}


def charts(at) -> int:
    return len(at.get("vega_lite_chart"))


def tab(at, label: str):
    """``at`` with the lazy tab ``label`` open (a reader's click), rerun and checked."""
    open_tab(at, TAB_ROW, label)
    check_page(at, f"{PAGE} tab {label}")
    return at


def expected(preset: str, n: int, *, checkpoints=20, seed=1, average=5, window=5):
    p = PRESETS[preset]
    runs = simulate_checkpoints(
        p["final_scores"], n=n, checkpoints=checkpoints, chance=p["chance"], seed=seed
    )
    one = snr_of_runs(runs.observed, window=window, average=1)
    avg = snr_of_runs(runs.observed, window=window, average=average)
    return one, avg


@pytest.fixture(scope="module")
def default():
    return run()


def test_default_answers_first_with_the_snr_of_the_close_preset(default):
    one, avg = expected("close", 500)
    m = metrics(default)
    assert m["SNR, last checkpoint"] == prose.ratio(one)
    assert m["SNR, mean of last 5"] == prose.ratio(avg)
    assert m["Checkpoint jitter"] == f"{words.points(one.jitter, signed=False)} points"
    headline = default.markdown[1].value.split("\n\n")[0]  # the answer, right after the intro
    assert headline == "### " + prose.answer(one, avg, 5, 500)
    assert "On 500 questions a checkpoint" in headline


def test_the_curves_tab_is_open_and_the_others_draw_nothing_until_opened():
    at = run()
    assert lazy_tabs(at) == {TAB_ROW: list(TABS)}
    assert charts(at) == 2  # the curves (the open tab) and the MDE chart
    assert "Make your guess" not in text(at) and "Scored by accuracy" not in text(at)
    assert charts(tab(at, OVER_N)) == 3  # the ratio and the chance over n, and the MDE
    assert "SNR, last checkpoint" in metrics(at)  # the answer stays above the tabs
    assert charts(tab(at, TOY)) == 3  # the toy benchmark scored two ways, and the MDE
    assert charts(tab(at, CURVES)) == 2


@pytest.mark.parametrize(
    ("query", "preset", "kwargs"),
    [
        ({"preset": "spread", "n": 2000, "average": 3, "window": 4, "seed": 5}, "spread",
         {"n": 2000, "average": 3, "window": 4, "seed": 5}),
        ({"preset": "large-benchmark"}, "large-benchmark", {"n": 5000}),
        ({"preset": "small-benchmark", "checkpoints": 30, "n": 333}, "small-benchmark",
         {"n": 333, "checkpoints": 30}),
    ],
)  # fmt: skip
def test_deep_links_reproduce_the_numbers(query, preset, kwargs):
    at = tab(run(**query), OVER_N)
    one, avg = expected(preset, **kwargs)
    k = kwargs.get("average", 5)
    assert metrics(at)["SNR, last checkpoint"] == prose.ratio(one)
    assert at.markdown[1].value.startswith("### " + prose.answer(one, avg, k, kwargs["n"]) + "\n\n")
    finals, seed = PRESETS[preset]["final_scores"], kwargs.get("seed", 1)
    picks = [chance_picks_winner(finals, kwargs["n"], average=a, seed=seed) for a in (1, k)]
    assert prose.pick_sentence(kwargs["n"], *picks, k) in text(at)


def test_average_one_says_how_to_raise_the_ratio():
    at = run(average=1)
    assert "Average the last few checkpoints" in at.markdown[1].value
    assert "SNR, mean of last 1" in metrics(at)


@pytest.mark.parametrize(
    ("questions", "shown"),
    [("200", "8.9"), ("500", "5.6"), ("1,000", "4.0"), ("2,000", "2.8"), ("5,000", "1.8")],
)
def test_the_articles_mde_row(default, questions, shown):
    table = default.table[0].value
    assert table.loc[questions].iloc[0] == shown


def test_two_points_need_3925_questions(default):
    assert "a 2-point change needs **3,925** questions" in text(default)
    assert "500 questions detect a change of 5.6 points or more" in text(default)


def test_discordance_from_the_link_moves_the_row():
    at = run(discordance=10)
    table = at.table[0].value
    assert table.loc["200"].iloc[0] == "6.3"  # 2.80·√(0.1/200) in points
    assert "disagree on 10% of the questions" in text(at)


def test_one_percent_discordance_says_two_points_cannot_happen():
    at = run(discordance=1)
    assert not at.exception and not at.error
    assert "they cannot be 2 points apart" in text(at)
    # 2.80·√(0.01/n) in points, where it is no more than the 1 point that can change at all
    column = at.table[0].value.iloc[:, 0]
    assert column.to_dict() == {
        "200": "none at 80% power",  # 2.0 > 1
        "500": "none at 80% power",  # 1.25 > 1
        "1,000": "0.9",
        "2,000": "0.6",
        "5,000": "0.4",
    }
    assert "500 questions detect no change with 80% power: the 5 or so" in text(at)


def test_the_discordance_slider_moves_the_row_and_the_link():
    at = run()
    at.select_slider(key="_discordance_menu").set_value(10).run()  # inside the MDE fragment
    assert at.table[0].value.loc["200"].iloc[0] == "6.3"
    assert "disagree on 10% of the questions" in text(at)
    assert float(at.query_params["discordance"]) == 10  # the link keeps the new value


def test_the_quoted_figures_name_their_source(default):
    quoted = default.table[1].value
    assert quoted.loc["MBPP's signal-to-noise ratio, accuracy → bits-per-byte"].tolist() == [
        "2.0",
        "41.8",
    ]
    assert quoted.iloc[1].tolist() == ["68%", "93%"]
    assert "arXiv:2508.13144" in text(default) and "not recomputed" in text(default)


def test_the_toy_metric_has_the_higher_ratio():
    at = tab(run(), TOY)
    assert "Scored by accuracy the toy models" in text(at)


def test_predict_hides_the_answer_until_revealed():
    at = tab(run(predict="true"), OVER_N)
    assert "SNR, last checkpoint" not in metrics(at)
    assert "how often does the model with the best final checkpoint" in text(at)
    assert "Make your guess above first" in " ".join(i.value for i in at.info)
    at.number_input(key="_predict_guess_signal").set_value(60.0).run()
    at.button(key="_predict_reveal_signal").click().run()
    pick = chance_picks_winner(PRESETS["close"]["final_scores"], 500, seed=1)
    assert f"The answer: {words.percent(pick)}" in " ".join(s.value for s in at.success)
    assert "SNR, last checkpoint" in metrics(at)


def test_a_bad_link_value_gets_a_note_and_the_page_draws():
    at = run(preset="banana", average=99, n="-3")
    warnings = " ".join(w.value for w in at.warning)
    assert "`preset=banana`" in warnings and "`average=99`" in warnings
    assert charts(at) == 2
    assert charts(tab(at, OVER_N)) == 3 and charts(tab(at, TOY)) == 3


# --------------------------------------------------------------------------- the reader's table


@pytest.fixture(scope="module")
def table_page():
    return run(preset="table")


def test_the_example_table_draws_without_invented_n():
    at = run(preset="table")  # its own run: the uploads below change the shared one
    assert "SNR, last checkpoint" in metrics(at)
    assert at.markdown[1].value.startswith("### On 500 questions")  # the example's n column
    assert charts(at) == 2  # the curves and the MDE
    tab(at, OVER_N)
    assert "choose one of the simulated sets" in " ".join(i.value for i in at.info)


def upload(at, data: bytes):
    at.file_uploader(key="sn_csv").set_value(("mine.csv", data, "text/csv")).run()
    check_page(at, "upload")
    return at


GOOD = "".join(
    f"{m},{s},{y}\n"
    for m, ys in [
        ("a", (30, 35, 40, 45, 44, 46, 45, 47, 46, 47)),
        ("b", (31, 40, 48, 50, 52, 53, 52, 54, 53, 54)),
    ]
    for s, y in enumerate(ys, start=1)
)  # 10 checkpoints of 2 models: lines 2-21 of the file


def test_an_uploaded_table_is_used(table_page):
    at = upload(table_page, ("model,step,score\n" + GOOD).encode())
    assert at.markdown[1].value.startswith("### The models end")  # no n given: none invented
    assert "questions detect a change" not in text(at)
    assert not at.error


def test_too_few_checkpoints_for_the_window_say_so(table_page):
    at = upload(table_page, b"model,step,score\na,1,40\na,2,41\nb,1,50\nb,2,52\n")
    errors = " ".join(e.value for e in at.error)
    assert "at most the 2 checkpoints" in errors


@pytest.mark.parametrize(
    ("extra", "note"),
    [
        ("c,1,abc\n", "Line 22 of the file is left out: the score is not a number."),
        (",2,50\n", "Line 22 of the file is left out: it names no model."),
        ("a,4,140\n", "Line 22 of the file is left out: the score must be a percent"),
    ],
)
def test_a_bad_row_is_named_and_the_page_still_draws(table_page, extra, note):
    at = upload(table_page, ("model,step,score\n" + GOOD + extra).encode())
    warnings = " ".join(w.value for w in at.warning)
    assert note in warnings
    assert at.get("vega_lite_chart")


def test_a_table_missing_a_step_says_so(table_page):
    at = upload(table_page, ("model,step,score\n" + GOOD + "a,11,46\n").encode())
    errors = " ".join(e.value for e in at.error)
    assert "model 'b' has no score at step 11" in errors
    assert "once the table above can be drawn" in " ".join(i.value for i in at.info)
    assert charts(tab(at, TOY)) == 3  # the toy and the MDE still draw


def test_a_file_without_the_columns_is_refused_in_words(table_page):
    at = upload(table_page, b"name,value\n1,2\n")
    assert "has no model, step, score column" in " ".join(e.value for e in at.error)


def pick_column(at) -> list[float]:
    """The chance-of-picking chart's percentages, decoded from the Arrow it ships."""
    import pyarrow as pa

    chart = next(c for c in at.get("vega_lite_chart") if '"pick"' in c.proto.spec)
    (table,) = [pa.ipc.open_stream(d.data.data).read_all() for d in chart.proto.datasets]
    return table.column("pick").to_pylist()


def test_the_window_and_checkpoints_reuse_the_chance_of_picking_over_n(monkeypatch):
    """The over-n chance of picking the winner (the slowest part) reads neither input."""
    import benchstats.charts.signal_noise as charts

    calls = []
    real = charts.chance_picks_winner

    def counted(*args, **kwargs):
        calls.append(kwargs.get("seed"))
        return real(*args, **kwargs)

    monkeypatch.setattr(charts, "chance_picks_winner", counted)
    at = run(seed=4241)  # a seed no other test asks for: nothing cached yet
    assert calls == []  # its tab is closed and no guess is asked: nothing to rank
    tab(at, OVER_N)
    assert calls == [4241]
    picked = pick_column(at)
    for key, value in (("_window_menu", 3), ("_checkpoints_menu", 30)):
        at.select_slider(key=key).set_value(value).run()
        assert calls == [4241], key
    assert pick_column(at) == picked
    at.number_input(key="seed").set_value(4242).run()  # a new seed draws again
    assert calls == [4241, 4242]

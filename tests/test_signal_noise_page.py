"""The Signal and noise page through AppTest: deep links, the rules between keys, the reader's table."""

from __future__ import annotations

import pyarrow as pa
import pytest
from conftest import app_test, as_read
from test_fuzz_pages import check_page

from benchstats import words
from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import PRESETS, chance_picks_winner, simulate_checkpoints, snr_of_runs
from ui.keys import quoted
from ui.registry import page

PAGE = "app_pages/signal-noise.py"


def run(**query):
    at = app_test(PAGE, **query).run()
    check_page(at, f"{PAGE} {query}")
    return at


def text(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def answer(at) -> str:
    """The answer's sentence: the first markdown after the title."""
    return at.markdown[1].value


def said(*answer_parts: str) -> str:
    """The answer as the page writes it: the headline, then the sentence under it."""
    head, body = answer_parts
    return f"#### {head}\n\n{body}"


def data(at, column: str) -> list[pa.Table]:
    """Every chart data set that has ``column``."""
    found = []
    for chart in at.get("vega_lite_chart"):
        for d in chart.proto.datasets:
            table = pa.ipc.open_stream(d.data.data).read_all()
            if column in table.column_names:
                found.append(table)
    return found


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


def test_default_answers_first_naming_what_it_rests_on(default):
    one, avg = expected("close", 500)
    where = prose.setup("close", 500, 20, 1)
    assert where == "Four close models (50–53%), 20 checkpoints of 500 questions, seed 1"
    assert answer(default) == said(*prose.answer(one, avg, 5, 5, where))
    assert f"ratio is {prose.ratio(one)}, and {prose.ratio(avg)} for the mean" in answer(default)
    assert f"jitters by {words.points(one.jitter, signed=False)} points" in answer(default)


def test_every_part_is_drawn_unfolded(default):
    assert len(data(default, "averaged")) == 3  # the curves, and the toy benchmark both ways
    assert data(default, "snr") and data(default, "pick") and data(default, "change")
    assert "Scored by" not in text(default) and "by accuracy the toy models" in text(default)
    assert "best-scoring final checkpoint" in text(default)


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
    at = run(**query)
    one, avg = expected(preset, **kwargs)
    k, window, seed = kwargs.get("average", 5), kwargs.get("window", 5), kwargs.get("seed", 1)
    where = prose.setup(preset, kwargs["n"], kwargs.get("checkpoints", 20), seed)
    assert answer(at) == said(*prose.answer(one, avg, k, window, where))
    finals = PRESETS[preset]["final_scores"]
    picks = [chance_picks_winner(finals, kwargs["n"], average=a, seed=seed) for a in (1, k)]
    assert prose.pick_sentence(kwargs["n"], *picks, k, seed) in text(at)


def test_average_one_says_how_to_raise_the_ratio():
    at = run(average=1)
    assert "Average the last few checkpoints" in answer(at)
    assert "for the mean" not in answer(at)


def test_a_new_preset_takes_its_own_n():
    at = run(n=333)
    assert "of 333 questions" in answer(at)
    at.selectbox(key="preset").set_value("large-benchmark").run()
    assert "on a large benchmark, 20 checkpoints of 5,000 questions" in answer(at)
    assert "From the preset: Three models (30–36%) on a large benchmark." in [
        c.value for c in at.caption
    ]


def test_a_longer_window_takes_more_checkpoints_with_it():
    at = run(checkpoints=10)
    at.slider(key="window").set_value(8).run()  # 8 + 5 − 1 = 12 checkpoints
    assert "12 checkpoints of 500 questions" in answer(at) and "last 8 checkpoints" in answer(at)
    assert not at.warning


def test_a_window_that_does_not_fit_is_refused_and_the_pages_own_average_gives_way_first():
    at = run(checkpoints=5, window=5)  # the page's 5 averaged give way: 5 + 1 − 1 = 5
    assert not at.warning and "Average the last few checkpoints" in answer(at)
    both = run(checkpoints=5, window=5, average=5)
    assert "`average=5` can't be used: average must be at most 1" in both.warning[0].value


# --------------------------------------------------------------------------- the MDE


@pytest.mark.parametrize(
    ("questions", "shown"),
    [("200", "8.9"), ("500", "5.6"), ("1,000", "4.0"), ("2,000", "2.8"), ("5,000", "1.8")],
)
def test_the_articles_mde_row(default, questions, shown):
    assert default.table[0].value.loc[questions].iloc[0] == shown


def test_two_points_need_3925_questions(default):
    assert "a 2-point change needs **3,925** questions" in text(default)
    assert "500 questions detect a change of 5.6 points or more" in text(default)


def test_discordance_from_the_link_and_the_slider_move_the_row():
    at = run(discordance=10)
    assert at.table[0].value.loc["200"].iloc[0] == "6.3"  # 2.80·√(0.1/200) in points
    assert "disagree on 10% of the questions" in text(at)
    at.slider(key="discordance").set_value(1.0).run()
    assert "they cannot be 2 points apart" in text(at)
    assert at.table[0].value.iloc[:, 0].to_dict() == {
        "200": "none at 80% power",  # 2.80·√(0.01/200) = 2.0 > the 1 point that can change
        "500": "none at 80% power",  # 1.25 > 1
        "1,000": "0.9",
        "2,000": "0.6",
        "5,000": "0.4",
    }
    assert "500 questions detect no change with 80% power: the 5 or so" in text(at)


def test_the_quoted_figures_name_their_source(default):
    quoted_rows = default.table[1].value
    assert quoted_rows["Figure"].tolist() == ["2.0 → 41.8", "68% → 93%", "about 80%"]
    assert "MBPP" in quoted_rows.index[0] and "150M" in quoted_rows.index[2]
    assert "arXiv:2508.13144" in as_read(quoted_rows["Source"].iloc[0])
    assert "DataDecide" in quoted_rows["Source"].iloc[2]
    assert "not recomputed" in text(default)


def test_predict_hides_the_answer_until_revealed():
    at = run(predict="true")
    assert "signal-to-noise ratio is" not in text(at)
    assert "how often does the model with the best final checkpoint" in text(at)
    assert "this part gives the answer away" in " ".join(i.value for i in at.info)
    at.number_input(key="_predict_guess_signal").set_value(60.0).run()
    at.button(key="_predict_reveal_signal").click().run()
    pick = chance_picks_winner(PRESETS["close"]["final_scores"], 500, seed=1)
    assert f"The answer: {words.percent(pick)}" in " ".join(s.value for s in at.success)
    assert "signal-to-noise ratio is" in text(at) and data(at, "pick")


HOSTILE = [(spec.name, v) for spec in page("signal").specs for v in spec.hostile()[:3]]


@pytest.mark.parametrize(("key", "value"), HOSTILE)
def test_a_refused_link_value_gets_its_note_and_the_page_draws(key, value):
    at = run(**{key: value})
    assert f"`{key}={quoted(value)}`" in " ".join(w.value for w in at.warning)
    assert data(at, "averaged")


# --------------------------------------------------------------------------- the reader's table


def test_the_example_table_is_labelled_as_the_example():
    at = run(preset="table")
    assert answer(at).startswith(
        "#### The example table (made-up scores): Model A, Model B and Model C over 10 checkpoints"
    )
    assert "choose one of the simulated sets" in " ".join(i.value for i in at.info)


def upload(data_: bytes):
    at = run(preset="table")
    at.file_uploader(key="sn_csv").set_value(("mine.csv", data_, "text/csv")).run()
    check_page(at, "upload")
    return at


GOOD = "".join(
    f"{m},{s},{y}\n"
    for m, ys in [
        ("olmo-1b", (30, 35, 40, 45, 44, 46, 45, 47, 46, 47)),
        ("olmo-7b", (31, 40, 48, 50, 52, 53, 52, 54, 53, 54)),
    ]
    for s, y in enumerate(ys, start=1)
)  # 10 checkpoints of 2 models: lines 2-21 of the file


def test_an_uploaded_table_is_used_with_its_names_and_no_invented_n():
    at = upload(("model,step,score\n" + GOOD).encode())
    assert answer(at).startswith("#### Your table: olmo-1b and olmo-7b over 10 checkpoints:")
    (curves,) = [t for t in data(at, "averaged") if "olmo-1b" in t.column("model").to_pylist()]
    assert set(curves.column("model").to_pylist()) == {"olmo-1b", "olmo-7b"}
    assert "questions detect a change" not in text(at) and not at.error


def test_a_flat_table_has_an_infinite_ratio_said_in_words():
    flat = "".join(f"{m},{s},{y}\n" for m, y in (("a", 41.3), ("b", 52.7)) for s in range(1, 11))
    at = upload(("model,step,score\n" + flat).encode())
    assert answer(at) == (
        "#### Your table: a and b over 10 checkpoints: the signal-to-noise ratio is infinite, "
        "with or without averaging.\n\nThe final checkpoints are 11.4 points apart; over the "
        "last 5 checkpoints one model's score does not move at all (no noise), the mean of its "
        "last 5 does not move at all (no noise)."
    )


def test_too_few_checkpoints_for_the_window_say_so():
    at = upload(b"model,step,score\na,1,40\na,2,41\nb,1,50\nb,2,52\n")
    assert "at most the 2 checkpoints" in " ".join(e.value for e in at.error)


@pytest.mark.parametrize(
    ("extra", "note"),
    [
        ("c,1,abc\n", "Line 22 of the file is left out: the score is not a number."),
        (",2,50\n", "Line 22 of the file is left out: it names no model."),
        ("a,4,140\n", "Line 22 of the file is left out: the score must be a percent"),
    ],
)
def test_a_bad_row_is_named_and_the_page_still_draws(extra, note):
    at = upload(("model,step,score\n" + GOOD + extra).encode())
    assert note in " ".join(w.value for w in at.warning)
    assert data(at, "averaged")


def test_a_table_missing_a_step_says_so_and_gives_no_answer():
    at = upload(("model,step,score\n" + GOOD + "olmo-1b,11,46\n").encode())
    assert "model 'olmo-7b' has no score at step 11" in " ".join(e.value for e in at.error)
    assert "No answer yet" in " ".join(i.value for i in at.info)
    assert len(data(at, "averaged")) == 2  # the toy benchmark still draws


def test_a_file_without_the_columns_is_refused_in_words():
    at = upload(b"name,value\n1,2\n")
    assert "has no model, step, score column" in " ".join(e.value for e in at.error)

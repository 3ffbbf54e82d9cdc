"""The Leaderboard checker page through AppTest: what the reader gave, and nothing else.

Every sentence the page shows is checked against benchstats called directly
(the same board, the same settings), so the page cannot drift from the maths;
a link that leaves out what a verdict needs gets no verdict and a line that
says what is missing.
"""

from __future__ import annotations

import itertools
import json
from urllib.parse import parse_qs, urlparse

import numpy as np
import pyarrow as pa
import pytest
from conftest import app_test

from benchstats import words
from benchstats.leaderboard import board_from_answers, pairwise_tests, tie_counts
from benchstats.leaderboard_links import decode_benchmark_rows, decode_rows
from benchstats.prose.leaderboard import places_sentence, ranks_sentence, ties_sentence
from benchstats.ranks import rank_intervals, rank_probabilities
from ui.sections.leaderboard import DRAWS
from ui.sections.leaderboard_across import VALS
from ui.sections.leaderboard_inputs import EXAMPLE, PRESETS, _board_text, edited

PAGE = "app_pages/leaderboard.py"
ROWS = "Model A:87.3:1.8,Model B:85.1:1.9,Model C:80.2:1,Model D:70:1.2"


def run(**query):
    return app_test(PAGE, timeout=120, **query).run()


def text(at) -> str:
    parts = [str(e.value) for kind in ("markdown", "info", "warning", "error", "success", "caption")
             for e in getattr(at, kind)]  # fmt: skip
    return "\n".join(parts).replace("\\", "")


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def charts(at) -> list[dict]:
    """Each chart's spec with its rows put back in (``datasets``)."""
    out = []
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        for d in chart.proto.datasets:
            rows = pa.ipc.open_stream(d.data.data).read_all().to_pylist()
            spec.setdefault("datasets", {})[d.name] = rows
        out.append(spec)
    return out


def downloads(at) -> int:
    return len(at.get("download_button"))


def verdict(rows: str, *, n=None, **kw) -> str:
    b = decode_rows(rows).to_board(n=n)
    return ranks_sentence(
        rank_intervals(
            b, seed=kw.get("seed", 0), method=kw.get("method", "marginal"),
            confidence_level=kw.get("level", 0.95), draws=DRAWS,
        )
    )  # fmt: skip


# --------------------------------------------------------------------------- the example


def test_an_empty_first_visit_shows_the_example_labelled_as_one():
    at = run()
    assert not at.exception
    shown = text(at)
    assert f"**An example:** {EXAMPLE.label}. Edit it below." in shown
    assert verdict(EXAMPLE.rows, n=198) in shown
    assert len(charts(at)) == 3 and metrics(at)["Models"] == "8"
    assert "From the worked example" in shown  # under the benchmark menu


def test_a_link_with_only_settings_still_shows_the_example():
    at = run(method="simultaneous", level="90", seed="3")
    assert "An example:" in text(at)
    assert verdict(EXAMPLE.rows, n=198, method="simultaneous", level=0.9, seed=3) in text(at)


# --------------------------------------------------------------------------- only what was given


def test_deep_link_with_reported_ses_matches_benchstats():
    at = run(rows=ROWS, correction="bh", method="simultaneous", level="90", seed="3")
    assert not at.exception
    shown = text(at)
    assert verdict(ROWS, method="simultaneous", level=0.9, seed=3) in shown
    tests = pairwise_tests(decode_rows(ROWS).to_board(), correction="bh", confidence_level=0.9)
    assert ties_sentence(tie_counts(tests)) in shown
    assert "Simultaneous rank intervals at 90%" in shown
    assert "Each score's uncertainty is its reported ± standard error." in shown
    assert "An example" not in shown and "worked example" not in shown
    assert len(charts(at)) == 3


def test_rows_with_n_in_the_link_and_a_row_of_its_own():
    rows = "A:82:n1000,B:78,C:60"
    assert verdict(rows, n=500) in text(run(rows=rows, n=500))


def test_a_preset_gives_every_row_its_questions():
    at = run(rows="A:82,B:78,C:70", bench="mmlu")
    assert verdict("A:82,B:78,C:70", n=14_042) in text(at)
    assert "MMLU test's 14,042 questions" in text(at)


def test_rows_without_questions_get_no_verdict_and_say_what_is_missing():
    at = run(rows="A:82,B:78,C:70")
    assert not at.exception
    (line,) = [w.value for w in at.warning if "No verdict yet" in w.value]
    assert "no number of questions for 'A', 'B' and 'C'" in line.replace("\\", "")
    assert not charts(at) and not at.metric and not downloads(at) and not at.code
    assert "Of these" not in text(at)


def test_rows_mixing_ses_and_counts_say_which_rows_give_an_se():
    at = run(rows="A:82:1.5,B:78,C:70", n=500)
    assert "some rows give a ± SE ('A') and others do not" in text(at)
    assert not charts(at) and not at.metric


@pytest.mark.parametrize("query", [{"n": "500"}, {"bench": "gpqa-diamond"}, {"rows": "banana"}])
def test_a_link_without_a_readable_board_is_not_completed_with_the_example(query):
    at = run(**query)
    assert not at.exception
    shown = text(at)
    assert "No board yet" in shown and "An example" not in shown
    assert not charts(at) and not at.metric
    if "rows" in query:
        assert "The link's `rows` can't be used: it holds no model with a score" in shown


KEYS = {"rows": "A:82,B:78,C:70", "n": "500", "bench": "humaneval"}


@pytest.mark.parametrize("given", [c for r in range(4) for c in itertools.combinations(KEYS, r)])
def test_every_subset_of_the_board_keys_gives_a_verdict_only_on_what_it_gives(given):
    """Any subset of rows, n and bench: a verdict stands on these, or none is shown."""
    query = {k: KEYS[k] for k in given}
    at = run(**query)
    if not query:
        assert "An example:" in text(at)  # the empty visit: the example, labelled
        return
    if "rows" in query and ("n" in query or "bench" in query):
        n = 164 if "bench" in query else 500  # the preset wins, and a differing n is refused
        assert verdict(KEYS["rows"], n=n) in text(at)
        assert f"{n} questions" in text(at) and len(charts(at)) == 3
    else:
        assert not charts(at) and not at.metric and not downloads(at)
        assert "No board yet" in text(at) or "No verdict yet" in text(at)
    assert "An example" not in text(at)


def test_refused_link_values_are_noted_under_their_inputs():
    at = run(rows="A:82,B:78,C:70", n="-3", correction="banana", method="x", predict="maybe")
    assert not at.exception
    notes = "\n".join(w.value for w in at.warning)
    for named in ("n=-3", "correction=banana", "method=x", "predict=maybe"):
        assert f"`{named}` can't be used" in notes
    assert at.selectbox(key="correction").value == "holm"


# --------------------------------------------------------------------------- names and the screen


def test_names_reach_the_charts_tooltips_sentences_and_the_table():
    at = run(rows="Zephyr 2:82:1.2,Sparrow:78:1.1,Atlas-Mini:70:1.5")
    names = {"Zephyr 2", "Sparrow", "Atlas-Mini"}
    ranks, pairs, places = charts(at)
    assert {r["model"] for r in ranks["datasets"]["rows"]} == names
    assert {r["row"] for r in pairs["datasets"]["rows"]} == names
    assert {r["model"] for r in places["datasets"]["rows"]} == names
    assert "Zephyr 2 first by luck" in metrics(at)
    assert at.table[0].value["Model"].tolist() == ["Zephyr 2", "Sparrow", "Atlas-Mini"]
    link = parse_qs(urlparse(at.code[0].value).query)  # the link to this board
    assert link["rows"] == ["Zephyr 2:82:1.2,Sparrow:78:1.1,Atlas-Mini:70:1.5"]


def test_no_none_nan_or_inf_on_screen():
    at = run(rows="A:82,B:78:n300,C:70", n=500)
    (editor, across), (results,) = at.dataframe, at.table
    assert editor.proto.HasField("placeholder") and editor.proto.placeholder == ""
    assert across.proto.placeholder == ""
    assert editor.value["± SE"].isna().all()  # empty cells, drawn empty
    shown = text(at) + results.value.to_string()
    for garbage in ("None", "nan", "NaN", "inf"):
        assert garbage not in shown


# --------------------------------------------------------------------------- the sources


def test_presets_fill_the_board_and_its_benchmark():
    at = run()
    at.button(key="lb-preset-swe-bench-verified").click().run()
    assert not at.exception
    assert verdict(PRESETS[1].rows, n=500) in text(at)
    assert metrics(at)["Models"] == "10" and "An example:" not in text(at)


def test_editing_the_example_table_makes_it_the_readers_board():
    """The data editor's edits (its state) applied to the board: the link's rows, row notes."""
    at = run()
    frame = at.dataframe[0].value
    delta = {
        "edited_rows": {0: {"Score %": 80.0}},
        "deleted_rows": [7],
        "added_rows": [{"Model": "Model Z", "Score %": None}, {"Model": "Model A"}],
    }
    rows, notes = _board_text(edited(frame, delta))
    assert rows.startswith("Model A:80,Model B:74.7") and "Model H" not in rows
    assert notes == [
        "Table row 8 ('Model Z') has no score; left out.",
        "Table row 9 ('Model A') has no score; left out.",
    ]


def test_bad_pasted_input_is_named_by_line_and_the_page_still_draws():
    pasted = (
        "Model\tScore\nAlpha\t71.4 ± 1.8\nBeta\tn/a\nGamma\t\nAlpha\t70.1 ± 1.5\nDelta\t69.9 ± 1.9"
    )
    at = run()
    at.text_area(key="lb_paste").input(pasted)
    at.button[[b.label for b in at.button].index("Use the pasted table")].click().run()
    assert not at.exception
    notes = "\n".join(w.value for w in at.warning).replace("\\", "")
    assert "line 3" in notes and "Beta" in notes  # n/a
    assert "line 4" in notes  # a missing score
    assert "line 5" in notes and "appears twice" in notes
    assert verdict("Alpha:71.4:1.8,Delta:69.9:1.9") in text(at)
    assert len(charts(at)) == 3


def test_a_thousand_pasted_rows_keep_fifty_and_say_so():
    pasted = "\n".join(f"Model {i}\t{50 + i / 100:.2f}" for i in range(1000))
    at = run(n=1000)
    at.text_area(key="lb_paste").input(pasted)
    at.button[[b.label for b in at.button].index("Use the pasted table")].click().run()
    notes = "\n".join(w.value for w in at.warning)
    assert "lines 51 on" in notes and "950 more" in notes
    assert metrics(at)["Models"] == "50"


def test_per_question_files_of_four_models_make_the_board_paired():
    rng = np.random.default_rng(4)
    skill = {"w": 0.85, "x": 0.8, "y": 0.78, "z": 0.6}
    answers = {m: (rng.random(300) < p).astype(int) for m, p in skill.items()}
    csv = "question_id," + ",".join(answers) + "\n"
    csv += "".join(
        f"q{i}," + ",".join(str(a[i]) for a in answers.values()) + "\n" for i in range(300)
    )
    at = run()
    at.get("file_uploader")[0].set_value([("board.csv", csv.encode(), "text/csv")]).run()
    at.run()  # the files are read before the verdict: the run after the upload
    assert not at.exception
    b = board_from_answers(list(answers), list(answers.values()))
    shown = text(at)
    assert ranks_sentence(rank_intervals(b, draws=DRAWS)) in shown
    assert "Every model answered the same 300 questions" in shown
    assert "McNemar's test" in shown  # the overlap sentence names the paired test
    assert "Uploaded files cannot travel in a link" in shown
    assert "An example" not in shown  # the files are the reader's board, not the example


# --------------------------------------------------------------------------- the seed, predict


def test_a_seed_edit_redraws_the_draws_and_names_the_new_seed():
    rows = "A:82:1.5,B:80:1.5,C:79:1.5,D:70:1.5"
    at = run(rows=rows, method="simultaneous", seed="1")
    b = decode_rows(rows).to_board()
    assert metrics(at)["A first by luck"] == words.percent(
        float(rank_probabilities(b, draws=DRAWS, seed=1).first[0])
    )
    at.number_input(key="seed").set_value(2).run()
    assert not at.exception
    probs = rank_probabilities(b, draws=DRAWS, seed=2)
    assert metrics(at)["A first by luck"] == words.percent(float(probs.first[0]))
    assert verdict(rows, method="simultaneous", seed=2) in text(at)
    assert places_sentence(probs) in text(at) and "(seed 2)" in text(at)


def test_predict_first_hides_the_answer_until_revealed():
    at = run(predict="true")
    assert not at.exception
    assert not charts(at) and "Tied for first" not in metrics(at)
    assert "How many of these 8 models are tied for first?" in text(at)
    assert at.number_input(key="seed").value == 0  # the settings stay beside it
    box = next(n for n in at.number_input if n.key.startswith("_predict_guess_"))
    box.set_value(3).run()
    next(b for b in at.button if b.label == "Reveal").click().run()
    assert "Your guess: 3 models. The answer: 8 models." in text(at)
    assert len(charts(at)) == 3


# --------------------------------------------------------------------------- two models, many benchmarks


def test_two_models_across_many_benchmarks_from_a_link_by_name():
    at = run(bench_rows=VALS, name_a="Ours", name_b="Theirs")
    assert not at.exception
    r = decode_benchmark_rows(VALS).grade()
    assert (r.a_ahead, r.b_ahead, r.ties_count.overlap) == (28, 6, 11)  # the preset's promise
    shown = text(at)
    assert ties_sentence(r.ties_count) in shown
    assert "Ours is ahead on 28 of 34 benchmarks" in shown and "not independent" in shown
    assert metrics(at)["Ours ahead"] == "28" and metrics(at)["Theirs clears"] == "0"
    across = at.table[-1].value
    assert "Ours − Theirs (points)" in across.columns
    assert {"Ours (%)", "Theirs ± SE"} <= set(at.dataframe[-1].value.columns)


def test_the_vals_button_fills_the_second_table():
    at = run()
    at.button(key="lb-vals").click().run()
    assert not at.exception
    assert "A is ahead on 28 of 34 benchmarks" in text(at)
    assert "An example:" in text(at)  # the board above is still the example


def test_benchmark_rows_without_questions_say_which():
    at = run(bench_rows="X:80:70,Y:60:61:n200")
    assert "no number of questions or ± SEs for 'X'" in text(at)


def test_the_verdict_is_said_again_under_the_board_and_when_an_edit_changes_it():
    at = run(rows=ROWS)
    (card,) = [m.value for m in at.markdown if m.value.startswith("#### ")]
    (here,) = [i.value for i in at.info if i.value.startswith("**The verdict:**")]
    assert here.removeprefix("**The verdict:** ").replace("\\", "") in card.replace("\\", "")
    assert not [x for x in at.success if "changed" in x.value]
    at.query_params["rows"] = "Model A:97:0.5,Model B:85.1:1.9,Model C:80.2:1,Model D:70:1.2"
    at.run()  # the reader's edit: A now clears everyone
    (changed,) = [x.value.replace("\\", "") for x in at.success if "changed" in x.value]
    assert changed.startswith("**The verdict changed:**") and "Model A" in changed
    assert changed.removeprefix("**The verdict changed:** ") != here.removeprefix(
        "**The verdict:** "
    )
    at.run()  # a rerun that changes nothing says it plainly again
    assert not [x for x in at.success if "changed" in x.value]

"""The Leaderboard checker page through AppTest: deep links, presets, bad pasted input, the verdict.

Every sentence the page shows is checked against benchstats called directly
(the same board, the same settings), so the page cannot drift from the maths.
"""

from __future__ import annotations

import numpy as np
from conftest import app_test, lazy_pane, lazy_tabs, open_tab

from benchstats import words
from benchstats.benchmark_rows import decode_benchmark_rows
from benchstats.leaderboard import board_from_answers, pairwise_tests, tie_counts
from benchstats.leaderboard_links import decode_rows
from benchstats.prose.leaderboard import places_sentence
from benchstats.ranks import rank_intervals, rank_probabilities
from ui.sections.leaderboard_across import VALS
from ui.sections.leaderboard_data import DRAWS
from ui.sections.leaderboard_inputs import EXAMPLE, PRESETS

PAGE = "pages/leaderboard.py"
TIMEOUT = 120


def run(**query):
    return app_test(PAGE, timeout=TIMEOUT, **query).run()


def text(at) -> str:
    parts = [str(e.value) for kind in ("markdown", "info", "warning", "error", "success")
             for e in getattr(at, kind)]  # fmt: skip
    return "\n".join(parts).replace("\\", "")


def metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


TABS = "lazy-lb-more"  # the lazy tab row under the rank chart
SOURCE = "lazy-lb-source"  # the lazy tab row of where the rows come from: table, paste, files
OVERLAP, BOARD, PLACES, PAIRS = "Overlap rule", "The board", "Places by luck", "All pairs"


def drawn(at) -> int:
    return len(at.get("vega_lite_chart"))


def charts(at) -> int:
    """Every chart the page has: those drawn, then each tab's, opened in turn (the first reopened)."""
    total = drawn(at)
    if TABS not in lazy_tabs(at):
        return total
    for label in lazy_tabs(at)[TABS][1:]:
        total += drawn(open_tab(at, TABS, label)) - drawn_outside_tabs(at)
    open_tab(at, TABS, OVERLAP)
    return total


def drawn_outside_tabs(at) -> int:
    """Charts drawn outside the lazy tab row (the rank chart)."""
    return drawn(at) - len(tab_row(at).get("vega_lite_chart"))


def verdict(rows: str, *, n=None, **kw) -> str:
    b = decode_rows(rows).to_board(n=n)
    return rank_intervals(b, seed=kw.get("seed", 0), method=kw.get("method", "marginal"),
                          confidence_level=kw.get("level", 0.95)).sentence()  # fmt: skip


def test_a_link_without_rows_opens_the_labelled_example():
    at = run()
    assert not at.exception
    shown = text(at)
    assert "An example: Eight models within three points on GPQA Diamond" in shown
    assert verdict(EXAMPLE.rows, n=198) in shown
    assert charts(at) == 3
    assert metrics(at)["Models"] == "8"


def test_deep_link_with_reported_ses_matches_benchstats():
    rows = "Model A:87.3:1.8,Model B:85.1:1.9,Model C:80.2:1,Model D:70:1.2"
    at = run(rows=rows, correction="bh", method="simultaneous", level="90", seed="3")
    assert not at.exception
    shown = text(at)
    assert verdict(rows, method="simultaneous", level=0.9, seed=3) in shown
    tests = pairwise_tests(decode_rows(rows).to_board(), correction="bh", confidence_level=0.9)
    assert tie_counts(tests).sentence() in shown
    assert "simultaneous rank intervals" in shown and "90%" in shown
    assert "Each score's uncertainty is its reported ± standard error." in shown
    assert "An example" not in shown
    assert charts(at) == 3


def test_rows_with_n_in_the_link_and_a_row_of_its_own():
    rows = "A:82:n1000,B:78,C:60"
    at = run(rows=rows, n=500)
    assert not at.exception
    assert verdict(rows, n=500) in text(at)


def test_rows_without_questions_ask_for_them_and_draw_nothing_invented():
    at = run(rows="A:82,B:78,C:70")
    assert not at.exception
    assert any("no number of questions" in e.value for e in at.error)
    assert charts(at) == 0
    assert "Tied for first" not in metrics(at)


def test_an_unreadable_rows_link_is_named_and_the_example_shown():
    at = run(rows="banana")
    assert not at.exception
    assert "can't be used" in text(at) and "Showing an example instead" in text(at)
    assert charts(at) == 3


def test_presets_fill_the_board_and_its_benchmark():
    at = run()
    at.button(key="lb_preset_swe-bench").click().run()
    assert not at.exception
    assert verdict(PRESETS[1].rows, n=500) in text(at)
    assert metrics(at)["Models"] == "10"


def test_bad_pasted_input_is_named_by_line_and_the_page_still_draws():
    pasted = (
        "Model\tScore\nAlpha\t71.4 ± 1.8\nBeta\tn/a\nGamma\t\nAlpha\t70.1 ± 1.5\nDelta\t69.9 ± 1.9"
    )
    at = open_tab(run(), SOURCE, "Paste")
    at.text_area(key="lb_paste").input(pasted)
    at.button[[b.label for b in at.button].index("Use the pasted table")].click().run()
    assert not at.exception
    notes = "\n".join(w.value for w in at.warning).replace("\\", "")
    assert "line 3" in notes and "Beta" in notes  # n/a
    assert "line 4" in notes  # a missing score
    assert "line 5" in notes and "appears twice" in notes
    assert verdict("Alpha:71.4:1.8,Delta:69.9:1.9") in text(at)
    assert charts(at) == 3


def test_a_thousand_pasted_rows_keep_fifty_and_say_so():
    pasted = "\n".join(f"Model {i}\t{50 + i / 100:.2f}" for i in range(1000))
    at = open_tab(run(n=1000), SOURCE, "Paste")
    at.text_area(key="lb_paste").input(pasted)
    at.button[[b.label for b in at.button].index("Use the pasted table")].click().run()
    assert not at.exception
    notes = "\n".join(w.value for w in at.warning)
    assert "lines 51 on" in notes and "950 more" in notes
    assert metrics(at)["Models"] == "50"
    assert charts(at) == 3


def test_predict_first_hides_the_answer_until_revealed():
    at = run(predict="true")
    assert not at.exception
    assert charts(at) == 0 and "Tied for first" not in metrics(at)
    assert "How many of these 8 models are tied for first?" in text(at)
    box = next(n for n in at.number_input if n.key.startswith("_predict_guess_"))
    box.set_value(3).run()
    next(b for b in at.button if b.label == "Reveal").click().run()
    assert "Your guess: 3 models. The answer: 8 models." in text(at)
    assert charts(at) == 3


def test_two_models_across_many_benchmarks_from_a_link():
    at = run(bench_rows=VALS, name_a="Ours", name_b="Theirs")
    assert not at.exception
    r = decode_benchmark_rows(VALS).grade()
    assert (r.a_ahead, r.b_ahead, r.ties_count.overlap) == (28, 6, 11)  # the preset's promise
    shown = text(at)
    assert r.ties_count.sentence() in shown
    assert "Ours is ahead on 28 of 34 benchmarks" in shown
    assert "not independent" in shown
    assert metrics(at)["Ours ahead"] == "28"


def test_per_question_files_of_four_models_make_the_board_paired():
    rng = np.random.default_rng(4)
    skill = {"w": 0.85, "x": 0.8, "y": 0.78, "z": 0.6}
    answers = {m: (rng.random(300) < p).astype(int) for m, p in skill.items()}
    csv = "question_id," + ",".join(answers) + "\n"
    csv += "".join(
        f"q{i}," + ",".join(str(a[i]) for a in answers.values()) + "\n" for i in range(300)
    )
    at = run()
    assert not at.get("file_uploader")  # its tab is closed: not drawn
    at = open_tab(at, SOURCE, "Per-question files")
    uploader = at.get("file_uploader")[0]
    uploader.set_value([("board.csv", csv.encode(), "text/csv")]).run()
    assert not at.exception
    expected = rank_intervals(board_from_answers(list(answers), list(answers.values())))
    shown = text(at)
    assert expected.sentence() in shown
    assert "Every model answered the same 300 questions" in shown
    assert "McNemar's test" in shown  # the overlap sentence names the paired test
    assert charts(at) == 3
    assert "Uploaded files cannot travel in a link" in text(open_tab(at, TABS, BOARD))


def test_the_vals_button_fills_the_second_table():
    at = run()
    assert not any(b.key == "lb_vals" for b in at.button)  # folded: not drawn until opened
    at.session_state["lazy-lb-across"] = True  # a click on the fold
    at.run().button(key="lb_vals").click().run()
    assert not at.exception
    shown = text(at)
    assert "Model A is ahead on 28 of 34 benchmarks" in shown
    assert decode_benchmark_rows(VALS).grade().ties_count.sentence() in shown


def _parents(node, parent=None):
    """(element, the block it sits in) for every element of an AppTest tree."""
    children = getattr(node, "children", None)
    if not isinstance(children, dict):
        yield node, parent
        return
    for child in children.values():
        yield from _parents(child, node)


def test_the_settings_fold_until_opened_and_the_defaults_hold_meanwhile():
    at = run()
    assert not any(w.key == "_correction_menu" for w in at.selectbox)
    assert "Holm" in text(at)  # the verdict names the correction it used
    at.session_state["lazy-lb-settings"] = True  # a click on the fold
    at.run()
    assert at.selectbox(key="_correction_menu").value == "holm"
    assert at.selectbox(key="_method_menu").value == "marginal"
    assert at.slider(key="level").value == 95.0


def test_a_refused_link_value_is_noted_under_its_own_input():
    # An input goes straight into its row (one element fewer) unless a note about its link
    # value shows: then input and note share a box of the input's width, the note under it.
    at = run(rows="A:82,B:78,C:70", n="-3", correction="banana", method="x", predict="maybe")
    assert not at.exception
    placed = list(_parents(at._tree.children[0]))
    box_of = {getattr(e, "key", None): box for e, box in placed}
    for key, named, width in [
        ("_correction_menu", "correction=banana", "pixel_width: 260"),
        ("_method_menu", "method=x", "pixel_width: 230"),
        ("n", "n=-3", "pixel_width: 220"),
    ]:
        box = box_of[key]
        notes = [e.value for e, b in placed if b is box and e.type == "warning"]
        assert len(notes) == 1 and named in notes[0], (key, notes)
        assert str(box.proto.width_config).strip() == width
    clean = run(rows="A:82,B:78,C:70", n="500", correction="bh", method="simultaneous")
    assert not clean.exception
    placed = list(_parents(clean._tree.children[0]))
    box_of = {getattr(e, "key", None): box for e, box in placed}
    assert box_of["_correction_menu"] is box_of["_method_menu"]  # the row itself
    assert box_of["n"] is box_of["_bench_menu"]
    assert not [e for e, _ in placed if e.type == "warning"]


# --------------------------------------------------------------------------- the seed's fragment, the tabs


def fragment(at):
    """The board's fragment: the page's one top-level block that holds the seed."""
    blocks = [b for b in at.main.children.values() if not hasattr(b, "value")]
    (found,) = [b for b in blocks if any(w.key == "seed" for w in b.get("number_input"))]
    return found


def test_the_seed_and_all_it_drives_share_one_fragment():
    """A seed edit reruns that fragment only: the verdict, the rank chart and the tabs are in it;
    the inputs above and the second section below are not."""
    at = run(seed="4")
    part = fragment(at)
    assert part.number_input(key="seed").value == 4
    assert {m.label for m in part.get("metric")} == set(metrics(at))  # the whole verdict card
    assert len(part.get("vega_lite_chart")) == drawn(at) == 1  # the rank chart
    assert TABS in {w.key for w in part.get("button_group")}  # the lazy tab row
    outside = {w.key for w in at.selectbox} - {w.key for w in part.get("selectbox")}
    assert outside == {"_bench_menu"}  # the settings are folded: drawn once opened or linked
    linked = run(seed="4", correction="bh")
    outside = {w.key for w in linked.selectbox} - {w.key for w in fragment(linked).get("selectbox")}
    assert {"_correction_menu", "_method_menu", "_bench_menu"} <= outside
    assert not part.get("text_input")  # the second section's names sit below, outside
    assert not part.get("toggle") and at.toggle(key="predict")  # predict-first: by the questions


def test_a_seed_edit_redraws_the_draws_and_names_the_new_seed():
    rows = "A:82:1.5,B:80:1.5,C:79:1.5,D:70:1.5"
    at = run(rows=rows, method="simultaneous", seed="1")
    b = decode_rows(rows).to_board()
    first = metrics(at)["A first by luck"]
    assert first == words.percent(float(rank_probabilities(b, draws=DRAWS, seed=1).first[0]))
    at.number_input(key="seed").set_value(2).run()
    assert not at.exception
    probs = rank_probabilities(b, draws=DRAWS, seed=2)
    assert metrics(at)["A first by luck"] == words.percent(float(probs.first[0]))
    assert verdict(rows, method="simultaneous", seed=2) in text(at)
    shown = text(open_tab(at, TABS, PLACES))
    assert places_sentence(probs).replace("\\", "") in shown and "(seed 2)" in shown
    assert drawn(at) == 2  # the rank chart and the places chart
    open_tab(at, TABS, BOARD)
    assert "seed=2" in at.code[0].value and "method=simultaneous" in at.code[0].value


def tab_row(at):
    return lazy_pane(at, TABS)


def test_each_tab_draws_only_while_open():
    at = run()
    assert lazy_tabs(at)[TABS] == [OVERLAP, BOARD, PLACES, PAIRS]
    b = decode_rows(EXAMPLE.rows).to_board(n=198)
    ties = tie_counts(pairwise_tests(b, correction="holm", confidence_level=0.95)).sentence()
    assert ties in text(at)  # the first tab is open: the overlap rule
    assert not tab_row(at).get("dataframe") and not at.code and drawn(at) == 1
    open_tab(at, TABS, BOARD)
    assert ties not in text(at) and at.code
    (table,) = tab_row(at).get("dataframe")
    assert table.value["Model"].tolist()[:2] == ["Model A", "Model B"]
    open_tab(at, TABS, PAIRS)
    assert not tab_row(at).get("dataframe") and drawn(at) == 2


def test_a_linked_seed_stays_drawn_while_predict_hides_the_answer():
    at = run(seed="9", predict="true")
    assert at.number_input(key="seed").value == 9  # drawn, so the link keeps it
    assert drawn(at) == 0 and "Tied for first" not in metrics(at)

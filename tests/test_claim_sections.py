"""Check a claim's sections through AppTest: the claim box, the disagreement band, the checklist.

Deep links (``/?claim=``), hostile sentences, a pasted sentence giving the same claim as typing
its numbers, and a link's own values winning over the sentence's.
"""

from __future__ import annotations

from urllib.parse import unquote

import pyarrow as pa
import pytest
from conftest import app_test, card_numbers
from streamlit.testing.v1 import AppTest

from benchstats import get_benchmark
from benchstats.claims import MAX_CHARS
from benchstats.claims.checklist import NOT_STATED, chance_floor, metric_words, row_checklist
from ui.registry import page

PAGE = "app_pages/check_a_claim.py"
ISSUE = "Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%"
HOSTILE = [
    "",
    "   ",
    "x" * 10_000,
    ("GPT-5 hits 88.1% on GPQA Diamond vs Claude's 80.9% " * 200)[:10_000],
    "<script>alert('x')</script><b>Model X</b> scores 87.3% vs <i>Model Y</i> 85.1%",
    "&lt;img src=x onerror=alert(1)&gt; *Model* [X](javascript:alert(1)) scores 87.3% vs 85.1%",
    "1 2 3 4 5 87 99.9 0.5 1,319 3/4 100% 200%",
    "87.3% 85.1% 61% 92% ± 0 on 2,000,000 questions",
    "Model $X$ :red[scores] 87.3% vs `Y` 85.1% ± 99 on 0 questions",
    "\x00\u202e\ufeff🤯 ±±± %%% @@@ pass@ maj@",
]


def run(**query) -> AppTest:
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def shown(at: AppTest) -> dict:
    """What the inputs hold: the claim the page grades."""
    values = {w.key: w.value for w in at.number_input} | {w.key: w.value for w in at.text_input}
    return values | {"bench": at.selectbox(key="bench").value}


def read_as(at: AppTest) -> str:
    """The marked sentence under the verdict (how the claim was read), with what it implied."""
    return next((m.value for m in at.markdown if m.value.startswith("**How it read")), "")


def markdown_text(at: AppTest) -> str:
    assert not at.exception, [e.value for e in at.exception]
    return "\n".join(m.value for m in at.markdown)


def copied(at: AppTest) -> str:
    return at.code[0].value


# --------------------------------------------------------------------------- the claim box


def test_deep_link_fills_the_inputs_and_shows_how_it_read():
    at = run(claim=ISSUE)
    values = shown(at)
    assert (values["a"], values["b"], values["n"], values["bench"]) == (
        87.3,
        85.1,
        198,
        "gpqa-diamond",
    )
    assert (values["name_a"], values["name_b"]) == ("Model X", "Model Y")
    assert ":blue-background[**85.1%**] _(score of Model Y)_" in read_as(at)
    assert "Model X _(model A)_" in read_as(at)
    assert "From the claim." in [c.value for c in at.caption]
    assert at.text_area(key="claim").value == ISSUE
    assert copied(at).startswith("Model X 87.3% vs Model Y 85.1% on GPQA Diamond (198 questions)")


def test_a_pasted_sentence_gives_the_same_claim_as_typing_its_numbers():
    typed = run(a="87.3", b="85.1", bench="gpqa-diamond", name_a="Model X", name_b="Model Y")
    assert copied(run(claim=ISSUE)) == copied(typed)
    assert card_numbers(run(claim=ISSUE)) == card_numbers(typed)
    at = run()  # pasted into the box of a fresh page, not opened from a link
    at.text_area(key="claim").input(ISSUE).run()
    assert copied(at) == copied(typed)
    assert dict(at.query_params) == {"claim": ISSUE}  # the sentence is the link


def test_counts_and_standard_errors_fill_n_and_the_se_boxes():
    at = run(claim="Beta solved 34 of 40 (± 5.6) vs Alpha's 30/40 (± 7.2), maj@8")
    typed = run(a="85", b="75", n="40", se_a="5.6", se_b="7.2", name_a="Beta", name_b="Alpha")
    assert copied(at) == copied(typed)
    assert (shown(at)["se_a"], shown(at)["n"]) == (5.6, 40)


def test_a_links_own_values_win_over_the_sentence():
    # A link made after a correction carries both the sentence and the corrected value.
    at = run(claim=ISSUE, a="88")
    assert shown(at)["a"] == 88.0 and shown(at)["b"] == 85.1
    assert copied(at).startswith("Model X 88% vs Model Y 85.1%")
    at.number_input(key="b").set_value(84.0).run()  # a correction typed after pasting
    assert copied(at).startswith("Model X 88% vs Model Y 84%")
    assert dict(at.query_params) == {"claim": ISSUE, "a": "88", "b": "84"}


def test_never_fills_a_field_it_did_not_read():
    at = run(a="70", b="60", n="300")
    at.text_area(key="claim").input("Our new model scores 87.3%").run()
    values = shown(at)
    assert (values["a"], values["b"], values["n"], values["bench"]) == (70.0, 60.0, 300, None)
    assert values["se_a"] is None


def test_a_preset_with_another_size_refuses_the_sentences_count_in_words():
    at = run(claim="X scores 61% vs Y's 55% on 500 questions", bench="gpqa-diamond")
    assert shown(at)["n"] == 198
    assert any("`n=500` can't be used" in w.value for w in at.warning)


def test_questions_are_prompts_and_nothing_ambiguous_is_filled():
    at = run(claim="Our model scores 87.3% on GPQA, 92% on MMLU-Pro, 61% on AIME")
    texts = [w.value for w in at.warning]
    assert any("3 scores" in t for t in texts), texts
    assert ":blue-background[**87.3%**] _(score, not compared)_" in read_as(at)
    assert any("more than one benchmark" in t for t in texts)
    assert not any(m.value.startswith("#### ") for m in at.markdown)  # no verdict on a guess


def test_a_sentence_without_a_claim_says_so_and_grades_nothing():
    at = run(claim="The weather in Paris is lovely today.")
    assert any(i.value.startswith("Nothing to grade here") for i in at.info)
    assert any(i.value.startswith("**No verdict yet") for i in at.info)
    assert not at.code and not at.get("vega_lite_chart")


@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: repr(t[:20]))
def test_hostile_sentences_never_raise_and_html_stays_text(text):
    at = run(claim=text) if text else run()
    if text:
        at.text_area(key="claim").input(text[::-1]).run()
        assert not at.exception
    for element in at.markdown:
        assert not element.proto.allow_html
    assert "<script" not in read_as(at)


def test_long_text_is_read_up_to_the_limit_and_says_so():
    at = run(claim=ISSUE + " " + "x" * 10_000)
    assert shown(at)["a"] == 87.3
    assert any(f"only the first {MAX_CHARS:,} are read" in w.value for w in at.warning)


# --------------------------------------------------------------------------- the disagreement band


GPQA = {"a": 125 / 198 * 100, "b": 113 / 198 * 100, "n": 198}  # 125 and 113 of 198


def datasets(at: AppTest) -> dict:
    chart = at.get("vega_lite_chart")[1]
    return {d.name: pa.ipc.open_stream(d.data.data).read_pandas() for d in chart.proto.datasets}


def test_the_articles_paired_figure_at_20_vs_8_of_198():
    text = markdown_text(run(**GPQA, disagree="28"))
    assert "20 that only A got right and 8 that only B got right" in text
    assert "z = 2.27, p = 0.023 (mid-p = 0.024): the lead clears the noise" in text
    assert "fewer than 19.1% of them; on separate questions it does not" in text


def test_the_chart_has_every_feasible_discordance_and_starts_at_independent_mistakes():
    at = run(**GPQA)
    assert "curve" in at.get("vega_lite_chart")[1].proto.spec
    slider = at.slider(key="disagree")
    assert (slider.min, slider.max, slider.value) == (12, 158, 96)
    assert "It starts where independent mistakes put it." in markdown_text(at)
    assert "disagree" not in at.query_params  # a what-if, not the reader's number


@pytest.mark.parametrize("raw, value", [("999", 158), ("27", 28), ("-4", 96), ("banana", 96)])
def test_an_impossible_link_value_gets_a_note_and_a_feasible_count(raw, value):
    at = run(**GPQA, disagree=raw)
    assert at.slider(key="disagree").value == value
    assert any(f"`disagree={raw}` can't be used" in w.value for w in at.warning)
    at.slider(key="disagree").set_value(40).run()
    assert not any("disagree=" in w.value for w in at.warning)  # gone once the reader moves on
    assert dict(at.query_params)["disagree"] == "40"


def test_changing_the_claim_keeps_the_count_feasible():
    at = run(**GPQA, disagree="40")
    at.number_input(key="n").set_value(100).run()
    slider = at.slider(key="disagree")
    assert slider.min <= slider.value <= slider.max and (slider.value - slider.min) % 2 == 0


def test_unpaired_verdict_at_the_upper_end_and_a_clear_lead():
    at = run(a=90, b=60, n=500)
    assert "clears the noise however often the models disagree" in markdown_text(at)
    at.slider(key="disagree").set_value(at.slider(key="disagree").max).run()
    assert "the lead clears the noise" in markdown_text(at)


@pytest.mark.parametrize("q", [(50, 50, 100), (100, 0, 10), (0, 0, 1), (100, 100, 5)])
def test_edge_claims_draw_without_error(q):
    run(a=q[0], b=q[1], n=q[2])


def test_the_reader_can_shade_a_band_kept_in_the_link():
    at = run(**GPQA, typical=["25", "10"])
    assert "Shaded: 10.0% to 25.0% of questions, as you set it." in markdown_text(at)
    assert datasets(at)["typical"].to_dict("records") == [
        {"low": 10.0, "high": 25.0, "source": "set by the reader"}
    ]
    at.slider(key="typical").set_value((0.0, 0.0)).run()
    assert "No band is shaded" in markdown_text(at) and datasets(at)["typical"].empty
    assert "typical" not in at.query_params
    at.toggle(key="_typical_on").set_value(True).run()
    at.slider(key="typical").set_value((0.0, 12.5)).run()
    assert "Shaded: 0.0% to 12.5% of questions" in markdown_text(at)


def test_no_band_draws_no_range_until_switched_on():
    """With nothing shaded there is no range slider (its two ends drew "0.0 0.0" on top of each
    other); switched on, it starts at every discordance these scores allow: 125 and 113 right of
    198 disagree on at least 125 − 113 = 12 questions (6.06%) and at most 2·198 − 125 − 113 =
    158 (79.8%), so 6.0 to 80.0 on the slider's half-point steps."""
    at = run(**GPQA)
    labels = [w.label for w in at.slider] + [t.label for t in at.toggle]
    assert "typical" not in [w.key for w in at.slider] and not any("0 to 0" in x for x in labels)
    assert at.toggle(key="_typical_on").value is False
    at.toggle(key="_typical_on").set_value(True).run()
    assert at.slider(key="typical").value == (6.0, 80.0)
    assert (at.slider(key="disagree").min, at.slider(key="disagree").max) == (12, 158)
    assert at.slider(key="typical").label == "Discordance you expect (% of questions)"
    at.toggle(key="_typical_on").set_value(False).run()
    assert "typical" not in at.query_params and "No band is shaded" in markdown_text(at)


@pytest.mark.parametrize("raw", [["200", "300"], ["banana", "x"], ["10"]])
def test_a_typical_band_the_slider_cannot_take_gets_a_note(raw):
    at = run(**GPQA, typical=raw)
    assert "No band is shaded" in markdown_text(at)
    assert any(
        "can't be used: typical must be 2 numbers from 0 to 100" in w.value for w in at.warning
    )


def test_names_are_text_in_the_sentences():
    text = markdown_text(run(**GPQA, disagree="28", name_a="*Model* X", name_b="Y"))
    assert "only \\*Model\\* X got right" in text


# --------------------------------------------------------------------------- the checklist


def test_checklist_fills_what_the_page_knows_and_links_each_question():
    text = markdown_text(run(claim="X scores 61% vs Y's 55% on GPQA Diamond, maj@8"))
    assert "**How many questions?** 198 (GPQA Diamond)" in text
    assert "25% (4 options on GPQA Diamond)" in text
    assert "maj@k with k = 8" in text
    assert "**At what decoding temperature?** _not stated_" in text
    for key in ("needed", "grader", "luck", "passk"):
        assert f"]({page(key).url_path})" in text


def test_checklist_says_not_stated_rather_than_guess():
    text = markdown_text(run(claim="Atlas-Mini beats Sparrow 91.5% to 89.0%"))
    assert "**How many questions?** _not stated_" in text  # assumed for the grade, not stated


def test_checklist_rows_and_floor():
    items = row_checklist(None)
    assert [i.known for i in items] == [False] * 5 and items[0].answer == NOT_STATED
    assert chance_floor(10) == 0.1
    with pytest.raises(ValueError, match="options must be a whole number"):
        chance_floor(1)
    assert metric_words("top@1")[0].startswith("top@k with k = 1")
    assert row_checklist(12032, bench=get_benchmark("mmlu-pro"))[1].answer.startswith("10%")


# --------------------------------------------------------------------------- readings (issue 34)

THREE = "Ash-3 (88.6%) beats both Birch-2 (85.9%) and Cedar-1 (83.0%) on MMLU"
TWO = "Heron-4 scores 71.5% on MMLU-Pro against Robin's 69.0% (HumanEval: 90.2% vs 88.7%)"


def verdict_shown(at: AppTest) -> bool:
    return any(m.value.startswith("#### ") for m in at.markdown)


def test_a_question_stops_the_verdict_the_sentence_to_copy_and_the_chart():
    at = run(claim=TWO)
    assert not verdict_shown(at) and not at.code and not at.get("vega_lite_chart")
    assert any("more than one benchmark" in w.value for w in at.warning)
    labels = [b.label for b in at.button]
    assert labels == [
        "Heron-4 71.5% vs Robin 69.0% on MMLU-Pro",
        "Heron-4 90.2% vs Robin 88.7% on HumanEval",
    ]
    assert "score of Robin, not compared" in read_as(at)
    assert not at.table  # no table of rivals while it asks


def test_a_choice_goes_into_the_link_and_grades_the_pair_it_names():
    at = run(claim=TWO)
    at.button[1].click().run()
    assert dict(at.query_params) == {"claim": TWO, "pick": "pair-2"}
    assert verdict_shown(at) and copied(at).startswith("Heron-4 90.2% vs Robin 88.7% on HumanEval")
    assert (shown(at)["name_b"], shown(at)["b"]) == ("Robin", 88.7)
    again = run(claim=TWO, pick="pair-2")  # the link alone gives it back
    assert copied(again) == copied(at)


def test_typing_the_two_scores_answers_the_question_about_them():
    at = run(claim=TWO, a="90.2", b="88.7", n="164")
    assert verdict_shown(at) and not at.warning


def _leaderboard_link(at: AppTest) -> str:
    text = next(m.value for m in at.markdown if "in the Leaderboard checker](" in m.value)
    return text.split("](", 1)[1].rstrip(")")


def test_several_rivals_are_graded_pair_by_pair_the_closest_first_with_a_link_to_all():
    at = run(claim=THREE)
    assert verdict_shown(at) and not at.warning  # no question: three models are three pairs
    headline = next(m.value for m in at.markdown if m.value.startswith("#### "))
    assert "Ash-3's lead" in headline and (shown(at)["name_b"], shown(at)["b"]) == ("Birch-2", 85.9)
    table = at.table[0].value
    assert list(table["Rival"]) == ["Birch-2", "Cedar-1"]  # the closest rival first
    assert list(table["Lead (points)"]) == ["+2.7", "+5.6"]
    assert all(v.startswith("Clears the noise: Ash-3 leads") for v in table["Verdict"])
    assert any(c.value.startswith("Each pair is graded on 14,042 questions") for c in at.caption)
    link = _leaderboard_link(at)
    assert link.startswith("leaderboard?") and "bench=mmlu" in link
    rows = dict(p.split("=", 1) for p in link.split("?", 1)[1].split("&"))["rows"]
    assert unquote(rows) == "Ash-3:88.6,Birch-2:85.9,Cedar-1:83"
    leaderboard = app_test("app_pages/leaderboard.py", rows=unquote(rows), bench="mmlu").run()
    assert not leaderboard.exception
    names = " ".join(str(t.value) for t in leaderboard.table)
    assert all(m in names for m in ("Ash-3", "Birch-2", "Cedar-1"))


def test_a_winner_behind_one_rival_and_ahead_of_another_is_said_both_ways():
    claim = "On MMLU, Ash-3 scores 71.0%, ahead of Birch-2's 64.9% but behind Cedar-1's 79.0%"
    at = run(claim=claim)
    line = next(m.value for m in at.markdown if m.value.startswith("**Against 2 rivals"))
    assert (
        "ahead of Birch-2 by more than luck" in line and "behind Cedar-1 by more than luck" in line
    )
    table = at.table[0].value  # Birch-2 is 6.1 points away, Cedar-1 8.0: Birch-2 first
    assert list(table["Rival"]) == ["Birch-2", "Cedar-1"]
    assert list(table["Verdict"]) == [
        "Clears the noise: Ash-3 leads.",
        "Clears the noise: Cedar-1 leads.",
    ]


def test_a_reader_who_types_another_score_leaves_the_rivals_table():
    at = run(claim=THREE, b="80")
    assert verdict_shown(at) and not at.table


def test_the_reading_sits_under_the_verdict_with_what_it_implied():
    at = run(claim="Pelican reaches 77.2% on MATH-500, +0.8 over Gull")
    texts = [m.value for m in at.markdown]
    card = next(i for i, t in enumerate(texts) if t.startswith("#### "))
    assert texts[card + 1].startswith("**How it read the claim.**")  # the next text after it
    assert ":violet-background[**+0.8**] _(lead of Pelican over Gull)_" in read_as(at)
    assert "Gull 76.4% = 77.2% − 0.8." in read_as(at)
    assert shown(at)["b"] == 76.4
    assert any("lead of +0.8 points" in c.value for c in at.caption)  # B's input: worked out


def test_a_stated_count_wins_over_its_preset_and_says_so():
    at = run(claim="Across both years' 60 AIME problems, Otter-2 solves 42 and Seal-1 39")
    values = shown(at)
    assert (values["n"], values["bench"], values["a"], values["b"]) == (60, None, 70.0, 65.0)
    assert "the sentence's own count is used" in read_as(at)
    assert verdict_shown(at)


def test_a_lower_is_better_rate_is_a_lead_for_the_lower_rate_said_in_words():
    claim = "Ash-3 hallucinates 4.1% of the time on SimpleQA vs Birch-2's 6.3%"
    at = run(claim=claim)
    assert verdict_shown(at) and not at.warning  # no question: the lower rate leads
    assert "Lower is better for a hallucination rate" in read_as(at)
    assert "Ash-3's 4.1% is below Birch-2's 6.3%, so Ash-3 leads" in read_as(at)
    assert (shown(at)["a"], shown(at)["b"]) == (95.9, 93.7)
    assert "Ash-3's lead" in next(m.value for m in at.markdown if m.value.startswith("#### "))


@pytest.mark.parametrize("raw", ["<b>", "pair 2", "x" * 200])
def test_a_pick_the_page_did_not_offer_is_refused_with_a_note(raw):
    at = run(claim=TWO, pick=raw)
    assert not verdict_shown(at)
    assert any("`pick" in w.value for w in at.warning)  # refused, or cut: said either way

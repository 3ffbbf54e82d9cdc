"""Issue 16's sections through AppTest: the claim box, the discordance band, the checklist, the
perturbation preset. Deep links (``/?claim=``), hostile sentences, and a pasted sentence giving
the same claim as typing its numbers.
"""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pytest
from conftest import open_lazy
from streamlit.testing.v1 import AppTest

from benchstats import get_benchmark
from benchstats.claims import MAX_CHARS, parse_claim
from benchstats.claims.checklist import NOT_STATED, chance_floor, metric_words, row_checklist
from ui.lazy import PREFIX
from ui.registry import page
from ui.sections.claim_text import chips, input_values
from ui.sections.discordance import FOLD, FOLD_KEY
from ui.sections.perturbation import PERTURBATION, PRESETS, PRIVATE_SPLIT

APPS = Path(__file__).parent / "apps"
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


def claim_app(**query: str) -> AppTest:
    at = AppTest.from_file(str(APPS / "claim_box.py"), default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    return at.run()


def shown_claim(at: AppTest) -> str:
    assert not at.exception, [e.value for e in at.exception]
    return next(t.value for t in at.text if t.value.startswith("claim="))


def badges(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if "-badge[" in m.value]


def shown_names(at: AppTest) -> str:
    return next(t.value for t in at.text if t.value.startswith("names="))


# --------------------------------------------------------------------------- the claim box


def test_input_values_are_in_the_inputs_units_and_only_what_was_read():
    values = input_values(parse_claim("X scores 87.3% (SE 1.8) vs Y's 85.1% on 448 questions"))
    assert values == {"a": 87.3, "b": 85.1, "se_a": 1.8, "name_a": "X", "name_b": "Y", "n": 448}
    assert input_values(parse_claim("hello there")) == {}
    # Out of the inputs' ranges: left out, not clipped.
    assert "n" not in input_values(parse_claim("X 87.3% vs Y 85.1% on 2,000,000 questions"))
    assert "se_a" not in input_values(parse_claim("X scores 87.3 ± 0 vs Y's 85.1%"))


def test_chips_name_each_field_read_in_the_order_of_the_sentence():
    assert chips(parse_claim(ISSUE)) == [
        "Model A: Model X",
        "Score A: 87.3%",
        "Benchmark: GPQA Diamond",
        "Model B: Model Y",
        "Score B: 85.1%",
    ]
    # A name is the sentence's own words: Markdown in it is shown as text.
    assert (
        chips(parse_claim("Foo_bar_baz scores 87.3% vs Y's 85.1%"))[0] == "Model A: Foo\\_bar\\_baz"
    )


def test_deep_link_fills_the_inputs_and_shows_the_chips():
    at = claim_app(claim=ISSUE)
    assert "a=0.873, b=0.851, n=198" in shown_claim(at)
    assert "key='gpqa-diamond'" in shown_claim(at)
    assert shown_names(at) == "names='Model X','Model Y'"
    assert ":blue-badge[Score B: 85.1%]" in badges(at)
    assert any("Correct it in the inputs below" in m.value for m in at.markdown)
    assert at.text_area(key="claim").value == ISSUE


@pytest.mark.parametrize(
    "typed",
    [
        {
            "a": "87.3",
            "b": "85.1",
            "bench": "gpqa-diamond",
            "name_a": "Model X",
            "name_b": "Model Y",
        },
        {
            "a": "87.3",
            "b": "85.1",
            "n": "198",
            "bench": "gpqa-diamond",
            "name_a": "Model X",
            "name_b": "Model Y",
        },
    ],
)
def test_a_pasted_sentence_gives_the_same_claim_as_typing_its_numbers(typed):
    linked = shown_claim(claim_app(claim=ISSUE))
    assert shown_claim(claim_app(**typed)) == linked
    # Pasted into the box of a fresh page, not opened from a link: the same claim.
    at = claim_app()
    at.text_area(key="claim").input(ISSUE).run()
    assert shown_claim(at) == linked


def test_counts_and_standard_errors_fill_n_and_the_se_boxes():
    at = claim_app(claim="Beta solved 34 of 40 (± 5.6) vs Alpha's 30/40 (± 7.2), maj@8")
    typed = claim_app(a="85", b="75", n="40", se_a="5.6", se_b="7.2", name_a="Beta", name_b="Alpha")
    assert shown_claim(at) == shown_claim(typed)
    assert "a=0.85, b=0.75, n=40, bench=None, se_a=0.05" in shown_claim(at)


def test_never_fills_a_field_it_did_not_read():
    at = claim_app(a="70", b="60", n="300")
    at.text_area(key="claim").input("Our new model scores 87.3%").run()
    claim = shown_claim(at)
    assert "a=0.873, b=0.6, n=300, bench=None, se_a=None, se_b=None" in claim
    assert at.query_params.get("bench") in (None, [])


def test_a_sentence_is_applied_once_so_corrections_stand():
    at = claim_app(claim=ISSUE)
    at.number_input(key="a").set_value(88.0).run()
    assert "a=0.88, b=0.851" in shown_claim(at)
    at.run()  # a rerun with the same sentence does not re-read it
    assert "a=0.88" in shown_claim(at)
    at.text_area(key="claim").input("X scores 61% vs Y's 55% on MMLU-Pro").run()
    assert "a=0.61, b=0.55, n=12032" in shown_claim(at)
    assert shown_names(at) == "names='X','Y'"


def test_a_size_that_the_chosen_preset_overrides_is_asked_about():
    at = claim_app(claim=ISSUE)
    at.text_area(key="claim").input("X scores 61% vs Y's 55% on 500 questions").run()
    assert "a=0.61, b=0.55, n=198" in shown_claim(at)  # the preset the reader has keeps n
    assert any("the GPQA Diamond preset chosen below has 198" in w.value for w in at.warning)


def test_a_links_own_values_are_kept_on_first_load():
    # A link made after a correction carries both the sentence and the corrected value.
    at = claim_app(claim=ISSUE, a="88")
    assert "a=0.88, b=0.851, n=198" in shown_claim(at)


def test_questions_are_prompts_and_nothing_ambiguous_is_filled():
    at = claim_app(
        a="70", b="60", claim="Our model scores 87.3% on GPQA, 92% on MMLU-Pro, 61% on AIME"
    )
    assert "a=0.7, b=0.6" in shown_claim(at)
    texts = [w.value for w in at.warning]
    assert any("It gives 3 scores" in t for t in texts)
    assert badges(at)[0] == ":orange-badge[Score, owner unclear: 87.3%]"
    assert not at.info  # the questions say what is missing
    assert any("more than one benchmark" in t for t in texts)


def test_a_sentence_without_a_claim_says_so():
    at = claim_app(claim="The weather in Paris is lovely today.")
    assert any("No claim to grade here" in i.value for i in at.info)
    assert "a=0.82, b=0.78, n=100" in shown_claim(at)  # the inputs' own defaults, untouched


def test_a_lead_without_both_scores_asks_for_them():
    at = claim_app(claim="Sonnet 4.5 leads GPT-5 by 2.3 percentage points on SWE-bench Verified")
    assert "a=0.82, b=0.78, n=500" in shown_claim(at)
    assert any("a lead but not both scores" in i.value for i in at.info)
    assert ":blue-badge[Lead: +2.3 points]" in badges(at)


@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: repr(t[:20]))
def test_hostile_sentences_never_raise_and_html_stays_text(text):
    at = claim_app(claim=text) if text else claim_app()
    shown_claim(at)  # no exception
    if text:
        at.text_area(key="claim").input(text[::-1]).run()
        shown_claim(at)
    for element in at.markdown:
        assert not element.proto.allow_html
    assert not any("<script" in badge for badge in badges(at))


def test_long_text_is_read_up_to_the_limit_and_says_so():
    at = claim_app(claim=ISSUE + " " + "x" * 10_000)
    assert "a=0.873" in shown_claim(at)
    assert any(f"first {MAX_CHARS:,} characters" in w.value for w in at.warning)


# --------------------------------------------------------------------------- the discordance band


def discordance_script():
    import streamlit as st

    from ui.lazy import PREFIX
    from ui.sections.discordance import FOLD_KEY, discordance_section

    if st.session_state.get("open", True):  # a reader's click on the fold
        st.session_state.setdefault(PREFIX + FOLD_KEY, True)
    args = st.session_state.get("args", (125 / 198, 113 / 198, 198))
    options = st.session_state.get("options", {})
    discordance_section(*args, **options)


def discordance_app(**query: str) -> AppTest:
    at = AppTest.from_function(discordance_script, default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    return at


def datasets(at: AppTest) -> dict:
    [chart] = at.get("vega_lite_chart")
    return {d.name: pa.ipc.open_stream(d.data.data).read_pandas() for d in chart.proto.datasets}


def markdown_text(at: AppTest) -> str:
    assert not at.exception, [e.value for e in at.exception]
    return "\n".join(m.value for m in at.markdown)


def test_the_articles_paired_figure_at_20_vs_8_of_198():
    at = discordance_app(disagree="28").run()
    text = markdown_text(at)
    assert "20 that only A got right and 8 that only B got right" in text
    assert "z = 2.27, p = 0.023 (mid-p = 0.024): the lead clears the noise" in text
    assert "fewer than 19.1% of them; on separate questions it does not" in text
    assert at.slider(key="disagree").value == 28


def test_the_chart_has_every_feasible_discordance_and_the_unpaired_line():
    at = discordance_app().run()
    markdown_text(at)
    [chart] = at.get("vega_lite_chart")
    assert "curve" in chart.proto.spec and "rules" in chart.proto.spec
    slider = at.slider(key="disagree")
    assert (slider.min, slider.max) == (12, 158)
    assert slider.value == 96  # independent mistakes: where paired and unpaired agree


@pytest.mark.parametrize("raw, value", [("999", 158), ("27", 28), ("-4", 12), ("banana", 96)])
def test_an_impossible_link_value_is_snapped_to_a_feasible_count(raw, value):
    at = discordance_app(disagree=raw).run()
    markdown_text(at)
    assert at.slider(key="disagree").value == value
    assert f"`disagree={raw}` can't be used" in at.warning[0].value
    at.slider(key="disagree").set_value(40).run()
    assert not at.warning  # the note goes once the reader moves on


def test_moving_the_slider_and_changing_the_claim_keep_it_feasible():
    at = discordance_app().run()
    at.slider(key="disagree").set_value(40).run()
    assert "disagree on 40 of 198 questions" in markdown_text(at)
    at.session_state["args"] = (0.82, 0.78, 100)
    at.run()
    slider = at.slider(key="disagree")
    assert (slider.min, slider.max, slider.value) == (4, 40, 40)
    assert "disagree on 40 of 100 questions" in markdown_text(at)


def test_unpaired_verdict_at_the_upper_end_and_a_clear_lead():
    at = discordance_app()
    at.session_state["args"] = (0.9, 0.6, 500)
    at.run()
    assert "clears the noise however often the models disagree" in markdown_text(at)
    at.slider(key="disagree").set_value(at.slider(key="disagree").max).run()
    assert "the lead clears the noise" in markdown_text(at)


@pytest.mark.parametrize("args", [(0.5, 0.5, 100), (1.0, 0.0, 10), (0.0, 0.0, 1), (1.0, 1.0, 5)])
def test_edge_claims_draw_without_error(args):
    at = discordance_app()
    at.session_state["args"] = args
    at.run()
    markdown_text(at)


def test_without_n_the_band_asks_for_it_and_bad_scores_say_so():
    at = discordance_app()
    at.session_state["args"] = (0.82, 0.78, None)
    at.run()
    assert not at.exception and not at.get("vega_lite_chart")
    assert "needs the number of questions" in at.info[0].value
    at.session_state["args"] = (float("nan"), 0.78, 100)
    at.run()
    assert not at.exception and "cannot be drawn" in at.error[0].value


def test_typical_band_with_its_source_and_names_as_text():
    at = discordance_app(disagree="28")
    at.session_state["options"] = {
        "typical": (0.1, 0.2),
        "typical_source": "measured on public runs",
        "names": ("*Model* X", "Y"),
    }
    at.run()
    text = markdown_text(at)
    assert "Shaded: 10.0% to 20.0% of questions" in text and "(measured on public runs)" in text
    assert "only \\*Model\\* X got right" in text
    assert '"typical"' in at.get("vega_lite_chart")[0].proto.spec


def test_the_reader_can_shade_a_band_kept_in_the_link():
    at = discordance_app(typical=["25", "10"]).run()
    assert "Shaded: 10.0% to 25.0% of questions, as you set it." in markdown_text(at)
    assert datasets(at)["typical"].to_dict("records") == [
        {"low": 10.0, "high": 25.0, "source": "set by the reader"}
    ]
    at.slider(key="typical").set_value((0.0, 0.0)).run()
    assert "No band of typical discordance is shaded" in markdown_text(at)
    assert datasets(at)["typical"].empty
    at.slider(key="typical").set_value((0.0, 12.5)).run()
    assert "Shaded: 0.0% to 12.5% of questions" in markdown_text(at)


@pytest.mark.parametrize("raw", [["200", "300"], ["banana", "x"], ["10"]])
def test_a_typical_band_the_slider_cannot_take_gets_a_note(raw):
    at = discordance_app(typical=raw).run()
    assert "No band of typical discordance is shaded" in markdown_text(at)
    assert "can't be used: it must be two numbers from 0 to 100" in at.warning[0].value


def test_a_band_without_its_source_is_refused_in_words():
    at = discordance_app()
    at.session_state["options"] = {"typical": (0.1, 0.2)}
    at.run()
    assert "needs its source" in at.error[0].value
    assert at.get("vega_lite_chart")  # the chart still draws, without the band


def test_no_typical_band_says_why():
    assert "No band of typical discordance is shaded" in markdown_text(discordance_app().run())


def test_the_closed_fold_draws_nothing_unless_the_link_holds_its_keys():
    """Closed, the section is one expander; a link's ``disagree`` keeps its slider (no chart)."""
    at = discordance_app()
    at.session_state["open"] = False
    at.run()
    assert [e.label for e in at.expander] == [FOLD] and not at.slider
    linked = discordance_app(disagree="28")
    linked.session_state["open"] = False
    linked.run()
    linked.session_state[PREFIX + FOLD_KEY] = False  # the reader closes the fold the link opened
    linked.run()
    assert [s.key for s in linked.slider] == ["typical", "disagree"]
    assert linked.slider(key="disagree").value == 28
    assert not linked.get("vega_lite_chart") and not linked.markdown


# --------------------------------------------------------------------------- the checklist


def checklist_script():
    import streamlit as st

    from benchstats import get_benchmark
    from ui.sections.checklist import checklist_section

    n, bench, metric = st.session_state.get("args", (198, "gpqa-diamond", "pass@1"))
    checklist_section(n, bench=get_benchmark(bench) if bench else None, metric=metric)


def checklist_text(args) -> str:
    at = AppTest.from_function(checklist_script, default_timeout=30)
    at.session_state["args"] = args
    return markdown_text(at.run())


def test_checklist_fills_what_the_page_knows_and_links_each_question():
    text = checklist_text((198, "gpqa-diamond", "maj@8"))
    assert "**How many questions?** 198 \\(GPQA Diamond\\)" in text
    assert "25% \\(4 options on GPQA Diamond\\)" in text
    assert "maj@k with k = 8" in text
    assert "**At what decoding temperature?** _not stated_" in text
    for key in ("needed", "grader", "luck", "passk"):
        assert f"]({page(key).url_path})" in text


def test_checklist_says_not_stated_rather_than_guess():
    text = checklist_text((100, None, None))
    assert text.count("_not stated") == 4  # floor, runs, metric, temperature
    text = checklist_text((500, "swe-bench-verified", "avg@4"))
    assert "none\\: SWE-bench Verified answers are not picked from a list" in text
    assert "an average over 4 samples" in text


def test_checklist_rows_and_floor():
    items = row_checklist(None)
    assert [i.known for i in items] == [False] * 5 and items[0].answer == NOT_STATED
    assert chance_floor(10) == 0.1
    with pytest.raises(ValueError, match="options must be a whole number"):
        chance_floor(1)
    assert metric_words("top@1")[0].startswith("top@k with k = 1")
    assert row_checklist(12032, bench=get_benchmark("mmlu-pro"))[1].answer.startswith("10%")


# --------------------------------------------------------------------------- the perturbation preset


def perturbation_script():
    import streamlit as st

    from ui.sections.perturbation import perturbation_section

    preset = perturbation_section(st.session_state.get("mode", "paired"))
    st.text(f"preset={preset.key if preset else None}")


def perturbation_app(mode: str, *, opened: bool = True) -> AppTest:
    """The section for ``mode``, its fold opened as a reader's click opens it (or left closed)."""
    at = AppTest.from_function(perturbation_script, default_timeout=30)
    at.session_state["mode"] = mode
    at.run()
    return open_lazy(at) if opened else at


def test_paired_mode_asks_whether_the_score_survived_perturbation():
    closed = perturbation_app("paired", opened=False)
    assert [e.label for e in closed.expander] == [
        "Contamination check: " + PERTURBATION.title.lower()
    ]
    assert not closed.markdown  # a closed fold draws nothing inside
    at = perturbation_app("paired")
    text = markdown_text(at)
    assert "**Did the score survive perturbation?**" in text
    assert "signature of recall" in text
    assert f"({PERTURBATION.url})" in text and f"({PRIVATE_SPLIT.url})" in text
    assert "30 items right only as published, 6 only after perturbation, of 200 items" in text
    assert at.text[0].value == "preset=perturbation"


def test_unpaired_mode_offers_the_private_split_and_reported_se_nothing():
    text = markdown_text(perturbation_app("unpaired"))
    assert "nothing to pair" in text and "80% on 500 public items, 72% on 250 private items" in text
    at = perturbation_app("se")
    assert at.text[0].value == "preset=None" and not at.markdown


def test_preset_links_are_the_graders_own_keys():
    grader = page("grader")
    for preset in PRESETS.values():
        assert preset.url.startswith(f"{grader.url_path}?mode={preset.mode}&")
        assert {k for k, _ in preset.query} <= set(grader.keys)


@pytest.mark.parametrize("preset", list(PRESETS.values()), ids=lambda p: p.key)
def test_each_preset_opens_in_the_gap_grader(preset):
    from conftest import app_test

    at = app_test(page("grader").file, **dict(preset.query)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    shown = {w.key: w.value for w in at.number_input}
    names = {w.key: w.value for w in at.text_input}
    for key, value in preset.query:
        if key.startswith("name_"):
            assert names[key] == value
        elif key != "mode":
            assert shown[key] == pytest.approx(float(value)), key
    assert (dict(preset.query)["name_a"], dict(preset.query)["name_b"]) == (
        preset.label_a,
        preset.label_b,
    )

"""Predict first on Check a claim and the Gap grader, through AppTest.

From a teacher's link (``?predict=true``) each page asks its question and
keeps the answer hidden (no verdict card, no sentence, no chart, no grades);
a guess and Reveal show the answer and a line on the guess; a changed input
asks a new question and hides the answer again; a bad ``predict`` value
gives a short note and the page answers as usual. The revealed answer is
checked against what the page itself shows once revealed (the verdict card,
the paired table), so the question cannot disagree with the page.
"""

from __future__ import annotations

import pytest
from conftest import app_test

CHECK = "app_pages/check_a_claim.py"
GRADER = "app_pages/gap-grader.py"
LUCK = ("Yes, more than luck", "No, it could be luck")
AGREE = ("Yes, they agree", "No, they disagree")


def run(page: str, **query):
    at = app_test(page, **query).run(timeout=60)
    assert not at.exception, [e.value for e in at.exception]
    return at


def question(at) -> str:
    (box,) = [m.value for m in at.markdown if m.value.startswith("#### Predict first")]
    return box.removeprefix("#### Predict first\n")


def shown(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.code]
    parts += [f"{m.label}: {m.value}" for m in at.metric]
    return "\n".join(parts)


def answer_hidden(at) -> None:
    """Nothing that says the verdict is on the page."""
    assert not at.metric, "no verdict tiles before the reveal"
    assert not at.code, "no sentence or report to copy before the reveal"
    assert not at.get("vega_lite_chart"), "no chart before the reveal"
    assert not at.dataframe and not at.table, "no grades before the reveal"
    assert not at.success, "no reveal line before the reveal"
    text = shown(at)
    assert "Clears the noise" not in text and "Inside the noise" not in text
    assert any("appears once you reveal it" in i.value for i in at.info)


def guess_and_reveal(at, key: str, guess: str) -> str:
    """Pick ``guess``, press Reveal; the reveal line."""
    (reveal,) = [b for b in at.button if b.label == "Reveal"]
    assert reveal.disabled, "Reveal waits for a guess"
    at.radio(key=f"_predict_guess_{key}").set_value(guess).run()
    at.button(key=f"_predict_reveal_{key}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    (line,) = [s.value for s in at.success]
    return line


def headline(at) -> str:
    return next(
        m.value for m in at.markdown if m.value.startswith("#### ") and "Predict" not in m.value
    )


# --------------------------------------------------------------------------- Check a claim


@pytest.mark.parametrize(
    ("n", "answer", "verdict"),
    [(100, LUCK[1], "Inside the noise"), (2000, LUCK[0], "Clears the noise")],
)
def test_check_asks_then_reveals_the_verdict(n, answer, verdict):
    at = run(CHECK, predict="true", a=82, b=78, n=n)
    assert question(at) == f"82% vs 78% on {n:,} questions: is this lead more than luck?"
    answer_hidden(at)
    # The inputs stay, with the link's values.
    assert at.number_input(key="a").value == 82 and at.number_input(key="n").value == n
    assert at.toggle(key="predict").value is True
    line = guess_and_reveal(at, "check", LUCK[0])
    assert line.startswith(f"Your guess: “{LUCK[0]}”. The answer: “{answer}”.")
    assert line.endswith("Right." if answer == LUCK[0] else "Not this time.")
    assert verdict in headline(at), "the answer agrees with the verdict card"
    assert at.metric and at.code and at.get("vega_lite_chart")


def test_check_a_changed_input_hides_the_answer_again():
    at = run(CHECK, predict="true", a=82, b=78, n=100)
    guess_and_reveal(at, "check", LUCK[1])
    assert at.metric
    at.number_input(key="n").set_value(2000).run()
    assert question(at) == "82% vs 78% on 2,000 questions: is this lead more than luck?"
    answer_hidden(at)
    # The guess stays picked, so Reveal is ready for the new question.
    at.button(key="_predict_reveal_check").click().run()
    (line,) = [s.value for s in at.success]
    assert f"The answer: “{LUCK[0]}”." in line and "Clears the noise" in headline(at)


def test_check_with_reported_standard_errors_asks_about_them():
    at = run(CHECK, predict="true", a=82, b=78, se_a=1.24, se_b=1.07)
    assert question(at).startswith("82% vs 78% (± 1.24 and ± 1.07 points)")
    answer_hidden(at)


def test_check_hide_the_answer_button():
    at = run(CHECK, predict="true", a=82, b=78, n=100)
    guess_and_reveal(at, "check", LUCK[1])
    at.button(key="_predict_hide_check").click().run()
    answer_hidden(at)


# --------------------------------------------------------------------------- Gap grader


@pytest.mark.parametrize(
    ("counts", "answer", "verdicts"),
    [
        # 20 and 8 of 198 with A at 60%: paired clears zero, unpaired does not.
        ((20, 8, 198, 60), AGREE[1], ["clears zero", "clears zero", "inside the noise"]),
        # 10 and 8 of 198: neither clears.
        ((10, 8, 198, 60), AGREE[0], ["inside the noise", "inside the noise", "inside the noise"]),
    ],
)
def test_grader_paired_asks_whether_the_tests_agree(counts, answer, verdicts):
    a_only, b_only, n, a = counts
    at = run(GRADER, predict="true", a_only=a_only, b_only=b_only, n=n, a=a)
    assert question(at).endswith(": will the paired test agree with the unpaired one?")
    assert f"{a_only} only-A right vs {b_only} only-B right of {n} questions" in question(at)
    answer_hidden(at)
    line = guess_and_reveal(at, "grader", AGREE[0])
    assert line.startswith(f"Your guess: “{AGREE[0]}”. The answer: “{answer}”.")
    table = next(d.value for d in at.table if "Verdict" in d.value.columns)
    assert table["Verdict"].tolist() == verdicts  # the paired test's table says the answer


def test_grader_paired_without_a_score_asks_the_luck_question():
    at = run(GRADER, predict="true", a_only=20, b_only=8, n=198)
    assert question(at) == (
        "20 questions only A got right and 8 only B got right, of 198: is this lead more than luck?"
    )
    answer_hidden(at)
    line = guess_and_reveal(at, "grader", LUCK[1])
    assert f"The answer: “{LUCK[0]}”." in line and "Not this time." in line
    assert "Clears the noise" in headline(at)


@pytest.mark.parametrize(
    ("query", "asked"),
    [
        ({"a": 82, "b": 78, "n": 448}, "82% vs 78% on 448 questions: is this lead more than luck?"),
        (
            {"mode": "se", "a": 82, "se_a": 1.24, "b": 78, "se_b": 1.07},
            "82% vs 78% (± 1.24 and ± 1.07 points): is this lead more than luck?",
        ),
    ],
)
def test_grader_unpaired_and_se_ask_the_luck_question(query, asked):
    at = run(GRADER, predict="true", **query)
    assert question(at) == asked
    answer_hidden(at)
    guess_and_reveal(at, "grader", LUCK[0])
    assert at.metric and at.get("vega_lite_chart")


def test_grader_a_changed_input_hides_the_grades_again():
    at = run(GRADER, predict="true", a=82, b=78, n=448)
    line = guess_and_reveal(at, "grader", LUCK[0])
    assert f"The answer: “{LUCK[1]}”." in line and "Inside the noise" in headline(at)
    at.number_input(key="n").set_value(2000).run()
    assert "on 2,000 questions" in question(at)
    answer_hidden(at)
    at.button(key="_predict_reveal_grader").click().run()
    assert f"The answer: “{LUCK[0]}”." in at.success[0].value
    assert "Clears the noise" in headline(at)


def test_grader_keeps_the_links_other_settings_for_the_reveal():
    at = run(GRADER, predict="true", a=82, b=78, n=448, options=4, interval="jeffreys")
    answer_hidden(at)
    assert at.query_params["options"] == "4" and at.query_params["interval"] == "jeffreys"
    guess_and_reveal(at, "grader", LUCK[0])
    assert at.number_input(key="options").value == 4
    assert "4 options" in shown(at)


# --------------------------------------------------------------------------- both pages


@pytest.mark.parametrize("page", [CHECK, GRADER])
def test_a_bad_predict_value_says_so_and_the_page_answers(page):
    at = run(page, predict="garbage", a=82, b=78, n=100)
    (note,) = [w.value for w in at.warning if "predict=" in w.value]
    assert note.startswith("The link's `predict=garbage` can't be used")
    assert "Using off instead" in note
    assert at.toggle(key="predict").value is False
    assert not any(m.value.startswith("#### Predict first") for m in at.markdown)
    assert at.metric and "Inside the noise" in headline(at)


@pytest.mark.parametrize("page", [CHECK, GRADER])
def test_off_by_default(page):
    at = run(page, a=82, b=78, n=100)
    assert at.toggle(key="predict").value is False
    assert not any("Predict first" in m.value for m in at.markdown)
    assert not any("predict" in w.value for w in at.warning)
    assert at.metric and at.get("vega_lite_chart")


@pytest.mark.parametrize("page", [CHECK, GRADER])
def test_the_switch_turns_it_on(page):
    at = run(page, a=82, b=78, n=100)
    at.toggle(key="predict").set_value(True).run()  # the browser test checks the link
    answer_hidden(at)
    at.toggle(key="predict").set_value(False).run()
    assert at.metric and not at.success

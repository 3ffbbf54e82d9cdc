"""The shared predict-then-reveal component (ui/predict.py): the reveal line and the gate.

The line is checked as text; the gate through AppTest on the two pages that
use it (a guess, Reveal, the answer; a new question hides it again).
"""

from __future__ import annotations

import pytest
from conftest import app_test

from ui.predict import CHOICE, COUNT, PERCENT, Question, reveal_line


@pytest.mark.parametrize(
    ("guess", "question", "expected"),
    [
        (0.8, Question("?", 0.6389), "Your guess was 16.1 points too high."),
        (0.5, Question("?", 0.6389), "Your guess was 13.9 points too low."),
        (0.64, Question("?", 0.6389), "Spot on (within 0.5 points)."),
        (1000, Question("?", 1566, COUNT, "question"), "566 too low (the answer is 1.6 times"),
        (3000, Question("?", 1566, COUNT, "question"), "1,434 too high (your guess is 1.9 times"),
        (1566, Question("?", 1566, COUNT, "question"), "Exactly right."),
        ("Yes", Question("?", "No", CHOICE, options=("Yes", "No")), "Not this time."),
        ("No", Question("?", "No", CHOICE, options=("Yes", "No")), "Right."),
    ],
)
def test_reveal_line_says_how_far(guess, question, expected):
    assert expected in reveal_line(guess, question)


def test_reveal_line_counts_are_plural_and_singular():
    assert "Your guess: 1 question." in reveal_line(1, Question("?", 2, COUNT, "question"))
    assert "The answer: 2 questions." in reveal_line(1, Question("?", 2, COUNT, "question"))


def test_reveal_line_formats_through_words():
    line = reveal_line(0.2, Question("?", 0.5049, PERCENT))
    assert line.startswith("Your guess: 20.0%. The answer: 50.5%.")


@pytest.mark.parametrize(
    ("page", "query", "answer_text"),
    [
        ("app_pages/coverage.py", {"n": 20, "p": 95}, "63.9%"),
        ("app_pages/slices.py", {"n": 600, "slices": 12}, "50.5%"),
    ],
)
def test_the_answer_waits_for_a_guess_and_reveal(page, query, answer_text):
    at = app_test(page, predict="true", **query).run(timeout=60)
    assert not at.exception
    assert any("Predict first" in m.value for m in at.markdown)
    assert not at.metric, "no answer tiles before the reveal"
    (reveal,) = [b for b in at.button if b.label == "Reveal"]
    assert reveal.disabled, "Reveal waits for a guess"
    at.number_input(key=f"_predict_guess_{page.split('/')[1][:-3]}").set_value(40.0).run()
    at.button(key=reveal.key).click().run()
    (line,) = [s.value for s in at.success]
    assert line.startswith("Your guess: 40.0%.") and answer_text in line
    assert at.metric, "the answer shows once revealed"
    # Hiding it again, or moving an input (a new question), hides the answer.
    at.button(key=f"_predict_hide_{page.split('/')[1][:-3]}").click().run()
    assert not at.metric and not at.success


def test_off_by_default_the_page_answers_at_once():
    at = app_test("app_pages/coverage.py", n=20, p=95).run(timeout=60)
    assert not any("Predict first" in m.value for m in at.markdown)
    assert at.metric

"""Predict first on Questions needed and the pass@k explainer, driven by AppTest.

From ``?predict=true`` each page asks its question and keeps every element
that states the answer hidden (the whole element tree is searched, tables and
notes included); a guess and Reveal show the answer with the reveal line; a
moved input is a new question, so the answer hides again. The answers are
worked out here from benchstats' plain functions (``questions_needed``,
``pass_at_k``), not from the page's sections.
"""

from __future__ import annotations

import pytest
from conftest import app_test
from test_thumb import release, stop_of, thumb_data

from benchstats import pass_at_k, questions_needed

NEEDED = "app_pages/questions-needed.py"
PASSK = "app_pages/pass-at-k.py"


def run(page: str, **query):
    at = app_test(page, **query).run(timeout=60)
    assert not at.exception, [e.value for e in at.exception]
    return at


def every_text(at) -> str:
    """Every element of the page as its message text (table cells and notes included)."""

    def walk(node):
        yield node
        for child in getattr(node, "children", {}).values():
            yield from walk(child)

    return "\n".join(str(getattr(n, "proto", "")) for n in walk(at._tree))


def question(at) -> str:
    (box,) = [m.value for m in at.markdown if m.value.startswith("#### Predict first")]
    return box


def guess_and_reveal(at, key: str, guess: float):
    at.number_input(key=f"_predict_guess_{key}").set_value(guess).run()
    assert not at.exception
    at.button(key=f"_predict_reveal_{key}").click().run()
    assert not at.exception
    return [s.value for s in at.success]


def assert_hidden(at, answer: str, key: str, *, charts: int = 0) -> None:
    """``answer`` is nowhere on the page, nor a chart that shows it; Reveal is offered."""
    assert answer not in every_text(at), f"{answer} shows before the reveal"
    assert len(at.get("vega_lite_chart")) == charts, "no chart that shows the answer"
    assert not at.success
    assert [b.label for b in at.button if b.key == f"_predict_reveal_{key}"] == ["Reveal"]


def reveal_waits_for_a_guess(at, key: str) -> bool:
    (reveal,) = [b for b in at.button if b.key == f"_predict_reveal_{key}"]
    return reveal.disabled


# --------------------------------------------------------------------------- Questions needed


def test_needed_asks_first_and_reveals_the_page_headline():
    needed = questions_needed(0.82, 0.78)  # a 4-point lead near 80%: 1,566
    at = run(NEEDED, predict="true", p=80, d=4, n=198)
    assert at.toggle(key="predict").value is True
    assert "How many questions does a 4.0-point lead need?" in question(at)
    assert_hidden(at, f"{needed:,}", "needed")
    assert reveal_waits_for_a_guess(at, "needed")
    assert not at.metric, "neither card before the reveal"
    line = guess_and_reveal(at, "needed", 1000)
    assert line == [
        f"Your guess: 1,000 questions. The answer: {needed:,} questions. Your guess was "
        f"{needed - 1000} too low (the answer is 1.6 times your guess)."
    ]
    assert {m.label: m.value for m in at.metric}["Questions needed"] == f"{needed:,}"
    assert len(at.get("vega_lite_chart")) == 3, "the curve, the repeats and the levels charts"
    assert any(m.value.startswith("**Critical values.**") for m in at.markdown)


def test_needed_a_moved_input_is_a_new_question():
    at = run(NEEDED, predict="true", p=80, d=4)
    guess_and_reveal(at, "needed", 2000)
    assert at.metric
    release(at, "d", stop_of(at, "d", 2.0))
    assert "How many questions does a 2.0-point lead need?" in question(at)
    assert_hidden(at, f"{questions_needed(0.81, 0.79):,}", "needed")
    assert not at.metric


def test_needed_hidden_sections_keep_the_link():
    # Before the reveal the sections below are not drawn; the link keeps their keys, and
    # the reveal draws them with the link's values.
    query = {"discordance": "20", "repeats": "5", "m": "20", "icc": "0.2"}
    at = run(NEEDED, predict="true", **query)
    drawn = {w.key for w in [*at.select_slider, *at.slider]}
    assert drawn == {"p"} and thumb_data(at, "d")  # the first screen's only (d: its thumb)
    assert not at.get("vega_lite_chart")
    assert {k: at.query_params[k] for k in query} == query
    guess_and_reveal(at, "needed", 2000)
    sliders = {s.key: s.value for s in [*at.select_slider, *at.slider]}
    assert (sliders["discordance"], sliders["repeats"], sliders["m"]) == (20.0, 5, 20)
    assert sliders["icc"] == pytest.approx(0.2)


def test_needed_predict_garbage_is_a_note():
    at = run(NEEDED, predict="garbage", p=80, d=4)
    assert at.toggle(key="predict").value is False
    assert any("predict=garbage" in w.value for w in at.warning)
    assert {m.label: m.value for m in at.metric}["Questions needed"] == "1,566"


def test_needed_off_by_default():
    at = run(NEEDED, p=80, d=4)
    assert at.toggle(key="predict").value is False
    assert not [m for m in at.markdown if m.value.startswith("#### Predict first")]
    assert {m.label: m.value for m in at.metric}["Questions needed"] == "1,566"


# --------------------------------------------------------------------------- pass@k


def test_passk_asks_first_and_reveals_the_estimate():
    answer = float(pass_at_k(20, 3, 5))  # 1 − C(17, 5)/C(20, 5) = 0.6009
    at = run(PASSK, predict="true", samples=20, passed=3, k=5)
    assert at.toggle(key="predict").value is True
    assert "What is pass@5 for 3 passing samples of 20?" in question(at)
    # The benchmark's charts below (the mix, the problems, avg@k, maj@k) do not show this
    # answer; one problem's two wait for the reveal.
    assert_hidden(at, f"{100 * answer:.1f}%", "passk", charts=4)
    assert reveal_waits_for_a_guess(at, "passk")
    assert "pass@5 (unbiased)" not in [m.label for m in at.metric]
    line = guess_and_reveal(at, "passk", 40)
    assert line == [
        f"Your guess: 40.0%. The answer: {100 * answer:.1f}%. Your guess was "
        f"{100 * answer - 40:.1f} points too low."
    ]
    assert {m.label: m.value for m in at.metric}["pass@5 (unbiased)"] == f"{100 * answer:.2f}%"


def test_passk_the_benchmark_parts_do_not_wait():
    # Only one problem's answer is the question; the benchmark below is not gated.
    at = run(PASSK, predict="true")
    assert "Problems" in [m.label for m in at.metric]
    assert len(at.get("vega_lite_chart")) == 4, "the mix, the problems, avg@k and maj@k"


@pytest.mark.parametrize(
    ("key", "value", "asked"), [("k", 6, "pass@6 for 3"), ("passed", 1, "1 passing sample of")]
)
def test_passk_a_moved_input_is_a_new_question(key, value, asked):
    at = run(PASSK, predict="true", samples=20, passed=3, k=5)
    guess_and_reveal(at, "passk", 50)
    assert "pass@5 (unbiased)" in [m.label for m in at.metric]
    if key == "k":  # k is a thumb: the chart follows it, the link takes its release
        release(at, "k", stop_of(at, "k", value))
    else:
        at.slider(key=key).set_value(value).run()
    assert asked in question(at)
    assert not at.success and not [m for m in at.metric if "unbiased" in m.label]


def test_passk_predict_garbage_is_a_note():
    at = run(PASSK, predict="garbage", samples=20, passed=3, k=5)
    assert at.toggle(key="predict").value is False
    assert any("predict=garbage" in w.value for w in at.warning)
    assert {m.label: m.value for m in at.metric}["pass@5 (unbiased)"] == "60.09%"


def test_passk_off_by_default():
    at = run(PASSK, samples=20, passed=3, k=5)
    assert at.toggle(key="predict").value is False
    assert not [m for m in at.markdown if m.value.startswith("#### Predict first")]
    assert {m.label: m.value for m in at.metric}["pass@5 (unbiased)"] == "60.09%"

"""Check a claim's words (issue 38): one chance of luck, explained; the same scores on fewer
questions when the lead already clears; scores at the precision the reader wrote; "this
result"; the benchmark's name in the sentence to copy with reported SEs too. AppTest.
"""

from __future__ import annotations

import math

from conftest import app_test
from scipy import stats

from benchstats.prose import claim as prose

PAGE = "app_pages/check_a_claim.py"


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown).replace("\\", "")


def copy_sentence(at) -> str:
    return at.code[0].value


def test_one_chance_of_luck_at_two_figures_with_the_other_reading_in_its_help():
    """87.3% vs 85.1% on 198: the exact chance (173 vs 168 right, 51.14%) beside no second,
    near-equal p (0.525): the tile says 51%, its help says what it is and names the p."""
    at = run(a=87.3, b=85.1, n=198)
    labels = [m.label for m in at.metric]
    assert "p (two-sided)" not in labels and labels.count(prose.LUCK) == 1
    (tile,) = [m for m in at.metric if m.label == prose.LUCK]
    assert tile.value == "51%"
    assert "the exact two-sided p-value (51.14%)" in tile.help
    assert "It counts whole questions" in tile.help
    z = 0.022 / math.sqrt((0.873 * 0.127 + 0.851 * 0.149) / 198)
    p = f"{2 * stats.norm.sf(z):.3f}"
    assert p == "0.525" and f"p = {p}" in tile.help


def test_a_lead_that_clears_asks_how_few_questions_would_still_clear():
    """85% vs 75% on 1,000 clears: the slider names fewer questions, not "more", and starts at
    the fewest that still clear, 122 (1.96²·(0.85·0.15 + 0.75·0.25)/0.1² = 121.0, and 121
    does not), where it used to name 248 as "more"."""
    at = run(a=85, b=75, n=1000)
    slider = at.select_slider(key="more")
    assert slider.label == "The same scores on fewer questions" and "more" not in slider.label
    assert slider.value == 122
    z = stats.norm.ppf(0.975)
    se = lambda m: math.sqrt((0.85 * 0.15 + 0.75 * 0.25) / m)  # noqa: E731
    assert 0.1 - z * se(122) > 0 > 0.1 - z * se(121)
    text = markdown(at)
    assert "would still clear the noise on as few as 122 questions" in text
    assert "on 121 the range would take in zero" in text


def test_a_lead_inside_the_noise_still_asks_for_more_questions():
    at = run(a=82, b=78, n=100)
    slider = at.select_slider(key="more")
    assert slider.label == "The same scores on more questions" and slider.value == 1566
    assert "on 1,566 questions would give a range of" in markdown(at)


def test_scores_keep_the_precision_the_reader_wrote():
    """A link's 55.0 stays 55.0% in every sentence that repeats the claim; 50 stays 50%."""
    at = run(a="55.0", b="50", n=1000)
    assert copy_sentence(at).startswith("55.0% vs 50% on 1,000 questions")
    assert "The same scores, 55.0% and 50%," in markdown(at)
    assert run(a="55", b="50", n=1000).code[0].value.startswith("55% vs 50%")
    assert run(a="55.25", b="50.10", n=1000).code[0].value.startswith("55.25% vs 50.10%")


def test_the_sentence_to_copy_says_this_result_and_keeps_the_benchmark_with_reported_ses():
    inside = copy_sentence(run(a=82, b=78, n=100))
    assert inside.endswith("so this result cannot tell the models apart.")
    assert "this benchmark" not in inside
    se = copy_sentence(run(a=71.4, b=68.3, se_a=1.2, se_b=1.1, bench="mmlu-pro"))
    assert se.startswith("71.4% vs 68.3% (± 1.20 and ± 1.10 points) on MMLU-Pro:")

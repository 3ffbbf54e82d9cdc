"""benchstats.words: one text per quantity, the same wherever it is shown.

Issue 12 found the same p, score and share printed three ways ("0.23" and
"0.234"; "< 0.001" and "0.001"; "82.75%" and "82.8%"). These rows pin the
one vocabulary; tests/test_consistency.py checks the pages use it.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchstats import words


@pytest.mark.parametrize(
    ("fn", "x", "text"),
    [
        (words.points, 0.0606, "+6.1"),
        (words.points, -0.0123, "−1.2"),
        (words.points, -0.0004, "−0.0"),  # keeps its side: a range end just below 0
        (words.points, 0.0004, "+0.0"),
        (words.points, 0.0, "0.0"),
        (words.points, 12.5, "+1,250.0"),
        (words.percent, 0.70906, "70.9%"),
        (words.percent, -0.12, "−12.0%"),
        (words.score, 0.9343, "93.43%"),
        (words.score, 0.8275, "82.75%"),
        (words.score, 0.8, "80%"),
        (words.p_value, 0.0235, "0.024"),
        (words.p_value, 0.2345, "0.234"),
        (words.p_value, 0.0007, "< 0.001"),
        (words.p_value, 0.001, "0.001"),
        (words.p_value, 1.0, "1.000"),
        (words.chance, 0.5355091811, "53.55%"),
        (words.chance, 0.00001, "less than 0.01%"),
        (words.chance, 0.99999, "more than 99.99%"),
        (words.count, 11159, "11,159"),
        (words.count, 118.8, "118.8"),
        (words.z, float("inf"), "∞"),
        (words.z, -1.0807, "−1.08"),
        (words.level, 0.95, "95%"),
    ],
)
def test_one_text_per_quantity(fn, x, text):
    assert fn(x) == text


@pytest.mark.parametrize(
    ("n", "noun", "text"),
    [(1, "run", "1 run"), (2, "run", "2 runs"), (0, "way", "0 ways"), (1000, "run", "1,000 runs")],
)
def test_plural(n, noun, text):
    assert words.plural(n, noun) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("80% chance", "an 80% chance"),
        ("8-point lead", "an 8-point lead"),
        ("11-point lead", "an 11-point lead"),
        ("18% chance", "an 18% chance"),
        ("1.5-point lead", "a 1.5-point lead"),
        ("53.55% chance", "a 53.55% chance"),
        ("100% score", "a 100% score"),
        ("unpaired test", "an unpaired test"),
        ("paired test", "a paired test"),
    ],
)
def test_a_or_an(text, expected):
    assert words.a_or_an(text) == expected


@given(st.floats(-1, 1, allow_nan=False))
def test_points_never_shows_a_hyphen_or_nan(x):
    text = words.points(x)
    assert "-" not in text and "nan" not in text
    assert text.lstrip("+−").replace(",", "").replace(".", "").isdigit()


@given(st.floats(0, 1, allow_nan=False))
def test_p_value_reads_back_within_its_rounding(p):
    text = words.p_value(p)
    if text == "< 0.001":
        assert p < 0.001
    else:
        assert math.isclose(float(text), p, abs_tol=0.0005 + 1e-12)

"""``-0`` in a link reads as 0 on every page: never "−0%", "-0.0000" or "a true score of -0%"."""

from __future__ import annotations

import math
import re

import pytest
from conftest import app_test
from test_fuzz_pages import shown_text

from ui.keys import COUNT, NUMBER
from ui.registry import PAGES

SIGNED_ZERO = re.compile(r"(?<![\w.])[−-]0(?:[.,]0+)?(?![\d.,])")


@pytest.mark.parametrize("spec", [s for p in PAGES for s in p.specs if s.kind in (NUMBER, COUNT) and s.low <= 0 <= s.high],
                         ids=lambda s: s.name)  # fmt: skip
def test_every_number_key_reads_minus_zero_as_zero(spec):
    for raw in ("-0", "-0.0", "-0e5", " -0 "):
        x = spec.parse(raw)
        assert x == 0 and math.copysign(1, x) == 1, (spec.name, raw, x)
        assert spec.to_link(x) == "0"


@pytest.mark.parametrize(
    ("page", "query"),
    [
        ("app_pages/check_a_claim.py", {"a": "-0", "b": 5, "n": 100}),
        ("app_pages/gap-grader.py", {"a": "-0", "b": 5, "n": 100}),
        ("app_pages/pass-at-k.py", {"p_correct": "-0", "passed": "-0"}),
        ("app_pages/coverage.py", {"p": "-0", "n": 20}),
        ("app_pages/luck-simulator.py", {"d": "-0", "spread": "-0"}),
        ("app_pages/slices.py", {"p": "-0"}),
    ],
)
def test_a_page_given_minus_zero_shows_zero(page, query):
    at = app_test(page, timeout=90, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    text = shown_text(at)
    assert not SIGNED_ZERO.findall(text), SIGNED_ZERO.findall(text)
    held = [w.value for w in at.number_input if isinstance(w.value, float)]
    assert all(math.copysign(1, x) > 0 for x in held if x == 0), held

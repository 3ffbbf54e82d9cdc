"""Wording: generated sentences say "1 run", not "1 runs", and "an 80%", not "a 80%".

Issue 18 #10 found "Simulated, 1 runs", "a 80% chance" and "Of the 1 ways".
Every registered page is rendered (AppTest) at its defaults, at its full link
(``test_browser_a11y.LINKS``), with every count it reads set to 1 (n = 1,
runs = 1, k = 1, …) and with numbers read with "an" (8, 11, 18, 80…); all the
text a reader can meet (markdown, captions, labels, help, metrics, alerts,
options, chart titles) is scanned for:

- a count of exactly 1 followed by a plural noun ("1 runs", "1 questions");
- "a" before a number read with a vowel sound (8…, 11, 18, 80%: "a 80") and
  "an" before one read with a consonant ("an 1", "an 100").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from conftest import app_test
from test_browser_a11y import LINKS

from ui.registry import PAGES, Page

# URL keys that count something: set to 1 to meet every singular.
COUNTS = ("n", "runs", "k", "samples", "passed", "variants", "repeats", "m", "n_b", "average")
COUNTS += ("a_only", "b_only", "options")
# Numbers read with "an": eighty, eight, eleven, eighteen.
AN_VALUES = {"p": "80", "a": "88", "b": "80", "d": "8", "n": "18", "k": "8", "samples": "11"}

# Words ending in s that are not plurals, after a 1 ("1 is", "1 of 1 pass").
NOT_PLURAL = {"is", "was", "has", "does", "its", "this", "pass", "across", "plus", "minus", "as"}
NOT_PLURAL |= {"less", "miss", "class", "bonus", "us", "gives", "says", "means", "shows"}
NOT_PLURAL |= {"holds", "contains", "gets", "lands", "falls", "needs", "takes", "sees", "stays"}
ONE_PLURAL = re.compile(r"(?<![\d.,−+-])\b1 ([a-z]+s)\b")
ARTICLE_NUMBER = re.compile(r"\b([Aa]n?) (\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)")
SKIP_FIELDS = {"spec", "id", "form_id", "url", "data", "datasets", "arrow_data", "icon", "key"}


def read_with_an(number: str) -> bool:
    """True when a number is read aloud with "an": 8…, 11, 18 (and 11,000, 18.5)."""
    whole = number.split(".")[0]
    head = whole.split(",")[0] if "," in whole else whole
    if "," not in whole and len(head) > 3:
        head = head[: len(head) % 3 or 3]
    return head.startswith("8") or head in ("11", "18")


def article_mistakes(text: str) -> list[str]:
    """Each "a 80" or "an 100" in ``text``."""
    found = []
    for m in ARTICLE_NUMBER.finditer(text):
        article, number = m.group(1).lower(), m.group(2)
        if (article == "an") != read_with_an(number):
            found.append(m.group(0))
    return found


def plural_mistakes(text: str) -> list[str]:
    """Each "1 runs" in ``text`` (a count of exactly one with a plural noun)."""
    return [
        m.group(0)
        for m in ONE_PLURAL.finditer(text)
        if m.group(1) not in NOT_PLURAL
        and not (m.group(1) == "runs" and text.startswith(" from", m.end()))  # a verb
    ]


def test_the_scanners_find_the_issue_s_examples() -> None:
    assert plural_mistakes("every pick of 1 holds a pass; at 0 of 1 runs from 0% to 79%") == []
    assert plural_mistakes("Simulated, 1 runs. Of the 1 ways, 1 is. 21 runs, 0.1 runs") == [
        "1 runs",
        "1 ways",
    ]
    found = article_mistakes("a 80% chance, an 80% chance, a 8-point, a 11, an 110, a 1,100")
    assert found == ["a 80", "a 8", "a 11", "an 110"]
    assert article_mistakes("a 18.2% chance, an 11,000, a 100, a 1.5-point") == ["a 18.2"]


def strings(msg: Any) -> Iterator[str]:
    """Every string field of a protobuf message, recursively (chart specs: their titles)."""
    for field, value in msg.ListFields():
        if field.name == "spec" and isinstance(value, str):
            yield from spec_titles(json.loads(value))
        if field.name in SKIP_FIELDS:
            continue
        values = value if isinstance(value, Sequence) and not isinstance(value, str) else [value]
        for v in values:
            if isinstance(v, str):
                yield v
            elif hasattr(v, "ListFields"):
                yield from strings(v)


def spec_titles(spec: Any) -> Iterator[str]:
    """Titles, subtitles and descriptions in a Vega-Lite spec (not its data)."""
    if isinstance(spec, dict):
        for key, v in spec.items():
            if key in ("title", "subtitle", "description", "text") and isinstance(v, str):
                yield v
            elif key == "title" and isinstance(v, list):
                yield from (s for s in v if isinstance(s, str))
            elif key not in ("datasets", "data", "values"):
                yield from spec_titles(v)
    elif isinstance(spec, list):
        for v in spec:
            yield from spec_titles(v)


def page_text(at: Any) -> str:
    """All the text of a run AppTest: main area and sidebar, one line per string."""
    lines: list[str] = []

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "ListFields"):
            lines.extend(strings(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(lines)


# Case id → the mistake its page's owner is still fixing: xfail(strict=True),
# so the fix landing turns it into an unexpected pass and the entry must go.
KNOWN: dict[str, str] = {}


def cases() -> list[Any]:
    out = []
    for p in PAGES:
        ones = {k: "1" for k in p.keys if k in COUNTS}
        query = dict(q.split("=", 1) for q in LINKS.get(p.key, "").split("&") if q)
        an = {k: v for k, v in AN_VALUES.items() if k in p.keys}
        for name, values in (("defaults", {}), ("link", query), ("ones", ones), ("an", an)):
            if name == "defaults" or values:
                case = f"{p.key}-{name}"
                marks = (
                    [pytest.mark.xfail(strict=True, reason=KNOWN[case])] if case in KNOWN else []
                )
                out.append(pytest.param(p, values, id=case, marks=marks))
    return out


@pytest.mark.parametrize(("p", "query"), cases())
def test_generated_sentences_agree_in_number_and_article(p: Page, query: dict) -> None:
    at = app_test(p.file, timeout=120, **query).run()
    assert not at.exception, [e.message for e in at.exception]
    text = page_text(at)
    assert len(text) > 200, "the page drew almost nothing"
    wrong = plural_mistakes(text) + article_mistakes(text)
    lines = [line for line in text.splitlines() if any(w in line for w in wrong)]
    assert not wrong, f"{p.title} {query}: {sorted(set(wrong))}\n" + "\n".join(lines[:10])

"""Hostile input for every page: URL values and widget sequences.

For each page, hypothesis builds links from the page's key specs: each key's
own hostile values (``ui.keys.Key.hostile``: just past each end of its range,
a fraction for a count, non-numbers, markup, over-long text, an unknown
option), mixed with random text and numbers and unknown keys. It loads the
page through AppTest, then moves its number inputs to random values within
and at their bounds. After every run: no exception, no traceback text, no
``nan``/``inf``/``None`` shown, and either a chart or a line saying what the
page needs. Bounded and derandomized in CI (the ``CI`` environment variable).
"""

from __future__ import annotations

import os
import re

import pytest
from conftest import app_test
from hostile_text import NAMES, rendered
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from ui.keys import TEXT
from ui.registry import PAGES as REGISTERED

PAGES = {p.file: p for p in REGISTERED}  # every page, every URL key it reads


def value_for(spec):
    """A value for one key: mostly its own hostile ones, sometimes anything at all; a text key
    also takes names a link, a claim or a board may carry (:data:`hostile_text.NAMES`)."""
    names = ()
    if spec.kind == TEXT:
        names = (*NAMES, *(f"{x} scores 87.3% vs Model Y 85.1%" for x in NAMES), board(NAMES))
    return st.one_of(
        st.sampled_from(spec.hostile() + names),
        st.integers(min_value=-(10**13), max_value=10**13).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.text(max_size=12),
    )


value = st.text(max_size=40)  # for a key no page reads


def board(names) -> str:
    """A leaderboard's ``rows`` with these names, quoted as the link quotes them."""
    from urllib.parse import quote

    return ",".join(f"{quote(x, safe='')}:{70 + i}" for i, x in enumerate(names))


SHOWN_NUMBER_GARBAGE = re.compile(r"(?<![\w.])(nan|NaN|inf|-inf|Infinity|None)(?![\w])")
ECHOED = re.compile(r"`\w+=[^`]*`")
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "12")),
    deadline=None,
    derandomize=bool(os.environ.get("CI")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
    # Each example loads a page; shrinking would take minutes. The failing
    # example is printed as found.
    phases=[Phase.explicit, Phase.generate],
)


def shown_text(at) -> str:
    """Everything the page shows as text, in one string."""
    parts: list[str] = []
    for kind in (
        "markdown", "caption", "text", "title", "header", "subheader", "code",
        "error", "warning", "info", "success", "latex",
    ):  # fmt: skip
        parts += [str(e.value) for e in getattr(at, kind)]
    for m in at.metric:
        parts += [str(m.label), str(m.value), str(m.proto.delta or "")]
    for t in list(at.table) + list(at.dataframe):
        parts.append(t.value.to_string())
    return "\n".join(parts)


TEXT_KEYS = ("name_a", "name_b", "claim")  # the reader's own words, shown as given


def check_page(at, where: str, query: dict | None = None) -> None:
    assert not at.exception, f"{where}: exception {[e.value for e in at.exception]}"
    text = shown_text(at)
    assert "Traceback" not in text, f"{where}: traceback shown"
    # A refusal note repeats the reader's own value (`a=inf`), and a model
    # named "Infinity" is shown by name: neither is the page computing
    # garbage, so leave the echoed values and the reader's words out of the scan.
    text = ECHOED.sub("", text)
    for key in TEXT_KEYS:
        if words := (query or {}).get(key, "").strip():  # whole words only: "a" keeps "nan"
            text = re.sub(rf"(?<![\w.]){re.escape(words)}(?!\w)", "", text)
    garbage = SHOWN_NUMBER_GARBAGE.findall(text)
    assert not garbage, f"{where}: shows {garbage!r}"
    drawn = rendered(at)  # no name from outside draws a link, an image, a formula, a directive
    assert not drawn, f"{where}: draws {drawn[0][0]} in {drawn[0][1][:120]!r}"
    # A page draws its chart, or (a verdict missing a value nobody gave) says what it needs.
    assert at.get("vega_lite_chart") or at.info, f"{where}: no chart and no word why"


@pytest.mark.parametrize("page_path", list(PAGES))
@FUZZ
@given(data=st.data())
def test_hostile_links_and_widget_moves(page_path: str, data) -> None:
    page = page_path
    entry = PAGES[page]
    keys = list(entry.keys)
    chosen = data.draw(st.lists(st.sampled_from(keys), unique=True, max_size=len(keys)))
    query = {k: data.draw(value_for(entry.spec(k)), label=k) for k in chosen}
    if data.draw(st.booleans(), label="unknown key"):
        query["zz_unknown"] = data.draw(value, label="zz_unknown")
    at = app_test(page, **query).run()
    check_page(at, f"{page} {query}", query)
    # Then a few random moves of the number inputs, within and at their bounds.
    for step in range(data.draw(st.integers(0, 3), label="moves")):
        inputs = [w for w in at.number_input if not w.proto.disabled]  # a reader can't type there
        if not inputs:
            break
        widget = inputs[data.draw(st.integers(0, len(inputs) - 1), label="which")]
        lo = widget.proto.min if widget.proto.has_min else -1e6
        hi = widget.proto.max if widget.proto.has_max else 1e6
        if widget.proto.data_type == widget.proto.INT:
            new = data.draw(st.sampled_from([int(lo), int(hi)]) | st.integers(int(lo), int(hi)))
        else:
            new = data.draw(st.sampled_from([lo, hi]) | st.floats(lo, hi))
        widget.set_value(new).run()
        check_page(at, f"{page} {query} move {step}: {widget.key}={new!r}", query)


@FUZZ
@given(
    names=st.lists(st.sampled_from(NAMES) | st.text(min_size=1, max_size=30).filter(
                       lambda x: not SHOWN_NUMBER_GARBAGE.search(x)),  # a model named "NaN"
                   min_size=2, max_size=4, unique_by=lambda x: x.strip().lower()),
    # no NUL: Streamlit refuses one in a file name before the page runs (no browser sends one)
    file_name=st.sampled_from(NAMES) | st.text(min_size=1, max_size=20).filter(lambda x: "\0" not in x),
)  # fmt: skip
def test_hostile_column_and_file_names_in_an_upload(names, file_name) -> None:
    """A per-question CSV whose column names (and file name) are hostile: the page reads it
    or refuses it in words, and draws no name as anything but text."""
    import csv
    import io

    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["question_id", *names])
    w.writerows([f"q{q}", *((q + i) % 2 for i in range(len(names)))] for q in range(30))
    at = app_test("app_pages/gap-grader.py", timeout=90, mode="file").run()
    upload = [(f"{file_name}.csv", out.getvalue().encode(), "text/csv")]
    at.file_uploader(key="pq_files").set_value(upload).run()
    check_page(at, f"upload {names!r} as {file_name!r}")

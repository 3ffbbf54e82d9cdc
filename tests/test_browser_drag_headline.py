"""While a lesson's thumb is dragged, its verdict says it is the released stop's, not the chart's.

The chart follows the thumb in the browser; the verdict's sentences are Python's and arrive
with the rerun after the release. So from the first move off the drawn stop until that rerun,
the verdict is dimmed under a line naming the stop its figures are for; the rerun lifts it.
Each of the four thumbs (Luck simulator, pass@k, Interval coverage, Questions needed), at
1280 px and in the room view at 1920×1080 (screenshots: test-artifacts/held-*.png).
"""

from __future__ import annotations

import pytest
from conftest import shoot, wait_for_rerun
from test_browser_thumb import CASES, drag, open_at, stop_value

pytestmark = pytest.mark.browser

VERDICT = ".st-key-first-verdict"
HELD = """sel => {
  const v = document.querySelector(sel);
  const first = v.firstElementChild;
  return {at: v.dataset.heldAt ?? null, says: getComputedStyle(v, '::before').content,
          opacity: Number(getComputedStyle(first).opacity), text: v.innerText};
}"""
SIZES = {
    "1280": ({"width": 1280, "height": 900}, ""),
    "room": ({"width": 1920, "height": 1080}, "&view=room"),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(CASES))
def test_the_verdict_marks_itself_as_the_released_stops_until_the_rerun(
    page_at, streamlit_server, name, size
):
    case = CASES[name]
    viewport, extra = SIZES[size]
    page = page_at(**viewport)
    open_at(page, streamlit_server + case.link + extra, case)
    released = case.heard(stop_value(page, case))
    before = page.evaluate(HELD, VERDICT)
    assert before["at"] is None and before["says"] == "none" and before["opacity"] == 1
    to = min(int(page.get_by_role("slider", name=case.label, exact=True).input_value()) + 6,
             len(case.stops) - 1)  # fmt: skip
    drag(page, case, to, release=False)
    held = page.evaluate(HELD, VERDICT)
    assert held["at"] == released, "the verdict names the stop it was drawn for"
    assert f"these figures are for {released}" in held["says"]
    assert held["opacity"] < 0.5, "and is dimmed under that line"
    shoot(page, f"held-{name}-{size}", full_page=False)
    wait_for_rerun(page, page.mouse.up)
    page.wait_for_function("sel => !document.querySelector(sel).dataset.heldAt", arg=VERDICT)
    after = page.evaluate(HELD, VERDICT)
    assert after["says"] == "none" and after["opacity"] == 1
    assert after["text"] != before["text"], "the rerun wrote the new stop's verdict"

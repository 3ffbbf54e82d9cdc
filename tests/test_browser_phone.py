"""A phone (390×844, touch) in Chromium: tables fit or say they scroll, the discordance band's
slider draws no ends on top of each other, and an edit in the leaderboard's table shows the
verdict it changed where the reader is. Screenshots: test-artifacts/phone-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import APP_TIMEOUT_MS, _record_frames, goto, shoot, wait_for_rerun

from ui.tables import SCROLLS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# Every page's tables, drawn: the worked examples, and links that draw the rest.
LINKS = {
    "grader": "/gap-grader?a=82&b=78&n=448&options=4",
    "grader-paired": "/gap-grader?a_only=20&b_only=8&n=198&a=82",
    "needed": "/questions-needed?p=80&d=4&n=198",
    "passk": "/pass-at-k?samples=20&passed=3&k=5",
    "coverage": "/coverage",
    "signal": "/signal-noise?preset=spread&n=500&average=5",
    "leaderboard": "/leaderboard",
    "leaderboard-across": "/leaderboard?bench_rows=X%3A80%3A70%3A1%3A1.2,Y%3A60%3A62%3A2%3A2",
    "check": "/?a=87.3&b=85.1&n=198",
}

# Each table's frame: how wide its content is, how wide the frame, and whether the line just
# above it says it scrolls sideways.
TABLES = """(cue) => [...document.querySelectorAll(
    "[data-testid='stTable'], [data-testid='stDataFrame']")].map(el => {
  const frame = el.matches("[data-testid='stTable']")
    ? el.querySelector('table').parentElement : el.querySelector('.dvn-scroller');
  const box = el.closest('[data-testid="stElementContainer"]');
  let before = box.previousElementSibling;
  while (before && !before.innerText.trim()) before = before.previousElementSibling;
  const said = before ? before.innerText : '';
  const r = before ? before.getBoundingClientRect() : null;
  return {kind: el.dataset.testid, content: frame.scrollWidth, frame: frame.clientWidth,
          cue: said.includes(cue) && r.width > 0 && r.height > 0,
          head: [...el.querySelectorAll('th')].map(t => t.innerText).slice(0, 3).join(' | ')};
})"""


def phone(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(APP_TIMEOUT_MS)
    page = context.new_page()
    _record_frames(page)
    return page


@pytest.fixture
def tab(browser: Any):
    page = phone(browser)
    try:
        yield page
    finally:
        page.context.close()


@pytest.mark.parametrize("name", list(LINKS))
def test_a_table_wider_than_the_phone_says_it_scrolls(tab, streamlit_server, name):
    goto(tab, streamlit_server + LINKS[name])
    for summary in tab.locator("[data-testid='stExpander'] summary").all():
        if summary.is_visible() and summary.get_attribute("aria-expanded") != "true":
            summary.click()
    tab.wait_for_timeout(500)
    tables = tab.evaluate(TABLES, SCROLLS)
    wide = [t for t in tables if t["content"] > t["frame"] + 1]
    unsaid = [t for t in wide if not t["cue"]]
    assert not unsaid, f"{name}: tables wider than their frame, with no word that they scroll"
    assert all(t["frame"] <= PHONE["width"] for t in tables)
    if name in ("grader", "leaderboard-across"):  # ten and six columns: they do scroll
        assert wide, tables
    shoot(tab, f"phone-{name}")


def test_the_discordance_band_draws_no_ends_on_top_of_each_other(tab, streamlit_server):
    goto(tab, f"{streamlit_server}/?a=63.13&b=57.07&n=198")
    sliders = tab.locator("[data-testid='stSlider']")
    assert sliders.filter(has_text="Discordance you expect").count() == 0  # none until asked
    assert tab.get_by_text("0 to 0", exact=False).count() == 0
    switch = tab.get_by_text("Shade the discordance you expect", exact=True)
    switch.scroll_into_view_if_needed()
    wait_for_rerun(tab, switch.click)
    band = sliders.filter(has_text="Discordance you expect")
    band.wait_for()
    values = band.locator("[data-testid='stSliderThumbValue']").all()
    assert [v.inner_text() for v in values] == ["6.0", "80.0"]
    left, right = (v.bounding_box() for v in values)
    assert left["x"] + left["width"] < right["x"], "the two ends' values do not overlap"
    band.screenshot(path=str(shoot(tab, "phone-discordance-band", full_page=False)))


def test_an_edit_in_the_leaderboard_table_shows_the_changed_verdict_where_the_reader_is(
    tab, streamlit_server
):
    goto(tab, f"{streamlit_server}/leaderboard")
    grid = tab.locator("[data-testid='stDataFrame']").first
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    cell = (box["x"] + 160, box["y"] + 35 + 17)  # Model A's "Score %": past the header row
    editor = tab.locator(".gdg-input")  # the grid's cell editor, once a double tap opens it
    for _ in range(3):  # a busy machine can take the first tap before the grid is ready
        tab.mouse.dblclick(*cell)
        try:
            editor.first.wait_for(timeout=5_000)
            break
        except Exception:
            tab.wait_for_timeout(500)
    editor.first.fill("97")
    wait_for_rerun(tab, lambda: editor.first.press("Enter"), timeout=60_000)
    said = tab.locator("[data-testid='stAlert']").filter(has_text="The verdict changed")
    said.wait_for()
    assert "only Model A can be first" in said.inner_text()
    where = said.bounding_box()
    assert where["y"] >= 0 and where["y"] + where["height"] <= PHONE["height"], where
    shoot(tab, "phone-leaderboard-edited", full_page=False)

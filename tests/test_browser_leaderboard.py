"""The Leaderboard checker in a real browser: Debian's Chromium against `streamlit run app.py`.

Screenshots go to test-artifacts/leaderboard-*.png (look at them): a laptop
at 1280, a phone at 390×844 and the room view at 1920×1080.
"""

from __future__ import annotations

import pytest
from conftest import PHONE_VIEWPORT, no_sideways_scroll, set_number, shoot, wait_for_app

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"
ROWS = (
    "Model%20A:87.3:1.8,Model%20B:85.1:1.9,Model%20C:80.2:1.6,Model%20D:79.9:2.0,Model%20E:70:1.2"
)


SLOW_MS = 120_000  # a shared, loaded machine: the first run of a session can pass 30 s


def open_page(page, url: str, *, charts: int = 3) -> None:
    """Open ``url`` and wait (patiently) for its first run and its charts."""
    page.goto(url)
    page.get_by_text("Two models across many benchmarks").first.wait_for(timeout=SLOW_MS)
    if charts:
        page.locator(CHART).nth(charts - 1).wait_for(timeout=SLOW_MS)
    wait_for_app(page, timeout=SLOW_MS)


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def drawn_charts(page) -> int:
    page.locator(f"{CHART} :is(svg, canvas)").first.wait_for(state="visible")
    return page.locator(CHART).count()


def test_the_example_at_1280(page_at, streamlit_server):
    page = page_at(1280, 900)
    open_page(page, f"{streamlit_server}/leaderboard")
    text = main_text(page)
    assert "Of these 8 models" in text
    assert "An example: Eight models within three points" in text
    assert drawn_charts(page) == 3
    assert page.locator("[data-testid='stException']").count() == 0
    assert no_sideways_scroll(page) <= 0
    shoot(page, "leaderboard-1280")


def test_a_deep_link_on_a_phone(page_at, streamlit_server):
    page = page_at(**PHONE_VIEWPORT)
    open_page(page, f"{streamlit_server}/leaderboard?rows={ROWS}&correction=bh")
    text = main_text(page)
    assert "Of these 5 models" in text and "Benjamini–Hochberg" in text
    assert drawn_charts(page) == 3
    assert no_sideways_scroll(page) <= 0
    for chart in page.locator(CHART).all():  # every chart inside the screen's width
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1
    shoot(page, "leaderboard-390")


def test_the_room_view_at_1920(page_at, streamlit_server):
    page = page_at(1920, 1080)
    open_page(page, f"{streamlit_server}/leaderboard?bench=gpqa-diamond&view=room")
    assert "Of these 8 models" in main_text(page)
    assert drawn_charts(page) == 3
    shoot(page, "leaderboard-1920-room")
    page.locator(CHART).first.scroll_into_view_if_needed()
    shoot(page, "leaderboard-1920-room-screen", full_page=False)


def test_typing_the_questions_fills_in_the_verdict_and_the_link(page_at, streamlit_server):
    page = page_at(1280, 900)
    open_page(page, f"{streamlit_server}/leaderboard?rows=A:82,B:78,C:70", charts=0)
    assert "no number of questions" in main_text(page)
    assert page.locator(CHART).count() == 0  # nothing drawn from a default n
    set_number(page, "Questions (every row)", 500)
    page.get_by_text("Of these 3 models").first.wait_for()
    assert "n=500" in page.url
    assert drawn_charts(page) == 3
    set_number(page, "Seed", 7)  # straight in the settings row now, no box: still in the link
    page.get_by_text("(seed 7").first.wait_for()
    assert "seed=7" in page.url and "n=500" in page.url

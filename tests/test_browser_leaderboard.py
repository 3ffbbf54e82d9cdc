"""The Leaderboard checker in a real browser: Debian's Chromium against `streamlit run app.py`.

Screenshots go to test-artifacts/leaderboard-*.png (look at them): a laptop
at 1280, a phone at 390×844 and the room view at 1920×1080. The rank chart is
drawn; the places and pairs charts sit in lazy tabs, drawn when opened.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from conftest import (
    PHONE_VIEWPORT,
    lazy_tab,
    no_sideways_scroll,
    set_number,
    shoot,
    wait_for_app,
    wait_for_rerun,
)

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"
ROWS = (
    "Model%20A:87.3:1.8,Model%20B:85.1:1.9,Model%20C:80.2:1.6,Model%20D:79.9:2.0,Model%20E:70:1.2"
)


SLOW_MS = 120_000  # a shared, loaded machine: the first run of a session can pass 30 s


def open_page(page, url: str, *, charts: int = 1) -> None:
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


def open_tab(page, name: str) -> None:
    """Click a tab of the lazy row under the rank chart; it draws on the rerun that follows."""
    wait_for_rerun(page, lambda: lazy_tab(page, name).click())


def every_chart(page) -> int:
    """The rank chart, then the Places by luck and All pairs tabs opened in turn: charts seen."""
    seen = drawn_charts(page)
    for name in ("Places by luck", "All pairs"):
        open_tab(page, name)
        page.locator(CHART).nth(1).wait_for()
        seen += page.locator(CHART).count() - 1
    return seen


def query(page) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


def test_the_example_at_1280(page_at, streamlit_server):
    page = page_at(1280, 900)
    open_page(page, f"{streamlit_server}/leaderboard")
    text = main_text(page)
    assert "Of these 8 models" in text
    assert "An example: Eight models within three points" in text
    assert "overlap rule calls 28 of 28 pairs ties" in text  # the first tab, open
    assert drawn_charts(page) == 1  # the rank chart; the others wait in their tabs
    assert page.locator("[data-testid='stException']").count() == 0
    assert no_sideways_scroll(page) <= 0
    shoot(page, "leaderboard-1280")
    open_tab(page, "The board")
    page.get_by_text("Link to this board").wait_for()
    shoot(page, "leaderboard-1280-board-tab")


def test_a_deep_link_on_a_phone(page_at, streamlit_server):
    page = page_at(**PHONE_VIEWPORT)
    open_page(page, f"{streamlit_server}/leaderboard?rows={ROWS}&correction=bh")
    text = main_text(page)
    assert "Of these 5 models" in text and "Benjamini–Hochberg" in text
    assert every_chart(page) == 3  # the pairs tab is open now: its chart and the rank chart
    assert no_sideways_scroll(page) <= 0
    for chart in page.locator(CHART).all():  # every chart inside the screen's width
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1
    shoot(page, "leaderboard-390")


def test_the_room_view_at_1920(page_at, streamlit_server):
    page = page_at(1920, 1080)
    open_page(page, f"{streamlit_server}/leaderboard?bench=gpqa-diamond&view=room")
    assert "Of these 8 models" in main_text(page)
    assert drawn_charts(page) == 1
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
    assert every_chart(page) == 3
    set_number(page, "Seed", 7)  # in the board's fragment: still in the link
    page.wait_for_function("() => new URLSearchParams(location.search).get('seed') === '7'")
    open_tab(page, "Places by luck")
    page.get_by_text("(seed 7").first.wait_for()
    assert "seed=7" in page.url and "n=500" in page.url


def test_a_seed_edit_in_the_fragment_writes_the_link_and_redraws_the_draws(
    page_at, streamlit_server
):
    """The seed and all it drives are one fragment; the browser still writes it into the link."""
    page = page_at(1280, 900)
    link = f"{streamlit_server}/leaderboard?rows={ROWS}&method=simultaneous&seed=3&name_a=Ours"
    open_page(page, link)
    seed = page.get_by_label("Seed", exact=True)
    assert seed.input_value() == "3"
    first = page.locator("[data-testid='stMetric']").filter(has_text="first by luck")
    assert "80.7%" in first.inner_text()  # rank_probabilities(board, draws=10_000, seed=3)
    set_number(page, "Seed", 4)
    page.wait_for_function("() => new URLSearchParams(location.search).get('seed') === '4'")
    keys = query(page)
    assert keys["seed"] == "4" and keys["method"] == "simultaneous"  # the other keys stay
    assert keys["rows"].startswith("Model A:87.3") and keys["name_a"] == "Ours"
    page.wait_for_function(
        """() => [...document.querySelectorAll("[data-testid='stMetric']")].some(
            m => m.innerText.includes('first by luck') && m.innerText.includes('79.5%'))"""
    )  # seed 4's re-drawn boards
    assert page.locator("[data-testid='stException']").count() == 0
    open_tab(page, "Places by luck")
    page.get_by_text("(seed 4").first.wait_for()
    shoot(page, "leaderboard-seed-4-places")
    page.goto(page.url)  # the written link reopens the same seed
    wait_for_app(page, timeout=SLOW_MS)
    assert page.get_by_label("Seed", exact=True).input_value() == "4"
    first.filter(has_text="79.5%").wait_for()


def test_predict_then_reveal_inside_the_fragment(page_at, streamlit_server):
    """The guess and Reveal sit in the board's fragment: revealing reruns it and draws the answer."""
    page = page_at(1280, 900)
    open_page(page, f"{streamlit_server}/leaderboard?predict=true&seed=5", charts=0)
    assert "How many of these 8 models are tied for first?" in main_text(page)
    assert page.locator(CHART).count() == 0 and "first by luck" not in main_text(page)
    set_number(page, "Your guess (models)", 3)
    wait_for_rerun(page, lambda: page.get_by_role("button", name="Reveal").click())
    page.get_by_text("Your guess: 3 models. The answer: 8 models.").wait_for()
    assert drawn_charts(page) == 1 and "first by luck" in main_text(page)
    assert query(page)["seed"] == "5" and query(page)["predict"] == "true"
    shoot(page, "leaderboard-predict-revealed")

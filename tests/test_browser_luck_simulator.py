"""The Luck simulator in a real browser: Debian's Chromium against `streamlit run app.py`.

Every test saves a screenshot under test-artifacts/ (look at them).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from conftest import PHONE_VIEWPORT, goto, no_sideways_scroll, shoot, wait_for_rerun

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"
TALL = {"width": 1280, "height": 1700}  # the whole page, chart included, in one shot


def query(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def bar_shapes(page) -> list[str]:
    """The drawn rectangles of the chart (bars and band), as SVG path data."""
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    return page.evaluate(
        """() => Array.from(document.querySelectorAll(
            "[data-testid='stVegaLiteChart'] g.mark-rect path")).map(p => p.getAttribute('d'))"""
    )


def metric(page, label: str) -> str:
    tile = page.locator("[data-testid='stMetric']").filter(has_text=label).first
    return tile.locator("[data-testid='stMetricValue']").inner_text()


def test_deep_link_shows_the_articles_numbers(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?p=80&n=100&d=4")
    text = main_text(page)
    assert "53.55%" in text
    assert "5.66 pts" in text
    assert "±11.0 pts" in text
    assert bar_shapes(page)
    assert page.get_by_text("At least the lead").count() >= 1  # the legend is drawn
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "luck-simulator-1280")


def test_add_1000_runs_changes_counter_chart_and_link(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?p=80&n=100&d=4&seed=2")
    assert page.get_by_text("Simulated, 1,000 runs").count() == 1
    before = bar_shapes(page)
    wait_for_rerun(page, lambda: page.get_by_role("button", name="+1,000").click())
    page.get_by_text("Simulated, 2,000 runs").wait_for()
    page.wait_for_function(
        """(before) => {
            const now = Array.from(document.querySelectorAll(
              "[data-testid='stVegaLiteChart'] g.mark-rect path")).map(p => p.getAttribute('d'));
            return now.join('|') !== before.join('|');
        }""",
        arg=before,
    )
    assert bar_shapes(page) != before
    assert query(page)["runs"] == "2000"
    assert metric(page, "Exact chance") == "53.55%"  # the exact line stays put
    shoot(page, "luck-simulator-after-1000")


def test_same_link_same_draws_after_reload(page_at, streamlit_server):
    page = page_at(**TALL)
    url = f"{streamlit_server}/luck-simulator?p=80&n=100&d=4&seed=11&runs=2500"
    goto(page, url)
    first = metric(page, "Simulated, 2,500 runs")
    shapes = bar_shapes(page)
    goto(page, url)
    assert metric(page, "Simulated, 2,500 runs") == first
    assert bar_shapes(page) == shapes


def test_mode_menu_puts_its_key_in_the_link(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator")
    menu = page.get_by_role("combobox", name="What to simulate")
    menu.click()
    option = page.get_by_role("option", name="Same questions, mixed difficulty")
    wait_for_rerun(page, lambda: option.click())
    page.get_by_text("Independent questions").first.wait_for()
    assert query(page)["mode"] == "same-questions"
    assert "Questions they disagree on" in main_text(page)
    shoot(page, "luck-simulator-same-questions")


def test_best_of_k_link(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?mode=best-of-k&variants=20")
    assert metric(page, "Exact chance") == "79.39%"
    assert "Median lead" in main_text(page)
    assert bar_shapes(page)
    shoot(page, "luck-simulator-best-of-20")


def test_predict_then_reveal(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?predict=true")
    assert "53.55%" not in main_text(page)
    shoot(page, "luck-simulator-predict")
    box = page.get_by_label("Your guess (% of runs)")

    def guess() -> None:
        box.fill("40")
        box.press("Enter")

    wait_for_rerun(page, guess)
    page.get_by_text("Your guess: 40%. The exact answer: 53.55%.").wait_for()
    shoot(page, "luck-simulator-revealed")


def test_phone_layout(page_at, streamlit_server):
    page = page_at(**PHONE_VIEWPORT)
    goto(page, f"{streamlit_server}/luck-simulator?p=80&n=100&d=4")
    assert no_sideways_scroll(page) <= 0
    assert "53.55%" in main_text(page)
    assert bar_shapes(page)
    shoot(page, "luck-simulator-390")
    page.locator(CHART).first.scroll_into_view_if_needed()
    shoot(page, "luck-simulator-390-chart", full_page=False)

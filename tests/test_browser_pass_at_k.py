"""The pass@k page in a real browser (Chromium via Playwright): first screens, a phone, edits."""

from __future__ import annotations

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun
from test_browser_questions_needed import (
    SCREENS,
    assert_first_screen,
    assert_phone_order,
    tables_fit,
)

pytestmark = pytest.mark.browser

LINK = "/pass-at-k?samples=20&passed=3&k=5"
CHARTS = 6  # pass@k against k, the draws, the benchmark, its problems, avg@k, maj@k


def charts_drawn(page, count: int = CHARTS) -> None:
    """Wait until ``count`` charts have drawn a canvas or svg."""
    page.wait_for_function(
        """n => [...document.querySelectorAll("[data-testid='stVegaLiteChart']")]
                .filter(c => c.querySelector('canvas, svg')).length >= n""",
        arg=count,
    )


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_pass_at_k_against_k_and_its_inputs_share_the_first_screen(
    page_at, streamlit_server, screen
):
    width, height, extra = SCREENS[screen]
    page = page_at(width, height)
    goto(page, streamlit_server + LINK + extra)
    assert_first_screen(page, height, "Tries allowed (k)")
    headline = page.get_by_text("pass@5 = 60.09%").first.bounding_box()
    assert headline is not None and headline["y"] + headline["height"] <= height
    assert no_sideways_scroll(page) == 0
    shoot(page, f"pass-at-k-{screen}-first-screen", full_page=False)


def test_deep_link_shows_the_numbers_and_every_chart(page_at, streamlit_server):
    page = page_at(1280, 800)
    goto(page, streamlit_server + LINK)
    charts_drawn(page)
    assert page.get_by_test_id("stException").count() == 0
    assert page.locator("[data-testid='stExpander']").count() == 0  # nothing folded
    text = main_text(page)
    assert "pass@5 = 60.09%" in text and "The shortcut says 55.63%" in text
    assert "C(17, 5) = 6,188 ways" in text and "the variance of avg@k is" in text
    metrics = page.get_by_test_id("stMetricValue").all_inner_texts()
    assert metrics[:3] == ["15%", "60.09%", "55.63%"]
    assert page.locator("[data-testid='stMarkdownContainer'] .katex").count() >= 1
    assert no_sideways_scroll(page) == 0
    tables_fit(page)
    assert page.locator("[data-testid='stPopover']").count() == CHARTS  # a menu per chart
    shoot(page, "pass-at-k-1280")


def test_moving_k_updates_the_answer_and_the_link(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    thumb = page.get_by_role("slider", name="Tries allowed (k)")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("End"))  # k = n = 20
    assert "pass@20 is exactly 1" in main_text(page)
    assert "k=20" in page.url and "passed=3" in page.url


def test_a_seed_edit_writes_the_link_and_keeps_the_rest(page, streamlit_server):
    goto(page, streamlit_server + LINK + "&mix=all-medium")
    seed = page.get_by_role("spinbutton", name="Bootstrap seed")
    wait_for_rerun(page, lambda: (seed.fill("7"), seed.press("Enter")))
    assert "seed=7" in page.url and "mix=all-medium" in page.url and "k=5" in page.url
    band = page.get_by_test_id("stMetric").filter(has_text="95% band at k = 50")
    assert " to " in band.inner_text()
    assert page.get_by_test_id("stException").count() == 0


def test_menu_shows_names_not_slugs(page, streamlit_server):
    goto(page, streamlit_server + "/pass-at-k?mix=all-medium")
    text = main_text(page)
    assert "All medium" in text
    assert "all-medium" not in text and "long-tail" not in text


def test_trap_preset_button(page, streamlit_server):
    goto(page, streamlit_server + "/pass-at-k?p_correct=40&p_distractor=20")
    assert "so more votes help" in main_text(page)
    wait_for_rerun(page, lambda: page.get_by_role("button", name="A strong wrong answer").click())
    assert "so more votes make it worse" in main_text(page)
    assert "p_correct=30" in page.url and "p_distractor=40" in page.url
    assert page.get_by_test_id("stException").count() == 0


def test_phone_verdict_then_chart_then_inputs(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, streamlit_server + LINK)
    assert_phone_order(page, "pass@5 = 60.09%", "Samples that passed (c)")
    shoot(page, "pass-at-k-390-first-screen", full_page=False)
    charts_drawn(page)
    assert no_sideways_scroll(page) == 0
    tables_fit(page)
    shoot(page, "pass-at-k-390")


def test_phone_bad_link(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(
        page,
        streamlit_server + "/pass-at-k?samples=0&passed=25&k=0&p_correct=70&p_distractor=50&mix=x",
    )
    charts_drawn(page)
    text = main_text(page)
    for note in ("samples=0", "passed=25", "k=0", "p_distractor=50", "mix=x"):
        assert note in text, note
    assert page.get_by_test_id("stException").count() == 0
    assert no_sideways_scroll(page) == 0
    shoot(page, "pass-at-k-390-bad")


@pytest.mark.parametrize("width", [800, 900])
def test_embedded_split_screen_widths(page_at, streamlit_server, width):
    # An article's iframe (?embed=true) or a split screen: nothing runs past the right edge.
    page = page_at(width, 900)
    goto(page, streamlit_server + LINK + "&embed=true")
    charts_drawn(page)
    assert no_sideways_scroll(page) == 0
    right = page.evaluate("() => document.documentElement.clientWidth")
    for slider in page.locator("[data-testid='stSlider']").all():
        box = slider.bounding_box()
        assert box is not None and box["x"] + box["width"] <= right, box
    tables_fit(page)
    shoot(page, f"pass-at-k-{width}-embed", full_page=False)

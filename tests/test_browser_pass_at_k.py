"""The pass@k page in a real browser (Chromium via Playwright), at 1280 and 390 px."""

from __future__ import annotations

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

LINK = "/pass-at-k?samples=20&passed=3&k=5"


def charts_drawn(page, count: int) -> None:
    """Wait until ``count`` charts have drawn a canvas or svg."""
    page.wait_for_function(
        """n => [...document.querySelectorAll("[data-testid='stVegaLiteChart']")]
                .filter(c => c.querySelector('canvas, svg')).length >= n""",
        arg=count,
    )


def test_deep_link_shows_the_numbers_and_every_chart(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    charts_drawn(page, 6)
    assert page.get_by_test_id("stException").count() == 0
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "pass@5 = 0.601" in text and "The shortcut says 0.556" in text
    metrics = page.get_by_test_id("stMetricValue").all_inner_texts()
    assert metrics[:3] == ["0.15", "0.601", "0.556"]
    # the answer comes before the first chart
    first_chart = page.get_by_test_id("stVegaLiteChart").first.bounding_box()
    headline = page.get_by_text("pass@5 = 0.601").bounding_box()
    assert headline["y"] < first_chart["y"]
    assert no_sideways_scroll(page) == 0
    shoot(page, "pass-at-k-1280")


def test_editing_k_updates_the_answer(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    box = page.get_by_role("spinbutton", name="Tries allowed (k)")
    wait_for_rerun(page, lambda: (box.fill("18"), box.press("Enter")))
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "pass@18 is exactly 1" in text
    assert "k=18" in page.url


def test_trap_preset_button(page, streamlit_server):
    goto(page, streamlit_server + "/pass-at-k?p_correct=40&p_distractor=20")
    wait_for_rerun(page, lambda: page.get_by_role("button", name="The trap").click())
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "so more votes make it worse" in text
    assert page.get_by_test_id("stException").count() == 0


@pytest.mark.parametrize(
    ("query", "name"),
    [
        (LINK, "pass-at-k-390"),
        (
            "/pass-at-k?samples=0&passed=25&k=0&p_correct=70&p_distractor=50&mix=x",
            "pass-at-k-390-bad",
        ),
    ],
)
def test_phone_layout(page_at, streamlit_server, query, name):
    page = page_at(390, 844)
    goto(page, streamlit_server + query)
    charts_drawn(page, 6)
    assert page.get_by_test_id("stException").count() == 0
    assert no_sideways_scroll(page) == 0
    shoot(page, name)  # the whole page: Streamlit lets the document scroll

"""Questions needed in a real browser: the answer first, charts drawn, no sideways scroll.

Screenshots land in test-artifacts/ (questions-needed-*.png); the tall ones show the
whole page, since Streamlit scrolls inside its own container.
"""

from __future__ import annotations

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

from benchstats import questions_needed

pytestmark = pytest.mark.browser

CHARTS = "[data-testid='stVegaLiteChart']"


def charts_drawn(page, expected: int = 3) -> None:
    charts = page.locator(CHARTS)
    charts.first.wait_for()
    assert charts.count() == expected
    for i in range(expected):
        charts.nth(i).locator("canvas, svg").first.wait_for()


def test_desktop_answer_first_and_charts(page_at, streamlit_server):
    page = page_at(1280, 900)
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4&discordance=20")
    headline = page.get_by_text("A 4.0-point lead near 80% needs 1,566 questions.")
    headline.wait_for()
    box = headline.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900
    charts_drawn(page)
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "questions-needed-1280-top", full_page=False)

    tall = page_at(1280, 5200)
    goto(tall, f"{streamlit_server}/questions-needed?p=80&d=4&discordance=20")
    charts_drawn(tall)
    shoot(tall, "questions-needed-1280")


def test_phone_answer_visible_first(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}/questions-needed?p=50&d=4")
    headline = page.get_by_text("A 4.0-point lead near 50% needs 2,449 questions.")
    headline.wait_for()
    box = headline.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844  # above the fold
    charts_drawn(page)
    assert no_sideways_scroll(page) <= 0
    shoot(page, "questions-needed-390-top", full_page=False)

    tall = page_at(390, 9000)
    goto(tall, f"{streamlit_server}/questions-needed?p=50&d=4&discordance=20")
    charts_drawn(tall)
    assert no_sideways_scroll(tall) <= 0
    shoot(tall, "questions-needed-390")


def test_editing_the_lead_updates_the_answer_and_the_link(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4")
    field = page.get_by_role("spinbutton", name="Lead you care about (points)")
    wait_for_rerun(page, lambda: (field.fill("2"), field.press("Enter")))
    expected = questions_needed(0.81, 0.79)
    page.get_by_text(f"A 2.0-point lead near 80% needs {expected:,} questions.").wait_for()
    assert "d=2" in page.url


def test_bad_link_still_draws(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=98&d=10&discordance=0&repeats=-2")
    page.get_by_text("A 10.0-point lead does not fit near 98.0%").wait_for()
    page.get_by_text("never disagree").wait_for()
    page.get_by_text("repeats=-2").wait_for()
    charts_drawn(page)
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "questions-needed-bad-link", full_page=False)

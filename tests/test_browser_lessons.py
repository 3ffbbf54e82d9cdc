"""Interval coverage in a real browser: Debian's Chromium against `streamlit run app.py`.

The seed sits in a fragment with what it draws; the tests edit it there and
read the address bar. (Slices: tests/test_slices_browser.py.)

Each page opens from a deep link at a phone (390×844), a laptop (1280) and a
projector in the room view (1920×1080); every test saves a screenshot under
test-artifacts/ (look at them).
"""

from __future__ import annotations

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"
LINKS = {
    "coverage": ("/coverage?n=20&p=95&runs=1000", "63.9%"),
}
SIZES = {
    "390": ({"width": 390, "height": 844}, ""),
    "1280": ({"width": 1280, "height": 900}, ""),
    "1920-room": ({"width": 1920, "height": 1080}, "&view=room"),
}


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(LINKS))
def test_deep_link_draws_the_answer_and_charts_at_every_size(page_at, streamlit_server, name, size):
    viewport, extra = SIZES[size]
    link, answer = LINKS[name]
    page = page_at(**viewport)
    goto(page, f"{streamlit_server}{link}{extra}")
    page.locator(f"{CHART} svg, {CHART} canvas").first.wait_for(state="visible")
    assert answer in main_text(page)
    assert page.locator("[data-testid='stException']").count() == 0
    assert no_sideways_scroll(page) <= 1
    if size == "1920-room":  # the answer and the chart share the first screen
        box = page.locator(CHART).first.bounding_box()
        assert box is not None and box["y"] < 1080
        shoot(page, f"lesson-{name}-{size}-first-screen", full_page=False)
    shoot(page, f"lesson-{name}-{size}")


def test_coverage_builds_up_in_the_browser(page_at, streamlit_server):
    page = page_at(1280, 900)
    goto(page, f"{streamlit_server}/coverage?n=20&p=95")
    assert "No datasets drawn yet" in main_text(page)
    wait_for_rerun(page, lambda: page.get_by_role("button", name="+1,000").click())
    page.get_by_text("After 1,000 datasets of 20 questions at each of 39 true scores").wait_for()
    assert "runs=1000" in page.url
    shoot(page, "lesson-coverage-after-1000")


COVERAGE_SCREENS = {
    "1280x800": ({"width": 1280, "height": 800}, ""),
    "1920x1080-room": ({"width": 1920, "height": 1080}, "&view=room"),
}


@pytest.mark.parametrize("size", list(COVERAGE_SCREENS))
def test_coverage_chart_and_controls_share_the_first_screen(page_at, streamlit_server, size):
    viewport, extra = COVERAGE_SCREENS[size]
    page = page_at(**viewport)
    goto(page, f"{streamlit_server}/coverage?n=20&p=95&runs=1000{extra}")
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    chart = page.locator(CHART).first.bounding_box()
    assert chart["y"] + 150 <= viewport["height"], chart  # at least 150 px of it on screen
    assert page.locator("[data-testid='stMetric']").first.bounding_box()["y"] < chart["y"]
    n = page.locator("[data-testid='stSlider']").first.bounding_box()  # the controls beside it
    assert n["x"] > chart["x"] + chart["width"] - 1 and n["y"] < viewport["height"]
    legend = page.evaluate(  # the legend lists the two intervals drawn, each label whole
        """() => [...document.querySelectorAll("[data-testid='stVegaLiteChart'] .role-legend-label text")]
                 .map(t => t.textContent)"""
    )
    assert legend == ["Wald", "Wilson"], legend
    shoot(page, f"lesson-coverage-first-screen-{size}", full_page=False)


def test_coverage_phone_reads_verdict_then_chart_then_inputs(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}/coverage?n=20&p=95&interval=bayes")
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    tops = [
        page.locator(x).first.bounding_box()["y"]
        for x in ("[data-testid='stMetric']", CHART, "[data-testid='stSlider']")
    ]
    assert tops == sorted(tops), tops
    assert no_sideways_scroll(page) <= 1
    shoot(page, "lesson-coverage-390-bayes")


def test_coverage_seed_beside_the_build_up_writes_the_link(page_at, streamlit_server):
    """The seed sits with the build-up; an edit rewrites the address bar."""
    page = page_at(1280, 900)
    goto(page, f"{streamlit_server}/coverage?n=20&p=95&runs=1000&seed=7")
    seed = page.get_by_role("spinbutton", name="Seed")
    assert seed.input_value() == "7"  # the deep link's seed
    page.get_by_text("held 95% in 61.9% of them").wait_for()  # seed 7's datasets
    wait_for_rerun(page, lambda: (seed.fill("8"), seed.press("Enter")))
    page.get_by_text("held 95% in 62.6% of them").wait_for()  # seed 8's
    assert "seed=8" in page.url and "runs=1000" in page.url and "n=20" in page.url
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "lesson-coverage-seed-8")


@pytest.mark.parametrize("name", list(LINKS))
def test_predict_then_reveal(page_at, streamlit_server, name):
    page = page_at(390, 844)
    link, answer = LINKS[name]
    goto(page, f"{streamlit_server}{link}&predict=true")
    assert "Predict first" in main_text(page) and answer not in main_text(page)
    box = page.get_by_label("Your guess (%)")

    def guess() -> None:
        box.fill("40")
        box.press("Enter")

    wait_for_rerun(page, guess)
    wait_for_rerun(page, lambda: page.get_by_role("button", name="Reveal").click())
    page.get_by_text("Your guess: 40.0%.").wait_for()
    assert answer[:4] in main_text(page)
    shoot(page, f"lesson-{name}-predict-390")

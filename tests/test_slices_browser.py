"""The Slices page in a real browser (Chromium via Playwright against `streamlit run app.py`).

The first screen holds the answer and the chart with its controls beside it
(1280×800, and the room view at 1920×1080); a phone reads the verdict, the
chart, then the inputs. Every test saves a screenshot under test-artifacts/.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

CHART = "[data-testid='stVegaLiteChart']"
LINK = "/slices?n=600&slices=12&runs=100"
VISIBLE = 150  # px of the main chart inside the first screen, at least


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def drawn(page) -> None:
    page.locator(f"{CHART} svg, {CHART} canvas").first.wait_for(state="visible")
    assert page.get_by_test_id("stException").count() == 0


def top(page, locator) -> float:
    box = locator.first.bounding_box()
    assert box is not None
    return box["y"]


def first_screen(page, height: int) -> None:
    """The main chart starts on the first screen with at least ``VISIBLE`` px of it showing."""
    assert top(page, page.locator(CHART)) + VISIBLE <= height


@pytest.mark.parametrize(
    ("width", "height", "extra", "name"),
    [(1280, 800, "", "slices-1280x800"), (1920, 1080, "&view=room", "slices-1920-room")],
)
@pytest.mark.parametrize("link", [LINK, "/slices?table=algebra,50,80,60%0Alogic,50,50,52"])
def test_the_chart_and_its_controls_share_the_first_screen(
    page_at, streamlit_server, width, height, extra, name, link
):
    page = page_at(width, height)
    goto(page, streamlit_server + link + extra)
    drawn(page)
    first_screen(page, height)
    controls = page.get_by_test_id("stButtonGroup").filter(has_text="Two equal models")
    chart_box = page.locator(CHART).first.bounding_box()
    assert controls.bounding_box()["x"] > chart_box["x"] + chart_box["width"] - 1  # beside it
    assert no_sideways_scroll(page) <= 1
    kind = "table" if "table" in link else "luck"
    shoot(page, f"{name}-{kind}-first-screen", full_page=False)
    shoot(page, f"{name}-{kind}")


@pytest.mark.parametrize("link", [LINK, "/slices?mode=table"])
def test_a_phone_reads_the_verdict_then_the_chart_then_the_inputs(page_at, streamlit_server, link):
    page = page_at(390, 844)
    goto(page, streamlit_server + link)
    drawn(page)
    verdict = page.locator("[data-testid='stMain'] :is(h4, [data-testid='stAlert'])")
    inputs = page.get_by_test_id("stButtonGroup").filter(has_text="Two equal models")
    assert top(page, verdict) < top(page, page.locator(CHART)) < top(page, inputs)
    assert no_sideways_scroll(page) <= 1
    shoot(page, f"slices-390-{'table' if 'table' in link else 'luck'}")


def test_a_seed_redraws_the_runs_and_the_shared_curve_and_writes_the_link(
    page_at, streamlit_server
):
    page = page_at(1280, 900)
    goto(page, f"{streamlit_server}{LINK}&seed=7")
    drawn(page)
    seed = page.get_by_role("spinbutton", name="Seed")
    assert seed.input_value() == "7"  # the deep link's seed
    page.get_by_text("(seed 7) is on the chart").first.wait_for()
    before = main_text(page)
    wait_for_rerun(page, lambda: (seed.fill("8"), seed.press("Enter")))
    page.get_by_text("(seed 8) is on the chart").first.wait_for()
    query = parse_qs(urlsplit(page.url).query)
    assert query["seed"] == ["8"] and query["runs"] == ["100"] and query["slices"] == ["12"]
    text = main_text(page)
    assert text != before and "50.49%" in text  # the exact chance reads no seed
    assert page.get_by_test_id("stException").count() == 0
    shoot(page, "slices-seed-8")


def test_a_slider_and_the_build_up_write_the_link(page_at, streamlit_server):
    page = page_at(1280, 900)
    goto(page, f"{streamlit_server}/slices")
    drawn(page)
    thumb = page.get_by_role("slider", name="Slices (S)")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("End"))  # 50 slices of 198 questions
    assert "198 questions in 50 slices" in main_text(page)
    assert parse_qs(urlsplit(page.url).query)["slices"] == ["50"]
    wait_for_rerun(page, page.get_by_role("button", name="+100").click)
    page.get_by_text("Simulated, 100 runs").wait_for()
    assert parse_qs(urlsplit(page.url).query)["runs"] == ["100"]


def test_predict_then_reveal_on_a_phone(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}{LINK}&predict=true")
    assert "Predict first" in main_text(page) and "50.49%" not in main_text(page)
    box = page.get_by_label("Your guess (%)")
    wait_for_rerun(page, lambda: (box.fill("40"), box.press("Enter")))
    wait_for_rerun(page, page.get_by_role("button", name="Reveal").click)
    page.get_by_text("Your guess: 40.0%.").wait_for()
    assert "50.49%" in main_text(page)
    drawn(page)
    shoot(page, "slices-predict-390")

"""Questions needed in a real browser: the answer first, the curve beside its inputs, no
sideways scroll.

Screenshots land in test-artifacts/ (questions-needed-*.png): the first screens at
1280×800 and 1920×1080 (room view), the phone's, and the whole page.
"""

from __future__ import annotations

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

from benchstats import questions_needed

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"
FULL = "/questions-needed?p=80&d=4&n=198&discordance=20"
SCREENS = {"1280": (1280, 800, ""), "1920-room": (1920, 1080, "&view=room")}
MIN_VISIBLE = 150  # px of the main chart on the first screen


def chart_box(page, index: int = 0) -> dict:
    """The bounding box of the ``index``-th chart, once it has drawn."""
    chart = page.locator(CHART).nth(index)
    chart.locator("canvas, svg").first.wait_for()
    box = chart.bounding_box()
    assert box is not None
    return box


def assert_first_screen(page, height: int, control: str) -> None:
    """The main chart starts on the first screen with ≥ 150 px of it visible, and the
    input named ``control`` sits beside it, on the same screen."""
    chart = chart_box(page)
    assert chart["y"] + MIN_VISIBLE <= height, chart
    beside = page.get_by_label(control, exact=True).or_(page.get_by_role("slider", name=control))
    box = beside.first.bounding_box()
    assert box is not None and box["y"] < height, box
    assert box["x"] >= chart["x"] + chart["width"] - 1, (box, chart)  # a column to the right


def assert_phone_order(page, verdict: str, control: str) -> None:
    """On a phone: the verdict, then the main chart, then the inputs."""
    said = page.get_by_text(verdict).first.bounding_box()
    chart = chart_box(page)
    first_input = page.get_by_role("slider", name=control).first.bounding_box()
    assert said["y"] < chart["y"] < first_input["y"], (said, chart, first_input)
    assert said["y"] < 844  # the verdict on the first screen


def tables_fit(page) -> None:
    """Every table fits its own box, or scrolls inside it: nothing is cut off."""
    boxes = page.evaluate(
        """() => [...document.querySelectorAll("[data-testid='stTable']")].map(t => {
            const s = getComputedStyle(t);
            const inner = t.querySelector('table');
            return {fits: inner.scrollWidth <= t.clientWidth + 1,
                    scrolls: ['auto', 'scroll'].includes(s.overflowX)};
        })"""
    )
    assert boxes, "no tables drawn"
    assert all(b["fits"] or b["scrolls"] for b in boxes), boxes


def charts_drawn(page, expected: int) -> None:
    assert page.locator(CHART).count() == expected
    for i in range(expected):
        chart_box(page, i)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_curve_and_its_inputs_share_the_first_screen(page_at, streamlit_server, screen):
    width, height, extra = SCREENS[screen]
    page = page_at(width, height)
    goto(page, streamlit_server + FULL + extra)
    page.get_by_text("A 4.0-point lead near 80% needs 1,566 questions.").first.wait_for()
    assert_first_screen(page, height, "Lead you care about")
    for text in ("needs 1,566 questions.", "Too few: 198 questions"):  # both answers in view
        box = page.get_by_text(text).first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, text
    assert no_sideways_scroll(page) <= 0
    shoot(page, f"questions-needed-{screen}-first-screen", full_page=False)


def test_phone_verdict_then_curve_then_inputs(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}/questions-needed?p=50&d=4")
    assert_phone_order(page, "A 4.0-point lead near 50% needs 2,449 questions.", "Scores near")
    assert no_sideways_scroll(page) <= 0
    shoot(page, "questions-needed-390-first-screen", full_page=False)
    goto(page, streamlit_server + FULL.replace("p=80", "p=50"))
    charts_drawn(page, 3)
    tables_fit(page)
    assert no_sideways_scroll(page) <= 0
    shoot(page, "questions-needed-390")


def test_desktop_whole_page(page_at, streamlit_server):
    page = page_at(1280, 800)
    goto(page, streamlit_server + FULL)
    charts_drawn(page, 3)  # the curve, repeated answers, the levels: none folded
    tables_fit(page)
    assert page.locator("[data-testid='stExpander']").count() == 0
    assert page.locator("[data-testid='stException']").count() == 0
    assert no_sideways_scroll(page) <= 0
    shoot(page, "questions-needed-1280")


def test_without_n_the_page_asks_for_it(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4")
    page.get_by_text("Which leads can your benchmark see?").wait_for()
    assert page.get_by_text("Too few").count() == 0
    assert page.get_by_text("198 questions can see").count() == 0


def test_moving_the_lead_updates_the_answer_and_the_link(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4")
    thumb = page.get_by_role("slider", name="Lead you care about")
    thumb.focus()
    for _ in range(4):  # 4.0 → 3.5 → 3.0 → 2.5 → 2.0 points
        wait_for_rerun(page, lambda: thumb.press("ArrowLeft"))
    expected = questions_needed(0.81, 0.79)
    page.get_by_text(f"A 2.0-point lead near 80% needs {expected:,} questions.").first.wait_for()
    assert "d=2" in page.url and "p=80" in page.url


def test_an_alpha_edit_writes_the_link_and_every_sentence_follows(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4")
    alpha = page.get_by_role("spinbutton", name="Significance (α)")
    wait_for_rerun(page, lambda: (alpha.fill("0.06"), alpha.press("Enter")))
    assert "alpha=0.06" in page.url and "d=4" in page.url
    page.get_by_text("6% significance").first.wait_for()
    page.get_by_text("z₁₋α/₂ = 1.881").wait_for()  # the arithmetic below follows too
    assert page.locator("[data-testid='stException']").count() == 0


def test_bad_link_still_draws(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=98&d=10&discordance=0&repeats=-2")
    page.get_by_text("d must be below 4.0 points near 98%").wait_for()
    page.get_by_text("`discordance=0`").or_(page.get_by_text("discordance=0")).first.wait_for()
    page.get_by_text("repeats=-2").wait_for()
    charts_drawn(page, 2)  # the curve and the levels; the repeats chart waits for n
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "questions-needed-bad-link", full_page=False)


@pytest.mark.parametrize("width", [800, 900])
def test_embedded_split_screen_widths(page_at, streamlit_server, width):
    # An article's iframe (?embed=true) or a split screen: nothing runs past the right edge.
    page = page_at(width, 900)
    goto(page, streamlit_server + FULL + "&embed=true")
    page.get_by_text("needs 1,566 questions.").first.wait_for()
    assert no_sideways_scroll(page) <= 0
    right = page.evaluate("() => document.documentElement.clientWidth")
    for slider in page.locator("[data-testid='stSlider']").all():
        box = slider.bounding_box()
        assert box is not None and box["x"] + box["width"] <= right, box
    tables_fit(page)
    shoot(page, f"questions-needed-{width}-embed", full_page=False)


def test_example_buttons_fill_the_inputs(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed")
    button = page.get_by_role("button", name="71% vs 69%")
    wait_for_rerun(page, button.click)
    page.get_by_text("needs 8,238 questions").first.wait_for()
    assert "p=70" in page.url and "d=2" in page.url

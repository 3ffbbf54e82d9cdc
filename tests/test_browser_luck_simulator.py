"""The Luck simulator in a real browser: Debian's Chromium against `streamlit run app.py`.

Every test saves a screenshot under test-artifacts/ (look at them).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import PHONE_VIEWPORT, goto, no_sideways_scroll, set_number, shoot, wait_for_rerun

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"
VERDICT = "[data-testid='stMetric']"  # the answer card's first tile
MODE_MENU = "[data-testid='stMain'] [data-testid='stSelectbox']"  # the first input
TALL = {"width": 1280, "height": 1700}  # the whole page, chart included, in one shot
FIRST_SCREENS = {
    "1280x800": ({"width": 1280, "height": 800}, ""),
    "1920x1080-room": ({"width": 1920, "height": 1080}, "&view=room"),
}
INPUTS = (
    "[data-testid='stMain'] :is([data-testid='stSlider'], [data-testid='stSelectbox'], "
    "[data-testid='stNumberInput'], [data-testid='stCheckbox'], [data-testid='stButton'], "
    "[data-testid='stPopover'])"
)


def query(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def bar_paths(page) -> list[str]:
    """The drawn rectangles of the chart (bars and band), as SVG path data."""
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    return page.evaluate(
        """() => Array.from(document.querySelectorAll(
            "[data-testid='stVegaLiteChart'] g.mark-rect path")).map(p => p.getAttribute('d'))"""
    )


def bar_shapes(page) -> list[float]:
    """The same rectangles, each as x, y, width, height in a row.

    x and width are shares of the widest rectangle, so the same draws compare
    equal (``pytest.approx``) however wide the chart came out: Vega's
    fit-to-width lays the same spec out 370 or 406 px wide from one load to
    the next.
    """
    corner = re.compile(r"M([-\d.e]+),([-\d.e]+)h([-\d.e]+)v([-\d.e]+)")
    rects = [[float(v) for v in corner.match(d).groups()] for d in bar_paths(page)]
    span = max((x + w for x, _, w, _ in rects), default=1.0)
    return [v for x, y, w, h in rects for v in (x / span, y, w / span, h)]


def metric(page, label: str) -> str:
    tile = page.locator("[data-testid='stMetric']").filter(has_text=label).first
    return tile.locator("[data-testid='stMetricValue']").inner_text()


def top(page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"]


def cut_off_inputs(page) -> list[str]:
    """Inputs whose box runs past the main area's right edge (or the window's)."""
    return page.evaluate(
        """(selector) => {
            const main = document.querySelector("[data-testid='stMain']").getBoundingClientRect();
            const right = Math.min(main.right, window.innerWidth) + 0.5;
            return [...document.querySelectorAll(selector)]
              .filter(e => { const r = e.getBoundingClientRect();
                             return r.width > 0 && (r.right > right || r.left < main.left - 0.5); })
              .map(e => e.innerText.split("\\n")[0]);
        }""",
        INPUTS,
    )


# --------------------------------------------------------------------------- the first screen


@pytest.mark.parametrize("size", list(FIRST_SCREENS))
def test_the_chart_and_its_controls_share_the_first_screen(page_at, streamlit_server, size):
    viewport, extra = FIRST_SCREENS[size]
    page = page_at(**viewport)
    goto(page, f"{streamlit_server}/luck-simulator?p=80&n=100&d=4{extra}")
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    chart = page.locator(CHART).first.bounding_box()
    assert chart["y"] + 150 <= viewport["height"], chart  # at least 150 px of it on screen
    assert top(page, VERDICT) < chart["y"]  # the answer above it
    controls = page.locator(MODE_MENU).first.bounding_box()
    assert controls["x"] > chart["x"] + chart["width"] - 1  # beside it, not under it
    assert controls["y"] < viewport["height"]
    if size.endswith("room"):
        for name in ("+1", "+100", "+1,000"):  # the build-up in reach of the teacher
            button = page.get_by_role("button", name=name, exact=True).bounding_box()
            assert button["y"] + button["height"] <= viewport["height"], name
        sizes = page.evaluate(
            """() => [...document.querySelectorAll("[data-testid='stVegaLiteChart'] text")]
                     .map(t => parseFloat(getComputedStyle(t).fontSize))"""
        )
        assert sizes and min(sizes) >= 18  # readable from the back of a room
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, f"luck-simulator-first-screen-{size}", full_page=False)


def test_phone_reads_verdict_then_chart_then_inputs(page_at, streamlit_server):
    page = page_at(**PHONE_VIEWPORT)
    goto(page, f"{streamlit_server}/luck-simulator?p=80&n=100&d=4")
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    assert top(page, VERDICT) < top(page, CHART) < top(page, MODE_MENU)
    assert no_sideways_scroll(page) <= 0
    assert cut_off_inputs(page) == []
    shoot(page, "luck-simulator-390")
    page.locator(CHART).first.scroll_into_view_if_needed()
    shoot(page, "luck-simulator-390-chart", full_page=False)


# --------------------------------------------------------------------------- the article, the runs


def test_deep_link_shows_the_articles_numbers(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?p=80&n=100&d=4")
    text = main_text(page)
    assert "53.55%" in text and "5.66 pts" in text and "±11.0 pts" in text
    assert bar_shapes(page)
    assert page.get_by_text("At least the lead").count() >= 1  # the legend is drawn
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "luck-simulator-1280")


def test_add_1000_runs_changes_counter_chart_and_link(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?p=80&n=100&d=4&seed=2")
    assert page.get_by_text("Simulated, 1,000 runs").count() == 1
    before = bar_paths(page)
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
    assert query(page)["runs"] == "2000" and query(page)["seed"] == "2"
    assert metric(page, "Exact chance") == "53.55%"  # the exact line stays put
    goto(page, page.url)  # the written link reopens the same draws
    assert page.get_by_text("Simulated, 2,000 runs").count() == 1
    shoot(page, "luck-simulator-after-1000")


def test_same_link_same_draws_after_reload(page_at, streamlit_server):
    page = page_at(**TALL)
    url = f"{streamlit_server}/luck-simulator?p=80&n=100&d=4&seed=11&runs=2500"
    goto(page, url)
    first, shapes = metric(page, "Simulated, 2,500 runs"), bar_shapes(page)
    goto(page, url)
    assert metric(page, "Simulated, 2,500 runs") == first
    assert bar_shapes(page) == pytest.approx(shapes, rel=1e-9)


def test_mode_menu_puts_its_key_in_the_link(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator")
    page.get_by_role("combobox", name="What to simulate").click()
    option = page.get_by_role("option", name="Same questions, mixed difficulty")
    wait_for_rerun(page, lambda: option.click())
    page.get_by_text("Questions they disagree on").first.wait_for()
    assert query(page)["mode"] == "same-questions"
    shoot(page, "luck-simulator-same-questions")


def test_best_of_k_link_stays_best_of_k_after_an_edit(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?variants=20")
    assert metric(page, "Exact chance") == "79.39%"
    assert bar_shapes(page)
    shoot(page, "luck-simulator-best-of-20")
    skill = page.locator("[data-testid='stSlider']").filter(has_text="Skill").get_by_role("slider")
    wait_for_rerun(page, lambda: (skill.focus(), skill.press("ArrowRight")))
    page.wait_for_function("() => location.search.includes('p=80.1')")
    assert "Median lead" in main_text(page) and query(page)["variants"] == "20"


def test_predict_then_reveal_and_plus_one_before_the_guess(page_at, streamlit_server):
    page = page_at(**{"width": 1920, "height": 1080})
    goto(page, f"{streamlit_server}/luck-simulator?view=room&predict=true")
    assert "53.55%" not in main_text(page) and page.locator(CHART).count() == 0
    wait_for_rerun(page, lambda: page.get_by_role("button", name="+1", exact=True).click())
    assert "Run 1: model A got" in main_text(page)
    shoot(page, "luck-simulator-predict-room", full_page=False)
    box = page.get_by_label("Your guess (%)")
    wait_for_rerun(page, lambda: (box.fill("40"), box.press("Enter")))
    wait_for_rerun(page, lambda: page.get_by_role("button", name="Reveal").click())
    page.get_by_text("Your guess: 40.0%. The answer: 53.6%.").wait_for()
    assert metric(page, "Exact chance") == "53.55%"
    assert metric(page, "Simulated, 1 run") == "100.0%"
    bars = page.evaluate(  # every bar's top inside the plot (a rect path's y ≥ 0)
        """() => [...document.querySelectorAll(
            "[data-testid='stVegaLiteChart'] g.mark-rect.role-mark path")]
            .map(p => p.getBBox().y)"""
    )
    assert bars and min(bars) >= -0.5
    shoot(page, "luck-simulator-revealed-room", full_page=False)


# --------------------------------------------------------------------------- inputs and the link


@pytest.mark.parametrize("width", [800, 900])
def test_embedded_at_800_and_900_cuts_off_no_input(page_at, streamlit_server, width):
    page = page_at(width=width, height=1000)
    goto(page, f"{streamlit_server}/luck-simulator?embed=true&mode=best-of-k&variants=20")
    assert no_sideways_scroll(page) <= 0
    assert cut_off_inputs(page) == []
    shoot(page, f"luck-simulator-embed-{width}")


def test_sliders_write_the_link(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?n=198&runs=2500&p=80.5")
    assert "on 198 questions" in main_text(page)
    handle = page.get_by_role("slider", name="Questions", exact=True)  # the n thumb
    wait_for_rerun(page, lambda: (handle.focus(), handle.press("ArrowRight")))  # 198 → 200
    page.wait_for_function("() => location.search.includes('n=200')")
    assert query(page)["p"] == "80.5" and query(page)["runs"] == "2500"


def test_seed_edit_redraws_the_runs_and_writes_the_link(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?p=70&n=100&d=4&seed=2")
    exact, before = metric(page, "Exact chance"), bar_shapes(page)
    set_number(page, "Seed", 3)
    page.wait_for_function("() => new URLSearchParams(location.search).get('seed') === '3'")
    assert query(page)["p"] == "70"  # the other keys stay
    assert bar_shapes(page) != before  # new draws
    assert metric(page, "Exact chance") == exact  # the exact answer does not read the seed
    goto(page, page.url)
    assert page.get_by_label("Seed", exact=True).input_value() == "3"


def test_seed_edit_on_the_same_questions_redraws_the_questions(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?mode=same-questions&spread=50&seed=1")
    assert metric(page, "Questions they disagree on") == "17.9%"  # question_chances([1, 1])
    set_number(page, "Seed", 2)
    page.wait_for_function(
        """() => [...document.querySelectorAll("[data-testid='stMetric']")].some(
            m => m.innerText.includes("disagree on") && m.innerText.includes("14.7%"))"""
    )
    assert query(page)["mode"] == "same-questions" and query(page)["seed"] == "2"

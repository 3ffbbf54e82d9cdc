"""The Luck simulator in a real browser: Debian's Chromium against `streamlit run app.py`.

Every test saves a screenshot under test-artifacts/ (look at them).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from conftest import (
    PHONE_VIEWPORT,
    goto,
    no_sideways_scroll,
    set_number,
    shoot,
    wait_for_rerun,
)

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


# --------------------------------------------------------------------------- issue 18: room, embed, sliders

ROOM = {"width": 1920, "height": 1080}
INPUTS = (
    "[data-testid='stMain'] :is([data-testid='stSlider'], [data-testid='stSelectbox'], "
    "[data-testid='stNumberInput'], [data-testid='stCheckbox'], [data-testid='stButton'], "
    "[data-testid='stPopover'])"
)


def in_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


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


def test_room_view_fits_buttons_and_chart_on_one_screen(page_at, streamlit_server):
    page = page_at(**ROOM)
    goto(page, f"{streamlit_server}/luck-simulator?view=room&p=80&n=100&d=4")
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    for name in ("+1", "+100", "+1,000"):
        assert in_viewport(page, page.get_by_role("button", name=name, exact=True)), name
    assert in_viewport(page, page.locator(CHART).first)
    assert in_viewport(page, page.locator("[data-testid='stSlider']").first)  # the controls
    labels = page.evaluate(
        """() => [...document.querySelectorAll("[data-testid='stVegaLiteChart'] text")]
                 .map(t => parseFloat(getComputedStyle(t).fontSize))"""
    )
    assert labels and min(labels) >= 18  # readable from the back of a room
    shoot(page, "luck-simulator-room-1920", full_page=False)


def test_predict_opens_with_no_runs_and_plus_one_shows_the_run(page_at, streamlit_server):
    page = page_at(**ROOM)
    goto(page, f"{streamlit_server}/luck-simulator?view=room&predict=true")
    text = main_text(page)
    assert "53.55%" not in text and page.locator(CHART).count() == 0
    box = page.get_by_label("Your guess (% of runs)")

    def guess() -> None:
        box.fill("40")
        box.press("Enter")

    wait_for_rerun(page, guess)
    assert metric(page, "Simulated, 0 runs") == "no runs yet"
    wait_for_rerun(page, lambda: page.get_by_role("button", name="+1", exact=True).click())
    page.get_by_text("Simulated, 1 run", exact=True).wait_for()
    assert "Run 1: model A got" in main_text(page)
    top = page.evaluate(  # every bar's top inside the plot (a rect path's y ≥ 0)
        """() => [...document.querySelectorAll(
            "[data-testid='stVegaLiteChart'] g.mark-rect.role-mark path")]
            .map(p => p.getBBox().y)"""
    )
    assert top and min(top) >= -0.5
    assert in_viewport(page, page.get_by_role("button", name="+100", exact=True))
    assert in_viewport(page, page.locator(CHART).first)
    shoot(page, "luck-simulator-room-1920-plus-one", full_page=False)


@pytest.mark.parametrize("width", [800, 900])
def test_embedded_at_800_and_900_cuts_off_no_input(page_at, streamlit_server, width):
    page = page_at(width=width, height=1000)
    goto(page, f"{streamlit_server}/luck-simulator?embed=true&mode=best-of-k&variants=20")
    assert no_sideways_scroll(page) <= 0
    assert cut_off_inputs(page) == []
    assert page.locator("[data-testid='stSlider']").count() >= 3  # skill, lead, questions…
    shoot(page, f"luck-simulator-embed-{width}")


def test_phone_cuts_off_no_input(page_at, streamlit_server):
    page = page_at(**PHONE_VIEWPORT)
    goto(page, f"{streamlit_server}/luck-simulator?mode=same-questions")
    assert no_sideways_scroll(page) <= 0
    assert cut_off_inputs(page) == []
    shoot(page, "luck-simulator-390-same-questions")


def test_reading_view_at_1920_also_fits_buttons_and_chart(page_at, streamlit_server):
    page = page_at(**ROOM)
    goto(page, f"{streamlit_server}/luck-simulator?p=80&n=100&d=4")
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    shoot(page, "luck-simulator-reading-1920", full_page=False)
    assert in_viewport(page, page.get_by_role("button", name="+1,000", exact=True))
    assert in_viewport(page, page.locator(CHART).first)


def test_sliders_are_bound_to_the_link(page_at, streamlit_server):
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?n=198&runs=2500&p=80.5")
    assert "on 198 questions" in main_text(page)
    questions = page.locator("[data-testid='stSlider']").filter(has_text="Questions")
    handle = questions.get_by_role("slider")
    wait_for_rerun(page, lambda: (handle.focus(), handle.press("ArrowRight")))
    page.wait_for_function("() => location.search.includes('n=200')")
    assert query(page)["n"] == "200" and query(page)["p"] == "80.5"
    assert query(page)["runs"] == "2500"


# --------------------------------------------------------------------------- the seed, in the runs' fragment


def test_seed_edit_redraws_the_runs_and_writes_the_link(page_at, streamlit_server):
    """The seed sits with the runs (a fragment); the browser still writes it into the link."""
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?p=70&n=100&d=4&seed=2")
    exact = metric(page, "Exact chance")
    before = bar_shapes(page)
    set_number(page, "Seed", 3)
    page.wait_for_function("() => new URLSearchParams(location.search).get('seed') === '3'")
    assert query(page)["seed"] == "3" and query(page)["p"] == "70"  # the other keys stay
    assert bar_shapes(page) != before  # new draws
    assert metric(page, "Exact chance") == exact  # the exact answer does not read the seed
    assert page.locator("[data-testid='stException']").count() == 0
    goto(page, page.url)  # the written link reopens the same draws
    assert page.get_by_label("Seed", exact=True).input_value() == "3"
    shoot(page, "luck-simulator-seed-3")


def test_seed_edit_on_the_same_questions_redraws_the_questions(page_at, streamlit_server):
    """On the same questions the seed also draws the questions: the whole page follows it."""
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?mode=same-questions&spread=50&seed=1")
    assert metric(page, "Questions they disagree on") == "17.9%"  # question_chances([1, 1])
    set_number(page, "Seed", 2)
    page.wait_for_function("() => new URLSearchParams(location.search).get('seed') === '2'")
    page.wait_for_function(
        """() => [...document.querySelectorAll("[data-testid='stMetric']")].some(
            m => m.innerText.includes("disagree on") && m.innerText.includes("14.7%"))"""
    )
    assert metric(page, "Questions they disagree on") == "14.7%"  # question_chances([2, 1])
    assert query(page)["mode"] == "same-questions"


def test_a_link_with_the_default_variants_stays_best_of_k_after_an_edit(page_at, streamlit_server):
    """`variants=20` is the slider's default, so the browser drops it from the link; the mode stays."""
    page = page_at(**TALL)
    goto(page, f"{streamlit_server}/luck-simulator?variants=20")
    assert metric(page, "Exact chance") == "79.39%"
    skill = page.locator("[data-testid='stSlider']").filter(has_text="Skill").get_by_role("slider")
    wait_for_rerun(page, lambda: (skill.focus(), skill.press("ArrowRight")))
    page.wait_for_function("() => location.search.includes('p=80.1')")
    assert "Median lead" in main_text(page)
    assert query(page)["mode"] == "best-of-k"

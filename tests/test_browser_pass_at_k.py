"""The pass@k page in a real browser (Chromium via Playwright), at 1280 and 390 px."""

from __future__ import annotations

import pytest
from conftest import goto, lazy_tab, no_sideways_scroll, shoot, wait_for_rerun
from test_browser_questions_needed import count_deltas, tables_fit

LINK = "/pass-at-k?samples=20&passed=3&k=5"
CHARTS = 3  # one problem's two charts sit in lazy tabs (the open one drawn); avg@k and maj@k fold


def charts_drawn(page, count: int) -> None:
    """Wait until ``count`` charts have drawn a canvas or svg."""
    page.wait_for_function(
        """n => [...document.querySelectorAll("[data-testid='stVegaLiteChart']")]
                .filter(c => c.querySelector('canvas, svg')).length >= n""",
        arg=count,
    )


def test_deep_link_shows_the_numbers_and_every_chart(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    charts_drawn(page, CHARTS)
    assert page.get_by_test_id("stException").count() == 0
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "pass@5 = 60.09%" in text and "The shortcut says 55.63%" in text
    metrics = page.get_by_test_id("stMetricValue").all_inner_texts()
    assert metrics[:3] == ["15%", "60.09%", "55.63%"]
    # the answer comes before the first chart
    first_chart = page.get_by_test_id("stVegaLiteChart").first.bounding_box()
    headline = page.get_by_text("pass@5 = 60.09%").bounding_box()
    assert headline["y"] < first_chart["y"]
    assert no_sideways_scroll(page) == 0
    tables_fit(page)
    # one download menu per chart, not three buttons
    assert page.locator("[data-testid='stPopover']").count() == CHARTS
    shoot(page, "pass-at-k-1280")


def test_moving_k_updates_the_answer(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    thumb = page.get_by_role("slider", name="Tries allowed (k)")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("End"))  # k = n = 20
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "pass@20 is exactly 1" in text
    assert "k=20" in page.url


def test_menu_shows_names_not_slugs(page, streamlit_server):
    goto(page, streamlit_server + "/pass-at-k?mix=all-medium")
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "All medium" in text
    assert "all-medium" not in text and "long-tail" not in text


def test_trap_preset_button(page, streamlit_server):
    goto(page, streamlit_server + "/pass-at-k?p_correct=40&p_distractor=20")
    wait_for_rerun(page, lambda: page.get_by_role("button", name="A strong wrong answer").click())
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
    charts_drawn(page, CHARTS)
    assert page.get_by_test_id("stException").count() == 0
    assert no_sideways_scroll(page) == 0
    tables_fit(page)
    shoot(page, name)  # the whole page: Streamlit lets the document scroll


def test_room_view_one_column(page_at, streamlit_server):
    page = page_at(1920, 1080)
    goto(page, streamlit_server + LINK + "&view=room")
    charts_drawn(page, CHARTS)
    assert page.get_by_test_id("stException").count() == 0
    assert no_sideways_scroll(page) == 0
    shoot(page, "pass-at-k-1920-room", full_page=False)


@pytest.mark.parametrize("width", [800, 900])
def test_embedded_split_screen_widths(page_at, streamlit_server, width):
    # An article's iframe (?embed=true) or a split screen: nothing runs past the right edge.
    page = page_at(width, 900)
    goto(page, streamlit_server + LINK + "&embed=true")
    charts_drawn(page, CHARTS)
    assert no_sideways_scroll(page) == 0
    right = page.evaluate("() => document.documentElement.clientWidth")
    for slider in page.locator("[data-testid='stSlider']").all():
        box = slider.bounding_box()
        assert box is not None and box["x"] + box["width"] <= right, box
    tables_fit(page)
    shoot(page, f"pass-at-k-{width}-embed", full_page=False)


def test_inputs_inside_the_fragments_still_reach_the_link(page, streamlit_server):
    # One problem and the benchmark are fragments (an edit reruns only its part): their
    # URL-bound inputs must still update the address bar, and keep the other part's keys.
    goto(page, streamlit_server + LINK)
    seed = page.get_by_role("spinbutton", name="Bootstrap seed")
    wait_for_rerun(page, lambda: (seed.fill("7"), seed.press("Enter")))
    assert "seed=7" in page.url and "k=5" in page.url
    thumb = page.get_by_role("slider", name="Samples that passed (c)")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("ArrowRight"))  # c = 3 → 4
    assert "passed=4" in page.url and "seed=7" in page.url
    assert "pass@5 = " in page.locator("[data-testid='stMain']").inner_text()
    assert page.get_by_test_id("stException").count() == 0


def test_the_arithmetic_folds_draw_when_opened(page, streamlit_server):
    # Folds (ui.lazy) draw nothing until opened; opening one reruns its part and draws it.
    goto(page, streamlit_server + LINK)
    main = page.locator("[data-testid='stMain']")
    assert "C(17, 5) = 6,188 ways" not in main.inner_text()
    folds = page.locator("[data-testid='stExpander']").filter(has_text="The arithmetic")
    assert folds.count() == 2
    for i, words in enumerate(["C(17, 5) = 6,188 ways", "drawn from these problems"]):
        summary = folds.nth(i).locator("summary")
        wait_for_rerun(page, summary.click)
        folds.nth(i).get_by_text(words).first.wait_for()
    assert page.locator("[data-testid='stMarkdownContainer'] .katex").count() >= 1
    assert "k=5" in page.url and page.get_by_test_id("stException").count() == 0


def test_a_seed_edit_redraws_the_band_alone_and_writes_the_link(page, streamlit_server):
    # The seed drives only the bootstrap band: its fragment holds the card, the band's
    # chart and its arithmetic, so an edit sends one chart, not four.
    seen = count_deltas(page)
    goto(page, streamlit_server + LINK + "&mix=all-medium")
    charts_drawn(page, CHARTS)
    seen.clear()
    seed = page.get_by_role("spinbutton", name="Bootstrap seed")
    wait_for_rerun(page, lambda: (seed.fill("7"), seed.press("Enter")))
    assert seen.get("vega_lite_chart") == 1, seen
    assert sum(seen.values()) <= 16, seen
    assert "seed=7" in page.url and "mix=all-medium" in page.url and "k=5" in page.url
    band = page.get_by_test_id("stMetric").filter(has_text="95% band at k = 50")
    assert " to " in band.inner_text()
    assert page.get_by_test_id("stException").count() == 0
    shoot(page, "pass-at-k-seed-7", full_page=False)


def test_the_other_tab_draws_its_chart(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    charts_drawn(page, CHARTS)
    wait_for_rerun(page, lambda: lazy_tab(page, "pass@k against k").click())
    charts_drawn(page, CHARTS)
    assert page.get_by_text("pass@k against k for this problem").count() == 1
    assert "k=5" in page.url and page.get_by_test_id("stException").count() == 0


def test_the_avg_and_maj_fold_draws_its_charts_when_opened(page, streamlit_server):
    # Folded: its two charts, buttons and sliders would cost every seed edit above.
    goto(page, streamlit_server + LINK)
    charts_drawn(page, CHARTS)
    assert page.get_by_role("slider", name="Correct answer").count() == 0
    fold = page.locator("[data-testid='stExpander']").filter(has_text="avg@k and maj@k")
    wait_for_rerun(page, fold.locator("summary").first.click)
    charts_drawn(page, CHARTS + 2)
    text = page.locator("[data-testid='stMain']").inner_text()
    assert "so more votes make it worse" in text and "the variance of avg@k is" in text
    wait_for_rerun(page, lambda: page.get_by_role("button", name="A clear favourite").click())
    assert "p_correct=40" in page.url and "k=5" in page.url
    assert page.get_by_test_id("stException").count() == 0

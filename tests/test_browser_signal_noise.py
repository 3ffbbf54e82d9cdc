"""The Signal and noise page in a real browser (Chromium via Playwright): 1280, 390 and the room.

The seed and all it draws are one fragment (the answer above the settings,
the curves, and in lazy tabs the ratio over n and the toy benchmark): a seed
edit sends that part alone, one chart, and still writes the address bar.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import count_deltas, goto, lazy_tab, no_sideways_scroll, shoot, wait_for_rerun
from test_browser_questions_needed import tables_fit

from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import PRESETS, simulate_checkpoints, snr_of_runs

LINK = "/signal-noise?preset=spread&n=500&average=5"
CHARTS = 2  # drawn on load: the curves (the open tab) and the MDE; each other tab draws 2 more


@pytest.fixture(scope="module", autouse=True)
def warm(browser, streamlit_server):
    """Open the page once with a long wait: a cold server on a busy machine is slow."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(streamlit_server + LINK, timeout=180_000)
    page.wait_for_selector("[data-testid='stVegaLiteChart'] :is(canvas, svg)", timeout=180_000)
    context.close()


def charts_drawn(page, count: int) -> None:
    """Wait until ``count`` charts have drawn a canvas or svg."""
    page.wait_for_function(
        """n => [...document.querySelectorAll("[data-testid='stVegaLiteChart']")]
                .filter(c => c.querySelector('canvas, svg')).length >= n""",
        arg=count,
    )


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def open_tab(page, name: str) -> None:
    wait_for_rerun(page, lambda: lazy_tab(page, name).click())


def test_deep_link_answers_first(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    charts_drawn(page, CHARTS)
    assert page.get_by_test_id("stException").count() == 0
    text = main_text(page)
    assert "On 500 questions a checkpoint" in text and "signal-to-noise ratio of" in text
    answer = page.get_by_text("On 500 questions a checkpoint").first.bounding_box()
    first_chart = page.get_by_test_id("stVegaLiteChart").first.bounding_box()
    assert answer["y"] < first_chart["y"]
    assert "3,925" in text and "8.9" in text
    assert no_sideways_scroll(page) == 0
    tables_fit(page)
    assert page.locator("[data-testid='stPopover']").count() == CHARTS  # one menu per chart
    shoot(page, "signal-noise-1280")


def test_moving_average_updates_the_answer_and_the_link(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    thumb = page.get_by_role("slider", name="Average the last k checkpoints")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("Home"))  # k = 1
    assert "Average the last few checkpoints" in main_text(page)
    assert "average=1" in page.url


def test_the_discordance_slider_in_its_fragment_updates_the_link(page, streamlit_server):
    """The MDE part is an st.fragment: its URL-bound slider still writes the address bar."""
    goto(page, streamlit_server + LINK)
    thumb = page.get_by_role("slider", name="Checkpoints disagree on (%)")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("Home"))  # 1%
    assert [float(v) for v in parse_qs(urlsplit(page.url).query)["discordance"]] == [1.0]
    assert "disagree on 1% of the questions" in main_text(page)
    assert "On 500 questions a checkpoint" in main_text(page)  # the rest of the page stays
    assert page.get_by_test_id("stException").count() == 0


def test_a_seed_edit_redraws_its_fragment_alone_and_writes_the_link(page, streamlit_server):
    # The seed draws the curves, the answer, the ratio over n and the toy benchmark: they
    # are its fragment, so an edit sends the seed, the answer and the open tab's one chart.
    seen = count_deltas(page)
    goto(page, streamlit_server + LINK + "&seed=3")
    charts_drawn(page, CHARTS)
    before = main_text(page)
    answer = page.locator("[data-testid='stMain'] h3").filter(has_text="On 500 questions")
    headline = answer.inner_text()
    seen.clear()
    seed = page.get_by_role("spinbutton", name="Seed")
    wait_for_rerun(page, lambda: (seed.fill("7"), seed.press("Enter")))
    assert seen.get("vega_lite_chart") == 1, seen
    assert "heading" not in seen and sum(seen.values()) <= 20, seen  # no section outside
    query = parse_qs(urlsplit(page.url).query)
    assert query["seed"] == ["7"] and query["preset"] == ["spread"] and query["n"] == ["500"]
    assert answer.inner_text() != headline  # a new draw: new curves, a new ratio
    # written straight into the page's answer area: one answer, still above the settings
    models = page.get_by_test_id("stSelectbox").filter(has_text="Models")
    assert answer.count() == 1 and page.get_by_text("Checkpoint jitter:").count() == 1
    assert answer.bounding_box()["y"] < models.bounding_box()["y"]
    assert "3,925" in main_text(page) and "What the articles found" in main_text(page)
    assert main_text(page) != before and page.get_by_test_id("stException").count() == 0
    charts_drawn(page, CHARTS)
    shoot(page, "signal-noise-seed-7", full_page=False)
    thumb = page.get_by_role("slider", name="Average the last k checkpoints")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("Home"))  # a whole-page rerun keeps the new seed
    query = parse_qs(urlsplit(page.url).query)
    assert query["seed"] == ["7"] and query["average"] == ["1"]
    assert seed.input_value() == "7" and "Average the last few checkpoints" in main_text(page)
    spread = PRESETS["spread"]
    runs = simulate_checkpoints(spread["final_scores"], n=500, chance=spread["chance"], seed=7)
    snr = prose.ratio(snr_of_runs(runs.observed, window=5, average=1))
    assert f"SNR, last checkpoint: {snr}" in main_text(page)


def test_the_other_tabs_draw_their_charts_when_opened(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    charts_drawn(page, CHARTS)
    assert "Chance of picking" not in main_text(page)
    open_tab(page, "More questions, more signal")
    charts_drawn(page, CHARTS + 1)  # the curves' tab closed, two charts in this one
    assert "best-scoring final checkpoint" in main_text(page)
    shoot(page, "signal-noise-tab-over-n")
    open_tab(page, "Accuracy against a continuous metric")
    charts_drawn(page, CHARTS + 1)
    assert "Scored by accuracy" in main_text(page)
    seed = page.get_by_role("spinbutton", name="Seed")  # a seed edit redraws the open tab
    wait_for_rerun(page, lambda: (seed.fill("9"), seed.press("Enter")))
    assert "Scored by accuracy" in main_text(page) and "seed=9" in page.url
    assert page.get_by_test_id("stException").count() == 0
    shoot(page, "signal-noise-tab-toy")


def test_predict_first_reveals_inside_the_fragment(page, streamlit_server):
    # The guess and the Reveal button sit above the settings, written there by the
    # seed's fragment: they rerun it (not the page), and the answer then shows.
    goto(page, streamlit_server + LINK + "&predict=true")
    assert "SNR, last checkpoint" not in main_text(page)
    guess = page.get_by_role("spinbutton", name="Your guess (%)")
    wait_for_rerun(page, lambda: (guess.fill("60"), guess.press("Enter")))
    wait_for_rerun(page, page.get_by_role("button", name="Reveal").click)
    assert "Your guess: 60.0%. The answer:" in main_text(page)
    assert "SNR, last checkpoint" in main_text(page)
    open_tab(page, "More questions, more signal")
    charts_drawn(page, CHARTS + 1)
    assert "best-scoring final checkpoint" in main_text(page) and "predict=true" in page.url
    assert page.get_by_test_id("stException").count() == 0


def test_own_table_draws(page, streamlit_server):
    goto(page, streamlit_server + "/signal-noise?preset=table")
    charts_drawn(page, CHARTS)
    assert page.get_by_test_id("stException").count() == 0
    assert "One row per model and checkpoint" in main_text(page)
    shoot(page, "signal-noise-table-1280")


@pytest.mark.parametrize(
    ("query", "name"),
    [(LINK, "signal-noise-390"), ("/signal-noise?preset=table", "signal-noise-390-table")],
)
def test_phone_layout(page_at, streamlit_server, query, name):
    page = page_at(390, 844)
    goto(page, streamlit_server + query)
    charts_drawn(page, CHARTS)
    assert page.get_by_test_id("stException").count() == 0
    assert no_sideways_scroll(page) == 0
    tables_fit(page)
    shoot(page, name)


def test_room_view(page_at, streamlit_server):
    page = page_at(1920, 1080)
    goto(page, streamlit_server + LINK + "&view=room")
    charts_drawn(page, CHARTS)
    assert page.get_by_test_id("stException").count() == 0
    assert no_sideways_scroll(page) == 0
    shoot(page, "signal-noise-1920-room", full_page=False)
    shoot(page, "signal-noise-1920-room-full")

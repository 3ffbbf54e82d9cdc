"""The Signal and noise page in a real browser (Chromium via Playwright): 1280, 390 and the room.

The first screen holds the answer, then the training curves with their
controls beside them (1280×800, and the room view at 1920×1080); a phone
reads the answer, the curves, then the inputs. Every test saves a screenshot
under test-artifacts/.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import PRESETS, simulate_checkpoints, snr_of_runs

CHART = "[data-testid='stVegaLiteChart']"
LINK = "/signal-noise?preset=spread&n=500&average=5"
VISIBLE = 150  # px of the main chart inside the first screen, at least


@pytest.fixture(scope="module", autouse=True)
def warm(browser, streamlit_server):
    """Open the page once with a long wait: a cold server on a busy machine is slow."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(streamlit_server + LINK, timeout=180_000)
    page.wait_for_selector(f"{CHART} :is(canvas, svg)", timeout=180_000)
    context.close()


def drawn(page, count: int = 1) -> None:
    """Wait until ``count`` charts have drawn a canvas or svg; no traceback on the page."""
    page.wait_for_function(
        """n => [...document.querySelectorAll("[data-testid='stVegaLiteChart']")]
                .filter(c => c.querySelector('canvas, svg')).length >= n""",
        arg=count,
    )
    assert page.get_by_test_id("stException").count() == 0


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def top(page, locator) -> float:
    box = locator.first.bounding_box()
    assert box is not None
    return box["y"]


def tables_fit(page) -> None:
    """Every table fits its own box, or scrolls inside it: nothing is cut off."""
    boxes = page.evaluate(
        """() => [...document.querySelectorAll("[data-testid='stTable']")].map(t => ({
            fits: t.querySelector('table').scrollWidth <= t.clientWidth + 1,
            scrolls: ['auto', 'scroll'].includes(getComputedStyle(t).overflowX)}))"""
    )
    assert boxes and all(b["fits"] or b["scrolls"] for b in boxes), boxes


@pytest.mark.parametrize(
    ("width", "height", "extra", "name"),
    [
        (1280, 800, "", "signal-noise-1280x800"),
        (1920, 1080, "&view=room", "signal-noise-1920-room"),
    ],
)
@pytest.mark.parametrize("link", [LINK, "/signal-noise?preset=table"])
def test_the_answer_then_the_curves_with_their_controls_on_the_first_screen(
    page_at, streamlit_server, width, height, extra, name, link
):
    page = page_at(width, height)
    goto(page, streamlit_server + link + extra)
    drawn(page, 6 if "spread" in link else 4)  # every part drawn, nothing folded
    answer = page.locator("[data-testid='stMain'] h4").first
    curves = page.locator(CHART).first
    assert top(page, answer) < top(page, curves) and top(page, curves) + VISIBLE <= height
    models = page.get_by_test_id("stSelectbox").filter(has_text="Models")
    box = curves.bounding_box()
    assert models.bounding_box()["x"] > box["x"] + box["width"] - 1  # the controls beside it
    assert no_sideways_scroll(page) <= 1
    tables_fit(page)
    kind = "table" if "table" in link else "spread"
    shoot(page, f"{name}-{kind}-first-screen", full_page=False)
    shoot(page, f"{name}-{kind}")


@pytest.mark.parametrize("link", [LINK, "/signal-noise?preset=table"])
def test_a_phone_reads_the_answer_then_the_curves_then_the_inputs(page_at, streamlit_server, link):
    page = page_at(390, 844)
    goto(page, streamlit_server + link)
    drawn(page)
    answer = page.locator("[data-testid='stMain'] h4").first
    models = page.get_by_test_id("stSelectbox").filter(has_text="Models")
    assert top(page, answer) < top(page, page.locator(CHART)) < top(page, models)
    assert no_sideways_scroll(page) <= 1
    tables_fit(page)
    shoot(page, f"signal-noise-390-{'table' if 'table' in link else 'spread'}")


def test_the_average_and_the_discordance_sliders_write_the_link(page, streamlit_server):
    goto(page, streamlit_server + LINK)
    drawn(page)
    thumb = page.get_by_role("slider", name="Average the last k checkpoints")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("Home"))  # k = 1
    assert "Average the last few checkpoints" in main_text(page)
    assert query(page)["average"] == ["1"]
    thumb = page.get_by_role("slider", name="Checkpoints disagree on (% of questions)")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("Home"))  # 0.5%
    assert query(page)["discordance"] == ["0.5"] and query(page)["average"] == ["1"]
    assert "disagree on 0.5% of the questions" in main_text(page)
    assert page.get_by_test_id("stException").count() == 0


def test_a_seed_edit_redraws_the_draws_and_writes_the_link(page, streamlit_server):
    goto(page, streamlit_server + LINK + "&seed=3")
    drawn(page)
    answer = page.locator("[data-testid='stMain'] h4").first
    headline = answer.inner_text()
    seed = page.get_by_role("spinbutton", name="Seed")
    wait_for_rerun(page, lambda: (seed.fill("7"), seed.press("Enter")))
    assert query(page)["seed"] == ["7"] and query(page)["preset"] == ["spread"]
    assert answer.inner_text() != headline and "seed 7" in answer.inner_text()
    spread = PRESETS["spread"]
    runs = simulate_checkpoints(spread["final_scores"], n=500, chance=spread["chance"], seed=7)
    snr = prose.ratio(snr_of_runs(runs.observed, window=5, average=1))
    assert f"signal-to-noise ratio is {snr}" in main_text(page)
    assert "A toy benchmark of 300 questions with 4 options each, 20 checkpoints, seed 7" in (
        main_text(page)
    )
    shoot(page, "signal-noise-seed-7", full_page=False)


def test_predict_first_hides_the_answer_and_the_chance_over_n(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, streamlit_server + LINK + "&predict=true")
    assert "signal-to-noise ratio is" not in main_text(page)
    assert "this part gives the answer away" in main_text(page)
    guess = page.get_by_role("spinbutton", name="Your guess (%)")
    wait_for_rerun(page, lambda: (guess.fill("60"), guess.press("Enter")))
    wait_for_rerun(page, page.get_by_role("button", name="Reveal").click)
    assert "Your guess: 60.0%. The answer:" in main_text(page)
    assert "signal-to-noise ratio is" in main_text(page)
    assert "best-scoring final checkpoint" in main_text(page) and "predict=true" in page.url
    drawn(page, 6)
    shoot(page, "signal-noise-predict-390")

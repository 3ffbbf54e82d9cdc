"""Questions needed in a real browser: the answer first, charts drawn, no sideways scroll.

Screenshots land in test-artifacts/ (questions-needed-*.png); the tall ones show the
whole page with every folded section opened, since Streamlit scrolls inside its own
container.
"""

from __future__ import annotations

import pytest
from conftest import count_deltas, goto, no_sideways_scroll, shoot, wait_for_rerun

from benchstats import questions_needed

pytestmark = pytest.mark.browser

CHARTS = "[data-testid='stVegaLiteChart']"
FULL = "/questions-needed?p=80&d=4&n=198&discordance=20"


LAZY = "[class*='st-key-lazy-']"  # ui.lazy folds: opening one reruns the page to draw it


def open_folds(page) -> None:
    """Open every folded section (expanders) so their charts and tables draw.

    A lazy fold draws its contents in the rerun its opening causes: wait for that rerun.
    """
    for fold in page.locator("[data-testid='stExpander']").all():
        summary = fold.locator("summary").first
        if fold.evaluate("e => !!e.querySelector('details')?.open"):
            continue  # open already (from the link): a click would close it
        if fold.evaluate(f"e => !!e.closest({LAZY!r})"):
            wait_for_rerun(page, summary.click)
        else:
            summary.click()
    page.wait_for_timeout(500)


def charts_drawn(page, expected: int = 3) -> None:
    charts = page.locator(CHARTS)
    charts.first.wait_for()
    assert charts.count() == expected
    for i in range(expected):
        charts.nth(i).locator("canvas, svg").first.wait_for()


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


def test_desktop_answer_first_and_charts(page_at, streamlit_server):
    page = page_at(1280, 900)
    goto(page, streamlit_server + FULL)
    headline = page.get_by_text("A 4.0-point lead near 80% needs 1,566 questions.")
    headline.wait_for()
    box = headline.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900
    page.get_by_text("Too few: 198 questions").wait_for()
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "questions-needed-1280-top", full_page=False)
    open_folds(page)
    charts_drawn(page)
    tables_fit(page)
    assert no_sideways_scroll(page) <= 0
    shoot(page, "questions-needed-1280")


def test_without_n_the_page_asks_for_it(page_at, streamlit_server):
    page = page_at(1280, 900)
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4")
    page.get_by_text("Which leads can your benchmark see?").wait_for()
    assert page.get_by_text("Too few").count() == 0
    assert page.get_by_text("198 questions can see").count() == 0


def test_phone_answer_visible_first(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}/questions-needed?p=50&d=4")
    headline = page.get_by_text("A 4.0-point lead near 50% needs 2,449 questions.")
    headline.wait_for()
    box = headline.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844  # above the fold
    assert no_sideways_scroll(page) <= 0
    shoot(page, "questions-needed-390-top", full_page=False)
    height = page.evaluate("() => document.querySelector(\"[data-testid='stMain']\").scrollHeight")
    assert height < 5000, height  # the secondary sections are folded

    goto(page, streamlit_server + FULL.replace("p=80", "p=50"))
    open_folds(page)
    charts_drawn(page)
    tables_fit(page)
    assert no_sideways_scroll(page) <= 0
    shoot(page, "questions-needed-390")


def test_moving_the_lead_updates_the_answer_and_the_link(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4")
    thumb = page.get_by_role("slider", name="Lead you care about")
    thumb.focus()
    for _ in range(4):  # 4.0 → 3.5 → 3.0 → 2.5 → 2.0 points
        wait_for_rerun(page, lambda: thumb.press("ArrowLeft"))
    expected = questions_needed(0.81, 0.79)
    page.get_by_text(f"A 2.0-point lead near 80% needs {expected:,} questions.").wait_for()
    assert "d=2" in page.url


def test_bad_link_still_draws(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=98&d=10&discordance=0&repeats=-2")
    page.get_by_text("A 10.0-point lead does not fit near 98%").wait_for()
    page.get_by_text("never disagree").wait_for()
    page.get_by_text("repeats=-2").wait_for()
    open_folds(page)
    charts_drawn(page, 2)  # the curve and the levels; the repeats chart waits for n
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "questions-needed-bad-link", full_page=False)


def test_room_view_shows_both_answers_at_once(page_at, streamlit_server):
    page = page_at(1920, 1080)
    goto(page, streamlit_server + FULL + "&view=room")
    for text in ("needs 1,566 questions.", "Too few: 198 questions"):
        box = page.get_by_text(text).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 1080, text
    assert no_sideways_scroll(page) <= 0
    shoot(page, "questions-needed-1920-room", full_page=False)


@pytest.mark.parametrize("width", [800, 900])
def test_embedded_split_screen_widths(page_at, streamlit_server, width):
    # An article's iframe (?embed=true) or a split screen: nothing runs past the right edge.
    page = page_at(width, 900)
    goto(page, streamlit_server + FULL + "&embed=true")
    page.get_by_text("needs 1,566 questions.").wait_for()
    assert no_sideways_scroll(page) <= 0
    right = page.evaluate("() => document.documentElement.clientWidth")
    for slider in page.locator("[data-testid='stSlider']").all():
        box = slider.bounding_box()
        assert box is not None and box["x"] + box["width"] <= right, box
    open_folds(page)
    tables_fit(page)
    shoot(page, f"questions-needed-{width}-embed", full_page=False)


def test_an_alpha_edit_redraws_one_chart_and_few_elements(page, streamlit_server):
    # α, power and sides, the answer and the curve are one fragment: an edit sends those
    # alone (not the title, the sliders or the folds), inputs sit in rows, unfolded.
    seen = count_deltas(page)
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4")
    alpha = page.get_by_role("spinbutton", name="Significance (α)")
    seen.clear()
    wait_for_rerun(page, lambda: (alpha.fill("0.06"), alpha.press("Enter")))
    assert seen.get("vega_lite_chart") == 1, seen
    assert sum(seen.values()) <= 16, seen
    assert "alpha=0.06" in page.url and "d=4" in page.url
    page.get_by_text("6% significance").first.wait_for()
    assert page.locator("[data-testid='stException']").count() == 0


def test_an_open_fold_follows_an_alpha_edit(page, streamlit_server):
    # The fold is drawn by the page's run, not the fragment's: with it open, an α edit
    # reruns the page, so the arithmetic never shows the old critical value.
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4")
    fold = page.locator("[data-testid='stExpander']").filter(has_text="The arithmetic")
    wait_for_rerun(page, fold.locator("summary").first.click)
    fold.get_by_text("z₁₋α/₂ = 1.960").wait_for()
    alpha = page.get_by_role("spinbutton", name="Significance (α)")
    wait_for_rerun(page, lambda: (alpha.fill("0.06"), alpha.press("Enter")))
    fold.get_by_text("z₁₋α/₂ = 1.881").wait_for()
    assert "alpha=0.06" in page.url
    assert page.locator("[data-testid='stException']").count() == 0


def test_a_folds_inputs_keep_the_link_when_it_closes(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed?p=80&d=4&n=198")
    fold = page.locator("[data-testid='stExpander']").filter(
        has_text="Paired, repeated and clustered"
    )
    summary = fold.locator("summary").first
    assert page.get_by_role("slider", name="Answers per question, K").count() == 0
    wait_for_rerun(page, summary.click)  # opening draws the inputs and what they drive
    thumb = page.get_by_role("slider", name="Answers per question, K")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("ArrowRight"))  # 10 → 15
    page.wait_for_function("() => location.search.includes('repeats=15')")
    page.get_by_text("Your K = 15").wait_for()
    wait_for_rerun(page, summary.click)  # closed: the slider stays drawn, its key in the link
    page.wait_for_timeout(300)
    assert "repeats=15" in page.url and "n=198" in page.url
    assert page.get_by_text("Your K = 15").count() == 0  # what it drives is not drawn
    power = page.get_by_role("spinbutton", name="Power")
    wait_for_rerun(page, lambda: (power.fill("0.9"), power.press("Enter")))
    assert "repeats=15" in page.url and "power=0.9" in page.url  # a full rerun keeps it too
    wait_for_rerun(page, summary.click)
    page.get_by_text("Your K = 15").wait_for()
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "questions-needed-repeats-reopened", full_page=False)


def test_example_pills_fill_the_inputs(page, streamlit_server):
    goto(page, f"{streamlit_server}/questions-needed")
    pill = page.get_by_role("radio", name="71% vs 69%")  # pills: a single-choice group
    wait_for_rerun(page, pill.click)
    page.get_by_text("needs 8,238 questions").first.wait_for()
    assert "p=70" in page.url and "d=2" in page.url
    page.wait_for_function(
        "() => [...document.querySelectorAll('[role=radio]')].filter(r => "
        "r.innerText.includes('71% vs 69%')).every(r => r.getAttribute('aria-checked') "
        "=== 'false')"
    )  # let go: a pill is a shortcut, not a setting

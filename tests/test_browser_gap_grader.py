"""The Gap grader in a real browser: the first screen, live edits and sliders, phone order, files."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import goto, no_sideways_scroll, set_number, shoot, wait_for_rerun

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"


def _text(page) -> str:
    return page.inner_text("[data-testid='stMain']")


def _charts_drawn(page, at_least: int = 1) -> None:
    page.wait_for_function(
        f'n => document.querySelectorAll("{CHART} canvas, {CHART} svg").length >= n',
        arg=at_least,
    )


def _box(locator) -> dict:
    locator.first.wait_for()
    return locator.first.bounding_box()


def _no_traceback(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0


def download(page, item: str, nth: int = 0):
    """Open the nth "Download" menu (a popover) and click ``item`` in it; the download."""
    page.locator("[data-testid='stPopover'] button", has_text="Download").nth(nth).click()
    body = page.locator("[data-testid='stPopoverBody']").last
    with page.expect_download() as info:
        body.locator("[data-testid='stDownloadButton'] button", has_text=item).click()
    return info.value


@pytest.mark.parametrize(
    ("width", "height", "room"), [(1280, 800, False), (1920, 1080, True)], ids=["1280", "room"]
)
def test_the_first_screen_holds_the_verdict_the_chart_and_its_controls(
    page_at, streamlit_server, width, height, room
):
    page = page_at(width, height)
    view = "&view=room" if room else ""
    goto(page, f"{streamlit_server}/gap-grader?a=82&b=78&n=448&name_a=GPT-4o&name_b=Claude{view}")
    _charts_drawn(page)
    verdict = _box(page.get_by_text("Inside the noise"))
    chart = _box(page.locator(CHART))
    controls = _box(page.get_by_text("What do you have?"))
    assert verdict["y"] < chart["y"]  # the verdict line first
    assert height - chart["y"] >= 150, chart  # at least 150 px of the chart on the first screen
    assert controls["y"] < height and controls["x"] > chart["x"] + chart["width"] / 2  # beside it
    text = _text(page)
    assert "2.67 points" in text and "−1.2 to +9.2" in text
    _no_traceback(page)
    shoot(page, f"gap-grader-first-screen-{'room-' if room else ''}{width}", full_page=False)
    shoot(page, f"gap-grader-unpaired-{'room-' if room else ''}{width}")


def test_phone_reads_verdict_then_chart_then_inputs(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}/gap-grader?a_only=20&b_only=8&n=198&a=60")
    _charts_drawn(page)
    verdict = _box(page.get_by_text("Clears the noise"))
    chart = _box(page.locator(CHART))
    inputs = _box(page.get_by_text("What do you have?"))
    assert verdict["y"] < chart["y"] < inputs["y"]
    assert no_sideways_scroll(page) <= 0
    _no_traceback(page)
    shoot(page, "gap-grader-paired-390-top", full_page=False)
    shoot(page, "gap-grader-paired-390")


def test_edit_a_score_reruns_and_writes_the_link(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=82&b=78&n=448")
    set_number(page, "Score of A (%)", 90)
    assert "+12.0 points" in _text(page)
    assert "a=90" in page.url and "b=78" in page.url


def test_the_worked_example_becomes_the_readers_on_an_edit(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader")
    _charts_drawn(page)
    assert "Worked example" in _text(page)
    shoot(page, "gap-grader-example-1280", full_page=False)
    set_number(page, "Questions", 2000)
    assert "Worked example" not in _text(page)
    for key in ("a=82", "b=78", "n=2000"):
        assert key in page.url
    assert "Clears the noise" in _text(page)


def test_the_n_slider_writes_the_link_on_release(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=82&b=78&n=448")
    _charts_drawn(page)
    thumb = page.get_by_role("slider", name="Same scores on more questions")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("ArrowRight"))  # 448 → 500
    assert "n=500" in page.url
    assert "2.53 points" in _text(page)  # √(.82·.18/500 + .78·.22/500)
    _no_traceback(page)


def test_paired_link_shows_mcnemar_four_ways_unfolded(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a_only=20&b_only=8&n=198")
    _charts_drawn(page)
    text = _text(page)
    assert "+6.1 points" in text and "McNemar mid-p = 0.024" in text
    for label, value in (
        ("Exact", "0.036"),
        ("Asymptotic", "0.023"),
        ("Continuity-corrected", "0.038"),
    ):
        assert label in text and value in text
    assert (
        "A: " not in page.locator("[data-testid='stCode']").first.inner_text()
    )  # no score invented
    assert "162 of 198" not in text
    page.get_by_text("McNemar's test, four ways").scroll_into_view_if_needed()
    shoot(page, "gap-grader-paired-1280")


def test_a_partial_link_grades_nothing_and_says_what_is_missing(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}/gap-grader?a=82&name_a=Tiger")
    _charts_drawn(page)
    text = _text(page)
    assert "Nothing is graded yet: give the score of model B (b)" in text.replace("`", "")
    assert "Inside the noise" not in text and "Clears the noise" not in text
    assert page.locator("[data-testid='stPopover']").count() == 0  # no download
    assert page.locator("[data-testid='stCode']").count() == 0  # no sentence to copy
    _no_traceback(page)
    shoot(page, "gap-grader-missing-390", full_page=False)


def test_bad_link_shows_notes_not_tracebacks(page_at, streamlit_server):
    page = page_at(390, 844)
    bad = "n_b=0&interval=bogus&options=1&bench=nope&se_a=nan"
    goto(page, f"{streamlit_server}/gap-grader?a=82&b=78&n=100&{bad}")
    text = _text(page)
    for key in bad.split("&"):
        assert key in text
    _no_traceback(page)
    assert no_sideways_scroll(page) <= 0
    shoot(page, "gap-grader-bad-link-390")


def test_wald_edges_in_the_intervals_chart(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=100&b=5&n=20&interval=wald&options=4")
    _charts_drawn(page, 3)
    assert "zero width" in _text(page)
    page.get_by_text("One count, six intervals").first.scroll_into_view_if_needed()
    shoot(page, "gap-grader-intervals-1280", full_page=False)


def test_switch_mode_by_click_says_what_the_new_mode_needs(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=93.43&b=95.2&n=198")
    wait_for_rerun(page, lambda: page.get_by_text("Scores ± SE", exact=True).click())
    assert "mode=se" in page.url
    text = _text(page).replace("`", "")
    assert "(se_a)" in text and "(se_b)" in text and "Nothing is graded yet" in text
    set_number(page, "± SE of A (points)", 1.24)
    set_number(page, "± SE of B (points)", 1.07)
    assert "1.64 points" in _text(page)
    shoot(page, "gap-grader-se-1280")


def test_downloads_build_on_click_and_carry_the_names(page, streamlit_server):
    goto(
        page,
        f"{streamlit_server}/gap-grader?a=1&b=0&n=20&interval=wald&name_a=Tiger&name_b=Leopard",
    )
    _charts_drawn(page)
    png = download(page, "Picture (PNG)")
    assert png.suggested_filename == "lead-interval.png"
    assert Path(png.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page.keyboard.press("Escape")
    csv = download(page, "Data (CSV)", nth=1)
    assert csv.suggested_filename == "score-intervals.csv"
    lines = Path(csv.path()).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# claim: Tiger 1% vs Leopard 0% on 20 questions")
    # a caption row holding a comma is one quoted cell (benchstats.safe_csv)
    header = next(line for line in lines if not line.lstrip('"').startswith("#"))
    assert header.startswith("model,method,count,estimate,low,high")
    text = "\n".join(lines)
    assert "Tiger,Wald" in text and "wall" not in text and "nan" not in text.lower()


@pytest.mark.parametrize("width", [390, 1280])
def test_gpqa_link_luck_and_verdict_table(page_at, streamlit_server, width):
    page = page_at(width, 844 if width == 390 else 900)
    goto(page, f"{streamlit_server}/gap-grader?a=87.3&b=85.1&bench=gpqa-diamond")
    _charts_drawn(page)
    text = _text(page)
    assert "51.14%" in text and "60.95" not in text  # the same luck as Check a claim
    assert no_sideways_scroll(page) <= 0
    grid = page.locator("[data-testid='stTable']").last
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width  # scrolls within itself
    grid.screenshot(path=str(shoot(page, f"gap-grader-verdict-table-{width}", full_page=False)))

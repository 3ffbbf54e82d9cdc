"""The gap grader in a real browser: deep links, a live edit, phone width, no tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import goto, lazy_tab, no_sideways_scroll, shoot, wait_for_rerun

pytestmark = pytest.mark.browser


def _text(page) -> str:
    return page.inner_text("[data-testid='stMain']")


def download(page, item: str, nth: int = 0):
    """Open the nth "Download" menu (a popover) and click ``item`` in it; the download."""
    page.locator("[data-testid='stPopover'] button", has_text="Download").nth(nth).click()
    body = page.locator("[data-testid='stPopoverBody']").last
    with page.expect_download() as info:
        body.locator("[data-testid='stDownloadButton'] button", has_text=item).click()
    return info.value


PANE = ".st-key-lazy-grader-tabs-pane"  # where the lazy tab row draws its open pane


def open_tab(page, name: str) -> None:
    """Click a tab of the grader's lazy row and wait for the rerun that draws it."""
    wait_for_rerun(page, lambda: lazy_tab(page, name).click())


def _charts_drawn(page, at_least: int) -> None:
    page.wait_for_function(
        "n => document.querySelectorAll(\"[data-testid='stVegaLiteChart'] canvas, "
        "[data-testid='stVegaLiteChart'] svg\").length >= n",
        arg=at_least,
    )


def test_unpaired_deep_link_desktop(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=82&b=78&n=448")
    _charts_drawn(page, 1)
    text = _text(page)
    assert "Inside the noise" in text
    assert "2.67 points" in text
    assert "−1.2 to +9.2" in text
    assert page.locator("[data-testid='stException']").count() == 0
    # the verdict sits above the first chart
    verdict_y = page.get_by_text("Inside the noise").first.bounding_box()["y"]
    chart_y = page.locator("[data-testid='stVegaLiteChart']").first.bounding_box()["y"]
    assert verdict_y < chart_y
    shoot(page, "gap-grader-unpaired-1280")


def test_edit_score_reruns_and_updates_url(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=82&b=78&n=448")
    box = page.get_by_label("Score A (%)")
    wait_for_rerun(page, lambda: (box.fill("90"), box.press("Enter")))
    text = _text(page)
    assert "+12.0 points" in text
    assert "a=90" in page.url


def test_an_edit_after_a_tab_switch(page, streamlit_server):
    """Lazy tabs: after a switch the open tab redraws with each edit, the verdict and the lead
    chart stay on top, and the menus in closed tabs keep their keys in the link."""
    goto(page, f"{streamlit_server}/gap-grader?a=82&b=78&n=448&interval=jeffreys&options=4")
    _charts_drawn(page, 1)
    assert "Each lead with its 95% range" in _text(page)  # the report tab is open first
    assert "Jeffreys" in page.locator("[data-testid='stCode']").first.inner_text()
    open_tab(page, "Overlap rule")
    _charts_drawn(page, 2)  # the lead chart and the ±1 SE bars
    assert page.locator("[data-testid='stCode']").count() == 0  # the report tab is not drawn
    box = page.get_by_label("Score A (%)")
    wait_for_rerun(page, lambda: (box.fill("90"), box.press("Enter")))
    text = _text(page)
    assert "+12.0 points" in text and "The ±1 SE bars do not overlap." in text
    assert lazy_tab(page, "Overlap rule").get_attribute("aria-checked") == "true"
    for key in ("a=90", "interval=jeffreys", "options=4"):
        assert key in page.url
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "gap-grader-overlap-after-edit-1280")
    open_tab(page, "Report it like this")
    report = page.locator("[data-testid='stCode']").first.inner_text()
    assert "90% vs 78%" in report and "Jeffreys" in report


def test_inputs_and_menus_in_the_fragment_write_the_link(page, streamlit_server):
    """The inputs and all they drive are one fragment: its reruns still write the address bar
    (a bound number input, a menu's own write-back, a lazy tab's switch), and the parts
    outside it (the names, the contamination fold) stay."""
    goto(page, f"{streamlit_server}/gap-grader?a=82&b=78&n=448&name_a=Alpha")
    _charts_drawn(page, 1)
    box = page.get_by_label("Score B (%)")
    wait_for_rerun(page, lambda: (box.fill("70"), box.press("Enter")))
    assert "b=70" in page.url and "name_a=Alpha" in page.url
    assert "+12.0 points" in _text(page)
    open_tab(page, "Each score's interval")
    menu = page.get_by_label("Interval for one score")
    menu.click()
    wait_for_rerun(page, lambda: page.get_by_role("option", name="Jeffreys").click())
    assert "interval=jeffreys" in page.url
    open_tab(page, "Report it like this")
    assert "Jeffreys" in page.locator("[data-testid='stCode']").first.inner_text()
    assert "interval=jeffreys" in page.url and "b=70" in page.url
    assert page.get_by_role("textbox", name="Model A (optional)").input_value() == "Alpha"
    assert "Contamination check" in _text(page)
    assert page.locator("[data-testid='stException']").count() == 0


def test_paired_deep_link_desktop(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a_only=20&b_only=8&n=198")
    _charts_drawn(page, 1)
    text = _text(page)
    assert "+6.1 points" in text
    assert "McNemar mid-p = 0.024" in text
    open_tab(page, "Paired test")
    text = _text(page)
    for value in ("0.036", "0.024", "0.023"):
        assert value in text
    shoot(page, "gap-grader-paired-1280")


def test_phone_width_no_sideways_scroll(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}/gap-grader?a_only=20&b_only=8&n=198")
    _charts_drawn(page, 1)
    assert page.locator("[data-testid='stException']").count() == 0
    assert no_sideways_scroll(page) <= 0
    shoot(page, "gap-grader-paired-390")
    shoot(page, "gap-grader-paired-390-top", full_page=False)


def test_bad_link_shows_notes_not_tracebacks(page_at, streamlit_server):
    page = page_at(390, 844)
    goto(page, f"{streamlit_server}/gap-grader?a=150&n_b=0&n=100&interval=bogus&options=1")
    text = _text(page)
    assert "a=150" in text
    assert "n_b=0" in text
    assert page.locator("[data-testid='stException']").count() == 0
    open_tab(page, "Chance correction")  # the menus' notes sit under them, in their tabs
    assert "options=1" in _text(page)
    open_tab(page, "Each score's interval")
    assert "interval=bogus" in _text(page)
    shoot(page, "gap-grader-bad-link-390")


def test_interval_tab_wald_edges(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=100&b=5&n=20&interval=wald&options=4")
    open_tab(page, "Each score's interval")
    _charts_drawn(page, 2)
    text = _text(page)
    assert "zero width" in text
    shoot(page, "gap-grader-intervals-1280")


def test_switch_mode_by_click_keeps_it_in_the_link(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=93.43&b=95.2&n=198")
    wait_for_rerun(page, lambda: page.get_by_text("Scores ± SE", exact=True).click())
    page.wait_for_selector("text=± SE of A (points)")
    assert "mode=se" in page.url
    _charts_drawn(page, 1)
    text = _text(page)
    assert "1.64 points" in text  # the default SEs are the GPQA row's 1.24 and 1.07
    shoot(page, "gap-grader-se-1280")


@pytest.mark.parametrize(
    ("tab", "expect"),
    [
        ("Chance correction", "1/(1 − 1/4) = 1.33"),
        ("Overlap rule", "√2 = 1.41"),
        ("Verdict table", "Verdict table (CSV)"),
        ("Per-question results", "Per-question results"),
    ],
)
def test_each_tab_renders(page, streamlit_server, tab, expect):
    goto(page, f"{streamlit_server}/gap-grader?a=60&b=54&n=198&options=4")
    open_tab(page, tab)
    assert expect in _text(page)
    assert page.locator("[data-testid='stException']").count() == 0
    panel = page.locator(PANE)
    panel.scroll_into_view_if_needed()
    slug = tab.lower().replace(" ", "-").replace("'", "")
    panel.screenshot(path=str(shoot(page, f"gap-grader-tab-{slug}-1280", full_page=False)))


def test_downloads_build_on_click(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=1&b=0&n=20&interval=wald")
    _charts_drawn(page, 1)
    png = download(page, "Picture (PNG)")
    assert png.suggested_filename == "lead-interval.png"
    assert Path(png.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page.keyboard.press("Escape")
    open_tab(page, "Each score's interval")
    csv = download(page, "Data (CSV)", nth=1)
    assert csv.suggested_filename == "score-intervals.csv"
    lines = Path(csv.path()).read_text(encoding="utf-8").splitlines()
    # the CSV carries its claim first (issue 18 #5), then the data
    assert lines[0].startswith("# claim: 1% vs 0% on 20 questions")
    header = next(line for line in lines if not line.startswith("#"))
    assert header.startswith("model,method,count,estimate,low,high")
    text = "\n".join(lines)
    assert "wall" not in text and "nan" not in text.lower()


@pytest.mark.parametrize("width", [390, 1280])
def test_gpqa_link_luck_and_verdict_table(page_at, streamlit_server, width):
    # issue 18 #2: the same 51.14% as Check a claim; #9: the table's p column is on screen
    page = page_at(width, 844 if width == 390 else 900)
    goto(page, f"{streamlit_server}/gap-grader?a=87.3&b=85.1&bench=gpqa-diamond")
    _charts_drawn(page, 1)
    text = _text(page)
    assert "51.14%" in text and "60.95" not in text
    assert no_sideways_scroll(page) <= 0
    shoot(page, f"gap-grader-gpqa-{width}")
    open_tab(page, "Verdict table")
    grid = page.locator(f"{PANE} [data-testid='stDataFrame']").first
    grid.wait_for(state="visible")
    box = grid.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width  # scrolls within itself
    grid.scroll_into_view_if_needed()
    grid.screenshot(path=str(shoot(page, f"gap-grader-verdict-table-{width}", full_page=False)))


@pytest.mark.parametrize("width", [390, 1280])
def test_paired_link_without_a_score_invents_none(page_at, streamlit_server, width):
    # issue 18 #3: no "A: 162 of 198" from a default 82% that is not in the link
    page = page_at(width, 844 if width == 390 else 900)
    goto(page, f"{streamlit_server}/gap-grader?a_only=20&b_only=8&n=198")
    _charts_drawn(page, 1)
    report = page.locator("[data-testid='stCode']").first.inner_text()
    assert "of 198 questions discordant" in report and "A: " not in report
    assert "162 of 198" not in _text(page)
    open_tab(page, "Overlap rule")
    assert "needs A's score" in _text(page)
    shoot(page, f"gap-grader-paired-no-a-{width}")

"""The gap grader in a real browser: deep links, a live edit, phone width, no tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

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


def test_paired_deep_link_desktop(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a_only=20&b_only=8&n=198")
    _charts_drawn(page, 1)
    text = _text(page)
    assert "+6.1 points" in text
    assert "McNemar mid-p = 0.024" in text
    page.get_by_role("tab", name="Paired test").click()
    page.wait_for_timeout(300)
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
    shoot(page, "gap-grader-bad-link-390")


def test_interval_tab_wald_edges(page, streamlit_server):
    goto(page, f"{streamlit_server}/gap-grader?a=100&b=5&n=20&interval=wald&options=4")
    page.get_by_role("tab", name="Each score's interval").click()
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
    page.get_by_role("tab", name=tab).click()
    page.wait_for_timeout(500)
    assert expect in _text(page)
    assert page.locator("[data-testid='stException']").count() == 0
    panel = page.locator("[role='tabpanel']:visible").first
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
    page.get_by_role("tab", name="Each score's interval").click()
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
    page.get_by_role("tab", name="Verdict table").click()
    grid = page.locator("[role='tabpanel']:visible [data-testid='stDataFrame']").first
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
    page.get_by_role("tab", name="Overlap rule").click()
    assert "needs A's score" in _text(page)
    shoot(page, f"gap-grader-paired-no-a-{width}")

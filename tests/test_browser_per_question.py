"""Per-question results in a real browser: upload one file, see the table and chart."""

from __future__ import annotations

import pytest
from conftest import goto, lazy_tab, no_sideways_scroll, shoot, wait_for_rerun
from fixtures_items import mgsm_like, paired_scores, wide_csv

pytestmark = pytest.mark.browser

TAB = "Per-question results"


def _open_tab(page, url: str) -> None:
    goto(page, f"{url}/gap-grader")
    wait_for_rerun(page, lambda: lazy_tab(page, TAB).click())  # a lazy tab


def _upload(page, name: str, raw: bytes, *more: tuple[str, bytes]) -> None:
    """Hand the bytes to the uploader's file input (from memory: nothing on disk)."""
    files = [(name, raw), *more]
    page.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files(
        [{"name": n, "mimeType": "application/octet-stream", "buffer": r} for n, r in files]
    )
    page.get_by_text("questions paired").first.wait_for(timeout=60_000)
    page.wait_for_function(
        "() => document.querySelectorAll(\"[data-testid='stVegaLiteChart'] canvas, "
        "[data-testid='stVegaLiteChart'] svg\").length >= 3"
    )
    page.wait_for_timeout(500)


def _panel_text(page) -> str:
    return page.inner_text("[data-testid='stMain']")


def test_upload_a_wide_csv_and_see_the_table(page, streamlit_server):
    _open_tab(page, streamlit_server)
    a, b = paired_scores(198, 20, 8, 122)
    _upload(page, "results.csv", wide_csv({"gpt": a, "claude": b}))
    text = _panel_text(page)
    assert "198 questions paired" in text
    assert "Clears the noise: gpt leads claude by 6.1 points" in text
    assert "0.024" in text and "28 (14.1%)" in text
    table = page.locator("[data-testid='stTable']").last
    assert table.is_visible()
    assert page.locator("[data-testid='stException']").count() == 0
    # verdict above the 2×2 table and the chart
    verdict_y = page.get_by_text("Clears the noise: gpt").bounding_box()["y"]
    assert verdict_y < table.bounding_box()["y"]
    link = page.get_by_role("link", name="Plan the next eval with these numbers")
    assert "discordance=14.1" in link.get_attribute("href")
    page.get_by_text("Right and wrong, question by question").scroll_into_view_if_needed()
    shoot(page, "per-question-wide-1280")


def test_clustered_upload_at_phone_width(page_at, streamlit_server):
    page = page_at(390, 844)
    _open_tab(page, streamlit_server)
    raw, _ = mgsm_like()
    _upload(page, "mgsm.csv", raw)
    text = _panel_text(page)
    assert "2,500 questions paired" in text
    assert "SE (clustered, points)" in text
    assert no_sideways_scroll(page) <= 0
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "per-question-clustered-390")


def test_bad_file_shows_a_message_not_a_traceback(page, streamlit_server):
    _open_tab(page, streamlit_server)
    page.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files(
        {"name": "scores.csv", "mimeType": "text/csv", "buffer": b"question_id,a\nq1,87\n"}
    )
    page.get_by_text("found 87 on line 2").wait_for(timeout=60_000)
    assert page.locator("[data-testid='stException']").count() == 0
    assert "If these are percent, divide by 100" in _panel_text(page)
    shoot(page, "per-question-bad-file-1280", full_page=False)


def test_repeated_answers_and_the_arithmetic(page, streamlit_server):
    from fixtures_items import long_csv

    _open_tab(page, streamlit_server)
    rows = []
    for i in range(60):
        for run in (1, 2, 3, 4):
            rows.append((f"q{i}", "model-x", int((i + run) % 3 != 0), run))
            rows.append((f"q{i}", "model-y", int((i * run) % 4 == 0), run))
    _upload(page, "runs.csv", long_csv(rows))
    text = _panel_text(page)
    assert "60 questions paired" in text and "Between questions ω²" in text
    page.get_by_text("The arithmetic").last.click()
    page.get_by_text("Repeated answers (4 and 4 per question").wait_for()
    assert page.locator("[data-testid='stException']").count() == 0
    page.get_by_text("Repeated answers: where the noise comes from").scroll_into_view_if_needed()
    shoot(page, "per-question-repeats-1280")


def test_two_current_inspect_logs_with_epochs(page, streamlit_server):
    from fixtures_items import data_file

    _open_tab(page, streamlit_server)
    alpha = data_file("inspect-0.3.285/arith_alpha_epochs.eval")  # Zstandard entries
    _upload(page, *alpha, data_file("inspect-0.3.285/arith_beta_epochs.eval"))
    text = _panel_text(page)
    assert "6 questions paired" in text
    assert "mockllm/alpha (named by the log's header)" in text
    assert "reduced to one score with at_least_1, as the logs did" in text
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "per-question-inspect-epochs-1280")

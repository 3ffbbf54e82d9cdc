"""Per-question files in a real browser: upload, and the file's verdict is the page's, on top."""

from __future__ import annotations

import pytest
from conftest import goto, no_sideways_scroll, shoot
from fixtures_items import data_file, long_csv, mgsm_like, paired_scores, wide_csv

pytestmark = pytest.mark.browser


def _open(page, url: str) -> None:
    goto(page, f"{url}/gap-grader?mode=file")
    page.get_by_text("Worked example").first.wait_for()


def _upload(page, name: str, raw: bytes, *more: tuple[str, bytes], charts: int = 2) -> None:
    """Hand the bytes to the uploader's file input (from memory: nothing on disk)."""
    files = [(name, raw), *more]
    page.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files(
        [{"name": n, "mimeType": "application/octet-stream", "buffer": r} for n, r in files]
    )
    page.get_by_text("Worked example").wait_for(state="detached", timeout=60_000)
    page.get_by_text("questions paired").first.wait_for(timeout=60_000)
    page.wait_for_function(
        "n => document.querySelectorAll(\"[data-testid='stVegaLiteChart'] canvas, "
        "[data-testid='stVegaLiteChart'] svg\").length >= n",
        arg=charts,
    )
    page.wait_for_timeout(500)


def _text(page) -> str:
    return page.inner_text("[data-testid='stMain']")


def test_a_wide_csv_puts_its_verdict_on_top(page, streamlit_server):
    _open(page, streamlit_server)
    a, b = paired_scores(198, 20, 8, 122)
    _upload(page, "results.csv", wide_csv({"gpt": a, "claude": b}))
    text = _text(page)
    assert "198 questions paired" in text and "0.024" in text and "28 (14.1%)" in text
    verdict = page.get_by_text("Clears the noise: gpt leads claude by 6.1 points").bounding_box()
    chart = page.locator("[data-testid='stVegaLiteChart']").first.bounding_box()
    uploader = page.locator("[data-testid='stFileUploader']").bounding_box()
    assert verdict["y"] < chart["y"] and uploader["x"] > chart["x"] + chart["width"] / 2
    assert 800 - chart["y"] >= 150
    assert page.locator("[data-testid='stException']").count() == 0
    link = page.get_by_role("link", name="Plan the next eval with these numbers")
    assert "discordance=14.1" in link.get_attribute("href")
    shoot(page, "per-question-wide-1280-top", full_page=False)
    shoot(page, "per-question-wide-1280")


def test_clustered_upload_at_phone_width(page_at, streamlit_server):
    page = page_at(390, 844)
    _open(page, streamlit_server)
    raw, _ = mgsm_like()
    _upload(page, "mgsm.csv", raw)
    text = _text(page)
    assert "2,500 questions paired" in text and "SE (clustered, points)" in text
    verdict = page.get_by_text("Clears the noise").first.bounding_box() or {}
    verdict = verdict or page.get_by_text("Inside the noise").first.bounding_box()
    chart = page.locator("[data-testid='stVegaLiteChart']").first.bounding_box()
    uploader = page.locator("[data-testid='stFileUploader']").bounding_box()
    assert verdict["y"] < chart["y"] < uploader["y"]  # verdict, chart, inputs
    assert no_sideways_scroll(page) <= 0
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "per-question-clustered-390")


def test_a_one_model_file_says_what_it_found(page, streamlit_server):
    _open(page, streamlit_server)
    raw = long_csv([(f"q{i}", "solo", i % 2) for i in range(12)])
    page.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files(
        {"name": "one.csv", "mimeType": "text/csv", "buffer": raw}
    )
    page.get_by_text("holds one model, solo, on 12 questions").wait_for(timeout=60_000)
    assert page.locator("[data-testid='stException']").count() == 0
    assert "Worked example" not in _text(page)
    shoot(page, "per-question-one-model-1280", full_page=False)


def test_bad_file_shows_a_message_not_a_traceback(page, streamlit_server):
    _open(page, streamlit_server)
    page.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files(
        {"name": "scores.csv", "mimeType": "text/csv", "buffer": b"question_id,a\nq1,87\n"}
    )
    page.get_by_text("found 87 on line 2").wait_for(timeout=60_000)
    assert page.locator("[data-testid='stException']").count() == 0
    assert "If these are percent, divide by 100" in _text(page)
    shoot(page, "per-question-bad-file-1280", full_page=False)


def test_repeated_answers_and_the_arithmetic(page, streamlit_server):
    _open(page, streamlit_server)
    rows = []
    for i in range(60):
        for run in (1, 2, 3, 4):
            rows.append((f"q{i}", "model-x", int((i + run) % 3 != 0), run))
            rows.append((f"q{i}", "model-y", int((i * run) % 4 == 0), run))
    _upload(page, "runs.csv", long_csv(rows))
    text = _text(page)
    assert "60 questions paired" in text and "Between questions ω²" in text
    assert "Repeated answers (4 and 4 per question" in text  # the arithmetic, unfolded
    assert page.locator("[data-testid='stException']").count() == 0
    page.get_by_text("Repeated answers: where the noise comes from").scroll_into_view_if_needed()
    shoot(page, "per-question-repeats-1280", full_page=False)


def test_two_current_inspect_logs_with_epochs(page, streamlit_server):
    _open(page, streamlit_server)
    alpha = data_file("inspect-0.3.285/arith_alpha_epochs.eval")  # Zstandard entries
    _upload(page, *alpha, data_file("inspect-0.3.285/arith_beta_epochs.eval"))
    text = _text(page)
    assert "6 questions paired" in text
    assert "mockllm/alpha (named by the log's header)" in text
    assert "reduced to one score with at_least_1, as the logs did" in text
    assert page.locator("[data-testid='stException']").count() == 0
    shoot(page, "per-question-inspect-epochs-1280")

"""Predict first on Questions needed and pass@k in a real browser (Debian's Chromium).

Each page opens from a teacher's link (``predict=true``) at a laptop's
1280 px and a phone's 390 px: the question shows and the answer does not; a
typed guess and Reveal show the answer and the reveal line. Screenshots of
both moments go to test-artifacts/predict-<page>-<width>-{asked,revealed}.png.
"""

from __future__ import annotations

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

pytestmark = pytest.mark.browser

# page → (link, the guess box's label, a guess, the question, the answer as the page shows it)
LINKS = {
    "needed": (
        "/questions-needed?p=80&d=4&n=198&predict=true",
        "Your guess (questions)",
        "1000",
        "How many questions does a 4.0-point lead need?",
        "1,566",
    ),
    "passk": (
        "/pass-at-k?samples=20&passed=3&k=5&predict=true",
        "Your guess (%)",
        "40",
        "What is pass@5 for 3 passing samples of 20?",
        "60.09%",
    ),
}
SIZES = {1280: 900, 390: 844}


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


@pytest.mark.parametrize("width", list(SIZES))
@pytest.mark.parametrize("name", list(LINKS))
def test_a_teachers_link_asks_then_reveals(page_at, streamlit_server, name, width):
    link, label, guess, question, answer = LINKS[name]
    page = page_at(width, SIZES[width])
    goto(page, streamlit_server + link)
    text = main_text(page)
    assert question in text and answer not in text
    assert page.get_by_role("button", name="Reveal").is_disabled()
    shoot(page, f"predict-{name}-{width}-asked", full_page=False)
    box = page.get_by_label(label, exact=True)

    def type_guess() -> None:
        box.fill(guess)
        box.press("Enter")

    wait_for_rerun(page, type_guess)
    wait_for_rerun(page, lambda: page.get_by_role("button", name="Reveal").click())
    page.get_by_text("Your guess: ").wait_for()
    assert answer in main_text(page)
    assert page.get_by_test_id("stException").count() == 0
    assert no_sideways_scroll(page) == 0
    shoot(page, f"predict-{name}-{width}-revealed", full_page=False)

"""Predict first on Check a claim and the Gap grader in a real browser (Debian's Chromium).

A teacher's link (``?predict=true``) opens each page at a laptop (1280) and
a phone (390): the question shows and the verdict does not; a guess and
Reveal show the verdict and the line on the guess, and the link keeps its
keys. Screenshots before and after the reveal go to test-artifacts/ (look at
them).
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from conftest import goto, no_sideways_scroll, shoot, wait_for_rerun

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"
# page: (link, the question's end, the guess to pick, the reveal line's answer, the verdict)
LINKS = {
    "check": (
        "/?a=83.5&b=77.5&n=300&predict=true",
        "is this lead more than luck?",
        "Yes, more than luck",
        "The answer: “No, it could be luck”.",
        "Inside the noise",
    ),
    "grader": (
        "/gap-grader?mode=paired&a_only=21&b_only=9&n=198&a=60&interval=jeffreys&predict=true",
        "will the paired test agree with the unpaired one?",
        "No, they disagree",
        "The answer: “No, they disagree”.",
        "Clears the noise",
    ),
}
SIZES = {"1280": {"width": 1280, "height": 900}, "390": {"width": 390, "height": 844}}


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def query(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(LINKS))
def test_predict_link_hides_then_reveals(page_at, streamlit_server, name, size):
    link, asked, guess, answer, verdict = LINKS[name]
    page = page_at(**SIZES[size])
    goto(page, f"{streamlit_server}{link}")
    page.get_by_text(asked).wait_for()
    text = main_text(page)
    assert verdict not in text and "Your guess:" not in text
    assert page.locator(CHART).count() == 0, "no chart before the reveal"
    assert page.get_by_role("button", name="Reveal").is_disabled()
    assert no_sideways_scroll(page) <= 1
    shoot(page, f"predict-{name}-{size}-asked")

    wait_for_rerun(page, lambda: page.get_by_text(guess, exact=True).click())
    wait_for_rerun(page, lambda: page.get_by_role("button", name="Reveal").click())
    page.get_by_text(answer).wait_for()
    page.locator(f"{CHART} svg, {CHART} canvas").first.wait_for(state="visible")
    assert verdict in main_text(page)
    assert page.locator("[data-testid='stException']").count() == 0
    assert no_sideways_scroll(page) <= 1
    given = dict(parse_qs(urlparse(link).query))
    assert {k: v[-1] for k, v in given.items()}.items() <= query(page).items()
    shoot(page, f"predict-{name}-{size}-revealed")

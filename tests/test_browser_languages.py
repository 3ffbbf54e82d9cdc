"""The Luck simulator and Interval coverage in German and Spanish, in Chromium.

- a German browser (``st.context.locale``) gets the German page with no ``lang`` in the link;
- a chart's tooltip writes its numbers the language's way (decimal comma, the minus U+2212),
  as the page's text does;
- the thumb's label and its words over the verdict are the language's;
- the sidebar's picker switches to Spanish and the address bar keeps the rest of the link.

Screenshots of each page in each language land in ``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from conftest import shoot, wait_for_app
from test_languages import english_left


def _tooltips(page) -> list[str]:
    """What the chart's tooltip says at points across its plot."""
    chart = page.locator("[data-testid='stVegaLiteChart']").first
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    seen = []
    for fx in (0.35, 0.45, 0.5, 0.55, 0.65):
        for fy in (0.5, 0.65, 0.8):
            page.mouse.move(box["x"] + box["width"] * fx, box["y"] + box["height"] * fy)
            page.wait_for_timeout(200)
            tip = page.locator("#vg-tooltip-element")
            if tip.count() and tip.is_visible():
                seen.append(tip.inner_text())
    return seen


@pytest.mark.parametrize(
    ("lang", "words"), [("de", "Abstand von (Punkte)"), ("es", "Diferencia desde (puntos)")]
)
def test_the_histogram_tooltip_writes_local_numbers(page, streamlit_server, lang, words):
    page.goto(f"{streamlit_server}/luck-simulator?runs=1000&lang={lang}")
    wait_for_app(page)
    page.wait_for_selector(
        "[data-testid='stVegaLiteChart'] canvas, [data-testid='stVegaLiteChart'] svg"
    )
    tips = [t for t in _tooltips(page) if words in t]
    assert tips, "no tooltip of a bar was seen"
    assert all(not re.search(r"\d\.\d", t) for t in tips)  # no English decimal point
    assert any(re.search(r"[+−]\d+,\d", t) for t in tips)
    shoot(page, f"luck-simulator-{lang}", full_page=False)


def test_a_german_browser_gets_german_and_the_picker_switches_to_spanish(browser, streamlit_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(f"{streamlit_server}/coverage?n=100&p=50")
        wait_for_app(page)
        assert page.locator("h1").first.inner_text() == "Überdeckung von Intervallen"
        assert page.get_by_text("Fragen (n)").count() >= 1  # the thumb's label
        shoot(page, "coverage-de", full_page=False)
        picker = page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first
        picker.click()
        page.get_by_role("option", name="Español").click()
        page.wait_for_function("() => location.search.includes('lang=es')")
        wait_for_app(page)
        page.wait_for_selector("h1:has-text('Cobertura de intervalos')")
        assert "n=100" in page.url and "p=50" in page.url
        shoot(page, "coverage-es", full_page=False)
    finally:
        context.close()


# The pages a journalist or a class opens in German and Spanish, in a browser of that language
# (no ``lang`` in the link), their headings, and the box as a phone frames it in an article.
SHOTS = {
    "gap-grader": ("/gap-grader?a=82&b=78&n=100&name_a=X&name_b=Y", 1280),
    "leaderboard": (
        "/leaderboard?rows=Model%20A:87.3:1.8,Model%20B:85.1:1.9,Model%20C:80.2:2.0",
        1280,
    ),
    "check-a-claim": ("/?a=87.3&b=85.1&bench=gpqa-diamond&name_a=Model%20X&name_b=Model%20Y", 1280),
    "box": (
        "/box?a=87.3&b=85.1&bench=gpqa-diamond&name_a=Model%20X&name_b=Model%20Y&embed=true",
        390,
    ),
}
ENGLISH_HEADINGS = ("Gap grader", "Leaderboard checker", "Check a claim", "Questions needed")


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("name", list(SHOTS))
def test_a_german_or_spanish_browser_reads_the_page_in_its_language(
    browser, streamlit_server, name, lang
):
    link, width = SHOTS[name]
    context = browser.new_context(
        viewport={"width": width, "height": 900}, locale=f"{lang}-{lang.upper()}"
    )
    page = context.new_page()
    try:
        page.goto(f"{streamlit_server}{link}")
        wait_for_app(page)
        page.wait_for_selector(
            "[data-testid='stVegaLiteChart'] canvas, [data-testid='stVegaLiteChart'] svg"
        )
        text = page.locator("[data-testid='stMain']").inner_text()
        assert [part for part in english_left(lang) if part in text] == []
        assert not [h for h in ENGLISH_HEADINGS if h in text]
        assert not re.search(r"\d\.\d+ ?%", text)  # "82.75%": an English number
        shoot(page, f"{name}-{lang}")
    finally:
        context.close()

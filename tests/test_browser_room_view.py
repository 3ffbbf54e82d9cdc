"""The room view in Chromium at 1920×1080: every text a room reads at 20 px or more, and after
Predict first's reveal the chart still on the first screen.

Sizes are the browser's own: the computed font size of every text node laid out on the page
(HTML and the charts' SVG text, folded sections opened), not the specs that ask for them.
Screenshots go to test-artifacts/ (room-*.png): look at them.
"""

from __future__ import annotations

import pytest
from conftest import goto, shoot, wait_for_rerun

from ui.registry import PAGES

pytestmark = pytest.mark.browser

ROOM = {"width": 1920, "height": 1080}
SMALLEST = 20  # px: what a back row reads at 1920×1080
CHART = "[data-testid='stVegaLiteChart']"
# A link per page that draws its verdict, charts and tables.
LINKS = {
    "check": "a=87.3&b=85.1&bench=gpqa-diamond&name_a=Model%20X&name_b=Model%20Y",
    "luck": "p=80&n=100&d=4&runs=1000",
    "grader": "a=82&b=78&n=448&options=4",
    "needed": "p=80&d=4&n=198&discordance=20",
    "passk": "samples=20&passed=3&k=5",
    "coverage": "n=20&p=95&runs=100",
    "slices": "n=600&slices=12&runs=100",
    "signal": "preset=spread&n=500&average=5",
    "leaderboard": "",
}

# Every text node that takes up room on the page: its text, computed size, and where it sits.
TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('script, style, noscript')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some(r => r.width > 0 && r.height > 0)) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const where = el.closest('[data-testid]');
    out.push({text: node.textContent.trim().slice(0, 60), px: parseFloat(style.fontSize),
              where: where ? where.dataset.testid : el.tagName});
  }
  return out;
}"""


def open_folds(page) -> None:
    """Open every folded section, so its text is measured too."""
    for summary in page.locator("[data-testid='stExpander'] summary").all():
        if summary.get_attribute("aria-expanded") != "true" and summary.is_visible():
            summary.click()
    page.wait_for_timeout(500)


def texts(page) -> list[dict]:
    return page.evaluate(TEXTS)


# The listed pages: the recompute box is framed in an article, where the site draws no sidebar
# and so no room view.
LISTED = [p for p in PAGES if p.listed]


@pytest.mark.parametrize("p", LISTED, ids=[p.key for p in LISTED])
def test_every_text_on_the_page_is_20px_or_more(page_at, streamlit_server, p):
    page = page_at(**ROOM)
    query = "&".join(q for q in (LINKS[p.key], "view=room") if q)
    goto(page, f"{streamlit_server}{p.route}?{query}")
    assert page.locator("[data-testid='stException']").count() == 0
    open_folds(page)
    found = texts(page)
    assert len(found) > 40, "the page drew its text"
    small = [t for t in found if t["px"] < SMALLEST]
    assert not small, f"{p.title}: text under {SMALLEST} px in the room view: {small[:12]}"
    shoot(page, f"room-{p.key}", full_page=False)


def test_the_reading_view_keeps_streamlits_sizes(page_at, streamlit_server):
    """Off, the room's style sheet is gone: body text 16 px, labels 14 px."""
    page = page_at(**ROOM)
    goto(page, f"{streamlit_server}/luck-simulator?view=room")
    assert min(t["px"] for t in texts(page)) >= SMALLEST
    reading = page.get_by_text("Reading", exact=True)
    wait_for_rerun(page, reading.click)
    page.wait_for_function("() => !location.search.includes('view=room')")
    sizes = {t["px"] for t in texts(page)}
    assert 14 in sizes and 16 in sizes


def guess(page, kind: str) -> None:
    """Give Predict first a guess: a percent, a count or the first choice."""
    if kind == "choice":
        wait_for_rerun(page, page.get_by_text("No, it could be luck").click)
        return
    box = page.get_by_label("Your guess", exact=False).first
    wait_for_rerun(page, lambda: (box.fill("40"), box.press("Enter")))


# The pages whose answer a room predicts first: the link, the guess's kind.
PREDICTED = {
    "luck": ("/luck-simulator?predict=true", "percent"),
    "coverage": ("/coverage?predict=true&n=20&p=95", "percent"),
    "check": ("/?predict=true&a=82&b=78&n=100", "choice"),
    "needed": ("/questions-needed?predict=true", "count"),
}


@pytest.mark.parametrize("name", list(PREDICTED))
def test_after_the_reveal_the_chart_is_on_the_first_screen(page_at, streamlit_server, name):
    link, kind = PREDICTED[name]
    page = page_at(**ROOM)
    goto(page, f"{streamlit_server}{link}&view=room")
    guess(page, kind)
    wait_for_rerun(page, page.get_by_role("button", name="Reveal").click)
    chart = page.locator(CHART).first
    chart.locator("svg, canvas").first.wait_for(state="visible")
    box = chart.bounding_box()
    assert box["y"] + box["height"] <= ROOM["height"], f"the chart ends at {box}"
    assert page.get_by_role("button", name="Hide the answer").is_visible()
    shoot(page, f"room-{name}-revealed", full_page=False)

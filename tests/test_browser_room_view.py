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


# --------------------------------------------------------------------------- data editors

# The pages whose data editors (Glide Data Grid: cells drawn on a canvas, out of the DOM's sizes)
# a room reads: their link, and a link that draws the editor in the reading view first.
GRIDS = {
    "leaderboard": "/leaderboard",
    "signal": "/signal-noise?preset=table",
}

# Each grid: the font its canvas draws in (px, Streamlit's theme for the grid), its zoom, its
# drawn box and its column's (the element's container).
GRID_SIZES = """() => [...document.querySelectorAll("[data-testid='stDataFrame']")].map(d => {
  const grid = d.querySelector('.stDataFrameGlideDataEditor');
  const canvas = d.querySelector('canvas[data-testid="data-grid-canvas"]') || d.querySelector('canvas');
  const box = canvas.getBoundingClientRect();
  const column = d.closest("[data-testid='stElementContainer']").parentElement.getBoundingClientRect();
  const font = getComputedStyle(grid).getPropertyValue('--gdg-base-font-style').trim();
  return {font: parseFloat(font.split(' ').pop()), zoom: parseFloat(getComputedStyle(d).zoom),
          left: box.left, right: box.right, width: box.width, height: box.height,
          laid: canvas.offsetWidth, column: [column.left, column.right]};
})"""


def grid_sizes(page) -> list[dict]:
    page.locator("[data-testid='stDataFrame'] canvas").first.wait_for(state="visible")
    page.wait_for_timeout(500)  # the grid re-measures its column after the zoom
    return page.evaluate(GRID_SIZES)


def assert_grids_drawn_at_20px(grids: list[dict], where: str) -> None:
    assert grids, f"{where}: no data editor drawn"
    for g in grids:
        drawn = g["font"] * g["zoom"]
        assert drawn >= SMALLEST - 0.01, f"{where}: a grid's cells drawn at {drawn:.1f} px: {g}"
        assert drawn <= SMALLEST * 1.05, f"{where}: a grid zoomed past the room's size: {g}"
        # the canvas is drawn bigger (its box is its layout times the zoom), inside its column
        assert abs(g["width"] - g["laid"] * g["zoom"]) <= 2, g
        assert g["left"] >= g["column"][0] - 1 and g["right"] <= g["column"][1] + 1, g


@pytest.mark.parametrize("name", list(GRIDS))
def test_data_editors_draw_their_cells_at_20px(page_at, streamlit_server, name):
    """Opened in the room view (the grid drawn under the room's root: 17.5 px, zoomed 8/7) and
    switched to it from the reading view (drawn at 14 px, zoomed 10/7): 20 px either way."""
    link = GRIDS[name]
    page = page_at(**ROOM)
    goto(page, f"{streamlit_server}{link}{'&' if '?' in link else '?'}view=room")
    assert_grids_drawn_at_20px(grid_sizes(page), f"{name}, opened in the room view")
    page.locator("[data-testid='stDataFrame']").first.scroll_into_view_if_needed()
    shoot(page, f"room-view-{name}", full_page=False)
    goto(page, f"{streamlit_server}{link}")
    switch = page.locator("[data-testid='stSidebar']").get_by_text("Room (projector)", exact=True)
    wait_for_rerun(page, switch.click)
    assert_grids_drawn_at_20px(grid_sizes(page), f"{name}, switched to the room view")


def test_a_click_on_a_zoomed_data_editor_edits_the_cell_under_it(page_at, streamlit_server):
    """The grid finds the cell under a click from its zoomed box: a double click on the third
    row's name edits that name, in a 20 px editor drawn over that cell."""
    page = page_at(**ROOM)
    goto(page, f"{streamlit_server}/leaderboard?view=room")
    (grid, *_) = grid_sizes(page)
    canvas = page.locator("[data-testid='stDataFrame'] canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    # Streamlit's rows (and header) are 2.5 times the grid's font high; drawn times the zoom
    row = round(grid["font"] * 2.5) * grid["zoom"]
    x, y = box["x"] + 0.15 * box["width"], box["y"] + row * 3.5  # header, Model A, B: C
    page.mouse.dblclick(x, y)
    editor = page.locator(".gdg-style textarea").first
    editor.wait_for(state="visible")
    assert editor.input_value() == "Model C"
    where = editor.bounding_box()
    assert box["y"] + 3 * row - 2 <= where["y"] <= box["y"] + 4 * row, (where, box, row)
    assert float(editor.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= SMALLEST
    page.keyboard.press("Control+a")
    page.keyboard.type("Zed")
    assert editor.input_value() == "Zed"
    wait_for_rerun(page, lambda: page.keyboard.press("Enter"), timeout=120_000)  # a busy machine
    page.wait_for_function("() => location.search.includes('Zed')")
    rows = page.evaluate("() => new URLSearchParams(location.search).get('rows')").split(",")
    assert rows[2] == "Zed:74.7" and not any(r.startswith("Model C") for r in rows), rows


# --------------------------------------------------------------------------- the view switch

PILLS = """() => {
  const side = document.querySelector("[data-testid='stSidebar']").getBoundingClientRect();
  return [...document.querySelectorAll(".st-key-view [role='radiogroup'] button")].map(b => {
    const box = b.getBoundingClientRect();
    const cut = [b, ...b.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1
      || e.scrollHeight > e.clientHeight + 1).map(e => e.tagName);
    return {text: b.innerText.replace(/\\s+/g, ' '), cut, left: box.left, right: box.right,
            side: [side.left, side.right]};
  });
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [1920, 390])
def test_the_view_switch_pills_are_whole(page_at, streamlit_server, width, lang):
    """Each pill of the sidebar's view switch shows its whole text at 20 px, inside the sidebar."""
    page = page_at(width=width, height=ROOM["height"] if width == 1920 else 844)
    goto(page, f"{streamlit_server}/luck-simulator?view=room&lang={lang}")
    if width < 800:  # a phone: the sidebar opens over the page
        page.get_by_test_id("stExpandSidebarButton").click()
        page.wait_for_timeout(600)
    page.locator(".st-key-view").scroll_into_view_if_needed()
    pills = page.evaluate(PILLS)
    assert len(pills) == 2
    for p in pills:
        assert not p["cut"], f"{width}px, {lang}: the pill {p['text']!r} clips its text: {p}"
        assert p["side"][0] <= p["left"] and p["right"] <= p["side"][1], p
    shoot(page, f"room-view-pills-{width}-{lang}", full_page=False)

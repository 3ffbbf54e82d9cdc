"""Offline: no page asks anything of a host other than the server (issue 18 #7).

Every registered page (``ui.registry.PAGES``) is opened in Chromium with
every request recorded (``page.on("request")``); a request to another host
is aborted (so the check is the same with or without a network) and fails
the page. Headless Chromium never fetches a favicon, so the icon links and
every ``src``/``href`` in the document are checked too: Streamlit turns a
``:material/…:`` page icon into an SVG on fonts.gstatic.com, which is how
the card's icon went to the internet.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from conftest import _new_page
from test_browser_a11y import goto, link

from ui.registry import PAGES, Page

pytestmark = pytest.mark.browser

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
INLINE_SCHEMES = {"data", "blob", "about", "javascript"}

# Every URL the document points at: icons, scripts, styles, images, links.
DOCUMENT_URLS = """() => [
    ...[...document.querySelectorAll('link[href]')].map(e => e.href),
    ...[...document.querySelectorAll('[src]')].map(e => e.src),
    ...[...document.querySelectorAll('image')].map(e => e.href && e.href.baseVal),
].filter(Boolean)"""


def external(url: str) -> bool:
    """True for a URL that would leave the machine."""
    parts = urlparse(url)
    if parts.scheme in INLINE_SCHEMES or not parts.scheme:
        return False
    return parts.hostname not in LOCAL_HOSTS


@pytest.fixture(scope="module")
def recorded(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """One page whose requests are all recorded; those to other hosts are aborted."""
    pg = _new_page(browser, {"width": 1280, "height": 900})
    seen: list[str] = []
    pg.on("request", lambda request: seen.append(request.url))

    def route(r: Any) -> None:
        if external(r.request.url):
            r.abort()
        else:
            r.continue_()

    pg.route("**/*", route)
    try:
        yield pg, seen
    finally:
        pg.context.close()


def test_external_is_what_leaves_the_machine() -> None:
    assert external("https://fonts.gstatic.com/s/i/materialsymbolsrounded/casino/24px.svg")
    assert not external("http://127.0.0.1:8501/static/js/index.js")
    assert not external("data:image/svg+xml,<svg></svg>")


@pytest.mark.parametrize("p", PAGES, ids=[p.key for p in PAGES])
def test_page_loads_without_the_network(recorded, streamlit_server, p: Page) -> None:
    pg, seen = recorded
    seen.clear()
    goto(pg, streamlit_server + link(p))
    pg.wait_for_timeout(500)  # charts and icons load after the run
    assert pg.locator("[data-testid='stException']").count() == 0
    requested = [u for u in seen if external(u)]
    assert not requested, f"{p.title} asked other hosts for: {requested}"
    pointed = [u for u in pg.evaluate(DOCUMENT_URLS) if external(u)]
    assert not pointed, f"{p.title}'s document points at other hosts: {pointed}"
    icons = pg.evaluate("() => [...document.querySelectorAll('link[rel~=icon]')].map(e => e.href)")
    assert icons, "no favicon link"

"""In Chromium: hostile names draw nothing but their text, and the browser fetches nothing.

Two checks of what the AppTest walk (``test_hostile_names.py``) models:

- the helper itself: ``tests/apps/markdown_probe.py`` draws each of
  :data:`hostile_text.PROBES` through :func:`benchstats.outside_text.markdown`
  in a paragraph, a caption, a box, a tile, an input's label, a badge and an
  expander; each place must hold no link, image, formula, icon, colour, emphasis,
  heading, list, quote, rule or table, and read exactly the clean name. A raw
  image at the end is the control: the request log must see that one.
- the site: every page that shows a name, opened with hostile names in the
  link (Check a claim's names and pasted claim, the Gap grader, the box framed
  and alone, the leaderboard's board and its across-benchmarks rows, a slice
  table), and a file with hostile column names, must not ask the hostile host
  for anything, nor point at it, while the names show as typed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode, urlparse

import pytest
from conftest import _new_page, goto, start_server, stop_server
from hostile_text import BARE, HOST, IMAGE, LINK, MAIL, MARKUP, NAMES, PROBES, RLO

from benchstats.outside_text import JOINER, clean

pytestmark = pytest.mark.browser

# What each probe's block may hold besides text: the badge's own span, the expander's chevron.
DRAWN = """(root) => {
  const md = [...root.querySelectorAll('[data-testid=stMarkdownContainer]')];
  const inMd = (sel) => md.flatMap(e => [...e.querySelectorAll(sel)]).length;
  return {
    links: inMd('a'), images: root.querySelectorAll('img').length, formulas: inMd('.katex'),
    icons: [...root.querySelectorAll('[data-testid=stIconMaterial]')].map(e => e.innerText),
    colours: md.flatMap(e => [...e.querySelectorAll('span[style]')])
      .filter(s => !s.classList.contains('stMarkdownBadge')).length,
    marks: inMd('strong, em, del, code, h1, h2, h3, h4, h5, h6, li, blockquote, hr, table'),
    texts: md.map(e => e.innerText),
  };
}"""


@pytest.fixture(scope="module")
def probe(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    proc, url = start_server("tests/apps/markdown_probe.py")
    pg = _new_page(browser, {"width": 1280, "height": 900})
    seen: list[str] = []
    pg.on("request", lambda r: seen.append(r.url))
    pg.route(f"**://{HOST}/**", lambda r: r.abort())  # logged, never sent
    try:
        goto(pg, url)
        pg.wait_for_timeout(500)  # images are asked for once drawn
        yield pg, seen
    finally:
        pg.context.close()
        stop_server(proc)


def test_the_request_log_sees_a_raw_image(probe):
    _, seen = probe
    assert f"http://{HOST}/control.png" in seen


@pytest.mark.parametrize("i", range(len(PROBES)), ids=[repr(p)[1:25] for p in PROBES])
def test_each_escaped_name_draws_its_text_and_nothing_else(probe, i):
    pg, seen = probe
    block = pg.locator(f".st-key-probe-{i}")
    got = block.evaluate(DRAWN)
    where = f"{PROBES[i]!r}: {got}"
    assert got["links"] == got["images"] == got["formulas"] == got["colours"] == 0, where
    assert got["marks"] == 0, where
    assert got["icons"] == ["keyboard_arrow_right"], where  # the expander's own, no other
    want = clean(PROBES[i])
    shown = [
        t.replace(JOINER, "").strip() for t in got["texts"] if t != "1"
    ]  # not the tile's value
    assert shown and all(t == want for t in shown), f"{where}: shows {shown}, not {want!r}"
    assert [urlparse(u).path for u in seen if urlparse(u).hostname == HOST] == ["/control.png"]


# --------------------------------------------------------------------------- the site

BOARD = ",".join(f"{quote(x, safe='')}:{70 + i}:n500" for i, x in enumerate(NAMES))
# Two models across benchmarks named as hostile names, and a slice table of them (the
# leaderboard's own encoding escapes its separators; a slice's name ends at its comma).
BENCH_ROWS = ",".join(f"{quote(x, safe='')}:{80 + i}:{78 - i}:n300" for i, x in enumerate(NAMES))
SLICE_TABLE = "\n".join(f"{x.replace(',', ' ')},100,{80 + i},{70 - i}" for i, x in enumerate(NAMES))
VISITS = [
    ("/", {"name_a": IMAGE, "name_b": LINK, "a": 82, "b": 78, "n": 100}),
    ("/", {"name_a": BARE, "name_b": MARKUP, "a": 82}),
    ("/", {"claim": "Www.Evil.Example solved 412 of 500 SWE-bench Verified tasks; Leopard 398"}),
    ("/gap-grader", {"name_a": MAIL, "name_b": RLO, "a_only": 20, "b_only": 8, "n": 198}),
    ("/gap-grader", {"name_a": MARKUP, "name_b": IMAGE, "a": 82, "b": 78, "n": 100}),
    ("/box", {"name_a": BARE, "name_b": LINK, "a": 82, "b": 78, "n": 100, "embed": "true"}),
    ("/box", {"name_a": MAIL, "name_b": f"http://{HOST}/x", "a": 82, "b": 78, "n": 100}),
    ("/leaderboard", {"bench_rows": BENCH_ROWS, "name_a": BARE, "name_b": MAIL}),
    ("/slices", {"table": SLICE_TABLE}),
]
SITE_DRAWN = """() => {
  const main = document.querySelector('[data-testid=stMain]');
  const bad = (u) => { try { return new URL(u).hostname.includes('evil'); } catch { return false; } };
  return {
    links: [...main.querySelectorAll('a')].map(a => a.href).filter(bad),
    images: [...main.querySelectorAll('img, image')].map(i => i.src || i.href?.baseVal).filter(bad),
    formulas: main.querySelectorAll('.katex').length,
    skulls: [...main.querySelectorAll('[data-testid=stIconMaterial]')]
      .filter(e => e.innerText === 'skull').length,
    text: main.innerText,
  };
}"""


@pytest.fixture(scope="module")
def site(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    pg = _new_page(browser, {"width": 1280, "height": 900})
    seen: list[str] = []
    pg.on("request", lambda r: seen.append(r.url))
    pg.route(f"**://*{HOST}*/**", lambda r: r.abort())
    try:
        yield pg, seen
    finally:
        pg.context.close()


def assert_nothing_fetched_or_drawn(pg, seen, where: str) -> str:
    got = pg.evaluate(SITE_DRAWN)
    asked = [u for u in seen if HOST in (urlparse(u).hostname or "")]
    assert not asked, f"{where}: the browser asked {HOST} for {asked}"
    assert not got["links"] and not got["images"], f"{where}: {got['links']} {got['images']}"
    assert got["formulas"] == got["skulls"] == 0, where
    return got["text"].replace(JOINER, "")


@pytest.mark.parametrize(("route", "query"), VISITS)
def test_a_link_with_hostile_names_fetches_nothing(site, streamlit_server, route, query):
    pg, seen = site
    seen.clear()
    goto(pg, f"{streamlit_server}{route}?{urlencode(query)}")
    pg.wait_for_timeout(500)
    text = assert_nothing_fetched_or_drawn(pg, seen, f"{route} {query}")
    for key in ("name_a", "name_b"):
        if clean(query.get(key, "")):
            assert clean(query[key]) in text, f"{query[key]!r} is not shown as typed"
    if "bench_rows" in query or "table" in query:  # rows named by the link
        assert clean(LINK) in text and clean(BARE) in text, f"{route}: the rows' names"


def test_a_board_and_a_file_with_hostile_names_fetch_nothing(site, streamlit_server, tmp_path):
    pg, seen = site
    seen.clear()
    goto(pg, f"{streamlit_server}/leaderboard?rows={BOARD}")
    pg.wait_for_timeout(500)
    assert clean(IMAGE) in assert_nothing_fetched_or_drawn(pg, seen, "board")
    rows = "\n".join(f"q{q},{q % 2},{q % 3 % 2}" for q in range(40))
    csv = tmp_path / "results.csv"
    csv.write_text(f'question_id,"{IMAGE}","{LINK}"\n{rows}\n')
    goto(pg, f"{streamlit_server}/gap-grader?mode=file")
    pg.locator("[data-testid=stFileUploaderDropzoneInput]").first.set_input_files(str(csv))
    pg.get_by_text("[click](http://evil.example/B)", exact=False).first.wait_for()
    pg.wait_for_timeout(1000)
    assert clean(LINK) in assert_nothing_fetched_or_drawn(pg, seen, "file")

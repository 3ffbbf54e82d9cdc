"""The recompute box in Chromium: the static file's own code against benchstats, and both boxes
framed by an article on another site.

- **Equality.** The static file (:func:`benchstats.box.static_box`) is opened as a file and
  its own ``check()`` (the function its inputs call) grades 12,000+ typed inputs: random
  scores at every precision, 0% and 100%, one question, a million, no lead, leads either
  way, leads too small to count, scores so small they read as 0. Each verdict sentence,
  SE label and value, range and questions needed must be the very string benchstats and
  :mod:`benchstats.prose` write for the same link.
- **An article.** A host page served by ``python -m http.server`` on ``localhost`` (another
  site than the app's ``127.0.0.1``: a third-party frame) frames ``/box`` (served as
  ``make run`` serves it, and through ``make serve``'s HAProxy, whose sticky cookie such a
  frame does not send back) and the static file. Both draw, an edit in each recomputes, and
  their figures are the site's. Framed, ``/box`` has no sidebar and no header, fits 640×400
  and stacks at 320 px. Screenshots: test-artifacts/box/.
- The static file asks for nothing beyond itself, framed or opened as a file; axe finds no
  WCAG 2 A/AA violation in either box.
"""

from __future__ import annotations

import contextlib
import random
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, free_port, wait_for_app
from test_browser_a11y import report, violations
from test_browser_proxy import start as start_room

from benchstats.box import MAX_QUESTIONS, static_box
from benchstats.gaps import unpaired_gap
from benchstats.grading import Names, grade_unpaired
from benchstats.prose import claim as prose
from benchstats.prose.box import figures

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "box"
NAMES = Names("Model X", "Model Y")
CLAIM = {"a": "87.3", "b": "85.1", "n": "198"}
LOAD_MS = 120_000  # a cold frame on a busy 2-core machine


# --------------------------------------------------------------------------- what Python says


def graded(a: str, b: str, n: str, names: Names = NAMES):
    """The site's grading of a link with these values (``Key.parse`` reads each as ``float``;
    the page divides the scores by 100)."""
    return grade_unpaired(float(a) / 100, float(b) / 100, int(float(n)), names=names)


def said(g) -> list[str]:
    """The verdict, SE label, SE, range and questions needed of a grading, in the site's words."""
    se, span, needed, _ = figures(g)
    return [prose.headline(g), se.label, se.value, span.value, needed.value]


def expected(a: str, b: str, n: str, names: Names = NAMES) -> list[str]:
    return said(graded(a, b, n, names))


def exact(gap) -> list[float]:
    """The range's ends and the SE (the pooled one at 0% and 100%) behind those words."""
    return [gap.low, gap.high, gap.se or gap.se_null]


CHECK = """(batch) => batch.map(([a, b, n]) => {
    const o = window.leadOrLuck.check(a, b, n);
    return [[o.verdict, o.seLabel, o.se, o.range, o.needed],
            [o.gap.low, o.gap.high, o.gap.se || o.gap.seNull]];
})"""


def typed(rng: random.Random) -> str:
    """A score as a reader might type it: whole, 1–3 decimals, full precision, exponents."""
    kind = rng.random()
    x = rng.uniform(0, 100)
    if kind < 0.25:
        return str(rng.randint(0, 100))
    if kind < 0.8:
        return f"{x:.{rng.randint(1, 3)}f}"
    if kind < 0.95:
        return repr(x)
    return f"{rng.uniform(1, 9.99):.2f}e-{rng.randint(1, 9)}"


def cases(count: int = 12_000, seed: int = 37) -> list[tuple[str, str, str]]:
    """Typed inputs: the edges first, then random ones."""
    edges = ["0", "100", "0.0", "100.00", "50", "0.01", "99.99", "1e-199", "1e-198", "2e-198"]
    counts = ["1", "2", "3", "7", "10", "30", "100", "198", "999999", str(MAX_QUESTIONS)]
    out = [(a, b, n) for a in edges for b in edges for n in counts]  # both sides, ties, 0 and 100
    out += [("82", "78", "100"), ("78", "82", "100"), ("82", "82", "100")]
    out += [("50.0000001", "50", "1000000"), ("50", "50.0000001", "1"), ("61", "70.5", "2000")]
    rng = random.Random(seed)
    while len(out) < count:
        a = typed(rng)
        roll = rng.random()
        if roll < 0.1:
            b = a  # no lead
        elif roll < 0.2:  # a lead of a few hundredths or less: many questions, or uncountable
            b = repr(min(100.0, float(a) + rng.choice([1e-9, 1e-6, 0.001, 0.01, 0.05])))
        else:
            b = typed(rng)
        n = str(round(10 ** rng.uniform(0, 6))) if rng.random() < 0.9 else rng.choice(counts)
        out.append((a, b, n))
    return out


# --------------------------------------------------------------------------- servers and pages


@pytest.fixture(scope="module")
def article(tmp_path_factory) -> Iterator[dict[str, Any]]:
    """A folder served by ``python -m http.server`` on another site (``localhost``): the
    static file, and host pages written by :func:`host`."""
    folder = tmp_path_factory.mktemp("article")
    (folder / "box.html").write_text(
        static_box(
            *(float(CLAIM[k]) for k in "ab"),
            int(CLAIM["n"]),
            names=NAMES,
            site="http://127.0.0.1:1/",
        ),  # fmt: skip
        encoding="utf-8",
    )
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://localhost:{port}"
    deadline = time.monotonic() + 20
    while True:
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"{url}/box.html", timeout=2).close()
            break
        assert time.monotonic() < deadline, "http.server did not start"
        time.sleep(0.2)
    try:
        yield {"folder": folder, "url": url}
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def host(article: dict, name: str, frames: dict[str, str], width: int = 640) -> str:
    """Write an article page that frames ``frames`` (id → src); its address."""
    iframes = "\n".join(
        f'<figure><iframe id="{fid}" src="{src}" title="Lead or Luck: is Model X\'s lead over '
        f'Model Y more than luck?" width="100%" height="420" style="border:0" loading="lazy">'
        f"</iframe><figcaption>{caption}</figcaption></figure>"
        for fid, (src, caption) in frames.items()
    )
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Is Model X really ahead? | The Daily Benchmark</title>
<style>
body {{ margin: 0; background: #fff; color: #111; font: 18px/1.6 Georgia, "Times New Roman", serif; }}
main {{ max-width: {width}px; margin: 0 auto; padding: 24px 0; }}
header, main > p {{ padding: 0 16px; }}
.kicker {{ font: 700 13px/1.2 system-ui, sans-serif; letter-spacing: .08em; text-transform: uppercase;
  color: #0b5cad; }}
h1 {{ font-size: 30px; line-height: 1.15; margin: 6px 0 10px; }}
.dek {{ color: #444; font-size: 19px; margin: 0 0 8px; }}
.byline {{ font: 13px system-ui, sans-serif; color: #555; }}
figure {{ margin: 20px 0; border-top: 3px solid #111; }}
figcaption {{ font: 13px/1.4 system-ui, sans-serif; color: #555; padding: 6px 16px 0; }}
@media (max-width: 480px) {{ iframe {{ height: 780px; }} }}  /* the README's advice: a phone stacks */
</style></head>
<body><main>
<header><div class="kicker">AI benchmarks</div>
<h1>Model X beat Model Y by 2.2 points. Is that more than luck?</h1>
<p class="dek">On a 198-question test, a lead this size happens by chance about half the time.
Change the numbers below to check any claim yourself.</p>
<p class="byline">By the data desk · Updated today</p></header>
{iframes}
<p>Benchmarks are samples of questions: with few questions, two equally good models land
several points apart by luck alone.</p>
</main></body></html>"""
    (article["folder"] / f"{name}.html").write_text(page, encoding="utf-8")
    return f"{article['url']}/{name}.html"


def box_link(site: str, **extra: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in {**CLAIM, "name_a": "Model%20X",
                                                "name_b": "Model%20Y", **extra}.items())  # fmt: skip
    return f"{site}/box?{query}&embed=true"


def framed_app(page: Any, fid: str) -> Any:
    """The frame ``fid`` once its Streamlit app has finished its first run and drawn its chart."""
    frame = page.locator(f"#{fid}").element_handle().content_frame()
    frame.wait_for_selector(
        "[data-testid='stApp'][data-test-script-state='notRunning']", timeout=LOAD_MS
    )
    frame.wait_for_selector(
        "[data-testid='stVegaLiteChart'] canvas, [data-testid='stVegaLiteChart'] svg",
        timeout=LOAD_MS,
    )
    return frame


def site_words(frame: Any) -> str:
    """Everything the framed /box says, as text."""
    return frame.locator("[data-testid='stMain']").inner_text()


def says_the_sites(words: str, want: list[str]) -> None:
    headline, se_label, se, span, needed = want
    assert headline in words
    for value, label in ((se, se_label), (span, "95% range for the true lead"),
                         (needed, "Questions to detect this lead")):  # fmt: skip
        assert f"{value}\n{label}" in words, (value, label, words)


def static_words(frame: Any) -> list[str]:
    return [
        frame.locator(f"#{i}").inner_text()
        for i in ("verdict", "se-label", "se", "range", "needed")
    ]


# --------------------------------------------------------------------------- the static file


def run_check(
    browser: Any, article: dict, inputs: list[tuple[str, str, str]], name: str = "box.html"
) -> list:
    """The static file's own check() on each input, in Chromium, 2,000 to a call."""
    page = browser.new_page()
    try:
        page.goto((article["folder"] / name).as_uri())
        return [
            r
            for i in range(0, len(inputs), 2000)
            for r in page.evaluate(CHECK, inputs[i : i + 2000])
        ]
    finally:
        page.close()


def test_the_static_files_own_code_writes_what_benchstats_writes(browser, article):
    inputs = cases()
    assert len(inputs) >= 10_000
    started = time.perf_counter()
    want = [(said(g), exact(g.gap)) for g in (graded(*c) for c in inputs)]
    python_s = time.perf_counter() - started
    started = time.perf_counter()
    got = [tuple(r) for r in run_check(browser, article, inputs)]
    js_s = time.perf_counter() - started
    print(f"\n{len(inputs):,} inputs: Python {python_s:.1f} s, the box's JavaScript {js_s:.1f} s")
    words = [(c, w[0], g[0]) for c, w, g in zip(inputs, want, got, strict=True) if w[0] != g[0]]
    assert not words, f"{len(words)} of {len(inputs)} differ in words; first: {words[:3]}"
    # and the numbers behind the words, to the last bit
    bits = [(c, w[1], g[1]) for c, w, g in zip(inputs, want, got, strict=True) if w[1] != g[1]]
    assert not bits, f"{len(bits)} of {len(inputs)} differ in the last bits; first: {bits[:3]}"
    # the edges are really in the set: each kind of answer appears
    kinds = {g[0][0].split(":")[0] for g in got} | {g[0][1] for g in got} | {g[0][4] for g in got}
    assert {"No lead", "Clears the noise", "Inside the noise", "SE if equally good",
            "too many to count", "no lead to detect", "1"} <= kinds  # fmt: skip


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_static_box_in_german_or_spanish_writes_its_numbers_as_benchstats_does(
    browser, article, lang
):
    """The box made in ``lang``: its SE, range and questions needed are the words benchstats
    writes in that language (decimal comma, German's grouping from four digits, Spanish's from
    five), and its verdicts the language's messages."""
    from benchstats.language import _, using

    name = f"box-{lang}.html"
    (article["folder"] / name).write_text(
        static_box(*(float(CLAIM[k]) for k in "ab"), int(CLAIM["n"]), names=NAMES,
                   site="http://127.0.0.1:1/", lang=lang),
        encoding="utf-8",
    )  # fmt: skip
    inputs = cases(3_000, seed=41)
    with using(lang):
        want = []
        for g in (graded(*c) for c in inputs):
            se, span, needed, _luck = figures(g)
            want.append([_(se.label), se.value, span.value, _(needed.value)])
        verdicts = {
            _("No lead: the two scores are equal, so there is nothing for luck to explain.")
        }
    got = run_check(browser, article, inputs, name)
    wrong = [(c, w, g[0][1:]) for c, w, g in zip(inputs, want, got, strict=True) if w != g[0][1:]]
    assert not wrong, f"{len(wrong)} of {len(inputs)} differ; first: {wrong[:3]}"
    assert verdicts <= {g[0][0] for g in got}
    assert all("," in g[0][3] and "." not in g[0][3] for g in got)  # "−7,1 bis +15,1"


def test_at_0_and_100_percent_the_range_is_newcombes_to_the_last_bit(browser, article):
    """Both scores at the ends: the range is two Wilson intervals joined by math.hypot, which
    the box ports from CPython (JavaScript's Math.hypot is a last bit off a quarter of the time)."""
    rng = random.Random(11)
    counts = [*range(1, 5001), *(rng.randint(5001, MAX_QUESTIONS) for _ in range(5000))]
    inputs = [(a, b, str(n)) for a, b in (("100", "0"), ("0", "100")) for n in counts]
    got = run_check(browser, article, inputs)
    gaps = [
        unpaired_gap(float(a) / 100, float(b) / 100, int(n)) for a, b, n in inputs
    ]  # the grading's
    wrong = [(c, g[1]) for c, g, gap in zip(inputs, got, gaps, strict=True) if g[1] != exact(gap)]
    assert not wrong, f"{len(wrong)} of {len(inputs)} differ; first: {wrong[:3]}"


@pytest.mark.parametrize(
    ("a", "b", "n", "said"),
    [
        ("", "78", "100", "No verdict yet: it needs the score of Model X."),
        ("", "", "", "No verdict yet: it needs the score of Model X, the score of Model Y and "
         "the number of questions."),
        ("101", "78", "100", "Not graded: the score of Model X must be a number from 0 to 100."),
        ("82", "78", "2.5", "Not graded: the questions must be a whole number from 1 to 1,000,000."),
        ("82", "78", "1000001", "Not graded: the questions must be a whole number from 1 to "
         "1,000,000."),
    ],
)  # fmt: skip
def test_the_static_box_says_what_it_needs(browser, article, a, b, n, said):
    page = browser.new_page()
    try:
        page.goto((article["folder"] / "box.html").as_uri())
        out = page.evaluate("([a, b, n]) => window.leadOrLuck.check(a, b, n)", [a, b, n])
    finally:
        page.close()
    assert out["verdict"] == said and "se" not in out


def requests_of(page: Any) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    return seen


def test_the_static_file_asks_for_nothing_beyond_itself(browser, article):
    context = browser.new_context(viewport={"width": 640, "height": 500})
    try:
        page = context.new_page()
        seen = requests_of(page)
        path = (article["folder"] / "box.html").as_uri()
        page.goto(path)
        page.fill("#a", "90")
        page.wait_for_timeout(300)
        assert seen == [path]
        framed = host(article, "static-only", {"static": ("box.html", "The static box")})
        seen.clear()
        page.goto(framed)
        page.frame_locator("#static").locator("#verdict").wait_for()
        page.frame_locator("#static").locator("#n").fill("1000")
        page.wait_for_timeout(300)
        assert seen == [framed, f"{article['url']}/box.html"]
    finally:
        context.close()


def test_the_static_box_recomputes_as_the_reader_types(browser, article):
    page = browser.new_page(viewport={"width": 640, "height": 400})
    try:
        page.goto((article["folder"] / "box.html").as_uri())
        assert static_words(page) == expected(**CLAIM)
        now = dict(CLAIM)
        for field, value in (("a", "95"), ("n", "2000"), ("b", "95")):
            page.fill(f"#{field}", value)
            now[field] = value
            assert static_words(page) == expected(**now), field
        assert page.evaluate("document.documentElement.scrollHeight") <= 400  # fits 640×400
        link = page.locator("#full").get_attribute("href")
        assert link == "http://127.0.0.1:1/?name_a=Model+X&name_b=Model+Y&a=95&b=95&n=2000"
        page.fill("#b", "")
        assert page.locator("#verdict").inner_text() == (
            "No verdict yet: it needs the score of Model Y."
        )
        assert page.locator("#b").get_attribute("aria-invalid") == "false"
    finally:
        page.close()


def test_axe_finds_nothing_in_the_static_box(browser, article):
    page = browser.new_page(viewport={"width": 640, "height": 400})
    try:
        page.goto((article["folder"] / "box.html").as_uri())
        found = violations(page)
        assert not found, report(found)
        page.set_viewport_size({"width": 320, "height": 700})
        page.fill("#a", "101")  # a refused value's state too
        found = violations(page)
        assert not found, report(found)
    finally:
        page.close()


# --------------------------------------------------------------------------- /box framed


def check_framed_box(page: Any, article: dict, site: str, name: str) -> None:
    """The article frames /box from ``site`` and the static file: both draw the site's figures,
    an edit in each recomputes, the frame has no sidebar or header and fits 640×400."""
    url = host(article, name, {
        "site": (box_link(site), "The recompute box, served by Lead or Luck"),
        "static": ("box.html", "The same box as one file: no server"),
    })  # fmt: skip
    page.set_viewport_size({"width": 640, "height": 1100})
    page.goto(url)
    frame = framed_app(page, "site")
    says_the_sites(site_words(frame), expected(**CLAIM))
    static = page.frame_locator("#static")
    assert static_words(static) == expected(**CLAIM)
    # framed: no sidebar, no header, the whole box inside 640×400
    assert frame.locator("[data-testid='stSidebar']").count() == 0
    assert frame.locator("[data-testid='stHeader']").inner_text() == ""  # an empty band
    assert frame.locator("[data-testid='stToolbar'], [data-testid='stMainMenu']").count() == 0
    fits = frame.evaluate(
        "() => [document.documentElement.scrollHeight, innerHeight, "
        "document.documentElement.scrollWidth, innerWidth]"
    )
    assert fits[0] <= fits[1] and fits[2] <= fits[3], fits
    shot(page, f"{name}-640")
    # an edit inside each recomputes
    before = page._finished_runs
    score = frame.get_by_role("spinbutton", name="Score of Model X (%)")
    score.fill("95")
    score.press("Enter")
    deadline = time.monotonic() + LOAD_MS / 1000
    while page._finished_runs <= before:
        assert time.monotonic() < deadline, "no rerun after the edit"
        page.wait_for_timeout(50)
    frame.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']")
    now = expected("95", CLAIM["b"], CLAIM["n"])
    frame.get_by_text(now[0]).wait_for(timeout=LOAD_MS)
    says_the_sites(site_words(frame), now)
    static.locator("#a").fill("95")
    assert static_words(static) == now
    # a phone: the box stacks inside its 320-px frame
    page.set_viewport_size({"width": 320, "height": 1100})
    page.wait_for_timeout(600)
    tops = [frame.get_by_role("spinbutton", name=label).bounding_box()["y"]
            for label in ("Score of Model X (%)", "Score of Model Y (%)", "Questions")]  # fmt: skip
    assert tops == sorted(tops) and tops[0] < tops[1] < tops[2], tops
    assert frame.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert static.locator("body").evaluate("b => b.scrollWidth <= innerWidth")
    shot(page, f"{name}-320")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))  # the viewport: OOP frames draw in it


def test_an_article_on_another_site_frames_both_boxes(page, article, streamlit_server):
    check_framed_box(page, article, streamlit_server, "article")


def test_through_haproxy_the_third_party_frame_still_works(page, article):
    """``make serve``: the sticky cookie is SameSite=Lax, so a frame on another site never
    sends it back; the box needs none (no upload, no download: one websocket)."""
    room = start_room(2, free_port())
    site = room.url.rstrip("/")
    cookies: list[str] = []
    page.on(
        "request",
        lambda r: r.url.startswith(site) and cookies.append(r.all_headers().get("cookie", "")),
    )
    try:
        check_framed_box(page, article, site, "article-haproxy")
    finally:
        assert room.stop() == 0
    assert len(cookies) > 2 and not any("LOLWORKER" in c for c in cookies), cookies


def rgb(css: str) -> tuple[int, ...]:
    """ "rgb(14, 17, 23)" as (14, 17, 23)."""
    return tuple(int(v) for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3])


@pytest.mark.parametrize("width", [640, 320])
def test_the_framed_box_takes_a_dark_page_s_theme(page, streamlit_server, width):
    """With embed_options=dark_theme the box is light on dark, its chart turned over, axe clean."""
    page.set_viewport_size({"width": width, "height": 400 if width == 640 else 760})
    page.goto(box_link(streamlit_server, embed_options="dark_theme"), timeout=LOAD_MS)
    wait_for_app(page, timeout=LOAD_MS)
    chart = page.locator("[data-testid='stVegaLiteChart']").first
    chart.locator("canvas, svg").first.wait_for()
    ground = page.locator("[data-testid='stApp']").evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    ink = page.get_by_text("Open the full check").evaluate("e => getComputedStyle(e).color")
    label = page.locator("[data-testid='stWidgetLabel']").first.evaluate(
        "e => getComputedStyle(e.querySelector('p') || e).color"
    )
    assert max(rgb(ground)) < 40, ground  # a dark ground
    assert min(rgb(label)) > 200 and min(rgb(ink)[1:]) > 150, (label, ink)
    assert "invert" in chart.evaluate("e => getComputedStyle(e).filter")
    page.screenshot(path=str(SHOTS / f"site-box-dark-{width}.png"), full_page=True)
    found = violations(page)
    assert not found, report(found)


def test_a_light_frame_is_drawn_as_before(page, streamlit_server):
    """Without dark_theme the dark sheet is on the page but draws nothing: white, chart as drawn."""
    page.set_viewport_size({"width": 640, "height": 400})
    page.goto(box_link(streamlit_server, embed_options="show_padding"), timeout=LOAD_MS)
    wait_for_app(page, timeout=LOAD_MS)
    chart = page.locator("[data-testid='stVegaLiteChart']").first
    chart.locator("canvas, svg").first.wait_for()
    ground = page.locator("[data-testid='stApp']").evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    assert rgb(ground) == (255, 255, 255), ground
    assert chart.evaluate("e => getComputedStyle(e).filter") == "none"


def test_axe_finds_nothing_in_the_framed_site_box(page, streamlit_server):
    page.set_viewport_size({"width": 640, "height": 400})
    page.goto(box_link(streamlit_server), timeout=LOAD_MS)
    wait_for_app(page, timeout=LOAD_MS)
    page.locator(
        "[data-testid='stVegaLiteChart'] canvas, [data-testid='stVegaLiteChart'] svg"
    ).first.wait_for()
    found = violations(page)
    assert not found, report(found)


def test_the_box_is_not_in_the_sidebars_list(page, streamlit_server):
    page.goto(f"{streamlit_server}/luck-simulator", timeout=LOAD_MS)
    wait_for_app(page, timeout=LOAD_MS)
    nav = page.locator("[data-testid='stSidebarNav']")
    assert "Luck simulator" in nav.inner_text() and "recompute box" not in nav.inner_text()


def test_the_check_pages_download_is_the_static_box(page, streamlit_server):
    query = "a=87.3&b=85.1&n=198&name_a=Model%20X&name_b=Model%20Y"
    page.goto(f"{streamlit_server}/?{query}", timeout=LOAD_MS)
    wait_for_app(page, timeout=LOAD_MS)
    page.get_by_text("Embed this check").click()
    snippet = page.locator("[data-testid='stCode']").filter(has_text="<iframe").inner_text()
    assert f'src="{streamlit_server}/box?name_a=Model%20X' in snippet.replace("+", "%20")
    with page.expect_download() as done:
        page.get_by_role("button", name="Download the box as HTML").click()
    got = Path(done.value.path()).read_text(encoding="utf-8")
    assert done.value.suggested_filename == "lead-or-luck-box.html"
    assert got == static_box(87.3, 85.1, 198, names=NAMES, site=f"{streamlit_server}/")

"""Shared test harness: AppTest deep links, a live server and a real browser.

AppTest (no browser)::

    from conftest import app_test

    at = app_test("app_pages/gap-grader.py", a=82, b=78, n=100).run()

Browser tests (Playwright driving Debian's Chromium against ``streamlit run``)::

    from conftest import shoot, wait_for_app, wait_for_rerun

    def test_something(page, streamlit_server):
        page.goto(f"{streamlit_server}/gap-grader?a=82&b=78&n=100")
        wait_for_app(page)
        wait_for_rerun(page, lambda: page.get_by_label("Score A").fill("90"))
        shoot(page, "gap-grader-edited")

Any test that uses the ``page``, ``page_at``, ``browser`` or
``streamlit_server`` fixture is marked ``browser`` automatically
(``pytest -m "not browser"`` runs the rest). When Chromium or Playwright is
missing the browser tests skip locally, with the reason, and FAIL in CI (the
``CI`` environment variable set): CI must never pass without them.

``wait_for_rerun`` counts the ``script_finished`` messages the page's
websocket receives, so it cannot miss a fast rerun (the app's
``data-test-script-state`` attribute can skip ``running`` altogether).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `pytest tests/x.py` (not `python -m pytest`) imports benchstats too
    sys.path.insert(0, str(ROOT))
import serve  # noqa: E402 - the served command, from the checkout's root

ARTIFACTS = ROOT / "test-artifacts"
BROWSER_FIXTURES = {"page", "page_at", "browser", "streamlit_server"}
DEFAULT_VIEWPORT = {"width": 1280, "height": 900}
PHONE_VIEWPORT = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
]
SERVER_START_TIMEOUT = 60.0  # seconds; a cold start imports pandas, altair, scipy
APP_TIMEOUT_MS = 30_000


# --------------------------------------------------------------------------- AppTest


def app_test(page_path: str, *, timeout: float = 30, **query: Any):
    """A not-yet-run AppTest of ``app.py`` on ``page_path`` with ``?key=value`` set.

    Values are turned into strings as a URL would carry them
    (``a=82`` → ``"82"``); a list gives a repeated key. Call ``.run()``.

    Example: ``at = app_test("app_pages/check_a_claim.py", a=82, b=78, n=100).run()``
    """
    from streamlit.testing.v1 import AppTest

    # Before its first run AppTest finds a page by its file name; each page's file is
    # named after its URL path (app_pages/gap-grader.py), so the switch holds at once.
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    for key, value in query.items():
        if isinstance(value, list | tuple):
            at.query_params[key] = [str(v) for v in value]
        else:
            at.query_params[key] = str(value)
    return switch_page(at, page_path)


def switch_page(at, page_path: str):
    """``at.switch_page(page_path)``, which holds before the first run: AppTest names a page by
    its file then, and each page's file is named after its URL path (``app_pages/gap-grader.py``;
    ``test_app_test_opens_the_page_it_names`` holds it)."""
    return at.switch_page(page_path)


def as_read(text: str) -> str:
    """Markdown as a reader reads it: the escapes and word joiners of
    ``benchstats.outside_text.markdown`` undone."""
    return re.sub(r"\\(.)", r"\1", text).replace("\u2060", "")


def card_numbers(at) -> dict[str, str]:
    """A run page's key numbers: its verdict card's tiles and planning list (``ui.verdict``).

    The planning numbers are lines of one markdown, "- label: **value**.", not tiles.
    """
    said = "\n".join(str(m.value) for m in at.markdown)
    planned = dict(re.findall(r"^- (.+?): \*\*(.+?)\*\*\.", said, re.MULTILINE))
    return {m.label: m.value for m in at.metric} | planned


def chart_rows(chart) -> list[dict]:
    """The rows an AppTest chart element sends: its inline data, read back from Arrow."""
    import pyarrow as pa

    return pa.ipc.open_stream(chart.proto.data.data).read_all().to_pylist()


PHONE_CHART_WIDTH = 358  # a 390-px phone less the main block's 16-px padding each side


@functools.cache
def _page_font() -> str:
    """The family Streamlit draws chart text in, registered with vl-convert once.

    Streamlit ships Source Sans only as WOFF2, which vl-convert cannot read;
    fontTools rewrites it as TrueType. Measured in Arial's metrics (vl-convert's
    default) legends come out about a tenth wider than on the page (the
    coverage legend: 417 px against 382), so the tests measure in its font.
    """
    import streamlit
    import vl_convert
    from fontTools.ttLib import TTFont

    media = Path(streamlit.__file__).parent / "static" / "static" / "media"
    font = TTFont(next(media.glob("SourceSansVF-Upright*.woff2")))
    folder = Path(tempfile.mkdtemp(prefix="fonts-"))
    font.flavor = None
    font.save(folder / "SourceSans.ttf")
    vl_convert.register_font_directory(str(folder))
    return font["name"].getDebugName(1)


def legend_right_edges(spec: dict, width: int = PHONE_CHART_WIDTH) -> list[float]:
    """Where each legend of a Vega-Lite ``spec`` ends, in px from the canvas's left edge.

    Drawn ``width`` wide by vl-convert as the page lays it out (``autosize``
    fit: the plot shrinks to the width, axes and legends keep their size) in
    the page's font. A legend that ends past ``width`` is cut off on screen.
    """
    import vl_convert

    # vl-convert has no container: a spec's containerSize() reads the phone's width here.
    spec = json.loads(json.dumps(spec).replace("containerSize()[0]", str(width)))
    spec = {**spec, "width": width, "autosize": {"type": "fit", "contains": "padding"}}
    spec["config"] = {**spec.get("config", {}), "font": _page_font()}
    scene = vl_convert.vegalite_to_scenegraph(spec)
    root = scene["scenegraph"]["items"][0]
    legends = [g["items"][0] for g in root.get("items", []) if g.get("role") == "legend"]
    return [scene["origin"][0] + g["x"] + g["width"] for g in legends]


# --------------------------------------------------------------------------- markers


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives Debian's Chromium through Playwright against a real server"
    )


_BROWSER_TESTS: set[str] = set()  # node ids of the collected browser tests


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)  # a parameter named "page" is not the fixture
        params = set(callspec.params) if callspec is not None else set()
        if BROWSER_FIXTURES & (set(getattr(item, "fixturenames", ())) - params):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("browser"):
            _BROWSER_TESTS.add(item.nodeid)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line counting the browser tests, so a run shows they really ran."""
    counts: dict[str, int] = {}
    for outcome in ("passed", "failed", "skipped", "error"):
        for rep in terminalreporter.stats.get(outcome, []):
            if rep.nodeid in _BROWSER_TESTS and rep.when in ("call", "setup"):
                if outcome == "passed" and rep.when != "call":
                    continue
                counts[outcome] = counts.get(outcome, 0) + 1
    if counts:
        shown = ", ".join(f"{v} {k}" for k, v in counts.items())
        terminalreporter.write_line(f"browser tests (real Chromium): {shown}")


def _unavailable(reason: str) -> None:
    """Fail in CI, skip elsewhere: CI must never go green without the browser tests."""
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


# --------------------------------------------------------------------------- server


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody is listening on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    script: str | Path = "app.py", *, cwd: Path = ROOT, plain: bool = False
) -> tuple[subprocess.Popen, str]:
    """Serve ``script`` as ``make run`` does on a free loopback port; return (process, base URL).

    Waits for ``/_stcore/health`` (no warm-up run: the first visitor must be
    served right, as after a real restart); raises RuntimeError (with the server's
    output) if it does not answer within SERVER_START_TIMEOUT seconds. ``plain``
    serves it with a bare ``streamlit run``, as Community Cloud does.
    """
    port = free_port()
    # Every script is served the way `make run` serves app.py (serve.command: serve.py, its
    # TCP_NODELAY, and no option but the port and address; .streamlit/config.toml has the rest),
    # so the minimal app in speed ratios gets the same server as the pages.
    cmd = serve.command(script, port)
    if plain:  # a bare `streamlit run`, with the same options
        cmd = [sys.executable, "-m", "streamlit", "run", *cmd[2:]]
    log = open(_server_log(port), "w+b")  # noqa: SIM115 - closed by stop_server
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
    proc._log = log  # type: ignore[attr-defined]
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                healthy = r.status == 200
        except OSError:
            healthy = False
        if healthy:
            return proc, url
        time.sleep(0.2)
    stop_server(proc)
    log.seek(0)
    output = log.read().decode(errors="replace")[-3000:]
    raise RuntimeError(f"streamlit did not become healthy on {url}:\n{output}")


def _server_log(port: int) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"server-{port}.log"


def stop_server(proc: subprocess.Popen) -> None:
    """Stop a server started by :func:`start_server` (terminate, then kill)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    log = getattr(proc, "_log", None)
    if log is not None:
        log.close()


@pytest.fixture(scope="session")
def streamlit_server() -> Iterator[str]:
    """Base URL (``http://127.0.0.1:PORT``) of ``streamlit run app.py``, for the session."""
    proc, url = start_server("app.py")
    try:
        yield url
    finally:
        stop_server(proc)


# --------------------------------------------------------------------------- browser


def chromium_path() -> str:
    return os.environ.get("CHROMIUM") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session (Debian's, via ``executable_path``)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -r requirements-dev.txt)")
    exe = chromium_path()
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)) and not shutil.which(exe):
        _unavailable(f"no Chromium at {exe} (apt-get install chromium, or set CHROMIUM=)")
    with sync_playwright() as pw:
        try:
            b = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        except Exception as exc:  # a broken install: name it
            _unavailable(f"Chromium at {exe} did not start: {exc}")
        try:
            yield b
        finally:
            b.close()


def _record_frames(page: Any) -> None:
    """Count ``script_finished`` messages on the page's websocket (see wait_for_rerun)."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    page._finished_runs = 0  # type: ignore[attr-defined]
    page._frame_times = []  # type: ignore[attr-defined]

    def on_frame(payload: Any) -> None:
        if isinstance(payload, str):
            return
        page._frame_times.append(time.perf_counter())
        try:
            msg = ForwardMsg.FromString(payload)
        except Exception:
            return
        if msg.WhichOneof("type") == "script_finished":
            page._finished_runs += 1

    def on_ws(ws: Any) -> None:
        if "_stcore/stream" in ws.url:
            ws.on("framereceived", on_frame)

    page.on("websocket", on_ws)


def _new_page(browser: Any, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    context.set_default_timeout(APP_TIMEOUT_MS)
    pg = context.new_page()
    _record_frames(pg)
    return pg


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page in a new context, 1280×900, with websocket rerun counting."""
    pg = _new_page(browser, DEFAULT_VIEWPORT)
    try:
        yield pg
    finally:
        pg.context.close()


@pytest.fixture
def page_at(browser: Any) -> Iterator[Callable[..., Any]]:
    """Factory for pages at other sizes: ``page_at(390, 844)`` (closed after the test)."""
    made: list[Any] = []

    def make(width: int = 1280, height: int = 900) -> Any:
        pg = _new_page(browser, {"width": width, "height": height})
        made.append(pg)
        return pg

    try:
        yield make
    finally:
        for pg in made:
            pg.context.close()


# --------------------------------------------------------------------------- helpers


def wait_for_app(page: Any, *, timeout: float = APP_TIMEOUT_MS) -> None:
    """Wait until the app is connected, no script is running and nothing is a skeleton."""
    page.wait_for_selector(
        "[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=timeout
    )
    page.wait_for_selector(
        "[data-testid='stApp'][data-test-script-state='notRunning']", timeout=timeout
    )
    page.wait_for_selector("[data-testid='stSkeleton']", state="detached", timeout=timeout)
    # A thumb's script runs a moment after it is drawn; its chart follows it from then.
    page.wait_for_function(
        "() => [...document.querySelectorAll('.lol-thumb input')]"
        ".every(i => i.dataset.sent !== undefined)",
        timeout=timeout,
    )


def goto(page: Any, url: str) -> None:
    """Open ``url`` and wait for its first complete run (first script_finished)."""
    before = getattr(page, "_finished_runs", 0)
    page.goto(url)
    _wait_runs(page, before, APP_TIMEOUT_MS)
    wait_for_app(page)


def _wait_runs(page: Any, before: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout / 1000
    while page._finished_runs <= before:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no script_finished message within {timeout / 1000:.0f} s")
        page.wait_for_timeout(20)  # lets Playwright deliver websocket events


def wait_for_rerun(
    page: Any, action: Callable[[], Any], *, timeout: float = APP_TIMEOUT_MS
) -> None:
    """Do ``action`` (an edit) and wait until the rerun it causes has finished.

    Counts ``script_finished`` websocket messages, so a rerun that never shows
    ``running`` in the DOM is still seen. Then waits for :func:`wait_for_app`.
    """
    before = page._finished_runs
    action()
    _wait_runs(page, before, timeout)
    wait_for_app(page, timeout=timeout)


def shoot(page: Any, name: str, *, full_page: bool = True) -> Path:
    """Save a screenshot as ``test-artifacts/<name>.png`` and return its path.

    Streamlit scrolls inside its main container, not the document, so a plain
    full-page screenshot stops at the viewport. With ``full_page`` the
    viewport is stretched to the app's full height for the shot, then restored.
    """
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    size = page.viewport_size
    height = page.evaluate(
        """() => Math.max(...[...document.querySelectorAll(
            "[data-testid='stMain'], [data-testid='stAppViewContainer'], [data-testid='stSidebar']"
        )].map(e => e.scrollHeight), document.documentElement.scrollHeight)"""
    )
    tall = full_page and size is not None and height > size["height"]
    if tall:
        page.set_viewport_size({"width": size["width"], "height": min(int(height), 12_000)})
        page.wait_for_timeout(300)  # let charts re-lay out at the new size
    try:
        page.screenshot(path=str(path), full_page=full_page)
    finally:
        if tall:
            page.set_viewport_size(size)
    return path


def no_sideways_scroll(page: Any) -> int:
    """How many pixels the document is wider than the viewport (0 = no sideways scroll)."""
    return page.evaluate(
        "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - window.innerWidth"
    )


def set_number(page: Any, label: str, value: float | str) -> None:
    """Type ``value`` into the number input labelled ``label`` and wait for the rerun."""
    box = page.get_by_label(label, exact=True)

    def edit() -> None:
        box.fill(str(value))
        box.press("Enter")

    wait_for_rerun(page, edit)


# --------------------------------------------------------------------------- the first screen

FIRST_SCREENS = {  # what a reader sees without scrolling: (width, height, link suffix)
    "1280": (1280, 800, ""),
    "1920-room": (1920, 1080, "view=room"),
    "390-phone": (390, 844, ""),
}
MIN_CHART_SHOWN = 150  # px of the main chart a first screen must show


def with_query(url: str, extra: str) -> str:
    """``url`` with ``extra`` ("view=room") added to its query."""
    if not extra:
        return url
    return f"{url}{'&' if '?' in url else '?'}{extra}"


def first_screen(page: Any, *, verdict: str | None = None) -> dict[str, float | None]:
    """Where the page's parts start, in px from the top of the viewport (None: not drawn).

    ``chart``: the first chart; ``input``: the first input of the main area
    (a number, text, select or slider); ``verdict``: the first element whose
    text holds ``verdict`` (or the first verdict card's heading).
    """
    return page.evaluate(
        """(verdict) => {
          const main = document.querySelector("[data-testid='stMain']");
          const top = (el) => el ? el.getBoundingClientRect().top : null;
          const chart = main.querySelector("[data-testid='stVegaLiteChart']");
          const input = main.querySelector(
            "[data-testid='stNumberInput'], [data-testid='stTextInput'], " +
            "[data-testid='stTextArea'], [data-testid='stSelectbox'], [data-testid='stSlider']");
          let said = null;
          if (verdict) {
            said = [...main.querySelectorAll("h4, p, [data-testid='stMarkdownContainer']")]
              .find((el) => el.innerText.includes(verdict)) || null;
          } else {
            said = main.querySelector("h4");
          }
          const height = chart ? chart.getBoundingClientRect().height : 0;
          return {chart: top(chart), chart_height: height, input: top(input), verdict: top(said),
                  viewport: window.innerHeight};
        }""",
        verdict,
    )


def chart_shown(where: dict[str, float | None]) -> float:
    """How many px of the main chart the first screen shows."""
    if where["chart"] is None:
        return 0.0
    bottom = min(where["viewport"], where["chart"] + where["chart_height"])
    return max(0.0, bottom - max(0.0, where["chart"]))

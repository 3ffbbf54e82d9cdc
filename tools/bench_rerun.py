"""Edit-to-rerun time in a real browser: a page against the minimal app, two clocks.

    .venv/bin/python tools/bench_rerun.py                      # every page of app.py
    .venv/bin/python tools/bench_rerun.py --page / --input-label "Score A (%)"
    .venv/bin/python tools/bench_rerun.py --page /gap-grader --repeats 25
    .venv/bin/python tools/bench_rerun.py --quick              # 5 edits each, a rough look

Starts two servers (``app.py`` and ``tools/minimal_app.py``: navigation, one
URL-bound number input, one small Altair chart) and one headless Chromium.
For each page it types into a number input (``--input-label``, or the first
enabled one in the main area), each time with a value not used before, and
times each edit twice, from the key press that commits it to the rerun's
``script_finished`` message:

- **Playwright** (the first column, as it always was): from Python's clock
  before ``press("Enter")`` to Python receiving the ``script_finished`` frame
  (``page.on("websocket")`` → ``ws.on("framereceived")``, each frame shipped
  over CDP to Playwright's driver and on to Python, then parsed as a
  ``ForwardMsg``). The harness handles every message a rerun sends, so its
  cost grows with the page's elements: a long page looks slower here than a
  reader finds it.
- **in the page** (the second column): in the page's own JavaScript clock,
  from the Enter keydown to the page's websocket listener receiving
  ``script_finished`` (on the main thread, after the messages before it are
  handled). The init script is ``PROBE`` and the
  message is found by ``finished_in_page``: this is the
  reader's wait as the page lives it, and the clock the 2× guard is read in.

Waiting for the DOM's ``data-test-script-state`` would miss fast reruns
(React can batch ``running`` away); the websocket never does. The page and the
minimal app are edited in turn (order alternating), so a busy machine slows
both alike. For each column the report gives both medians, their ratio (goal:
≤ 2×, flagged when over) and the median of the per-pair ratios.

Absolute times vary with the machine's load (the load average is printed),
the ratios much less. Ends by itself; exit status 0 unless a page could not
be measured.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from conftest import (  # noqa: E402 - the test harness's server and browser set-up
    CHROMIUM_ARGS,
    chromium_path,
    start_server,
    stop_server,
    wait_for_app,
)
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

# Stamps the Enter keydown and every websocket message with the page's own clock
# (an init script: the in-page column).
PROBE = """
window.__msgs = []; window.__key = 0;
document.addEventListener('keydown', e => { if (e.key === 'Enter') window.__key = performance.now(); }, true);
const Native = window.WebSocket;
window.WebSocket = function (...args) {
  const ws = new Native(...args);
  ws.addEventListener('message', ev => {
    const d = ev.data, n = d.byteLength || 0;
    window.__msgs.push([performance.now(), n < 200 ? Array.from(new Uint8Array(d)) : null]);
  });
  return ws;
};
window.WebSocket.prototype = Native.prototype;
Object.assign(window.WebSocket, Native);
"""


def is_finished(raw: bytes | list[int] | str | None) -> bool:
    """Whether one websocket message is a rerun's ``script_finished`` ``ForwardMsg``.

    ``raw`` is the message's bytes (Playwright's frame payload) or the list of
    byte values PROBE keeps for a small message; text and big messages
    (``None``) are never it.
    """
    if raw is None or isinstance(raw, str):
        return False
    try:
        return ForwardMsg.FromString(bytes(raw)).WhichOneof("type") == "script_finished"
    except Exception:
        return False


def clear_probe(page) -> None:
    """Forget PROBE's stamps: call it after typing and before the Enter key press."""
    page.evaluate("window.__msgs = []; window.__key = 0")


def finished_in_page(page, name: str, polls: int = 3000) -> float:
    """Milliseconds, in the page's own clock, from the Enter keydown to ``script_finished``.

    Reads what PROBE stamped since ``clear_probe``: the first message parsed
    as ``script_finished``, minus the keydown. Polls every 10 ms (30 s at
    most) until the page has received it.
    """
    for _ in range(polls):
        done = next((t for t, raw in page.evaluate("window.__msgs") if is_finished(raw)), None)
        if done is not None:
            key = page.evaluate("window.__key")
            if not 0 < key <= done:
                raise RuntimeError(f"{name}: no Enter keydown stamped before script_finished")
            return done - key
        page.wait_for_timeout(10)
    raise RuntimeError(f"{name}: no script_finished reached the page after an edit")


MINIMAL = "tools/minimal_app.py"
MINIMAL_LABEL = "Value"
GOAL = 2.0  # the guard (issue 28): no page's edit above 2× the minimal app's
FIRST_INPUT = (
    "[data-testid='stMain'] [data-testid='stNumberInput'] input[data-testid='stNumberInputField']"
    ":not([disabled])"
)


def app_paths() -> list[str]:
    """URL paths of the site's pages, in the registry's order ("/" first)."""
    from ui.registry import PAGES

    return [p.route for p in PAGES]


# The two clocks an edit is timed by: (attribute, name in the report, what it times).
CLOCKS = (
    (
        "playwright",
        "Playwright",
        "key press → script_finished as Playwright sees it: Python's clock, every frame "
        "shipped over CDP to the driver and Python and parsed (a harness cost per message, "
        "so pages with more elements look slower than a reader finds them)",
    ),
    (
        "in_page",
        "in the page",
        "Enter keydown → the page's JavaScript receiving script_finished, both stamped with "
        "performance.now() by an init script (the reader's wait; the clock the goal was set in)",
    ),
)


def load_average() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"
    except OSError:
        return "unknown"


@dataclass
class Column:
    """One clock's times (seconds) for the page's edits and the minimal app's, in edit order."""

    page: list[float] = field(default_factory=list)
    minimal: list[float] = field(default_factory=list)

    @property
    def page_median(self) -> float:
        return statistics.median(self.page)

    @property
    def minimal_median(self) -> float:
        return statistics.median(self.minimal)

    @property
    def ratio(self) -> float:
        """Median page / median minimal: the figure the 2× guard is about."""
        return self.page_median / self.minimal_median

    @property
    def pairs(self) -> float:
        """Median of the ratios of the interleaved edit pairs (resists load drift)."""
        return statistics.median(o / t for o, t in zip(self.page, self.minimal, strict=True))

    @property
    def over_goal(self) -> bool:
        return self.ratio > GOAL


@dataclass
class Measured:
    """A page's edited input and its times by both clocks (see CLOCKS)."""

    label: str
    playwright: Column = field(default_factory=Column)
    in_page: Column = field(default_factory=Column)


class Target:
    """One open page of one app, with the number input we edit, its websocket and PROBE."""

    def __init__(self, browser: Any, url: str, label: str | None, name: str) -> None:
        self.name = name
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.add_init_script(PROBE)  # stamps keydown and messages in the page's clock
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.ws: Any = None
        self.page.on("websocket", self._on_ws)
        self.page.goto(url)
        wait_for_app(self.page, timeout=60_000)
        self.page.wait_for_timeout(300)
        if self.ws is None:
            raise RuntimeError(f"{name}: no websocket to the app")
        if label:
            self.box = self.page.get_by_label(label, exact=True)
        else:
            self.box = self._first_input()
        if self.box.count() == 0:
            raise RuntimeError(f"{name}: no enabled number input ({label or 'first'}) to edit")
        shown = self.box.input_value()
        self.start = float(shown)
        decimals = len(shown.partition(".")[2])
        self.step = 10.0**-decimals  # the input's own resolution: "0.050" steps by 0.001
        self.edits = 0
        self.label = label or self.box.get_attribute("aria-label") or "first number input"

    def _first_input(self) -> Any:
        """The first number input on screen that holds a value (an empty box is one not given)."""
        shown = self.page.locator(FIRST_INPUT).filter(visible=True)
        for i in range(shown.count()):
            if shown.nth(i).input_value():
                return shown.nth(i)
        return shown.first

    def _on_ws(self, ws: Any) -> None:
        if "_stcore/stream" in ws.url:
            self.ws = ws

    def edit(self) -> tuple[float, float]:
        """Type a value not used before, commit it; seconds to script_finished by both clocks.

        Returns (Playwright, in the page). The values walk up from the start
        (+1, +2, … steps), so no page can answer an edit from a cache filled by
        an earlier one, and none falls under an input's minimum (a seed of 0,
        refused, never reruns). The in-page time is read after Playwright has
        seen the message, so reading it costs the page nothing during the rerun.
        """
        self.edits += 1
        value = round(self.start + self.edits * self.step, 6)
        self.box.fill(f"{value:g}")
        clear_probe(self.page)
        done: list[float] = []

        def finished(payload: Any) -> bool:
            if is_finished(payload):
                done.append(time.perf_counter())
                return True
            return False

        with self.ws.expect_event("framereceived", predicate=finished, timeout=60_000):
            start = time.perf_counter()
            self.box.press("Enter")
        playwright = done[0] - start
        in_page = finished_in_page(self.page, self.name) / 1000
        wait_for_app(self.page, timeout=60_000)  # let the browser draw before the next edit
        self.page.wait_for_timeout(150)
        return playwright, in_page

    def close(self) -> None:
        self.context.close()


def measure(
    browser: Any,
    app_url: str,
    min_url: str,
    path: str,
    label: str | None,
    repeats: int,
    warmups: int = 2,
) -> Measured:
    """The page's and the minimal app's times by both clocks, ``repeats`` edits each.

    ``warmups`` untimed edits of each first (caches, first paints). Edits are
    interleaved page/minimal (order alternating), so each pair meets the same
    machine load; the median of pair ratios resists load drift better than the
    ratio of the two medians.
    """
    page = Target(browser, app_url + path, label, path)
    ref = Target(browser, min_url + "/", MINIMAL_LABEL, "minimal")
    try:
        for _ in range(warmups):
            page.edit()
            ref.edit()
        out = Measured(page.label)
        for i in range(repeats):
            pair = (page, ref) if i % 2 == 0 else (ref, page)
            for target in pair:
                playwright, in_page = target.edit()
                side = "page" if target is page else "minimal"
                getattr(out.playwright, side).append(playwright)
                getattr(out.in_page, side).append(in_page)
        return out
    finally:
        page.close()
        ref.close()


def report(rows: list[tuple[str, Measured]], repeats: int) -> list[str]:
    """The report's lines: a header saying what each clock times, then a row per page."""
    lines = [
        f"Edit-to-rerun in Chromium, medians of {repeats} edits each, interleaved with the "
        f"minimal app's; load average {load_average()}",
        *(
            textwrap.fill(what, 100, initial_indent=f"  {name}: ", subsequent_indent=" " * 4)
            for _, name, what in CLOCKS
        ),
        f"ratio = median page / median minimal (goal ≤ {GOAL}×, ! when over); "
        "pairs = median of the ratios of the interleaved edit pairs",
    ]
    width = max(len(f"{p} (edit {m.label!r})") for p, m in rows)
    lines.append(f"{'':<{width}}" + "".join(f"  {f' {name} ':-^31}" for _, name, _ in CLOCKS))
    lines.append(
        f"{'page':<{width}}"
        + f"  {'page':>6}  {'minimal':>7}  {'ratio':>6}  {'pairs':>6}" * len(CLOCKS)
    )
    for path, m in rows:
        cells = ""
        for attr, _, _ in CLOCKS:
            c: Column = getattr(m, attr)
            flag = "!" if c.over_goal else " "
            cells += (
                f"  {c.page_median * 1000:>4.0f}ms  {c.minimal_median * 1000:>5.0f}ms"
                f"  {c.ratio:>5.2f}×{flag} {c.pairs:>5.2f}×"
            )
        lines.append(f"{f'{path} (edit {m.label!r})':<{width}}{cells}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--page", action="append", help='URL path ("/", "/gap-grader"); repeatable')
    ap.add_argument("--input-label", help="label of the number input to edit (exact)")
    ap.add_argument("--repeats", type=int, default=None, help="timed edits per app (15)")
    ap.add_argument("--quick", action="store_true", help="5 edits per app")
    args = ap.parse_args(argv)
    repeats = args.repeats or (5 if args.quick else 15)
    paths = args.page or app_paths()

    from playwright.sync_api import sync_playwright

    app_proc, app_url = start_server("app.py")
    min_proc, min_url = start_server(MINIMAL)
    status = 0
    rows: list[tuple[str, Measured]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            try:
                for path in paths:
                    try:
                        m = measure(browser, app_url, min_url, path, args.input_label, repeats)
                    except Exception as exc:  # one page failing should not hide the others
                        print(f"{path}: not measured ({type(exc).__name__}: {exc})")
                        status = 1
                        continue
                    rows.append((path, m))
            finally:
                browser.close()
    finally:
        stop_server(app_proc)
        stop_server(min_proc)

    if rows:
        print("\n".join(report(rows, repeats)))
    return status


if __name__ == "__main__":
    sys.exit(main())

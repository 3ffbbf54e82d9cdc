"""Edit-to-rerun time in a real browser: a page against the minimal app.

    .venv/bin/python tools/bench_rerun.py                      # every page of app.py
    .venv/bin/python tools/bench_rerun.py --page / --input-label "Score A (%)"
    .venv/bin/python tools/bench_rerun.py --page /gap-grader --repeats 25
    .venv/bin/python tools/bench_rerun.py --quick              # 5 edits each, a rough look

Starts two servers (``app.py`` and ``tools/minimal_app.py``: navigation, one
URL-bound number input, one small Altair chart) and one headless Chromium.
For each page it types into a number input (``--input-label``, or the first
enabled one in the main area), each time with a value not used before, and times
from the key press that commits the edit to the ``script_finished`` message
on the page's websocket (Playwright ``page.on("websocket")`` →
``ws.on("framereceived")``, each frame parsed as a Streamlit ``ForwardMsg``).
Waiting for the DOM's ``data-test-script-state`` would miss fast reruns
(React can batch ``running`` away); the websocket never does. The page and the
minimal app are edited in turn, so a busy machine slows both alike, and the
report is the ratio of the medians (goal: ≤ 1.5×).

The times include the same Playwright round trip for both apps, which pulls
ratios slightly towards 1; absolute times vary with the machine's load, the
ratios much less. Ends by itself; exit status 0 unless a page could not be
measured.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
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

MINIMAL = "tools/minimal_app.py"
MINIMAL_LABEL = "Value"
GOAL = 1.5
FIRST_INPUT = (
    "[data-testid='stMain'] [data-testid='stNumberInput'] input[data-testid='stNumberInputField']"
    ":not([disabled])"
)


def app_paths() -> list[str]:
    """URL paths of the site's pages, in the registry's order ("/" first)."""
    from ui.registry import PAGES

    return [p.route for p in PAGES]


def load_average() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"
    except OSError:
        return "unknown"


def is_finished(payload: Any) -> bool:
    if isinstance(payload, str):
        return False
    try:
        return ForwardMsg.FromString(payload).WhichOneof("type") == "script_finished"
    except Exception:
        return False


class Target:
    """One open page of one app, with the number input we edit and its websocket."""

    def __init__(self, browser: Any, url: str, label: str | None, name: str) -> None:
        self.name = name
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
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
        """The first number input on screen; the first folded one, unfolded, if none is.

        Pages whose explorer inputs are sliders keep their exact-value boxes in
        expanders (Questions needed: significance and power).
        """
        shown = self.page.locator(FIRST_INPUT).filter(visible=True)
        folded = self.page.locator("[data-testid='stMain'] [data-testid='stExpander'] summary")
        for i in range(folded.count()):
            if shown.count():
                break
            folded.nth(i).click()  # an expander opens in the browser: no rerun
            self.page.wait_for_timeout(300)
        return shown.first

    def _on_ws(self, ws: Any) -> None:
        if "_stcore/stream" in ws.url:
            self.ws = ws

    def edit_seconds(self) -> float:
        """Type a value not used before, commit it, return seconds to script_finished.

        The values walk up from the start (+1, +2, … steps), so no page can
        answer an edit from a cache filled by an earlier one, and none falls
        under an input's minimum (a seed of 0, refused, never reruns).
        """
        self.edits += 1
        value = round(self.start + self.edits * self.step, 6)
        self.box.fill(f"{value:g}")
        done: list[float] = []

        def finished(payload: Any) -> bool:
            if is_finished(payload):
                done.append(time.perf_counter())
                return True
            return False

        with self.ws.expect_event("framereceived", predicate=finished, timeout=60_000):
            start = time.perf_counter()
            self.box.press("Enter")
        seconds = done[0] - start
        wait_for_app(self.page, timeout=60_000)  # let the browser draw before the next edit
        self.page.wait_for_timeout(150)
        return seconds

    def close(self) -> None:
        self.context.close()


def measure(
    browser: Any, app_url: str, min_url: str, path: str, label: str | None, repeats: int
) -> tuple[str, float, float, float]:
    """(label, median page s, median minimal s, median of the per-pair ratios).

    Edits are interleaved page/minimal (order alternating), so each pair meets
    the same machine load; the median of pair ratios resists load drift better
    than the ratio of the two medians.
    """
    page = Target(browser, app_url + path, label, path)
    ref = Target(browser, min_url + "/", MINIMAL_LABEL, "minimal")
    try:
        for target in (page, ref, page, ref):  # warm-up: caches, first paints
            target.edit_seconds()
        ours: list[float] = []
        theirs: list[float] = []
        for i in range(repeats):
            pair = (page, ref) if i % 2 == 0 else (ref, page)
            for target in pair:
                (ours if target is page else theirs).append(target.edit_seconds())
        pairs = statistics.median(o / t for o, t in zip(ours, theirs, strict=True))
        return page.label, statistics.median(ours), statistics.median(theirs), pairs
    finally:
        page.close()
        ref.close()


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
    rows: list[tuple[str, str, float, float, float]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            try:
                for path in paths:
                    try:
                        label, ours, ref, pairs = measure(
                            browser, app_url, min_url, path, args.input_label, repeats
                        )
                    except Exception as exc:  # one page failing should not hide the others
                        print(f"{path}: not measured ({type(exc).__name__}: {exc})")
                        status = 1
                        continue
                    rows.append((path, label, ours, ref, pairs))
            finally:
                browser.close()
    finally:
        stop_server(app_proc)
        stop_server(min_proc)

    if rows:
        print(
            f"Edit-to-rerun in Chromium (key press → script_finished on the websocket), "
            f"median of {repeats} edits each, interleaved with the minimal app:"
        )
        print(f"load average {load_average()}; ratio = median page / median minimal,")
        print("pairs = median of the ratios of the interleaved edit pairs")
        width = max(len(f"{p} (edit {lab!r})") for p, lab, *_ in rows)
        print(f"{'page':<{width}}  {'page':>8}  {'minimal':>8}  {'ratio':>6}  {'pairs':>6}")
        for path, label, ours, ref, pairs in rows:
            ratio = ours / ref
            flag = "" if ratio <= GOAL else f"  (over the {GOAL}× goal)"
            name = f"{path} (edit {label!r})"
            print(
                f"{name:<{width}}  {ours * 1000:>6.0f}ms  {ref * 1000:>6.0f}ms  {ratio:>5.2f}×"
                f"  {pairs:>5.2f}×{flag}"
            )
    return status


if __name__ == "__main__":
    sys.exit(main())

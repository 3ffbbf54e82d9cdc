"""The chart that follows the thumb: input-to-chart time per move of a drag, in Chromium.

    .venv/bin/python tools/bench_thumb.py              # the four lesson thumbs
    .venv/bin/python tools/bench_thumb.py --steps 80   # a longer drag
    .venv/bin/python tools/bench_thumb.py --langs de   # German only

Each thumb is dragged in every language of ``--langs`` (English, German and
Spanish by default: ``?lang=`` on the link), since a language changes the
labels and numbers the chart draws.

For each lesson thumb (Luck simulator n, pass@k k, Interval coverage n,
Questions needed d) it opens the page in headless Chromium, presses the
thumb and drags it ``--steps`` times (40 by default) one stop or more at a
time, bouncing off the ends, and times every move **in the page's own
clock** (``performance.now()``, an init script, :data:`PROBE`):

- *start*: the ``input`` event's ``timeStamp`` (the browser stamps it when
  the pointer move becomes a value change, before any listener runs);
- *end*: the paint that shows the chart for that value. The probe notes
  when the chart was last drawn: a ``MutationObserver`` on the chart's
  element (Vega's SVG renderer, which the site's charts use, redraws by
  changing the SVG), or ``CanvasRenderingContext2D.restore`` for a canvas.
  From the input event it waits animation frame by animation frame until
  the chart has been drawn after the event, then posts a message from that
  frame. A message posted in a frame runs once the frame's rendering is
  done, so its handler's clock is the chart's next paint.

Each move waits for the one before to be painted, so moves never queue.
The report gives the median and 95th percentile (goal: under 16 ms and
34 ms), and, after the release, how long until the link holds the value
(``history.pushState``/``replaceState`` wrapped, timed from ``pointerup``;
goal: within a second). Beside each: the family the chart was sent (bytes
of its wide table and per-stop rows, as Arrow), its first render (from the
chart element's arrival in the DOM to its first drawing, in the page's
clock), and today's slider: the release-to-redraw time of a plain
``st.slider`` driving a chart from the server (:data:`SLIDER_APP`, the same
probe from ``pointerup`` to the chart's repaint after the rerun).

The machine may be shared: the load average is printed with the numbers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass
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

MEDIAN_GOAL, P95_GOAL, LINK_GOAL = 16.0, 34.0, 1000.0  # ms


@dataclass(frozen=True)
class Case:
    """One thumb: the page's link, the URL key it writes, the label a reader sees."""

    name: str
    path: str
    key: str
    element: str


CASES = (
    Case("Luck simulator, n", "/luck-simulator?p=80&n=100&d=4", "n", "thumb-luck-n"),
    Case("pass@k, k", "/pass-at-k?samples=200&passed=30&k=5", "k", "thumb-passk-k"),
    Case("Interval coverage, n", "/coverage?n=100&p=50", "n", "thumb-coverage-n"),
    Case("Questions needed, d", "/questions-needed?p=80&d=4", "d", "thumb-needed-d"),
)

PROBE = """
(() => {
  const T = (window.__thumb = { moves: [], lastDraw: -1, watch: null, pending: null,
                                 urls: [], released: null, firstDraw: null, mounted: null });
  const drawn = () => { T.lastDraw = performance.now(); };
  T.watchChart = (chart) => {
    T.watch = chart;
    new MutationObserver(drawn).observe(chart, { subtree: true, childList: true,
                                                  attributes: true, characterData: true });
  };
  const restore = CanvasRenderingContext2D.prototype.restore;
  CanvasRenderingContext2D.prototype.restore = function () {
    const out = restore.apply(this, arguments);
    if (T.watch !== null && T.watch.contains(this.canvas)) drawn();
    return out;
  };
  const seen = new MutationObserver(() => {
    const chart = document.querySelector("[data-testid='stVegaLiteChart']");
    if (T.mounted === null && chart) T.mounted = performance.now();
    if (T.firstDraw === null && chart && chart.querySelector("canvas, svg .mark-group")) {
      T.firstDraw = performance.now();
      seen.disconnect();
    }
  });
  seen.observe(document, { childList: true, subtree: true });
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const m = T.pending;
    if (m) { m.painted = performance.now(); m.drawn = T.lastDraw; T.moves.push(m); T.pending = null; }
  };
  const timeUntilPaint = (start, value) => {
    const m = { start, value };
    T.pending = m;
    const frame = () => {
      if (T.lastDraw >= start) channel.port2.postMessage(0);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  document.addEventListener("input", (e) => {
    if (e.isTrusted && e.target.type === "range") timeUntilPaint(e.timeStamp, e.target.value);
  }, true);
  document.addEventListener("pointerup", (e) => {
    T.released = e.timeStamp;
    if (T.timeRelease) timeUntilPaint(e.timeStamp, "release");
  }, true);
  for (const name of ["pushState", "replaceState"]) {
    const original = history[name];
    history[name] = function () {
      const out = original.apply(this, arguments);
      T.urls.push([performance.now(), location.search]);
      return out;
    };
  }
  T.after = (count, ms) => new Promise((resolve) => {
    const until = performance.now() + ms;
    const check = () => (T.moves.length > count || performance.now() > until)
      ? resolve(T.moves.length) : setTimeout(check, 1);
    check();
  });
})();
"""

SLIDER_APP = """
import altair as alt
import pandas as pd
import streamlit as st

x = st.slider("Value", 0, 100, 50, key="x", bind="query-params")
rows = pd.DataFrame({"bar": ["x", "100 - x"], "value": [x, 100 - x]})
st.altair_chart(
    alt.Chart(rows).mark_bar().encode(x="bar:N", y=alt.Y("value:Q").scale(domain=[0, 100])),
    width="stretch",
)
"""


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile, linear between the two nearest ranks."""
    xs = sorted(values)
    k = (len(xs) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def watch_chart(page: Any) -> None:
    """Point the probe at the first chart (the chart the thumb moves), once it has drawn."""
    chart = "document.querySelector(\"[data-testid='stVegaLiteChart']\")"
    page.wait_for_function(f"() => {chart}?.querySelector('canvas, svg .mark-group')")
    page.evaluate(f"() => window.__thumb.watchChart({chart})")


def thumb_x(box: dict, index: int, top: int, thumb: float = 16.0) -> float:
    """The pointer's x over stop ``index`` of a range input with ``top`` + 1 stops."""
    return box["x"] + thumb / 2 + (box["width"] - thumb) * index / max(top, 1)


def path_of(start: int, top: int, steps: int) -> list[int]:
    """``steps`` stops to drag through from ``start``, a stop or more each, bouncing at the ends.

    >>> path_of(1, 3, 5)
    [2, 3, 2, 1, 0]
    """
    stride = max(1, round((top + 1) / steps))
    out, i, way = [], start, 1 if start < top - start else -1
    for _ in range(steps):
        if not 0 <= i + way * stride <= top:
            way = -way
        i += way * stride
        out.append(i)
    return out


def drag(page: Any, case: Case, steps: int) -> tuple[list[float], float | None, str]:
    """Times of every move of one drag (ms), the release-to-link time (ms), the final stop."""
    thumb = page.locator(f"#{case.element}")
    thumb.scroll_into_view_if_needed()
    box = thumb.bounding_box()
    top = int(thumb.evaluate("e => Number(e.max)"))
    start = int(thumb.evaluate("e => Number(e.value)"))
    y = box["y"] + box["height"] / 2
    page.mouse.move(thumb_x(box, start, top), y)
    page.mouse.down()
    seen = page.evaluate("() => window.__thumb.moves.length")
    for i in path_of(start, top, steps):
        before = thumb.evaluate("e => e.value")
        page.mouse.move(thumb_x(box, i, top), y)
        if thumb.evaluate("e => e.value") != before:
            seen = page.evaluate(f"() => window.__thumb.after({seen}, 2000)")
    page.evaluate("() => { window.__thumb.urls = []; }")
    page.mouse.up()
    moves = page.evaluate("() => window.__thumb.moves.map(m => m.painted - m.start)")
    value = thumb.evaluate("e => e.value")
    want = f"{case.key}="
    link = None
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and link is None:
        page.wait_for_timeout(20)
        link = page.evaluate(
            """want => { const T = window.__thumb;
                 const hit = T.urls.find(([, q]) => q.includes(want));
                 return hit ? hit[0] - T.released : null; }""",
            want,
        )
    return moves[-steps:], link, value


def measure_case(browser: Any, url: str, case: Case, steps: int, lang: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(PROBE)
    page = context.new_page()
    try:
        page.goto(url + case.path + ("" if lang == "en" else f"&lang={lang}"))
        wait_for_app(page)
        watch_chart(page)
        page.wait_for_timeout(500)
        first = page.evaluate("() => window.__thumb.firstDraw - window.__thumb.mounted")
        moves, link, _ = drag(page, case, steps)
        return {"moves": moves, "link": link, "first": first}
    finally:
        context.close()


def measure_slider(browser: Any, url: str, releases: int = 9) -> list[float]:
    """Release-to-redraw of a plain st.slider (ms): pointer up to the chart's repaint."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(PROBE)
    page = context.new_page()
    out = []
    try:
        page.goto(url)
        wait_for_app(page)
        watch_chart(page)
        page.evaluate("() => { window.__thumb.timeRelease = true; }")
        thumb = page.get_by_role("slider", name="Value")
        for r in range(releases):
            box = thumb.bounding_box()
            y = box["y"] + box["height"] / 2
            page.mouse.move(box["x"] + box["width"] / 2, y)
            page.mouse.down()
            page.mouse.move(box["x"] + box["width"] / 2 + (30 if r % 2 == 0 else -30), y)
            count = page.evaluate("() => window.__thumb.moves.length")
            page.mouse.up()
            page.evaluate(f"() => window.__thumb.after({count}, 5000)")
            out.append(
                page.evaluate(
                    "() => { const m = window.__thumb.moves.at(-1); return m.painted - m.start; }"
                )
            )
            wait_for_app(page)
    finally:
        context.close()
    return out


def family_bytes(cases: list[Case]) -> dict[str, int]:
    """Bytes of each thumb's family as the chart is sent it (Arrow), by page, from AppTest."""
    from conftest import app_test

    from benchstats.charts.thumb import FAMILY, STOPS

    out = {}
    for case in cases:
        route, _, query = case.path.partition("?")
        from ui.registry import PAGES

        file = next(p.file for p in PAGES if p.route == route)
        at = app_test(file, **dict(kv.split("=") for kv in query.split("&"))).run()
        chart = at.get("vega_lite_chart")[0]
        out[case.name] = sum(
            len(d.data.data) for d in chart.proto.datasets if d.name in (FAMILY, STOPS)
        )
    return out


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=40, help="moves per drag (40)")
    ap.add_argument("--only", default="", help="only the thumbs whose name holds this text")
    ap.add_argument("--langs", default="en,de,es", help="languages to drag in (en,de,es)")
    args = ap.parse_args(argv)
    cases = [c for c in CASES if args.only.lower() in c.name.lower()]
    langs = [lang.strip() for lang in args.langs.split(",") if lang.strip()]
    from playwright.sync_api import sync_playwright

    print(f"thumb bench — load average before {load()} (1, 5, 15 min), nproc {os.cpu_count()}")
    sizes = family_bytes(cases)
    folder = Path(tempfile.mkdtemp(prefix="slider-app-"))
    (folder / "slider_app.py").write_text(SLIDER_APP)
    app_proc, app_url = start_server("app.py")
    slider_proc, slider_url = start_server(folder / "slider_app.py")
    rows, status = [], 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            try:
                slider = measure_slider(browser, slider_url)
                for case in cases:
                    for lang in langs:
                        r = measure_case(browser, app_url, case, args.steps, lang)
                        rows.append((case, lang, r))
            finally:
                browser.close()
    finally:
        stop_server(app_proc)
        stop_server(slider_proc)
    print(f"load average after {load()}")
    print(
        textwrap.fill(
            f"per move: input event → the chart's next paint, {args.steps} moves of one drag; "
            f"goal median < {MEDIAN_GOAL:g} ms, p95 < {P95_GOAL:g} ms; link: pointer up → "
            f"the address bar holds the value (goal < {LINK_GOAL:g} ms). Today's slider "
            f"(a plain st.slider redrawn by a rerun): release → repaint, median "
            f"{statistics.median(slider):.0f} ms, p95 {percentile(slider, 95):.0f} ms.",
            110,
        )
    )
    head = f"{'thumb':<24} {'lang':<4} {'median':>8} {'p95':>8} {'link':>8} {'family':>10} {'1st draw':>9}"
    print(head)
    print("-" * len(head))
    for case, lang, r in rows:
        moves, link = r["moves"], r["link"]
        med, p95 = statistics.median(moves), percentile(moves, 95)
        ok = med < MEDIAN_GOAL and p95 < P95_GOAL and link is not None and link < LINK_GOAL
        status |= not ok
        link_text = f"{link:.0f} ms" if link is not None else "never"
        print(
            f"{case.name:<24} {lang:<4} {med:>5.1f} ms {p95:>5.1f} ms {link_text:>8} "
            f"{sizes.get(case.name, 0) / 1000:>7.0f} kB {r['first']:>6.0f} ms"
            f"{'' if ok else '  !'}"
        )
    return status


if __name__ == "__main__":
    sys.exit(main())

"""A cold deep link in a real browser: each page's link against the minimal app's.

    .venv/bin/python tools/bench_cold.py               # every page, 7 loads each
    .venv/bin/python tools/bench_cold.py --repeats 3   # a rough look

What a reader who follows a link from an article waits for: a fresh browser
context (no cache, no session), the link opened, until its first chart is
drawn (a ``canvas`` or ``svg`` inside the first ``stVegaLiteChart``), timed
in the page's own clock (``performance.now()`` from navigation start). Each
page's link and the minimal app (``tools/minimal_app.py``: navigation, one
input, one small chart) are loaded in turn, order alternating, so a busy
machine slows both alike. The guard (issue 28): every page within 1.3× of
the minimal app. Reported by ``make bench``, never a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from conftest import CHROMIUM_ARGS, chromium_path, start_server, stop_server  # noqa: E402

GOAL = 1.3
MINIMAL = "tools/minimal_app.py"
LINKS = {  # one deep link a page is opened with, as an article would link it
    "Check a claim": "/?a=87.3&b=85.1&bench=gpqa-diamond&name_a=Model%20X&name_b=Model%20Y",
    "Luck simulator": "/luck-simulator?p=80&n=100&d=4&runs=1000&seed=1",
    "Gap grader": "/gap-grader?a_only=20&b_only=8&n=198",
    "Questions needed": "/questions-needed?p=80&d=4",
    "pass@k explainer": "/pass-at-k?samples=20&passed=3&k=5",
    "Interval coverage": "/coverage?n=20&p=95&runs=1000",
    "Slices": "/slices?n=600&slices=12&runs=1000",
    "Signal and noise": "/signal-noise?preset=spread&n=500&average=5",
    "Leaderboard checker": "/leaderboard?rows=A:87.3:1.8,B:85.1:1.9,C:80.2:2.0",
    "The recompute box": "/box?a=87.3&b=85.1&bench=gpqa-diamond&name_a=Model%20X&name_b=Model%20Y"
    "&embed=true",
}
FIRST_CHART = """() => new Promise((done) => {
  const seen = () => document.querySelector(
    "[data-testid='stVegaLiteChart'] canvas, [data-testid='stVegaLiteChart'] svg");
  const tick = () => seen() ? done(performance.now()) : requestAnimationFrame(tick);
  tick();
})"""


def cold_load(browser: Any, url: str) -> float:
    """Seconds from navigation start to the first chart drawn, in a fresh context."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(url, wait_until="commit")
        return page.evaluate(FIRST_CHART) / 1000
    finally:
        context.close()


def measure(
    browser: Any, app: str, minimal: str, repeats: int
) -> list[tuple[str, float, float, float]]:
    """(page, page median, minimal median, median of pair ratios) for every link."""
    cold_load(browser, minimal + "/")  # warm the servers' imports and caches once
    for path in LINKS.values():
        cold_load(browser, app + path)
    rows = []
    for name, path in LINKS.items():
        ours, ref = [], []
        for i in range(repeats):
            first, second = (
                (app + path, minimal + "/") if i % 2 == 0 else (minimal + "/", app + path)
            )
            a, b = cold_load(browser, first), cold_load(browser, second)
            ours.append(a if i % 2 == 0 else b)
            ref.append(b if i % 2 == 0 else a)
        pairs = statistics.median(o / r for o, r in zip(ours, ref, strict=True))
        rows.append((name, statistics.median(ours), statistics.median(ref), pairs))
    return rows


def report(rows: list[tuple[str, float, float, float]], repeats: int) -> list[str]:
    lines = [
        f"cold deep link: fresh context → first chart drawn, median of {repeats} loads each "
        f"(goal ≤ {GOAL}× the minimal app, ! when over)",
        f"  {'page':<22} {'page':>8} {'minimal':>8} {'ratio':>7} {'pairs':>7}",
    ]
    for name, page, ref, pairs in rows:
        ratio = page / ref
        flag = "!" if ratio > GOAL else " "
        lines.append(
            f"  {name:<22} {page * 1000:>6.0f} ms {ref * 1000:>5.0f} ms {ratio:>5.2f}×{flag} "
            f"{pairs:>5.2f}×"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    app, app_url = start_server("app.py")
    minimal, min_url = start_server(MINIMAL)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            rows = measure(browser, app_url, min_url, args.repeats)
            browser.close()
    finally:
        stop_server(app)
        stop_server(minimal)
    print("\n".join(report(rows, args.repeats)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``make bench``: every speed ratio of the site, measured side by side in one run.

    .venv/bin/python tools/bench_all.py            # a few minutes
    .venv/bin/python tools/bench_all.py --quick    # fewer repeats, for a look

Each part measures a page (or a fast path) against its reference measured in
the same run, alternating, so a busy machine slows both alike:

(a) browser: each page's edit-to-rerun time in Chromium against the minimal
    app (navigation, one URL-bound input, one small chart), by
    ``tools/bench_rerun.py``'s ``measure()``: every edit types a value not used
    before (no cache answers it) and is timed by two clocks at once, both
    reported with their ratio and the 2× guard's flag:
    (a) Playwright: from the key press to ``script_finished`` as Playwright
        sees it (each websocket frame shipped over CDP to the driver and to
        Python, then parsed), a harness cost that grows with the messages a
        rerun sends, so pages with many elements look slower than they are;
    (a2) in the page: from the Enter keydown to the page's own JavaScript
        receiving ``script_finished`` (``performance.now()`` stamps of an init
        script, ``tools/bench_rerun.py``'s ``PROBE``): what a reader waits,
        and the clock the guard is read in;
(a3) a cold deep link (``tools/bench_cold.py``): a fresh browser context,
    each page's link opened, until its first chart is drawn, against the
    minimal app's (the guard: within 1.3×);
(a4) the charts that follow the thumb (``tools/bench_thumb.py``): each lesson
    thumb dragged 40 moves, input-to-chart time per move (goal: median under
    16 ms, p95 under 34 ms), the link's update after release, the family's
    bytes and first render, beside a plain slider's release-to-redraw;
(b) server: each page's AppTest rerun after a number input takes a new value
    (never one it had before, so ``st.cache_data`` cannot answer from an
    earlier edit) against the minimal app's (``tools/minimal_app.py``), no
    browser and no socket, compiled scripts kept between runs as
    ``streamlit run`` keeps them;
(d) the served pages' CPU a run: ``tools/load_test.py --per-page``, each page
    against the minimal app, both served as ``make run`` serves them, 30 readers
    for 40 s a page (goal: at most 2× on average, no page above 3×; ``--quick``:
    20 s a page);
(c) benchstats: ``tools/bench_stats.py`` (vectorised hot paths against
    plain loops), ``tools/bench_items.py`` (reading per-question files
    against ``pandas.read_csv``) and ``tools/bench_cli.py`` (``leadorluck``
    end to end, and the memory a 50 MB inspect log takes), their printed
    lines included as they are;
(d) the claim reader (``tools/claim_corpus.py``): 50,000 generated launch
    sentences (10,000 with ``--quick``), each read as its facts or asked,
    none graded on other numbers (the run fails if one is).

Times are medians. The header gives the date, the machine and its load
average (the machine may be shared: the ratios hold up better than the
absolute times).
"""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import math
import os
import platform
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
sys.path[:0] = [str(TOOLS), str(ROOT / "tests"), str(ROOT)]

if TYPE_CHECKING:  # imported when part (a) runs, so (b) and (c) run without it
    from bench_rerun import Column, Measured

MINIMAL_APP = TOOLS / "minimal_app.py"
BROWSER_BENCH = TOOLS / "bench_rerun.py"
BROWSER_GOAL = 2.0  # the guard (issue 28): no page's edit above 2× the minimal app's


def machine_line() -> str:
    mem_kib = 0
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                mem_kib = int(line.split()[1])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    import streamlit

    return (
        f"nproc {len(os.sched_getaffinity(0))}, {mem_kib / 2**20:.1f} GiB RAM, "
        f"load average {load}; Python {platform.python_version()}, "
        f"Streamlit {streamlit.__version__}"
    )


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


# --------------------------------------------------------------------------- (b) AppTest


def share_script_cache() -> None:
    """Make AppTest keep compiled scripts between runs, as the server does.

    AppTest builds a new ``ScriptCache`` for every ``run()``, so each rerun
    recompiles ``app.py`` and the page (with Streamlit's "magic" AST pass: a
    few hundred ms for a long page), while ``streamlit run`` compiles each
    script once per process (``Runtime._script_cache``). One shared cache makes
    the AppTest rerun time the server's work: the script, not its compilation.
    """
    import streamlit.testing.v1.app_test as app_test_module
    import streamlit.testing.v1.local_script_runner as runner_module
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache

    shared = ScriptCache()
    app_test_module.ScriptCache = lambda: shared  # type: ignore[assignment]
    runner_module.ScriptCache = lambda: shared  # type: ignore[assignment]


class Rerunner:
    """One AppTest whose first URL-bound number input gets a NEW value at every edit.

    The values walk up one step at a time from the page's default (then down
    from it once the maximum is reached), never repeating, so a page's
    ``st.cache_data`` cannot answer from a previous edit: the time is what a
    reader typing a new number waits for. (Toggling between two values would
    time cache hits after the first two edits.)
    """

    def __init__(
        self, script: Path, page: str | None = None, timeout: float = 120, edits: int = 200
    ) -> None:
        from conftest import switch_page
        from streamlit.testing.v1 import AppTest

        self.name = page or script.name
        self.at = AppTest.from_file(str(script), default_timeout=timeout)
        if page:
            switch_page(self.at, page)
        self.at.run()
        self._check()
        inputs = [
            w
            for w in self.at.number_input
            if w.key and not w.disabled and w.value is not None  # None: a value not given
        ]
        if not inputs:
            raise RuntimeError(f"{self.name}: no enabled number input with a key to edit")
        w = inputs[0]
        self.key = w.key
        self.values = fresh_values(w.value, w.step or 1, w.min, w.max, edits)
        if len(self.values) < 2:
            raise RuntimeError(f"{self.name}: {self.key} cannot take two new values")
        self.turn = 0

    def _check(self) -> None:
        if len(self.at.exception):
            raise RuntimeError(f"{self.name}: the page raised: {self.at.exception[0].value}")

    def edit_seconds(self) -> float:
        """Give the input its next value, rerun, return the seconds ``at.run()`` took.

        After ``edits`` values (200 by default) the walk starts again.
        """
        value = self.values[self.turn % len(self.values)]
        self.turn += 1
        self.at.number_input(key=self.key).set_value(value)
        start = time.perf_counter()
        self.at.run()
        seconds = time.perf_counter() - start
        self._check()
        return seconds


def fresh_values(
    start: float, step: float, lo: float | None, hi: float | None, count: int
) -> list[float]:
    """Up to ``count`` distinct values one step apart: up from ``start``, then down."""
    lo = -math.inf if lo is None else lo
    hi = math.inf if hi is None else hi
    is_int = isinstance(start, int) and float(step).is_integer()
    out: list[float] = []
    for sign in (1, -1):
        k = 1
        while len(out) < count:
            v = start + sign * k * step
            v = int(v) if is_int else round(v, 10)
            if not lo <= v <= hi:
                break
            out.append(v)
            k += 1
    return out


def bench_apptest(pages: list[str], repeats: int) -> list[tuple[str, float, float, float, str]]:
    """(page, page median, minimal median, median of pair ratios, edited key) per page."""
    if not MINIMAL_APP.exists():
        raise FileNotFoundError(f"{MINIMAL_APP.relative_to(ROOT)} is missing")
    share_script_cache()
    minimal = Rerunner(MINIMAL_APP)
    rows = []
    for page in pages:
        r = Rerunner(ROOT / "app.py", page)
        r.edit_seconds()  # warm: first edit of each input compiles caches
        minimal.edit_seconds()
        ours, ref = [], []
        for _ in range(repeats):
            ours.append(r.edit_seconds())
            ref.append(minimal.edit_seconds())
        pairs = statistics.median(o / t for o, t in zip(ours, ref, strict=True))
        rows.append((page, statistics.median(ours), statistics.median(ref), pairs, r.key))
    return rows


# --------------------------------------------------------------------------- subprocesses


def run_tool(cmd: list[str], timeout: float) -> tuple[int, str]:
    """Run a benchmark script, return (exit status, its output)."""
    try:
        out = subprocess.run(
            cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return 124, f"(stopped after {timeout:.0f} s)"
    text = out.stdout.rstrip()
    if out.returncode:
        text += "\n" + "\n".join(out.stderr.rstrip().splitlines()[-8:])
    return out.returncode, text


def indent(text: str) -> str:
    return "\n".join("    " + line if line else "" for line in text.splitlines())


# --------------------------------------------------------------------------- main


def bench_browser(paths: list[str], repeats: int) -> tuple[dict[str, Measured], list[str]]:
    """Each page's edited input and times by both clocks, by URL path; and what failed.

    Uses tools/bench_rerun.py's own ``measure()``, so ``make bench`` and that
    script time the browser the same way.
    """
    import bench_rerun
    from conftest import CHROMIUM_ARGS, chromium_path, start_server, stop_server
    from playwright.sync_api import sync_playwright

    rows: dict[str, Measured] = {}
    problems: list[str] = []
    app_proc, app_url = start_server("app.py")
    min_proc, min_url = start_server(bench_rerun.MINIMAL)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            try:
                for path in paths:
                    try:
                        rows[path] = bench_rerun.measure(
                            browser, app_url, min_url, path, None, repeats
                        )
                    except Exception as exc:  # one page failing must not hide the others
                        problems.append(f"{path}: not measured ({type(exc).__name__}: {exc})")
            finally:
                browser.close()
    finally:
        stop_server(app_proc)
        stop_server(min_proc)
    return rows, problems


def page_routes() -> list[tuple[str, str]]:
    """(page file, URL path) for each page of the site, in the registry's order."""
    sys.path.insert(0, str(ROOT))
    from ui.registry import PAGES

    return [(p.file, p.route) for p in PAGES]


def ratio(ours: float, ref: float) -> str:
    return f"{ours / ref:.2f}×"


def browser_cell(c: Column | None) -> str:
    """One clock's page and minimal medians, ratio, pairs, and ! when over the goal."""
    if c is None:
        return f"{'—':>9} {'—':>8} {'—':>6} {'—':>6} "
    flag = "!" if c.over_goal else " "
    return (
        f"{ms(c.page_median):>9} {ms(c.minimal_median):>8} {c.ratio:>5.2f}× {c.pairs:>5.2f}×{flag}"
    )


def table(
    routes: list[tuple[str, str]],
    browser: dict[str, Measured],
    server: dict[str, tuple[float, float, float, str]],
    repeats: int,
) -> list[str]:
    """Parts (a), (a2) and (b): a header saying what each column times, a row per page."""
    notes = [
        f"Each page against the minimal app (tools/minimal_app.py), medians of {repeats} edits "
        "interleaved with the minimal app's;",
        "ratio = median page / median minimal, pairs = median ratio of interleaved pairs;",
        f"browser goal ≤ {BROWSER_GOAL}× (! when over), by either clock: every edit types a "
        "value not used before, so no cache answers it (tools/bench_rerun.py)",
        "(a) browser, Playwright: key press in Chromium → script_finished as Playwright sees it "
        "(every websocket frame shipped over CDP to the driver and Python, then parsed: a "
        "harness cost per message, so pages with many elements look slower than they are)",
        "(a2) browser, in the page: Enter keydown → the page's JavaScript receiving "
        "script_finished (performance.now() stamps of an init script): the reader's wait, "
        "the clock the goal was set in",
        "(b) server: AppTest at.run() after a number input takes a new value (never a "
        "repeat, so no cache hits), compiled scripts kept",
    ]
    lines = [textwrap.fill(n, 110, subsequent_indent="    ") for n in notes] + [""]
    head = (
        f"{'page':<18} {'(a) page':>9} {'minimal':>8} {'ratio':>6} {'pairs':>6}  "
        f"{'(a2) page':>9} {'minimal':>8} {'ratio':>6} {'pairs':>6}  "
        f"{'(b) page':>9} {'minimal':>8} {'ratio':>6} {'pairs':>6}  edited input"
    )
    lines += [head, "-" * len(head)]
    over = False
    for file, url in routes:
        a = browser.get(url)
        b = server.get(file)
        over |= bool(a) and (a.playwright.over_goal or a.in_page.over_goal)
        a_txt = " ".join(
            browser_cell(getattr(a, clock, None)) for clock in ("playwright", "in_page")
        )
        b_txt = f"{ms(b[0]):>9} {ms(b[1]):>8} {ratio(b[0], b[1]):>6} {b[2]:>5.2f}×" if b else ""
        b_txt = b_txt or f"{'—':>9} {'—':>8} {'—':>6} {'—':>6}"
        edited = " / ".join(x for x in ((a.label if a else ""), (f"key {b[3]}" if b else "")) if x)
        lines.append(f"{url:<18} {a_txt} {b_txt}   {edited}".rstrip())
    if over:
        lines.append(f"! browser ratio over the {BROWSER_GOAL}× goal")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="5 edits per page (a rough look)")
    ap.add_argument("--repeats", type=int, default=None, help="edits per page and app (9)")
    ap.add_argument("--skip-browser", action="store_true", help="leave out part (a)")
    ap.add_argument("--skip-served", action="store_true", help="leave out part (d)")
    args = ap.parse_args(argv)
    repeats = args.repeats or (5 if args.quick else 9)
    from streamlit import logger

    logger.set_log_level("error")
    # AppTest warns "missing ScriptRunContext" on every new instance: noise here.
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").disabled = True

    print(f"make bench — {dt.datetime.now():%Y-%m-%d %H:%M} — {machine_line()}")
    status = 0
    routes = page_routes()
    problems: list[str] = []

    # (a) browser
    browser: dict[str, Measured] = {}
    if args.skip_browser:
        problems.append("(a) browser: skipped (--skip-browser)")
    elif not BROWSER_BENCH.exists():
        problems.append(f"(a) browser: not measured, {BROWSER_BENCH.relative_to(ROOT)} is missing")
        status = 1
    else:
        try:
            browser, more = bench_browser([url for _, url in routes], repeats)
        except Exception as exc:  # no Chromium, no Playwright: say so, go on
            more = [f"(a) browser: not measured ({type(exc).__name__}: {exc})"]
        problems += more
        status |= bool(more)

    # (a3) a cold deep link: a fresh browser context, the link opened, its first chart drawn
    if not args.skip_browser:
        print(f"  $ tools/bench_cold.py --repeats {max(3, repeats // 2)}")
        code, text = run_tool(
            [sys.executable, str(TOOLS / "bench_cold.py"), "--repeats", str(max(3, repeats // 2))],
            timeout=1800,
        )
        print(indent(text))
        status |= code != 0

    # (a4) the charts that follow the thumb: input-to-chart time per move of a drag
    if not args.skip_browser:
        print("  $ tools/bench_thumb.py")
        code, text = run_tool([sys.executable, str(TOOLS / "bench_thumb.py")], timeout=1800)
        print(indent(text))
        status |= code != 0

    # (b) AppTest
    server: dict[str, tuple[float, float, float, str]] = {}
    try:
        for page, ours, ref, pairs, key in bench_apptest([f for f, _ in routes], repeats):
            server[page] = (ours, ref, pairs, key)
    except Exception as exc:  # a missing file or a broken page: say so, go on
        problems.append(f"(b) AppTest: not measured ({type(exc).__name__}: {exc})")
        status = 1

    print()
    print("\n".join(table(routes, browser, server, repeats)))
    for line in problems:
        print(line)
    print()

    # (d) the served pages' CPU a run, against the minimal app
    if not args.skip_served:
        cmd = [sys.executable, str(TOOLS / "load_test.py"), "--per-page"]
        cmd += ["--duration", "20"] if args.quick else []
        print(f"(d) server CPU a run, pages against the minimal app\n  $ {' '.join(cmd[1:])}")
        code, text = run_tool(cmd, timeout=1800)
        print(indent(text))
        status |= code != 0
        print()

    # (c) benchstats
    print("(c) benchstats hot paths against their plain references")
    for cmd, label in (
        ([sys.executable, str(TOOLS / "bench_stats.py")], "tools/bench_stats.py"),
        ([sys.executable, str(TOOLS / "bench_items.py")], "tools/bench_items.py"),
        ([sys.executable, str(TOOLS / "bench_cli.py")], "tools/bench_cli.py"),
    ):
        print(f"  $ {label}")
        code, text = run_tool(cmd, timeout=300)
        print(indent(text))
        status |= code != 0
    print()

    # (d) the claim reader on generated launch sentences (a property, not a speed ratio)
    print("(d) the claim reader: generated sentences read as their facts or asked, never misgraded")
    count = "10000" if args.quick else "50000"
    cmd = [sys.executable, str(TOOLS / "claim_corpus.py"), "--count", count, "--seed", "1"]
    print(f"  $ tools/claim_corpus.py --count {count} --seed 1")
    code, text = run_tool(cmd, timeout=600)
    print(indent(text))
    status |= code != 0
    return status


if __name__ == "__main__":
    sys.exit(main())

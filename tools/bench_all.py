"""``make bench``: every speed ratio of the site, measured side by side in one run.

    .venv/bin/python tools/bench_all.py            # a few minutes
    .venv/bin/python tools/bench_all.py --quick    # fewer repeats, for a look

Three parts, each a page (or a fast path) against its reference measured in
the same run, alternating, so a busy machine slows both alike:

(a) browser: each page's edit-to-rerun time in Chromium against the minimal
    app (navigation, one URL-bound input, one small chart), by
    ``tools/bench_rerun.py`` (the Check-a-claim engineer's harness);
(b) server: each page's AppTest rerun after a number input changes against
    the minimal app's (``tools/minimal_app.py``), no browser and no socket,
    with compiled scripts kept between runs as ``streamlit run`` keeps them;
(c) benchstats: ``python -m benchstats.bench`` (vectorised hot paths against
    plain loops) and ``tools/bench_items.py`` (reading per-question files
    against ``pandas.read_csv``), their printed lines included as they are.

Times are medians. The header gives the date, the machine and its load
average (the machine may be shared: the ratios hold up better than the
absolute times).
"""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
sys.path[:0] = [str(TOOLS), str(ROOT / "tests"), str(ROOT)]

MINIMAL_APP = TOOLS / "minimal_app.py"
BROWSER_BENCH = TOOLS / "bench_rerun.py"
BROWSER_GOAL = 1.5  # issue 9: each page's browser ratio at most 1.5× the minimal app


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


def app_pages(app: Path = ROOT / "app.py") -> list[str]:
    """The page files ``app.py`` hands to st.navigation, in its order."""
    return re.findall(r'st\.Page\(\s*"([^"]+\.py)"', app.read_text())


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
    """One AppTest whose first URL-bound number input is toggled between two values."""

    def __init__(self, script: Path, page: str | None = None, timeout: float = 120) -> None:
        from streamlit.testing.v1 import AppTest

        self.name = page or script.name
        self.at = AppTest.from_file(str(script), default_timeout=timeout)
        if page:
            self.at.switch_page(page)
        self.at.run()
        self._check()
        inputs = [w for w in self.at.number_input if w.key and not w.disabled]
        if not inputs:
            raise RuntimeError(f"{self.name}: no enabled number input with a key to edit")
        w = inputs[0]
        self.key = w.key
        step = w.step or 1
        lo = w.min if w.min is not None else float("-inf")
        hi = w.max if w.max is not None else float("inf")
        self.values = (w.value, w.value + step if w.value + step <= hi else w.value - step)
        if not lo <= self.values[1] <= hi:
            raise RuntimeError(f"{self.name}: cannot move {self.key} by one step")
        self.turn = 0

    def _check(self) -> None:
        if len(self.at.exception):
            raise RuntimeError(f"{self.name}: the page raised: {self.at.exception[0].value}")

    def edit_seconds(self) -> float:
        """Change the input, rerun, return the seconds ``at.run()`` took."""
        self.turn ^= 1
        self.at.number_input(key=self.key).set_value(self.values[self.turn])
        start = time.perf_counter()
        self.at.run()
        seconds = time.perf_counter() - start
        self._check()
        return seconds


def bench_apptest(
    pages: list[str], repeats: int, app: Path = ROOT / "app.py"
) -> list[tuple[str, float, float, str]]:
    """(page, page median, minimal median, edited key) for each page."""
    if not MINIMAL_APP.exists():
        raise FileNotFoundError(f"{MINIMAL_APP.relative_to(ROOT)} is missing")
    share_script_cache()
    minimal = Rerunner(MINIMAL_APP)
    rows = []
    for page in pages:
        r = Rerunner(app, page)
        r.edit_seconds()  # warm: first edit of each input compiles caches
        minimal.edit_seconds()
        ours, ref = [], []
        for _ in range(repeats):
            ours.append(r.edit_seconds())
            ref.append(minimal.edit_seconds())
        rows.append((page, statistics.median(ours), statistics.median(ref), r.key))
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats (a rough look)")
    ap.add_argument("--repeats", type=int, default=None, help="AppTest edits per page (15)")
    ap.add_argument("--skip-browser", action="store_true", help="leave out part (a)")
    ap.add_argument("--app", type=Path, default=ROOT / "app.py", help="entry script (app.py)")
    args = ap.parse_args(argv)
    repeats = args.repeats or (5 if args.quick else 15)
    from streamlit import logger

    logger.set_log_level("error")
    # AppTest warns "missing ScriptRunContext" on every new instance: noise here.
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").disabled = True

    print(f"make bench — {dt.datetime.now():%Y-%m-%d %H:%M} — {machine_line()}")
    print()
    status = 0
    pages = app_pages(args.app)
    summary: list[tuple[str, str, str, str, str]] = []

    # (a) browser
    print("(a) Browser: edit-to-rerun time in Chromium, each page against the minimal app")
    if args.skip_browser:
        print("    (skipped: --skip-browser)")
    elif not BROWSER_BENCH.exists():
        print(f"    (not measured: {BROWSER_BENCH.relative_to(ROOT)} is missing)")
        status = 1
    else:
        cmd = [sys.executable, str(BROWSER_BENCH)]
        if args.quick:
            cmd.append("--quick")
        code, text = run_tool(cmd, timeout=600)
        print(indent(text))
        status |= code != 0
    print()

    # (b) AppTest
    print(
        f"(b) Server: AppTest rerun after a number input changes, median of {repeats} "
        "edits, alternating with the minimal app"
    )
    try:
        rows = bench_apptest(pages, repeats, args.app)
    except Exception as exc:  # a missing file or a broken page: say so, go on
        print(f"    (not measured: {type(exc).__name__}: {exc})")
        status = 1
        rows = []
    for page, ours, ref, key in rows:
        summary.append(
            ("AppTest rerun", f"{page} (edit {key})", ms(ours), ms(ref), f"{ours / ref:.1f}×")
        )
    if rows:
        w = max(len(s[1]) for s in summary)
        print(f"    {'page':<{w}}  {'page':>9}  {'minimal':>9}  {'ratio':>6}")
        for _, name, ours_s, ref_s, ratio in summary:
            print(f"    {name:<{w}}  {ours_s:>9}  {ref_s:>9}  {ratio:>6}")
    print()

    # (c) benchstats
    print("(c) benchstats hot paths against their plain references")
    for cmd, label in (
        ([sys.executable, "-m", "benchstats.bench"], "python -m benchstats.bench"),
        ([sys.executable, str(TOOLS / "bench_items.py")], "tools/bench_items.py"),
    ):
        print(f"  $ {label}")
        code, text = run_tool(cmd, timeout=300)
        print(indent(text))
        status |= code != 0
    return status


if __name__ == "__main__":
    sys.exit(main())

"""Server CPU per edit, and the share of it in Streamlit's post-run ``gc.collect``.

    .venv/bin/python tools/profile_server.py                   # both settings, 30 edits a page
    .venv/bin/python tools/profile_server.py --gc off --edits 10
    .venv/bin/python tools/profile_server.py --app tools/minimal_app.py

For each setting of ``runner.postScriptGC`` asked for, it starts one server
as ``make run`` does (``serve.py``; the command-line flag overrides
``.streamlit/config.toml``), opens every page once (imports, caches), then per
page one session makes ``--edits`` edits one after another (no concurrency:
the cost of an edit, not a queue). Server CPU comes from /proc (user +
system, all threads); when ``py-spy`` is installed (``pip install py-spy``
into the venv; root or ptrace rights needed) the server is sampled during
the edits and the table also gives the share of samples inside the
``gc.collect(2)`` Streamlit calls after every script run, inside
``streamlit/elements`` (building elements) and inside pandas/pyarrow.
Shares are of py-spy's samples, which sometimes count a thread waiting in
``epoll`` or ``sleep`` as busy: read them as lower bounds, and the CPU per
edit from /proc as the cost.

The CPU per edit does not depend on what else the machine does (much);
wall-clock times would.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools")]

from load_test import machine  # noqa: E402
from serve_room import free_port, healthy, start_worker  # noqa: E402
from st_client import Session, cpu_seconds, discover_pages  # noqa: E402


def gc_frame() -> str:
    """How py-spy names the frame that calls Streamlit's post-run gc.collect."""
    from streamlit.runtime.scriptrunner import script_runner

    src = inspect.getsource(script_runner).splitlines()
    line = next(i for i, text in enumerate(src, start=1) if "gc.collect(" in text)
    return f"script_runner.py:{line})"


def py_spy() -> str | None:
    here = Path(sys.executable).parent / "py-spy"
    return str(here) if here.exists() else shutil.which("py-spy")


def shares(raw: Path, gc_marker: str) -> dict[str, float]:
    """Shares of py-spy's raw (collapsed) samples: gc, elements, tables, all."""
    counts = dict.fromkeys(("gc", "elements", "tables", "all"), 0)
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, n = line.rpartition(" ")
        if not n.isdigit():
            continue
        k = int(n)
        counts["all"] += k
        if gc_marker in stack:
            counts["gc"] += k
        elif "streamlit/elements/" in stack:
            counts["elements"] += k
        if "pyarrow" in stack or "pandas/" in stack:
            counts["tables"] += k
    total = max(counts["all"], 1)
    return {k: v / total for k, v in counts.items() if k != "all"} | {"samples": counts["all"]}


async def edit_page(url: str, path: str, edits: int, seed: int) -> tuple[int, list[str]]:
    rng = random.Random(seed)
    errors: list[str] = []
    async with Session(url, path, timeout=60) as s:
        done = 0
        for _ in range(edits):
            r = await s.random_edit(rng)
            errors.extend(r.errors)
            done += 1
    return done, errors


async def pages_of(url: str, only: list[str] = ()) -> list[str]:
    pages = [p for p, _ in await discover_pages(url)]
    if only:  # a page path not in the app is an error, not a silent empty table
        missing = set(only) - set(pages)
        if missing:
            raise SystemExit(f"no such page: {', '.join(sorted(missing))} (pages: {pages})")
        pages = [p for p in pages if p in only]
    for p in pages:  # first visit: imports and caches, not measured
        async with Session(url, p, timeout=60):
            pass
    return pages


def profile(
    app: str, gc_on: bool, edits: int, use_spy: bool, folder: Path, only: list[str] = ()
) -> list[dict]:
    port = free_port()
    proc = start_worker(
        port, folder / f"server-{port}.log", ["--runner.postScriptGC", str(gc_on).lower()], app=app
    )
    url = f"http://127.0.0.1:{port}"
    rows = []
    try:
        deadline = time.monotonic() + 90
        while not healthy(url):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"server did not start; see {folder}")
            time.sleep(0.2)
        pages = asyncio.run(pages_of(url, only))
        marker = gc_frame()
        for i, path in enumerate(pages):
            spy = None
            raw = folder / f"spy-{gc_on}-{i}.txt"
            if use_spy:
                spy = subprocess.Popen(
                    [py_spy(), "record", "--pid", str(proc.pid), "--format", "raw"]
                    + ["--rate", "250", "--nonblocking", "-o", str(raw)],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                time.sleep(1.0)  # py-spy attaches
            cpu0 = cpu_seconds(proc.pid)
            done, errors = asyncio.run(edit_page(url, path, edits, seed=i))
            cpu = cpu_seconds(proc.pid) - cpu0
            row = {"page": "/" + path, "edits": done, "cpu_ms": cpu / done * 1000, "errors": errors}
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait(timeout=30)
                if raw.exists():
                    row |= shares(raw, marker)
            rows.append(row)
    finally:
        proc.terminate()
        proc.wait(timeout=15)
    return rows


def pct(x: float | None) -> str:
    return "—" if x is None else f"{x:.0%}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gc", choices=("on", "off", "both"), default="both")
    ap.add_argument("--edits", type=int, default=30, help="edits of each page (30)")
    ap.add_argument("--app", default="app.py", help="entry script (app.py)")
    ap.add_argument(
        "--page",
        action="append",
        default=[],
        help="only this page's URL path (repeatable; default every page)",
    )
    ap.add_argument("--no-py-spy", action="store_true", help="CPU from /proc only")
    args = ap.parse_args(argv)
    if not 1 <= args.edits <= 1000:
        ap.error("edits must be 1..1000")
    use_spy = not args.no_py_spy and py_spy() is not None and os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="lol-profile-"))
    print(f"Server CPU per edit — {machine()}")
    print(
        f"{args.app}, one server as `make run` starts it, one session a page, {args.edits} edits; "
        + ("py-spy sampling at 250 Hz" if use_spy else "no py-spy (shares not measured)")
    )
    head = f"{'postScriptGC':<13} {'page':<20} {'CPU/edit':>9} {'gc.collect':>11} {'elements':>9} {'pandas/arrow':>13} {'errors':>6}"
    print(head)
    print("-" * len(head))
    status = 0
    for gc_on in {"on": [True], "off": [False], "both": [True, False]}[args.gc]:
        for r in profile(args.app, gc_on, args.edits, use_spy, folder, args.page):
            status |= bool(r["errors"])
            gc_ms = f" ({r['gc'] * r['cpu_ms']:.0f} ms)" if "gc" in r else ""
            print(
                f"{'true' if gc_on else 'false':<13} {r['page']:<20} {r['cpu_ms']:>6.0f} ms "
                f"{pct(r.get('gc')) + gc_ms:>11} {pct(r.get('elements')):>9} "
                f"{pct(r.get('tables')):>13} {len(r['errors']):>6}"
            )
    print(f"load average after: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return int(status)


if __name__ == "__main__":
    sys.exit(main())

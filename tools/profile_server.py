"""Where a loaded server's CPU goes: py-spy on a server started as ``make run`` starts it.

    .venv/bin/python tools/profile_server.py                  # 30 readers, 40 s, every page
    .venv/bin/python tools/profile_server.py --sessions 30 --duration 20 --page luck-simulator
    .venv/bin/python tools/profile_server.py --raw spy.txt    # keep py-spy's samples

Starts one server of ``app.py`` as ``make run`` does (:func:`serve.command`), opens
every page once, attaches ``py-spy record --format raw`` (py-spy is in
requirements-dev.txt; it needs root or ptrace rights) and runs ``tools/load_test.py``'s
load: ``--sessions`` readers opening the recorded deep links within 5 s and editing every
4 s for ``--duration`` seconds. Then it prints the server's CPU a run from /proc and the
share of py-spy's samples in each part of the work (a sample counts for the first part
its stack meets, in the order of :data:`PARTS`), the functions most often on top of the
stack (self time), and our own functions most often anywhere on it.

py-spy samples every thread that is running; a thread waiting in ``epoll`` or a lock is
left out (its default), so the shares are of the server's busy time. It sometimes counts
a thread waiting for the GIL as running: ``--gil`` keeps only the thread holding it (the
work one process can do at a time; C code that lets go of the GIL is then left out).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]

from load_test import cpu_per_run, load_average, machine, run_load, warm_up  # noqa: E402
from page_links import LINKS  # noqa: E402

from ui.registry import PAGES  # noqa: E402

# (part, what in a frame marks it), first match wins: the order says which part owns a
# frame nested in another (Arrow called from an element counts as Arrow). py-spy names a
# frame "function (path:line)", the path relative to its entry of sys.path.
PAGE_FILES = tuple(f"({Path(p.file).name}:" for p in PAGES) + ("(app.py:",)
PARTS = (
    ("file watcher", ("(streamlit/watcher/", "(watchdog/")),
    ("post-run gc.collect", ("gc.collect",)),
    ("chart data to Arrow", ("convert_anything_to_arrow_bytes",)),
    ("Altair (spec building)", ("(altair/",)),
    ("pandas", ("(pandas/",)),
    ("JSON", ("(json/",)),
    ("protobuf", ("(google/protobuf/", "SerializeToString", "MergeFrom")),
    ("our statistics and charts (benchstats)", ("(benchstats/",)),
    ("Streamlit elements and widgets", ("(streamlit/elements/", "(streamlit/runtime/state/")),
    ("our pages (ui, app_pages)", ("(ui/", *PAGE_FILES)),
    ("Streamlit's script runner", ("(streamlit/runtime/scriptrunner",)),
    ("Streamlit's messages to the browser", ("(streamlit/runtime/app_session.py", "forward_msg")),
    ("the websocket and server", ("(starlette/", "(uvicorn/", "(websockets/", "(streamlit/web/")),
    ("Streamlit, the rest", ("(streamlit/",)),
    ("asyncio", ("(asyncio/", "(selectors.py")),
)
OURS = ("(benchstats/", "(ui/", *PAGE_FILES)


def py_spy() -> str | None:
    here = Path(sys.executable).parent / "py-spy"
    return str(here) if here.exists() else shutil.which("py-spy")


def samples(raw: Path) -> list[tuple[list[str], int]]:
    """py-spy's raw (collapsed) output: (frames root first, count) per distinct stack."""
    out = []
    for line in raw.read_text(errors="replace").splitlines():
        stack, _, n = line.rpartition(" ")
        if n.isdigit():
            out.append((stack.split(";"), int(n)))
    return out


def part_of(frames: list[str]) -> str:
    """The first part of :data:`PARTS` whose mark is in any frame of the stack."""
    for part, marks in PARTS:
        if any(mark in frame for frame in frames for mark in marks):
            return part
    return "other"


def shares(stacks: list[tuple[list[str], int]]) -> dict[str, float]:
    total = sum(n for _, n in stacks) or 1
    counts: collections.Counter[str] = collections.Counter()
    for frames, n in stacks:
        counts[part_of(frames)] += n
    return {part: counts[part] / total for part, _ in (*PARTS, ("other", ()))}


def top(stacks: list[tuple[list[str], int]], *, ours: bool, most: int = 12) -> list[tuple]:
    """Functions by share of samples: on top of the stack, or (``ours``) anywhere on it."""
    total = sum(n for _, n in stacks) or 1
    counts: collections.Counter[str] = collections.Counter()
    for frames, n in stacks:
        if ours:
            mine = {f for f in frames if any(m in f for m in OURS)}
            for f in mine:
                counts[f] += n
        elif frames:
            counts[frames[-1]] += n
    return [(f, c / total) for f, c in counts.most_common(most)]


def profile(args: argparse.Namespace, folder: Path) -> int:
    from conftest import start_server, stop_server

    links = [link for link in LINKS if not args.page or link[0] in args.page]
    proc, url = start_server("app.py")
    raw = args.raw or folder / "spy.txt"
    try:
        asyncio.run(warm_up([url], links, 60))
        spy = subprocess.Popen(
            [py_spy(), "record", "--pid", str(proc.pid), "--format", "raw", "--rate", "200"]
            + ["--nonblocking", "-o", str(raw)]
            + (["--gil"] if args.gil else []),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)  # py-spy attaches
        res = asyncio.run(
            run_load(
                url,
                proc.pid,
                sessions=args.sessions,
                duration=args.duration,
                think=4.0,
                ramp=5.0,
                seed=7,
                timeout=60,
                links=links,
                warm=False,
                settle=0,
            )
        )
        spy.send_signal(signal.SIGINT)
        spy.wait(timeout=60)
    finally:
        stop_server(proc)
    errors = [e for t in res["tallies"].values() for e in t.errors]
    stacks = samples(raw)
    n = sum(c for _, c in stacks)
    runs = sum(t.edits + len(t.first_seconds) for t in res["tallies"].values())
    print(
        f"{args.sessions} readers on {len(links)} links for {args.duration:g} s: {runs} runs, "
        f"server CPU {cpu_per_run(res) * 1000:.0f} ms a run, {len(errors)} errors; "
        f"{n:,} samples (load average after {load_average()})"
    )
    print()
    print("share of samples by part of the work (a stack counts for the first part it meets):")
    for part, share in sorted(shares(stacks).items(), key=lambda kv: -kv[1]):
        print(f"  {share:>5.1%}  {part}")
    print()
    print("on top of the stack (self time):")
    for frame, share in top(stacks, ours=False):
        print(f"  {share:>5.1%}  {frame}")
    print()
    print("our functions anywhere on the stack (inclusive):")
    for frame, share in top(stacks, ours=True):
        print(f"  {share:>5.1%}  {frame}")
    return 1 if errors else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=30, help="readers (30)")
    ap.add_argument("--duration", type=float, default=40.0, help="seconds of load (40)")
    ap.add_argument("--page", action="append", default=[], help="only this page's links")
    ap.add_argument("--raw", type=Path, help="keep py-spy's raw samples in this file")
    ap.add_argument("--gil", action="store_true", help="only samples of the thread holding the GIL")
    args = ap.parse_args(argv)
    if not (1 <= args.sessions <= 500 and 0 < args.duration <= 600):
        ap.error("sessions must be 1..500 and duration 0..600 s")
    if py_spy() is None:
        print("py-spy is missing: pip install -r requirements-dev.txt", file=sys.stderr)
        return 2
    if os.geteuid() != 0:
        print("py-spy needs root (or ptrace rights) to read another process", file=sys.stderr)
    print(f"Where the server's CPU goes — {machine()}")
    return profile(args, Path(tempfile.mkdtemp(prefix="lol-profile-")))


if __name__ == "__main__":
    sys.exit(main())

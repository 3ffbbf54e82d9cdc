"""Load test: N concurrent readers editing the pages of a Streamlit server.

    .venv/bin/python tools/load_test.py                 # 50 sessions, 60 s, one server
    .venv/bin/python tools/load_test.py --workers 2 --sessions 100   # behind HAProxy
    .venv/bin/python tools/load_test.py --url http://127.0.0.1:8500  # a running server
    .venv/bin/python tools/load_test.py --sessions 5 --duration 10

What it does, all on loopback and bounded in time:

1. starts the app on a free 127.0.0.1 port the way ``make run`` serves it
   (the test harness's ``start_server``: ``serve.py`` for ``app.py``); with
   ``--workers N``, N such servers behind HAProxy the way ``make serve``
   starts them (``tools/serve_room.py``); with ``--url``, nothing: it loads
   the server already running there (``--pid`` names its processes, for CPU
   and memory);
2. finds the app's pages from its ``navigation`` message and opens each once
   (the first visit of a page imports its modules: reported, not counted);
3. opens N sessions (``tools/st_client.Session``: Streamlit's websocket
   protocol, XSRF cookie and all) spread round-robin over the pages, arriving
   at random within ``--ramp`` seconds;
4. each session edits one of its page's number inputs every ``--think``
   seconds on average (uniform jitter from half to one and a half times that),
   nudging it a few steps, and times the edit from sending the rerun to the
   page's ``script_finished``;
5. stops after ``--duration`` seconds (edits in flight finish), closes the
   sessions and the server, and prints errors, p50/p95/max edit-to-rerun
   times, first-load times, edits served against offered, server CPU per
   edit, and memory (VmRSS from /proc, summed over the workers) before and
   after.

Exit status 1 when any error was seen (an exception box, a missing
``script_finished``, a dropped socket, a traceback in the server log).

The load generator runs on the same machine as the server and takes CPU from
it; its own CPU time is printed so the reader can judge. The server's CPU time
per run is printed too: it does not depend on what else the machine is doing,
and its inverse is what one server process can serve at most (its reruns run
in threads under one GIL, so one process uses about one core).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]

from serve_room import start_room  # noqa: E402
from st_client import (  # noqa: E402
    ProtocolError,
    RunResult,
    Session,
    cpu_seconds,
    discover_pages,
    percentile,
    rss_kib,
)


@dataclass
class Tally:
    """What the sessions of one page measured."""

    sessions: int = 0
    edits: int = 0
    edit_seconds: list[float] = field(default_factory=list)
    first_seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add(self, r: RunResult, *, first: bool = False) -> None:
        if first:
            self.first_seconds.append(r.seconds)
        else:
            self.edits += 1
            self.edit_seconds.append(r.seconds)
        self.errors.extend(r.errors)


def page_label(path: str) -> str:
    return "/" + path


def machine() -> str:
    mem_kib = 0
    with open("/proc/meminfo") as fh:
        for line in fh:
            if line.startswith("MemTotal:"):
                mem_kib = int(line.split()[1])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"nproc {len(os.sched_getaffinity(0))}, {mem_kib / 2**20:.1f} GiB RAM, load average {load}"
    )


def mib(kib: int) -> str:
    return f"{kib / 1024:,.0f} MiB"


def ms(seconds: float) -> str:
    return "—" if seconds != seconds else f"{seconds * 1000:,.0f} ms"


async def one_reader(
    url: str,
    path: str,
    tally: Tally,
    *,
    arrive: float,
    stop_at: float,
    think: float,
    rng: random.Random,
    timeout: float,
    min_edits: int = 0,
) -> None:
    """One reader: arrive, load the page, edit every few seconds until stop_at.

    ``min_edits`` edits are made even past stop_at (the tests use 1, so a slow
    machine cannot leave a session with nothing to time).
    """
    tally_edits = 0
    await asyncio.sleep(arrive)
    tally.sessions += 1
    session = Session(url, path, timeout=timeout)
    try:
        try:
            tally.add(await session.open(), first=True)
        except Exception as exc:  # could not even connect: an error, not a crash
            tally.errors.append(f"open: {type(exc).__name__}: {exc}")
            return
        if session.broken:
            return
        while True:
            pause = think * rng.uniform(0.5, 1.5)
            if time.monotonic() + pause >= stop_at and tally_edits >= min_edits:
                break
            await asyncio.sleep(pause)
            if not session.editable():
                tally.errors.append("no editable number input on the page")
                break
            result = await session.random_edit(rng)
            tally.add(result)
            tally_edits += 1
            if session.broken:  # a dropped socket or a run that never finished:
                break  # this reader gives up (counted as an error above)
    finally:
        await session.close()


def total_rss(pids: list[int]) -> int:
    """VmRSS summed over the server processes, KiB (0 when none are known)."""
    return sum(rss_kib(p)[0] for p in pids)


def total_cpu(pids: list[int]) -> float:
    return sum(cpu_seconds(p) for p in pids)


async def run_load(
    url: str,
    pid: int | list[int],
    *,
    sessions: int,
    duration: float,
    think: float,
    ramp: float,
    seed: int,
    timeout: float,
    min_edits: int = 0,
    settle: float = 2.0,
    warm_urls: list[str] | None = None,
) -> dict:
    pids = [pid] if isinstance(pid, int) else list(pid)
    rng = random.Random(seed)
    pages = [p for p, _ in await discover_pages(url)]
    warm: dict[str, RunResult] = {}
    for base in warm_urls or [url]:  # every worker behind a proxy: each imports its own
        for path in pages:  # first visit of each page: module imports, caches
            async with Session(base, path, timeout=timeout) as s:
                assert s.first_run is not None
                if path not in warm or s.first_run.errors:
                    warm[path] = s.first_run
    await asyncio.sleep(settle / 2)
    tallies: dict[str, Tally] = defaultdict(Tally)
    for path, r in warm.items():
        tallies[path].errors.extend(f"first visit: {e}" for e in r.errors)
    rss_before = total_rss(pids)
    cpu_before = total_cpu(pids)
    client_cpu_before = time.process_time()

    start = time.monotonic()
    stop_at = start + duration
    tasks = [
        asyncio.create_task(
            one_reader(
                url,
                pages[i % len(pages)],
                tallies[pages[i % len(pages)]],
                arrive=rng.uniform(0, ramp),
                stop_at=stop_at,
                think=think,
                rng=random.Random(rng.random()),
                timeout=timeout,
                min_edits=min_edits,
            )
        )
        for i in range(sessions)
    ]
    peak = 0
    while not all(t.done() for t in tasks):
        await asyncio.sleep(0.5)
        peak = max(peak, total_rss(pids))
    for t in tasks:
        if t.exception() is not None:
            tallies["(harness)"].errors.append(f"{type(t.exception()).__name__}: {t.exception()}")
    elapsed = time.monotonic() - start
    cpu_used = total_cpu(pids) - cpu_before
    client_cpu = time.process_time() - client_cpu_before
    await asyncio.sleep(settle)  # let the server drop what the closed sessions held
    rss_after = total_rss(pids)
    return dict(
        pages=pages,
        warm=warm,
        tallies=tallies,
        elapsed=elapsed,
        cpu_used=cpu_used,
        client_cpu=client_cpu,
        rss_before=rss_before,
        rss_peak=max(peak, rss_after),
        rss_after=rss_after,
        processes=len(pids),
    )


def server_tracebacks(proc) -> list[str]:
    """Lines of the server's log (or of every worker's, for a room) that show an error."""
    if hasattr(proc, "worker_urls"):  # a serve_room.Room: its workers' logs
        text = "\n".join(
            p.read_text(errors="replace") for p in proc.logs() if p.name.startswith("worker")
        )
    else:
        log = getattr(proc, "_log", None)
        if log is None:
            return []
        log.flush()
        text = Path(log.name).read_text(errors="replace")
    return [
        line
        for line in text.splitlines()
        if "Traceback" in line or " ERROR " in line or line.startswith("Error")
    ]


def report(res: dict, args: argparse.Namespace, log_errors: list[str]) -> int:
    tallies: dict[str, Tally] = res["tallies"]
    all_edits = [s for t in tallies.values() for s in t.edit_seconds]
    all_first = [s for t in tallies.values() for s in t.first_seconds]
    errors = [e for t in tallies.values() for e in t.errors]
    n_sessions = sum(t.sessions for t in tallies.values())
    n_edits = sum(t.edits for t in tallies.values())
    n_errors = len(errors) + len(log_errors)

    print(f"Load test — {args.started} — {args.machine}")
    target = getattr(
        args, "target", f"one server of {args.app} on 127.0.0.1 (started as `make run` starts it)"
    )
    print(
        f"{target}; {args.sessions} sessions arriving "
        f"within {args.ramp:g} s, each editing a number input every {args.think:g} s "
        f"(±50 % jitter) for {args.duration:g} s: about {args.sessions / args.think:.1f} "
        "edits a second offered"
    )
    print()
    print("first visit of each page after the server started (not counted below):")
    for path, r in res["warm"].items():
        print(f"  {page_label(path):<20} {ms(r.seconds)}")
    print()
    head = f"{'page':<20} {'sessions':>8} {'edits':>6} {'errors':>6} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8} {'first load p95':>15}"
    print(head)
    print("-" * len(head))
    for path in res["pages"]:
        t = tallies[path]
        print(
            f"{page_label(path):<20} {t.sessions:>8} {t.edits:>6} {len(t.errors):>6} "
            f"{ms(percentile(t.edit_seconds, 50)):>8} {ms(percentile(t.edit_seconds, 95)):>8} "
            f"{ms(percentile(t.edit_seconds, 99)):>8} "
            f"{ms(max(t.edit_seconds, default=float('nan'))):>8} "
            f"{ms(percentile(t.first_seconds, 95)):>15}"
        )
    print("-" * len(head))
    print(
        f"{'all pages':<20} {n_sessions:>8} {n_edits:>6} {len(errors):>6} "
        f"{ms(percentile(all_edits, 50)):>8} {ms(percentile(all_edits, 95)):>8} "
        f"{ms(percentile(all_edits, 99)):>8} "
        f"{ms(max(all_edits, default=float('nan'))):>8} {ms(percentile(all_first, 95)):>15}"
    )
    print()
    elapsed = res["elapsed"]
    offered = args.sessions * args.duration / args.think
    procs = res.get("processes", 1)
    print(
        f"edits served: {n_edits:,} of about {offered:,.0f} offered ({n_edits / offered:.0%}); "
        f"throughput {n_edits / elapsed:.1f} edits/s over {elapsed:.0f} s"
    )
    if procs:
        print(
            f"server CPU {res['cpu_used'] / elapsed:.0%} of one core ({procs} process"
            f"{'es' if procs > 1 else ''}); load generator CPU "
            f"{res['client_cpu'] / elapsed:.0%} of one core (same machine)"
        )
    runs = n_edits + len(all_first)
    if runs and procs:
        per_run = res["cpu_used"] / runs
        print(
            f"server CPU per run (edits and first loads): {per_run * 1000:,.0f} ms, so one "
            f"server process (one core: its reruns share the GIL) tops out near "
            f"{1 / per_run:,.1f} runs a second on an otherwise idle core"
        )
        print(
            f"server memory (VmRSS{', all workers' if procs > 1 else ''}): "
            f"{mib(res['rss_before'])} before, {mib(res['rss_peak'])} peak, "
            f"{mib(res['rss_after'])} after "
            f"({(res['rss_after'] - res['rss_before']) / 1024:+,.0f} MiB)"
        )
    print(
        f"errors: {n_errors} ({len(errors)} seen by sessions, {len(log_errors)} in the server log)"
    )
    for e in sorted(set(errors))[:10]:
        print(f"  {errors.count(e)}× {e}")
    for line in log_errors[:10]:
        print(f"  server log: {line}")
    return 1 if n_errors else 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=50, help="concurrent sessions (default 50)")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of load (default 60)")
    ap.add_argument(
        "--think", type=float, default=4.0, help="mean seconds between a session's edits (4)"
    )
    ap.add_argument("--ramp", type=float, default=5.0, help="sessions arrive within this (5 s)")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds a run may take")
    ap.add_argument("--app", default="app.py", help="entry script (default app.py)")
    where = ap.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        default=0,
        help="N servers behind HAProxy, as `make serve` starts them (default 0: one server "
        "as `make run` starts it, no proxy)",
    )
    where.add_argument("--url", help="load the server already running at this URL")
    ap.add_argument(
        "--pid",
        type=int,
        action="append",
        default=[],
        help="with --url: a server process to read CPU and memory from (repeat for each)",
    )
    args = ap.parse_args(argv)
    if not (1 <= args.sessions <= 500 and 0 < args.duration <= 1800):
        ap.error("sessions must be 1..500 and duration 0..1800 s")
    if not 0 <= args.workers <= 64:
        ap.error("workers must be 0..64")
    if args.workers and args.app != "app.py":
        ap.error("--workers serves app.py (make serve)")
    if args.pid and not args.url:
        ap.error("--pid goes with --url")
    if args.url and not args.url.startswith(("http://", "https://")):
        ap.error("--url must start with http:// or https://")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from conftest import start_server, stop_server

    args.started = f"{dt.datetime.now():%Y-%m-%d %H:%M}"
    args.machine = machine()

    if args.url:
        url, pids, proc = args.url.rstrip("/"), args.pid, None
        args.target = f"the server at {url}" + (
            f" ({len(pids)} processes measured)" if pids else " (its CPU and memory not measured)"
        )
        stop = lambda: None  # noqa: E731 - not ours to stop
    elif args.workers:
        proc = start_room(args.workers)
        url, pids, stop = proc.url, proc.worker_pids, proc.stop
        args.target = (
            f"{args.workers} servers of app.py behind HAProxy on 127.0.0.1 "
            "(started as `make serve` starts them)"
        )
    else:
        proc, url = start_server(args.app)
        pids = [proc.pid]
        stop = lambda: stop_server(proc)  # noqa: E731
    try:
        res = asyncio.run(
            run_load(
                url,
                pids,
                sessions=args.sessions,
                duration=args.duration,
                think=args.think,
                ramp=args.ramp,
                seed=args.seed,
                timeout=args.timeout,
                warm_urls=getattr(proc, "worker_urls", None),
            )
        )
        log_errors = server_tracebacks(proc) if proc is not None else []
    except ProtocolError as exc:  # the app itself is broken: say so without a traceback
        print(f"load test stopped: {exc}", file=sys.stderr)
        return 2
    finally:
        stop()
    return report(res, args, log_errors)


if __name__ == "__main__":
    sys.exit(main())

"""Load test: N concurrent readers editing the pages of ONE ``streamlit run`` server.

    .venv/bin/python tools/load_test.py                 # 50 sessions, 60 s
    .venv/bin/python tools/load_test.py --sessions 5 --duration 10

What it does, all on loopback and bounded in time:

1. starts the app on a free 127.0.0.1 port the way ``make run`` serves it
   (the test harness's ``start_server``: ``serve.py`` for ``app.py``);
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
   times, first-load times, throughput, server CPU and memory (VmRSS from
   /proc) before and after.

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


async def run_load(
    url: str,
    pid: int,
    *,
    sessions: int,
    duration: float,
    think: float,
    ramp: float,
    seed: int,
    timeout: float,
    min_edits: int = 0,
    settle: float = 2.0,
) -> dict:
    rng = random.Random(seed)
    pages = [p for p, _ in await discover_pages(url)]
    warm: dict[str, RunResult] = {}
    for path in pages:  # first visit of each page: module imports, caches
        async with Session(url, path, timeout=timeout) as s:
            assert s.first_run is not None
            warm[path] = s.first_run
    await asyncio.sleep(settle / 2)
    tallies: dict[str, Tally] = defaultdict(Tally)
    for path, r in warm.items():
        tallies[path].errors.extend(f"first visit: {e}" for e in r.errors)
    rss_before, _ = rss_kib(pid)
    cpu_before = cpu_seconds(pid)
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
        peak = max(peak, rss_kib(pid)[0])
    for t in tasks:
        if t.exception() is not None:
            tallies["(harness)"].errors.append(f"{type(t.exception()).__name__}: {t.exception()}")
    elapsed = time.monotonic() - start
    cpu_used = cpu_seconds(pid) - cpu_before
    client_cpu = time.process_time() - client_cpu_before
    await asyncio.sleep(settle)  # let the server drop what the closed sessions held
    rss_after, hwm = rss_kib(pid)
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
        hwm=hwm,
    )


def server_tracebacks(proc) -> list[str]:
    """Lines of the server's log that show a traceback or an error."""
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
    print(
        f"one server of {args.app} on 127.0.0.1 (started as `make run` starts it); {args.sessions} sessions arriving "
        f"within {args.ramp:g} s, each editing a number input every {args.think:g} s "
        f"(±50 % jitter) for {args.duration:g} s: about {args.sessions / args.think:.1f} "
        "edits a second offered"
    )
    print()
    print("first visit of each page after the server started (not counted below):")
    for path, r in res["warm"].items():
        print(f"  {page_label(path):<20} {ms(r.seconds)}")
    print()
    head = f"{'page':<20} {'sessions':>8} {'edits':>6} {'errors':>6} {'p50':>8} {'p95':>8} {'max':>8} {'first load p95':>15}"
    print(head)
    print("-" * len(head))
    for path in res["pages"]:
        t = tallies[path]
        print(
            f"{page_label(path):<20} {t.sessions:>8} {t.edits:>6} {len(t.errors):>6} "
            f"{ms(percentile(t.edit_seconds, 50)):>8} {ms(percentile(t.edit_seconds, 95)):>8} "
            f"{ms(max(t.edit_seconds, default=float('nan'))):>8} "
            f"{ms(percentile(t.first_seconds, 95)):>15}"
        )
    print("-" * len(head))
    print(
        f"{'all pages':<20} {n_sessions:>8} {n_edits:>6} {len(errors):>6} "
        f"{ms(percentile(all_edits, 50)):>8} {ms(percentile(all_edits, 95)):>8} "
        f"{ms(max(all_edits, default=float('nan'))):>8} {ms(percentile(all_first, 95)):>15}"
    )
    print()
    elapsed = res["elapsed"]
    print(
        f"throughput: {n_edits / elapsed:.1f} edits/s over {elapsed:.0f} s; server CPU "
        f"{res['cpu_used'] / elapsed:.0%} of one core; load generator CPU "
        f"{res['client_cpu'] / elapsed:.0%} of one core (same machine)"
    )
    runs = n_edits + len(all_first)
    if runs:
        per_run = res["cpu_used"] / runs
        print(
            f"server CPU per run (edits and first loads): {per_run * 1000:,.0f} ms, so one "
            f"server process (one core: its reruns share the GIL) tops out near "
            f"{1 / per_run:,.1f} runs a second on an otherwise idle core"
        )
    print(
        f"server memory (VmRSS): {mib(res['rss_before'])} before, {mib(res['rss_peak'])} peak, "
        f"{mib(res['rss_after'])} after ({(res['rss_after'] - res['rss_before']) / 1024:+,.0f} MiB)"
    )
    print(
        f"errors: {n_errors} ({len(errors)} seen by sessions, {len(log_errors)} in the server log)"
    )
    for e in sorted(set(errors))[:10]:
        print(f"  {errors.count(e)}× {e}")
    for line in log_errors[:10]:
        print(f"  server log: {line}")
    return 1 if n_errors else 0


def main(argv: list[str] | None = None) -> int:
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
    args = ap.parse_args(argv)
    if not (1 <= args.sessions <= 500 and 0 < args.duration <= 1800):
        ap.error("sessions must be 1..500 and duration 0..1800 s")

    from conftest import start_server, stop_server

    args.started = f"{dt.datetime.now():%Y-%m-%d %H:%M}"
    args.machine = machine()

    proc, url = start_server(args.app)
    try:
        res = asyncio.run(
            run_load(
                url,
                proc.pid,
                sessions=args.sessions,
                duration=args.duration,
                think=args.think,
                ramp=args.ramp,
                seed=args.seed,
                timeout=args.timeout,
            )
        )
        log_errors = server_tracebacks(proc)
    except ProtocolError as exc:  # the app itself is broken: say so without a traceback
        print(f"load test stopped: {exc}", file=sys.stderr)
        return 2
    finally:
        stop_server(proc)
    return report(res, args, log_errors)


if __name__ == "__main__":
    sys.exit(main())

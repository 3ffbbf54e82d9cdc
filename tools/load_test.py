"""Load test: a class arriving on deep links, then editing; or each page's CPU a run.

    .venv/bin/python tools/load_test.py                 # 50 sessions, 60 s, one server
    .venv/bin/python tools/load_test.py --workers 2 --sessions 100 --ramp 10   # behind HAProxy
    .venv/bin/python tools/load_test.py --sessions 30 --ramp 5 --cold   # a class, fresh server
    .venv/bin/python tools/load_test.py --per-page      # each page's CPU a run against minimal
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
   (the first visit of a page imports its modules: reported, not counted;
   ``--cold`` leaves this out, so the class meets a server only its first
   page ``/`` has been opened on);
3. a class arrives: N sessions (``tools/st_client.Session``: Streamlit's
   websocket protocol, XSRF cookie and all) open the recorded deep links
   (``tools/page_links.py``: every page bare, its documented examples and
   more; round-robin), at random within ``--ramp`` seconds, and the time
   each waits for its first page is reported (p50/p95);
4. each session edits one of its page's number inputs every ``--think``
   seconds on average (uniform jitter from half to one and a half times that),
   nudging it a few steps, and times the edit from sending the rerun to the
   page's ``script_finished``;
5. stops after ``--duration`` seconds (edits in flight finish), closes the
   sessions and the server, and prints errors, p50/p95/max edit-to-rerun
   times, first-load times, edits served against offered, server CPU per
   edit, and memory (VmRSS from /proc, summed over the workers) before and
   after.

``--per-page`` measures each page's server CPU a run instead: for each page in
turn, ``--sessions`` readers (30) open that page's links and edit for
``--duration`` seconds (40) on one server of ``app.py``, while as many readers
do the same on one server of ``tools/minimal_app.py`` at the same time (both
started as ``make run`` starts a server); the CPU each server used over its
runs (first pages and edits) is the figure, and the page's against the
minimal app's is the ratio (goal: at most 2× on average over the pages, no
page above 3×).

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
import math
import os
import random
import statistics
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
    readers: int = 0  # sessions whose page showed no number input to edit: they only read
    offered: float = 0.0  # edits the readers would have made had each been served at once
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
    link: tuple[str, str],
    tally: Tally,
    *,
    arrive: float,
    stop_at: float,
    think: float,
    rng: random.Random,
    timeout: float,
    min_edits: int = 0,
) -> None:
    """One reader: arrive, open the link, edit every few seconds until stop_at.

    ``min_edits`` edits are made even past stop_at (the tests use 1, so a slow
    machine cannot leave a session with nothing to time).
    """
    tally_edits = 0
    await asyncio.sleep(arrive)
    tally.sessions += 1
    session = Session(url, *link, timeout=timeout)
    try:
        try:
            tally.add(await session.open(), first=True)
        except Exception as exc:  # could not even connect: an error, not a crash
            tally.errors.append(f"open: {type(exc).__name__}: {exc}")
            return
        if session.broken:
            return
        tally.offered += max(0.0, stop_at - time.monotonic()) / think
        while True:
            pause = think * rng.uniform(0.5, 1.5)
            if time.monotonic() + pause >= stop_at and tally_edits >= min_edits:
                break
            await asyncio.sleep(pause)
            if not session.editable():  # a page with nothing to type (a pasted table): it reads
                tally.readers += 1
                tally.offered -= max(0.0, stop_at - time.monotonic() + pause) / think
                break
            result = await session.random_edit(rng)
            tally.add(result)
            tally_edits += 1
            if session.broken:  # a dropped socket or a run that never finished:
                break  # this reader gives up (counted as an error above)
    finally:
        await session.close()


def interleaved(links: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The links in turn by page (each page's first, then each page's second, …), so readers
    handed them round-robin spread over every page, however few they are.

    >>> interleaved([("a", "1"), ("a", "2"), ("b", "1")])
    [('a', '1'), ('b', '1'), ('a', '2')]
    """
    by_page: dict[str, list[tuple[str, str]]] = {}
    for link in links:
        by_page.setdefault(link[0], []).append(link)
    rounds = max(map(len, by_page.values()), default=0)
    return [ls[i] for i in range(rounds) for ls in by_page.values() if i < len(ls)]


def total_rss(pids: list[int]) -> int:
    """VmRSS summed over the server processes, KiB (0 when none are known)."""
    return sum(rss_kib(p)[0] for p in pids)


def total_cpu(pids: list[int]) -> float:
    return sum(cpu_seconds(p) for p in pids)


async def warm_up(bases: list[str], links: list[tuple[str, str]], timeout: float) -> dict:
    """Each link's page opened once on every server (module imports, caches): by page path,
    the slowest first visit of each, or one that failed."""
    warm: dict[str, RunResult] = {}
    for base in bases:  # every worker behind a proxy: each imports its own
        for path in dict.fromkeys(path for path, _ in links):
            async with Session(base, path, timeout=timeout) as s:
                assert s.first_run is not None
                if path not in warm or s.first_run.errors:
                    warm[path] = s.first_run
    return warm


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
    links: list[tuple[str, str]] | None = None,
    min_edits: int = 0,
    settle: float = 2.0,
    warm_urls: list[str] | None = None,
    warm: bool = True,
) -> dict:
    """``sessions`` readers arrive within ``ramp`` seconds on ``links`` (round-robin; None:
    every page of the app bare), each editing every ``think`` seconds for ``duration``.

    With ``warm``, each page is first opened once on every server (``warm_urls``, else
    ``url``), untimed; without, the class meets the server as it is.
    """
    pids = [pid] if isinstance(pid, int) else list(pid)
    rng = random.Random(seed)
    if links is None:
        links = [(p, "") for p, _ in await discover_pages(url)]
    links = interleaved(links)
    pages = list(dict.fromkeys(path for path, _ in links))
    visits = await warm_up(warm_urls or [url], links, timeout) if warm else {}
    if warm:
        await asyncio.sleep(settle / 2)
    tallies: dict[str, Tally] = defaultdict(Tally)
    for path, r in visits.items():
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
                links[i % len(links)],
                tallies[links[i % len(links)][0]],
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
        warm=visits,
        tallies=tallies,
        elapsed=elapsed,
        cpu_used=cpu_used,
        client_cpu=client_cpu,
        rss_before=rss_before,
        rss_peak=max(peak, rss_after),
        rss_after=rss_after,
        processes=len(pids),
    )


def cpu_per_run(res: dict) -> float:
    """Server CPU seconds per run (first pages and edits) of a load's result."""
    tallies = res["tallies"].values()
    runs = sum(t.edits + len(t.first_seconds) for t in tallies)
    return res["cpu_used"] / runs if runs else math.nan


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
        f"{target}; {args.sessions} readers arriving within {args.ramp:g} s on deep links, "
        f"each then editing a number input every {args.think:g} s (±50 % jitter) for "
        f"{args.duration:g} s: about {args.sessions / args.think:.1f} edits a second offered"
    )
    print()
    if res["warm"]:
        print("first visit of each page after the server started (not counted below):")
        for path, r in res["warm"].items():
            print(f"  {page_label(path):<20} {ms(r.seconds)}")
    else:
        print("no page opened before the class arrived (--cold): only / was, to find the pages")
    print()
    head = f"{'page':<20} {'sessions':>8} {'edits':>6} {'errors':>6} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8} {'first page p95':>15}"
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
    print(
        f"the class arriving: {len(all_first)} first pages, p50 {ms(percentile(all_first, 50))}, "
        f"p95 {ms(percentile(all_first, 95))}, max {ms(max(all_first, default=math.nan))}; "
        f"edits: p50 {ms(percentile(all_edits, 50))}, p95 {ms(percentile(all_edits, 95))}"
    )
    elapsed = res["elapsed"]
    readers = sum(t.readers for t in tallies.values())
    offered = sum(t.offered for t in tallies.values())  # from each reader's first page on
    if readers:
        print(f"{readers} readers' links showed no number input to edit: they only read")
    procs = res.get("processes", 1)
    print(
        f"edits served: {n_edits:,} of about {offered:,.0f} offered from each reader's first page "
        f"on ({n_edits / max(offered, 1):.0%}); "
        f"throughput {n_edits / elapsed:.1f} edits/s over {elapsed:.0f} s"
    )
    if procs:
        print(
            f"server CPU {res['cpu_used'] / elapsed:.0%} of one core ({procs} process"
            f"{'es' if procs > 1 else ''}); load generator CPU "
            f"{res['client_cpu'] / elapsed:.0%} of one core (same machine)"
        )
    per_run = cpu_per_run(res)
    if per_run == per_run and procs:
        print(
            f"server CPU per run (edits and first pages): {per_run * 1000:,.0f} ms, so one "
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
    print(f"load average after: {load_average()}")
    return 1 if n_errors else 0


def load_average() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


# --------------------------------------------------------------------------- --per-page

PAGE_GOAL, EACH_GOAL = 2.0, 3.0  # CPU a run against the minimal app's: mean over pages, any page


async def page_against_minimal(
    app: tuple[str, int], minimal: tuple[str, int], links: list[tuple[str, str]], args
) -> tuple[dict, dict]:
    """The page's readers on the app and as many on the minimal app, at the same time."""
    common = dict(
        sessions=args.sessions,
        duration=args.duration,
        think=args.think,
        ramp=args.ramp,
        seed=args.seed,
        timeout=args.timeout,
        warm=False,  # every page was opened once before the first
        settle=0,
    )
    return await asyncio.gather(
        run_load(*app, links=links, **common),
        run_load(*minimal, links=[("", "")], **common),
    )


def per_page(args: argparse.Namespace) -> int:
    """Each page's server CPU a run against the minimal app's, side by side (see the doc)."""
    from conftest import start_server, stop_server
    from page_links import LINKS

    print(f"Server CPU a run, each page against the minimal app — {args.started} — {args.machine}")
    print(
        f"one server of app.py and one of tools/minimal_app.py, both started as `make run` "
        f"starts a server; per page, {args.sessions} readers open its links within "
        f"{args.ramp:g} s and edit every {args.think:g} s for {args.duration:g} s on each, "
        "at the same time; CPU from /proc over the runs (first pages and edits)"
    )
    pages = list(dict.fromkeys(path for path, _ in LINKS))
    if args.page:
        pages = [p for p in pages if p in args.page or "/" + p in args.page]
    app_proc, app_url = start_server("app.py")
    min_proc, min_url = start_server("tools/minimal_app.py")
    rows, status = [], 0
    try:
        asyncio.run(warm_up([app_url], LINKS, args.timeout))
        asyncio.run(warm_up([min_url], [("", "")], args.timeout))
        head = (
            f"{'page':<20} {'runs':>5} {'CPU/run':>8} {'minimal':>8} {'ratio':>6} "
            f"{'edit p95':>9} {'min p95':>8} {'errors':>6}  load average"
        )
        print(head)
        print("-" * len(head))
        for path in pages:
            links = [link for link in LINKS if link[0] == path]
            ours, ref = asyncio.run(
                page_against_minimal((app_url, app_proc.pid), (min_url, min_proc.pid), links, args)
            )
            errors = [e for r in (ours, ref) for t in r["tallies"].values() for e in t.errors]
            status |= bool(errors)
            ratio = cpu_per_run(ours) / cpu_per_run(ref)
            rows.append(ratio)
            edits = [s for t in ours["tallies"].values() for s in t.edit_seconds]
            ref_edits = [s for t in ref["tallies"].values() for s in t.edit_seconds]
            runs = sum(t.edits + len(t.first_seconds) for t in ours["tallies"].values())
            flag = "!" if ratio > EACH_GOAL else " "
            print(
                f"{page_label(path):<20} {runs:>5} {cpu_per_run(ours) * 1000:>5.0f} ms "
                f"{cpu_per_run(ref) * 1000:>5.0f} ms {ratio:>5.2f}×{flag}"
                f"{ms(percentile(edits, 95)):>9} {ms(percentile(ref_edits, 95)):>8} "
                f"{len(errors):>6}  {load_average()}",
                flush=True,
            )
            for e in sorted(set(errors))[:3]:
                print(f"    {errors.count(e)}× {e}")
        status |= bool(server_tracebacks(app_proc) or server_tracebacks(min_proc))
    finally:
        stop_server(app_proc)
        stop_server(min_proc)
    mean, most = statistics.mean(rows), max(rows)
    print("-" * len(head))
    print(
        f"mean over the pages {mean:.2f}× the minimal app (goal ≤ {PAGE_GOAL:g}×"
        f"{'' if mean <= PAGE_GOAL else ', missed'}); highest {most:.2f}× (goal: no page above "
        f"{EACH_GOAL:g}×{'' if most <= EACH_GOAL else ', missed'})"
    )
    return status


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=None, help="readers (50; --per-page: 30)")
    ap.add_argument(
        "--duration", type=float, default=None, help="seconds of load (60; --per-page: 40 a page)"
    )
    ap.add_argument(
        "--think", type=float, default=4.0, help="mean seconds between a session's edits (4)"
    )
    ap.add_argument("--ramp", type=float, default=5.0, help="readers arrive within this (5 s)")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds a run may take")
    ap.add_argument("--app", default="app.py", help="entry script (default app.py)")
    ap.add_argument("--cold", action="store_true", help="no page opened before the class arrives")
    ap.add_argument(
        "--per-page",
        action="store_true",
        help="each page's server CPU a run against the minimal app's (one server each)",
    )
    ap.add_argument(
        "--page", action="append", default=[], help="with --per-page: only this URL path"
    )
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
    if args.sessions is None:
        args.sessions = 30 if args.per_page else 50
    if args.duration is None:
        args.duration = 40.0 if args.per_page else 60.0
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
    if args.per_page and (args.url or args.workers or args.app != "app.py"):
        ap.error("--per-page starts its own two servers (app.py and the minimal app)")
    if args.page and not args.per_page:
        ap.error("--page goes with --per-page")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from conftest import start_server, stop_server
    from page_links import LINKS

    args.started = f"{dt.datetime.now():%Y-%m-%d %H:%M}"
    args.machine = machine()
    if args.per_page:
        return per_page(args)

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
        if args.cold:  # the page list is read from / (the teacher opening the site)
            asyncio.run(discover_pages(url))
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
                links=LINKS if args.app == "app.py" else None,
                warm_urls=getattr(proc, "worker_urls", None),
                warm=not args.cold,
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

"""Soak: 1,000 reruns of each page in ONE ``streamlit run`` server; memory growth reported.

    .venv/bin/python tools/soak.py                    # 1,000 reruns a page
    .venv/bin/python tools/soak.py --reruns 100       # a quick look
    .venv/bin/python tools/soak.py --url http://127.0.0.1:8501 --pid 1234   # a running server

Per page, ``--concurrency`` sessions at a time (``tools/st_client.Session``,
Streamlit's websocket protocol) share the page's reruns. Every rerun is an
edit: one of the page's number inputs nudged 1 to 5 steps from its current
value (a random walk, so the inputs keep taking new values and any cache that
keys on them keeps meeting new keys). Every session is closed after
``--per-session`` reruns and a new one opened, so session churn is soaked too.

Memory is the server's VmRSS from /proc, read before the page, at half-way
and at the end. Growth over the whole page includes warm-up (imports, first
chart compilation, caches filling up to their ``max_entries``); growth over
the second half is what a leak would show: it should be near zero. Python
rarely hands freed memory back to the system, so RSS measures a high-water
mark: flat is good, falling is not expected.

Closed sessions: Streamlit keeps a disconnected session's state for
``server.disconnectedSessionTTL`` seconds (for reconnects) before dropping it,
so memory held by closed sessions is released late, not never.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]

from load_test import machine, mib, ms, server_tracebacks  # noqa: E402
from st_client import (  # noqa: E402
    ProtocolError,
    Session,
    cpu_seconds,
    discover_pages,
    percentile,
    rss_kib,
)


@dataclass
class PageSoak:
    path: str
    reruns: int = 0
    sessions: int = 0
    seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    rss_start: int = 0
    rss_half: int = 0
    rss_end: int = 0
    wall: float = 0.0
    cpu: float = 0.0


async def soak_page(
    url: str,
    pid: int,
    path: str,
    *,
    reruns: int,
    concurrency: int,
    per_session: int,
    rng: random.Random,
    timeout: float,
) -> PageSoak:
    res = PageSoak(path)
    res.rss_start = rss_kib(pid)[0]
    cpu0 = cpu_seconds(pid)
    t0 = time.monotonic()
    left = reruns  # reruns still to hand out (shared by the workers)
    half = reruns // 2

    async def worker(wrng: random.Random) -> None:
        nonlocal left
        while left > 0:
            session = Session(url, path, timeout=timeout)
            res.sessions += 1
            try:
                first = await session.open()
            except Exception as exc:
                res.errors.append(f"open: {type(exc).__name__}: {exc}")
                return
            res.errors.extend(first.errors)
            if session.broken:  # the first run never finished: counts against the budget
                left -= 1
                await session.close()
                continue
            try:
                for _ in range(per_session):
                    if left <= 0:
                        break
                    left -= 1
                    if not session.editable():
                        res.errors.append("no editable number input on the page")
                        return
                    r = await session.random_edit(wrng, max_steps=5)
                    res.reruns += 1
                    res.seconds.append(r.seconds)
                    res.errors.extend(r.errors)
                    if res.reruns == half:
                        res.rss_half = rss_kib(pid)[0]
                    if session.broken:  # reconnect, as a reader would reload
                        break
            finally:
                await session.close()

    await asyncio.gather(*(worker(random.Random(rng.random())) for _ in range(concurrency)))
    res.wall = time.monotonic() - t0
    res.cpu = cpu_seconds(pid) - cpu0
    await asyncio.sleep(0.5)
    res.rss_end = rss_kib(pid)[0]
    res.rss_half = res.rss_half or res.rss_end
    return res


async def run_soak(url: str, pid: int, args: argparse.Namespace) -> tuple[list[PageSoak], dict]:
    rng = random.Random(args.seed)
    pages = [p for p, _ in await discover_pages(url)]
    if args.pages:
        pages = [p for p in pages if p in args.pages or "/" + p in args.pages]
    overall = {"rss_start": rss_kib(pid)[0]}
    results = []
    for path in pages:
        r = await soak_page(
            url,
            pid,
            path,
            reruns=args.reruns,
            concurrency=args.concurrency,
            per_session=args.per_session,
            rng=rng,
            timeout=args.timeout,
        )
        results.append(r)
        print(
            f"  soaked /{path}: {r.reruns} reruns in {r.wall:.0f} s, "
            f"{len(r.errors)} errors, RSS {mib(r.rss_end)}",
            file=sys.stderr,
            flush=True,
        )
    overall["rss_end"], hwm = rss_kib(pid)
    # VmHWM lags (the kernel updates it lazily): never report it below a sample.
    samples = [x for r in results for x in (r.rss_start, r.rss_half, r.rss_end)]
    overall["hwm"] = max([hwm, *samples])
    return results, overall


def kib(delta: int) -> str:
    return f"{delta / 1024:+,.1f} MiB"


def report(results: list[PageSoak], overall: dict, args, log_errors: list[str]) -> int:
    print(f"Soak — {args.started} — {args.machine}")
    print(
        f"one server of {args.app} (started as `make run` starts it); {args.reruns:,} edits of each page by "
        f"{args.concurrency} sessions at a time, a new session every {args.per_session} edits"
    )
    print()
    head = (
        f"{'page':<20} {'reruns':>6} {'errors':>6} {'p50':>7} {'p95':>7} "
        f"{'RSS before':>11} {'after':>9} {'growth':>11} {'2nd half':>11} {'per 1k (2nd half)':>18}"
    )
    print(head)
    print("-" * len(head))
    n_err = 0
    for r in results:
        n_err += len(r.errors)
        second = r.rss_end - r.rss_half
        n_second = r.reruns - r.reruns // 2
        per_k = second / max(n_second, 1) * 1000
        print(
            f"{'/' + r.path:<20} {r.reruns:>6,} {len(r.errors):>6} "
            f"{ms(percentile(r.seconds, 50)):>7} {ms(percentile(r.seconds, 95)):>7} "
            f"{mib(r.rss_start):>11} {mib(r.rss_end):>9} {kib(r.rss_end - r.rss_start):>11} "
            f"{kib(second):>11} {kib(int(per_k)):>18}"
        )
    print("-" * len(head))
    total = sum(r.reruns for r in results)
    print(
        f"{'all pages':<20} {total:>6,} {n_err:>6} "
        f"{ms(percentile([s for r in results for s in r.seconds], 50)):>7} "
        f"{ms(percentile([s for r in results for s in r.seconds], 95)):>7} "
        f"{mib(overall['rss_start']):>11} {mib(overall['rss_end']):>9} "
        f"{kib(overall['rss_end'] - overall['rss_start']):>11}"
    )
    print()
    wall = sum(r.wall for r in results)
    cpu = sum(r.cpu for r in results)
    print(
        f"{total:,} reruns in {wall:.0f} s ({total / wall:.1f} a second); server CPU "
        f"{cpu / total * 1000:.0f} ms a rerun on average; peak RSS (VmHWM) {mib(overall['hwm'])}"
    )
    second = sum(r.rss_end - r.rss_half for r in results)
    n_second = sum(r.reruns - r.reruns // 2 for r in results)
    print(
        f"second halves of all pages together: {kib(second)} over {n_second:,} reruns "
        f"({second / max(n_second, 1):+.1f} KiB a rerun): the leak, if any"
    )
    print(f"errors: {n_err + len(log_errors)} ({len(log_errors)} in the server log)")
    errors = [e for r in results for e in r.errors]
    for e in sorted(set(errors))[:10]:
        print(f"  {errors.count(e)}× {e}")
    for line in log_errors[:10]:
        print(f"  server log: {line}")
    return 1 if n_err or log_errors else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reruns", type=int, default=1000, help="edits of each page (1000)")
    ap.add_argument("--concurrency", type=int, default=4, help="sessions at a time (4)")
    ap.add_argument("--per-session", type=int, default=50, help="edits before reconnecting (50)")
    ap.add_argument("--pages", nargs="*", help="only these URL paths ('' is the default page)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--app", default="app.py")
    ap.add_argument(
        "--url", help="soak the server already running here (--pid: its process, for memory)"
    )
    ap.add_argument("--pid", type=int, help="with --url: the server's process id")
    args = ap.parse_args(argv)
    if bool(args.url) != bool(args.pid):
        ap.error("--url and --pid go together (memory is read from the process)")
    if not (1 <= args.reruns <= 100_000 and 1 <= args.concurrency <= 50):
        ap.error("reruns must be 1..100000 and concurrency 1..50")
    args.started = f"{dt.datetime.now():%Y-%m-%d %H:%M}"
    args.machine = machine()

    from conftest import start_server, stop_server

    if args.url:
        proc, url, pid = None, args.url.rstrip("/"), args.pid
    else:
        proc, url = start_server(args.app)
        pid = proc.pid
    try:
        results, overall = asyncio.run(run_soak(url, pid, args))
        log_errors = server_tracebacks(proc) if proc is not None else []
    except ProtocolError as exc:  # the app itself is broken: say so without a traceback
        print(f"soak stopped: {exc}", file=sys.stderr)
        return 2
    finally:
        if proc is not None:
            stop_server(proc)
    return report(results, overall, args, log_errors)


if __name__ == "__main__":
    sys.exit(main())

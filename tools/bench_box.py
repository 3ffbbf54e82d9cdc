"""The recompute box against the minimal app: a cold framed deep link, and one edit's server CPU.

    .venv/bin/python tools/bench_box.py                  # 9 cold loads, 6 rounds of 10 edits
    .venv/bin/python tools/bench_box.py --repeats 3 --rounds 2

An article's frame is what a reader waits for; a viral article is thousands of
such sessions on the server. Two ratios, each against ``tools/minimal_app.py``
measured in the same run, alternating, so a busy machine slows both alike:

- **cold link** (goal ≤ 1.3×): a fresh browser context opens ``/box?…&embed=true``
  until its chart is drawn, in the page's own clock (``tools/bench_cold.py``'s
  ``cold_load``; ``make bench`` reports the same link among every page's);
- **server CPU per edit** (goal ≤ 1.5×): one framed session (``is_embedded``, as
  the browser reports an iframe) nudges one of the box's number inputs to a value
  not used before, and the server's user + system CPU (``/proc``) is divided by
  the edits; the minimal app's session does the same to its one input.

Prints both medians, their ratio, the median of pair ratios and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests"), str(ROOT)]

from bench_cold import LINKS, MINIMAL, cold_load  # noqa: E402
from conftest import CHROMIUM_ARGS, chromium_path, start_server, stop_server  # noqa: E402
from serve_room import free_port, healthy, start_worker  # noqa: E402
from st_client import Session, cpu_seconds  # noqa: E402

BOX = LINKS["The recompute box"]
COLD_GOAL, CPU_GOAL = 1.3, 1.5


class Framed(Session):
    """A session whose browser says it is in an iframe (``st.context.is_embedded``)."""

    def _back_msg(self, first: bool, fragment_id: str = "") -> bytes:
        from streamlit.proto.BackMsg_pb2 import BackMsg

        msg = BackMsg.FromString(super()._back_msg(first, fragment_id))
        msg.rerun_script.context_info.is_embedded = True
        return msg.SerializeToString()


def cold(repeats: int) -> tuple[list[float], list[float]]:
    """Seconds to the first chart: (box loads, minimal loads), alternating."""
    from playwright.sync_api import sync_playwright

    app, app_url = start_server("app.py")
    minimal, min_url = start_server(MINIMAL)
    box, ref = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
            )
            cold_load(browser, min_url + "/")  # imports and caches, not measured
            cold_load(browser, app_url + BOX)
            for i in range(repeats):
                pair = [(box, app_url + BOX), (ref, min_url + "/")]
                for out, url in pair if i % 2 == 0 else pair[::-1]:
                    out.append(cold_load(browser, url))
            browser.close()
    finally:
        stop_server(app)
        stop_server(minimal)
    return box, ref


async def _edits(session: Session, rng: random.Random, count: int) -> None:
    for _ in range(count):
        result = await session.random_edit(rng)
        if result.errors:
            raise RuntimeError(f"the page raised: {result.errors}")


async def _cpu(rounds: int, per_round: int) -> tuple[list[float], list[float]]:
    servers = {}
    for name, app in (("box", "app.py"), ("minimal", MINIMAL)):
        port = free_port()
        log = Path(os.devnull)
        servers[name] = (start_worker(port, log, app=app), f"http://127.0.0.1:{port}")
    try:
        for proc, url in servers.values():
            deadline = time.monotonic() + 90
            while not healthy(url):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{url} did not start")
                await asyncio.sleep(0.2)
        path, query = BOX.lstrip("/").split("?", 1)
        query = query.replace("&embed=true", "")  # the browser keeps embed out of the query
        sessions = {
            "box": Framed(servers["box"][1], path, query, timeout=60),
            "minimal": Session(servers["minimal"][1], "", "", timeout=60),
        }
        rng = random.Random(1)
        out: dict[str, list[float]] = {"box": [], "minimal": []}
        for s in sessions.values():
            await s.open()
        for s in sessions.values():
            await _edits(s, rng, 5)  # the first edits fill caches: not measured
        for i in range(rounds):
            order = ["box", "minimal"] if i % 2 == 0 else ["minimal", "box"]
            for name in order:
                pid = servers[name][0].pid
                before = cpu_seconds(pid)
                await _edits(sessions[name], rng, per_round)
                out[name].append((cpu_seconds(pid) - before) / per_round)
        for s in sessions.values():
            await s.close()
    finally:
        for proc, _ in servers.values():
            proc.terminate()
            proc.wait(timeout=15)
    return out["box"], out["minimal"]


def line(what: str, box: list[float], ref: list[float], goal: float) -> str:
    b, r = statistics.median(box), statistics.median(ref)
    pairs = statistics.median(x / y for x, y in zip(box, ref, strict=True))
    flag = "!" if b / r > goal else " "
    return (
        f"  {what:<22} box {b * 1000:>6.1f} ms  minimal {r * 1000:>6.1f} ms  "
        f"ratio {b / r:>4.2f}×{flag} pairs {pairs:>4.2f}×  (goal ≤ {goal}×)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9, help="cold loads of each (9)")
    parser.add_argument("--rounds", type=int, default=6, help="rounds of edits (6)")
    parser.add_argument("--edits", type=int, default=10, help="edits a round (10)")
    args = parser.parse_args(argv)
    print(f"The recompute box, {BOX}")
    print(line("cold link, embed=true", *cold(args.repeats), COLD_GOAL))
    print(line("server CPU per edit", *asyncio.run(_cpu(args.rounds, args.edits)), CPU_GOAL))
    print(f"  load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

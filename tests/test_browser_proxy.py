"""``make serve`` end to end: two workers behind HAProxy, a reader in Chromium, a clean stop.

The test runs ``tools/serve_room.py`` as ``make serve`` does (its own
process, two workers, HAProxy on a free port), opens a deep link through the
proxy, moves a URL-bound slider, downloads a chart's PNG from its one
"Download" menu, then stops the room as Ctrl-C does and checks that every
process it started has gone.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT, free_port, wait_for_app, wait_for_rerun

pytestmark = pytest.mark.browser

SERVE_ROOM = ROOT / "tools" / "serve_room.py"
START_TIMEOUT = 150.0  # seconds: two cold workers on a busy 2-core machine
FIRST_RUN_TIMEOUT = 90.0  # seconds: a cold worker's first run imports every page's stack
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (from /proc's children lists)."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                kids = (task / "children").read_text().split()
            except OSError:
                continue
            for kid in map(int, kids):
                if kid not in found:
                    found.add(kid)
                    todo.append(kid)
    return found


def alive(pid: int) -> bool:
    """Running (not gone, not a zombie waiting for its parent)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class Served:
    """The ``serve_room.py`` process, its URL and the processes it started."""

    def __init__(self, proc: subprocess.Popen, url: str, output: list[str]) -> None:
        self.proc, self.url, self.output = proc, url, output
        self.children = descendants(proc.pid)

    def stop(self) -> int:
        """Ctrl-C (SIGINT to serve_room.py only); its exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:  # leave nothing behind even when the test fails
            for pid in descendants(self.proc.pid) | self.children:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            self.proc.kill()
            self.proc.wait(timeout=10)
            raise


def start(workers: int, port: int) -> Served:
    """``tools/serve_room.py --workers N --port P``; waits for the "open URL" line."""
    proc = subprocess.Popen(
        [sys.executable, str(SERVE_ROOM), "--workers", str(workers), "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    output: list[str] = []
    deadline = time.monotonic() + START_TIMEOUT
    os.set_blocking(proc.stdout.fileno(), False)
    while time.monotonic() < deadline and proc.poll() is None:
        output.extend(line.rstrip() for line in proc.stdout.readlines())
        url = next((ln.split()[-1] for ln in output if ln.strip().startswith("open ")), None)
        if url and any("Ctrl-C" in ln for ln in output):
            return Served(proc, url, output)
        time.sleep(0.2)
    proc.kill()
    proc.wait(timeout=10)
    output.extend(line.rstrip() for line in proc.stdout.readlines())
    raise RuntimeError("serve_room.py did not start:\n" + "\n".join(output[-40:]))


def first_visit(page, url: str) -> None:
    """Open ``url`` and wait for its first complete run, however busy the machine."""
    before = page._finished_runs
    page.goto(url)
    deadline = time.monotonic() + FIRST_RUN_TIMEOUT
    while page._finished_runs <= before:
        assert time.monotonic() < deadline, f"no run finished within {FIRST_RUN_TIMEOUT:.0f} s"
        page.wait_for_timeout(50)
    wait_for_app(page, timeout=FIRST_RUN_TIMEOUT * 1000)


@pytest.fixture
def room() -> Iterator[Served]:
    served = start(2, free_port())
    try:
        yield served
    finally:
        if served.proc.poll() is None:
            served.stop()


def test_a_room_behind_haproxy_serves_a_deep_link_an_edit_and_a_download(page, room):
    assert room.url.startswith("http://127.0.0.1:")
    names = {Path(f"/proc/{pid}/comm").read_text().strip() for pid in room.children}
    assert "haproxy" in names and len(room.children) == 3, (names, room.output)

    first_visit(page, f"{room.url}/questions-needed?p=80&d=4&n=500")
    page.get_by_text("A 4.0-point lead near 80% needs 1,566 questions.").first.wait_for()
    # the reader is kept on one worker by HAProxy's cookie
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("LOLWORKER") in ("w1", "w2"), cookies

    thumb = page.get_by_role("slider", name="Lead you care about")
    thumb.focus()
    wait_for_rerun(page, lambda: thumb.press("ArrowLeft"))  # 4.0 → 3.5 points
    page.get_by_text("A 3.5-point lead near 80% needs").first.wait_for()
    assert "d=3.5" in page.url

    page.locator("[data-testid='stPopover'] button", has_text="Download").first.click()
    menu = page.locator("[data-testid='stPopoverBody']").last
    with page.expect_download() as info:
        menu.locator("[data-testid='stDownloadButton'] button", has_text="Picture (PNG)").click()
    data = Path(info.value.path()).read_bytes()
    assert data[:8] == PNG_MAGIC
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 300 and height > 200, (width, height)
    assert info.value.suggested_filename.endswith(".png")

    started = descendants(room.proc.pid) | room.children
    assert room.stop() == 0, room.output
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in started if alive(pid)], "processes left after the stop"

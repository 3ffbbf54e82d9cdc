"""``make serve``: N Streamlit processes behind HAProxy, one URL for a room.

    .venv/bin/python tools/serve_room.py                  # one worker per core, :8500
    .venv/bin/python tools/serve_room.py --workers 3 --port 8080

Starts N workers the way ``make run`` starts one (``serve.py``, so the first
deep link after a restart works), each on a free loopback port, waits until
each answers ``/_stcore/health``, renders ``deploy/haproxy.cfg`` with one
``server`` line per worker and runs ``haproxy -db`` on it in the foreground.
It prints the one URL to open; Ctrl-C (or SIGTERM) stops HAProxy and every
worker it started, and so does any of them dying.

HAProxy balances new readers by fewest connections and keeps each reader on
its worker with a cookie (a Streamlit session, its uploads and downloads live
in one process). Every page's state is in its URL, so any worker can serve
any link. Why several processes: a rerun holds the GIL, so one process uses
about one core whatever the number of readers.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import serve  # noqa: E402 - the command make run serves with

TEMPLATE = ROOT / "deploy" / "haproxy.cfg"
MARKER = "# SERVERS"
START_TIMEOUT = 90.0  # seconds: a cold worker imports pandas, scipy, altair


def free_port(host: str = "127.0.0.1") -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def haproxy_binary() -> str | None:
    return shutil.which("haproxy") or next(
        (p for p in ("/usr/sbin/haproxy", "/usr/local/sbin/haproxy") if os.access(p, os.X_OK)),
        None,
    )


def render_config(ports: list[int], host: str = "127.0.0.1", template: Path = TEMPLATE) -> str:
    """The HAProxy config: the template with one ``server`` line per worker."""
    text = template.read_text()
    if MARKER not in text:
        raise ValueError(f"{template} has no {MARKER!r} line to put the servers at")
    lines = "\n".join(
        f"server w{i} {host}:{port} cookie w{i}" for i, port in enumerate(ports, start=1)
    )
    indent = text.split(MARKER)[0].rsplit("\n", 1)[-1]
    return text.replace(MARKER, lines.replace("\n", "\n" + indent))


def healthy(url: str, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=timeout) as r:
            return r.status == 200
    except OSError:
        return False


@dataclass
class Room:
    """Workers and the proxy in front of them; ``stop()`` ends all of them."""

    url: str
    workers: list[subprocess.Popen] = field(default_factory=list)
    worker_urls: list[str] = field(default_factory=list)
    proxy: subprocess.Popen | None = None
    folder: Path | None = None

    @property
    def worker_pids(self) -> list[int]:
        return [p.pid for p in self.workers]

    def processes(self) -> list[subprocess.Popen]:
        return [*self.workers, *([self.proxy] if self.proxy else [])]

    def logs(self) -> list[Path]:
        return sorted(self.folder.glob("*.log")) if self.folder else []

    def stop(self) -> None:
        for p in self.processes():
            if p.poll() is None:
                p.terminate()
        for p in self.processes():
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=10)

    def __enter__(self) -> Room:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_worker(port: int, log: Path, *, app: str = "app.py") -> subprocess.Popen:
    """``serve.py`` on 127.0.0.1:port as ``make run`` starts it (:func:`serve.command`: the
    port and address, nothing else), output to ``log``.

    Another entry script (``tools/minimal_app.py``) is served by serve.py too.
    """
    with open(log, "wb") as fh:
        return subprocess.Popen(
            serve.command(app, port), cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT
        )


def start_room(
    workers: int,
    *,
    port: int = 0,
    bind: str = "127.0.0.1",
    folder: Path | None = None,
    app: str = "app.py",
) -> Room:
    """Start ``workers`` Streamlit processes and HAProxy on ``bind:port`` (0: a free port).

    ``app`` is the entry script (the tests serve a throwaway one).

    Raises RuntimeError (with the log's tail) if a worker or HAProxy does not
    come up; whatever was started is stopped first.
    """
    haproxy = haproxy_binary()
    if haproxy is None:
        raise RuntimeError(
            "HAProxy is not installed. `make serve` installs Debian's haproxy when run "
            "as root; otherwise: sudo apt-get install haproxy"
        )
    folder = Path(folder or tempfile.mkdtemp(prefix="lol-room-"))
    folder.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    room = Room(url=f"http://{'127.0.0.1' if bind in ('0.0.0.0', '') else bind}:{port}")
    room.folder = folder
    try:
        ports = [free_port() for _ in range(workers)]
        for i, p in enumerate(ports, start=1):
            log = folder / f"worker-{i}-{p}.log"
            room.workers.append(start_worker(p, log, app=str(app)))
            room.worker_urls.append(f"http://127.0.0.1:{p}")
        deadline = time.monotonic() + START_TIMEOUT
        for proc, url in zip(room.workers, room.worker_urls, strict=True):
            while not healthy(url):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"worker {url} did not start")
                time.sleep(0.2)
        cfg = folder / "haproxy.cfg"
        cfg.write_text(render_config(ports))
        env = {**os.environ, "LOL_BIND": f"{bind}:{port}"}
        with open(folder / "haproxy.log", "wb") as fh:
            room.proxy = subprocess.Popen(
                [haproxy, "-db", "-f", str(cfg)], env=env, stdout=fh, stderr=subprocess.STDOUT
            )
        while not healthy(room.url):
            if room.proxy.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"haproxy did not answer on {room.url}")
            time.sleep(0.1)
    except BaseException as exc:
        room.stop()
        tails = "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-1500:]}" for p in room.logs()
        )
        if isinstance(exc, RuntimeError):
            raise RuntimeError(f"{exc}\n{tails}") from None
        raise
    return room


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--workers", type=int, default=default_workers(), help="Streamlit processes (one per core)"
    )
    ap.add_argument("--port", type=int, default=8500, help="the port readers open (8500)")
    ap.add_argument(
        "--bind", default="127.0.0.1", help="HAProxy's address (0.0.0.0 to serve the network)"
    )
    args = ap.parse_args(argv)
    if not 1 <= args.workers <= 64:
        ap.error("workers must be 1..64")

    stop = False

    def on_signal(signum, frame):  # noqa: ARG001
        nonlocal stop
        stop = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        room = start_room(args.workers, port=args.port, bind=args.bind)
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 1
    with room:
        print(f"Lead or Luck: {args.workers} workers behind HAProxy")
        print(f"  open {room.url}")
        print(f"  logs in {room.folder}; Ctrl-C stops everything", flush=True)
        while not stop:
            time.sleep(0.5)
            dead = [p for p in room.processes() if p.poll() is not None]
            if dead and not stop:  # (Ctrl-C in a terminal reaches the workers too)
                print(f"a process ended (pid {dead[0].pid}); stopping the rest", file=sys.stderr)
                return 1
        print("stopping every worker and HAProxy", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

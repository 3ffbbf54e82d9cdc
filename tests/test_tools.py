"""The load, soak, serve and bench tools work at tiny scale (issues 9, 13; seconds, not minutes).

- the protocol client's helpers against numpy and by hand;
- a throwaway one-page app (written to tmp_path) proves that an edit really
  reaches the server (the page's text follows the new value), that the URL
  follows like the browser's address bar, and that an exception on the page
  is counted as an error (so "0 errors" in a load test means something);
- the soak tool on the throwaway app, a few reruns;
- the browser bench's two clocks (Playwright, in the page) on the throwaway
  app against the minimal app, two edits each, and its report;
- the real ``app.py``: two sessions editing for a few seconds, zero errors;
- ``make serve``: the HAProxy config (``haproxy -c``), the sticky cookie, and
  three readers through HAProxy in front of two workers, all stopped after;
- the served configuration: ``make run``, ``make serve``, the Kubernetes recipe,
  every tool and this harness give Streamlit a port and an address and nothing
  else; ``.streamlit/config.toml`` carries the rest (no file watcher);
- the page recorder (``tools/record_pages.py``) on the throwaway app: what a page
  shows is recorded, and a changed number or chart row is caught.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import copy
import math
import os
import random
import re
import subprocess
import sys
import textwrap
import tomllib
import urllib.request
from argparse import Namespace
from pathlib import Path

import numpy as np
import pytest
from conftest import ROOT, start_server, stop_server

sys.path.insert(0, str(ROOT / "tools"))

import bench_all  # noqa: E402
import bench_rerun  # noqa: E402
import bench_stats  # noqa: E402
import load_test  # noqa: E402
import page_links  # noqa: E402
import record_pages  # noqa: E402
import serve_room  # noqa: E402
import soak  # noqa: E402
import st_client  # noqa: E402
from st_client import NumberField, Session  # noqa: E402

import serve  # noqa: E402
from ui.registry import PAGES  # noqa: E402


def run_async(coro):
    """asyncio.run in a thread of its own.

    Playwright's sync API (the browser tests' session fixture) leaves an event
    loop running in the main thread, where asyncio.run refuses to start.
    """
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


# --------------------------------------------------------------------------- helpers


@pytest.mark.parametrize("q", [0, 5, 50, 95, 100])
def test_percentile_matches_numpy_linear(q):
    rng = np.random.default_rng(q)
    xs = list(rng.exponential(size=37))
    assert st_client.percentile(xs, q) == pytest.approx(np.percentile(xs, q), rel=1e-12)


def test_percentile_of_nothing_is_nan():
    assert math.isnan(st_client.percentile([], 95))
    assert math.isnan(st_client.percentile([math.nan], 50))


def test_numbers_in_the_url_read_as_the_browser_writes_them():
    assert st_client._js_number(82.0, False) == "82"
    assert st_client._js_number(0.55, False) == "0.55"
    assert st_client._js_number(120.0, True) == "120"
    assert st_client._with_param("a=82&n=100", "n", "120") == "a=82&n=120"
    assert st_client._with_param("", "k", "3") == "k=3"


def test_nearby_values_move_and_stay_within_bounds():
    rng = random.Random(0)
    f = NumberField("id", "n", "N", True, 2.0, 1.0, 4.0, 1.0, False, True)
    seen = {f.nearby(rng) for _ in range(200)}
    assert seen == {1.0, 3.0, 4.0}  # never 2 itself, never outside 1..4
    g = NumberField("id", "p", "P", False, 0.5, 0.0, 1.0, 0.05, False, True)
    for _ in range(100):
        v = g.nearby(rng)
        assert 0.0 <= v <= 1.0 and v != 0.5
        assert round(v / 0.05) * 0.05 == pytest.approx(v)


def test_proc_readings_of_this_process():
    import os

    rss, hwm = st_client.rss_kib(os.getpid())
    assert 10_000 < rss <= hwm  # a Python with numpy loaded holds more than 10 MB
    assert st_client.cpu_seconds(os.getpid()) > 0


def test_bench_finds_every_registered_page():
    routes = bench_all.page_routes()
    assert routes[0] == ("app_pages/check_a_claim.py", "/")
    assert ("app_pages/gap-grader.py", "/gap-grader") in routes
    assert len(routes) == len(PAGES) and all((ROOT / f).exists() for f, _ in routes)


def test_bench_stats_plain_references_agree_with_the_fast_paths():
    # the script lives in tools/ (not benchstats/): a speed check, not the library
    assert not (ROOT / "benchstats" / "bench.py").exists()
    rows = bench_stats.bench_pass_at_k(problems=50, samples=20, k=5, repeats=1, seed=0)
    rows.append(bench_stats.bench_gap_distribution(n=200, p=0.7, repeats=1))
    assert all(r["diff"] <= bench_stats.TOLERANCE for r in rows)
    assert "speed-up" in bench_stats.format_table(rows)


# --------------------------------------------------------------------------- a throwaway app

TINY_APP = """
import streamlit as st

def one():
    k = st.number_input("K", key="k", min_value=1, max_value=50, value=5,
                        bind="query-params")
    if k == 7 and st.query_params.get("boom") == "1":
        raise ValueError("seven")
    st.markdown(f"k doubled is {2 * k}")

def two():
    st.number_input("M", key="m", min_value=0.0, max_value=1.0, value=0.5, step=0.05,
                    bind="query-params")

st.navigation([st.Page(one, title="One", default=True),
               st.Page(two, title="Two", url_path="two")]).run()
"""


@pytest.fixture(scope="module")
def tiny_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiny")
    (folder / "app.py").write_text(textwrap.dedent(TINY_APP))
    proc, url = start_server(folder / "app.py", cwd=ROOT)
    try:
        yield proc, url
    finally:
        stop_server(proc)


def test_edits_reach_the_server_and_the_url_follows(tiny_server):
    _, url = tiny_server

    async def go():
        async with Session(url, "", "k=6&utm=x") as s:
            assert s.first_run.ok, s.first_run.errors
            assert "k doubled is 12" in s.first_run.texts
            assert [p for p, _ in s.app_pages] == ["", "two"]
            r = await s.edit("k", 9)
            assert r.ok and "k doubled is 18" in r.texts
            assert s.query_string == "utm=x&k=9"
            r = await s.rerun()  # the server keeps the edited value
            assert "k doubled is 18" in r.texts
        async with Session(url, "two") as s:
            assert set(s.numbers) == {"m"} and not s.numbers["m"].is_int
            r = await s.edit("m", 0.55)
            assert r.ok and s.query_string == "m=0.55"

    run_async(go())


def test_an_exception_on_the_page_counts_as_an_error(tiny_server):
    _, url = tiny_server

    async def go():
        async with Session(url, "", "boom=1") as s:
            assert s.first_run.ok
            bad = await s.edit("k", 7)
            good = await s.edit("k", 8)
        return bad, good

    bad, good = run_async(go())
    assert not bad.ok and bad.errors and bad.errors[0].startswith("exception")
    assert good.ok and "k doubled is 16" in good.texts


def test_an_unknown_page_counts_as_an_error(tiny_server):
    _, url = tiny_server

    async def go():
        async with Session(url, "no-such-page") as s:
            return s.first_run

    first = run_async(go())
    assert any("page not found" in e for e in first.errors)


def test_soak_a_few_reruns_of_one_page(tiny_server):
    proc, url = tiny_server
    args = Namespace(seed=3, pages=["two"], reruns=6, concurrency=2, per_session=2, timeout=60)
    results, overall = run_async(soak.run_soak(url, proc.pid, args))
    assert [r.path for r in results] == ["two"]
    (r,) = results
    assert r.reruns == 6 and r.sessions >= 3 and r.errors == []  # a new session per 2
    assert 0 < r.rss_start <= overall["hwm"] and 0 < r.rss_half <= overall["hwm"]


# --------------------------------------------------------------------------- the real app


@pytest.fixture(scope="module")
def app_server():
    proc, url = start_server("app.py")
    try:
        yield proc, url
    finally:
        stop_server(proc)


def test_cpu_a_run_counts_first_pages_and_edits():
    tallies = {"a": load_test.Tally(edits=3, first_seconds=[0.1]), "b": load_test.Tally(edits=4)}
    assert load_test.cpu_per_run({"tallies": tallies, "cpu_used": 0.8}) == pytest.approx(0.1)
    assert math.isnan(load_test.cpu_per_run({"tallies": {}, "cpu_used": 0.0}))


def test_a_class_opens_the_recorded_deep_links(tiny_server):
    _, url = tiny_server
    links = [("", "k=6"), ("two", "m=0.55")]
    res = run_async(
        load_test.run_load(
            url, [], sessions=4, duration=1, think=0.2, ramp=0.2, seed=2, timeout=60,
            links=links, min_edits=1, settle=0, warm=False,
        )
    )  # fmt: skip
    tallies = res["tallies"]
    assert res["pages"] == ["", "two"] and res["warm"] == {}  # a cold server: nothing opened
    assert [len(tallies[p].first_seconds) for p in ("", "two")] == [2, 2]
    assert all(t.edits >= 2 and not t.errors for t in tallies.values())


def test_load_two_sessions_for_a_few_seconds(app_server, capsys):
    proc, url = app_server
    res = run_async(
        load_test.run_load(
            url,
            proc.pid,
            sessions=2,
            duration=3,
            think=0.2,
            ramp=0.1,
            seed=1,
            timeout=60,
            min_edits=1,
            settle=0,
        )
    )
    tallies = res["tallies"]
    assert len(res["pages"]) == len(PAGES)
    assert sum(t.sessions for t in tallies.values()) == 2
    assert sum(len(t.first_seconds) for t in tallies.values()) == 2
    assert sum(t.edits for t in tallies.values()) >= 2
    assert [e for t in tallies.values() for e in t.errors] == []
    assert res["rss_before"] > 50_000  # KiB: a server with pandas and altair loaded
    args = Namespace(
        started="now", machine="here", app="app.py", sessions=2, ramp=0.1, think=0.2, duration=3
    )
    assert load_test.report(res, args, load_test.server_tracebacks(proc)) == 0
    out = capsys.readouterr().out
    assert "errors: 0" in out and "p95" in out


# --------------------------------------------------------------------------- make serve: HAProxy


@pytest.fixture(scope="module")
def haproxy():
    """HAProxy's path; `make test` installs Debian's when missing and root."""
    path = serve_room.haproxy_binary()
    if path is None:
        if os.geteuid() == 0:
            pytest.fail("haproxy is missing: `make test` installs it (apt-get install haproxy)")
        pytest.skip("haproxy is not installed and this is not root: sudo apt-get install haproxy")
    return path


def test_the_servers_go_where_the_marker_is():
    cfg = serve_room.render_config([8601, 8602])
    backend = cfg.split("backend streamlit", 1)[1]
    assert (
        "    server w1 127.0.0.1:8601 cookie w1\n    server w2 127.0.0.1:8602 cookie w2" in backend
    )
    assert serve_room.MARKER not in cfg
    for needed in (
        "balance leastconn",
        "cookie LOLWORKER insert",
        "/_stcore/health",
        "timeout tunnel",
    ):
        assert needed in backend or needed in cfg


def test_haproxy_accepts_the_rendered_config(haproxy, tmp_path):
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(serve_room.render_config([8601, 8602, 8603]))
    out = subprocess.run([haproxy, "-c", "-f", str(cfg)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    # the file in the repository is valid as it stands too (no server lines yet)
    out = subprocess.run([haproxy, "-c", "-f", str(serve_room.TEMPLATE)], capture_output=True)
    assert out.returncode == 0


@pytest.mark.parametrize(
    ("argv", "expect"),
    [
        ([], dict(workers=0, url=None, sessions=50, pid=[], cold=False, per_page=False)),
        (["--per-page"], dict(per_page=True, sessions=30, duration=40.0)),
        (["--cold", "--sessions", "30", "--ramp", "5"], dict(cold=True, sessions=30, ramp=5.0)),
        (["--workers", "2", "--sessions", "100"], dict(workers=2, sessions=100)),
        (["--url", "http://127.0.0.1:8500/", "--pid", "7", "--pid", "8"], dict(pid=[7, 8])),
    ],
)
def test_load_test_arguments(argv, expect):
    args = load_test.parse_args(argv)
    assert {k: getattr(args, k) for k in expect} == expect


@pytest.mark.parametrize(
    "argv",
    [
        ["--workers", "2", "--url", "http://x"],  # one or the other
        ["--pid", "3"],  # a pid only means something with --url
        ["--url", "localhost:8500"],
        ["--sessions", "0"],
        ["--workers", "-1"],
        ["--per-page", "--workers", "2"],  # it starts its own two servers
        ["--page", "coverage"],  # a page only means something with --per-page
    ],
)
def test_load_test_refuses_what_it_cannot_do(argv, capsys):
    with pytest.raises(SystemExit):
        load_test.parse_args(argv)


@pytest.mark.parametrize("argv", [["--pid", "3"], ["--url", "http://127.0.0.1:8501"]])
def test_soak_reads_memory_of_a_running_server_only_with_its_pid(argv):
    with pytest.raises(SystemExit):
        soak.main(argv)


def _get(url: str, cookie: str | None = None) -> list[str]:
    req = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 200
        return [c.split(";")[0] for c in r.headers.get_all("Set-Cookie") or []]


def test_three_readers_through_haproxy_in_front_of_two_workers(haproxy, tmp_path):
    # the throwaway app: the proxy is under test here; the real app's load is
    # tested above, and a worker of it takes much longer to start
    (tmp_path / "app.py").write_text(textwrap.dedent(TINY_APP))
    room = serve_room.start_room(2, app=tmp_path / "app.py", folder=tmp_path / "room")
    try:
        # a new visitor gets a worker cookie; a visitor with one keeps its worker
        given = {
            c for _ in range(4) for c in _get(f"{room.url}/_stcore/health") if "LOLWORKER" in c
        }
        assert given == {"LOLWORKER=w1", "LOLWORKER=w2"}  # leastconn spreads new visitors
        assert not [c for c in _get(f"{room.url}/", "LOLWORKER=w2") if "LOLWORKER" in c]
        cpu0 = [st_client.cpu_seconds(p) for p in room.worker_pids]
        res = run_async(
            load_test.run_load(
                room.url,
                room.worker_pids,
                sessions=3,
                duration=2,
                think=0.3,
                ramp=0.1,
                seed=5,
                timeout=60,
                min_edits=1,
                settle=0,
            )
        )
        cpu1 = [st_client.cpu_seconds(p) for p in room.worker_pids]
        assert load_test.server_tracebacks(room) == []
    finally:
        room.stop()
    assert all(p.poll() is not None for p in room.processes())  # everything stopped
    tallies = res["tallies"]
    assert [e for t in tallies.values() for e in t.errors] == []
    assert sum(t.edits for t in tallies.values()) >= 3
    assert all(b > a for a, b in zip(cpu0, cpu1, strict=True))  # both workers served
    assert res["processes"] == 2 and res["rss_before"] > 2 * 30_000  # two workers' KiB


def test_served_connections_send_small_messages_at_once():
    """serve.py's listening socket hands TCP_NODELAY to every connection it accepts.

    Streamlit binds with protocol 0, so asyncio leaves Nagle's algorithm on and a
    rerun's messages wait ~40 ms for the client's delayed ACK.
    """
    import socket

    import serve

    def bind(address, port, backlog):
        sock = socket.socket()
        sock.bind((address, port))
        sock.listen(backlog)
        return sock

    listener = serve.nodelay(bind)("127.0.0.1", 0, 8)
    client = socket.create_connection(listener.getsockname()[:2])
    try:
        listener.setblocking(True)
        accepted, _ = listener.accept()
        with accepted:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
    finally:
        client.close()
        listener.close()


def test_serve_falls_back_to_plain_streamlit_when_the_private_name_is_gone(monkeypatch, capsys):
    """A Streamlit without ``_bind_socket``: serve.py serves it unpatched, with one line."""
    from streamlit.web.server.starlette import starlette_server

    import serve

    monkeypatch.setattr(starlette_server, "_bind_socket", starlette_server._bind_socket)
    assert serve.patch_bind() is True  # this Streamlit has it (and it is wrapped now)
    monkeypatch.delattr(starlette_server, "_bind_socket")
    assert serve.patch_bind() is False
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "_bind_socket is missing" in err and "TCP_NODELAY" in err


# --------------------------------------------------------------------------- the browser bench's two clocks


def _column(page_ms, minimal_ms):
    return bench_rerun.Column([x / 1000 for x in page_ms], [x / 1000 for x in minimal_ms])


def _measured(label, playwright, in_page):
    """A bench_rerun.Measured from (page ms, minimal ms) lists per clock."""
    return bench_rerun.Measured(label, _column(*playwright), _column(*in_page))


def test_each_clock_has_its_own_ratio_and_goal_flag():
    # Playwright sees the long page at 2.4× the minimal app; in the page it is 1.25×
    m = _measured("Score A (%)", ([144, 168, 120], [60, 70, 50]), ([50, 60, 40], [40, 48, 32]))
    assert m.playwright.ratio == pytest.approx(2.4) and m.playwright.over_goal
    assert m.in_page.ratio == pytest.approx(1.25) and not m.in_page.over_goal
    assert m.in_page.pairs == pytest.approx(1.25)
    lines = bench_rerun.report([("/", m)], repeats=3)
    header = "\n".join(lines[:-1])
    assert "Playwright" in header and "in the page" in header
    assert "performance.now()" in header and "CDP" in header  # what each clock times
    row = lines[-1]
    assert row.startswith("/ (edit 'Score A (%)')")
    assert row.count("×") == 4 and row.count("!") == 1  # two clocks; only Playwright over
    assert row.index("!") < row.index("1.25×")  # the flag sits in the Playwright column
    # make bench: both browser columns, each flagged by its own ratio, then the server's
    routes = [("app_pages/check_a_claim.py", "/"), ("app_pages/gap-grader.py", "/gap-grader")]
    lines = bench_all.table(
        routes, {"/": m}, {"app_pages/check_a_claim.py": (0.05, 0.02, 2.5, "a")}, 3
    )
    text = "\n".join(lines)
    assert "(a) browser, Playwright" in text and "(a2) browser, in the page" in text
    head = next(line for line in lines if line.startswith("page "))
    assert head.index("(a) page") < head.index("(a2) page") < head.index("(b) page")
    (row,) = [line for line in lines if line.startswith("/ ")]
    assert "144 ms" in row and "50 ms" in row and "Score A (%) / key a" in row
    assert row.count("!") == 1 and row.index("!") < row.index("50 ms")
    assert lines[-1] == "! browser ratio over the 2.0× goal"
    (empty,) = [line for line in lines if line.startswith("/gap-grader")]
    assert "ms" not in empty


def test_browser_bench_times_an_edit_by_both_clocks(browser, tiny_server):
    """bench_rerun.measure at tiny scale: the throwaway app against the minimal app, two edits.

    Each edit is read by both clocks; the in-page one comes from the init
    script's stamps (finished_in_page raises when no Enter keydown was stamped
    before the page received script_finished), and the page really reran.
    """
    _, url = tiny_server
    min_proc, min_url = start_server(bench_rerun.MINIMAL)
    try:
        m = bench_rerun.measure(browser, url, min_url, "/", "K", repeats=2, warmups=0)
    finally:
        stop_server(min_proc)
    assert m.label == "K"
    for clock in (m.playwright, m.in_page):
        assert len(clock.page) == len(clock.minimal) == 2
        assert all(t > 0 for t in clock.page + clock.minimal)
        assert clock.ratio > 0 and clock.pairs > 0
    assert m.in_page.page != m.playwright.page  # two clocks, not one number twice


def test_in_page_clock_refuses_a_rerun_without_a_keydown(browser, tiny_server):
    """An edit committed without the Enter key leaves no keydown stamp: no time, an error."""
    _, url = tiny_server
    context = browser.new_context()
    context.add_init_script(bench_rerun.PROBE)
    page = context.new_page()
    try:
        page.goto(url)
        box = page.get_by_label("K", exact=True)
        box.wait_for()
        page.wait_for_timeout(300)
        box.fill("8")
        bench_rerun.clear_probe(page)
        box.blur()  # commits the edit (a rerun) without a key press
        with pytest.raises(RuntimeError, match="no Enter keydown"):
            bench_rerun.finished_in_page(page, "tiny", polls=1000)
        bench_rerun.clear_probe(page)
        box.fill("9")
        box.press("Enter")
        assert bench_rerun.finished_in_page(page, "tiny") > 0
        page.get_by_text("k doubled is 18").wait_for()  # the edit reran the page
    finally:
        context.close()


# --------------------------------------------------------------------------- the served configuration

# A Streamlit option on a command line: --server.port, --runner.postScriptGC, ...
STREAMLIT_OPTION = re.compile(
    r"--(?:server|runner|browser|client|global|theme|logger|magic|mapbox|secrets)\.[A-Za-z]+"
)


def _recipe(target: str) -> str:
    """The recipe lines of a Makefile target."""
    lines = (ROOT / "Makefile").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{target}:"))
    recipe = []
    for line in lines[start + 1 :]:
        if not line.startswith("\t"):
            break
        recipe.append(line)
    return "\n".join(recipe)


def test_the_shipped_config_is_the_served_one():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["fileWatcherType"] == "none"  # the watcher was a quarter of a run
    assert config["server"]["headless"] is True
    assert config["browser"]["gatherUsageStats"] is False
    assert config["runner"]["postScriptGC"] is False


def test_the_served_command_gives_only_a_port_and_an_address():
    cmd = serve.command("tools/minimal_app.py", 8600)
    assert cmd[1] == str(ROOT / "serve.py") and cmd[2] == "tools/minimal_app.py"
    assert STREAMLIT_OPTION.findall(" ".join(cmd)) == list(serve.SERVED_OPTIONS)
    assert cmd[3:] == [serve.SERVED_OPTIONS[0], "8600", serve.SERVED_OPTIONS[1], "127.0.0.1"]


def test_make_run_serve_and_kubernetes_give_only_a_port_and_an_address():
    allowed = set(serve.SERVED_OPTIONS)
    run = _recipe("run")
    assert "serve.py" in run and set(STREAMLIT_OPTION.findall(run)) <= allowed
    assert "tools/serve_room.py" in _recipe("serve")  # whose workers are serve.command's
    assert not STREAMLIT_OPTION.findall(_recipe("serve"))
    cmd = next(
        line
        for line in (ROOT / "deploy" / "kubernetes.yaml").read_text().splitlines()
        if "CMD" in line
    )
    assert "serve.py" in cmd and set(STREAMLIT_OPTION.findall(cmd)) <= allowed
    # make dev is the one that watches files: reload on save, for development only
    dev = set(STREAMLIT_OPTION.findall(_recipe("dev"))) - allowed
    assert dev == {"--server.fileWatcherType", "--server.runOnSave"}


def test_no_tool_or_test_adds_a_server_option():
    """Every speed tool and the test harness serve the app as `make run` does: a tool that
    gave Streamlit another option (the file watcher off, the post-run gc on) would measure
    a server nobody runs."""
    allowed = set(serve.SERVED_OPTIONS)
    added = {}
    files = [*ROOT.glob("tools/*.py"), *ROOT.glob("tests/*.py"), ROOT / "serve.py"]
    for path in sorted(set(files) - {Path(__file__).resolve()}):  # this file names them to test
        text = path.read_text()
        found = set(STREAMLIT_OPTION.findall(text)) - allowed
        if "STREAMLIT_" in text:  # an option as an environment variable
            found.add("STREAMLIT_…")
        if found:
            added[path.relative_to(ROOT).as_posix()] = sorted(found)
    assert added == {}


def test_a_tool_adding_an_option_would_be_caught():
    assert STREAMLIT_OPTION.findall('cmd = [..., "--server.fileWatcherType", "none"]') == [
        "--server.fileWatcherType"
    ]
    assert STREAMLIT_OPTION.findall("--runner.postScriptGC true --server.port 1") == [
        "--runner.postScriptGC",
        "--server.port",
    ]


# --------------------------------------------------------------------------- the page recorder


def test_the_recorded_links_cover_every_page_and_its_examples():
    paths = [path for path, _ in page_links.LINKS]
    assert set(paths) == {p.url_path for p in PAGES}
    for p in PAGES:  # the bare page, and at least two deep links each
        assert (p.url_path, "") in page_links.LINKS
        assert paths.count(p.url_path) >= 3
    assert ("gap-grader", "a_only=20&b_only=8&n=198") in page_links.LINKS  # from docs/urls.md
    assert len(set(page_links.LINKS)) == len(page_links.LINKS)


def test_the_recorder_keeps_what_a_page_shows_and_catches_a_change(tiny_server):
    _, url = tiny_server
    rec = run_async(record_pages.record_all(url, [("", "k=6"), ("two", "")]))
    assert set(rec) == {"/?k=6", "/two"}
    page = rec["/?k=6"]
    assert page["errors"] == [] and page["link_after"] == "k=6"
    kinds = [what["kind"] for _, what in page["page"]]
    assert "number_input" in kinds
    (said,) = [w for _, w in page["page"] if w["kind"] == "markdown"]
    assert said["body"] == "k doubled is 12"
    assert record_pages.differences(rec, copy.deepcopy(rec)) == []
    changed = copy.deepcopy(rec)
    next(w for _, w in changed["/?k=6"]["page"] if w["kind"] == "markdown")["body"] = "k is 13"
    (line,) = record_pages.differences(rec, changed)
    assert line.startswith("/?k=6 at [") and "k doubled is 12" in line and "k is 13" in line


def test_a_chart_is_recorded_as_its_spec_and_every_number_of_its_rows():
    import pyarrow as pa
    from streamlit.proto.Element_pb2 import Element

    def arrow(rows):
        table = pa.Table.from_pylist(rows)
        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, table.schema) as w:
            w.write_table(table)
        return sink.getvalue().to_pybytes()

    el = Element()
    el.vega_lite_chart.spec = '{"mark": "bar", "data": {"name": "rows"}}'
    ds = el.vega_lite_chart.datasets.add()
    ds.name, ds.has_name = "rows", True
    ds.data.data = arrow([{"x": 0.1, "y": float("nan")}, {"x": 0.2, "y": 1.0}])
    rec = record_pages.element_record(el)
    assert rec["kind"] == "vega_lite_chart" and rec["spec"]["mark"] == "bar"
    rows = rec["datasets"]["rows"]
    assert rows["columns"] == ["x: double", "y: double"] and rows["rows"][1] == {"x": 0.2, "y": 1.0}
    ds.data.data = arrow([{"x": 0.1, "y": float("nan")}, {"x": 0.2 + 1e-16, "y": 1.0}])
    other = record_pages.element_record(el)
    page = {"/": {"errors": [], "link_after": "", "page": [[[0], rec]]}}
    assert record_pages.differences(page, copy.deepcopy(page)) == []  # NaN equals NaN
    page2 = {"/": {"errors": [], "link_after": "", "page": [[[0], other]]}}
    assert len(record_pages.differences(page, page2)) == 1  # one ulp in one row is a change

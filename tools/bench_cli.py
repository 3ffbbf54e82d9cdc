"""Benchmark: ``leadorluck`` end to end, and the memory a big inspect log takes to read.

    .venv/bin/python tools/bench_cli.py [--questions 100000] [--repeats 5] [--log-mb 50] [--eval]

(a) Two runs of 100,000 questions, one CSV each, compared by the installed
    command from process start to exit (``leadorluck compare base.csv
    cand.csv --format json``), beside the floor every command pays:
    starting Python and importing ``benchstats``. Goal: under 2 s.
(b) A 50 MB inspect JSON log (the fixture ``arith_alpha.json`` with its
    samples repeated under new ids, some text not ASCII) read by the
    command's reader, ``benchstats.cli.files.read_inspect_path``, and by the
    site's ``read_run`` for contrast: the peak of Python's heap
    (``tracemalloc``) and the process's peak resident memory growth
    (``ru_maxrss``), each against the log's size. Goal: the command's heap
    peak under the log's size (the text is never held twice; not even once).
    With ``--eval``, a 50 MB ``.eval`` log (the same samples, deflate) read by
    ``read_run`` too (a minute or more): its zip is held once, its samples
    unzipped one by one.

Each memory figure comes from a fresh process, so one reading cannot leave
memory behind for the next. Times are medians; the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import zipfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "data" / "inspect-0.3.285"  # JSON log (and Zstandard .eval)
FIXTURE_DEFLATE = ROOT / "tests" / "data" / "inspect-0.3.160"  # .eval entries zipfile can read
GOAL_SECONDS = 2.0


# --------------------------------------------------------------------------- (a) end to end


def run_csvs(folder: Path, questions: int, *, seed: int = 0) -> tuple[Path, Path]:
    """Two runs' CSVs (question_id, score): 82% and 78% right, on the same questions."""
    rng = np.random.default_rng(seed)
    ids = np.char.add("q", np.arange(questions).astype(str))
    out = []
    for name, p in (("base", 0.82), ("cand", 0.78)):
        right = (rng.random(questions) < p).astype(int).astype(str)
        path = folder / f"{name}.csv"
        lines = np.char.add(np.char.add(ids, ","), right)
        path.write_text("question_id,score\n" + "\n".join(lines.tolist()) + "\n")
        out.append(path)
    return out[0], out[1]


def command() -> list[str]:
    script = Path(sys.executable).with_name("leadorluck")
    return [str(script)] if script.exists() else [sys.executable, "-m", "benchstats"]


def timed(argv: list[str]) -> tuple[float, float]:
    """Wall seconds from process start to exit, and the CPU seconds (user + system) it used."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, check=False)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        msg = f"{' '.join(argv)} exited {done.returncode}: {done.stderr.strip()}"
        raise RuntimeError(msg)
    return seconds, (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime)


def end_to_end(folder: Path, questions: int, repeats: int) -> tuple[list[str], bool]:
    base, cand = run_csvs(folder, questions)
    cmd = [*command(), "compare", str(base), str(cand), "--format", "json"]
    floors = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -c 'import benchstats'": [sys.executable, "-c", "import benchstats"],
    }
    rows = {name: [] for name in (*floors, "leadorluck compare")}
    for _ in range(repeats):  # interleaved, so a busy machine slows each alike
        for name, argv in floors.items():
            rows[name].append(timed(argv))
        rows["leadorluck compare"].append(timed(cmd))
    mb = (base.stat().st_size + cand.stat().st_size) / 1e6
    lines = [
        f"(a) two runs of {questions:,} questions, one CSV each ({mb:.1f} MB), process start to "
        f"exit, median of {repeats}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    ]
    for name, times in rows.items():
        wall, cpu = (statistics.median(t[i] for t in times) for i in (0, 1))
        best = min(t[0] for t in times)
        lines.append(f"    {name:<32} {wall:6.2f} s wall (best {best:.2f} s), {cpu:5.2f} s CPU")
    fast = statistics.median(t[0] for t in rows["leadorluck compare"]) < GOAL_SECONDS
    flag = "" if fast else "   ! over the goal"
    lines.append(f"    goal: leadorluck compare under {GOAL_SECONDS:g} s{flag}")
    return lines, fast


# --------------------------------------------------------------------------- (b) memory


def big_json_log(folder: Path, megabytes: float) -> Path:
    """The fixture's JSON log with its samples repeated under new ids up to ``megabytes``."""
    doc = json.loads((FIXTURE / "arith_alpha.json").read_text())
    samples = doc["samples"]
    for s in samples:  # text that is not ASCII, as model output often is
        s.setdefault("metadata", {})["note"] = "réponse — 答え ✓"
    one = len(json.dumps(samples[0], ensure_ascii=False).encode())
    copies = int(megabytes * 1e6 / one)
    doc["samples"] = [dict(samples[i % len(samples)], id=i, uuid=f"u{i}") for i in range(copies)]
    doc["reductions"] = None  # one epoch: the reader does not need them
    path = folder / "big.json"
    with path.open("w", encoding="utf-8") as fh:
        json.dump(doc, fh, ensure_ascii=False)
    return path


def big_eval_log(folder: Path, megabytes: float) -> Path:
    """The fixture's .eval entries with the samples repeated under new ids (deflate)."""
    src = zipfile.ZipFile(FIXTURE_DEFLATE / "arith_alpha.eval")
    names = [i.filename for i in src.infolist()]
    samples = [json.loads(src.read(n)) for n in names if n.startswith("samples/")]
    path = folder / "big.eval"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for n in names:
            if not n.startswith("samples/"):
                out.writestr(n, src.read(n))
        i = 0
        while path.stat().st_size < megabytes * 1e6:
            for _ in range(500):
                s = dict(samples[i % len(samples)], id=i, uuid=f"u{i}")
                out.writestr(f"samples/{i}_epoch_1.json", json.dumps(s))
                i += 1
            out.fp.flush()
    return path


PROBE = textwrap.dedent(
    """
    import json, resource, sys, tracemalloc
    sys.path.insert(0, {root!r})
    from benchstats.cli.files import read_inspect_path
    from benchstats.items import read_run
    reader = {{"command": lambda p: read_inspect_path(p) or read_run(p, max_bytes=1 << 31),
              "site": lambda p: read_run(p, max_bytes=1 << 31)}}[sys.argv[1]]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    run = reader(sys.argv[2])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    print(json.dumps({{"peak": peak, "rss": grown * 1024, "rows": len(run.table)}}))
    """
)


def probe(reader: str, path: Path) -> dict:
    code = PROBE.format(root=str(ROOT))
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, reader, str(path)], capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise RuntimeError(done.stderr.strip().splitlines()[-1])
    return json.loads(done.stdout) | {"seconds": time.perf_counter() - start}


def memory(folder: Path, megabytes: float, *, with_eval: bool) -> tuple[list[str], bool]:
    rows, ok = [], True
    logs = [("inspect JSON log", big_json_log(folder, megabytes), ("command", "site"))]
    if with_eval:
        logs.append((".eval log", big_eval_log(folder, megabytes), ("site",)))
    for label, path, readers in logs:
        size = path.stat().st_size
        rows.append(f"    {label}, {size / 1e6:.1f} MB:")
        for reader in readers:
            got = probe(reader, path)
            who = "leadorluck's reader" if reader == "command" else "the site's read_run"
            rows.append(
                f"      {who:<20} heap peak {got['peak'] / 1e6:6.1f} MB = {got['peak'] / size:4.2f}× "
                f"the log, RSS grew {got['rss'] / 1e6:6.1f} MB = {got['rss'] / size:4.2f}×, "
                f"{got['rows']:,} samples, {got['seconds']:.1f} s"
            )
            if reader == "command" and got["peak"] >= size:
                ok = False
    head = "(b) reading a big inspect log: Python's heap peak and resident memory growth"
    rows.append(
        "    goal: leadorluck's heap peak under the JSON log's size" + ("" if ok else "   ! over")
    )
    return [head, *rows], ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--log-mb", type=float, default=50.0)
    parser.add_argument("--eval", action="store_true", help="also read a .eval log that big")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as tmp:
        folder = Path(tmp)
        lines, fast = end_to_end(folder, args.questions, args.repeats)
        print("\n".join(lines), flush=True)
        more, small = memory(folder, args.log_mb, with_eval=args.eval)
    print("\n".join(more))
    return 0 if fast and small else 1


if __name__ == "__main__":
    raise SystemExit(main())

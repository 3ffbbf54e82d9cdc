"""The installed ``leadorluck`` script and ``python -m benchstats``: the same command.

These run real processes (a few seconds each), so there are only a few; the
behaviour itself is tested in-process by test_cli.py and test_cli_answers.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from test_cli import NEW

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).with_name("leadorluck")


def call(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=120)


@pytest.fixture(scope="module")
def script() -> str:
    if not SCRIPT.exists():
        pytest.fail(f"{SCRIPT} is missing: make .venv/.runtime installs it (pip install -e .)")
    return str(SCRIPT)


def imported(stderr: str) -> tuple[set[str], str]:
    """The modules ``python -X importtime`` reports, and the rest of standard error."""
    modules, rest = set(), []
    for line in stderr.splitlines(keepends=True):
        if line.startswith("import time:"):
            modules.add(line.rsplit("|", 1)[-1].strip())
        else:
            rest.append(line)
    return modules, "".join(rest)


@pytest.mark.parametrize(
    "argv",
    [
        (
            "compare",
            f"tests/data/{NEW}/arith_alpha.eval",
            f"tests/data/{NEW}/arith_beta.eval",
            "--format",
            "json",
            "--gate",
            "better",
        ),
        ("compare", "missing.csv", "also-missing.csv"),
    ],  # fmt: skip
    ids=["compare", "refused"],
)
def test_the_script_and_python_m_benchstats_agree(script, argv):
    ours = call(script, *argv)
    module = call(sys.executable, "-X", "importtime", "-m", "benchstats", *argv)
    modules, stderr = imported(module.stderr)
    assert (ours.returncode, ours.stdout, ours.stderr) == (module.returncode, module.stdout, stderr)
    assert "benchstats.cli.app" in modules
    assert not {m for m in modules if m.split(".")[0] in ("streamlit", "altair", "ui")}
    if argv[1] == "missing.csv":
        assert ours.returncode == 2 and ours.stdout == ""
        assert ours.stderr == (
            "leadorluck: error: missing.csv: no such file. Expected a CSV, an lm-eval "
            "samples_*.jsonl or an inspect log (.eval or .json).\n"
        )
    else:
        doc = json.loads(ours.stdout)
        assert ours.returncode == 1 and doc["gate"]["passed"] is False
        assert (
            doc["comparisons"][0]["baseline_only"],
            doc["comparisons"][0]["candidate_only"],
        ) == (3, 1)


def test_pip_install_dot_holds_benchstats_and_the_script_only():
    """pyproject's package list: benchstats and its subpackages, never the site or the tests."""
    setuptools = pytest.importorskip("setuptools")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["project"]["scripts"] == {"leadorluck": "benchstats.cli:main"}
    assert config["build-system"]["build-backend"] == "setuptools.build_meta"
    found = setuptools.find_packages(str(ROOT), **config["tool"]["setuptools"]["packages"]["find"])
    assert "benchstats" in found and "benchstats.cli" in found and "benchstats.items" in found
    assert all(p == "benchstats" or p.startswith("benchstats.") for p in found), found
    assert not {"ui", "pages", "tests", "tools"} & {p.split(".")[0] for p in found}


#: Runs the command given as arguments with standard input from the first argument, its
#: address space capped (a runaway read fails fast instead of filling a shared machine), and
#: prints its exit code, its peak resident memory in MB and its standard error, as JSON.
PEAK = """
import json, resource, subprocess, sys
cap = 2 * 1024**3
def limit():
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
with open(sys.argv[1], "rb") as stdin:
    done = subprocess.run(sys.argv[2:], stdin=stdin, capture_output=True, timeout=120,
                          preexec_fn=limit)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # kB on Linux
print(json.dumps([done.returncode, peak, done.stderr.decode()]))
"""


def peak_run(stdin: str, *argv: str) -> tuple[int, float, str]:
    """Exit code, peak resident memory (MB) and standard error of ``argv`` run alone."""
    done = call(sys.executable, "-c", PEAK, stdin, *argv)
    assert done.returncode == 0, done.stderr
    code, peak, stderr = json.loads(done.stdout)
    return code, peak, stderr


@pytest.mark.parametrize(
    ("stdin", "argv", "words"),
    [
        ("/dev/zero", ["claim", "-"], "standard input holds more than 2,000 characters"),
        (
            "/dev/null",
            ["compare", "/dev/zero", f"tests/data/{NEW}/arith_beta.eval"],
            "/dev/zero is a character device, not a file on disk",
        ),
    ],
    ids=["claim-stdin", "compare-file"],
)
def test_an_endless_stream_is_refused_within_600_mb(script, stdin, argv, words):
    code, peak, stderr = peak_run(stdin, script, *argv)
    assert code == 2 and stderr.count("\n") == 1 and words in stderr, stderr
    assert peak < 600, f"peak resident memory {peak:.0f} MB"

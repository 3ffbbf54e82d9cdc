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
from test_cli import LM_ALPHA, LM_BETA, NEW, path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).with_name("leadorluck")


def call(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=120)


@pytest.fixture(scope="module")
def script() -> str:
    if not SCRIPT.exists():
        pytest.fail(f"{SCRIPT} is missing: make .venv/.runtime installs it (pip install -e .)")
    return str(SCRIPT)


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
        ("check", "82", "78", "--n", "100"),
        ("compare", "missing.csv", "also-missing.csv"),
    ],  # fmt: skip
    ids=["compare", "check", "refused"],
)
def test_the_script_and_python_m_benchstats_agree(script, argv):
    ours, module = call(script, *argv), call(sys.executable, "-m", "benchstats", *argv)
    assert (ours.returncode, ours.stdout, ours.stderr) == (
        module.returncode,
        module.stdout,
        module.stderr,
    )
    if argv[0] == "check":
        assert ours.returncode == 0 and "−7.1 to +15.1" in ours.stdout
    elif argv[1] == "missing.csv":
        assert ours.returncode == 2 and ours.stdout == ""
        assert ours.stderr == (
            "leadorluck: error: missing.csv: no such file. Expected a CSV, an lm-eval "
            "samples_*.jsonl or an inspect log (.eval or .json).\n"
        )
    else:
        assert ours.returncode == 1 and json.loads(ours.stdout)["gate"]["passed"] is False


def test_the_command_never_loads_streamlit():
    code = (
        "import sys\n"
        "from benchstats.cli import main\n"
        f"main(['compare', {path(LM_ALPHA)!r}, {path(LM_BETA)!r}, '--format', 'markdown'])\n"
        "main(['claim', 'X scores 87.3% on GPQA Diamond, beating Y at 85.1%'])\n"
        "print('streamlit' in sys.modules, 'altair' in sys.modules)\n"
    )
    done = call(sys.executable, "-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "False False"


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

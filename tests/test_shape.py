"""The shape of the code (issue 12), kept true by a test.

Pages read like a table of contents (at most 200 lines); no function in
``pages/`` or ``ui/`` is over 60 lines; no product module (``benchstats/``,
``ui/``, ``pages/``, ``app.py``) is over 500 lines; every registered page
file exists and every file in ``pages/`` is registered.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ui.registry import PAGES

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = sorted(
    [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "ui").rglob("*.py")]
    + list((ROOT / "benchstats").rglob("*.py"))
)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", sorted((ROOT / "pages").glob("*.py")), ids=_rel)
def test_a_page_is_short(path):
    lines = len(path.read_text().splitlines())
    assert lines <= 200, f"{_rel(path)} has {lines} lines"


@pytest.mark.parametrize("path", PRODUCT, ids=_rel)
def test_no_product_module_is_long(path):
    lines = len(path.read_text().splitlines())
    assert lines <= 500, f"{_rel(path)} has {lines} lines"


def _long_functions(path: Path, limit: int = 60) -> list[str]:
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                out.append(f"{node.name} ({length} lines)")
    return out


@pytest.mark.parametrize(
    "path",
    sorted([*(ROOT / "pages").glob("*.py"), *(ROOT / "ui").rglob("*.py")]),
    ids=_rel,
)
def test_no_long_function_in_pages_or_ui(path):
    assert not _long_functions(path), f"{_rel(path)}: {_long_functions(path)}"


def test_every_page_file_is_registered_once():
    files = sorted(_rel(p) for p in (ROOT / "pages").glob("*.py"))
    registered = [p.file for p in PAGES]
    assert sorted(registered) == files
    assert len({p.url_path for p in PAGES}) == len(PAGES)
    assert len({p.key for p in PAGES}) == len(PAGES)

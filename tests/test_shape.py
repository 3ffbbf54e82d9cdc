"""The shape of the code, kept true by a test.

- Pages read like a table of contents (at most 200 lines); no function in
  ``app_pages/`` or ``ui/`` is over 60 lines.
- Modules are split by concept: no module imports another module's private
  names, nor anything from another package's private module (a package's own
  helper module, such as ``benchstats._validate`` or ``benchstats.items._base``,
  is imported only inside its package).
- ``benchstats``' statistics modules build no text: they import neither
  ``benchstats.words`` nor ``benchstats.prose`` nor ``benchstats.charts``.
- The link has one reader and one writer: ``ui/settings.py`` is the only
  module in ``ui/``, ``app_pages/`` and ``app.py`` that touches
  ``st.query_params``, and no widget binds itself to the URL.
- Every registered page file exists and every file in ``app_pages/`` is registered.
- No module of ``benchstats`` imports one that imports it back, even only for typing
  (the layers of a package run one way).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ui.registry import PAGES

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = sorted(
    [ROOT / "app.py", *(ROOT / "app_pages").glob("*.py"), *(ROOT / "ui").rglob("*.py")]
    + list((ROOT / "benchstats").rglob("*.py"))
)
UI = sorted([ROOT / "app.py", *(ROOT / "app_pages").glob("*.py"), *(ROOT / "ui").rglob("*.py")])
# A statistics module builds no sentences or charts; it may write a number through
# benchstats.words, for a refusal that names the reader's value the reader's way.
TEXT_PACKAGES = ("benchstats.prose", "benchstats.charts")
NOT_STATISTICS = {"words.py", "__init__.py", "__main__.py", "benchmarks.py"}


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _module(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, root: Path = ROOT):
    """(module, name) for every ``from module import name``; (module, None) for ``import``,
    including those under ``if TYPE_CHECKING:`` (``ast.walk`` visits every statement)."""
    tree = ast.parse(path.read_text())
    here = _module(path, root).split(".")
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # a relative import, resolved against this module's package
                package = here[: len(here) - node.level + (path.name == "__init__.py")]
                base = ".".join([*package, base] if base else package)
            for alias in node.names:
                yield base, alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None


@pytest.mark.parametrize("path", sorted((ROOT / "app_pages").glob("*.py")), ids=_rel)
def test_a_page_is_short(path):
    lines = len(path.read_text().splitlines())
    assert lines <= 200, f"{_rel(path)} has {lines} lines"


def _long_functions(path: Path, limit: int = 60) -> list[str]:
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                out.append(f"{node.name} ({length} lines)")
    return out


@pytest.mark.parametrize("path", UI, ids=_rel)
def test_no_long_function_in_pages_or_ui(path):
    assert not _long_functions(path), f"{_rel(path)}: {_long_functions(path)}"


def _is_module(dotted: str, root: Path = ROOT) -> bool:
    where = root.joinpath(*dotted.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def _private_owner(dotted: str) -> str | None:
    """The package that owns a private module on this path (``benchstats.items`` for
    ``benchstats.items._base``), or None when no part of the path is private."""
    parts = dotted.split(".")
    for i, part in enumerate(parts):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


@pytest.mark.parametrize("path", PRODUCT, ids=_rel)
def test_no_module_imports_another_modules_private_names(path):
    here = _module(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    bad = []
    for module, name in _imports(path):
        whole = name is not None and _is_module(f"{module}.{name}")
        target = f"{module}.{name}" if whole else module
        gettext = module == "benchstats.language" and name == "_"  # gettext's public name
        if (
            name
            and name.startswith("_")
            and not name.startswith("__")
            and not whole
            and not gettext
        ):
            bad.append(f"{name} from {module}")
        # A package's own helper module (benchstats._validate, benchstats.items._base) is
        # its package's alone: another package imports what that package exports.
        owner = _private_owner(target)
        if owner is not None and not (package == owner or package.startswith(owner + ".")):
            bad.append(f"{name or target} from {module}")
    assert not bad, f"{_rel(path)} imports private names: {bad}"


def _statistics_modules() -> list[Path]:
    core = ROOT / "benchstats"
    out = [p for p in core.glob("*.py") if p.name not in NOT_STATISTICS]
    for package in ("planning", "passk_mix"):
        out += [p for p in (core / package).glob("*.py") if p.name != "__init__.py"]
    return sorted(out)


@pytest.mark.parametrize("path", _statistics_modules(), ids=_rel)
def test_statistics_modules_build_no_text(path):
    text = []
    for module, name in _imports(path):
        full = module if name is None else f"{module}.{name}"
        if any(full == p or full.startswith(p + ".") for p in TEXT_PACKAGES):
            text.append(full)
    assert not text, f"{_rel(path)} imports {text}: build text in benchstats/prose"


@pytest.mark.parametrize("path", UI, ids=_rel)
def test_settings_is_the_only_reader_and_writer_of_the_link(path):
    source = path.read_text()
    if _rel(path) != "ui/settings.py":
        assert "st.query_params" not in source, f"{_rel(path)} touches st.query_params"
    assert 'bind="query-params"' not in source, f"{_rel(path)} binds a widget to the URL"


def test_every_page_file_is_registered_once():
    files = sorted(_rel(p) for p in (ROOT / "app_pages").glob("*.py"))
    registered = [p.file for p in PAGES]
    assert sorted(registered) == files
    assert len({p.url_path for p in PAGES}) == len(PAGES)
    assert len({p.key for p in PAGES}) == len(PAGES)


def test_each_page_file_is_named_after_its_url_path():
    """AppTest finds a page by its file name before its first run, st.navigation by its URL
    path: the two must agree, or a test of one page silently runs the default page."""
    for p in PAGES:
        if p.url_path:
            assert Path(p.file).stem == p.url_path, p.file


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Each module of ``package`` (under ``root``) and the modules of it that it imports.

    ``from pkg import sub`` names the submodule ``pkg.sub``, not ``pkg``'s ``__init__``
    (which Python has begun running first in any case); ``from pkg import name`` names
    ``pkg`` itself.
    """
    paths = sorted((root / package).rglob("*.py"))
    graph: dict[str, set[str]] = {}
    for path in paths:
        here, out = _module(path, root), set()
        for module, name in _imports(path, root):
            if name is not None and _is_module(f"{module}.{name}", root):
                out.add(f"{module}.{name}")
            elif module == package or module.startswith(package + "."):
                out.add(module)
        graph[here] = out - {here}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every module that can reach itself again, as the shortest loop back (sorted)."""
    found = []
    for start in sorted(graph):
        paths, seen = [[start]], {start}
        while paths:  # breadth first: the first loop found is a shortest one
            path = paths.pop(0)
            nxt = sorted(m for m in graph[path[-1]] if m in graph)
            if start in nxt:
                found.append([*path, start])
                break
            for m in nxt:
                if m not in seen:
                    seen.add(m)
                    paths.append([*path, m])
    return found


def test_no_module_of_the_package_imports_one_that_imports_it_back():
    loops = circles(import_graph(ROOT, "benchstats"))
    assert loops == [], "import circles: " + "; ".join(" → ".join(c) for c in loops)


def test_an_import_circle_is_found_even_under_type_checking(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from pkg.top import run\n")
    (pkg / "top.py").write_text("from pkg import low\nrun = low.go\n")
    (pkg / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.top import run\n"
        "def go(): ...\n"
    )
    (pkg / "alone.py").write_text("from pkg import low\n")
    loops = circles(import_graph(tmp_path, "pkg"))
    assert loops == [["pkg.low", "pkg.top", "pkg.low"], ["pkg.top", "pkg.low", "pkg.top"]]

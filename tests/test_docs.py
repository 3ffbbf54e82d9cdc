"""The public contract in the repository: docs/urls.md and docs/api.md.

docs/urls.md is written from the pages' key specs (``python -m ui.urls_doc``)
and must match them; the README must link both documents, and nothing the
repository tracks may point at files outside it.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from ui.registry import PAGES

ROOT = Path(__file__).resolve().parents[1]
URLS = (ROOT / "docs" / "urls.md").read_text()


def documented_keys(route: str) -> list[str]:
    """The keys in the first column of the table under the heading that names ``route``."""
    heading = re.search(rf"^## .* — `{re.escape(route)}`$", URLS, re.M)
    assert heading, f"docs/urls.md has no section for {route}"
    rest = URLS[heading.end() :]
    section = rest.split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z_0-9]+)` \|", section, re.M)


def test_urls_doc_is_what_the_specs_say():
    from ui.urls_doc import markdown

    assert markdown() == URLS, "docs/urls.md is stale: python -m ui.urls_doc > docs/urls.md"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.key)
def test_urls_doc_lists_exactly_the_keys_each_page_reads(page):
    assert sorted(documented_keys(page.route)) == sorted(page.keys)


def test_every_page_in_the_urls_doc_is_registered():
    routes = re.findall(r"^## .* — `(/[a-z-]*)`$", URLS, re.M)
    assert sorted(routes) == sorted(p.route for p in PAGES)


def test_readme_links_the_contract():
    readme = (ROOT / "README.md").read_text()
    assert "docs/urls.md" in readme and "docs/api.md" in readme
    assert (ROOT / "docs" / "api.md").is_file()


def test_nothing_points_outside_the_repository():
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    outside = re.compile(r"\.\./shared|/work/|shared notes|shared/(DESIGN|API|FIGURES)")
    hits = []
    for name in tracked:
        path = ROOT / name
        if (
            path.suffix not in {".py", ".md", ".toml", ".cfg", ".txt", ".R", ""}
            or not path.is_file()
        ):
            continue
        text = path.read_text(errors="ignore")
        if name != "tests/test_docs.py" and outside.search(text):
            hits.append(name)
    assert not hits, f"these files point outside the repository: {hits}"

"""``leadorluck box``: the static recompute box (:mod:`benchstats.box`) written to a file.

The file is the one the site's "Download the box as HTML" gives: score A, score B and the
questions filled in, the names in its words, "Open the full check" pointing at ``site``.
"""

from __future__ import annotations

from pathlib import Path

from benchstats.box import static_box
from benchstats.grading import Names


def write(
    a: float,
    b: float,
    n: int | None,
    *,
    names: Names,
    site: str,
    out: str,
    bench: str | None = None,
    lang: str = "en",
) -> str:
    """The box for these settings (``a``, ``b`` in percent): written to ``out`` (what to print is
    one line saying where), or with ``out`` "-" returned whole for standard output. The box's
    words and numbers are in ``lang``; the line stays English."""
    page = static_box(a, b, n, names=names, site=f"{site}/", bench=bench, lang=lang)
    if out == "-":
        return page
    path = Path(out)
    path.write_text(page, encoding="utf-8")
    size = len(page.encode()) / 1000
    return (
        f"Wrote {path} ({size:.1f} kB): one HTML file, no server, no network. Open it in a "
        "browser, or put it in an article's page or an <iframe>."
    )

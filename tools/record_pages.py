"""What every page shows for the recorded links, recorded from the server and compared.

    .venv/bin/python tools/record_pages.py --base d3cfed7        # that commit against this checkout
    .venv/bin/python tools/record_pages.py --out now.json         # record this checkout only
    .venv/bin/python tools/record_pages.py --compare a.json b.json
    .venv/bin/python tools/record_pages.py --edits          # each edit against its link afresh

A change meant to make runs cheaper must not change what a reader gets. For each link
of :data:`page_links.LINKS` this opens a fresh session on a server started as ``make run``
starts it (``tools/st_client.Session``, Streamlit's websocket protocol) and keeps every
delta of the first run. The page as the browser ends up holding it (the last element sent
to each place; Streamlit's transient ``empty`` placeholders and cache spinners dropped) is
written as canonical JSON, element by element, with its place in the page:

- every element's fields as Streamlit sent them (text, labels, values, help, widths);
- a chart's Vega-Lite spec parsed (so key order does not count) and its data sets
  decoded from Arrow into rows and column types (so every number is compared exactly,
  NaN as NaN), with a digest of the Arrow bytes themselves;
- every layout block, and the link the page leaves in the address bar.

A download's file id is new in every session and is written as such; what a download
holds is built on click and not recorded here. A widget's id is written as its key: its
hash depends on the folder the app is served from (and every field it hashes is
recorded itself).

``--edits`` edits every number input of every link once, each in a session of its own,
and compares the page the edit leaves (a part that reran alone redrawn in its place, the
rest as it was first drawn, as the browser keeps it) with the link the edit leaves, opened
afresh: a part of a page that reruns alone must leave the page its link shows.

``--base COMMIT`` serves ``git archive COMMIT`` from a temporary folder (its own
``.streamlit/config.toml``, pages and packages; the same Python environment) and this
checkout one after the other, and compares. Exit status 1 when anything differs, with
the first differences printed per link.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests")]

from google.protobuf.json_format import MessageToDict  # noqa: E402
from page_links import LINKS  # noqa: E402
from st_client import Session  # noqa: E402

TRANSIENT = {"empty", "spinner"}  # placeholders a run replaces before it ends
SERVER = "http://SERVER"  # the recorded server's address, which differs from run to run
SESSION_IDS = ("deferred_file_id",)  # a new random id in every session (a download's file)
WIDGET_ID = re.compile(r"^\$\$ID-[0-9a-f]+-(.*)$")  # "$$ID-<hash>-<key>": kept as its key


def arrow_rows(raw: bytes) -> dict[str, Any]:
    """An Arrow IPC stream as its column types and rows, plus a digest of the bytes."""
    import pyarrow as pa

    table = pa.ipc.open_stream(raw).read_all()
    return {
        "columns": [f"{f.name}: {f.type}" for f in table.schema],
        "rows": table.to_pylist(),
        "bytes": hashlib.sha256(raw).hexdigest()[:16],
    }


def element_record(element: Any) -> dict[str, Any]:
    """One element as canonical data: its fields, a chart's spec parsed and data decoded."""
    kind = element.WhichOneof("type")
    fields = MessageToDict(element, preserving_proto_field_name=True).get(kind, {})
    for name in SESSION_IDS:
        if name in fields:
            fields[name] = "(this session's)"
    _key_only(fields)
    if kind == "vega_lite_chart":
        chart = element.vega_lite_chart
        fields["spec"] = json.loads(chart.spec)
        fields["data"] = arrow_rows(chart.data.data) if chart.data.data else None
        fields["datasets"] = {d.name: arrow_rows(d.data.data) for d in chart.datasets}
    elif kind in ("arrow_data_frame", "arrow_table") and getattr(element, kind).data:
        fields["data"] = arrow_rows(getattr(element, kind).data)
    return {"kind": kind, **fields}


def _key_only(fields: dict[str, Any]) -> dict[str, Any]:
    """An element's or block's id as its key: the id's hash covers where the script is."""
    if isinstance(fields.get("id"), str):
        fields["id"] = WIDGET_ID.sub(r"\1", fields["id"])
    return fields


def page_state(deltas: list[Any], placed: dict | None = None) -> list[list[Any]]:
    """The page a run leaves: [place, what] for the last element or block sent to each place.

    ``placed`` is the page before the run (a part's own rerun redraws only that part: what it
    drew before is cleared first). The block Streamlit wraps a fragment in is left out (its
    contents take its place), so a part of a page that reruns alone records as it looks.
    """
    return flattened(placed_by_path(deltas, placed))


def placed_by_path(deltas: list[Any], placed: dict | None = None) -> dict:
    """{path: (fragment id, what)} after the deltas, from ``placed`` (a copy is changed)."""
    placed = dict(placed or {})
    for msg in deltas:
        path = tuple(msg.metadata.delta_path)
        kind = msg.delta.WhichOneof("type")
        fragment = msg.delta.fragment_id
        if kind == "add_block" and fragment and _is_fragment_root(placed, path, fragment):
            for old in [p for p in placed if p[: len(path)] == path]:
                del placed[old]  # the part is drawn anew
        if kind == "new_element":
            placed[path] = (fragment, element_record(msg.delta.new_element))
        elif kind == "add_block":
            block = MessageToDict(msg.delta.add_block, preserving_proto_field_name=True)
            placed[path] = (fragment, {"kind": "block", **_key_only(block)})
    return placed


def _is_fragment_root(placed: dict, path: tuple[int, ...], fragment: str) -> bool:
    parent = placed.get(path[:-1])
    return parent is None or parent[0] != fragment


def flattened(placed: dict) -> list[list[Any]]:
    """The page in order with each fragment's own block replaced by its contents, places
    numbered again."""
    children: dict[tuple[int, ...], list[int]] = {}
    for path in placed:
        children.setdefault(path[:-1], []).append(path[-1])
    out: list[list[Any]] = []

    def shown(parent: tuple[int, ...]):  # the children of parent in order, fragments opened
        for i in sorted(children.get(parent, ())):
            path = (*parent, i)
            fragment, what = placed[path]
            if what["kind"] == "block" and fragment and _is_fragment_root(placed, path, fragment):
                yield from shown(path)
            else:
                yield path, what

    def walk(parent: tuple[int, ...], place: tuple[int, ...]) -> None:
        for i, (path, what) in enumerate(shown(parent)):
            if what["kind"] not in TRANSIENT:
                out.append([[*place, i], what])
            walk(path, (*place, i))

    for root in sorted({path[:1] for path in placed}):
        walk(root, root)
    return out


async def record_link(url: str, path: str, query: str) -> dict[str, Any]:
    async with Session(url, path, query, timeout=120, keep=True) as s:
        run = s.first_run
        return {
            "errors": run.errors,
            "link_after": s.query_string,
            "page": page_state(run.deltas),
        }


async def record_all(url: str, links: list[tuple[str, str]]) -> dict[str, Any]:
    """Every link's record; the server's own address (in a page's absolute links) as SERVER."""
    out = {}
    for path, query in links:
        out[f"/{path}?{query}" if query else f"/{path}"] = await record_link(url, path, query)
    return json.loads(json.dumps(out, ensure_ascii=False).replace(url, SERVER))


EDITED = "/ (edited)"


def in_link(widget_id: str) -> bool:
    """Whether a widget shows a setting of the link: the site keys its session-only widgets
    (a Predict-first guess) with a leading underscore."""
    return not WIDGET_ID.sub(r"\1", widget_id).startswith("_")


async def edit_link(url: str, path: str, query: str, key: str, seed: int) -> tuple[bool, list[str]]:
    """Edit one number input of a link's page: whether a part reran alone, and what differs between the page the edit leaves
    (a part that reran alone redrawn in place, the rest as first drawn) and the link it leaves
    opened afresh."""
    import random

    async with Session(url, path, query, timeout=120, keep=True) as s:
        placed = placed_by_path(s.first_run.deltas)
        field = s.numbers[key]
        run = await s.edit(key, field.nearby(random.Random(seed)))
        alone = all(m.delta.fragment_id for m in run.deltas)  # else the page ran again whole
        after = {"errors": run.errors, "link_after": s.query_string}
        after["page"] = page_state(run.deltas, placed if alone else None)
        left = s.query_string
    fresh = await record_link(url, path, left)
    name = f"/{path}?{query} edit {key!r} ({'alone' if alone else 'whole page'})"
    found = differences({EDITED: fresh}, {EDITED: after})
    return alone, [name + line.removeprefix(EDITED) for line in found]


async def edit_all(
    url: str, links: list[tuple[str, str]], seed: int = 1
) -> tuple[int, int, list[str]]:
    """Every number input of every link edited once (its own session): (edits, edits that
    reran a part alone, differences)."""
    lines, edits, alone = [], 0, 0
    for path, query in links:
        async with Session(url, path, query, timeout=120) as s:
            keys = sorted(k for k, f in s.numbers.items() if not f.disabled and in_link(f.id))
        for key in keys:
            part, found = await edit_link(url, path, query, key, seed)
            edits, alone, lines = edits + 1, alone + part, lines + found
    return edits, alone, lines


def record(folder: Path = ROOT, links: list[tuple[str, str]] = LINKS) -> dict[str, Any]:
    """Serve ``folder``'s app.py as ``make run`` does and record every link."""
    from conftest import start_server, stop_server

    proc, url = start_server(folder / "app.py", cwd=folder)
    try:
        return asyncio.run(record_all(url, links))
    finally:
        stop_server(proc)


def canonical(x: Any) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)


def differences(before: dict[str, Any], after: dict[str, Any], most: int = 3) -> list[str]:
    """What differs, link by link (the first ``most`` places of each), as lines."""
    lines = []
    for link in sorted(set(before) | set(after)):
        a, b = before.get(link), after.get(link)
        if a is None or b is None:
            lines.append(f"{link}: recorded only {'after' if a is None else 'before'}")
            continue
        for part in ("errors", "link_after"):
            if canonical(a[part]) != canonical(b[part]):
                lines.append(f"{link}: {part} {a[part]!r} → {b[part]!r}")
        pa, pb = dict(map(_placed, a["page"])), dict(map(_placed, b["page"]))
        shown = 0
        for place in sorted(set(pa) | set(pb)):
            x, y = pa.get(place), pb.get(place)
            if canonical(x) != canonical(y):
                if shown < most:
                    lines.append(f"{link} at {list(place)}: {_short(x)} → {_short(y)}")
                shown += 1
        if shown > most:
            lines.append(f"{link}: … {shown - most} more places differ")
    return lines


def _placed(item: list[Any]) -> tuple[tuple[int, ...], Any]:
    return tuple(item[0]), item[1]


def _short(x: Any, width: int = 300) -> str:
    text = "nothing" if x is None else canonical(x)
    return text if len(text) <= width else text[:width] + "…"


def summary(rec: dict[str, Any]) -> str:
    elements = sum(len(v["page"]) for v in rec.values())
    charts = sum(w["kind"] == "vega_lite_chart" for v in rec.values() for _, w in v["page"])
    errors = sum(bool(v["errors"]) for v in rec.values())
    return (
        f"{len(rec)} links, {elements} elements and blocks, {charts} charts, {errors} with errors"
    )


def checkout(commit: str) -> Path:
    """``git archive commit`` unpacked in a temporary folder."""
    tar = subprocess.run(
        ["git", "archive", commit], cwd=ROOT, capture_output=True, check=True
    ).stdout
    folder = Path(tempfile.mkdtemp(prefix=f"lol-{commit[:10]}-"))
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(folder, filter="data")
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", help="a commit to record and compare this checkout against")
    ap.add_argument("--out", type=Path, help="write this checkout's record here (JSON)")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    ap.add_argument(
        "--edits", action="store_true", help="edit every number input of every link once"
    )
    args = ap.parse_args(argv)
    if args.edits:
        from conftest import start_server, stop_server

        proc, url = start_server("app.py")
        try:
            edits, alone, lines = asyncio.run(edit_all(url, LINKS))
        finally:
            stop_server(proc)
        print("\n".join(lines) or f"{edits} edits ({alone} reran a part of the page alone): "
              "each page after it is its link opened afresh")  # fmt: skip
        return 1 if lines else 0
    if args.compare:
        before, after = (json.loads(p.read_text()) for p in args.compare)
    else:
        before = record(checkout(args.base)) if args.base else None
        after = record()
        if args.out:
            args.out.write_text(json.dumps(after, ensure_ascii=False))
        if before is None:
            print(f"recorded {summary(after)}")
            return 1 if any(v["errors"] for v in after.values()) else 0
    print(f"before: {summary(before)}")
    print(f"after:  {summary(after)}")
    lines = differences(before, after)
    print("\n".join(lines) if lines else "identical: every text, spec and data set, every link")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())

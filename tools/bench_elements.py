"""What one element costs a browser edit: test apps of one element type, timed in the page.

    .venv/bin/python tools/bench_elements.py              # every kind, 12 edits each
    .venv/bin/python tools/bench_elements.py --repeats 20 --kinds markdown chart

Why: every rerun re-sends every element a script draws, and the browser's
main thread renders each one (React, styles) before it handles the next
message. On a page, the time from the Enter key to the rerun's
``script_finished`` is mostly that rendering, not the server (which answers
Check a claim's edit in about 22 ms). This measures the cost per element type,
so a page's budget can be read off its element list.

How: for each kind it writes a one-page app (a URL-bound number input, then
``--count`` elements of that kind, 40 unless the kind is a row or a chart),
serves it with ``serve.py`` as ``make run`` serves the site, and in Chromium
times, in the page's own JavaScript clock, from the Enter keydown to the
``script_finished`` message reaching the page's websocket listener (which
runs on the main thread, after the messages before it). Each time goes in
against the bare app (the input alone) measured in the same run, and the
minimal app of the speed ratios (``tools/minimal_app.py``) is timed too, so
the report reads as: budget at 1.5× the minimal app, and what each element
takes of it. Ends by itself; numbers vary with the machine's load (the load
average is printed).

``--static`` draws the elements once, above a fragment that holds the input,
so the edit reruns and sends the fragment alone: what an element costs every
rerun of its page without being part of it. Most cost a fraction of what they
cost sent; a tab row (``st.tabs``) costs about as much as sent, which is why
the site's lazy tab rows are segmented controls.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from conftest import (  # noqa: E402 - the test harness's server and browser set-up
    CHROMIUM_ARGS,
    chromium_path,
    start_server,
    stop_server,
    wait_for_app,
)
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

# One element of each kind; ``i`` numbers it, ``x`` is the edited input's value.
KINDS = {
    "bare": ("pass", 1),
    "markdown": ('st.markdown(f"Line {i}: some **bold** text, {x + i:.2f}.")', 40),
    "heading": ('st.subheader(f"Heading {i} {x:.0f}")', 40),
    "heading, no anchor": ('st.subheader(f"Heading {i} {x:.0f}", anchor=False)', 40),
    "heading, divider": ('st.header(f"Heading {i} {x:.0f}", divider="gray")', 40),
    "markdown heading": ('st.markdown(f"### Heading {i} {x:.0f}")', 40),
    "caption": ('st.caption(f"Caption {i}: {x:.1f}")', 40),
    "metric": ('st.metric(f"Label {i}", f"{x + i:.1f} points", width="content")', 40),
    "alert": ('st.info(f"Note {i}: {x:.1f}")', 40),
    "number_input": ('st.number_input(f"Input {i}", value=1.0, key=f"n{i}")', 40),
    "expander": ('st.expander(f"Fold {i}")', 40),
    "popover": ('st.popover(f"Menu {i}", key=f"p{i}", on_change="rerun")', 40),
    "tab row": ('st.tabs([f"Tab {i}", "Other"])[0].markdown(f"a {x:.1f}")', 20),
    "segmented control": (
        'st.segmented_control(f"Show {i}", [f"Tab {i}", "Other"], default=f"Tab {i}", '
        'key=f"s{i}", label_visibility="collapsed"); st.markdown(f"a {x:.1f}")',
        20,
    ),
    "columns(2) row": (
        'c = st.columns(2); c[0].markdown(f"a {i}"); c[1].markdown(f"b {x:.1f}")',
        20,
    ),
    "horizontal row": (
        'c = st.container(horizontal=True); c.markdown(f"a {i}", width="content"); '
        'c.markdown(f"b {x:.1f}", width="content")',
        20,
    ),
    "slider": ('st.slider(f"Slider {i}", 0, 100, 50, key=f"s{i}")', 20),
    "button": ('st.button(f"Button {i}", key=f"b{i}")', 20),
    "selectbox": ('st.selectbox(f"Pick {i}", ["a", "b"], key=f"sb{i}")', 20),
    "text_area": ('st.text_area(f"Text {i}", "a\\nb", key=f"ta{i}")', 20),
    "file_uploader": ('st.file_uploader(f"Files {i}", key=f"f{i}")', 10),
    "dataframe": (
        'st.dataframe({"model": ["A", "B", "C"], "score": [1.0 + i, 2.0, x]}, hide_index=True)',
        6,
    ),
    "data_editor": (
        'st.data_editor({"model": ["A", "B", "C"], "score": [1.0 + i, 2.0, 3.0]}, key=f"de{i}")',
        6,
    ),
    "chart": (
        'st.vega_lite_chart({"data": {"values": [{"bar": f"b{j}", "v": x + i + j} '
        'for j in range(20)]}, "mark": {"type": "bar", "tooltip": True}, "encoding": '
        '{"x": {"field": "bar", "type": "nominal"}, "y": {"field": "v", "type": '
        '"quantitative"}}}, width="stretch", theme=None)',
        6,
    ),
}
# Messages one element of a kind sends (a row: its block, two columns or none, two markdowns).
MESSAGES = {"columns(2) row": 5, "horizontal row": 3, "tab row": 4, "segmented control": 2}

APP = """\
import streamlit as st


def page():
    x = st.number_input("Value", min_value=0.0, max_value=1e6, value=50.0, step=1.0,
                        key="x", bind="query-params")
    for i in range({count}):
        {line}


st.navigation([st.Page(page, title="Test", default=True)]).run()
"""

# --static: the elements are drawn once, above a fragment that holds the input, so an
# edit reruns (and sends) the fragment alone: what an element costs a rerun it is not part of.
APP_STATIC = """\
import streamlit as st


def page():
    x = 50.0
    for i in range({count}):
        {line}
    edited()


@st.fragment
def edited():
    st.number_input("Value", min_value=0.0, max_value=1e6, value=50.0, step=1.0,
                    key="x", bind="query-params")


st.navigation([st.Page(page, title="Test", default=True)]).run()
"""

# Stamps the Enter keydown and every websocket message with the page's own clock
# (an init script: here and in tools/bench_rerun.py's in-page column).
PROBE = """
window.__msgs = []; window.__key = 0;
document.addEventListener('keydown', e => { if (e.key === 'Enter') window.__key = performance.now(); }, true);
const Native = window.WebSocket;
window.WebSocket = function (...args) {
  const ws = new Native(...args);
  ws.addEventListener('message', ev => {
    const d = ev.data, n = d.byteLength || 0;
    window.__msgs.push([performance.now(), n < 200 ? Array.from(new Uint8Array(d)) : null]);
  });
  return ws;
};
window.WebSocket.prototype = Native.prototype;
Object.assign(window.WebSocket, Native);
"""


def is_finished(raw: bytes | list[int] | str | None) -> bool:
    """Whether one websocket message is a rerun's ``script_finished`` ``ForwardMsg``.

    ``raw`` is the message's bytes (Playwright's frame payload) or the list of
    byte values PROBE keeps for a small message; text and big messages
    (``None``) are never it.
    """
    if raw is None or isinstance(raw, str):
        return False
    try:
        return ForwardMsg.FromString(bytes(raw)).WhichOneof("type") == "script_finished"
    except Exception:
        return False


def clear_probe(page) -> None:
    """Forget PROBE's stamps: call it after typing and before the Enter key press."""
    page.evaluate("window.__msgs = []; window.__key = 0")


def finished_in_page(page, name: str, polls: int = 3000) -> float:
    """Milliseconds, in the page's own clock, from the Enter keydown to ``script_finished``.

    Reads what PROBE stamped since ``clear_probe``: the first message parsed
    as ``script_finished``, minus the keydown. Polls every 10 ms (30 s at
    most) until the page has received it.
    """
    for _ in range(polls):
        done = next((t for t, raw in page.evaluate("window.__msgs") if is_finished(raw)), None)
        if done is not None:
            key = page.evaluate("window.__key")
            if not 0 < key <= done:
                raise RuntimeError(f"{name}: no Enter keydown stamped before script_finished")
            return done - key
        page.wait_for_timeout(10)
    raise RuntimeError(f"{name}: no script_finished reached the page after an edit")


def edit_times(browser, url: str, repeats: int) -> list[float]:
    """Milliseconds from Enter to script_finished for ``repeats`` edits (after 3 warm-ups)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(PROBE)
    page = context.new_page()
    try:
        page.goto(url)
        wait_for_app(page, timeout=60_000)
        page.wait_for_timeout(500)
        box = page.get_by_label("Value", exact=True)
        times = []
        for edit in range(1, repeats + 4):
            box.fill(f"{50 + edit:g}")
            clear_probe(page)
            box.press("Enter")
            ms = finished_in_page(page, url)
            if edit > 3:
                times.append(ms)
            wait_for_app(page, timeout=60_000)
            page.wait_for_timeout(150)
        return times
    finally:
        context.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=12, help="timed edits per app (12)")
    ap.add_argument("--kinds", nargs="*", default=[k for k in KINDS if k != "bare"])
    ap.add_argument(
        "--static",
        action="store_true",
        help="draw the elements outside the fragment that reruns (not sent by the edit)",
    )
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench-elements-"))
    apps = {"minimal app": ROOT / "tools" / "minimal_app.py"}
    for kind in ["bare", *args.kinds]:
        line, count = KINDS[kind]
        path = folder / f"app_{len(apps)}.py"
        template = APP_STATIC if args.static else APP
        path.write_text(template.format(count=count, line=textwrap.indent(line, " " * 8).strip()))
        apps[kind] = path
    medians = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
        )
        try:
            for kind, path in apps.items():
                proc, url = start_server(path)
                try:
                    medians[kind] = statistics.median(edit_times(browser, url, args.repeats))
                finally:
                    stop_server(proc)
        finally:
            browser.close()
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    minimal, bare = medians.pop("minimal app"), medians.pop("bare")
    where = (
        "on the page, outside the fragment the edit reruns" if args.static else "sent by the edit"
    )
    print(
        f"Browser cost of one element per edit ({where}) — load average {load}, {os.cpu_count()} cores"
    )
    print(f"Enter → script_finished in the page, medians of {args.repeats} edits")
    print(
        f"  minimal app (one input, one chart)   {minimal:6.1f} ms; 1.5× budget {1.5 * minimal:.1f} ms"
    )
    print(f"  bare app (one input)                 {bare:6.1f} ms")
    print(f"  {'kind':<18} {'count':>5} {'median':>8} {'ms each':>8} {'per message':>12}")
    for kind, ms in medians.items():
        count = KINDS[kind][1]
        each = (ms - bare) / count
        per_msg = each / MESSAGES.get(kind, 1)
        print(f"  {kind:<18} {count:>5} {ms:6.1f} ms {each:8.2f} {per_msg:12.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

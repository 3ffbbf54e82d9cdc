"""In Chromium: a part of a page that reruns alone leaves the page its new link shows.

For each page part drawn with ``ui.fragments.alone``, an edit of one of its own inputs is
typed in; the rerun must be the part's alone (every delta it sends belongs to a fragment),
the address bar must carry the new value, and the whole page's text, what is outside the
part included, must be what that link shows when opened afresh. Then an input outside the
part's own keys drawn inside it (the Luck simulator's lead) reruns the whole page.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import goto, set_number, wait_for_app, wait_for_rerun
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

pytestmark = pytest.mark.browser

# (link, the label of one of the part's own number inputs, its URL key, a new value)
PARTS = [
    ("/luck-simulator?p=80&n=100&d=4&runs=1000&seed=1", "Seed", "seed", 7),
    ("/questions-needed?p=80&d=4&n=198", "ω², between questions", "omega2", 0.2),
    ("/coverage?n=20&p=95&runs=1000", "Seed", "seed", 3),
    ("/slices?n=600&slices=12&runs=1000", "Seed", "seed", 4),
    ("/pass-at-k?samples=20&passed=3&k=5", "Bootstrap seed", "seed", 5),
]


def deltas(page: Any) -> list[str]:
    """Start keeping each delta's fragment id ("" for the page's own) from the websocket."""
    seen: list[str] = []

    def on_frame(payload: Any) -> None:
        if isinstance(payload, str):
            return
        msg = ForwardMsg.FromString(payload)
        if msg.WhichOneof("type") == "delta":
            seen.append(msg.delta.fragment_id)

    page.on(
        "websocket", lambda ws: ws.on("framereceived", on_frame) if "stream" in ws.url else None
    )
    return seen


def main_text(page: Any) -> str:
    """The main column's text, the charts left out (the axis labels Vega drops where they
    would touch depend on when it drew; the charts' data are compared by record_pages)."""
    page.add_style_tag(content="[data-testid='stVegaLiteChart'] { display: none !important; }")
    return page.locator("[data-testid='stMain']").inner_text()


# (link, the label of one of the part's own sliders, its URL key, its value one step up)
SLIDERS = [("/signal-noise?preset=spread&n=500&average=5", "Checkpoints disagree on", "discordance",
            20.5)]  # fmt: skip


def press_right(page: Any, label: str) -> None:
    slider = page.locator("[data-testid='stSlider']").filter(has_text=label).get_by_role("slider")
    wait_for_rerun(page, lambda: slider.press("ArrowRight"))


@pytest.mark.parametrize(
    ("link", "label", "key", "value", "edit"),
    [(*p, set_number) for p in PARTS] + [(*p, press_right) for p in SLIDERS],
    ids=[p[0].split("?")[0] for p in [*PARTS, *SLIDERS]],
)
def test_a_part_rerun_alone_leaves_the_page_its_link_shows(
    page, page_at, streamlit_server, link, label, key, value, edit
):
    seen = deltas(page)
    goto(page, streamlit_server + link)
    before = len(seen)
    if edit is set_number:
        set_number(page, label, value)
    else:
        edit(page, label)
    rerun = seen[before:]
    assert rerun and all(rerun), "the edit reran more than the part"
    query = parse_qs(urlsplit(page.url).query)
    assert query[key] == [str(value)]
    fresh = page_at()
    goto(fresh, page.url)
    assert main_text(page) == main_text(fresh)


def test_an_input_of_the_whole_page_inside_a_part_reruns_the_page(page, streamlit_server):
    seen = deltas(page)
    goto(page, streamlit_server + PARTS[0][0])
    verdict = page.get_by_text("equally good models (80% each)").first  # above the part
    assert "at least 4.0 points apart" in verdict.inner_text()
    before = len(seen)
    lead = page.locator("[data-testid='stSlider']").filter(has_text="Lead to ask about")
    wait_for_rerun(page, lambda: lead.get_by_role("slider").press("ArrowRight"))
    wait_for_app(page)
    assert "" in seen[before:]  # the page's own elements were sent again
    assert "at least 4.1 points apart" in verdict.inner_text()
    assert parse_qs(urlsplit(page.url).query)["d"] == ["4.1"]

"""The four lesson thumbs in a real browser: the chart follows the drag, the link takes the release.

For each thumb (Luck simulator n, pass@k k, Interval coverage n, Questions needed d): a drag
moves the chart with no rerun, and the figure printed on the chart is the exact number Python
works out for the stop reached (recomputed here from benchstats' plain functions); on release
the link holds the stop within a second (the page's own clock); a reload puts the thumb back
where the link says; arrow keys move it and the link follows; a link between two stops snaps
with a note; the SVG download draws the stop chosen. Then a teacher's walk-through at
1920×1080 in the room view, with screenshots mid-drag and after the release (look at them:
test-artifacts/thumb-*.png).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import goto, shoot, wait_for_app, wait_for_rerun

from benchstats import words
from benchstats.coverage import coverage
from benchstats.luck import prob_gap_at_least
from benchstats.passk import naive_pass_at_k, pass_at_k
from benchstats.planning import plan_lead
from benchstats.prose.passk import chance
from benchstats.prose.planning import needed_headline
from ui.sections import coverage as coverage_page
from ui.sections import luck as luck_page
from ui.sections import needed as needed_page
from ui.sections import passk as passk_page

pytestmark = pytest.mark.browser

CHART = "[data-testid='stVegaLiteChart']"
ROOM = {"width": 1920, "height": 1080}


@dataclass(frozen=True)
class Case:
    """One thumb: its page's link, URL key, label, stops, and what the chart prints at a stop."""

    link: str
    key: str
    element: str  # the thumb input's id
    label: str
    stops: tuple
    said: Callable[[float], str]
    heard: Callable[[float], str]  # a stop as a screen reader hears it (aria-valuetext)
    off_grid: tuple[str, str]  # a link value between two stops, and the stop it snaps to


CASES = {
    "luck": Case(
        "/luck-simulator?p=80&n=100&d=4",
        "n",
        "thumb-luck-n",
        "Questions",
        luck_page.N_STOPS,
        lambda n: f"≥ 4.0 points apart: {words.chance(prob_gap_at_least(0.8, n, 0.04))}",
        lambda n: words.plural(n, "question"),
        ("290", "300"),  # between the stops 272 and 300 (a preset's size is a stop)
    ),
    "passk": Case(
        "/pass-at-k?samples=20&passed=3&k=5",
        "k",
        "thumb-passk-k",
        "Tries allowed (k)",
        tuple(passk_page.k_stops(20)[0]),
        lambda k: (
            f"pass@{k} = {chance(pass_at_k(20, 3, k), exact=k > 17)} · shortcut "
            f"{chance(naive_pass_at_k(0.15, k))}"
        ),
        lambda k: words.plural(k, "try", "tries"),
        ("25", "20"),  # above the samples: refused, k = n
    ),
    "coverage": Case(
        "/coverage?n=100&p=50",
        "n",
        "thumb-coverage-n",
        "Questions (n)",
        coverage_page.N_STOPS,
        lambda n: (
            f"At {words.plural(n, 'question')} and 50%: Wald holds it "
            f"{words.percent(coverage(0.5, n))}, Wilson {words.percent(coverage(0.5, n, method='wilson'))}"
        ),
        lambda n: words.plural(n, "question"),
        ("250", "300"),
    ),
    "needed": Case(
        "/questions-needed?p=80&d=4",
        "d",
        "thumb-needed-d",
        "Lead you care about",
        tuple(needed_page.lead_stops(80)[0]),
        lambda d: needed_headline(plan_lead(0.8, d / 100)),
        lambda d: f"{words.points(d / 100, signed=False)} points",
        ("4.3", "4.5"),
    ),
}


def link(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def thumb(page, case: Case):
    return page.get_by_role("slider", name=case.label, exact=True)


def open_at(page, url: str, case: Case) -> None:
    """Open ``url`` and wait for its thumb to stand on the link's stop (its script has run)."""
    goto(page, url)
    page.wait_for_function(
        "id => document.getElementById(id)?.dataset.sent !== undefined",
        arg=case.element,
    )


def chart_text(page) -> str:
    """Every text the first chart draws (axes, legend, the figure printed), joined."""
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    return page.evaluate(
        """() => [...document.querySelector("[data-testid='stVegaLiteChart']")
                  .querySelectorAll('text')].map(t => t.textContent).join(' | ')"""
    )


def chart_says(page, want: str) -> None:
    """Wait until the first chart prints ``want`` (it draws its figure a frame after the axes)."""
    try:
        page.wait_for_function(
            "want => document.querySelector(\"[data-testid='stVegaLiteChart']\")?.textContent"
            ".includes(want)",
            arg=want,
            timeout=10_000,
        )
    except Exception:  # the texts it does print make the failure readable
        pytest.fail(f"the chart never printed {want!r}; it printed {chart_text(page)!r}")


def stop_value(page, case: Case):
    """The value of the stop the thumb is on."""
    return case.stops[int(thumb(page, case).input_value())]


def x_of(box: dict, index: int, top: int) -> float:
    """The pointer's x over stop ``index`` of a range input of ``top`` + 1 stops."""
    return box["x"] + 8 + (box["width"] - 16) * index / top


def drag(page, case: Case, to: int, *, release: bool = True, steps: int = 12) -> None:
    """Press the thumb, drag it to stop ``to`` in ``steps`` moves, and let go (or not)."""
    handle = thumb(page, case)
    handle.scroll_into_view_if_needed()
    box, top = handle.bounding_box(), len(case.stops) - 1
    start = int(handle.input_value())
    y = box["y"] + box["height"] / 2
    page.mouse.move(x_of(box, start, top), y)
    page.mouse.down()
    for i in range(1, steps + 1):
        page.mouse.move(x_of(box, round(start + (to - start) * i / steps), top), y)
    if release:
        page.evaluate("() => { window.__released = performance.now(); window.__urls = []; }")
        page.mouse.up()


def watch_the_link(page) -> None:
    """Note, in the page's clock, every change of the address bar."""
    page.add_init_script(
        """for (const name of ['pushState', 'replaceState']) {
             const original = history[name];
             history[name] = function () {
               const out = original.apply(this, arguments);
               (window.__urls = window.__urls || []).push([performance.now(), location.search]);
               return out;
             };
           }"""
    )


def link_holds_within(page, key: str, value: str) -> float:
    """Milliseconds from the release to the address bar holding ``key=value``."""
    page.wait_for_function(
        """([key, value]) => (window.__urls || []).some(
             ([, q]) => new URLSearchParams(q).get(key) === value)""",
        arg=[key, value],
        timeout=10_000,
    )
    return page.evaluate(
        """([key, value]) => window.__urls.find(
             ([, q]) => new URLSearchParams(q).get(key) === value)[0] - window.__released""",
        [key, value],
    )


def text_of(value) -> str:
    """A stop as the link writes it (4.0 → "4")."""
    return f"{value:g}"


# --------------------------------------------------------------------------- each thumb


@pytest.mark.parametrize("name", list(CASES))
def test_a_drag_moves_the_chart_and_the_release_writes_the_link(page, streamlit_server, name):
    case = CASES[name]
    watch_the_link(page)
    open_at(page, streamlit_server + case.link, case)
    chart_says(page, case.said(stop_value(page, case)))
    runs = page._finished_runs
    to = min(int(thumb(page, case).input_value()) + 6, len(case.stops) - 1)
    drag(page, case, to, release=False)
    value = stop_value(page, case)
    page.wait_for_function(
        "want => document.querySelector(\"[data-testid='stVegaLiteChart']\").textContent"
        ".includes(want)",
        arg=case.said(value),
    )
    assert page._finished_runs == runs  # the chart moved in the browser: no rerun yet
    assert thumb(page, case).get_attribute("aria-valuetext") == case.heard(value)
    shoot(page, f"thumb-{name}-mid-drag", full_page=False)
    page.evaluate("() => { window.__released = performance.now(); window.__urls = []; }")
    wait_for_rerun(page, page.mouse.up)
    assert link_holds_within(page, case.key, text_of(value)) < 1000
    chart_says(page, case.said(value))  # the server's own drawing of the stop agrees
    assert page.locator("[data-testid='stException']").count() == 0


@pytest.mark.parametrize("name", list(CASES))
def test_a_reload_puts_the_thumb_where_the_link_says(page, streamlit_server, name):
    case = CASES[name]
    value = case.stops[len(case.stops) * 2 // 3]
    open_at(page, f"{streamlit_server}{case.link}&{case.key}={text_of(value)}", case)
    assert stop_value(page, case) == value
    chart_says(page, case.said(value))
    page.reload()
    wait_for_app(page)
    page.wait_for_function(
        "want => document.querySelector(\"[data-testid='stVegaLiteChart']\")?.textContent"
        ".includes(want)",
        arg=case.said(value),
    )
    assert stop_value(page, case) == value


@pytest.mark.parametrize("name", list(CASES))
def test_arrow_keys_move_the_thumb_and_the_link_follows(page, streamlit_server, name):
    case = CASES[name]
    open_at(page, streamlit_server + case.link, case)
    handle = thumb(page, case)
    start = int(handle.input_value())
    handle.focus()
    wait_for_rerun(page, lambda: handle.press("ArrowRight"))
    wait_for_rerun(page, lambda: handle.press("ArrowRight"))
    value = case.stops[start + 2]
    page.wait_for_function(
        "([key, want]) => new URLSearchParams(location.search).get(key) === want",
        arg=[case.key, text_of(value)],
    )
    chart_says(page, case.said(value))
    assert handle.get_attribute("aria-valuetext") == case.heard(value)


def test_a_thumb_that_arrives_after_its_chart_still_moves_it(page, streamlit_server):
    """The thumb's script is held back until its chart is drawn (as on a slow machine)."""
    case = CASES["coverage"]
    held = []
    page.route("**/BidiComponent*.js", lambda route: held.append(route))
    page.goto(streamlit_server + case.link)
    page.locator(f"{CHART} svg").first.wait_for(state="visible")
    page.wait_for_timeout(300)  # the chart has bound by now
    assert held and page.locator(f"#{case.element}").count() == 0
    for route in held:
        route.continue_()
    page.unroute("**/BidiComponent*.js")
    page.wait_for_function(
        "id => document.getElementById(id)?.dataset.sent !== undefined", arg=case.element
    )
    chart_says(page, case.said(stop_value(page, case)))
    handle = thumb(page, case)
    handle.focus()
    wait_for_rerun(page, lambda: handle.press("ArrowRight"))
    chart_says(page, case.said(stop_value(page, case)))


@pytest.mark.parametrize("name", list(CASES))
def test_a_link_between_two_stops_snaps_with_a_note(page, streamlit_server, name):
    case = CASES[name]
    raw, snapped = case.off_grid
    open_at(page, f"{streamlit_server}{case.link}&{case.key}={raw}", case)
    page.get_by_text(f"The link's {case.key}={raw} can't be used").wait_for()
    assert text_of(stop_value(page, case)) == snapped
    chart_says(page, case.said(float(snapped) if case.key == "d" else int(snapped)))


@pytest.mark.parametrize("name", list(CASES))
def test_the_svg_download_draws_the_stop_chosen(page, streamlit_server, name):
    case = CASES[name]
    open_at(page, streamlit_server + case.link, case)
    to = max(int(thumb(page, case).input_value()) - 3, 0)
    drag(page, case, to, release=False)
    wait_for_rerun(page, page.mouse.up)
    value = stop_value(page, case)
    page.locator("[data-testid='stPopover'] button", has_text="Download").first.click()
    body = page.locator("[data-testid='stPopoverBody']").last
    with page.expect_download() as info:
        body.locator("[data-testid='stDownloadButton'] button", has_text="SVG").click()
    svg = Path(info.value.path()).read_text(encoding="utf-8")
    assert "<svg" in svg and case.said(value) in svg


# --------------------------------------------------------------------------- the room


def card_numbers(page) -> dict[str, str]:
    tiles = page.locator("[data-testid='stMetric']").all()
    return {
        t.locator("[data-testid='stMetricLabel']").inner_text(): t.locator(
            "[data-testid='stMetricValue']"
        ).inner_text()
        for t in tiles
    }


ROOM_WALK = {  # what the numbers beside the chart say, after the release, at a stop
    "luck": lambda page, n: f"≥ 4.0 points apart: {card_numbers(page)['Exact chance']}",
    "passk": lambda page, k: f"pass@{k} = {card_numbers(page)[f'pass@{k} (unbiased)']}",
    "coverage": lambda page, n: f"Wald holds it {card_numbers(page)['Wald, at your true score']}",
    "needed": lambda page, d: f"needs {card_numbers(page)['Questions needed']} questions",
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_teachers_walk_through_in_the_room(page_at, streamlit_server, name):
    case = CASES[name]
    page = page_at(**ROOM)
    open_at(page, f"{streamlit_server}{case.link}&view=room", case)
    shoot(page, f"thumb-{name}-room-before", full_page=False)
    start = int(thumb(page, case).input_value())
    to = min(start + 8, len(case.stops) - 1)
    drag(page, case, to, release=False)
    value = stop_value(page, case)
    page.wait_for_function(
        "want => document.querySelector(\"[data-testid='stVegaLiteChart']\").textContent"
        ".includes(want)",
        arg=case.said(value),
    )
    shoot(page, f"thumb-{name}-room-mid-drag", full_page=False)
    wait_for_rerun(page, page.mouse.up)
    page.wait_for_function(
        "([key, want]) => new URLSearchParams(location.search).get(key) === want",
        arg=[case.key, text_of(value)],
    )
    chart_says(page, ROOM_WALK[name](page, value))  # the chart agrees with the page
    assert link(page)["view"] == "room"
    shoot(page, f"thumb-{name}-room-after-release", full_page=False)

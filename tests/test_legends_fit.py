"""Every chart's legend ends on screen on a 390-px phone, on every page.

Each registered page is run from its plain link (nothing is folded), and so are a few links that draw more (long model names on a
leaderboard); each chart it sends is redrawn by vl-convert at the phone's
width in the page's font (``conftest.legend_right_edges``). A legend wider
than the chart is cut off at the right on a phone, as the Gap grader's was
("— inside the noi") and the coverage page's six intervals were ("Je").
The browser width tests leave the inside of charts out; this looks there.
"""

from __future__ import annotations

import json

import pyarrow as pa
import pytest
from conftest import PHONE_CHART_WIDTH, app_test, legend_right_edges

from ui.registry import PAGES


def _records(arrow: bytes) -> list[dict]:
    table = pa.ipc.open_stream(arrow).read_all()
    return json.loads(table.to_pandas().to_json(orient="records"))


def drawn_specs(at) -> list[dict]:
    """Each chart of a run page as a whole Vega-Lite spec, its data put back in."""
    specs = []
    for chart in at.get("vega_lite_chart"):
        proto = chart.proto
        spec = json.loads(proto.spec)
        if proto.data.data:
            spec["data"] = {"values": _records(proto.data.data)}
        if proto.datasets:
            spec["datasets"] = {
                **spec.get("datasets", {}),
                **{d.name: _records(d.data.data) for d in proto.datasets},
            }
        specs.append(spec)
    return specs


# A page with no worked example (the box grades only what its link gives) draws from a link.
LINKED = {"box": {"a": 87.3, "b": 85.1, "n": 198, "name_a": "Model X", "name_b": "Model Y"}}


@pytest.mark.parametrize("p", PAGES, ids=[p.key for p in PAGES])
def test_every_legend_fits_a_phone(p):
    at = app_test(p.file, **LINKED.get(p.key, {})).run()
    specs = drawn_specs(at)
    assert specs, f"{p.title} drew no chart with its folds open"
    for spec in specs:
        for edge in legend_right_edges(spec):
            assert edge <= PHONE_CHART_WIDTH, (
                f"{p.title}: a legend ends at {edge:.0f} px, past a phone's "
                f"{PHONE_CHART_WIDTH}-px chart ({spec.get('title') or 'untitled chart'})"
            )


# Links whose charts draw more than the plain link's: long model names push a
# leaderboard's plot, and the legend under it, to the right.
LONG_NAMES = (
    "Claude 3.5 Sonnet (2024-10-22; extended thinking):87.3:1.8,"
    "GPT-4o (2024-11-20):85.1:1.9,Gemini 2.0 Flash Thinking Experimental:80.2:2.0"
)
MORE = [("leaderboard", {"rows": LONG_NAMES}), ("leaderboard", {"method": "simultaneous"})]


@pytest.mark.parametrize(("key", "query"), MORE, ids=[f"{k}-{i}" for i, (k, _) in enumerate(MORE)])
def test_legends_fit_a_phone_on_links_that_draw_more(key, query):
    (p,) = [p for p in PAGES if p.key == key]
    at = app_test(p.file, **query).run()
    assert not at.exception
    for spec in drawn_specs(at):
        for edge in legend_right_edges(spec):
            assert edge <= PHONE_CHART_WIDTH, f"{p.title} ({query}): a legend ends at {edge:.0f} px"

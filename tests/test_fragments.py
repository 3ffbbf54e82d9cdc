"""A part of a page that reruns alone (ui.fragments): what it compares, what it leaves fresh.

The part reruns the whole page when any setting outside its own keys changed: ``outside``
is what it compares. A download drawn outside the part that carries the page's permalink
gets the link as it is when clicked (``fresh_source``). The end-to-end check, every edit
of every recorded link against its link opened afresh, is ``tools/record_pages.py
--edits``; the browser's view of it is tests/test_browser_fragments.py.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
import streamlit as st

from benchstats.charts import Caption
from ui import fragments
from ui.settings import Origin, Refusal, Settings, Value


def settings(**values) -> Settings:
    return Settings(
        "luck", tuple((k, Value(v, Origin.GIVEN, "the link")) for k, v in values.items())
    )


def test_the_part_sees_every_change_outside_its_own_keys():
    s = settings(p=80.0, n=100, runs=10, seed=1)
    own = ("runs", "seed")
    assert fragments.outside(s.with_values(seed=Value(2, Origin.GIVEN)), own) == fragments.outside(
        s, own
    )
    assert fragments.outside(s.with_values(n=Value(200, Origin.GIVEN)), own) != fragments.outside(
        s, own
    )
    moved = s.with_values(n=Value(100, Origin.PRESET, "GPQA"))  # the same n from a preset
    assert fragments.outside(moved, own) != fragments.outside(s, own)
    assert fragments.outside(replace(s, room=True), own) != fragments.outside(s, own)
    refused = replace(s, refusals=(Refusal("n", "n must be …"),))
    assert fragments.outside(refused, own) != fragments.outside(s, own)
    mine = replace(s, refusals=(Refusal("seed", "seed must be …"),))
    assert fragments.outside(mine, own) == fragments.outside(s, own)


@pytest.fixture
def session(monkeypatch):
    state: dict = {}
    monkeypatch.setattr(st, "session_state", state)
    return state


def test_a_download_outside_the_part_carries_the_link_as_it_is_when_clicked(session):
    fragments.links().update(drawn="https://x/?seed=1", now="https://x/?seed=1")
    fresh = fragments.fresh_source()  # drawn on the page's run
    outside = Caption("title", "verdict", "https://x/?seed=1", (("n", "100"),))
    own_figure = Caption("title", "verdict", "https://x/?n=100")  # a figure's own keys
    fragments.links()["now"] = "https://x/?seed=2"  # the part reran alone since
    assert fresh(outside) == replace(outside, source="https://x/?seed=2")
    assert fresh(own_figure) is own_figure
    assert fresh(None) is None


def test_a_page_without_parts_keeps_its_captions(session):
    caption = Caption("title", "verdict", "https://x/?seed=1")
    assert fragments.fresh_source()(caption) is caption

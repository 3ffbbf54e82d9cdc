"""The test harness opens the page it is asked for (a silent fall-back to the default page
once made every other page's AppTest test a test of Check a claim)."""

from __future__ import annotations

import pytest
from conftest import app_test

from ui.registry import PAGES


@pytest.mark.parametrize("entry", PAGES, ids=lambda p: p.key)
def test_app_test_opens_the_page_it_names(entry) -> None:
    at = app_test(entry.file, timeout=120).run()
    assert not at.exception
    if not entry.listed:  # the recompute box has no title: it is framed inside an article
        assert any("Open the full check" in m.value for m in at.markdown)
        return
    first = [t.value for t in at.title] or [m.value.split("\n")[0] for m in at.markdown]
    assert first[0].lstrip("# ") == entry.title

"""The first reader after a restart who follows a deep link gets the right page.

Streamlit 1.67 runs the first session of a server as an old-style multipage
app when a folder named ``pages/`` sits beside the entry script, and showed
"Page not found" over a deep link. The pages live in ``app_pages/``, so both
``make run`` (``serve.py``) and a bare ``streamlit run app.py`` (what Community
Cloud types) route the first visit through ``st.navigation``. Each test starts
a fresh server so the deep link really is its first request.
"""

from __future__ import annotations

import pytest
from conftest import ROOT, goto, shoot, start_server, stop_server


def test_no_pages_folder_beside_the_entry_script() -> None:
    assert not (ROOT / "pages").exists()


@pytest.mark.parametrize("plain", [False, True], ids=["make-run", "streamlit-run"])
def test_deep_link_on_a_fresh_server_opens_the_page(page, plain) -> None:
    proc, url = start_server("app.py", plain=plain)
    try:
        goto(page, f"{url}/gap-grader?a=71&b=69.5&n=448")
        text = page.inner_text("body")
        shoot(page, f"first-visit-gap-grader-{'plain' if plain else 'serve'}")
        assert "Page not found" not in text
        assert "Gap grader" in text
        assert (
            page.get_by_role("spinbutton", name="Score of A (%)").input_value() == "71"
        )  # as the link wrote it
    finally:
        stop_server(proc)


@pytest.mark.parametrize("plain", [False, True], ids=["make-run", "streamlit-run"])
def test_a_box_embed_on_a_fresh_server_opens_the_box(page, plain) -> None:
    """An article's frame is often a fresh process's first request: /box, routed but not
    listed in the sidebar, must open as itself, framed."""
    proc, url = start_server("app.py", plain=plain)
    try:
        goto(page, f"{url}/box?a=71&b=69.5&n=448&embed=true")
        text = page.inner_text("body")
        shoot(page, f"first-visit-box-{'plain' if plain else 'serve'}")
        assert "Page not found" not in text and "Check a claim" not in text
        assert "Inside the noise" in text and "Open the full check" in text
        assert (
            page.get_by_role("spinbutton", name="Score of A (%)").input_value() == "71"
        )  # as the link wrote it
    finally:
        stop_server(proc)

"""The first reader after a restart who follows a deep link gets the right page.

Streamlit 1.67 runs the first session of a server as an old pages/-folder app
when a ``pages/`` folder sits beside ``app.py``, which showed "Page not
found" over a deep link. ``serve.py`` (what ``make run`` uses) prevents it;
this test starts a fresh server so the deep link really is its first visit.
"""

from __future__ import annotations

from conftest import goto, shoot, start_server, stop_server


def test_deep_link_on_a_fresh_server_opens_the_page(page) -> None:
    proc, url = start_server("app.py")
    try:
        goto(page, f"{url}/gap-grader?a=71&b=69.5&n=448")
        text = page.inner_text("body")
        shoot(page, "first-visit-gap-grader")
        assert "Page not found" not in text
        assert "Gap grader" in text
        assert page.get_by_role("spinbutton", name="Score of A (%)").input_value() == "71.00"
    finally:
        stop_server(proc)

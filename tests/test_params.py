"""ui.params: URL-bound inputs refuse bad link values with a note, never a crash."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest


def _app() -> None:
    import streamlit as st

    from ui import params

    n = params.number("Questions", "n", default=100, min_value=1, max_value=1_000_000,
                      whole=True, unit="questions")  # fmt: skip
    a = params.number("Score A (%)", "a", default=82.0, min_value=0, max_value=100)
    bench = params.choice(
        "Benchmark",
        "bench",
        ["gpqa-diamond", "mmlu"],
        format_func=lambda k: k.upper() + " (preset)",
    )
    st.markdown(f"n={n} a={a} bench={bench}")
    st.button("rerun")


def run(**query: str) -> AppTest:
    at = AppTest.from_function(_app)
    for key, value in query.items():
        at.query_params[key] = value
    return at.run()


@pytest.mark.parametrize(
    ("query", "shown", "note"),
    [
        ({"n": "448", "a": "82.5"}, "n=448 a=82.5 bench=None", None),
        ({"n": "inf"}, "n=100 a=82.0 bench=None", "`n=inf` can't be used"),
        ({"n": "-inf"}, "n=100 a=82.0 bench=None", "`n=-inf` can't be used"),
        ({"n": "3.7"}, "n=100 a=82.0 bench=None", "must be a whole number from 1 to 1,000,000"),
        ({"n": "1e12"}, "n=100 a=82.0 bench=None", "`n=1e12`"),
        ({"n": "-5"}, "n=100 a=82.0 bench=None", "`n=-5`"),
        ({"a": "banana"}, "n=100 a=82.0 bench=None", "a must be a number from 0 to 100"),
        ({"a": "nan"}, "n=100 a=82.0 bench=None", "`a=nan`"),
        ({"a": "150"}, "n=100 a=82.0 bench=None", "`a=150`"),
        ({"bench": "mmlu"}, "n=100 a=82.0 bench=mmlu", None),
        ({"bench": "unknown"}, "n=100 a=82.0 bench=None", "bench must be one of `gpqa-diamond`"),
    ],
)
def test_link_values_are_used_or_refused_with_a_note(query, shown, note) -> None:
    at = run(**query)
    assert not at.exception
    assert at.markdown[-1].value == shown
    notes = [w.value for w in at.warning]
    if note is None:
        assert notes == []
    else:
        assert len(notes) == 1 and note in notes[0]


def test_hostile_text_is_repeated_inert_and_short() -> None:
    at = run(bench="`<script>alert(1)</script>" + "x" * 100)
    (note,) = [w.value for w in at.warning]
    assert "`" not in note.split("`bench=")[1].split("`")[0]  # backticks cannot break out
    assert "…" in note  # long values are cut


def test_note_stays_until_the_reader_changes_the_input() -> None:
    at = run(n="banana")
    assert len(at.warning) == 1
    at.button[0].click().run()
    assert len(at.warning) == 1  # still explained on the next rerun
    at.number_input(key="n").set_value(250).run()
    assert len(at.warning) == 0
    assert at.markdown[-1].value.startswith("n=250")

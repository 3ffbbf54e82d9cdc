"""The link as the state: key specs (ui.keys), settings (ui.settings) and widgets (ui.inputs).

Specs parse each link value in one place and refuse what they cannot take
with a note naming the value and what is allowed; every page's hostile
values are refused; a page reads the link once into settings whose values
know their origin; a widget writes the reader's change back into the link;
the worked example becomes the reader's on the first edit.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from ui.keys import CHOICE, COUNT, FLAG, NUMBER, NUMBERS, TEXT, Key, number_text
from ui.registry import PAGES

N = Key("n", "questions", COUNT, "questions", 1, 1_000_000, 100)


@pytest.mark.parametrize(
    ("spec", "raw", "value"),
    [
        (N, "198", 198),
        (N, " 7 ", 7),
        (N, "3.0", 3),
        (Key("a", "score", NUMBER, "percent", 0, 100), "87.30", 87.3),
        (Key("i", "interval", CHOICE, choices=("wilson", "wald")), "wald", "wald"),
        (Key("p", "predict", FLAG), "TRUE", True),
        (Key("t", "band", NUMBERS, "percent", 0, 100), ["25", "10"], (10.0, 25.0)),
        (Key("x", "name", TEXT, max_chars=3), "Zephyr", "Zep"),
    ],
)
def test_a_spec_reads_a_link_value_in_its_own_type(spec, raw, value):
    assert spec.parse(raw) == value


@pytest.mark.parametrize("raw", ["-5", "0", "3.7", "1e12", "banana", "nan", "inf", "1,000", ""])
def test_a_count_refuses_what_it_cannot_take_and_says_what_is_allowed(raw):
    with pytest.raises(
        ValueError, match=r"^n must be a whole number from 1 to 1,000,000 \(questions\)$"
    ):
        N.parse(raw)


@pytest.mark.parametrize(
    "spec", [s for p in PAGES for s in p.specs if s.kind != TEXT], ids=lambda s: s.name
)
def test_every_hostile_value_of_every_page_key_is_refused(spec):
    for raw in spec.hostile():
        with pytest.raises(ValueError, match=f"^{spec.name} must be"):
            spec.parse([raw] if spec.kind == NUMBERS else raw)


@pytest.mark.parametrize("spec", [s for p in PAGES for s in p.specs], ids=lambda s: s.name)
def test_a_default_goes_to_the_link_and_back_unchanged(spec):
    if spec.default is None:
        return
    back = spec.parse(spec.to_link(spec.default))
    if isinstance(spec.default, str | bool):
        assert back == spec.default
    else:
        assert back == pytest.approx(spec.default, rel=1e-9)


def test_numbers_are_written_short_and_exact():
    assert [number_text(x) for x in (80.00000000001, 0.1 + 0.2, 1e6, 87.3)] == [
        "80", "0.3", "1000000", "87.3",
    ]  # fmt: skip


# --------------------------------------------------------------------------- settings in a run


def settings_script():
    import streamlit as st

    from ui import inputs, settings

    s = settings.read("check")
    st.text(repr({k: (v.value, v.origin.value, v.source) for k, v in s.values if k in "abn"}))
    st.text(f"example={s.example} room={s.room} refused={[r.key for r in s.refusals]}")
    for r in s.refusals:
        st.text(r.message)
    inputs.number(s, "a", "A")
    inputs.number(s, "n", "N")
    inputs.text(s, "claim", "Claim", area=True)


def run(**query) -> AppTest:
    at = AppTest.from_function(settings_script, default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def said(at) -> list[str]:
    return [t.value for t in at.text]


def test_given_values_come_from_the_link_and_the_rest_is_missing():
    at = run(a="82", n="198")
    assert said(at)[0] == (
        "{'a': (82.0, 'given', 'the link'), 'b': (None, 'missing', ''), 'n': (198, 'given', 'the link')}"
    )
    assert "example=False" in said(at)[1]


def test_an_empty_link_is_the_worked_example_and_the_first_edit_makes_it_the_readers():
    at = run()
    assert "'a': (82.0, 'default', 'the example')" in said(at)[0] and "example=True" in said(at)[1]
    assert "From the worked example: change it to grade your own." in [c.value for c in at.caption]
    at.number_input(key="a").set_value(90.0).run()
    assert dict(at.query_params) == {"a": "90", "b": "78", "n": "100"}
    assert "'b': (78.0, 'given', 'the link')" in said(at)[0]


def test_a_pasted_claim_replaces_the_example_instead_of_adopting_it():
    at = run()
    at.text_area(key="claim").input("X 61% vs Y 55%").run()
    assert dict(at.query_params) == {"claim": "X 61% vs Y 55%"}


def test_a_refused_value_gets_a_note_and_the_page_goes_on_without_it():
    at = run(a="banana", n="-5")
    assert "refused=['a', 'n']" in said(at)[1]
    assert (
        "The link's `a=banana` can't be used: a must be a number from 0 to 100 (percent)."
        in said(at)
    )
    notes = [w.value for w in at.warning]
    assert any(note.startswith("The link's `n=-5` can't be used") for note in notes)
    at.number_input(key="n").set_value(300).run()
    assert dict(at.query_params)["n"] == "300" and "'n'" not in said(at)[1]


def test_clearing_a_box_takes_the_key_out_of_the_link():
    at = run(a="82", n="198")
    at.number_input(key="a").set_value(None).run()
    assert "a" not in at.query_params and "'a': (None, 'missing', '')" in said(at)[0]


def test_an_overlong_text_is_read_up_to_its_limit_and_says_so():
    at = run(claim="x" * 2500)
    assert any(
        "holds 2,500 characters: only the first 2,000 are read" in w.value for w in at.warning
    )


def test_the_room_view_is_kept_for_the_session_when_a_page_change_drops_it():
    at = run(view="room")
    assert "room=True" in said(at)[1]
    del at.query_params["view"]  # what a page change does to the link
    at.run()
    assert "room=True" in said(at)[1] and at.query_params["view"] == "room"

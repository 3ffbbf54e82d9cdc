"""The Gap grader's contamination-check presets (ui.sections.perturbation) through AppTest."""

from __future__ import annotations

import pytest
from conftest import open_lazy
from streamlit.testing.v1 import AppTest

from ui.registry import page
from ui.sections.perturbation import PERTURBATION, PRESETS, PRIVATE_SPLIT


def markdown_text(at: AppTest) -> str:
    assert not at.exception, [e.value for e in at.exception]
    return "\n".join(m.value for m in at.markdown)


def perturbation_script():
    import streamlit as st

    from ui.sections.perturbation import perturbation_section

    preset = perturbation_section(st.session_state.get("mode", "paired"))
    st.text(f"preset={preset.key if preset else None}")


def perturbation_app(mode: str, *, opened: bool = True) -> AppTest:
    """The section for ``mode``, its fold opened as a reader's click opens it (or left closed)."""
    at = AppTest.from_function(perturbation_script, default_timeout=30)
    at.session_state["mode"] = mode
    at.run()
    return open_lazy(at) if opened else at


def test_paired_mode_asks_whether_the_score_survived_perturbation():
    closed = perturbation_app("paired", opened=False)
    assert [e.label for e in closed.expander] == [
        "Contamination check: " + PERTURBATION.title.lower()
    ]
    assert not closed.markdown  # a closed fold draws nothing inside
    at = perturbation_app("paired")
    text = markdown_text(at)
    assert "**Did the score survive perturbation?**" in text
    assert "signature of recall" in text
    assert f"({PERTURBATION.url})" in text and f"({PRIVATE_SPLIT.url})" in text
    assert "30 items right only as published, 6 only after perturbation, of 200 items" in text
    assert at.text[0].value == "preset=perturbation"


def test_unpaired_mode_offers_the_private_split_and_reported_se_nothing():
    text = markdown_text(perturbation_app("unpaired"))
    assert "nothing to pair" in text and "80% on 500 public items, 72% on 250 private items" in text
    at = perturbation_app("se")
    assert at.text[0].value == "preset=None" and not at.markdown


def test_preset_links_are_the_graders_own_keys():
    grader = page("grader")
    for preset in PRESETS.values():
        assert preset.url.startswith(f"{grader.url_path}?mode={preset.mode}&")
        assert {k for k, _ in preset.query} <= set(grader.keys)


@pytest.mark.parametrize("preset", list(PRESETS.values()), ids=lambda p: p.key)
def test_each_preset_opens_in_the_gap_grader(preset):
    from conftest import app_test

    at = app_test(page("grader").file, **dict(preset.query)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    shown = {w.key: w.value for w in at.number_input}
    names = {w.key: w.value for w in at.text_input}
    for key, value in preset.query:
        if key.startswith("name_"):
            assert names[key] == value
        elif key != "mode":
            assert shown[key] == pytest.approx(float(value)), key
    assert (dict(preset.query)["name_a"], dict(preset.query)["name_b"]) == (
        preset.label_a,
        preset.label_b,
    )

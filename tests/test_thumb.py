"""The chart that follows the thumb, without a browser: the family's shape, the spec that stays
the same at every stop, snapping a link onto the stops, and a release written to the link.

:func:`release` is what the browser sends when the reader lets go of a thumb; the page tests
of the four lesson thumbs use it.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from conftest import app_test

from benchstats.charts.thumb import HERE, Thumb, per_stop, template, wide
from ui.thumb import nearest

# --------------------------------------------------------------------------- AppTest helpers


def thumb_element(at, key: str):
    """The thumb component of ``key`` in a run AppTest (an element AppTest does not know)."""
    (element,) = [e for e in at.get("bidi_component") if e.proto.id.endswith(f"-thumb_{key}")]
    return element


def thumb_data(at, key: str) -> dict:
    """What the page sent the thumb: its stop, the stops in words, whether it is disabled."""
    return json.loads(thumb_element(at, key).proto.json)


def release(at, key: str, stop: int):
    """Let go of the thumb of ``key`` at position ``stop`` and rerun, as the browser does.

    The component reports the release as a trigger on its events widget; AppTest has no
    method for components, so the widget state is built here (Streamlit's own id scheme).
    """
    from streamlit.components.v2.bidi_component.main import _make_trigger_id

    states = at._tree.get_widget_states()
    trigger = states.widgets.add()
    trigger.id = _make_trigger_id(thumb_element(at, key).proto.id, "events")
    trigger.json_trigger_value = json.dumps([{"event": "released", "value": stop}])
    at._run(widget_state=states)
    assert not at.exception, [e.value for e in at.exception]
    return at


def stop_of(at, key: str, value) -> int:
    """The position of ``value`` among the thumb's stops (from the words the page sent)."""
    words = thumb_data(at, key)["words"]
    shown = [w for w in words if float(w.split()[0].replace(",", "")) == value]
    assert shown, f"{value} is not a stop of {key}: {words}"
    return words.index(shown[0])


# --------------------------------------------------------------------------- the family


def test_wide_puts_each_stop_in_its_own_columns_and_pads_short_curves():
    frame = wide([{"x": [1.0, 2.0], "t": np.array(["a", "b"], dtype=object)}, {"x": [3.0]}])
    assert list(frame.columns) == ["x0", "t0", "x1"]
    assert frame["x1"].isna().tolist() == [False, True]
    assert frame["t0"].tolist() == ["a", "b"]


def test_per_stop_rows_carry_their_position():
    assert per_stop(pd.DataFrame({"v": [5, 6, 7]}))[HERE].tolist() == [0, 1, 2]


def test_a_thumb_names_its_input_and_refuses_a_stop_it_does_not_have():
    at = Thumb("coverage", "n", (10, 20), 1, ("10 questions", "20 questions"))
    assert at.param().param.to_dict() == {
        "name": "n_at",
        "bind": {"element": "body", "event": "thumb-coverage-n-moved"},
    }
    assert at.param(bound=False).param.to_dict() == {"name": "n_at", "value": 1}
    assert at.released(pd.DataFrame({"v": [1]}))[HERE].tolist() == [1]
    with pytest.raises(ValueError, match="index must be a stop from 0 to 1, got 2"):
        Thumb("coverage", "n", (10, 20), 2, ("10 questions", "20 questions"))
    with pytest.raises(ValueError, match="one word per stop"):
        Thumb("coverage", "n", (10, 20), 0, ("10 questions",))


def test_the_spec_names_the_thumb_never_its_stop():
    import altair as alt

    def build(at: Thumb) -> alt.Chart:
        return (
            alt.Chart(alt.NamedData("family"))
            .transform_calculate(y=at.pick("y"))
            .mark_line()
            .encode(x="x:Q", y="y:Q")
            .add_params(at.param())
        )

    spec = template(build)
    one = Thumb("luck", "n", (1, 2, 3), 0, ("1", "2", "3"))
    other = Thumb("luck", "n", (5, 6), 1, ("5", "6"))
    assert spec(one) == spec(other)
    assert spec(one)["transform"] == [{"calculate": "datum['y' + n_at]", "as": "y"}]


def test_the_nearest_stop_takes_the_higher_of_two_as_near():
    assert nearest((100, 150, 200), 125) == 150
    assert nearest((1.5, 2.0), 1.7) == 1.5


# --------------------------------------------------------------------------- a page's thumb


@pytest.fixture(scope="module")
def coverage():
    at = app_test("app_pages/coverage.py", n=100, p=50).run(timeout=120)
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_thumb_shows_the_links_stop_in_words(coverage):
    data = thumb_data(coverage, "n")
    assert data["words"][data["at"]] == "100 questions" and data["disabled"] is False
    assert data["words"][:3] == ["1 question", "2 questions", "3 questions"]


def test_a_release_writes_the_stop_into_the_link_and_the_sentences_follow(coverage):
    release(coverage, "n", stop_of(coverage, "n", 20))
    assert coverage.query_params["n"] == "20"
    assert thumb_data(coverage, "n")["words"][thumb_data(coverage, "n")["at"]] == "20 questions"
    assert any("At 20 questions" in m.value for m in coverage.markdown)

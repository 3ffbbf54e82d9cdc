"""Questions needed draws little per edit: folds draw their contents only while open.

An edit of α, power or sides reruns one fragment (the settings, the answer and
the curve); a slider above reruns the page, so what a reader has not opened
should cost nothing. The curve's rows go straight to Arrow: the same rows the
pandas frames of benchstats.charts hold. The paired,
repeated and clustered folds hold URL-bound inputs: those are drawn while the
fold is open or while the link holds one of their keys (undrawn, an input
drops its key from the link); what they drive waits for the fold to open.
"""

from __future__ import annotations

import pyarrow as pa
import pytest
from conftest import app_test, open_lazy

from benchstats import planning
from benchstats.charts import planning as charts
from ui.figure import with_arrow
from ui.lazy import PREFIX
from ui.sections import needed

PAGE = "pages/questions_needed.py"
DESIGNS = PREFIX + "needed-designs"  # the paired, repeated and clustered sections' fold
FOLDS = {  # each section's inputs in that fold
    "paired": ["_discordance_menu"],
    "repeats": ["_repeats_menu", "omega2", "sigma2_a", "sigma2_b"],
    "clusters": ["_m_menu", "_icc_menu"],
}


def run(**query):
    at = app_test(PAGE, **query).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def keys(at) -> set[str]:
    return {w.key for w in [*at.select_slider, *at.number_input] if w.key}


def test_closed_folds_draw_no_inputs_the_link_does_not_hold():
    at = run(p=80, d=4, n=198)
    drawn = keys(at)
    for fold in FOLDS.values():
        assert not drawn & set(fold)
    assert {"alpha", "power"} <= drawn  # the settings hold α: always drawn
    assert len(at.get("vega_lite_chart")) == 1  # the curve; the repeats chart waits
    assert "Design effect" not in [m.label for m in at.metric]
    open_lazy(at)
    assert not at.exception
    drawn = keys(at)
    for fold in FOLDS.values():
        assert set(fold) <= drawn
    labels = [m.label for m in at.metric]
    assert "Design effect" in labels and "Paired: questions" not in labels  # no discordance
    assert len(at.get("vega_lite_chart")) == 3  # the curve, the levels, the repeats


def test_a_fold_the_link_opens_keeps_its_inputs_drawn_when_closed():
    at = run(p=80, d=4, n=198, repeats=20, icc=0.2)
    designs = next(e for e in at.expander if e.label == "Paired, repeated and clustered questions")
    assert designs.proto.expanded  # the link set K: the fold opens at first
    assert {"_repeats_menu", "_icc_menu", "_m_menu"} <= keys(at)
    assert "Your K = 20" in [m.label for m in at.metric]
    at.session_state[DESIGNS] = False  # the reader closes it
    at.run()
    assert not at.exception
    assert {"_repeats_menu", "_icc_menu", "_m_menu"} <= keys(at)  # the link keeps K and ρ
    labels = [m.label for m in at.metric]
    assert "Your K = 20" not in labels and "Design effect" not in labels  # nothing they drive
    assert "_discordance_menu" not in keys(at)  # not in the link: not drawn while closed


def test_the_discordance_in_the_link_still_drives_the_answer():
    at = run(p=80, d=4, n=198, discordance=20)
    assert "_discordance_menu" in keys(at)
    assert "Paired, same questions" in [m.label for m in at.metric]  # the answer card's
    at.session_state[DESIGNS] = False
    at.run()
    assert "Paired, same questions" in [m.label for m in at.metric]
    assert "Paired: questions" not in [m.label for m in at.metric]  # the fold's own tiles


def test_fewer_elements_for_the_same_content():
    at = run(p=80, d=4)
    assert not at.title and at.markdown[0].value.startswith("# Questions needed\n\n")
    assert not at.columns  # inputs sit in wrapping rows, not columns
    (pills,) = at.button_group
    assert pills.label == "Or start from one of the articles' examples:"
    assert not at.info  # the question for n closes the first card's text: no alert of its own
    asks = [m.value for m in at.markdown if "Which leads can your benchmark see?" in m.value]
    assert len(asks) == 1 and "Questions in your benchmark" in asks[0]
    assert asks[0].startswith("Scores 82% and 78%")  # the card's own line, then the question


def arrow_rows(spec: dict) -> dict[str, list[dict]]:
    return {k: pa.ipc.open_stream(v).read_all().to_pylist() for k, v in spec["datasets"].items()}


@pytest.mark.parametrize("discordance", [None, 0.2])
def test_the_curves_arrow_rows_are_the_chart_modules_frames(discordance):
    plan = planning.plan_lead(0.8, 0.04, alpha=0.051, power=0.85, sides=1)
    args = (plan.p, plan.lead, discordance, plan.alpha2, plan.power)
    got = needed.curve_data(*args)
    records = planning.mde_curve(
        charts.CURVE_QUESTIONS, p=plan.p, discordance=discordance, alpha=plan.alpha2,
        power=plan.power,
    )  # fmt: skip
    reach = planning.benchmark_reach(p=plan.p, alpha=plan.alpha2, power=plan.power)
    want = charts.curve_figure(
        charts.curve_frame(records),
        charts.presets_frame(reach, 100 * plan.lead),
        charts.lead_frame(100 * plan.lead),
    )
    assert arrow_rows(got.figure.spec) == arrow_rows(with_arrow(want.spec))
    strip = lambda spec: {k: v for k, v in spec.items() if k != "datasets"}  # noqa: E731
    assert strip(got.figure.spec) == strip(want.spec)
    assert (got.figure.name, got.figure.alt_text) == (want.name, want.alt_text)
    assert got.figure.table().equals(want.table)
    assert got.first == planning.first_to_see(plan)

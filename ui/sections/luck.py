"""The Luck simulator's sections, in reading order: the guess, the card, the runs and chart.

Each section takes the :class:`benchstats.tally.Simulation` the page built
and writes sentences from :mod:`benchstats.prose.luck`; nothing here
computes a number.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urlencode

import streamlit as st

from benchstats.charts import Caption
from benchstats.charts.luck import luck_figure
from benchstats.charts.luck_axes import bar_questions
from benchstats.prose import luck as prose
from benchstats.tally import SAME, Simulation
from ui import figure, lazy, view
from ui.registry import page
from ui.sections import luck_data, luck_inputs
from ui.sections.luck_inputs import (
    MAX_QUESTIONS,
    MAX_RUNS,
    MAX_SEED,
    MAX_VARIANTS,
    Setting,
    query,
)
from ui.verdict import KeyNumber, verdict_card

_WORK = lazy.PREFIX + "luck-arithmetic"  # the arithmetic's fold, True while open
INTRO = (
    "Two models with **exactly the same skill** sit the same benchmark again and again. "
    "Every gap between their scores is luck. How big does luck get?"
)


def layout():
    """Where the settings and the answer go: side by side in the room, one column otherwise.

    In the room view (a projector at 1920×1080) the settings and the card sit
    left, the build-up buttons and the histogram right, so all of it fits one
    screen.
    """
    if view.is_room():
        return st.columns([2, 3], gap="medium")
    return st.container(), st.container()


def _asked(setting: Setting) -> Setting:
    """What a guess answers: the setting, the seed only where it draws the questions.

    A new seed of the runs alone keeps the guess (its input is in the fragment).
    """
    return setting if setting.mode == SAME else replace(setting, seed=0)


def guess(sim: Simulation, setting: Setting, *, container) -> bool:
    """With ``predict`` on, ask for a guess first; True once the answer may be shown."""
    if not setting.predict:
        return True
    container.markdown(f"#### Predict first\n{prose.question(sim, setting.bench_name)}")
    value = container.number_input(
        "Your guess (% of runs)",
        min_value=0.0,
        max_value=100.0,
        value=None,
        step=1.0,
        format="%.0f",
        placeholder="type a percent",
        key=f"guess-{_asked(setting)}-{sim.lead_questions}",
        width=240,
    )
    if value is None:
        container.info(
            "The answer, the counts and the chart appear once there is a guess.",
            icon=":material/visibility_off:",
        )
        return False
    container.success(prose.guess_line(value, sim), icon=":material/visibility:")
    return True


def card(sim: Simulation, setting: Setting, *, container) -> None:
    """The answer: the exact chance in a sentence, then the key numbers."""
    numbers = [KeyNumber(*row) for row in prose.key_numbers(sim)]
    verdict_card(prose.headline(sim, setting.bench_name), numbers, container=container)


def _needs_page(setting: Setting, seed: int) -> bool:
    """A new seed that the rest of the page reads too: then the whole page reruns.

    On the same questions the seed draws the questions (the exact answer
    moves); an open arithmetic names the seed. Otherwise it seeds only the runs.
    """
    return seed != setting.seed and (setting.mode == SAME or bool(st.session_state.get(_WORK)))


@st.fragment
def simulation(setting: Setting, revealed: bool) -> None:
    """The runs: their slider, seed and buttons, the last run, the simulated share, the histogram.

    A fragment: adding runs or a new seed reruns this part only, not the
    settings and the card.
    """
    runs, seed, slot = luck_inputs.build_up(setting)
    if _needs_page(setting, seed):
        st.rerun(scope="app")
    setting = replace(setting, seed=seed)
    try:
        sim = luck_data.simulation(setting, runs)
    except ValueError as err:  # said in plain words; the rest of the page stands
        st.error(f"These settings can't be simulated: {err}.", icon=":material/error:")
        return
    if revealed:
        label, value, help = prose.simulated_number(sim)
        slot.metric(label, value, help=help, width="content")
    sentence = prose.last_run(sim)
    if sentence is not None:  # what "+1" just did
        slot.markdown(sentence)
    if revealed:
        chart(sim, setting)


def _caption(sim: Simulation, setting: Setting) -> Caption:
    keys = query(setting, sim.tally.runs)
    base = st.context.url or page("luck").url_path
    return Caption(
        title=prose.caption_title(sim, setting.bench_name),
        verdict=prose.headline(sim, setting.bench_name),
        source=f"{base}?{urlencode(keys)}",
        inputs=tuple(keys.items()),
    )


def chart(sim: Simulation, setting: Setting) -> None:
    """The histogram with its download menu, then how to read it."""
    fig = luck_figure(sim, alt_text=prose.alt_text(sim))
    figure.show(fig, key="luck", caption=_caption(sim, setting))
    st.markdown(f"{prose.story(sim)}\n\n{prose.bar_note(bar_questions(fig.table, sim.n), sim.n)}")


def arithmetic(sim: Simulation) -> None:
    """The arithmetic behind every number, folded: drawn only while open."""
    box = lazy.fold("The arithmetic", key=_WORK.removeprefix(lazy.PREFIX))
    if box.open:
        box.markdown("\n".join(prose.arithmetic(sim)))


def limits() -> None:
    st.caption(prose.limits(MAX_QUESTIONS, MAX_RUNS, MAX_VARIANTS, MAX_SEED))

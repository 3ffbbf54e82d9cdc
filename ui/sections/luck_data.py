"""The Luck simulator's results: cached exact scenarios and the session's runs.

The exact distributions depend on the setting only, so they are cached per
process; the runs are kept per session (a tally, topped up as runs are
added, restarted when the setting changes).
"""

from __future__ import annotations

import streamlit as st

from benchstats import tally as tallies
from benchstats.tally import BEST, SAME, GapTally, Scenario, Simulation, new_tally, scenario
from ui.sections.luck_inputs import Setting

QUESTION_STREAM = 1  # the questions get their own random stream: adding runs never moves them
_TALLY = "_luck_tally"  # session_state: (setting key, GapTally)


@st.cache_data(max_entries=32, show_spinner="Working out the exact chances…")
def exact_scenario(mode: str, p: float, n: int, spread: float, k: int, seed: int) -> Scenario:
    """The setting's exact distributions and sampler (benchstats.tally.scenario), cached."""
    return scenario(mode, p, n, spread=spread, k=k, question_seed=[seed, QUESTION_STREAM])


def _scenario_key(setting: Setting) -> tuple:
    """Only what changes the scenario: the seed draws the questions in same-questions mode."""
    spread = setting.spread if setting.mode == SAME else 0.0
    k = setting.k if setting.mode == BEST else 1
    seed = setting.seed if setting.mode == SAME else 0
    return setting.mode, setting.p, setting.n, spread, k, seed


def _tally_for(key: tuple, target: int, sc: Scenario, seed: int) -> GapTally:
    """The session's tally for this setting, topped up (or restarted) to ``target`` runs."""
    stored = st.session_state.get(_TALLY)
    tally = stored[1] if stored is not None and stored[0] == key else None
    if tally is None or tally.runs > target:  # a new setting, or fewer runs asked: redraw
        tally = new_tally(sc.n, seed=seed)
    if target > tally.runs:
        tally = tallies.add_runs(tally, sc.sampler, target - tally.runs)
    st.session_state[_TALLY] = (key, tally)
    return tally


def exact(setting: Setting) -> Simulation:
    """The setting's exact answer, no runs drawn (the card and the guess need only this)."""
    sc = exact_scenario(*_scenario_key(setting))
    return Simulation(sc, setting.lead, new_tally(sc.n, seed=setting.seed), setting.seed)


def simulation(setting: Setting, runs: int) -> Simulation:
    """The setting's exact scenario with ``runs`` runs drawn from its seed (kept per session)."""
    key = _scenario_key(setting)
    sc = exact_scenario(*key)
    tally = _tally_for((*key, setting.seed), runs, sc, setting.seed)
    return Simulation(sc, setting.lead, tally, setting.seed)

"""Signal and noise: is a checkpoint's change more than jitter?

Inputs (URL-bound sliders: ``preset``, ``n``, ``checkpoints``, ``seed``,
``average``, ``window``, ``discordance``, ``predict``) or the reader's own table →
benchstats.signal_noise (the SNR with and without averaging, the chance of
picking the true winner, the toy metrics, the checkpoint MDE) → the answer,
the curves, the ratio over n, accuracy against a continuous metric, the MDE
row, the articles' quoted figures.
"""

from __future__ import annotations

import streamlit as st

from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import snr_of_runs
from ui import predict
from ui.sections import signal_noise as sections
from ui.sections import signal_noise_data as data
from ui.sections import signal_noise_inputs as inputs

st.markdown(f"# Signal and noise\n\n{sections.INTRO}")  # one element: every edit redraws it

answer_area = st.container()
settings_area = st.container(border=True)
setup, predict_slot = inputs.setup(settings_area)

runs = None
if setup.simulated:
    runs = data.simulated(setup.finals, setup.n, setup.checkpoints, setup.chance, setup.seed)
    settings_area.markdown(prose.models_line(runs.names, setup.finals, setup.chance))
else:
    rows, notes = inputs.own_table(data.example_table(), settings_area)
    for note in notes:
        settings_area.warning(note, icon=":material/table_rows:")
    try:
        runs = data.from_table(rows)
    except ValueError as err:  # said in plain words; the sections below still draw
        settings_area.error(f"Your table can't be drawn yet: {err}.", icon=":material/error:")

picked = data.picks(setup.finals, setup.n, setup.average, setup.seed) if setup.simulated else None
predict_on = predict.switch(container=predict_slot)
revealed = picked is None or predict.gate(
    sections.question(setup, picked), key="signal", on=predict_on, container=answer_area
)

st.header("Training curves", divider="gray")
if runs is not None:
    try:
        one = snr_of_runs(runs.observed, window=setup.window, average=1)
        averaged = snr_of_runs(runs.observed, window=setup.window, average=setup.average)
    except ValueError as err:
        one = averaged = None
        answer_area.error(f"The ratio can't be worked out: {err}.", icon=":material/error:")
    sentence = ""
    if one is not None and revealed:
        with answer_area:
            sentence = sections.answer(one, averaged, setup, runs.n)
    try:
        sections.curves(data.curve_frames(setup, runs), setup, sentence)
    except ValueError as err:
        st.error(f"These curves can't be drawn: {err}.", icon=":material/error:")

st.header("More questions, more signal", divider="gray")
if setup.simulated and not revealed:
    st.info(
        "Make your guess above first: this part gives the answer away.",
        icon=":material/visibility_off:",
    )
elif setup.simulated:
    try:
        frame = data.by_n(
            setup.finals, setup.checkpoints, setup.chance, setup.window, setup.average, setup.seed
        )
        sections.over_n(setup, frame, picked)
    except ValueError as err:
        st.error(f"These settings can't be worked out: {err}.", icon=":material/error:")
else:
    sections.over_n_needs_simulation()

st.header("Accuracy against a continuous metric", divider="gray")
try:
    sections.toy(data.toy_view(setup.seed, setup.average, setup.window), setup)
except ValueError as err:
    st.error(f"The toy benchmark can't be worked out: {err}.", icon=":material/error:")

st.header("The smallest change a checkpoint can show", divider="gray")
sections.mde(setup, setup.n if setup.simulated else (runs.n if runs is not None else None))

st.header("What the articles found", divider="gray")
sections.quoted()

"""Signal and noise: is a checkpoint's change more than jitter?

Inputs (URL-bound sliders: ``preset``, ``n``, ``checkpoints``, ``seed``,
``average``, ``window``, ``discordance``, ``predict``) or the reader's own table →
benchstats.signal_noise (the SNR with and without averaging, the chance of
picking the true winner, the toy metrics, the checkpoint MDE) → the answer,
then in lazy tabs the curves, the ratio over n and accuracy against a
continuous metric (the seed's fragment), the MDE row, the articles' quoted figures.
"""

from __future__ import annotations

import streamlit as st

from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import model_names
from ui import predict
from ui.sections import signal_noise as sections
from ui.sections import signal_noise_data as data
from ui.sections import signal_noise_inputs as inputs

st.markdown(f"# Signal and noise\n\n{sections.INTRO}")  # one element: every edit redraws it

answer_area = st.container()  # the answer, drawn by the seed's fragment below
settings_area = st.container(border=True)
setup, seed_slot, predict_slot = inputs.setup(settings_area)  # setup.seed: read in the fragment

table = None
if setup.simulated:
    names = model_names(len(setup.finals))  # the names alone: no seed draws them
    settings_area.markdown(prose.models_line(names, setup.finals, setup.chance))
else:
    rows, notes = inputs.own_table(data.example_table(), settings_area)
    for note in notes:
        settings_area.warning(note, icon=":material/table_rows:")
    try:
        table = data.from_table(rows)
    except ValueError as err:  # said in plain words; the sections below still draw
        settings_area.error(f"Your table can't be drawn yet: {err}.", icon=":material/error:")
predict_on = predict.switch(container=predict_slot)

# The seed and all it draws (the answer, the curves, the ratio over n, the toy
# benchmark) are one fragment: a new seed reruns that part alone.
sections.seeded(setup, table, predict_on, answer_area, seed_slot)

st.markdown("## The smallest change a checkpoint can show")
sections.mde(setup, setup.n if setup.simulated else (table.n if table is not None else None))

st.markdown("## What the articles found")
sections.quoted()

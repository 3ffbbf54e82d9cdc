"""Signal and noise's sections: the rules between its keys, the inputs, the answer, the charts.

The reader's own table (an upload or the editor) stays on the page: a link
carries the settings, not the rows.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
import streamlit as st

from benchstats import language, words
from benchstats.charts import Figure
from benchstats.charts import signal_noise as charts
from benchstats.language import N_, _
from benchstats.luck import count_ladder
from benchstats.outside_text import clean
from benchstats.outside_text import markdown as escape_markdown
from benchstats.prose import signal_noise as prose
from benchstats.signal_noise import (
    PRESETS,
    CheckpointRuns,
    chance_picks_winner,
    checkpoint_questions,
    checkpoints_from_table,
    detectable_change,
    simulate_checkpoints,
    snr_by_questions,
    snr_of_runs,
    toy_metric_curves,
)
from ui import figure, inputs, predict, tables
from ui.settings import Origin, Settings, Value

INTRO = N_(
    "A benchmark helps you choose between training runs when the **signal**, how far apart "
    "genuinely different models score, is large against the **noise**, how much one model's "
    "score jitters from one checkpoint to the next late in training."
)
DEFINITION = N_(
    "The signal-to-noise ratio (SNR), as Heineman et al. (2025) define it: the largest gap "
    "between the models' final scores over their mean, divided by the standard deviation of "
    "one model's last checkpoints over their mean."
)
MENU = {**prose.PRESETS, "table": N_("Your own table")}
QUESTIONS = (50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000)  # the over-n charts' x
ARTICLE_QUESTIONS = (200, 500, 1_000, 2_000, 5_000)  # the articles' MDE row
TOY = {"n": 300, "checkpoints": 20, "options": 4}  # the toy benchmark, stated on the page
MAX_UPLOAD = 1_000_000  # bytes
COLUMNS = ("model", "step", "score", "n")


LOWEST = {"average": 1, "window": 2}


def rules(s: Settings) -> Settings:
    """The preset's n where the link gives none; the window and the average fit the checkpoints
    (the page's own value gives way first, then a link's, with a note)."""
    if s["preset"] == "table":
        return s
    if not s.given("n"):
        n = PRESETS[s["preset"]]["n"]
        # TRANSLATORS: where a value comes from, in "From {source}."; {name} the preset's name.
        source = _("the preset: {name}").format(name=_(MENU[s["preset"]]))
        s = s.with_values(n=Value(n, Origin.PRESET, source))
    c = words.plural(s["checkpoints"], "checkpoint")
    for key in sorted(LOWEST, key=s.given):
        most = max(
            LOWEST[key], s["checkpoints"] - s["window" if key == "average" else "average"] + 1
        )
        # TRANSLATORS: the end of "{key} must be {allowed}." on a refused link value; {most} a
        # bare count, {checkpoints} "20 checkpoints".
        allowed = _(
            "at most {most}: the noise window and the checkpoints averaged must fit in the "
            "{checkpoints}"
        ).format(most=words.count(most), checkpoints=c)
        # TRANSLATORS: where a value comes from, in "Worked out from {source}.": {checkpoints}
        # "20 checkpoints".
        source = _("the {checkpoints}").format(checkpoints=c)
        s = s.within(key, LOWEST[key], most, allowed, source)
    return s


@dataclass(frozen=True)
class Curves:
    """The checkpoints the page works on, and the setting in words (None: the table can't be read)."""

    runs: CheckpointRuns | None
    where: str  # Markdown: a table's model names escaped
    keys: tuple[str, ...]  # the URL keys they rest on
    plain: str = ""  # the same words as plain text, for a downloaded chart ("": ``where``)


def _read_upload(upload) -> pd.DataFrame | str:
    """The uploaded CSV as a frame, or what is wrong with it."""
    if upload.size > MAX_UPLOAD:
        # TRANSLATORS: why an upload is refused; {size} and {most} bare counts of bytes.
        return _("the file is {size} bytes; at most {most}").format(
            size=words.count(upload.size), most=words.count(MAX_UPLOAD)
        )
    try:
        frame = pd.read_csv(io.BytesIO(upload.getvalue()))
    except Exception as exc:  # any unreadable file: said in words
        # TRANSLATORS: why an upload is refused; {error} Python's name for what went wrong.
        return _("it could not be read as a CSV ({error})").format(error=type(exc).__name__)
    frame.columns = [str(c).strip().lower() for c in frame.columns]
    missing = [c for c in COLUMNS[:3] if c not in frame.columns]
    if missing:
        # TRANSLATORS: why an upload is refused; {columns} the missing column names, as the file
        # must spell them ("model, step").
        return _("it has no {columns} column (it needs model, step, score and may have n)").format(
            columns=", ".join(missing)
        )
    return frame


def _row_problems(frame: pd.DataFrame) -> pd.Series:
    """What is wrong with each row of the table (None for a usable row), one column at a time:
    a file of many rows is checked in one pass, not row by row."""
    model = frame["model"]
    step, score = (pd.to_numeric(frame[c], errors="coerce") for c in ("step", "score"))
    given_n = frame["n"] if "n" in frame else pd.Series(np.nan, index=frame.index)
    n = pd.to_numeric(given_n, errors="coerce")
    problems = pd.Series(None, index=frame.index, dtype=object)
    # the first that applies wins: set from the last to the first
    problems[given_n.notna() & (n.isna() | (n < 1) | (n != n.round()))] = _(
        "n must be a whole number of questions"
    )
    problems[(score < 0) | (score > 100)] = _("the score must be a percent from 0 to 100")
    problems[score.isna()] = _("the score is not a number")
    problems[step.isna()] = _("the step is not a number")
    problems[model.isna() | (model.astype(str).map(clean) == "")] = _("it names no model")
    return problems


def _runs_of(frame: pd.DataFrame, *, file: bool) -> CheckpointRuns:
    """The table's usable rows as curves (one note naming the rows left out); ValueError if
    none fit. Model names are the file's, cleaned (:func:`benchstats.outside_text.clean`)."""
    problems = _row_problems(frame)
    empty = frame.isna().all(axis=1)  # an empty row the editor adds is not an error
    bad = problems.notna() & ~empty
    if bad.any():
        where = [(i + 1, problems.iloc[i]) for i in np.flatnonzero(bad.to_numpy())]
        st.warning(prose.bad_rows(where, file=file), icon=":material/table_rows:")
    rows = frame[problems.isna()]
    n = pd.to_numeric(rows["n"]).dropna().astype(int).to_numpy() if "n" in rows else None
    return checkpoints_from_table(
        rows["model"].astype(str).map(clean),
        pd.to_numeric(rows["step"]),
        pd.to_numeric(rows["score"]) / 100,
        n if n is not None and n.size else None,
    )


def _example() -> pd.DataFrame:
    """The editor's starting rows: three made-up models, 10 checkpoints, rounded to 0.1 point."""
    names = prose.model_names(3)
    runs = simulate_checkpoints((0.50, 0.52, 0.54), n=500, checkpoints=10, names=names, seed=7)
    rows = [
        (name, int(step), round(100 * float(score), 1), 500)
        for name, curve in zip(runs.names, runs.observed, strict=True)
        for step, score in zip(runs.steps, curve, strict=True)
    ]
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _own_table() -> Curves:
    """The reader's rows, from an uploaded CSV or the editor (the example until edited)."""
    st.markdown(
        _(
            "One row per model and checkpoint: **model**, **step**, **score** (percent) and, if "
            "you know it, **n** (questions). Edit the example or upload a CSV with those columns. "
            "The table stays on this page: a link carries the settings, not the rows."
        )
    )
    upload = st.file_uploader(
        _("Upload a CSV"),
        type=["csv", "txt"],
        key="sn_csv",
        max_upload_size=MAX_UPLOAD // 1_000_000,
    )
    frame = _read_upload(upload) if upload is not None else None
    if isinstance(frame, str):
        st.error(
            _("That file can't be used: {reason}. Using the table below.").format(reason=frame)
        )
        frame = None
    example = False
    if frame is None:
        frame = st.data_editor(
            _example(), num_rows="dynamic", key="sn_table", hide_index=True, height=240
        )
        example = frame.equals(_example())
    keys = ("preset", "average", "window")
    try:
        runs = _runs_of(frame, file=upload is not None)
    except ValueError as err:  # said in plain words; the rest of the page still draws
        st.error(
            _("Your table can't be drawn yet: {name}.").format(name=escape_markdown(err)),
            icon=":material/error:",
        )
        return Curves(None, "", keys)
    names = tuple(escape_markdown(x) for x in runs.names)
    where = prose.table_setup(names, runs.steps.size, runs.n, example=example)
    plain = prose.table_setup(runs.names, runs.steps.size, runs.n, example=example)
    return Curves(runs, where, keys, plain)


def _grows(s: Settings, key: str, other: str):
    """A longer window or average takes more simulated checkpoints with it (a widget's changes)."""

    def changes(value: int) -> dict[str, int]:
        needed = value + s[other] - 1
        if s["preset"] == "table" or needed <= s["checkpoints"]:
            return {key: value}
        return {key: value, "checkpoints": needed}

    return changes


def controls(s: Settings) -> Curves:
    """The models, the benchmark's size, the checkpoints, the averaging, the seed, predict first."""
    inputs.choice(
        s, "preset", _("Models"), format_func=lambda v: _(MENU[v]), changes=lambda v: {"preset": v, "n": None},
        help=_("Simulated training runs of models whose true scores you know, or your own table."),
    )  # fmt: skip
    if s["preset"] == "table":
        curves = _own_table()
    else:
        finals, chance = PRESETS[s["preset"]]["final_scores"], PRESETS[s["preset"]]["chance"]
        names = prose.model_names(len(finals))
        st.markdown(prose.models_line(names, finals, chance))
        inputs.stops(
            s, "n", _("Questions per checkpoint (n)"), count_ladder(50, 100_000),
            format_func=words.count, help=_("Each checkpoint is scored on this many questions."),
        )  # fmt: skip
        inputs.number(
            s, "checkpoints", _("Checkpoints"), slider=True, high=max(60, s["checkpoints"]),
            low=s["window"] + s["average"] - 1,
            help=_("Evaluations along each training run; a link can name up to 200."),
        )  # fmt: skip
        runs = simulate_checkpoints(
            finals, n=s["n"], checkpoints=s["checkpoints"], chance=chance, names=names,
            seed=s["seed"],
        )  # fmt: skip
        where = prose.setup(s["preset"], s["n"], s["checkpoints"], s["seed"])
        curves = Curves(runs, where, ("preset", "n", "checkpoints", "seed", "average", "window"))
    inputs.number(
        s, "average", _("Average the last k checkpoints"), slider=True,
        changes=_grows(s, "average", "window"),
        help=_("Each model's score is the mean of its last k checkpoints (k = 1: the last one)."),
    )  # fmt: skip
    inputs.number(
        s, "window", _("Noise window (checkpoints)"), slider=True,
        changes=_grows(s, "window", "average"),
        help=_("The jitter is measured over this many last checkpoints."),
    )  # fmt: skip
    row = st.container(horizontal=True, wrap=True, gap="small", vertical_alignment="bottom")
    inputs.number(
        s, "seed", _("Seed"), where=row, width=150,
        help=_("The same seed draws the same curves and toy benchmark, so a link reproduces them."),
    )  # fmt: skip
    predict.switch(s, where=row)
    return curves


@st.cache_data(max_entries=64, show_spinner=False)  # 20,000 rankings at every n: ~70 ms
def _picks(finals: tuple[float, ...], n: int, average: int, seed: int):
    """The chance the best measured model is the truly best, by the last checkpoint and by the
    mean of the last k: at ``n`` (a pair) and at every n of :data:`QUESTIONS` (ways ×
    questions). One call draws them all: each n's chance comes from the same uniforms and
    permutations whatever other n are asked, so these are the numbers of a call for each."""
    every = chance_picks_winner(finals, (*QUESTIONS, n), average=np.array([[1], [average]]),
                                seed=seed)  # fmt: skip
    return np.asarray(every)[:, -1], np.asarray(every)[:, :-1]


def verdict(s: Settings, curves: Curves) -> bool:
    """Predict first on a simulated set, then the answer; True once it may show."""
    if curves.runs is None:
        st.info(_("No answer yet: your table can't be drawn (its note says why)."))
        return False
    if s["preset"] != "table" and s["predict"]:
        finals = PRESETS[s["preset"]]["final_scores"]
        pick = float(_picks(finals, s["n"], s["average"], s["seed"])[0][0])
        ask = predict.Question(prose.question(curves.plain or curves.where), pick, predict.PERCENT)
        if not predict.gate(ask, key="signal", on=True):
            return False
    try:
        one = snr_of_runs(curves.runs.observed, window=s["window"], average=1)
        averaged = snr_of_runs(curves.runs.observed, window=s["window"], average=s["average"])
    except ValueError as err:  # a table too short for the window: said in words
        st.error(
            _("The ratio can't be worked out: {err}.").format(err=err), icon=":material/error:"
        )
        return False
    head, body = prose.answer(one, averaged, s["average"], s["window"], curves.where)
    st.markdown(f"#### {head}\n\n{body}")
    return True


def curves_chart(s: Settings, curves: Curves) -> None:
    """The training curves: measured thin, averaged thick, true dashed, the noise window shaded."""
    if curves.runs is None:
        st.info(_("The curves appear once the table can be drawn."), icon=":material/table_rows:")
        return
    try:
        frames = charts.curve_frames(curves.runs, average=s["average"], window=s["window"])
    except ValueError as err:
        st.error(_("These curves can't be drawn: {err}.").format(err=err), icon=":material/error:")
        return
    plain = curves.plain or curves.where
    # TRANSLATORS: a downloaded chart's title; {setting} the models and checkpoints in words.
    title = _("Training curves: {setting}").format(setting=plain)
    caption = figure.caption(s, title, plain, curves.keys)
    figure.show(charts.curves_figure(frames), key="sn_curves", caption=caption)


def over_n(s: Settings, shown: bool) -> None:
    """How the SNR and the chance of picking the true winner grow with the benchmark's size."""
    st.markdown(_("### More questions, more signal"))
    if s["preset"] == "table":
        st.info(
            _(
                "This part needs models whose true scores are known: choose one of the simulated "
                "sets of models to see how the ratio and the chance of picking the winner grow "
                "with the number of questions."
            ),
            icon=":material/science:",
        )
        return
    if not shown:
        st.info(_("Make your guess first: this part gives the answer away."),
                icon=":material/visibility_off:")  # fmt: skip
        return
    p, k = PRESETS[s["preset"]], s["average"]
    snr = snr_by_questions(
        p["final_scores"], QUESTIONS, checkpoints=s["checkpoints"], chance=p["chance"],
        window=s["window"], average=k, seed=s["seed"],
    )  # fmt: skip
    picked, by_n = _picks(p["final_scores"], s["n"], k, s["seed"])
    frame = charts.by_n_frame(QUESTIONS, snr, by_n, k)
    sentence = prose.pick_sentence(s["n"], *picked, k, s["seed"])
    st.markdown(sentence)
    keys = ("preset", "checkpoints", "seed", "average", "window")
    left, right = st.columns(2, gap="medium")
    caption = figure.caption(s, _("Signal-to-noise ratio against questions"), sentence, keys)
    figure.show(charts.snr_n_figure(frame), key="sn_snr_n", caption=caption, container=left)
    title = _("Chance of picking the true winner against questions")
    caption = figure.caption(s, title, sentence, keys)
    figure.show(charts.pick_n_figure(frame), key="sn_pick_n", caption=caption, container=right)


def toy(s: Settings) -> None:
    """The same toy checkpoints scored by accuracy and by the probability of the right answer."""
    st.markdown(_("### Accuracy against a continuous metric"))
    runs = [replace(r, names=prose.model_names(len(r.names))) for r in toy_metric_curves(
        seed=s["seed"], **TOY)]  # fmt: skip
    k, window = s["average"], min(s["window"], TOY["checkpoints"] - s["average"] + 1)
    results = [snr_of_runs(r.observed, window=window, average=k) for r in runs]
    sentence = prose.toy_sentence(*results, k, window)
    st.markdown(f"{prose.toy_intro(TOY['n'], TOY['options'], TOY['checkpoints'], s['seed'])}"
                f"\n\n{sentence}")  # fmt: skip
    keys = ("seed", "average", "window")
    scored = (
        ("Accu", _("Accuracy"), _("Toy benchmark scored by accuracy")),
        ("Prob", _("Probability of the right answer"),
         _("Toy benchmark scored by probability of the right answer")),
    )  # fmt: skip
    for col, r, (name, label, title) in zip(st.columns(2, gap="medium"), runs, scored, strict=True):
        with col:
            st.markdown(f"**{label}**")
            caption = figure.caption(s, title, sentence, keys)
            frames = charts.curve_frames(r, average=k, window=window)
            figure.show(charts.curves_figure(frames), key=f"sn_toy_{name}", caption=caption)


def mde(s: Settings, curves: Curves) -> None:
    """The smallest change between checkpoints a benchmark detects, with its own slider."""
    st.markdown(_("### The smallest change a checkpoint can show"))
    inputs.number(
        s, "discordance", _("Checkpoints disagree on (% of questions)"), slider=True, step=0.5,
        format="%.1f",
        help=_("The share of questions on which two checkpoints give different answers: it "
        "sets the smallest change between them a benchmark can detect."),
    )  # fmt: skip
    d = s["discordance"] / 100
    n = curves.runs.n if curves.runs is not None else None
    sentence, table, fig = _mde_parts(d, n, language.current())
    st.markdown(sentence)
    left, right = st.columns([2, 3], gap="medium")
    tables.show(table, where=left, index=True)
    title = _("Smallest detectable change between checkpoints")
    caption = figure.caption(s, title, sentence, ("discordance",))
    figure.show(fig, key="sn_mde", caption=caption, container=right)


# Shared by every session, never modified: a seed or a curve setting moves none of it, and
# each run of the page draws it.
@st.cache_resource(max_entries=64, show_spinner=False)
def _mde_parts(d: float, n: int | None, lang: str) -> tuple[str, pd.DataFrame, Figure]:
    """The smallest change's sentence, its table and its chart at disagreement ``d`` and ``n``
    questions (None: a table without n), in ``lang`` (the run's language: a key only)."""
    try:
        needed = checkpoint_questions(0.02, discordance=d)
    except ValueError:  # under 2% of the questions disagree: no 2-point change to detect
        needed = None
    change = None if n is None else detectable_change(n, discordance=d)
    sentence = prose.mde_sentence(n, change, needed, d)
    cells = [prose.mde_cell(detectable_change(q, discordance=d)) for q in ARTICLE_QUESTIONS]
    questions = pd.Index([words.count(q) for q in ARTICLE_QUESTIONS], name=_("Questions"))
    table = pd.DataFrame({_("Smallest detectable change (points)"): cells}, index=questions)
    return sentence, table, charts.mde_figure(charts.mde_frame(discordance=d))


def quoted() -> None:
    """The articles' own figures, quoted with their source, not computed here."""
    st.markdown(_("### What the articles found"))
    tables.show(_quoted_rows(language.current()), index=True)
    st.markdown(_("Quoted from the papers; not recomputed on this page."))


@st.cache_resource(max_entries=8, show_spinner=False)
def _quoted_rows(lang: str) -> pd.DataFrame:
    """The articles' figures as a table, in ``lang`` (the run's language: a key only); shared,
    never modified."""
    columns = [_("Quoted figure"), _("Figure"), _("Source")]
    return pd.DataFrame(list(prose.quoted()), columns=columns).set_index(columns[0])

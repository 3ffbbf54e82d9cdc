"""Questions needed, section by section: each draws one part of the page from a plan.

Every number comes from :mod:`benchstats.planning` and every sentence from
:mod:`benchstats.prose.planning`; these functions only lay them out. A
section that needs the benchmark's size when the reader gave none says so
and points at the input instead of assuming one.
"""

from __future__ import annotations

import functools
from contextlib import contextmanager
from dataclasses import dataclass, replace

import pyarrow as pa
import streamlit as st

from benchstats import planning, words
from benchstats.charts import Caption, Figure
from benchstats.charts import planning as charts
from benchstats.planning import LeadPlan, PairedPlan, Reach
from benchstats.prose import planning as prose
from ui import predict, view
from ui.figure import ipc_bytes, show
from ui.sections.needed_inputs import Asked, permalink
from ui.verdict import KeyNumber, verdict_card

NEEDS_N = (
    "Pick the number of questions in your benchmark with the **Questions in your benchmark** "
    "slider above (it starts at “not set”) to see the smallest lead it can detect."
)
HIDDEN = "Reveal the answer above to see this part: it states the answer."


@contextmanager
def guarded(box, what: str):
    """Draw into ``box``; a ValueError from benchstats becomes a plain message there."""
    with box:
        try:
            yield
        except ValueError as exc:
            st.error(f"Could not work out {what} from these inputs: {exc}", icon=":material/error:")


def guess(plan: LeadPlan, asked: Asked, container) -> bool:
    """With ``predict`` on, ask for the count first; True once the answer may show."""
    ask = predict.Question(prose.question(plan), plan.needed, predict.COUNT, unit="question")
    return predict.gate(ask, key="needed", on=asked.predict, container=container)


def tiles(items: list[tuple[str, str]]) -> None:
    """Numbers as metric tiles as wide as their content, wrapping on a narrow screen."""
    row = st.container(horizontal=True, wrap=True, gap="medium")
    for label, value in items:
        row.metric(label, value, width="content")


def caption(plan: LeadPlan, asked: Asked, verdict: str = "") -> Caption:
    """What a downloaded chart carries: the plan, its verdict, the link, the inputs."""
    source = permalink(asked.query())
    inputs = (
        ("scores near", words.score(plan.p)),
        ("lead (points)", words.points(plan.lead, signed=False)),
        ("questions", "not set" if asked.n is None else words.count(asked.n)),
        ("test", prose.settings_words(plan)),
    )
    return Caption(prose.needed_headline(plan), verdict, source, inputs)


def answer(plan: LeadPlan, r: Reach | None, pp: PairedPlan | None) -> None:
    """The two answers: questions this lead needs, and what the reader's benchmark can see.

    In the room view the two cards stand side by side, so a projector shows both at once;
    elsewhere they follow each other with no block of their own (one element fewer each).
    Without the benchmark's size the second answer is a question: elsewhere it closes the
    first card's text (one element, not an alert of its own), in the room view its own note.
    """
    first, second = st.columns(2) if view.is_room() else (st, st)
    numbers = [
        KeyNumber(
            "Questions needed",
            words.count(plan.needed),
            help=f"At {prose.settings_words(plan)}. Both models answer every question.",
        )
    ]
    if pp is not None:
        numbers.append(
            KeyNumber(
                "Paired, same questions",
                words.count(pp.questions),
                help=f"If the models disagree on {words.score(pp.discordance)} of the questions.",
            )
        )
    ask = f"**Which leads can your benchmark see?** {NEEDS_N}"
    body = prose.scores_line(plan)
    if r is None and first is st:  # no card without numbers: its question ends this card
        body += f"\n\n:material/straighten: {ask}"
    verdict_card(prose.needed_headline(plan), numbers, clears=None, body=body, container=first)
    if r is None:
        if first is not st:
            second.info(ask, icon=":material/straighten:")
        return
    mde = KeyNumber("Smallest detectable lead", f"{words.points(r.mde, signed=False)} points")
    see = KeyNumber("Chance to see your lead", words.percent(r.chance, decimals=0),
                    help=prose.reach_help(plan, r))  # fmt: skip
    verdict_card(prose.reach_headline(plan, r), [mde, see], clears=r.sees, container=second)


@dataclass(frozen=True)
class Curve:
    """The curve's figure ready to draw (its rows already Arrow) and the first benchmark to see."""

    figure: Figure
    first: dict | None


@st.cache_resource(max_entries=64, show_spinner=False)
def curve_data(p: float, lead: float, discordance: float | None, alpha2: float, power: float):
    """The curve and the benchmarks marked against the lead (cached per input; read only).

    Its rows go straight into Arrow from the columns the chart's frames are made of
    (:func:`benchstats.charts.planning.curve_columns` and the others): building those frames was most of the
    server's time on an edit of α, which misses this cache every time. The
    frames are built only for a download (:func:`_frames`).
    """
    records = planning.mde_curve(
        charts.CURVE_QUESTIONS, p=p, discordance=discordance, alpha=alpha2, power=power
    )
    reach = planning.benchmark_reach(p=p, alpha=alpha2, power=power)
    template = _curve_template(discordance is not None)
    data = {
        "curve": charts.curve_columns(records),
        "lead": charts.lead_columns(100 * lead),
        "presets": charts.presets_columns(reach, 100 * lead),
    }
    spec = {**template.spec, "datasets": {k: ipc_bytes(pa.table(v)) for k, v in data.items()}}
    built = functools.partial(_frames, records, reach, lead)
    figure = replace(
        template, spec=spec, picture=lambda: built().picture(), table=lambda: built().table
    )
    return Curve(figure, planning.first_seeing(reach, lead))


@functools.cache
def _curve_template(paired: bool) -> Figure:
    """The curve's figure with placeholder rows: its spec, name and text (one per process)."""
    designs = ["unpaired", "paired"] if paired else ["unpaired"]
    rows = [{"questions": 1, "design": d, "mde": 0.1} for d in designs]
    return charts.curve_figure(
        charts.curve_frame(rows), charts.presets_frame([], 0.0), charts.lead_frame(0.0)
    )


def _frames(records: list[dict], reach: list[dict], lead: float) -> Figure:
    """The same figure from pandas frames (a download's picture and CSV)."""
    return charts.curve_figure(
        charts.curve_frame(records),
        charts.presets_frame(reach, 100 * lead),
        charts.lead_frame(100 * lead),
    )


@st.cache_resource(max_entries=16, show_spinner=False)
def marked_table(p: float, lead: float, alpha2: float, power: float):
    """Every benchmark marked against the lead, and its text as Arrow (built once it is open)."""
    reach = planning.benchmark_reach(p=p, alpha=alpha2, power=power)
    marked = charts.reach_table_frame(charts.presets_frame(reach, 100 * lead))
    return marked, shown(marked)


def curve(plan: LeadPlan, pp: PairedPlan | None, cap: Caption) -> None:
    """Which benchmarks could see the lead: the sentence and the curve (the table: :func:`benchmarks`)."""
    disc = None if pp is None else pp.discordance
    drawn = curve_data(plan.p, plan.lead, disc, plan.alpha2, plan.power)
    sentence = prose.curve_sentence(plan, drawn.first)
    st.markdown(f"### Which benchmarks could see it\n\n{sentence}")  # heading and text: one element
    show(drawn.figure, key="curve", caption=cap)


def benchmarks(plan: LeadPlan) -> None:
    """Every benchmark marked against the lead, as a table (in its fold, once open)."""
    marked, text = marked_table(plan.p, plan.lead, plan.alpha2, plan.power)
    table(marked, f"Benchmarks near {words.score(plan.p)}", "benchmarks", text)


def shown(df) -> pa.Table:
    """The table as the reader sees it (text cells), as Arrow: built once with its data.

    A section whose frames are cached caches this too, so a rerun hands
    Streamlit a ready Arrow table instead of formatting and converting the
    frame again (that was a fifth of Questions needed's server CPU per edit).
    """
    return pa.Table.from_pandas(charts.table_text(df), preserve_index=False)


def table(df, title: str, name: str, text: pa.Table | None = None) -> None:
    """A table that fits a phone (values wrap, never cut) and its CSV.

    ``text`` is :func:`shown` of ``df`` when the caller cached it.
    """
    st.markdown(f"**{title}**")
    st.table(shown(df) if text is None else text, hide_index=True)
    st.download_button(
        "Data (CSV)", data=lambda: df.to_csv(index=False).encode(), file_name=f"{name}.csv",
        mime="text/csv", key=f"dl-table-{name}", icon=":material/table:", on_click="ignore",
    )  # fmt: skip


def paired(plan: LeadPlan, pp: PairedPlan | None, n: int | None) -> None:
    """The paired plan beside the unpaired one (inside its own expander)."""
    if pp is None:
        st.markdown(
            "On the same questions, only the questions where the models disagree carry "
            "information. Pick how often they disagree to see the paired plan beside the "
            "unpaired one."
        )
        return
    if not pp.fits:
        st.error(prose.discordance_refused(plan, pp), icon=":material/error:")
    items = [("Unpaired: questions", words.count(plan.needed)),
             ("Paired: questions", words.count(pp.questions))]  # fmt: skip
    if n is not None:
        mde_unpaired = planning.reach(plan, n).mde
        items += [
            (f"Unpaired: lead at {words.count(n)}", f"{words.points(mde_unpaired, signed=False)} points"),
            (f"Paired: lead at {words.count(n)}", f"{words.points(pp.mde, signed=False)} points"),
        ]  # fmt: skip
    tiles(items)
    st.markdown(prose.paired_sentence(plan, pp))


@st.cache_resource(show_spinner=False)
def _variance_curve():
    """p(1 − p) over the levels: the same for every reader (not to be modified)."""
    return charts.variance_frame(planning.variance_curve())


def levels(plan: LeadPlan, cap: Caption) -> None:
    """Why 50% is the hardest place: the same lead near 50%, 95% and p (in its fold, once open)."""
    at_50, at_95 = planning.needed_at(plan, 0.5), planning.needed_at(plan, 0.95)
    st.markdown(prose.levels_sentence(plan, at_50, at_95))
    # The reader's mark last, so it is drawn on top when p is 50% or 95%.
    marks = [("50%", 0.5, at_50), ("95%", 0.95, at_95), (charts.YOUR_P, plan.p, plan.needed)]
    frame = charts.variance_marks_frame(
        [{"label": label, "p": lp, "questions": q} for label, lp, q in marks]
    )
    show(charts.variance_figure(_variance_curve(), frame), key="variance", caption=cap)


def arithmetic(plan: LeadPlan, r: Reach | None, pp: PairedPlan | None) -> None:
    """The steps with the reader's numbers (in its fold, once open)."""
    # Subscripts are written with underscores (z_sum): keep Markdown from italicising.
    st.markdown("\n\n".join(prose.arithmetic(plan, r, pp)).replace("_", "\\_"))

"""The Gap grader's inputs: the mode is decided once, here, and the grading built for it.

Three ways in (the URL keys present choose one, the reader can switch): two
scores on their question counts (``a``, ``b``, ``n``, ``n_b``), two scores
with printed ± standard errors (``se_a``, ``se_b``), or paired counts
(``a_only``, ``b_only`` of ``n``, with A's score ``a`` only if the reader
gives it). Each reader draws its widgets and returns a grading object of
:mod:`benchstats.grading`; the page draws whichever it got. The preset
(``bench``), B's own question count and the Predict first toggle (``predict``)
sit in a row above the numbers, outside the page's fragment (:func:`above`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import urlencode, urljoin

import streamlit as st

from benchstats import Benchmark, words
from benchstats.grading import (
    Grading,
    Names,
    grade_paired,
    grade_reported_se,
    grade_unpaired,
)
from ui import lazy, params, predict, registry, view
from ui.claim import NAME_KEYS, benchmark_menu, name_inputs, optional_number

MODES = ("unpaired", "se", "paired")
MODE_LABELS = {"unpaired": "Two scores", "se": "Scores ± SE", "paired": "Paired counts"}
DEFAULT_PAIRED = (20, 8, 198)  # a_only, b_only, n: the articles' GPQA Diamond example
MAX_N = 10_000_000


@dataclass(frozen=True)
class Graded:
    """What the page got: the grading (None if the numbers cannot be graded), notes, preset."""

    grading: Grading | None
    problems: tuple[str, ...]
    bench: Benchmark | None
    query: tuple[tuple[str, str], ...]
    predict: bool = False  # Predict first is on: the answer waits for a guess

    @property
    def bench_name(self) -> str | None:
        return None if self.bench is None else self.bench.name

    @property
    def permalink(self) -> str:
        relative = f"{registry.page('grader').route}?{urlencode(self.query)}"
        try:
            return urljoin(st.context.url or "", relative)
        except Exception:  # no browser behind this run (tests)
            return relative


def _mode_from_url() -> str:
    """Paired if the link carries paired counts, reported-SE if it carries SEs."""
    keys = set(st.query_params.keys())
    if keys & {"a_only", "b_only"}:
        return "paired"
    if keys & {"se_a", "se_b"}:
        return "se"
    return "unpaired"


def mode() -> str:
    """The one decision: which way in. Always kept in the link."""
    chosen = params.choice(
        "What do you have?",
        "mode",
        MODES,
        default=_mode_from_url(),
        format_func=MODE_LABELS.get,
        widget="segmented_control",
        required=True,
    )
    chosen = chosen or "unpaired"
    if params.raw_param("mode") != chosen:
        st.query_params["mode"] = chosen
    return chosen


def _score(label: str, key: str, row, help: str | None = None) -> float:
    value = params.number(
        label, key, default=82.0 if key == "a" else 78.0, min_value=0, max_value=100,
        unit="percent", container=row, help=help,
    )  # fmt: skip
    return value / 100


def _count(label: str, key: str, row, *, default: int, minimum: int = 1, help=None) -> int:
    return params.number(
        label, key, default=default, min_value=minimum, max_value=MAX_N, whole=True,
        unit="questions", container=row, help=help,
    )  # fmt: skip


def _questions(row, bench: Benchmark | None) -> int:
    if bench is not None:
        row.markdown(f"**Questions:** {words.count(bench.questions)} ({bench.name})")
        return bench.questions
    return _count("Questions (n)", "n", row, default=100)


def _row():
    """Inputs in a wrapping row: four abreast on a laptop, two on a phone (one in the room)."""
    return st.container(horizontal=not view.is_room(), wrap=True)


def _unpaired(names: Names, row, above: Above) -> Graded:
    bench = above.bench
    a, b = _score("Score A (%)", "a", row), _score("Score B (%)", "b", row)
    n = _questions(row, bench)
    n_b = _count("Questions for B (n_b)", "n_b", row, default=n) if above.own_n_b else n
    query = {"mode": "unpaired", "a": f"{a * 100:g}", "b": f"{b * 100:g}", "n": str(n)}
    query |= {"n_b": str(n_b)} if n_b != n else {}
    graded, problems = _grade(_cached_unpaired, a, b, n, n_b, names)
    return Graded(graded, problems, bench, _with_names(query, names))


def _reported(names: Names, row, above: Above) -> Graded:
    a = _score("Score A (%)", "a", row)
    se_a = _se("± SE of A (points)", "se_a", row, 1.24)
    b = _score("Score B (%)", "b", row)
    se_b = _se("± SE of B (points)", "se_b", row, 1.07)
    query = {"mode": "se", "a": f"{a * 100:g}", "se_a": f"{se_a * 100:g}"}
    query |= {"b": f"{b * 100:g}", "se_b": f"{se_b * 100:g}"}
    graded, problems = _grade(_cached_reported, a, se_a, b, se_b, names)
    return Graded(graded, problems, None, _with_names(query, names))


def _se(label: str, key: str, row, default: float) -> float:
    value = params.number(
        label, key, default=default, min_value=0.01, max_value=50, step=0.01, unit="points",
        container=row,
    )  # fmt: skip
    return value / 100


def _paired(names: Names, row, above: Above) -> Graded:
    bench = above.bench
    a_only = _count("Only A right (a_only)", "a_only", row, default=DEFAULT_PAIRED[0], minimum=0,
                    help="Questions model A got right and model B got wrong.")  # fmt: skip
    b_only = _count("Only B right (b_only)", "b_only", row, default=DEFAULT_PAIRED[1], minimum=0,
                    help="Questions model B got right and model A got wrong.")  # fmt: skip
    n = _questions(row, bench)
    a_pct = optional_number(
        "Score A (%, optional)",
        "a",
        low=0,
        high=100,
        what="a score from 0 to 100 percent",
        container=row,
        help="Only for B's score and the same scores graded unpaired: B's follows from A's "
        "and the two counts.",
    )
    problems: tuple[str, ...] = ()
    if a_only + b_only > n:
        problems = (
            f"a_only + b_only = {words.count(a_only)} + {words.count(b_only)} = "
            f"{words.count(a_only + b_only)} is more than the {words.plural(n, 'question')}: "
            "questions only one model got right cannot outnumber all questions. Showing the "
            f"default counts, {DEFAULT_PAIRED[0]} and {DEFAULT_PAIRED[1]} of {DEFAULT_PAIRED[2]}.",
        )
        a_only, b_only, n = DEFAULT_PAIRED
    a = None if a_pct is None else a_pct / 100
    query = {"mode": "paired", "a_only": str(a_only), "b_only": str(b_only), "n": str(n)}
    query |= {} if a is None else {"a": f"{a_pct:g}"}
    graded, more = _grade(_cached_paired, a_only, b_only, n, a, names)
    notes = () if graded is None else graded.notes
    return Graded(graded, problems + more + notes, bench, _with_names(query, names))


def _with_names(query: dict, names: Names) -> tuple[tuple[str, str], ...]:
    named = {k: v for k, v in (("name_a", names.a), ("name_b", names.b)) if v}
    return tuple({**named, **query}.items())


def _grade(build, *args) -> tuple[Grading | None, tuple[str, ...]]:
    """The grading, or None and the reason in plain words (a ValueError from benchstats)."""
    try:
        return build(*args), ()
    except ValueError as err:
        return None, (f"These numbers can't be graded: {err}.",)


_READERS = {"unpaired": _unpaired, "se": _reported, "paired": _paired}


def names() -> Names:
    """The two models' names (optional), in a fold above the inputs, outside the fragment.

    Drawn while the fold is open or the link names a model (a bound input not
    drawn would drop its key); closed and unnamed, the fold is one element
    instead of five on every edit, and the models are A and B.
    """
    box = lazy.input_fold("Model names (optional)", key="grader-names", keys=NAME_KEYS)
    if not box.draws():
        return Names()
    return name_inputs(container=box)


@dataclass(frozen=True)
class Above:
    """What the reader sets above the numbers, outside the fragment (a change reruns the page)."""

    bench: Benchmark | None = None
    own_n_b: bool = False  # B was scored on its own number of questions (``n_b``)
    predict: bool = False


def above(chosen: str) -> Above:
    """The preset, B's own question count and Predict first: one row, outside the fragment.

    Out of the fragment, a score edit does not redraw them (three elements fewer);
    what they change needs the whole page anyway.
    """
    row = _row()
    bench = None if chosen == "se" else benchmark_menu(container=row)
    own = chosen == "unpaired" and row.toggle(
        "B was scored on a different number of questions",
        value=params.raw_param("n_b") is not None,
        key="own_n_b",
    )
    return Above(bench, bool(own), predict.switch(container=row))


def read(chosen: str, names: Names, set_above: Above) -> Graded:
    """Draw the chosen mode's numbers in one row and grade them with ``names``."""
    got = _READERS[chosen](names, _row(), set_above)
    return replace(got, predict=set_above.predict)


@st.cache_data(max_entries=256, show_spinner=False)
def _cached_unpaired(a: float, b: float, n: int, n_b: int, names: Names) -> Grading:
    return grade_unpaired(a, b, n, n_b=n_b, names=names)


@st.cache_data(max_entries=256, show_spinner=False)
def _cached_reported(a: float, se_a: float, b: float, se_b: float, names: Names) -> Grading:
    return grade_reported_se(a, se_a, b, se_b, names=names)


@st.cache_data(max_entries=256, show_spinner=False)
def _cached_paired(a_only: int, b_only: int, n: int, a: float | None, names: Names) -> Grading:
    return grade_paired(a_only, b_only, n, a=a, names=names)

"""The claim every page shares: two scores, the number of questions, a preset.

``claim_inputs()`` draws the inputs in the main area, kept in the URL keys of
DESIGN.md (``a``, ``b`` in percent, ``n``, ``bench``, and the optional
reported standard errors ``se_a``, ``se_b`` in points), and returns a
:class:`Claim` in proportions. ``page_query(claim, page)`` builds the query
parameters that open another page with the same claim, in that page's keys.

How ``n`` and ``bench`` interact: choosing a benchmark preset *fills* the
number of questions with the preset's size and locks that box (its caption
says so). A link's ``n`` is ignored while a preset is chosen, with a note when
it disagrees. Clearing the preset unlocks the box and leaves the preset's size
in it, ready to edit. While a preset is chosen the URL carries both
(``?bench=gpqa-diamond&n=198``), so a link is never ambiguous.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urljoin

import streamlit as st
from streamlit.errors import StreamlitAPIException

from benchstats import BENCHMARK_KEYS, Benchmark, get_benchmark, words
from benchstats.grading import Names
from ui import lazy, params, registry

MAX_QUESTIONS = 1_000_000
DEFAULTS = {"a": 82.0, "b": 78.0, "n": 100}
_LAST_PRESET = "_claim_last_preset"  # the size of the preset chosen on the last run
_N_GIVEN = "_claim_n_given"  # session_state: the reader has given n (link, typing, preset)
_N_NOTE = "_claim_n_note"  # session_state: (bench key, note) for a link's n the preset overrode

LINKED = ("check", "luck", "grader", "needed")  # the pages a claim opens
NAME_CHARS = 60
NAME_KEYS = (
    "name_a",
    "name_b",
)  # the URL keys name_inputs binds (a fold around them opens on them)
_MENU_WIDTH, _BOX_WIDTH = 320, 200  # pixels: the preset menu and the Questions box, in a row


@dataclass(frozen=True)
class Claim:
    """The reader's claim, in proportions (0.82, not 82)."""

    a: float
    b: float
    n: int
    bench: Benchmark | None = None
    se_a: float | None = None
    se_b: float | None = None
    names: Names = Names()
    n_given: bool = True

    @property
    def uses_se(self) -> bool:
        """True when both reported standard errors are given (they then set the gap's SE)."""
        return self.se_a is not None and self.se_b is not None

    @property
    def mean(self) -> float:
        """The score both models would have if they were equally good: (a + b)/2."""
        return (self.a + self.b) / 2

    @property
    def lead(self) -> float:
        """a − b."""
        return self.a - self.b


def _url_number(x: float) -> str:
    """A number as a URL value: shortest form, no float dust (80.00000001 → "80")."""
    return f"{round(x, 4):g}"


# --------------------------------------------------------------------------- inputs


def _bench_label(key: str) -> str:
    return get_benchmark(key).label


def optional_number(
    label: str,
    key: str,
    *,
    help: str,
    container: Any,
    low: float = 0.01,
    high: float = 50.0,
    what: str = "a standard error from 0.01 to 50 points",
) -> float | None:
    """A number input that may stay empty (None), bound to ``?key=``, from ``low`` to ``high``.

    Empty means "not given": a figure that needs it says so instead of using a
    default. A refused URL value gets the same note as :func:`ui.params.number`.
    """
    raw = params.raw_param(key)
    value = container.number_input(
        label,
        min_value=float(low),
        max_value=float(high),
        value=None,
        step=0.1,
        format="%.2f",
        key=key,
        bind="query-params",
        placeholder="not given",
        help=help,
    )
    if raw not in (None, ""):
        parsed = params.parse_number(raw)
        if parsed is None or not low <= parsed <= high:
            shown = "empty" if value is None else f"{value:g}"
            params.note_refused(
                key,
                f"The link's `{key}={params.quoted_value(raw)}` can't be used as given: {key} must be "
                f"{what}. Showing {shown}.",
                value,
            )
    params.show_note(key, container)
    return value


def name_inputs(*, container: Any = None) -> Names:
    """The two models' names (optional), kept in ``?name_a=`` and ``?name_b=``."""
    where = container if container is not None else st
    col_a, col_b = where.columns(2, wrap=False)
    names = []
    for col, key, label in (
        (col_a, NAME_KEYS[0], "Model A (optional)"),
        (col_b, NAME_KEYS[1], "Model B (optional)"),
    ):
        text = col.text_input(
            label,
            key=key,
            bind="query-params",
            max_chars=NAME_CHARS,
            placeholder="A" if key == NAME_KEYS[0] else "B",
            help="A name to use in the verdict, the sentence to copy and downloaded charts.",
        )
        names.append((text or "").strip())
    return Names(*names)


def benchmark_menu(*, container: Any, width: int | str | None = None) -> Benchmark | None:
    """The preset menu, kept in ``?bench=`` by its key (``bench=gpqa-diamond``).

    ``width`` sizes it in a horizontal row (:func:`ui.params.slot`).
    """
    key = params.choice(
        "Benchmark preset (optional)",
        "bench",
        BENCHMARK_KEYS,
        default=None,
        format_func=_bench_label,
        allowed="a benchmark key such as `gpqa-diamond` or `mmlu`",
        container=container,
        placeholder="None: set the questions",
        help="Pick a benchmark to fill in its number of questions. Clear it to type your own.",
        width=width,
    )
    return get_benchmark(key) if key is not None else None


def _preset_questions(bench: Benchmark, *, container: Any) -> int:
    """A preset is chosen: its size is n (locked box; the URL's n follows)."""
    raw_n = params.raw_param("n")
    parsed = params.parse_number(raw_n) if raw_n is not None else None
    if parsed is not None and parsed != bench.questions:
        st.session_state[_N_NOTE] = (
            bench.key,
            f"The link's `n={params.quoted_value(raw_n)}` is ignored: {bench.name} has "
            f"{words.count(bench.questions)} questions.",
        )
    # Keep the link consistent (bench and n agree). Right after the reader picks a
    # preset, n is still bound to the box of the previous run: the next run writes it.
    with contextlib.suppress(StreamlitAPIException):
        st.query_params["n"] = str(bench.questions)
    container.number_input(
        "Questions",
        value=bench.questions,
        disabled=True,
        key=f"_n_preset_{bench.key}",
    )
    container.caption(f"From the {bench.name} preset. Clear it to type your own.")
    st.session_state[_LAST_PRESET] = bench.questions
    note = st.session_state.get(_N_NOTE)
    if note is not None and note[0] == bench.key:
        container.warning(note[1], icon=":material/link_off:")
    return bench.questions


def _scores(where: Any) -> tuple[float, float]:
    """Scores A and B side by side (even on a phone), in percent, typed exactly.

    One row that does not wrap, each input half of it (one element, not three).
    """
    row = where.container(horizontal=True, gap="small")
    a = params.number(
        "Score A (%)",
        "a",
        default=DEFAULTS["a"],
        min_value=0,
        max_value=100,
        step=0.1,
        unit="percent",
        help="Model A's score as a percent of questions right. Decimals are fine.",
        container=row,
        width="stretch",
    )
    b = params.number(
        "Score B (%)",
        "b",
        default=DEFAULTS["b"],
        min_value=0,
        max_value=100,
        step=0.1,
        unit="percent",
        help="Model B's score on the same benchmark.",
        container=row,
        width="stretch",
    )
    return a, b


def _questions(where: Any) -> tuple[Benchmark | None, int, bool]:
    """The preset menu and the number of questions side by side; whether the reader gave n.

    One row that wraps, not ``st.columns`` (a row and two columns: three
    elements every edit redraws); fixed widths, so a phone puts the box under
    the menu and the menu never cuts a preset's name. With a preset, the
    locked box, its caption and any note stack in a box of their own.
    """
    row = where.container(horizontal=True, gap="small")
    bench = benchmark_menu(container=row, width=_MENU_WIDTH)
    if bench is not None:
        stack = row.container(width=_BOX_WIDTH, gap="small")
        return bench, _preset_questions(bench, container=stack), True
    st.session_state.pop(_N_NOTE, None)
    last = st.session_state.pop(_LAST_PRESET, None)
    if last is not None:  # the preset was just cleared: its size stays in the box
        st.session_state["n"] = last
    linked = params.raw_param("n") is not None  # read first: a bound box at its default drops it
    n = params.number(
        "Questions",
        "n",
        default=DEFAULTS["n"],
        min_value=1,
        max_value=MAX_QUESTIONS,
        whole=True,
        unit="questions",
        help="How many questions both models answered.",
        container=row,
        width=_BOX_WIDTH,
    )
    if linked or n != DEFAULTS["n"] or last is not None:
        st.session_state[_N_GIVEN] = True  # from the link, typed, or left by a preset
    return None, int(n), bool(st.session_state.get(_N_GIVEN))


def _standard_errors(where: Any) -> tuple[float | None, float | None]:
    """The two reported ± SEs, folded unless given; both or neither are used."""
    keys = ("se_a", "se_b")
    box = lazy.input_fold("Reported ± standard errors (optional)", key="claim-se", keys=keys,
                          container=where)  # fmt: skip
    pasted = any(st.session_state.get(k) is not None for k in keys)  # from a pasted claim
    if not (box.draws() or pasted):  # nothing to keep: drawn once opened
        return None, None
    box.markdown(
        "Some leaderboards print each score as score ± SE. Give both and they "
        "replace the number of questions in the error bar of the lead."
    )
    col_sa, col_sb = box.columns(2)
    se_a = optional_number(
        "± SE of A (points)",
        "se_a",
        help="The standard error printed next to score A, in percentage points.",
        container=col_sa,
    )
    se_b = optional_number(
        "± SE of B (points)",
        "se_b",
        help="The standard error printed next to score B, in percentage points.",
        container=col_sb,
    )
    if (se_a is None) != (se_b is None):
        box.info(
            "Give both standard errors to use them; until then the number of "
            "questions sets the error bar.",
            icon=":material/info:",
        )
    return se_a, se_b


def claim_inputs(*, container: Any = None, with_se: bool = True, with_names: bool = True) -> Claim:
    """Draw the claim's inputs (main area) and return the claim in proportions.

    The two names (optional), scores A and B side by side, the benchmark
    preset and the number of questions, then (folded unless used) the two
    reported ± standard errors.
    """
    where = container if container is not None else st
    names = name_inputs(container=where) if with_names else Names()
    a, b = _scores(where)
    bench, n, n_given = _questions(where)
    se_a, se_b = _standard_errors(where) if with_se else (None, None)
    return Claim(
        a=a / 100,
        b=b / 100,
        n=n,
        bench=bench,
        se_a=None if se_a is None else se_a / 100,
        se_b=None if se_b is None else se_b / 100,
        names=names,
        n_given=n_given or bench is not None,
    )


# --------------------------------------------------------------------------- links


def page_query(claim: Claim, page: str) -> dict[str, str]:
    """Query parameters that open ``page`` with the same claim, in that page's URL keys.

    ``page`` is one of ``"check"``, ``"luck"`` (p = mean score, n, d = |lead|),
    ``"grader"`` (a, b, n and the SEs when given) or ``"needed"`` (p, d).
    A lead that rounds to zero is left out (those pages keep their default).

    >>> c = Claim(0.82, 0.78, 100)
    >>> page_query(c, "luck")
    {'p': '80', 'n': '100', 'd': '4'}
    >>> page_query(c, "needed")
    {'p': '80', 'd': '4'}
    """
    a, b, n = _url_number(claim.a * 100), _url_number(claim.b * 100), str(claim.n)
    d = _url_number(abs(claim.lead) * 100)
    p = _url_number(claim.mean * 100)
    lead = {"d": d} if float(d) > 0 else {}
    se = (
        {"se_a": _url_number(claim.se_a * 100), "se_b": _url_number(claim.se_b * 100)}
        if claim.uses_se
        else {}
    )
    names = {k: v for k, v in (("name_a", claim.names.a), ("name_b", claim.names.b)) if v}
    if page == "check":
        bench = {"bench": claim.bench.key} if claim.bench is not None else {}
        return {**names, "a": a, "b": b, "n": n, **bench, **se}
    if page == "luck":
        return {"p": p, "n": n, **lead}
    if page == "grader":
        return {**names, "a": a, "b": b, "n": n, **se}
    if page == "needed":
        return {"p": p, **lead}
    msg = f"page must be one of {', '.join(LINKED)}, got {page!r}"
    raise ValueError(msg)


def page_url(claim: Claim, page: str) -> str:
    """A relative link that opens ``page`` with the same claim: "gap-grader?a=82&b=78&n=100".

    Relative, so it works under any base path. For a plain link (new tab, new
    session): an in-app page change would drop the keys bound on the page left.

    >>> page_url(Claim(0.82, 0.78, 100), "needed")
    'questions-needed?p=80&d=4'
    """
    query = urlencode(page_query(claim, page))
    path = registry.page(page).url_path or "."
    return f"{path}?{query}" if query else path


def full_url(claim: Claim, page: str) -> str:
    """The full address that reopens ``page`` with this claim, on the host the reader sees."""
    query = urlencode(page_query(claim, page))
    relative = f"{registry.page(page).route}?{query}" if query else registry.page(page).route
    try:
        return urljoin(st.context.url or "", relative)
    except Exception:  # no browser behind this run (tests)
        return relative

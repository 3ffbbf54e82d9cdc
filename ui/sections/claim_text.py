"""The claim box of Check a claim: paste a launch sentence, see what was read, fill the inputs.

URL key ``claim`` holds the sentence (``/?claim=<URL-encoded words>``), so a
fact-check can link the very words it checked. The parse
(:func:`benchstats.claims.parse_claim`) shows as a line of read-only chips
and its questions as short prompts; :func:`apply_claim` puts what it read
into the claim inputs of :mod:`ui.claim` the way they take their values:
session state for the URL-bound number and text inputs (``a``, ``b`` in
percent, ``n``, ``se_a``, ``se_b`` in points, ``name_a``, ``name_b``), the
URL for the benchmark menu (``bench``, which mirrors ``?bench=`` each run).

Draw :func:`claim_box` *above* the inputs: a bound widget's value can only be
set before the widget is drawn in that run.

Rules: a field the parser did not read is never touched; a sentence is
applied once, when it is new (so the reader's corrections stand); on the
first run of a session (a link), a field the link gives itself is kept, since
it may be a correction made after the sentence was read.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import streamlit as st

from benchstats import BENCHMARK_KEYS, get_benchmark, words
from benchstats.claims import MAX_CHARS, ParsedClaim, parse_claim
from ui import params
from ui.verdict import escape_markdown

KEY = "claim"
_APPLIED = "_claim_text_applied"  # session_state: the sentence last applied
NAME_CHARS = 60  # a model name longer than this is cut (the name inputs are short)
BOUND = ("a", "b", "n", "se_a", "se_b", "name_a", "name_b")
# The ranges the inputs of ui.claim accept: a value outside one is not applied.
RANGES = {"a": (0, 100), "b": (0, 100), "n": (1, 1_000_000), "se_a": (0.01, 50), "se_b": (0.01, 50)}
LABELS = {
    "name_a": "Model A",
    "a": "Score A",
    "name_b": "Model B",
    "b": "Score B",
    "bench": "Benchmark",
    "n": "Questions",
    "se_a": "± SE of A",
    "se_b": "± SE of B",
    "metric": "Metric",
    "lead": "Lead",
    "score": "Score, owner unclear",
}
EXAMPLE = "Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%"


def input_values(parsed: ParsedClaim) -> dict[str, object]:
    """What the parse puts in the claim inputs, in their units, keyed by URL key.

    Scores in percent, standard errors in points, n a whole number, names cut
    to :data:`NAME_CHARS`; a value outside its input's range is left out.
    ``metric`` and ``lead`` have no input and are left out.

    >>> input_values(parse_claim("X scores 87.3% vs Y's 85.1% on 198 questions"))
    {'a': 87.3, 'b': 85.1, 'name_a': 'X', 'name_b': 'Y', 'n': 198}
    """
    out: dict[str, object] = {}
    for key, value in parsed.fields.items():
        if key in ("a", "b", "se_a", "se_b"):
            value = round(float(value) * 100, 10)
        elif key in ("name_a", "name_b"):
            value = str(value)[:NAME_CHARS].strip()
        elif key not in ("n", "bench"):
            continue
        low, high = RANGES.get(key, (-math.inf, math.inf))
        if isinstance(value, str) or low <= value <= high:
            out[key] = value
    return out


def apply_claim(values: Mapping[str, object], *, keep: frozenset[str] = frozenset()) -> list[str]:
    """Fill the claim inputs with ``values`` (from :func:`input_values`); the keys filled.

    Bound inputs take their value through session state (call before they
    are drawn); the benchmark menu through ``?bench=``. Keys in ``keep`` are
    left alone.
    """
    filled = []
    for key, value in values.items():
        if key in keep:
            continue
        if key == "bench":
            st.query_params["bench"] = str(value)
        elif key in BOUND:
            st.session_state[key] = value
        else:
            continue
        filled.append(key)
    return filled


def link_keys() -> frozenset[str]:
    """The claim keys the link itself gives (kept on a session's first run)."""
    return frozenset(k for k in (*BOUND, "bench") if params.raw_param(k) not in (None, ""))


def preset_conflict(parsed: ParsedClaim) -> str | None:
    """A prompt when the sentence gives n but no benchmark and the chosen preset has another size.

    The preset locks the number of questions, so the sentence's n would be
    silently overridden; clearing the preset is the reader's call.
    """
    key = params.raw_param("bench")
    if parsed.n is None or parsed.bench is not None or key not in BENCHMARK_KEYS:
        return None
    preset = get_benchmark(key)
    if preset.questions == parsed.n:
        return None
    return (
        f"It says {words.plural(parsed.n, 'question')}; the {preset.name} preset chosen below "
        f"has {words.count(preset.questions)}. Clear the preset to use "
        f"{words.count(parsed.n)}."
    )


def chip(key: str, value: object) -> str:
    """One chip's words (Markdown): "Score A: 87.3%", "Benchmark: GPQA Diamond"."""
    if key in ("a", "b", "score"):
        shown = words.score(value)
    elif key in ("se_a", "se_b"):
        shown = f"{words.points(value, signed=False, decimals=2)} points"
    elif key == "lead":
        shown = f"{words.points(value)} points"
    elif key == "n":
        shown = words.count(value)
    elif key == "bench":
        shown = get_benchmark(value).name
    else:  # a model name: the sentence's own words, shown as text
        shown = escape_markdown(str(value))
    return f"{LABELS.get(key, key)}: {shown}"


def chips(parsed: ParsedClaim) -> list[str]:
    """The chips in the order of the sentence, one per field read."""
    out: dict[str, str] = {}
    for span in parsed.spans:
        value = parsed.fields.get(span.field)
        if span.field == "score":  # a score it could not give to A or B
            label = f"{LABELS['score']}: {escape_markdown(span.text)}"
            out[f"score{span.start}"] = label
        elif value is not None and span.field not in out:
            out[span.field] = chip(span.field, value)
    return list(out.values())


def _show_parse(parsed: ParsedClaim) -> None:
    """The chips, the note on correcting them, and the parser's questions as prompts."""
    labels = chips(parsed)
    if labels:
        st.markdown("**What it read**")
        row = st.container(horizontal=True, gap="small")
        for label in labels:  # badges, not disabled pills: those are grey, too faint to read
            row.badge(label, color="orange" if label.startswith(LABELS["score"]) else "blue")
        st.markdown("Correct it in the inputs below: they are what the verdict uses.")
    if not parsed.is_claim and not parsed.questions:  # its questions say what is missing
        st.info(
            "No claim to grade here: it needs two scores, or a lead in points. "
            "Type the numbers in the inputs below.",
            icon=":material/help:",
        )
    elif parsed.is_claim and (parsed.a is None or parsed.b is None):
        st.info(
            "It gives a lead but not both scores, and the verdict needs the scores: "
            "type them in the inputs below.",
            icon=":material/help:",
        )
    conflict = preset_conflict(parsed)
    for question in (*parsed.questions, *([conflict] if conflict else [])):
        st.warning(escape_markdown(question), icon=":material/help:")


def claim_box() -> ParsedClaim | None:
    """The text box (``?claim=``), its parse, and the inputs filled once per new sentence.

    Returns the parse, or None while the box is empty. Draw it above
    :func:`ui.claim.claim_inputs`.
    """
    text = st.text_area(
        "Paste the claim (optional)",
        key=KEY,
        bind="query-params",
        height=80,
        placeholder=f"For example: {EXAMPLE}",
        help=(
            "A launch sentence, a tweet or a model card line. It fills the scores, the "
            "benchmark, the number of questions and the model names it finds; "
            f"only the first {words.count(MAX_CHARS)} characters are read."
        ),
    )
    if not text or not text.strip():
        st.session_state[_APPLIED] = text or ""
        return None
    parsed = parse_claim(text)
    first_run = _APPLIED not in st.session_state
    if st.session_state.get(_APPLIED) != text:
        keep = link_keys() if first_run else frozenset()
        apply_claim(input_values(parsed), keep=keep)
        st.session_state[_APPLIED] = text
    _show_parse(parsed)
    return parsed

"""The claim box of Check a claim: paste a launch sentence (``?claim=``), see what was read.

:func:`fill` puts what the parser read where the link gives nothing: read values
as *given* (source: the claim), worked-out ones as *derived*.
"""

from __future__ import annotations

import streamlit as st

from benchstats import get_benchmark, words
from benchstats.claims import MAX_CHARS, ParsedClaim, parse_claim
from ui import inputs
from ui.settings import Origin, Settings, Value
from ui.verdict import escape_markdown

KEY = "claim"
CLAIM = "the claim"
FIELDS = ("a", "b", "n", "bench", "se_a", "se_b", "name_a", "name_b")
_PERCENT = ("a", "b", "se_a", "se_b")  # proportions in the parse, percent or points in the link
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


def parsed(s: Settings) -> ParsedClaim | None:
    """The link's sentence, parsed; None while there is none."""
    text = s[KEY]
    return _parse(text) if text and text.strip() else None


_parse = st.cache_data(max_entries=128, show_spinner=False)(parse_claim)


def fill(s: Settings, claim: ParsedClaim) -> Settings:
    """``s`` with the claim's values wherever the link gives none (a link's value wins)."""
    derived = dict(claim.derived_from)
    out: dict[str, Value] = {}
    for key, value in claim.fields.items():
        if key not in FIELDS or s.given(key):
            continue
        shown = round(value * 100, 10) if key in _PERCENT else value
        spec = s.spec(key)
        try:  # the link's own rules: a claim of 5,000,000 questions is refused like a link's
            shown = spec.parse(spec.to_link(shown))
        except ValueError:
            continue
        origin, source = (Origin.DERIVED, derived[key]) if key in derived else (Origin.GIVEN, CLAIM)
        out[key] = Value(shown, origin, source)
    return s.with_values(**out)


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


def chips(claim: ParsedClaim) -> list[str]:
    """The chips in the order of the sentence, one per field read, then what was worked out."""
    out: dict[str, str] = {}
    for span in claim.spans:
        value = claim.fields.get(span.field)
        if span.field == "score":  # a score it could not give to A or B
            out[f"score{span.start}"] = f"{LABELS['score']}: {escape_markdown(span.text)}"
        elif value is not None and span.field not in out:
            out[span.field] = chip(span.field, value)
    for key in claim.derived:
        if key not in out and (value := claim.fields.get(key)) is not None:
            out[key] = chip(key, value) + " (worked out)"
    return list(out.values())


def claim_box(s: Settings, claim: ParsedClaim | None) -> None:
    """The text box (``?claim=``), the chips of what it read, and the parser's questions."""
    inputs.text(
        s,
        KEY,
        "Paste the claim (optional)",
        area=True,
        height=90,
        placeholder=f"For example: {EXAMPLE}",
        help=(
            "A launch sentence, a tweet or a model card line. It fills the scores, the "
            "benchmark, the number of questions and the model names it finds; "
            f"only the first {words.count(MAX_CHARS)} characters are read."
        ),
    )
    if claim is None:
        return
    labels = chips(claim)
    if labels:
        row = st.container(horizontal=True, gap="small")
        for label in labels:
            row.badge(label, color="orange" if label.startswith(LABELS["score"]) else "blue")
        st.caption("What it read. The inputs below take it; correct any of them there.")
    else:
        st.info(
            "Nothing to grade here: no scores, lead or count it can read. Type the numbers below.",
            icon=":material/help:",
        )
    for question in claim.questions:
        st.warning(escape_markdown(question), icon=":material/help:")

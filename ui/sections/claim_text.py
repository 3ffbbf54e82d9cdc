"""The claim box of Check a claim: paste a launch sentence (``?claim=``), see how it was read.

:func:`fill` puts what the parser read where the link gives nothing: read values
as *given* (source: the claim), worked-out ones as *derived*. :func:`reading`
shows the pasted sentence with every number marked by its role, as text (so a
screen reader reads it too), under the verdict. While the parser asks
(:func:`open_questions`), there is no verdict: :func:`questions` shows each
question with its choices as buttons that put the answer in the link
(``?pick=``), so the state stays a link.
"""

from __future__ import annotations

import streamlit as st

from benchstats import get_benchmark, language, words
from benchstats.claims import MAX_CHARS, Mark, ParsedClaim, Question, marked, parse_claim
from benchstats.language import N_, _
from benchstats.outside_text import markdown_piece
from ui import inputs
from ui import settings as settings_
from ui.settings import Origin, Settings, Value
from ui.verdict import escape_markdown

KEY = "claim"
PICK = "pick"
# TRANSLATORS: where a value came from, as "From the claim".
CLAIM = N_("the claim")
FIELDS = ("a", "b", "n", "bench", "se_a", "se_b", "name_a", "name_b")
_PERCENT = ("a", "b", "se_a", "se_b")  # proportions in the parse, percent or points in the link
EXAMPLE = "Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%"  # English: it is read
#: Each role's colour on the page (the role is also written out, for readers who see no colour).
_COLOURS = {
    "score": "blue",
    "score of both": "blue",
    "count": "blue",
    "lead": "violet",
    "relative lead": "violet",
    "fewer errors": "violet",
    "change": "violet",
    "relative change": "violet",
    "number of questions": "green",
    "total": "green",
    "SE": "orange",
    "95% half-width": "orange",
    "interval": "orange",
}


def picks(s: Settings) -> tuple[str, ...]:
    """The reader's answers to the claim's questions, from the link."""
    return tuple(p for p in (s[PICK] or "").split(",") if p)


def parsed(s: Settings) -> ParsedClaim | None:
    """The link's sentence, read with the link's answers; None while there is none."""
    text = s[KEY]
    return _parse(text, picks(s)) if text and text.strip() else None


def _parse(text: str, picks: tuple[str, ...]) -> ParsedClaim:
    return _parsed(text, picks, language.current())  # its marks and questions are in words


@st.cache_data(max_entries=128, show_spinner=False)
def _parsed(text: str, picks: tuple[str, ...], lang: str) -> ParsedClaim:
    return parse_claim(text, picks)


def fill(s: Settings, claim: ParsedClaim) -> Settings:
    """``s`` with the claim's values wherever the link gives none (a link's value wins).

    A count the sentence states wins over its benchmark's preset: the preset is then
    not chosen (it would lock the questions at its own size), and the reading says so.
    """
    derived = dict(claim.derived_from)
    fields = claim.fields
    if claim.bench and claim.n is not None and claim.n != get_benchmark(claim.bench).questions:
        fields = {k: v for k, v in fields.items() if k != "bench"}
    out: dict[str, Value] = {}
    for key, value in fields.items():
        if key not in FIELDS or s.given(key):
            continue
        shown = round(value * 100, 10) if key in _PERCENT else value
        spec = s.spec(key)
        try:  # the link's own rules: a claim of 5,000,000 questions is refused like a link's
            shown = spec.parse(spec.to_link(shown))
        except ValueError:
            continue
        if key in derived:
            out[key] = Value(shown, Origin.DERIVED, derived[key])
        else:  # "55.0%" keeps its decimal in the box and the verdict
            out[key] = Value(shown, Origin.GIVEN, _(CLAIM), claim.decimals.get(key, 0))
    return s.with_values(**out)


def in_link(s: Settings, key: str) -> bool:
    """The reader gave ``key`` in the link (not the claim's reading of it)."""
    v = s.value(key)
    return v.origin is Origin.GIVEN and v.source == settings_.LINK


def _answered(s: Settings, key: str) -> bool:
    """The reader gave ``key`` in the link (a chosen preset gives the questions)."""
    return in_link(s, key) or (key == "n" and in_link(s, "bench"))


def open_questions(s: Settings, claim: ParsedClaim | None) -> tuple[Question, ...]:
    """The claim's questions still open: one is settled by a choice (in ``pick``), or once the
    reader types every field it is about."""
    if claim is None:
        return ()
    return tuple(q for q in claim.asks if not q.about or not all(_answered(s, k) for k in q.about))


def claim_box(s: Settings) -> None:
    """The text box (``?claim=``); a new sentence drops the answers given to the old one."""
    inputs.text(
        s,
        KEY,
        _("Paste the claim (optional)"),
        area=True,
        height=90,
        # TRANSLATORS: {example} is an English claim (the claim box reads English sentences).
        placeholder=_("For example: {example}").format(example=EXAMPLE),
        # TRANSLATORS: {count} is the most characters read, "2,000".
        help=_(
            "A launch sentence, a tweet or a model card line. It fills the scores, the "
            "benchmark, the number of questions and the model names it finds; only the first "
            "{count} characters are read."
        ).format(count=words.count(MAX_CHARS)),
        changes=lambda text: {KEY: text, PICK: None},
    )
    if note := s.refusal(PICK):  # the link's answer is not one the page offered
        st.warning(note, icon=":material/link_off:")


def _shown(m: Mark) -> str:
    """One marked span: the sentence's own words, then their role in words."""
    text = escape_markdown(m.text)
    if m.role in ("model A", "model B", "benchmark", "metric"):  # words, not numbers: no colour
        role = _(m.says)  # the role's words, marked in benchstats.claims.parser
        return f"{text} _({role})_"
    if m.role == "not used":
        # TRANSLATORS: a number of the claim the verdict leaves out, and why ({reason}).
        note = _("not used: {reason}").format(reason=escape_markdown(_(m.says)))
        return f"{text} _({note})_"
    colour = _COLOURS.get(m.role, "gray")
    return f":{colour}-background[**{text}**] _({escape_markdown(m.says)})_"


def reading(claim: ParsedClaim | None) -> None:
    """How the sentence was read, under the verdict: the marked sentence, then what each number
    implied and what the reader chose without asking."""
    if claim is None:
        return
    if not claim.marks:
        st.info(
            _(
                "Nothing to grade here: no scores, lead or count it can read. Type the numbers "
                "below."
            ),
            icon=":material/help:",
        )
        return
    said = [m.implied for m in claim.reading if m.implied] + list(claim.notes)
    worked = " ".join(escape_markdown(_sentence(x)) for x in said)
    sentence = marked(claim, _shown, markdown_piece)
    if worked:
        # TRANSLATORS: the claim with each number marked by its role ({sentence}), then what the
        # numbers imply ({worked}).
        said = _("**How it read the claim.** {sentence} — {worked}")
    else:
        said = _("**How it read the claim.** {sentence}")
    st.markdown(said.format(sentence=sentence, worked=worked))


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def questions(s: Settings, asked: tuple[Question, ...]) -> None:
    """What must be settled before a verdict: each question, its choices as buttons."""
    st.info(
        _(
            "**No verdict yet: first settle what the claim says.** A question is not a verdict: "
            "choose an answer below, or type the numbers in the inputs."
        ),
        icon=":material/pending:",
    )
    chosen = picks(s)
    for k, q in enumerate(asked):
        st.warning(escape_markdown(q.text), icon=":material/help:")
        if not q.choices:
            continue
        row = st.container(horizontal=True, wrap=True, gap="small")
        for choice in q.choices:
            new = ",".join(dict.fromkeys((*chosen, choice.pick)))
            row.button(
                escape_markdown(choice.label),
                key=f"pick-{k}-{choice.pick}",
                on_click=settings_.write,
                args=(s, {PICK: new}),
            )

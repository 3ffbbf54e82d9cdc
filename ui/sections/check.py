"""Check a claim, section by section: the claim read, its grade, and what the page draws of it.

:func:`read` fills the link's settings from a pasted sentence, a preset and,
for a sentence with scores but no count, an assumed count every sentence names.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from benchstats import language, words
from benchstats.charts import Caption
from benchstats.charts.claim import claim_figure
from benchstats.claims import ParsedClaim, Question
from benchstats.gaps import fewest_clearing
from benchstats.grading import Grading, grade_reported_se, grade_unpaired
from benchstats.language import N_, _
from benchstats.luck import count_ladder
from benchstats.power import questions_needed
from benchstats.prose import claim as prose
from benchstats.prose import listed
from ui import claim, figure, inputs, predict
from ui.registry import page
from ui.sections import claim_text
from ui.sections.claim_predict import luck_question
from ui.settings import EXAMPLE, Origin, Settings, Value
from ui.verdict import escape_markdown, plan_list, verdict_card

ASSUMED_N = 100
# TRANSLATORS: why a count of questions is assumed, as "Assuming 100 questions: the claim gives
# no count."
NO_COUNT = N_("the claim gives no count")
# TRANSLATORS: what the verdict still needs, listed in "No verdict yet: it needs …"; {a} and {b}
# are the models' names.
NEEDS = {
    "a": N_("the score of {a}"),
    "b": N_("the score of {b}"),
    "n": N_("the number of questions (or a benchmark preset)"),
    "se": N_("both reported standard errors (or the number of questions)"),
}
# TRANSLATORS: what each deeper page shows, after its title in a list of links.
_LINKS = (
    ("luck", N_("watch two equally good models drift apart by luck")),
    ("grader", N_("paired tests, other intervals, per-question files")),
    ("needed", N_("how many questions this lead would need")),
)


def read(s: Settings) -> tuple[Settings, ParsedClaim | None]:
    """The claim in full: the link, then the pasted sentence, a preset, a stated assumption."""
    parsed = claim_text.parsed(s)
    if parsed is not None:
        s = claim_text.fill(s, parsed)
    s = claim.with_preset(s)
    scores_stand = s.value("a").stands and s.value("b").stands
    if parsed is not None and scores_stand and not uses_se(s) and not s.value("n").stands:
        s = s.with_values(n=Value(ASSUMED_N, Origin.ASSUMED, _(NO_COUNT)))
    return s, parsed


def uses_se(s: Settings) -> bool:
    """Both reported standard errors stand: they, not a count, set the gap's SE."""
    return s.value("se_a").stands and s.value("se_b").stands


def missing(s: Settings) -> tuple[str, ...]:
    """What the verdict needs that nobody gave, in words ("the score of B"); () when nothing."""
    names = claim.names_of(s)
    keys = s.missing(("a", "b") + (() if uses_se(s) else ("n",)))
    said = [_(NEEDS[k]).format(a=names.first, b=names.second) for k in keys]
    if "n" in keys and (s.value("se_a").stands or s.value("se_b").stands):
        said[-1] = _(NEEDS["se"])
    return tuple(said)


def grade(s: Settings) -> Grading:
    """The claim graded from what stands; ValueError when the numbers cannot be graded."""
    return _graded(s, language.current())  # the grading holds words: one per language


@st.cache_data(max_entries=256, show_spinner=False)
def _graded(s: Settings, lang: str) -> Grading:
    names = claim.names_of(s)
    typed = (s.value("a").decimals, s.value("b").decimals)  # the sentences keep "55.0%"
    if uses_se(s):
        g = grade_reported_se(
            s["a"] / 100, s["se_a"] / 100, s["b"] / 100, s["se_b"] / 100, names=names
        )
        return replace(g, decimals=typed)
    g = grade_unpaired(s["a"] / 100, s["b"] / 100, int(s["n"]), names=names)
    assumed = _(NO_COUNT) if s.origin("n") is Origin.ASSUMED else ""
    return replace(g, assumed=assumed, decimals=typed)


def stated_questions(s: Settings) -> int | None:
    """The questions the reader gave (or a preset's, or the claim's); None if assumed or unknown."""
    stated = s.origin("n") in (Origin.GIVEN, Origin.PRESET, Origin.DERIVED)
    return int(s["n"]) if stated else None


def is_example(s: Settings) -> bool:
    """True while the page shows its worked example (nothing given yet)."""
    return s.value("a").source == EXAMPLE


def verdict(
    s: Settings, g: Grading | None, *, error: str | None = None, asked: tuple[Question, ...] = ()
) -> bool:
    """The verdict card, or what the claim asks, or what is missing; True when the verdict shows."""
    if asked:  # a question is not a verdict
        claim_text.questions(s, asked)
        return False
    if error is not None:
        # TRANSLATORS: {error} says why (in English: the library's own message).
        st.error(
            _("These numbers can't be graded: {error}.").format(error=error),
            icon=":material/error:",
        )
        return False
    if g is None:
        gaps = missing(s)
        # TRANSLATORS: {needs} lists what is missing, "the score of B and the number of questions".
        st.info(
            _(
                "**No verdict yet: it needs {needs}.** Nothing is graded on a number nobody gave: "
                "type it in the inputs (or paste the whole claim)."
            ).format(needs=listed([escape_markdown(x) for x in gaps])),
            icon=":material/pending:",
        )
        return False
    if not predict.gate(luck_question(g, claim.bench_name(s)), key="check", on=s["predict"]):
        return False
    headline = prose.headline(g)
    if is_example(s):
        # TRANSLATORS: the verdict of the page's worked example; {headline} is the verdict.
        headline = _("Worked example. {headline}").format(headline=headline)
    tone = None if g.gap.lead == 0 else g.clears
    verdict_card(headline, prose.key_numbers(g), clears=tone)
    return True


def more_questions(s: Settings, g: Grading) -> int | None:
    """The "same scores on other counts" count: the reader's; for a lead that clears, the fewest
    questions on which it still would; else what it would need (at most a million). None
    without a count (reported SEs)."""
    if g.mode != "unpaired":
        return None
    if s.value("more").stands:
        return int(s["more"])
    if g.clears:
        return fewest_clearing(g.a, g.b)
    try:
        need = questions_needed(g.a, g.b) if g.a != g.b else 10 * g.n
    except ValueError:  # a lead too small to count the questions it needs
        need = 1_000_000
    return max(1, min(int(need), 1_000_000))


def more_slider(g: Grading, more: int) -> tuple[list[int], str, str]:
    """The slider of the same scores on other counts: its stops, label and help. A lead that
    clears asks how few questions would still do, one inside the noise how many it needs; a
    link's count on the other side of the claim's is named as neither."""
    if g.clears:
        stops = count_ladder(1, g.n)
        label = _("The same scores on fewer questions")
        help = _("Slide to see how the range for the lead widens as the questions shrink.")
    else:
        stops = count_ladder(max(10, g.n), 1_000_000)
        label = _("The same scores on more questions")
        help = _("Slide to see how the range for the lead narrows as the questions grow.")
    if more != g.n and (more > g.n) == g.clears:
        label = _("The same scores on another number of questions")
    return stops, label, help


def caption(s: Settings, g: Grading) -> Caption:
    """What a downloaded chart carries: the claim, the verdict, the link, the inputs."""
    return Caption(
        title=prose.claim_words(g, claim.bench_name(s)),
        verdict=prose.headline(g),
        source=s.permalink(),
        inputs=tuple(claim.page_query(s, "check").items()),
    )


def chart(s: Settings, g: Grading) -> None:
    """The scores and the lead against zero, the same scores on more questions below; downloads
    only for a claim the reader gave."""
    names = (g.names.first, g.names.second)
    more = more_questions(s, g)
    wider = grade_unpaired(g.a, g.b, more).gap if more is not None else None
    if uses_se(s):
        alt_text = _(
            "Top: each score with its 95% interval (score ± 1.96 × reported SE). Bottom: the lead "
            "with its 95% range; a range that crosses the black line at 0 is inside the noise."
        )
    else:
        alt_text = _(
            "Top: each score with its 95% interval (Wilson). Bottom: the lead with its 95% range; "
            "a range that crosses the black line at 0 is inside the noise."
        )
    se_a, se_b = g.score_ses if uses_se(s) else (None, None)
    fig = claim_figure(
        g.a, g.b, g.gap, n=None if uses_se(s) else g.n, se_a=se_a, se_b=se_b, names=names,
        more=None if wider is None else (more, wider),
        alt_text=alt_text,
    )  # fmt: skip
    downloads = not is_example(s)
    figure.show(fig, key="claim", caption=caption(s, g) if downloads else None, downloads=downloads)
    if wider is not None:
        least = g.clears and more == fewest_clearing(g.a, g.b)
        st.markdown(prose.more_questions_line(g, more, wider, fewest=least))
    if plan := plan_list(prose.plan_numbers(g)):
        st.markdown(plan)


def controls(s: Settings, g: Grading | None) -> None:
    """Every input of the claim, in the order a reader fills them in."""
    claim_text.claim_box(s)
    names = claim.names_of(s)
    claim.name_inputs(s)
    claim.scores(s, names)
    claim.bench_menu(s)
    claim.questions(s)
    with st.expander(_("Reported ± standard errors"), expanded=uses_se(s) or s.given("se_a")):
        st.caption(_("Some leaderboards print score ± SE. Give both and they replace the count."))
        claim.standard_errors(s)
    if g is not None and (more := more_questions(s, g)) is not None:
        ladder, label, help = more_slider(g, more)
        at = s if s.value("more").stands else s.with_values(more=Value(more, Origin.DEFAULT))
        inputs.stops(at, "more", label, [*ladder, more], format_func=words.count, help=help)
    predict.switch(s)


def sentence(s: Settings, g: Grading) -> None:
    """The sentence to copy: the claim, the evidence, the verdict (and any assumption)."""
    st.markdown(_("**Copy this sentence**"))
    st.code(prose.copy_sentence(g, claim.bench_name(s)), language=None, wrap_lines=True)


def notes(s: Settings, g: Grading) -> None:
    """Honest words where the normal range is rough or a score is not a whole count."""
    if g.mode == "unpaired" and g.gap.se == 0 and g.gap.lead:
        st.info(_(prose.EDGE_NOTE), icon=":material/info:")
    elif g.mode == "unpaired" and g.n < 30:
        # TRANSLATORS: {questions} is "12 questions".
        st.info(
            _(
                "With {questions} the normal-approximation range is rough; the exact chance by "
                "luck is the better guide."
            ).format(questions=words.plural(g.n, "question")),
            icon=":material/info:",
        )
    if g.mode == "unpaired" and (note := prose.whole_count_note(g.a, g.b, g.n)):
        st.markdown(note)


def working(g: Grading) -> None:
    """The arithmetic behind every number on the card, one click away."""
    with st.expander(_("The arithmetic")):
        st.markdown("\n".join(f"- {line}" for line in prose.arithmetic(g)))


def links(s: Settings) -> str:
    """Plain links (a new tab, a new session) that open the deeper pages with this claim."""
    head = _(
        "**Look deeper with the same claim.** Each opens in a new tab with this claim filled in."
    )
    items = []
    for k, why in _LINKS:
        title, url, said = _(page(k).title), claim.page_url(s, k), _(why)
        items.append(f"- [{title}]({url}): {said}")
    return head + "\n\n" + "\n".join(items)


def graded(s: Settings, asked: tuple[Question, ...] = ()) -> tuple[Grading | None, str | None]:
    """The grade, or None (the claim asks something, or a number is missing), and the error
    when the numbers can't be graded."""
    if asked or missing(s):
        return None, None
    try:
        return grade(s), None
    except ValueError as err:
        return None, str(err)

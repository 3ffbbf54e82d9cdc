"""Check a claim's table of rivals: a claim against several models, graded pair by pair.

Where the pasted sentence sets model A against several models on one
benchmark (:attr:`benchstats.claims.ParsedClaim.rivals`), the verdict above is
A against the closest rival; this section shows A against each one, closest
first, with each pair's verdict, a sentence that names both sides where A leads
some and trails others, and a link that opens every model in the Leaderboard
checker. The pairs use the page's own A, questions and SEs, so the table and
the verdict agree; a reader who types another A or B has left the claim, and
the table is not shown.
"""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from benchstats import words
from benchstats.claims import ParsedClaim
from benchstats.language import _
from benchstats.outside_text import markdown
from benchstats.prose import claim as prose
from benchstats.rivals import Model, RivalPair, board_rows, grade_rivals
from ui import claim as claim_ui
from ui import registry, tables
from ui.sections import claim_text
from ui.sections.check import NO_COUNT
from ui.settings import Origin, Settings

_OWN = ("a", "b", "name_a", "name_b", "se_a", "se_b")


def models(s: Settings, claim: ParsedClaim | None) -> tuple[Model, list[Model]] | None:
    """Model A as the page has it and the claim's rivals, or None when there are none to show."""
    if claim is None or not claim.rivals or any(claim_text.in_link(s, k) for k in _OWN):
        return None
    with_se = s.value("se_a").stands and s.value("se_b").stands
    name_a = claim_ui.names_of(s).first
    se_a = round(s["se_a"] / 100, 12) if with_se else None  # the link's percent, as a proportion
    winner = (name_a, round(s["a"] / 100, 12), se_a)
    return winner, [(r.name, r.score, r.se if with_se else None) for r in claim.rivals]


def pairs(s: Settings, claim: ParsedClaim | None) -> tuple[RivalPair, ...]:
    """A against each rival, the closest first; () when there are none or they can't be graded."""
    got = models(s, claim)
    if got is None:
        return ()
    winner, rivals = got
    n = None if winner[2] is not None else int(s["n"])
    try:
        return grade_rivals(winner, rivals, n=n)
    except ValueError:  # a score the page refuses: the verdict above says why
        return ()


def leaderboard_url(s: Settings, claim: ParsedClaim) -> str | None:
    """A relative link that opens every model of the claim in the Leaderboard checker, with
    the benchmark or the questions only where the reader or the claim gave them."""
    got = models(s, claim)
    if got is None:
        return None
    winner, rivals = got
    query: dict[str, object] = {"rows": str(board_rows(winner, rivals))}
    if claim_ui.bench_of(s) is not None:
        query["bench"] = s["bench"]
    elif winner[2] is None and stated(s):
        query["n"] = int(s["n"])
    return f"{registry.page('leaderboard').url_path}?{urlencode(query)}"


def stated(s: Settings) -> bool:
    """The questions were given, preset or worked out, not assumed."""
    return s.origin("n") in (Origin.GIVEN, Origin.PRESET, Origin.DERIVED)


def section(s: Settings, claim: ParsedClaim | None) -> None:
    """The table of rivals under the verdict, with its sentence and its link."""
    graded = pairs(s, claim)
    if not graded:
        return
    name_a = claim_ui.names_of(s).first
    st.markdown(f"**{markdown(prose.rivals_line(name_a, graded))}**")
    tables.show(prose.rivals_table(graded, {r.name: r.decimals for r in claim.rivals}))
    if graded[0].grading.mode == "unpaired":
        n = graded[0].grading.n
        questions = words.plural(n, "question")
        if stated(s):
            # TRANSLATORS: {questions} is "100 questions".
            said = _("Each pair is graded on {questions}, as the verdict is.")
        else:
            # TRANSLATORS: {assumed} says why the count is assumed, "the claim gives no count".
            said = _("Each pair is graded on {questions} (assumed: {assumed}), as the verdict is.")
        st.caption(said.format(questions=questions, assumed=_(NO_COUNT)))
    url = leaderboard_url(s, claim)
    if url is not None:
        # TRANSLATORS: a link; {count} is the number of models (3 or more), {url} its address.
        st.markdown(
            _("[Open all {count} models in the Leaderboard checker]({url})").format(
                count=words.count(len(graded) + 1), url=url
            )
        )

"""The questions to ask of a leaderboard row (Check a claim), each linked to the page that
explains it; an answer the page does not know reads "not stated", never a default."""

from __future__ import annotations

import streamlit as st

from benchstats.benchmarks import Benchmark
from benchstats.claims.checklist import CheckItem, row_checklist
from benchstats.language import N_, _
from ui import settings
from ui.registry import page
from ui.verdict import escape_markdown

TITLE = N_("The questions to ask of a leaderboard row")
INTRO = N_(
    "A score on a leaderboard is one draw from many that could have been. Before comparing "
    "two rows, ask:"
)


def link(key: str) -> str:
    """A relative Markdown link to the page registered under ``key`` (works under any base path)."""
    p = page(key)
    lang = settings.given_language()
    title, path = _(p.title), p.url_path or "."
    return f"[{title}]({path}{f'?lang={lang}' if lang else ''})"


def item_markdown(item: CheckItem) -> str:
    """One line: the question in bold, the answer (italic when not stated), the page to read."""
    answer = escape_markdown(item.answer)
    shown = answer if item.known else f"_{answer}_"
    # TRANSLATORS: one line of the checklist: the question (its English for now), the answer,
    # and a link to the page that explains it.
    return _("- **{question}** {answer}. Explained in {page}.").format(
        question=escape_markdown(item.question), answer=shown, page=link(item.page)
    )


def checklist_section(
    n: int | None, *, bench: Benchmark | None = None, metric: str | None = None, after: str = ""
) -> None:
    """The checklist for a row with ``n`` questions, preset ``bench`` and the parsed ``metric``,
    then ``after`` (Markdown: the page's links) in the same element."""
    items = row_checklist(n, bench=bench, metric=metric)
    lines = "\n".join(item_markdown(item) for item in items)
    st.subheader(_(TITLE))
    st.markdown(_(INTRO) + f"\n\n{lines}" + (f"\n\n{after}" if after else ""))

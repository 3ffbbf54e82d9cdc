"""The verdict card: one bold sentence, verdict first, then the key numbers.

Any page that answers a question with a verdict uses it the same way::

    from ui.verdict import KeyNumber, verdict_card

    verdict_card(
        "Inside the noise: this benchmark cannot tell these two models apart.",
        [
            KeyNumber("Lead", "+4.0 points"),
            KeyNumber("95% range for the true lead", "−7.1 to +15.1"),
            KeyNumber("SE of the gap", "5.65 points", help="..."),
        ],
        clears=False,
    )

The headline is written as plain text (Markdown characters escaped), so it is
safe even when a page builds it from reader input. Key numbers sit in a
wrapping row of tiles as wide as their content, so they never truncate and
never scroll sideways: one or two rows on a laptop, more on a phone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import streamlit as st

from benchstats.prose import KeyNumber

_TONES = {
    True: (":material/check_circle:", "green"),
    False: (":material/balance:", "orange"),
    None: (":material/info:", "blue"),
}
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~$:])")


__all__ = ["KeyNumber", "escape_markdown", "headline_markdown", "verdict_card"]


def escape_markdown(text: str) -> str:
    """``text`` with Markdown (and Streamlit's ``:colour[]``/``$``) characters escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def headline_markdown(headline: str, clears: bool | None) -> str:
    """The Markdown of the headline: a coloured icon, then the sentence in bold."""
    icon, colour = _TONES[clears]
    return f"#### :{colour}[{icon}] {escape_markdown(headline)}"


def plan_list(plan: Sequence[KeyNumber]) -> str | None:
    """Planning numbers as one Markdown list, each with what it assumes; None for none.

    Examples
    --------
    >>> print(plan_list([KeyNumber("Questions to detect this lead", "1,234", "At 80% power.")]))
    **Planning**
    <BLANKLINE>
    - Questions to detect this lead: **1,234**. At 80% power.
    """
    if not plan:
        return None
    items = [f"- {k.label}: **{k.value}**." + (f" {k.help}" if k.help else "") for k in plan]
    return "\n".join(["**Planning**", "", *items])


def verdict_card(
    headline: str,
    numbers: Sequence[KeyNumber],
    *,
    clears: bool | None = None,
    note: str | None = None,
    body: str | None = None,
    plan: Sequence[KeyNumber] = (),
    container: Any = None,
) -> None:
    """Draw the card: the verdict sentence, then 3–6 key numbers as metrics.

    Parameters
    ----------
    headline : str
        One short sentence, the verdict first ("Clears the noise: …").
    numbers : sequence of KeyNumber
        Already formatted values (no "nan" may reach here: format first).
    clears : bool or None
        True for a lead that clears the noise (green tick), False for one
        inside it (orange), None for a neutral answer (blue).
    note : str, optional
        A caption under the numbers (Markdown; the page's own words only).
        Grey small print: never for a number that matters (use ``body``).
    body : str, optional
        Markdown in normal text under the numbers (key numbers, what an
        input would add).
    plan : sequence of KeyNumber, optional
        Numbers for planning the next run, as a list after ``body`` (each
        with its note) rather than tiles: one element, not one a number, on
        every edit (about 2 ms each in Chromium).
    container : optional
        Where to draw (default: the main area).
    """
    where = container if container is not None else st
    card = where.container(border=True)
    card.markdown(headline_markdown(headline, clears))
    if numbers:  # no empty row: every element is redrawn on every edit
        row = card.container(horizontal=True, wrap=True, gap="small")
        for item in numbers:
            row.metric(item.label, item.value, help=item.help, width="content")
    text = "\n\n".join(x for x in (body, plan_list(plan)) if x)
    if text:
        card.markdown(text)
    if note:
        card.caption(note)

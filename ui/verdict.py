"""The verdict card: one bold sentence, verdict first, then the key numbers.

The headline and the tiles' labels and help are plain text, made Markdown here
(:func:`benchstats.outside_text.markdown`), so they may hold names from outside;
the key numbers sit in a wrapping row of tiles as wide as their content.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from benchstats.language import _
from benchstats.outside_text import markdown as escape_markdown
from benchstats.prose import KeyNumber

_TONES = {
    True: (":material/check_circle:", "green"),
    False: (":material/balance:", "orange"),
    None: (":material/info:", "blue"),
}


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
    return "\n".join(["**" + _("Planning") + "**", "", *items])


def tiles(numbers: Sequence[KeyNumber], *, where: Any = st, gap: str = "small") -> None:
    """Numbers as metric tiles as wide as their content, in a row that wraps on a narrow screen."""
    row = where.container(horizontal=True, wrap=True, gap=gap)
    for item in numbers:
        shown = escape_markdown(item.help) if item.help else None
        row.metric(escape_markdown(item.label), item.value, help=shown, width="content")


def verdict_card(
    headline: str,
    numbers: Sequence[KeyNumber],
    *,
    clears: bool | None = None,
    note: str | None = None,
    body: str | None = None,
    container: Any = st,
) -> None:
    """Draw the card: the verdict sentence, then the key numbers as metrics.

    ``clears``: True for a lead that clears the noise (green tick), False for
    one inside it (orange), None for a neutral answer (blue). ``numbers`` are
    already formatted. Under them: ``body`` (Markdown in normal text), then
    ``note`` in grey small print (never for a number that matters).
    """
    icon, colour = _TONES[clears]
    card = container.container(border=True)
    card.markdown(f"#### :{colour}[{icon}] {escape_markdown(headline)}")
    if numbers:
        tiles(numbers, where=card)
    if body:
        card.markdown(body)
    if note:
        card.caption(note)

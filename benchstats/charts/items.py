"""Chart of per-question results: where two models disagree, the only questions that carry
information in a paired comparison."""

from __future__ import annotations

import functools

import altair as alt
import numpy as np
import pandas as pd

from benchstats import words
from benchstats.charts._common import MODEL_COLOURS, Figure, style, zero_rule
from benchstats.items import PairedItems
from benchstats.language import _, pgettext

MAX_GROUPS = 20  # with more clusters, the ones with the most disagreements are shown
BLOCKS = 10  # file-order blocks when there are no clusters
_ROW_HEIGHT = 30


def _groups(paired: PairedItems) -> tuple[np.ndarray, list[str]]:
    """A group code per question and the group names, in display order."""
    n = paired.n
    if paired.has_clusters:
        return paired.cluster, [str(c) for c in paired.clusters]
    blocks = min(BLOCKS, n)
    code = np.arange(n) * blocks // n
    starts = np.searchsorted(code, np.arange(blocks))
    ends = np.append(starts[1:], n)
    # TRANSLATORS: a block of questions in file order, "Questions 1–20", or one, "Question 7".
    block, one = _("Questions {first}–{last}"), _("Question {first}")
    names = [
        block.format(first=words.count(s + 1), last=words.count(e))
        if e > s + 1
        else one.format(first=words.count(s + 1))
        for s, e in zip(starts, ends, strict=True)
    ]
    return code, names


def disagreement_frame(paired: PairedItems, *, max_groups: int = MAX_GROUPS) -> pd.DataFrame:
    """Per group (cluster, else a block of questions in file order): questions where A scored
    higher and where B did.

    Past ``max_groups`` clusters the busiest are kept, most first (``groups_total``
    counts them all); ``signed`` is the count with B's side negative.

    >>> from benchstats.items import pair_items, read_items
    >>> p = pair_items(read_items(b"question_id,a,b\\nq1,1,0\\nq2,1,0\\nq3,0,1\\nq4,1,1\\n"))
    >>> disagreement_frame(p)[["group", "side", "questions"]].values.tolist()[:4]
    [['Question 1', 'A', 1], ['Question 1', 'B', 0], ['Question 2', 'A', 1], ['Question 2', 'B', 0]]
    """
    code, names = _groups(paired)
    g = len(names)
    d = paired.diff
    a_wins = np.bincount(code, weights=d > 0, minlength=g).astype(np.int64)
    b_wins = np.bincount(code, weights=d < 0, minlength=g).astype(np.int64)
    size = np.bincount(code, minlength=g).astype(np.int64)
    keep = np.flatnonzero(size > 0)
    total = keep.size
    if paired.has_clusters and keep.size > max_groups:  # the busiest clusters, most first
        keep = keep[np.argsort(-(a_wins + b_wins)[keep], kind="stable")][:max_groups]
    names = [names[i] for i in keep]
    a_wins, b_wins, size = a_wins[keep], b_wins[keep], size[keep]
    # TRANSLATORS: a legend's entry, {model} a model's name.
    higher = _("Only {model} right") if paired.binary else _("{model} scored higher")
    k, wins, group_n = len(names), np.column_stack([a_wins, b_wins]).ravel(), np.repeat(size, 2)
    return pd.DataFrame(
        {
            "group": np.repeat(names, 2),
            "order": np.repeat(np.arange(k), 2),
            "side": np.tile(["A", "B"], k),
            "label": np.tile(
                [higher.format(model=paired.model_a), higher.format(model=paired.model_b)], k
            ),
            "questions": wins,
            "signed": wins * np.tile([1, -1], k),
            "share": wins / group_n,
            "group_n": group_n,
            "groups_total": total,
        }
    )


def disagreement_chart(
    df: pd.DataFrame, names: tuple[str, str] = ("A", "B"), *, binary: bool = True
) -> alt.TopLevelMixin:
    """Bars either side of zero, one row per group: A's wins right, B's left (``binary``: the
    scores are 0 or 1, so a question is won, not scored higher)."""
    order = list(dict.fromkeys(df["group"]))
    reach = max(1, int(df["questions"].max())) if len(df) else 1
    labels = list(dict.fromkeys(df["label"])) or ["A", "B"]
    # TRANSLATORS: an axis title; {b} left of zero, {a} right of it ("← claude · gpt →").
    what = (
        _("Questions won (← {b} · {a} →)")
        if binary
        else _("Questions scored higher (← {b} · {a} →)")
    )
    base = alt.Chart(df).encode(
        y=alt.Y("group:N").sort(order).title(None).axis(labelLimit=200),
        tooltip=[
            alt.Tooltip("group:N").title(_("Questions")),
            alt.Tooltip("label:N").title(_("Disagreement")),
            alt.Tooltip("questions:Q").title(_("Questions")).format(","),
            alt.Tooltip("share:Q").title(_("Share of the group")).format(".1%"),
            alt.Tooltip("group_n:Q").title(_("Questions in the group")).format(","),
        ],
    )
    bars = base.mark_bar(height={"band": 0.7}).encode(
        x=alt.X("signed:Q")
        .title(what.format(a=names[0], b=names[1]))
        .scale(domain=[-reach, reach], nice=True)
        .axis(labelExpr="abs(datum.value)", format="d"),
        color=alt.Color("label:N")
        .scale(domain=labels, range=list(MODEL_COLOURS.values()))
        .legend(direction="vertical", labelLimit=300)
        .title(None),
    )
    chart = (zero_rule("x") + bars).properties(
        height=alt.Step(_ROW_HEIGHT), title=_("Where the two models disagree")
    )
    return style(chart)


def disagreement_figure(paired: PairedItems, *, alt_text: str = "") -> Figure:
    """The disagreement chart as a :class:`~benchstats.charts.Figure`, its rows as the CSV.

    >>> from benchstats.items import pair_items, read_items
    >>> fig = disagreement_figure(pair_items(read_items(b"question_id,a,b\\nq1,1,0\\nq2,0,1\\n")))
    >>> fig.name, len(fig.table), fig.spec["title"]
    ('where-models-disagree', 4, 'Where the two models disagree')
    """
    frame = disagreement_frame(paired)
    names = (paired.model_a, paired.model_b)
    picture = functools.partial(disagreement_chart, frame, names, binary=paired.binary)
    table = frame.rename(columns=csv_columns())
    return Figure(picture().to_dict(), picture, table, "where-models-disagree", alt_text)


def csv_columns() -> dict[str, str]:
    """The disagreement rows' columns as a download names them, in the run's language."""
    return {
        "group": pgettext("CSV column", "group"),
        "order": pgettext("CSV column", "order"),
        "side": pgettext("CSV column", "side"),
        "label": pgettext("CSV column", "label"),
        "questions": pgettext("CSV column", "questions"),
        "signed": pgettext("CSV column", "signed"),
        "share": pgettext("CSV column", "share"),
        "group_n": pgettext("CSV column", "group_n"),
        "groups_total": pgettext("CSV column", "groups_total"),
    }

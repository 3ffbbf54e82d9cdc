"""A leaderboard packed into a link: the ``rows`` URL key and back.

    rows=Model A:87.3:1.8,Model B:85.1:n500,Model C:80

- one model per comma-separated item, fields separated by ``:``;
- the name first, percent-encoded only where it holds ``%``, ``:``, ``,``
  or characters outside printable ASCII (spaces stay, the URL encodes them
  as ``%20``);
- the score in percent (``87.3``), then, optionally, the reported ± SE in
  points (``1.8``) and/or the row's number of questions as ``n`` followed by
  digits (``n500``). A row with neither takes the board's ``n`` key.

Numbers are written in their shortest exact decimal form, so decoding an
encoded table gives back the very same floats.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from urllib.parse import quote, unquote

from benchstats.leaderboard import MAX_MODELS
from benchstats.leaderboard_text import MAX_CHARS, PastedBoard

__all__ = ["decode_rows", "encode_rows"]


def _decimal_text(x: float) -> str:
    """The shortest exact decimal of 100·x (x a proportion), no exponent."""
    d = (Decimal(repr(float(x))) * 100).normalize()
    text = format(d, "f")
    return "0" if text in ("-0", "") else text


def encode_rows(
    names: Sequence[str],
    scores: Sequence[float],
    *,
    se: Sequence[float | None] | None = None,
    n: Sequence[int | None] | None = None,
) -> str:
    """The value of the ``rows`` URL key for a table (see the module docstring).

    Examples
    --------
    >>> encode_rows(["Model A", "Model B"], [0.873, 0.851], se=[0.018, None], n=[None, 500])
    'Model A:87.3:1.8,Model B:85.1:n500'
    >>> decode_rows(_).scores
    (0.873, 0.851)
    """
    k = len(names)
    se = list(se) if se is not None else [None] * k
    n = list(n) if n is not None else [None] * k
    if not len(scores) == len(se) == len(n) == k:
        msg = f"names, scores, se and n must have one entry per model, got {k}, {len(scores)}, {len(se)}, {len(n)}"
        raise ValueError(msg)
    items = []
    for name, score, s, count in zip(names, scores, se, n, strict=True):
        fields = [quote(str(name), safe=" ()[]!*'@#$&;=+/-_.~"), _decimal_text(score)]
        if s is not None:
            fields.append(_decimal_text(s))
        if count is not None:
            fields.append(f"n{int(count)}")
        items.append(":".join(fields))
    return ",".join(items)


def _number(text: str) -> float | None:
    try:
        d = Decimal(text)
    except InvalidOperation:
        return None
    if not d.is_finite() or d < 0 or not re.fullmatch(r"\d+(\.\d+)?|\.\d+", text):
        return None
    return float(d / 100)


def _read_items(
    value: str, parse: Callable[[str], tuple | str], *, limit: int, unit: str
) -> tuple[list[tuple], list[str]]:
    """A link value's comma-separated items, each read by ``parse``, and a note per item left out.

    ``parse`` gives a tuple whose first field is the item's name, or a phrase
    saying what is wrong with it. Past ``limit`` items the rest are left out
    with one note; a name seen before keeps its first item.
    """
    rows: list[tuple] = []
    notes: list[str] = []
    seen: set[str] = set()
    items = [v for v in value.split(",") if v.strip()]
    for number, item in enumerate(items, start=1):
        if len(rows) == limit:
            notes.append(
                f"items {number} to {len(items)} of the link left out: at most {limit} {unit}"
            )
            break
        got = parse(item)
        if isinstance(got, str):
            notes.append(f"item {number} of the link ({item[:40]!r}) {got}")
        elif got[0] in seen:
            notes.append(f"item {number} of the link: {got[0]!r} appears twice; the first is kept")
        else:
            seen.add(got[0])
            rows.append(got)
    return rows, notes


def _board_item(item: str) -> tuple | str:
    """(name, score, se, n) from one item of ``rows``, or what is wrong with it."""
    parts = item.split(":")
    name = unquote(parts[0]).strip()
    score = _number(parts[1].strip()) if len(parts) > 1 else None
    se = count = None
    ok = bool(name) and score is not None and score <= 1 and len(parts) <= 4
    for extra in parts[2:]:
        extra = extra.strip()
        if re.fullmatch(r"n\d{1,9}", extra) and count is None and int(extra[1:]) >= 1:
            count = int(extra[1:])
        elif se is None and (v := _number(extra)) is not None and 0 < v <= 0.25:
            se = v
        else:
            ok = False
    if not ok:
        return "has no name" if not name else "has no score" if score is None else "does not read"
    return name, score, se, count


def decode_rows(value: str) -> PastedBoard:
    """Read the ``rows`` URL key written by :func:`encode_rows`.

    Items that do not read are left out with a note naming them (by
    position); more than ``MAX_MODELS`` items keep the first ones. Raises
    ValueError when no item reads.

    Examples
    --------
    >>> t = decode_rows("Model%20A:87.3:1.8,Model B:85.1:n500,Broken")
    >>> t.names, t.se, t.n, t.notes
    (('Model A', 'Model B'), (0.018, None), (None, 500), ("item 3 of the link ('Broken') has no score",))
    """
    if not isinstance(value, str):
        msg = f"the rows key must be text, got {type(value).__name__}"
        raise TypeError(msg)
    if len(value) > MAX_CHARS:
        msg = f"the rows key is {len(value):,} characters long; a link holds at most {MAX_CHARS:,}"
        raise ValueError(msg)
    rows, notes = _read_items(value, _board_item, limit=MAX_MODELS, unit="models")
    if not rows:
        msg = "the link's rows key holds no model with a score (expected e.g. rows=Model A:87.3:1.8,Model B:85.1:n500)"
        raise ValueError(msg)
    names, scores, ses, ns = (tuple(col) for col in zip(*rows, strict=True))
    return PastedBoard(names, scores, ses, ns, tuple(notes))

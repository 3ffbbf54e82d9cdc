"""Tables packed into a link: a board (the ``rows`` URL key) and two models' benchmarks (``bench_rows``).

    rows=Model A:87.3:1.8,Model B:85.1:n500,Model C:80
    bench_rows=GPQA:87.3:85.1:1.8:1.9,MATH:90:91:n500

One row per comma-separated item, fields separated by ``:``: the name
(percent-encoded where it holds ``%``, ``:``, ``,`` or non-ASCII), the score(s)
in percent, optionally the SE(s) in points, optionally the questions (``n500``).
Numbers are written in their shortest exact decimal form, so ``str()`` of the
rows read gives back the very same link.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from urllib.parse import quote, unquote

from benchstats import words
from benchstats.benchmark_rows import MAX_BENCHMARKS, AcrossBenchmarks, across_benchmarks
from benchstats.language import N_, _
from benchstats.leaderboard import MAX_MODELS, Board, board
from benchstats.outside_text import clean

MAX_CHARS = 200_000
_SAFE = " ()[]!*'@#$&;=+/-_.~"  # characters a name keeps as they are


def _listed(names: Sequence[str], limit: int = 3) -> str:
    """ "'A', 'B' and 'C'", or "'A', 'B', 'C' and 2 more"."""
    shown = [repr(m) for m in names[:limit]]
    if len(names) > limit:
        shown.append(_("{count} more").format(count=words.count(len(names) - limit)))
    if len(shown) == 1:
        return shown[0]
    return _("{items} and {last}").format(items=", ".join(shown[:-1]), last=shown[-1])


@dataclass(frozen=True)
class BoardRows:
    """Rows read from pasted text or a link (proportions; None where a row gave no SE or
    n), with ``notes`` naming each line left out or read in a particular way."""

    names: tuple[str, ...]
    scores: tuple[float, ...]
    se: tuple[float | None, ...]
    n: tuple[int | None, ...]
    notes: tuple[str, ...] = ()

    def to_board(self, *, n: int | None = None) -> Board:
        """A :class:`~benchstats.leaderboard.Board`: reported SEs if every row has one,
        else questions per row (``n`` for a row without its own); ValueError names
        the rows that have neither."""
        if all(s is not None for s in self.se):
            return board(self.names, self.scores, se=self.se)
        with_se = [m for m, s in zip(self.names, self.se, strict=True) if s is not None]
        if with_se:
            msg = _(
                "some rows give a ± SE ({names}) and others do not: give every row an SE, or "
                "drop the SEs and give the number of questions"
            ).format(names=_listed(with_se))
            raise ValueError(msg)
        counts = [k if k is not None else n for k in self.n]
        missing = [m for m, k in zip(self.names, counts, strict=True) if k is None]
        if missing:
            msg = _(
                "no number of questions for {names}: give the questions every row answered (or "
                "a benchmark), or each row its own"
            ).format(names=_listed(missing))
            raise ValueError(msg)
        return board(self.names, self.scores, n=counts)

    def __str__(self) -> str:
        """The value of the ``rows`` URL key.

        >>> str(BoardRows(("Model A", "Model B"), (0.873, 0.851), (0.018, None), (None, 500)))
        'Model A:87.3:1.8,Model B:85.1:n500'
        """
        rows = zip(self.names, self.scores, self.se, self.n, strict=True)
        return ",".join(_item(m, [x] if s is None else [x, s], c) for m, x, s, c in rows)


@dataclass(frozen=True)
class BenchmarkRows:
    """Two models' scores (proportions) benchmark by benchmark, with notes on items left out."""

    benchmarks: tuple[str, ...]
    a: tuple[float, ...]
    b: tuple[float, ...]
    se_a: tuple[float | None, ...]
    se_b: tuple[float | None, ...]
    n: tuple[int | None, ...]
    notes: tuple[str, ...] = ()

    def grade(
        self, *, correction: str = "holm", confidence_level: float = 0.95
    ) -> AcrossBenchmarks:
        """:func:`~benchstats.benchmark_rows.across_benchmarks` on these rows: SEs if every
        row has both, else each row's questions (ValueError names the rows with neither)."""
        if all(s is not None for s in self.se_a + self.se_b):
            extra = {"se_a": self.se_a, "se_b": self.se_b}
        else:
            missing = [m for m, k in zip(self.benchmarks, self.n, strict=True) if k is None]
            if missing:
                msg = _(
                    "no number of questions or ± SEs for {names}: give both SEs or n for each row"
                ).format(names=_listed(missing))
                raise ValueError(msg)
            extra = {"n": self.n}
        return across_benchmarks(
            self.benchmarks, self.a, self.b, correction=correction,
            confidence_level=confidence_level, **extra,
        )  # fmt: skip

    def __str__(self) -> str:
        """The value of the ``bench_rows`` URL key.

        >>> str(BenchmarkRows(("GPQA", "MATH"), (0.873, 0.9), (0.851, 0.91), (0.018, None),
        ...                   (0.019, None), (None, 500)))
        'GPQA:87.3:85.1:1.8:1.9,MATH:90:91:n500'
        """
        rows = zip(self.benchmarks, self.a, self.b, self.se_a, self.se_b, self.n, strict=True)
        return ",".join(
            _item(m, [x, y] if sx is None or sy is None else [x, y, sx, sy], c)
            for m, x, y, sx, sy, c in rows
        )


def _decimal_text(x: float) -> str:
    """The shortest exact decimal of 100·x (x a proportion), no exponent."""
    text = format((Decimal(repr(float(x))) * 100).normalize(), "f")
    return "0" if text in ("-0", "") else text


def _item(name: str, numbers: Sequence[float], count: int | None) -> str:
    fields = [quote(str(name), safe=_SAFE), *(_decimal_text(x) for x in numbers)]
    return ":".join(fields + ([f"n{int(count)}"] if count is not None else []))


def _number(text: str) -> float | None:
    """A percent written as plain digits, as a proportion; None for anything else."""
    try:
        d = Decimal(text)
    except InvalidOperation:
        return None
    if not d.is_finite() or d < 0 or not re.fullmatch(r"\d+(\.\d+)?|\.\d+", text):
        return None
    return float(d / 100)


def _read_items(
    value: str,
    parse: Callable[[str], tuple | str],
    *,
    limit: int,
    unit: Callable[[int, int, int], str],
) -> tuple[list[tuple], list[str]]:
    """A link value's comma-separated items, each read by ``parse`` (a tuple that starts
    with the name, or the message of what is wrong, holding ``{item}`` and ``{text}``), and a
    note per item left out (``unit(first, last, limit)``: the note on the items past the limit)."""
    if not isinstance(value, str) or len(value) > MAX_CHARS:
        msg = _("a link's table must be text of at most {count} characters").format(
            count=words.count(MAX_CHARS)
        )
        raise ValueError(msg)
    rows: list[tuple] = []
    notes: list[str] = []
    seen: set[str] = set()
    items = [v for v in value.split(",") if v.strip()]
    for number, item in enumerate(items, start=1):
        if len(rows) == limit:
            notes.append(unit(number, len(items), limit))
            break
        got = parse(item)
        if isinstance(got, str):
            notes.append(_(got).format(item=number, text=repr(item[:40])))
        elif got[0] in seen:
            notes.append(
                _("item {item} of the link: {name} appears twice; the first is kept").format(
                    item=number, name=repr(got[0])
                )
            )
        else:
            seen.add(got[0])
            rows.append(got)
    return rows, notes


# What is wrong with an item, said in the run's language where the note is made.
_NO_NAME = N_("item {item} of the link ({text}) has no name")
_NO_SCORE = N_("item {item} of the link ({text}) has no score")
_UNREAD = N_("item {item} of the link ({text}) does not read")


def _past_models(first: int, last: int, limit: int) -> str:
    return _("items {first} to {last} of the link left out: at most {limit} models").format(
        first=first, last=last, limit=limit
    )


def _past_rows(first: int, last: int, limit: int) -> str:
    return _("items {first} to {last} of the link left out: at most {limit} rows").format(
        first=first, last=last, limit=limit
    )


_COUNT = re.compile(r"n\d{1,9}")


def _fields(item: str) -> tuple[str, list[float], int | None] | str:
    """(name, its percents as proportions, the row's ``nN``) from one item, or what is wrong."""
    parts = [p.strip() for p in item.split(":")]
    name = clean(unquote(parts[0]))  # text from outside: one visible line
    counts = [int(p[1:]) for p in parts[1:] if _COUNT.fullmatch(p)]
    numbers = [_number(p) for p in parts[1:] if not _COUNT.fullmatch(p)]
    if not name:
        return _NO_NAME
    if not numbers:
        return _NO_SCORE
    if None in numbers or len(counts) > 1 or 0 in counts:
        return _UNREAD
    return name, numbers, counts[0] if counts else None


def _board_item(item: str) -> tuple | str:
    """(name, score, se, n) from one item of ``rows``, or what is wrong with it."""
    got = _fields(item)
    if isinstance(got, str):
        return got
    name, (score, *se), count = got
    if score > 1 or len(se) > 1 or not all(0 < v <= 0.25 for v in se):
        return _UNREAD
    return name, score, se[0] if se else None, count


def decode_rows(value: str) -> BoardRows:
    """Read the ``rows`` URL key; items that do not read are left out with a note.

    Examples
    --------
    >>> t = decode_rows("Model%20A:87.3:1.8,Model B:85.1:n500,Broken")
    >>> t.names, t.se, t.n, t.notes
    (('Model A', 'Model B'), (0.018, None), (None, 500), ("item 3 of the link ('Broken') has no score",))
    """
    rows, notes = _read_items(value, _board_item, limit=MAX_MODELS, unit=_past_models)
    if not rows:
        msg = _(
            "it holds no model with a score (expected e.g. rows=Model A:87.3:1.8,Model B:85.1:n500)"
        )
        raise ValueError(msg)
    return BoardRows(*(tuple(col) for col in zip(*rows, strict=True)), notes=tuple(notes))


def _benchmark_item(item: str) -> tuple | str:
    """(name, a, b, se_a, se_b, n) from one item of ``bench_rows``, or what is wrong with it."""
    got = _fields(item)
    if got == _NO_NAME:
        return got
    if isinstance(got, str) or len(got[1]) not in (2, 4):
        return N_(
            "item {item} of the link ({text}) needs two scores, then optionally two SEs and n"
        )
    name, values, count = got
    if any(v > 1 for v in values[:2]) or any(not 0 < v <= 0.25 for v in values[2:]):
        return N_(
            "item {item} of the link ({text}) has a score above 100% or an SE outside 0 to 25 "
            "points"
        )
    se = values[2:] or [None, None]
    return name, values[0], values[1], se[0], se[1], count


def decode_benchmark_rows(value: str) -> BenchmarkRows:
    """Read the ``bench_rows`` URL key; items that do not read are left out with a note.

    Examples
    --------
    >>> r = decode_benchmark_rows("GPQA:87.3:85.1:n198,Bad:9x,GPQA:80:70:n198")
    >>> r.benchmarks, r.notes
    (('GPQA',), ("item 2 of the link ('Bad:9x') needs two scores, then optionally two SEs and n", "item 3 of the link: 'GPQA' appears twice; the first is kept"))
    """
    rows, notes = _read_items(value, _benchmark_item, limit=MAX_BENCHMARKS, unit=_past_rows)
    if not rows:
        msg = _(
            "it holds no benchmark with two scores (expected e.g. bench_rows=GPQA:87.3:85.1:n198)"
        )
        raise ValueError(msg)
    return BenchmarkRows(*(tuple(col) for col in zip(*rows, strict=True)), notes=tuple(notes))

"""The sentences and arithmetic lines the site writes, one module per topic.

A builder takes result objects, never raw floats from a page, and formats every
number through :mod:`benchstats.words`.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from benchstats import words
from benchstats.language import _


@dataclass(frozen=True)
class KeyNumber:
    """One number on a verdict card: a short label, the value in words, optional help."""

    label: str
    value: str
    help: str | None = None


def listed(items: Sequence[str], most: int | None = None) -> str:
    """Items in words, "a, b and c"; past ``most`` of them, "a, b and 4 more".

    >>> listed(["a"]), listed(["a", "b", "c"]), listed("abcdef", most=2)
    ('a', 'a, b and c', 'a, b and 4 more')
    """
    shown = list(items)
    if most is not None and len(shown) > most:
        # TRANSLATORS: the end of a list cut short: "4 more".
        shown = [*shown[:most], _("{count} more").format(count=words.count(len(shown) - most))]
    if len(shown) < 2:
        return "".join(shown)
    # TRANSLATORS: a list's last item joined on: "{items} and {last}" ("a, b and c").
    return _("{items} and {last}").format(items=", ".join(shown[:-1]), last=shown[-1])


def in_points(x: float, decimals: int = 1) -> str:
    """A proportion in points with its unit and no plus sign: "2.67 points" (a minus stays).

    >>> in_points(0.0267, 2), in_points(-0.04)
    ('2.67 points', '−4.0 points')
    """
    # TRANSLATORS: a lead or width in percentage points, "2.7 points".
    return _("{points} points").format(points=words.points(x, signed=False, decimals=decimals))


def span(r) -> str:
    """A range's ends in points, each with its sign: "−1.2 to +9.2" (``r`` has ``low`` and ``high``)."""
    # TRANSLATORS: a range's two ends in points, each with its sign: "−1.2 to +9.2".
    return _("{low} to {high}").format(low=words.points(r.low), high=words.points(r.high))


__all__ = ["KeyNumber", "in_points", "listed", "span"]

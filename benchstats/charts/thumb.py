"""A chart that follows a slider's thumb: every position worked out beforehand, one column each.

While the reader drags, only the browser knows where the thumb is; Python
hears of it on release. So the chart is sent every position's numbers at
once, exact and computed by benchstats (a *family*), and the browser only
picks among them: one wide table in which position i's values sit in the
columns ``name + str(i)`` (``y0``, ``y1``, …), the rows being the points of
one curve. A Vega parameter bound to the thumb (:attr:`Thumb.event`)
names the position: ``datum['y' + n_at]``. Picking a
column costs the same whatever the family's size, where filtering one long
table costs per row checked, so the wide table keeps a move within a frame.

What a position holds only one of (a marker, the figure printed on the
chart) is one row per position instead, its position in a column ``at``
(:func:`per_stop`), and the chart keeps the row where the thumb is
(:meth:`Thumb.here`): a few hundred rows cost nothing to check, and a row of
a few hundred columns is several times the bytes. Data the server computes
for the released position only (simulated runs) carries that position in
``at`` too (:meth:`Thumb.released`), so it shows while the thumb is there.

:func:`template` builds a thumb's chart once per page, like
:func:`benchstats.charts.template`: its spec names the thumb, never its
position, so it is the same at every stop.

Examples
--------
>>> at = Thumb("luck", "n", (20, 50, 100), 2, ("20 questions", "50 questions", "100 questions"))
>>> at.value, at.name, at.element, at.pick("y")
(100, 'n_at', 'thumb-luck-n', "datum['y' + n_at]")
>>> wide([{"y": [1.0, 2.0]}, {"y": [3.0]}]).to_dict("list")
{'y0': [1.0, 2.0], 'y1': [3.0, nan]}
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from benchstats.charts._common import template as spec_template

HERE = "at"  # the column naming a row's position (per-stop rows, the released position's data)
FAMILY, STOPS = "family", "stops"  # the data sets a thumb's chart picks from
# px, the figure printed on the chart: a config default, so the room view enlarges it
SAID_SIZE = 15


@dataclass(frozen=True)
class Thumb:
    """One thumb: the URL key it sets, its stops, the stop the link holds, each stop in words.

    ``values`` are in link units (``n`` in questions, ``d`` in points);
    ``words`` is what a screen reader hears at each stop ("840 questions").
    """

    page: str
    key: str
    values: tuple[Any, ...]
    index: int
    words: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.values or len(self.words) != len(self.values):
            msg = f"a thumb needs one word per stop, got {len(self.values)} stops, {len(self.words)} words"
            raise ValueError(msg)
        if not 0 <= self.index < len(self.values):
            msg = f"index must be a stop from 0 to {len(self.values) - 1}, got {self.index}"
            raise ValueError(msg)

    @property
    def value(self) -> Any:
        """The value the link holds."""
        return self.values[self.index]

    @property
    def name(self) -> str:
        """The Vega parameter holding the thumb's position."""
        return f"{self.key}_at"

    @property
    def element(self) -> str:
        """The id of the thumb's ``<input>`` (unique on the site)."""
        return f"thumb-{self.page}-{self.key}"

    @property
    def event(self) -> str:
        """The DOM event the thumb sends to the page's ``<body>`` at each move (the chart's cue).

        The chart listens on the body, which is there before any chart or
        thumb is, so it hears the thumb however the two arrive; the position
        travels as ``document.body.value``, which a Vega binding reads.
        """
        return f"{self.element}-moved"

    def param(self, *, bound: bool = True) -> alt.Parameter:
        """The position as a Vega parameter: the thumb sets it on the page; a picture holds
        the link's stop.

        Bound, it has no value of its own, so the spec stays the same from stop
        to stop and the chart is patched, never rebuilt; Vega reads each
        position the thumb sends (:attr:`event`).
        """
        if bound:
            bind = alt.BindDirect(element="body", event=self.event)
            return alt.param(name=self.name, bind=bind)
        return alt.param(name=self.name, value=self.index)

    def pick(self, column: str) -> str:
        """The expression reading ``column`` at the thumb's position."""
        return f"datum['{column}' + {self.name}]"

    def here(self) -> str:
        """True where a row belongs to the thumb's position (server data: its ``at`` column)."""
        return f"toNumber({self.name}) === datum.{HERE}"

    def released(self, frame: pd.DataFrame) -> pd.DataFrame:
        """``frame`` as data of the released position only (drawn while the thumb is there)."""
        return frame.assign(**{HERE: self.index})


def per_stop(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame``'s rows as the stops' own, in order: row i is position i (:meth:`Thumb.here`)."""
    return frame.assign(**{HERE: np.arange(len(frame))})


def template(build: Callable[..., alt.TopLevelMixin]) -> Callable[[Thumb], dict]:
    """``build(at)`` made once per thumb (page and key), as a fresh spec dict at each call.

    ``build`` must use only where the thumb is (:meth:`Thumb.param`,
    :meth:`Thumb.pick`, :meth:`Thumb.here`), never its stops: the chart is
    then the same at every stop, and the browser patches it in place.
    """
    specs: dict[tuple[str, str], Callable[[], dict]] = {}

    def spec(at: Thumb) -> dict:
        made = spec_template(functools.partial(build, at))  # built at its first call only
        return specs.setdefault((at.page, at.key), made)()

    return spec


def wide(curves: Sequence[Mapping[str, Sequence[Any]]]) -> pd.DataFrame:
    """A family as one table: curve i's column ``c`` becomes ``c{i}``.

    Curves may differ in length: shorter ones are padded with NaN (None for
    text), which the chart leaves out.
    """
    rows = max((len(v) for c in curves for v in c.values()), default=0)
    columns: dict[str, np.ndarray] = {}
    for i, curve in enumerate(curves):
        for name, values in curve.items():
            values = np.asarray(values)
            text = values.dtype.kind in "OUS"
            column = np.full(rows, None if text else np.nan, dtype=object if text else float)
            column[: values.size] = values
            columns[f"{name}{i}"] = column
    return pd.DataFrame(columns)

"""CSV a spreadsheet opens as data: no cell it would run as a formula.

Every CSV the site offers is written here (tables, chart data, paired
questions, with a chart's caption rows on top). A text cell, a column name
included, that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return gets a leading single quote, OWASP's rule against CSV injection
(https://owasp.org/www-community/attacks/CSV_Injection): a model named
``=HYPERLINK(…)`` arrives as the text ``'=HYPERLINK(…)``. Numbers stay
numbers, a negative one (``-3.2``, in a number column or written as text)
included: a spreadsheet reads it as a number and runs nothing.

Examples
--------
>>> import pandas as pd
>>> frame = pd.DataFrame({"model": ["=1+1", "@SUM(A1)", "-3.2", "GPT-4o"], "lead": [-3.2, 0, 1, 2]})
>>> print(to_csv(frame).decode())
model,lead
'=1+1,-3.2
'@SUM(A1),0.0
-3.2,1.0
GPT-4o,2.0
<BLANKLINE>
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

import pandas as pd

_RUNS = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet's formula starts
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def cell(value: object) -> object:
    """``value`` as a CSV cell a spreadsheet will not run: text a formula could start with gets a
    leading ``'``; numbers, and text that is one number, stay as they are.

    >>> cell("+cmd|' /C calc'!A0"), cell("-0.5"), cell(-0.5), cell("\\t=1"), cell("a=b")
    ("'+cmd|' /C calc'!A0", '-0.5', -0.5, "'\\t=1", 'a=b')
    """
    if isinstance(value, str) and value.startswith(_RUNS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def safe_frame(table: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``table`` whose column names and text cells are :func:`cell`'s; number
    columns are left as they are."""
    out = table.copy()
    for name in out.columns:
        column = out[name]
        if not (pd.api.types.is_numeric_dtype(column) or pd.api.types.is_bool_dtype(column)):
            out[name] = column.astype(object).map(cell)
    out.columns = [cell(str(c)) for c in out.columns]
    return out


def to_csv(table: pd.DataFrame, head: Sequence[tuple[str, object]] = ()) -> bytes:
    """``table`` as safe CSV bytes (UTF-8), under ``head``'s ``# name: value`` rows (a value's
    line breaks become spaces; each row is one quoted cell, so a comma cannot split it)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for name, value in head:
        if value:
            writer.writerow([f"# {name}: {' '.join(str(value).splitlines())}"])
    safe_frame(table).to_csv(out, index=False, lineterminator="\n")
    return out.getvalue().encode()

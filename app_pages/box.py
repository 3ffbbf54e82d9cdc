"""The recompute box: the check an article embeds in an iframe (``/box?a=…&b=…&n=…&embed=true``)."""

from __future__ import annotations

from ui.sections import box

box.page()

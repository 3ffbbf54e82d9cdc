"""A small Streamlit protocol client: one browser tab's websocket, without the browser.

It speaks what Streamlit 1.67's frontend speaks on ``/_stcore/stream``:

1. ``GET /_stcore/health`` hands out the ``_streamlit_xsrf`` cookie (as it does
   for the browser; behind ``make serve`` HAProxy adds its worker cookie); the
   websocket is then opened with those cookies, a
   same-origin ``Origin`` header and the subprotocols ``["streamlit", <xsrf
   token>]``, exactly as the frontend does.
2. The first ``BackMsg.rerun_script`` carries the page's URL path as
   ``page_name`` and the query string; later ones carry the
   ``page_script_hash`` the server announced in its ``navigation`` message
   (``st.navigation`` apps; ``new_session`` only names the entry script).
3. An *edit* is what a reader's typing does: a rerun whose ``widget_states``
   hold the new value of one ``number_input`` (found by its URL key in the
   deltas of the page's runs), with the query string updated the way the
   frontend rewrites the address bar for a ``bind="query-params"`` widget
   (and as the server asks in ``page_info_changed``, when it does).
   A rerun that only changes a bound query parameter would NOT be an edit:
   Streamlit reads a bound parameter on first load only; afterwards the
   widget's own state wins.
4. A run ends with ``script_finished``; the time from sending the rerun to
   receiving that message is the edit-to-rerun time (all the page's deltas
   arrive before it).

Like a browser that has not cached anything, it sends no
``cached_message_hashes``, so the server sends every message in full. It keeps
the values of the widgets it has edited and sends them with every rerun; the
server keeps the others (a widget missing from ``widget_states`` keeps its
value from the previous run), so this matches the browser's reruns.

Errors counted per run: an ``exception`` element (a traceback box, even when
``client.showErrorDetails`` hides its text), ``page_not_found``, a script
compile error, a closed socket, or no ``script_finished`` within the timeout.
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import time
import urllib.request
from dataclasses import dataclass, field, replace
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode, urlsplit

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.NumberInput_pb2 import NumberInput
from websockets.asyncio.client import connect

XSRF_COOKIE = "_streamlit_xsrf"
_FINISHED = ForwardMsg.ScriptFinishedStatus
MAX_MESSAGE_BYTES = 64 * 2**20  # a page's biggest delta (chart data) must fit


@dataclass(frozen=True)
class NumberField:
    """A ``number_input`` seen in a run: enough to send it a new value."""

    id: str
    key: str  # its URL key (query_param_key), or the label when unbound
    label: str
    is_int: bool
    value: float
    minimum: float
    maximum: float
    step: float
    disabled: bool
    bound: bool  # bind="query-params": the browser writes its value into the URL
    fragment_id: str = ""  # inside an st.fragment: an edit reruns that fragment only

    def nearby(self, rng: random.Random, *, max_steps: int = 3) -> float:
        """A different value 1..max_steps steps away, kept within the bounds."""
        step = self.step or (1.0 if self.is_int else 0.1)
        for _ in range(10):
            delta = rng.randint(1, max_steps) * step * rng.choice((-1, 1))
            new = min(max(self.value + delta, self.minimum), self.maximum)
            new = round(new) if self.is_int else round(new, 10)
            if new != self.value:
                return new
        return self.value


@dataclass
class RunResult:
    """What one run of the page sent back."""

    seconds: float
    ok: bool
    errors: list[str] = field(default_factory=list)
    messages: int = 0
    bytes: int = 0
    elements: dict[str, int] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)  # markdown bodies, shortened
    deltas: list[ForwardMsg] = field(default_factory=list)  # every delta, when the session keeps


class ProtocolError(RuntimeError):
    """The server did something a browser would show as broken."""


def _number_field(w: NumberInput, sent: dict[str, tuple[bool, float]]) -> NumberField:
    """The input as the browser would hold it: our last sent value, else the server's."""
    is_int = w.data_type == NumberInput.INT
    if w.id in sent:
        value = float(sent[w.id][1])
    elif w.HasField("value"):
        value = float(w.value)
    elif w.HasField("default"):
        value = float(w.default)
    else:
        value = w.min if w.has_min else 0.0
    return NumberField(
        id=w.id,
        key=w.query_param_key or w.label,
        label=w.label,
        is_int=is_int,
        value=value,
        minimum=w.min if w.has_min else -math.inf,
        maximum=w.max if w.has_max else math.inf,
        step=float(w.step),
        disabled=w.disabled,
        bound=bool(w.query_param_key),
    )


def _js_number(value: float, is_int: bool) -> str:
    """A number as JavaScript's String() writes it (82, 0.55, 1e-7)."""
    if is_int or float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def _with_param(query_string: str, key: str, value: str) -> str:
    pairs = [(k, v) for k, v in parse_qsl(query_string, keep_blank_values=True) if k != key]
    return urlencode([*pairs, (key, value)])


def visitor_cookies(base_url: str, timeout: float = 10.0) -> dict[str, str]:
    """The cookies a new visitor gets from ``/_stcore/health``, as a browser keeps them.

    Streamlit's XSRF cookie, and behind a sticky proxy (``make serve``) the
    proxy's worker cookie, so the websocket opens on the same worker.
    """
    with urllib.request.urlopen(f"{base_url}/_stcore/health", timeout=timeout) as r:
        raw = r.headers.get_all("Set-Cookie") or []
    jar: dict[str, str] = {}
    for header in raw:
        cookie = SimpleCookie()
        cookie.load(header)
        jar.update({name: morsel.value for name, morsel in cookie.items()})
    return jar


def xsrf_cookie(base_url: str, timeout: float = 10.0) -> str | None:
    """The XSRF cookie value the server hands a new visitor (None when disabled)."""
    return visitor_cookies(base_url, timeout).get(XSRF_COOKIE)


class Session:
    """One browser tab on one page of a Streamlit app.

    >>> async def demo(url):  # doctest: +SKIP
    ...     async with Session(url, "gap-grader", "a=82&b=78&n=100") as s:
    ...         first = s.first_run
    ...         again = await s.edit("n", 120)
    """

    def __init__(
        self,
        base_url: str,
        url_path: str = "",
        query_string: str = "",
        *,
        timeout: float = 30.0,
        keep: bool = False,
    ) -> None:
        self.keep = keep  # keep each run's delta messages (RunResult.deltas): tools/record_pages.py
        self.base_url = base_url.rstrip("/")
        self.url_path = url_path.strip("/")
        self.query_string = query_string.lstrip("?")
        self.timeout = timeout
        self.page_script_hash = ""
        self.app_pages: list[tuple[str, str]] = []  # (url_pathname, page_script_hash)
        self.numbers: dict[str, NumberField] = {}  # by URL key, from the last run
        self.sent_states: dict[str, tuple[bool, float]] = {}  # widget id -> (is_int, value)
        self.first_run: RunResult | None = None
        self.runs = 0
        self.broken = False  # a run timed out: later messages could belong to it
        self._ws = None

    # ------------------------------------------------------------------ connection
    async def open(self) -> RunResult:
        """Connect like a browser opening the URL, and wait for the first run."""
        jar = await asyncio.to_thread(visitor_cookies, self.base_url, self.timeout)
        parts = urlsplit(self.base_url)
        headers = {"Origin": f"{parts.scheme}://{parts.netloc}"}
        protocols = ["streamlit"]
        if jar:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in jar.items())
        if jar.get(XSRF_COOKIE):
            protocols.append(jar[XSRF_COOKIE])
        ws_url = self.base_url.replace("http", "ws", 1) + "/_stcore/stream"
        self._ws = await connect(
            ws_url,
            subprotocols=protocols,  # type: ignore[arg-type]
            additional_headers=headers,
            open_timeout=self.timeout,
            max_size=MAX_MESSAGE_BYTES,
        )
        self.first_run = await self._rerun(first=True)
        return self.first_run

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
            self._ws = None

    async def __aenter__(self) -> Session:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ reruns
    def editable(self) -> list[NumberField]:
        """The page's enabled number inputs, as last seen."""
        return [f for f in self.numbers.values() if not f.disabled]

    async def edit(self, key: str, value: float) -> RunResult:
        """Set the number input with URL key (or label) ``key`` to ``value``, as typing would."""
        f = self.numbers.get(key)
        if f is None:
            raise KeyError(f"no number input {key!r} on this page; have {sorted(self.numbers)}")
        self.sent_states[f.id] = (f.is_int, value)
        if f.bound:  # the frontend rewrites the address bar itself
            self.query_string = _with_param(self.query_string, f.key, _js_number(value, f.is_int))
        return await self._rerun(fragment_id=f.fragment_id)

    async def random_edit(self, rng: random.Random, *, max_steps: int = 3) -> RunResult:
        """Nudge one randomly chosen number input by a few steps."""
        fields = self.editable()
        if not fields:
            raise ProtocolError("the page shows no enabled number input to edit")
        f = rng.choice(fields)
        return await self.edit(f.key, f.nearby(rng, max_steps=max_steps))

    async def rerun(self) -> RunResult:
        """A rerun with unchanged inputs (what ``R`` in the browser does)."""
        return await self._rerun()

    def _back_msg(self, first: bool, fragment_id: str = "") -> bytes:
        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string = self.query_string
        if fragment_id:  # as the browser asks for an edit inside a fragment
            rs.fragment_id = fragment_id
        if first or not self.page_script_hash:
            rs.page_name = self.url_path
        else:
            rs.page_script_hash = self.page_script_hash
        ci = rs.context_info
        ci.timezone = "UTC"
        ci.timezone_offset = 0
        ci.locale = "en-US"
        ci.url = f"{self.base_url}/{self.url_path}" + (
            f"?{self.query_string}" if self.query_string else ""
        )
        for wid, (is_int, value) in self.sent_states.items():
            w = rs.widget_states.widgets.add()
            w.id = wid
            if is_int:
                w.int_value = int(value)
            else:
                w.double_value = float(value)
        return msg.SerializeToString()

    async def _rerun(self, first: bool = False, fragment_id: str = "") -> RunResult:
        if self._ws is None:
            raise ProtocolError("session is not open")
        if self.broken:
            raise ProtocolError("session gave up on a run that did not finish; open a new one")
        result = RunResult(seconds=math.nan, ok=False)
        numbers: dict[str, NumberField] = {}
        start = time.perf_counter()
        await self._ws.send(self._back_msg(first, fragment_id))
        deadline = start + self.timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                result.errors.append(f"no script_finished within {self.timeout:.0f} s")
                self.broken = True  # its messages may still come: don't count them as ours
                break
            try:
                raw = await asyncio.wait_for(self._ws.recv(), left)
            except TimeoutError:
                continue
            except Exception as exc:  # closed socket and the like
                result.errors.append(f"websocket: {type(exc).__name__}: {exc}")
                self.broken = True
                break
            if isinstance(raw, str):
                result.errors.append("text frame from server")
                continue
            result.messages += 1
            result.bytes += len(raw)
            msg = ForwardMsg.FromString(raw)
            kind = msg.WhichOneof("type")
            if kind == "delta":
                if self.keep:
                    result.deltas.append(msg)
                if msg.delta.WhichOneof("type") != "new_element":
                    continue
                el = msg.delta.new_element
                etype = el.WhichOneof("type")
                result.elements[etype] = result.elements.get(etype, 0) + 1
                if etype == "exception":
                    ex = el.exception
                    result.errors.append(f"exception: {ex.type}: {ex.message}"[:300])
                elif etype == "markdown":
                    result.texts.append(el.markdown.body[:500])
                elif etype == "number_input":
                    nf = _number_field(el.number_input, self.sent_states)
                    numbers[nf.key] = replace(nf, fragment_id=msg.delta.fragment_id)
            elif kind == "new_session":
                ns = msg.new_session
                self.page_script_hash = self.page_script_hash or ns.page_script_hash
                if ns.app_pages:
                    self.app_pages = [(p.url_pathname, p.page_script_hash) for p in ns.app_pages]
            elif kind == "navigation":  # st.navigation: the page that really ran
                nav = msg.navigation
                self.page_script_hash = nav.page_script_hash
                self.app_pages = [(p.url_pathname, p.page_script_hash) for p in nav.app_pages]
            elif kind == "page_info_changed":
                self.query_string = msg.page_info_changed.query_string
            elif kind == "page_not_found":
                result.errors.append(f"page not found: {msg.page_not_found.page_name!r}")
            elif kind == "session_event":
                if msg.session_event.WhichOneof("type") == "script_compilation_exception":
                    ex = msg.session_event.script_compilation_exception
                    result.errors.append(f"compile error: {ex.type}: {ex.message}"[:300])
            elif kind == "script_finished":
                status = msg.script_finished
                if status == _FINISHED.FINISHED_EARLY_FOR_RERUN:
                    result.deltas.clear()  # the next run draws the page again
                    continue  # st.rerun() in the page: the next run follows
                if status == _FINISHED.FINISHED_WITH_COMPILE_ERROR:
                    result.errors.append("script finished with a compile error")
                result.seconds = time.perf_counter() - start
                result.ok = not result.errors
                break
        if fragment_id:  # a fragment's run redraws its own inputs only; the rest stay
            self.numbers = {**self.numbers, **numbers}
        elif numbers:
            self.numbers = numbers
        self.runs += 1
        return result


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation; nan for no values."""
    xs = sorted(v for v in values if not math.isnan(v))
    if not xs:
        return math.nan
    pos = (len(xs) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far, from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, peak VmRSS) of a process in KiB, read from /proc (no psutil needed).

    The kernel updates VmHWM lazily, so the peak returned is never below VmRSS.
    """
    rss = hwm = 0
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    return rss, max(rss, hwm)


async def discover_pages(base_url: str, timeout: float = 60.0) -> list[tuple[str, str]]:
    """The app's pages as (url_pathname, page_script_hash), from one run of ``/``."""
    async with Session(base_url, "", timeout=timeout) as s:
        if s.first_run is not None and s.first_run.errors:
            raise ProtocolError(f"the default page failed: {s.first_run.errors}")
        return list(s.app_pages)

"""Serve Lead or Luck: ``streamlit run app.py`` with Nagle's algorithm off.

Streamlit binds its listening socket itself with protocol 0, so asyncio does
not turn off Nagle's algorithm on the connections it accepts (it does so only
for sockets that say they are TCP). A rerun's small websocket messages then
wait for the browser's delayed ACK: about 40 ms added to every edit on Linux.
Setting TCP_NODELAY on the listening socket, which accepted sockets inherit,
sends each message at once.

That wraps a private Streamlit function (``starlette_server._bind_socket``).
If a Streamlit release renames it, this serves plain Streamlit and says so in
one line. Everything else is plain ``streamlit run``: the pages live in
``app_pages/`` (not ``pages/``) so that Streamlit never takes the site for an
old-style multipage app, and a fresh process's first deep link opens its page
under a bare ``streamlit run app.py`` too.

Usage: ``python serve.py [script.py] [streamlit options]``; the script is
``app.py`` unless the first argument names another (``make run`` serves
``app.py``; the speed tools serve ``tools/minimal_app.py`` the same way).
What serving needs (no file watcher, headless, no usage statistics) lives in
``.streamlit/config.toml``, so ``make run``, ``make serve``, the Kubernetes
recipe, the tools and the tests give only a port and an address
(:func:`command`); ``make dev`` adds reload-on-save for development.
"""

import gc
import importlib
import socket
import sys
from collections.abc import Callable
from pathlib import Path

from streamlit.web import cli

PRIVATE = "streamlit.web.server.starlette.starlette_server._bind_socket"
HERE = Path(__file__).resolve().parent
# The only options a served command gives; everything else is in .streamlit/config.toml.
SERVED_OPTIONS = ("--server.port", "--server.address")


def command(script: str | Path = "app.py", port: int = 8501, address: str = "127.0.0.1"):
    """The command that serves ``script`` on ``address:port`` as ``make run`` does (run it in
    the checkout, where ``.streamlit/config.toml`` is read).

    >>> command("app.py", 8600)[2:]
    ['app.py', '--server.port', '8600', '--server.address', '127.0.0.1']
    """
    port_option, address_option = SERVED_OPTIONS
    launcher = str(HERE / "serve.py")
    return [sys.executable, launcher, str(script), port_option, str(port), address_option, address]


def nodelay(bind: Callable[[str, int, int], socket.socket]):
    """``bind`` with TCP_NODELAY set on the listening socket it returns."""

    def bind_socket_nodelay(address: str, port: int, backlog: int) -> socket.socket:
        sock = bind(address, port, backlog)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    return bind_socket_nodelay


def patch_bind() -> bool:
    """Wrap Streamlit's socket binding with :func:`nodelay`; False (and one line on stderr)
    when this Streamlit has no such function."""
    try:
        from streamlit.web.server.starlette import starlette_server

        bind = starlette_server._bind_socket
    except (ImportError, AttributeError):
        print(
            f"serve.py: {PRIVATE} is missing in this Streamlit; serving without TCP_NODELAY "
            "(edits may wait about 40 ms longer).",
            file=sys.stderr,
        )
        return False
    starlette_server._bind_socket = nodelay(bind)
    return True


# What the pages import, loaded before serving: the first readers do not wait for it, and
# gc.freeze() then leaves these long-lived objects out of every later collection.
PRELOAD = ("numpy", "pandas", "pyarrow", "scipy.stats", "scipy.optimize", "altair", "benchstats",
           "benchstats.charts")  # fmt: skip


def preload(modules: tuple[str, ...] = PRELOAD) -> None:
    """Import ``modules`` and freeze what is alive, so Python's collector, which walks every
    tracked object in its oldest generation, no longer walks the libraries' hundreds of
    thousands (a full collection took tens of ms a few times a minute under a class)."""
    for name in modules:
        importlib.import_module(name)
    gc.collect()
    gc.freeze()


def main(argv: list[str]) -> int:
    script, options = ("app.py", argv)
    if argv and argv[0].endswith(".py"):
        script, options = argv[0], argv[1:]
    patch_bind()
    preload()
    sys.argv = ["streamlit", "run", script, *options]
    return cli.main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

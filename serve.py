"""Serve Lead or Luck: ``streamlit run app.py`` with two fixes to Streamlit's server.

1. Streamlit 1.67 sees the ``pages/`` folder beside ``app.py`` and runs the
   first session of each server process as an old-style multipage app, so the
   first reader after a restart who follows a deep link (``/gap-grader?...``)
   gets a "Page not found" dialog. ``app.py`` routes with ``st.navigation``;
   telling Streamlit so before the server starts removes that first-visit error.
2. Streamlit binds its listening socket itself with protocol 0, so asyncio does
   not turn off Nagle's algorithm on the connections it accepts (it does so only
   for sockets that say they are TCP). A rerun's small websocket messages then
   wait for the browser's delayed ACK: about 40 ms added to every edit on
   Linux. Setting TCP_NODELAY on the listening socket, which accepted sockets
   inherit, sends each message at once.

Usage: ``python serve.py [script.py] [streamlit options]``; the script is
``app.py`` unless the first argument names another (``make run`` serves
``app.py``; the speed tools serve ``tools/minimal_app.py`` the same way).
"""

import socket
import sys

from streamlit.runtime.pages_manager import PagesManager
from streamlit.web import cli
from streamlit.web.server.starlette import starlette_server

_streamlit_bind_socket = starlette_server._bind_socket


def bind_socket_nodelay(address: str, port: int, backlog: int) -> socket.socket:
    """Streamlit's listening socket, with Nagle's algorithm off for what it accepts."""
    sock = _streamlit_bind_socket(address, port, backlog)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def main(argv: list[str]) -> int:
    script, options = ("app.py", argv)
    if argv and argv[0].endswith(".py"):
        script, options = argv[0], argv[1:]
    PagesManager.uses_pages_directory = False
    starlette_server._bind_socket = bind_socket_nodelay
    sys.argv = ["streamlit", "run", script, *options]
    return cli.main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Serve Lead or Luck: ``streamlit run app.py`` without Streamlit's pages/ guess.

Streamlit 1.67 sees the ``pages/`` folder beside ``app.py`` and runs the first
session of each server process as an old-style multipage app, so the first
reader after a restart who follows a deep link (``/gap-grader?...``) gets a
"Page not found" dialog. ``app.py`` routes with ``st.navigation``; telling
Streamlit so before the server starts removes that first-visit error.

Usage: ``python serve.py [streamlit options]`` (``make run`` does this).
"""

import sys

from streamlit.runtime.pages_manager import PagesManager
from streamlit.web import cli

if __name__ == "__main__":
    PagesManager.uses_pages_directory = False
    sys.argv = ["streamlit", "run", "app.py", *sys.argv[1:]]
    sys.exit(cli.main())

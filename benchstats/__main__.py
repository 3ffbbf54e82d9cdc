"""``python -m benchstats``: the ``leadorluck`` command (:mod:`benchstats.cli`)."""

from benchstats.cli import main

raise SystemExit(main())

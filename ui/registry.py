"""The site's pages, declared once: title, file, URL path and URL keys.

``app.py`` builds its navigation from :data:`PAGES`; links between pages,
the fuzz test, ``docs/urls.md``'s check and the tools read the same list.
Adding a page is one file in ``pages/``, one entry here and one test file.

This module is plain data (no Streamlit), so tools and tests can import it.

Examples
--------
>>> page("luck").url_path, page("luck").file
('luck-simulator', 'pages/luck_simulator.py')
>>> [p.key for p in PAGES][:2]
['check', 'luck']
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    """One page of the site.

    ``url_path`` is "" for the default page (served at ``/``). ``keys`` are
    the URL keys the page reads, in the order ``docs/urls.md`` lists them.
    """

    key: str
    title: str
    file: str
    url_path: str
    keys: tuple[str, ...]
    blurb: str

    @property
    def route(self) -> str:
        """The path a browser opens: "/" or "/luck-simulator"."""
        return "/" + self.url_path


PAGES: tuple[Page, ...] = (
    Page(
        "check",
        "Check a claim",
        "pages/check_a_claim.py",
        "",
        (
            "claim",
            "name_a",
            "name_b",
            "a",
            "b",
            "n",
            "bench",
            "se_a",
            "se_b",
            "disagree",
            "typical",
            "predict",
        ),
        "Is this lead more than luck?",
    ),
    Page(
        "luck",
        "Luck simulator",
        "pages/luck_simulator.py",
        "luck-simulator",
        ("p", "n", "d", "runs", "seed", "variants", "bench", "mode", "spread", "predict"),
        "How far apart do two equal models land?",
    ),
    Page(
        "grader",
        "Gap grader",
        "pages/gap_grader.py",
        "gap-grader",
        (
            "mode",
            "name_a",
            "name_b",
            "a",
            "b",
            "n",
            "n_b",
            "se_a",
            "se_b",
            "a_only",
            "b_only",
            "bench",
            "options",
            "interval",
            "predict",
        ),  # fmt: skip
        "Grade a lead three ways: unpaired, reported SE, paired.",
    ),
    Page(
        "needed",
        "Questions needed",
        "pages/questions_needed.py",
        "questions-needed",
        (
            "p",
            "d",
            "n",
            "alpha",
            "power",
            "sides",
            "discordance",
            "repeats",
            "omega2",
            "sigma2_a",
            "sigma2_b",
            "m",
            "icc",
            "predict",
        ),  # fmt: skip,
        "How many questions does a lead need?",
    ),
    Page(
        "passk",
        "pass@k explainer",
        "pages/pass_at_k.py",
        "pass-at-k",
        ("samples", "passed", "k", "mix", "seed", "p_correct", "p_distractor", "predict"),
        "What pass@k, avg@k and maj@k measure.",
    ),
    Page(
        "coverage",
        "Interval coverage",
        "pages/coverage.py",
        "coverage",
        ("n", "p", "interval", "seed", "runs", "predict"),
        "How often does a 95% interval cover?",
    ),
    Page(
        "slices",
        "Slices",
        "pages/slices.py",
        "slices",
        ("mode", "n", "slices", "p", "alpha", "correction", "runs", "seed", "table", "predict"),
        "Do many slices make a discovery?",
    ),
    Page(
        "signal",
        "Signal and noise",
        "pages/signal_noise.py",
        "signal-noise",
        ("preset", "n", "checkpoints", "seed", "average", "window", "discordance", "predict"),
        "Is a checkpoint's change more than jitter?",
    ),
    Page(
        "leaderboard",
        "Leaderboard checker",
        "pages/leaderboard.py",
        "leaderboard",
        (
            "rows",
            "n",
            "bench",
            "correction",
            "method",
            "level",
            "seed",
            "predict",
            "bench_rows",
            "name_a",
            "name_b",
        ),  # fmt: skip
        "Who is really tied for first?",
    ),
)


def page(key: str) -> Page:
    """The page registered under ``key``; ValueError names the known keys."""
    for p in PAGES:
        if p.key == key:
            return p
    known = ", ".join(p.key for p in PAGES)
    msg = f"no page {key!r}; the pages are {known}"
    raise ValueError(msg)


def by_file(file: str) -> Page:
    """The page whose script is ``file`` (as written in :data:`PAGES`)."""
    for p in PAGES:
        if p.file == file:
            return p
    msg = f"no page with file {file!r}"
    raise ValueError(msg)

"""``docs/urls.md``, written from the pages' key specs (``python -m ui.urls_doc > docs/urls.md``);
``tests/test_docs.py`` checks it still matches them."""

from __future__ import annotations

from ui.keys import Key
from ui.registry import PAGES, SITE_KEYS

HEAD = """# Links to the site: the URL contract

Every input of every page lives in the link, so the address bar is always a
permalink: a link opens the page exactly as it was, simulations included
(the seed is a key). Articles and fact-checks link to the site with these
keys, so they do not change without notice.

How values are written:

- **Units are the ones on screen.** Scores, skills, rates and discordance in
  percent (`a=82`, `p=80`, `discordance=20`); leads and standard errors in
  percentage points (`d=4`, `se_a=1.8`); questions, samples and runs as
  counts; `alpha=0.05` and `power=0.8` as plain numbers.
- **What you type goes into the link**, and only that: a value the page
  took from a preset, a pasted claim or its own defaults stays out of it.
- **A verdict about models stands only on what the link gives.** Where a
  key marked *needed* below is missing, the page says what is missing and
  grades nothing; with no key at all it shows a worked example, labelled as
  one. A pasted claim with no question count is graded on an assumed count
  only when the verdict says so.
- **A bad value never breaks a page.** A value a key cannot take (`n=-5`,
  `a=banana`, `n=1e12`, an unknown preset) is named in a short note under
  its input, with what is allowed, and the page goes on without it (its
  default, or nothing). Unknown keys are ignored.
- Text values (model names, a pasted claim) are shown as text, never as
  HTML, and cut to their length; a note repeats at most 40 characters of a
  refused value.

The pages and their keys are declared once, in `ui/registry.py`; this file
is written from those declarations (`python -m ui.urls_doc > docs/urls.md`)
and a test checks that it still matches them.
""".rstrip()


# docs/urls.md: what follows each page's table (example links, the encoding of a text key).
NOTES: dict[str, str] = {
    "check": (
        "Examples: `/?a=87.3&b=85.1&bench=gpqa-diamond&name_a=Model%20X&name_b=Model%20Y`;\n"
        "`/?claim=Model%20X%20scores%2087.3%25%20on%20GPQA%20Diamond%2C%20beating%20Model%20Y%27s%2085.1%25`.\n"
    ),
    "luck": ("Example: `/luck-simulator?p=80&n=100&d=4&runs=1000&seed=1`.\n"),
    "grader": ("Example: `/gap-grader?a_only=20&b_only=8&n=198`.\n"),
    "needed": ("Example: `/questions-needed?p=80&d=4`.\n"),
    "passk": ("Example: `/pass-at-k?samples=20&passed=3&k=5`.\n"),
    "coverage": ("Example: `/coverage?n=20&p=95&runs=1000`.\n"),
    "slices": ("Example: `/slices?n=600&slices=12&runs=1000`.\n"),
    "signal": (
        "The reader's own table (model, step, score[, n]) is typed or uploaded on the page and is not carried by the link.\n"
        "\n"
        "Example: `/signal-noise?preset=spread&n=500&average=5`.\n"
    ),
    "box": (
        "Made for an article's `<iframe>` (add `embed=true`: no sidebar, no header); not in the\n"
        "sidebar's list. It grades only what the link gives and says what is missing. Check a\n"
        'claim and the Gap grader write its snippet under "Embed this check".\n'
        "\n"
        "Examples: `/box?a=87.3&b=85.1&bench=gpqa-diamond&name_a=Model%20X&name_b=Model%20Y&embed=true`,\n"
        "`/box?a=93.43&se_a=1.24&b=95.2&se_b=1.07&embed=true&embed_options=show_padding`,\n"
        "`/box?a=82&b=78&n=100&embed=true&embed_options=dark_theme` (light on dark, for a dark page).\n"
    ),
    "leaderboard": (
        "**The `rows` encoding.** Items are separated by `,`, fields by `:`. The name\n"
        "comes first; only `%`, `:`, `,` and characters outside printable ASCII are\n"
        "percent-encoded (spaces become `%20` in the address bar). Then the score in\n"
        "percent (`87.3`), then optionally the reported ± SE in points (`1.8`) and/or\n"
        "the row's questions as `n` and digits (`n500`). A row with neither takes `n`\n"
        "or `bench`. Every row has an SE, or none does. Numbers are written in their\n"
        "shortest exact decimal, so a link gives back the very same board.\n"
        "`bench_rows` is written the same way with two scores and, optionally, two\n"
        "SEs. Per-question files (paired boards) cannot travel in a link.\n"
        "\n"
        "Examples: `/leaderboard?rows=Model%20A:87.3:1.8,Model%20B:85.1:1.9,Model%20C:80.2:2.0`,\n"
        "`/leaderboard?rows=Model%20A:75.3,Model%20B:74.7,Model%20C:72.4&bench=gpqa-diamond&correction=bh`,\n"
        "`/leaderboard?bench_rows=GPQA:87.3:85.1:n198,MATH:90:91:n500&name_a=X&name_b=Y`.\n"
    ),
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def table(specs: tuple[Key, ...], *, needed: bool = True) -> str:
    """One page's keys as a Markdown table."""
    head = "| key | what | unit, range | default |" + (" needed |" if needed else "")
    rule = "|---|---|---|---|" + ("---|" if needed else "")
    rows = [
        f"| `{k.name}` | {_cell(k.what)} | {_cell(k.range_words())} | {_cell(k.default_text())} |"
        + ((" yes |" if k.needed else " |") if needed else "")
        for k in specs
    ]
    return "\n".join([head, rule, *rows])


def markdown() -> str:
    """The whole of ``docs/urls.md``."""
    parts = [HEAD, "## Every page\n\n" + table(SITE_KEYS, needed=False)]
    for p in PAGES:
        section = f"## {p.title} — `{p.route}`\n\n{table(p.specs)}"
        if note := NOTES.get(p.key, "").strip():
            section += "\n\n" + note
        parts.append(section)
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")

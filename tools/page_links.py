"""The recorded links: every page bare (its worked example or defaults) and several deep links.

``tools/record_pages.py`` records what each shows (text, chart specs and data), so a change
meant only to make runs cheaper can be proved to show the same; ``tools/load_test.py``'s
readers open them (a class following links from a lesson). Each is (URL path, query string).

    >>> ("luck-simulator", "p=80&n=100&d=4&runs=1000&seed=1") in LINKS
    True
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.registry import PAGES  # noqa: E402
from ui.urls_doc import NOTES  # noqa: E402

CLAIM = "Tiger solved 412 of 500 SWE-bench Verified tasks; Leopard solved 398"
TABLE = "Algebra, 50, 82, 74\nGeometry, 40, 70, 72\nProbability, 60, 64, 60\nLogic, 48, 90, 85"
# Beyond docs/urls.md's examples: each page's modes, presets, predict, the room view.
MORE = {
    "check": [
        "a=82&b=78&n=100&predict=true",
        "a=71&b=69.5&n=448&disagree=60&view=room",
        "a=87.3&b=85.1&n=198&se_a=1.8&se_b=1.9&more=2000",
        f"claim={quote(CLAIM)}",
    ],
    "luck": [
        "mode=same-questions&spread=50&n=200&runs=100&seed=7",
        "mode=best-of-k&variants=20&n=500&d=2",
        "p=90&n=1000&d=2&runs=10&view=room",
        "bench=gpqa-diamond&d=3&predict=true",
    ],
    "grader": [
        "mode=se&a=93.43&se_a=1.24&b=95.2&se_b=1.07",
        "a=82&b=78&n=448&interval=clopper-pearson",
        "a=71&b=69.5&n=448&options=4&name_a=Tiger&name_b=Leopard",
        "a_only=30&b_only=12&n=500&view=room",
    ],
    "needed": [
        "p=94&n=198",
        "p=70&d=2&discordance=20&repeats=5",
        "p=80&d=1.5&sides=one-sided&view=room",
        "p=60&d=3&m=20&icc=0.2&alpha=0.01&power=0.9",
    ],
    "passk": [
        "samples=100&passed=10&k=10&mix=easy-and-impossible",
        "mix=all-medium&seed=3&p_correct=40&p_distractor=30",
        "samples=20&passed=0&k=1&view=room",
    ],
    "coverage": [
        "n=200&p=50&interval=wald&runs=100",
        "n=50&p=99&interval=clopper-pearson&runs=1000&seed=4",
        "n=20&p=95&view=room&predict=true",
    ],
    "slices": [
        "n=198&slices=4&correction=bh&runs=100",
        f"mode=table&table={quote(TABLE)}",
        "n=2000&slices=20&p=70&alpha=0.01&runs=300&seed=5&view=room",
    ],
    "signal": [
        "preset=small-benchmark",
        "preset=close&checkpoints=40&seed=3&window=8",
        "preset=large-benchmark&discordance=10&view=room",
    ],
    "leaderboard": [
        "rows=Model%20A:87.3:1.8,Model%20B:85.1:1.9,Model%20C:80.2:2.0"
        "&method=simultaneous&level=90",
        "rows=Model%20A:75.3,Model%20B:74.7,Model%20C:72.4&bench=gpqa-diamond&predict=true",
    ],
}


def documented(key: str) -> list[str]:
    """The example links ``docs/urls.md`` gives for a page, as query strings."""
    found = re.findall(r"`(/[^`]*)`", NOTES.get(key, ""))
    return [link.partition("?")[2] for link in found if "?" in link]


def links() -> list[tuple[str, str]]:
    """Every page bare, then its documented examples, then :data:`MORE`, in the registry's
    order."""
    out: list[tuple[str, str]] = []
    for p in PAGES:
        for query in ["", *documented(p.key), *MORE.get(p.key, [])]:
            if (p.url_path, query) not in out:
                out.append((p.url_path, query))
    return out


LINKS = links()

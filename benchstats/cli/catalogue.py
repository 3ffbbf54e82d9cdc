"""``leadorluck benchmarks``: the benchmark catalogue as text, Markdown (``docs/benchmarks.md``)
or JSON, every entry with its count and the source of that count.

Examples
--------
>>> data = as_data()
>>> data["benchmarks"][0]["key"], data["benchmarks"][0]["questions"]
('aime', 30)
>>> print(as_text().splitlines()[1])
  aime                          30  AIME, one year
"""

from __future__ import annotations

import json
from itertools import groupby

from benchstats.benchmarks import (
    BENCHMARKS,
    CATALOGUE,
    FAMILIES,
    NAMED,
    SECONDARY,
    Benchmark,
    Family,
)

SCHEMA = 1  # the JSON layout's version: a key removed or changed in meaning bumps it


def _preset(b: Benchmark) -> dict:
    return {
        "key": b.key,
        "name": b.name,
        "family": b.family,
        "variant": b.variant,
        "questions": b.questions,
        "options": b.options,
        "metric": b.metric,
        "lower_is_better": b.lower_is_better,
        "cluster_size": b.cluster_size,
        "structure": b.structure or None,
        "names": list(b.names),
        "source": b.source,
        "url": b.url,
        "checked": b.checked,
        "secondary": b.secondary,
    }


def _family(f: Family) -> dict:
    return {
        "key": f.key,
        "name": f.name,
        "questions": "varies",
        "versions": [
            {"label": v.label, "questions": v.questions, "key": v.key} for v in f.versions
        ],
        "names": list(f.names),
        "notes": f.notes or None,
        "source": f.source,
        "url": f.url,
        "checked": f.checked,
        "secondary": f.secondary,
    }


def as_data() -> dict:
    """The catalogue as the JSON ``leadorluck benchmarks --format json`` prints."""
    return {
        "schema": SCHEMA,
        "benchmarks": [_preset(b) for b in BENCHMARKS],
        "families": [_family(f) for f in FAMILIES],
        "named_without_a_count": [
            {"name": n.name, "names": list(n.names), "why": n.why} for n in NAMED
        ],
    }


def as_json() -> str:
    return json.dumps(as_data(), indent=2, ensure_ascii=False)


def as_text() -> str:
    """One line a preset (key, count, name), grouped by family; then the families' versions."""
    lines = []
    for family, members in groupby(BENCHMARKS, key=lambda b: b.family):
        lines.append(family)
        lines += [f"  {b.key:<24} {b.questions:>7,}  {b.name}{_mark(b)}" for b in members]
    lines.append("")
    lines.append("Names that cover sets of different size (no count of their own):")
    for f in FAMILIES:
        listed = ", ".join(f"{v.label} {v.questions:,}" for v in f.versions)
        lines.append(f"  {f.key:<24} varies: {listed}")
    lines.append("")
    lines.append(
        f"{len(BENCHMARKS)} presets, {len(FAMILIES)} families; "
        f"{sum(len(n.names) for n in NAMED)} other names are read as benchmarks without a count."
    )
    lines.append(
        f"{SECONDARY_MARK.strip()} the count rests on a secondary source ({len(SECONDARY)})."
    )
    return "\n".join(lines)


SECONDARY_MARK = " (*)"  # after a preset in the text listing: its count rests on a secondary source


def _mark(b: Benchmark) -> str:
    return SECONDARY_MARK if b.secondary else ""


def _source(entry: Benchmark | Family) -> str:
    """The source cell: where the count comes from, and whether that is a secondary source."""
    said = f"{entry.source}: <{entry.url}> (checked {entry.checked})"
    return f"**Secondary source.** {said}" if entry.secondary else said


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|")


HEAD = """# The benchmarks the site knows

Every count below was checked against the source named beside it, on the date given. The
catalogue is declared once, in `benchstats/benchmarks.toml`; this file is written from it
(`leadorluck benchmarks --format markdown > docs/benchmarks.md`, or `make docs`) and a test
checks that it still matches. The same entries fill the preset menus (`?bench=` takes the
key), `/box`, the static box, `leadorluck --benchmark` and the claim reader's names.

- **A preset** has one count: picking it (or naming it in a pasted claim) fills the number
  of questions, marked as the preset's.
- **A family** ("GPQA", "LiveCodeBench") covers sets of different size and has no count of
  its own. It is not in the menus (pick one of its sets). In a pasted claim its count is
  the set the claim's own count matches; otherwise the claim has no count, and the page
  asks for it or says the 100 it grades on is an assumption.
- **A name not here**, a name that continues past one here ("HumanEval-XL", "Kotlin-HumanEval",
  "LiveCodeBench Pro", "BFCL v3") and a part of one ("the physics subset of GPQA Diamond",
  "a 25% sample of SWE-bench", "GPQA Diamond (chemistry)") never borrow a count.
- Names are matched with or without spaces, hyphens and underscores, "+" as "Plus", and a
  year as 2025, 25 or '25 ("AIME 2024", "AIME24", "AIME'24").
- **A source** is the benchmark's own paper, dataset card, repository or site; where its data
  file is public, the file itself, counted. Where none of those could be found to confirm a
  count, the entry keeps a secondary source and says so: **Secondary source.**
"""


def as_markdown() -> str:
    """``docs/benchmarks.md``: the presets by family, the families, the names without a count."""
    out = [HEAD, f"Checked: {CATALOGUE.checked}.", ""]
    out += [f"{len(SECONDARY)} of the {len(BENCHMARKS)} presets rest on a secondary source:"]
    out += [", ".join(f"`{b.key}`" for b in SECONDARY) + ".", "", "## Presets", ""]
    for family, members in groupby(BENCHMARKS, key=lambda b: b.family):
        out += [f"### {family}", ""]
        out += ["| key | name | questions | options | metric | names posts use | source |"]
        out += ["|---|---|---|---|---|---|---|"]
        for b in members:
            size = f"{b.questions:,}"
            if b.cluster_size:
                size += f" (clusters of {b.cluster_size})"
            names = ", ".join(b.names)
            metric = b.metric + (" (lower is better)" if b.lower_is_better else "")
            source = _source(b)
            structure = f"{b.variant}" + (f"; {b.structure}" if b.structure else "")
            out.append(
                f"| `{b.key}` | {_cell(b.name)} ({_cell(structure)}) | {size} | "
                f"{b.options or 'free answer'} | {_cell(metric)} | {_cell(names)} | {_cell(source)} |"
            )
        out.append("")
    out += ["## Families: one name, sets of different size", ""]
    out += ["| key | name | names posts use | sets | source |", "|---|---|---|---|---|"]
    for f in FAMILIES:
        sets = "; ".join(
            f"{v.label} {v.questions:,}" + (f" (`{v.key}`)" if v.key else "") for v in f.versions
        )
        if f.notes:
            sets += f". {f.notes[0].upper()}{f.notes[1:]}"
        source = _source(f)
        out.append(
            f"| `{f.key}` | {_cell(f.name)} | {_cell(', '.join(f.names))} | {_cell(sets)} | "
            f"{_cell(source)} |"
        )
    out += ["", "## Read as benchmarks, without a count", ""]
    out += ["These are named in posts; their counts could not be confirmed, so a claim naming one"]
    out += ["is graded only on a count it states itself (or an assumption it names).", ""]
    for n in NAMED:
        out.append(f"- **{n.name}** ({', '.join(n.names)}): {n.why}.")
    return "\n".join(out)


def listing(fmt: str) -> str:
    """The catalogue in ``fmt``: "text", "markdown" or "json"."""
    return {"text": as_text, "markdown": as_markdown, "json": as_json}[fmt]()

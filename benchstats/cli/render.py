"""A compare report three ways: plain text for a terminal, Markdown for a pull request, JSON.

Numbers go through :mod:`benchstats.words`; verdicts and facts come from
:mod:`benchstats.cli.compare` and :mod:`benchstats.prose.per_question`: this
module only lays them out. :func:`as_json` is the contract docs/cli.md documents.
"""

from __future__ import annotations

import json

from benchstats import words
from benchstats.cli.answers import in_points, table
from benchstats.cli.compare import Comparison, Report
from benchstats.leaderboard import CORRECTION_NAMES
from benchstats.outside_text import markdown
from benchstats.prose import per_question as prose
from benchstats.prose import span

SCHEMA = 1  # the JSON layout's version: a key removed or changed in meaning bumps it


def markdown_escape(text: object) -> str:
    r"""Reader-supplied text (model and file names) made literal in Markdown, on one line:
    :func:`benchstats.outside_text.markdown`, the site's own rule, so a pull-request comment
    shows a name as text too (no link, image, bare-address autolink or emphasis).

    Examples
    --------
    >>> markdown_escape("org/model_v2 | *beta*")
    'org/model_v2 \\| \\*beta\\*'
    >>> "www." in markdown_escape("www.evil.example")
    False
    """
    return markdown(text)


def _detectable(c: Comparison, none: str, unit: str = "") -> str:
    return none if c.detectable is None else words.points(c.detectable, signed=False) + unit


def _facts(report: Report, escape=str) -> list[str]:
    """What was read, from the first pair: models and their names' origins, task, metric, notes."""
    first = report.comparisons[0]
    return prose.read_summary(report.items, first.paired, escape=escape).split("\n")[1:]


def _gate_lines(report: Report, escape=str) -> list[str]:
    """The gate's outcome, then a line per candidate saying why it passed or failed."""
    gate = report.gate
    if gate is None:
        return []
    lines = [f"Gate {gate.describe()}: {'passed' if report.passed else 'failed'}."]
    for c in report.comparisons:
        mark = "passes" if gate.passes(c) else "fails"
        lines.append(escape(f"{c.candidate} {mark}: {gate.why(c)}."))
    return lines


def _left_out(c: Comparison) -> str | None:
    """Questions one model answered and the other did not (left out of the pair), in words."""
    each = [(c.paired.only_b, "the baseline"), (c.paired.only_a, "the candidate")]
    return "; ".join(f"{words.count(k)} only {who} answered" for k, who in each if k) or None


def _text_rows(report: Report, c: Comparison, site: str | None) -> list[tuple[str, str]]:
    rows = [] if (left := _left_out(c)) is None else [("Left out", left)]
    if c.baseline_only is not None:
        rows += [
            ("Only the baseline right", words.count(c.baseline_only)),
            ("Only the candidate right", words.count(c.candidate_only)),
        ]
    a, b = words.percent(c.grade.score_a), words.percent(c.grade.score_b)
    kind = "paired" if c.grade.clustered_gap is None else "clustered"
    rows += [
        ("Scores", f"candidate {a}, baseline {b}"),
        ("Lead, candidate − baseline", f"{words.points(c.lead)} points"),
        (f"{words.level(c.gap.confidence_level)} range ({kind})", f"{span(c.gap)} points"),
        (c.test_name, words.p_value(c.p_value)),
    ]
    if report.corrected:
        rows.append((f"p after {CORRECTION_NAMES[report.correction]}", words.p_value(c.p_adjusted)))
    rows.append(("Smallest detectable lead", _detectable(c, "not defined", " points")))
    rows += [(k.label, k.value) for k in prose.repeat_numbers(c.grade)]  # repeated answers
    if site is not None:
        rows.append(("Gap grader", c.link(site) or "needs right/wrong scores (0 or 1)"))
    return rows


def _link_note(c: Comparison, site: str | None) -> str | None:
    """What the link leaves out (the clusters), when there is a link."""
    return c.link_note if c.link(site) else None


def as_text(report: Report, site: str | None) -> str:
    """The report for a terminal: a block per candidate, what was read, the gate."""
    lines = []
    for c in report.comparisons:
        lines += [
            f"{c.candidate} against {c.baseline} (baseline) on "
            f"{words.plural(c.questions, 'question')}",
            c.verdict,
            *table(_text_rows(report, c, site)),
            *([note] if (note := _link_note(c, site)) else []),
            "",
        ]
    lines.append(f"Read {', '.join(report.items.sources)} ({report.items.kind}).")
    lines += [line.replace("**", "").replace("`", "") for line in _facts(report)]
    gate = _gate_lines(report)
    return "\n".join(lines + ([""] + gate if gate else []))


def _md_table(report: Report, site: str | None) -> list[str]:
    """The comparisons as a Markdown table, one row per candidate."""
    first = report.comparisons[0]

    def dash(count: int | None) -> str:
        return "—" if count is None else words.count(count)

    def name(c: Comparison) -> str:
        link, escaped = c.link(site), markdown_escape(c.candidate)
        return f"[{escaped}]({link})" if link else escaped

    columns = [
        ("Candidate", "---", name),
        ("Questions", "---:", lambda c: words.count(c.questions)),
        ("Only baseline right", "---:", lambda c: dash(c.baseline_only)),
        ("Only candidate right", "---:", lambda c: dash(c.candidate_only)),
        ("Lead (points)", "---:", lambda c: words.points(c.lead)),
        (f"{words.level(first.gap.confidence_level)} range (points)", "---", lambda c: span(c.gap)),
        (
            first.test_name if len({x.test for x in report.comparisons}) == 1 else "p",
            "---:",
            lambda c: words.p_value(c.p_value),
        ),
    ]
    if report.corrected:
        p_after = f"p after {CORRECTION_NAMES[report.correction]}"
        columns.append((p_after, "---:", lambda c: words.p_value(c.p_adjusted)))
    columns += [
        ("Smallest detectable (points)", "---:", lambda c: _detectable(c, "—")),
        ("Verdict", "---", lambda c: f"**{'Clears' if c.clears else 'Inside'} the noise**"),
    ]
    if report.gate is not None:
        columns.append(("Gate", "---", lambda c: "pass" if report.gate.passes(c) else "**fail**"))
    return [
        "| " + " | ".join(head for head, _, _ in columns) + " |",
        "|" + "|".join(align for _, align, _ in columns) + "|",
        *("| " + " | ".join(cell(c) for _, _, cell in columns) + " |" for c in report.comparisons),
    ]


def as_markdown(report: Report, site: str | None) -> str:
    """The report for a pull-request comment: a table, the verdicts, the gate, what was read."""
    base = markdown_escape(report.comparisons[0].baseline)
    count = words.plural(len(report.comparisons), "candidate")
    lines = [f"### Lead or luck: {count} against {base} (baseline)", ""]
    lines += _md_table(report, site) + [""]
    for c in report.comparisons:
        lines.append(f"- **{markdown_escape(c.candidate)}**: {markdown_escape(c.verdict)}")
        if (left := _left_out(c)) is not None:
            lines.append(f"  Left out: {left}.")
        if note := _link_note(c, site):
            lines.append(f"  {note}")
    if gate := _gate_lines(report, markdown_escape):
        head, *each = gate
        lines += ["", f"**{head}**", *(f"- {line}" for line in each)]
    lines += ["", "<details><summary>What was read</summary>", ""]
    sources = ", ".join(f"`{s}`" for s in (x.replace("`", "'") for x in report.items.sources))
    lines.append(f"- Files: {sources} ({report.items.kind}).")
    lines += [*_facts(report, markdown_escape), "", "</details>"]
    return "\n".join(lines)


def _comparison_json(report: Report, c: Comparison, files: dict, site: str | None) -> dict:
    counts = c.grade.counts
    return {
        "baseline": c.baseline,
        "candidate": c.candidate,
        "baseline_file": files.get(c.baseline),
        "candidate_file": files.get(c.candidate),
        "questions": c.questions,
        "baseline_only": c.baseline_only,
        "candidate_only": c.candidate_only,
        "both_right": None if counts is None else counts.both_right,
        "neither": None if counts is None else counts.neither,
        "left_out_baseline": c.paired.only_b,
        "left_out_candidate": c.paired.only_a,
        "baseline_percent": 100 * c.grade.score_b,
        "candidate_percent": 100 * c.grade.score_a,
        "lead_points": in_points(c.lead),
        "low_points": in_points(c.gap.low),
        "high_points": in_points(c.gap.high),
        "se_points": in_points(c.gap.se),
        "interval": c.gap.method,
        "test": c.test,
        "p_value": c.p_value,
        "p_adjusted": c.p_adjusted,
        "clears": c.clears,
        "verdict": c.verdict,
        "detectable_points": in_points(c.detectable),
        "link": c.link(site),
        "link_note": _link_note(c, site),
        "gate_passed": None if report.gate is None else report.gate.passes(c),
    }


def as_json(report: Report, site: str | None, files: tuple[str, ...] = ()) -> str:
    """The report as JSON (docs/cli.md lists every key), leads in points, scores in percent."""
    by_model = dict(zip(report.items.models, files, strict=False))
    gate = report.gate
    if gate is not None:
        margin = round(100 * gate.margin, 10) if gate.kind == "not-worse" else None
        gate = {"kind": gate.kind, "margin_points": margin, "passed": report.passed}
    doc = {
        "schema": SCHEMA,
        "baseline": report.items.models[0],
        "files": list(report.items.sources),
        "kind": report.items.kind,
        "confidence_level": report.comparisons[0].gap.confidence_level,
        "test": report.test,
        "correction": report.correction if report.corrected else "none",
        "gate": gate,
        "exit_code": report.exit_code,
        "notes": list(report.items.notes),
        "comparisons": [_comparison_json(report, c, by_model, site) for c in report.comparisons],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False)

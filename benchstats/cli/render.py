"""A compare report three ways: plain text for a terminal, Markdown for a pull request, JSON.

Every number goes through :mod:`benchstats.words`, every verdict and fact
line comes from the grading (:mod:`benchstats.cli.compare`) and
:mod:`benchstats.prose.per_question`; this module only lays them out.
:func:`as_json` is the machine-readable contract documented in docs/cli.md.
"""

from __future__ import annotations

import json
import re

from benchstats import words
from benchstats.cli.compare import Comparison, Report
from benchstats.leaderboard import CORRECTION_NAMES
from benchstats.prose import per_question as prose

__all__ = ["as_json", "as_markdown", "as_text", "markdown_escape", "table"]

SCHEMA = 1  # the JSON layout's version: a key removed or changed in meaning bumps it
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~])")


def markdown_escape(text: object) -> str:
    r"""Reader-supplied text (model and file names) made literal in Markdown, on one line.

    Examples
    --------
    >>> markdown_escape("org/model_v2 | *beta*")
    'org/model\\_v2 \\| \\*beta\\*'
    """
    return _MD_SPECIAL.sub(r"\\\1", str(text).replace("\n", " "))


def _plain(text: str) -> str:
    return text


def table(rows: list[tuple[str, str]], indent: str = "  ") -> list[str]:
    """(label, value) rows as aligned text lines."""
    width = max((len(label) for label, _ in rows), default=0)
    return [f"{indent}{label:<{width}}  {value}" for label, value in rows]


def _pts(x: float | None) -> str:
    return "not defined" if x is None else f"{words.points(x, signed=False)} points"


def _range(c: Comparison) -> str:
    return f"{words.points(c.gap.low)} to {words.points(c.gap.high)} points"


def _range_label(c: Comparison) -> str:
    level = words.level(c.gap.confidence_level)
    if c.grade.clustered_gap is not None:
        return f"{level} range (clustered)"
    return f"{level} range (paired)"


def _facts(report: Report, escape) -> list[str]:
    """What was read, from the first pair: models and their names' origins, task, metric, notes."""
    first = report.comparisons[0]
    return prose.read_summary(report.items, first.paired, escape=escape).split("\n")[1:]


def _gate_lines(report: Report, escape=_plain) -> list[str]:
    """The gate's outcome, then a line per candidate saying why it passed or failed."""
    gate = report.gate
    if gate is None:
        return []
    verdict = "passed" if report.passed else "failed"
    lines = [f"Gate {gate.describe()}: {verdict}."]
    for c in report.comparisons:
        mark = "passes" if gate.passes(c) else "fails"
        lines.append(escape(f"{c.candidate} {mark}: {gate.why(c)}."))
    return lines


# --------------------------------------------------------------------------- text


def _left_out(c: Comparison) -> str | None:
    """Questions one model answered and the other did not (left out of the pair), in words."""
    each = [(c.paired.only_b, "the baseline"), (c.paired.only_a, "the candidate")]
    parts = [f"{words.count(k)} only {who} answered" for k, who in each if k]
    return "; ".join(parts) or None


def _link_label(c: Comparison) -> str:
    return "Gap grader (counts, no clusters)" if c.grade.clustered else "Gap grader"


def _text_rows(report: Report, c: Comparison, site: str) -> list[tuple[str, str]]:
    rows = []
    if (left := _left_out(c)) is not None:
        rows.append(("Left out", left))
    if c.baseline_only is not None:
        rows += [
            ("Only the baseline right", words.count(c.baseline_only)),
            ("Only the candidate right", words.count(c.candidate_only)),
        ]
    rows += [
        (
            "Scores",
            f"candidate {words.percent(c.grade.score_a)}, baseline {words.percent(c.grade.score_b)}",
        ),
        ("Lead, candidate − baseline", f"{words.points(c.lead)} points"),
        (_range_label(c), _range(c)),
        (c.test_name, words.p_value(c.p_value)),
    ]
    if report.corrected:
        rows.append((f"p after {CORRECTION_NAMES[report.correction]}", words.p_value(c.p_adjusted)))
    rows.append(("Smallest detectable lead", _pts(c.detectable)))
    rows += [(k.label, k.value) for k in prose.repeat_numbers(c.grade)]  # repeated answers
    link = c.link(site)
    rows.append((_link_label(c), link or "needs right/wrong scores (0 or 1)"))
    return rows


def as_text(report: Report, site: str) -> str:
    """The report for a terminal: a block per candidate, what was read, the gate."""
    lines = []
    for c in report.comparisons:
        lines += [
            f"{c.candidate} against {c.baseline} (baseline) on "
            f"{words.plural(c.questions, 'question')}",
            c.verdict,
            *table(_text_rows(report, c, site)),
            "",
        ]
    sources = ", ".join(report.items.sources)
    lines.append(f"Read {sources} ({report.items.kind}).")
    lines += [line.replace("**", "").replace("`", "") for line in _facts(report, _plain)]
    gate = _gate_lines(report)
    return "\n".join(lines + ([""] + gate if gate else []))


# --------------------------------------------------------------------------- markdown


def _verdict_word(c: Comparison) -> str:
    return "Clears the noise" if c.clears else "Inside the noise"


def _md_row(report: Report, c: Comparison, site: str) -> str:
    link = c.link(site)
    name = markdown_escape(c.candidate)
    cells = [
        f"[{name}]({link})" if link else name,
        words.count(c.questions),
        "—" if c.baseline_only is None else words.count(c.baseline_only),
        "—" if c.candidate_only is None else words.count(c.candidate_only),
        words.points(c.lead),
        f"{words.points(c.gap.low)} to {words.points(c.gap.high)}",
        words.p_value(c.p_value),
    ]
    if report.corrected:
        cells.append(words.p_value(c.p_adjusted))
    cells += [
        "—" if c.detectable is None else words.points(c.detectable, signed=False),
        f"**{_verdict_word(c)}**",
    ]
    if report.gate is not None:
        cells.append("pass" if report.gate.passes(c) else "**fail**")
    return "| " + " | ".join(cells) + " |"


def _md_head(report: Report) -> list[str]:
    c = report.comparisons[0]
    heads = [
        ("Candidate", "---"),
        ("Questions", "---:"),
        ("Only baseline right", "---:"),
        ("Only candidate right", "---:"),
        ("Lead (points)", "---:"),
        (f"{words.level(c.gap.confidence_level)} range (points)", "---"),
        (c.test_name if len({x.test for x in report.comparisons}) == 1 else "p", "---:"),
    ]
    if report.corrected:
        heads.append((f"p after {CORRECTION_NAMES[report.correction]}", "---:"))
    heads += [("Smallest detectable (points)", "---:"), ("Verdict", "---")]
    if report.gate is not None:
        heads.append(("Gate", "---"))
    return [
        "| " + " | ".join(h for h, _ in heads) + " |",
        "|" + "|".join(a for _, a in heads) + "|",
    ]


def as_markdown(report: Report, site: str) -> str:
    """The report for a pull-request comment: a table, the verdicts, the gate, what was read."""
    base = markdown_escape(report.comparisons[0].baseline)
    count = words.plural(len(report.comparisons), "candidate")
    lines = [f"### Lead or luck: {count} against {base} (baseline)", ""]
    lines += _md_head(report) + [_md_row(report, c, site) for c in report.comparisons] + [""]
    for c in report.comparisons:
        left = _left_out(c)
        lines.append(f"- **{markdown_escape(c.candidate)}**: {markdown_escape(c.verdict)}")
        if left is not None:
            lines.append(f"  Left out: {left}.")
    gate = _gate_lines(report, markdown_escape)
    if gate:
        head, *each = gate
        lines += ["", f"**{head}**", *(f"- {line}" for line in each)]
    lines += ["", "<details><summary>What was read</summary>", ""]
    sources = ", ".join(f"`{s}`" for s in (x.replace("`", "'") for x in report.items.sources))
    lines.append(f"- Files: {sources} ({report.items.kind}).")
    lines += _facts(report, markdown_escape)
    lines += ["", "</details>"]
    return "\n".join(lines)


# --------------------------------------------------------------------------- JSON


def _points(x: float | None) -> float | None:
    return None if x is None else 100 * x


def _comparison_json(report: Report, c: Comparison, files: dict, site: str) -> dict:
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
        "lead_points": _points(c.lead),
        "low_points": _points(c.gap.low),
        "high_points": _points(c.gap.high),
        "se_points": _points(c.gap.se),
        "interval": c.gap.method,
        "test": c.test,
        "p_value": c.p_value,
        "p_adjusted": c.p_adjusted,
        "clears": c.clears,
        "verdict": c.verdict,
        "detectable_points": _points(c.detectable),
        "link": c.link(site),
        "gate_passed": None if report.gate is None else report.gate.passes(c),
    }


def as_json(report: Report, site: str, files: tuple[str, ...] = ()) -> str:
    """The report as JSON (docs/cli.md lists every key), leads in points, scores in percent."""
    by_model = dict(zip(report.items.models, files, strict=False))
    gate = report.gate
    doc = {
        "schema": SCHEMA,
        "baseline": report.items.models[0],
        "files": list(report.items.sources),
        "kind": report.items.kind,
        "confidence_level": report.comparisons[0].gap.confidence_level,
        "test": report.test,
        "correction": report.correction if report.corrected else "none",
        "gate": None
        if gate is None
        else {
            "kind": gate.kind,
            "margin_points": round(100 * gate.margin, 10) if gate.kind == "not-worse" else None,
            "passed": report.passed,
        },
        "exit_code": report.exit_code,
        "notes": list(report.items.notes),
        "comparisons": [_comparison_json(report, c, by_model, site) for c in report.comparisons],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False)

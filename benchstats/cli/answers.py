"""The pages' other answers on the command line: check two scores, plan a benchmark, read a claim.

``check`` grades as Check a claim does (:mod:`benchstats.grading`), ``plan``
answers as Questions needed does (:mod:`benchstats.planning`), ``claim``
reads a sentence as Check a claim's box does
(:func:`benchstats.claims.parse_claim`) and grades it like ``check``. The
words are the pages' own (:mod:`benchstats.prose`); each builder returns an
:class:`Answer` the command prints as text, Markdown or JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from urllib.parse import quote, urlencode

from benchstats import get_benchmark, language, planning, words
from benchstats.claims import ParsedClaim, marked, parse_claim
from benchstats.gaps import clearing_lead
from benchstats.grading import Grading, Names, grade_reported_se, grade_unpaired
from benchstats.power import detectable_lead, questions_needed
from benchstats.prose import claim as claim_prose
from benchstats.prose import planning as plan_prose
from benchstats.rivals import board_rows, grade_rivals


class MissingInput(ValueError):
    """The input lacks a value the verdict needs; the message says which and how to give it."""


def table(rows: Sequence[tuple[str, str]]) -> list[str]:
    """(label, value) rows as aligned text lines, indented two spaces."""
    width = max((len(label) for label, _ in rows), default=0)
    return [f"  {label:<{width}}  {value}" for label, value in rows]


@dataclass(frozen=True)
class Answer:
    """One answer: a headline, labelled numbers, sentences after them, a link, and its JSON."""

    headline: str
    rows: tuple[tuple[str, str], ...]
    lines: tuple[str, ...]
    link: tuple[str, str | None]  # the page's name and its address (None: no site named)
    data: dict

    def text(self) -> str:
        page, url = self.link
        link = [] if url is None else ["", f"{page}: {url}"]
        return "\n".join([self.headline, "", *table(self.rows), "", *self.lines, *link])

    def markdown(self) -> str:
        page, url = self.link
        out = [f"**{self.headline}**", "", "| | |", "|---|---|"]
        out += [f"| {label} | {value} |" for label, value in self.rows]
        out += ["", *(f"- {line}" for line in self.lines)]
        return "\n".join([*out, *([] if url is None else ["", f"[{page}]({url})"])])


def in_points(x: float | None) -> float | None:
    return None if x is None else 100 * x


def _url(site: str | None, path: str, query: dict[str, object]) -> str | None:
    """The page at ``path`` on ``site`` opened on ``query``; None when no site is named."""
    if site is None:
        return None
    return f"{site.rstrip('/')}{path}?{urlencode(query, quote_via=quote)}"


def _num(x: float) -> str:
    """A number as a URL value, as the pages write it: shortest form, no float dust."""
    return f"{round(x, 4):g}"


def _graded(a, b, *, n, n_b, se_a, se_b, names) -> Grading:
    if se_a is not None and se_b is not None:  # every number from the SEs, as on the page
        return grade_reported_se(a, se_a, b, se_b, names=names)
    return grade_unpaired(a, b, n, n_b=n_b, names=names)


def _needed(g: Grading) -> int | None:
    if g.mode == "se" or g.a == g.b:
        return None
    try:
        return questions_needed(g.a, g.b)
    except ValueError:  # a lead so small no count of questions would do
        return None


def _check_data(g: Grading) -> dict:
    gap, luck = g.gap, g.luck
    se_a, se_b = (g.se_a, g.se_b) if g.mode == "se" else (None, None)
    return {
        "mode": g.mode,
        "name_a": g.names.a or None,
        "name_b": g.names.b or None,
        "a_percent": 100 * g.a,
        "b_percent": 100 * g.b,
        "n": getattr(g, "n", None),
        "n_b": getattr(g, "n_b", None),
        "se_a_points": in_points(se_a),
        "se_b_points": in_points(se_b),
        "lead_points": in_points(gap.lead),
        "low_points": in_points(gap.low),
        "high_points": in_points(gap.high),
        "se_points": in_points(gap.se),
        "z": gap.z,
        "p_value": gap.p_value,
        "clears": g.clears,
        "verdict": claim_prose.headline(g),
        "luck_either_way": None if luck is None else luck.either_way,
        "clearing_lead_points": in_points(clearing_lead(gap)) if gap.se > 0 else None,
        "detectable_points": in_points(float(detectable_lead(gap.se))) if gap.se > 0 else None,
        "questions_needed": _needed(g),
    }


def _graded_answer(
    g: Grading, link: str, bench: str | None = None, extra=(), lang: str = language.ENGLISH
) -> Answer:
    """The graded answer in English, its report sentence in ``lang`` (where the catalogue has
    it: an untranslated message stays English)."""
    numbers = (*claim_prose.key_numbers(g), *claim_prose.plan_numbers(g))
    rows = tuple((k.label, k.value) for k in numbers)
    lines = [*extra]
    if g.mode == "unpaired" and (note := claim_prose.whole_count_note(g.a, g.b, g.n)):
        lines.append(note)
    with language.using(lang):
        report = claim_prose.report(g)
    sentence = claim_prose.copy_sentence(g, bench)
    lines += [f"Report it like this: {report}", f"Copy this sentence: {sentence}"]
    data = _check_data(g) | {"report": report, "sentence": sentence, "link": link}
    return Answer(claim_prose.headline(g), rows, tuple(lines), ("Check a claim", link), data)


def check(
    a: float,
    b: float,
    *,
    n: int | None = None,
    n_b: int | None = None,
    se_a: float | None = None,
    se_b: float | None = None,
    names: Names | None = None,
    site: str | None = "http://localhost:8501",
    bench: str | None = None,
    lang: str = language.ENGLISH,
) -> Answer:
    """Two scores graded as Check a claim grades them (proportions in, words out).

    With both reported SEs the gap's SE is √(se_a² + se_b²) and ``n`` only
    sets the luck chance; otherwise ``n`` (and ``n_b``) the unpaired SE.
    ``bench``, a preset key, names the benchmark in the sentence and the link
    (``n`` is its size: the caller checks that). The report sentence is in ``lang``.

    Examples
    --------
    >>> ans = check(0.82, 0.78, n=100)
    >>> ans.headline
    'Inside the noise: the 95% range for the true lead, −7.1 to +15.1 points, includes zero, so these 100 questions cannot tell A and B apart.'
    >>> dict(ans.rows)["95% range for the true lead"]
    '−7.1 to +15.1'
    """
    if (se_a is None) != (se_b is None):
        msg = "a reported SE needs the other model's too: give both --se-a and --se-b."
        raise MissingInput(msg)
    if se_a is None and n is None:
        msg = "two scores need the number of questions: give --n N (or both --se-a and --se-b)."
        raise MissingInput(msg)
    g = _graded(a, b, n=n, n_b=n_b, se_a=se_a, se_b=se_b, names=names or Names())
    query: dict[str, object] = {"a": _num(100 * g.a), "b": _num(100 * g.b)}
    if g.mode == "se":
        query |= {"se_a": _num(100 * g.se_a), "se_b": _num(100 * g.se_b)}
    elif bench is not None and n_b is None:
        query["bench"] = bench
    else:
        query["n"] = g.n
    query |= {k: v for k, v in (("name_a", g.names.a), ("name_b", g.names.b)) if v}
    name = get_benchmark(bench).name if bench is not None else None
    return _graded_answer(g, _url(site, "/", query), name, lang=lang)


def plan(
    p: float,
    lead: float,
    *,
    discordance: float | None = None,
    n: int | None = None,
    alpha: float = 0.05,
    power: float = 0.8,
    sides: int = 2,
    site: str | None = "http://localhost:8501",
) -> Answer:
    """The questions a lead needs near p, as Questions needed answers (proportions in).

    A lead that does not fit near p, or a disagreement rate the two scores
    cannot have, raises ValueError saying what is allowed (the command's exit 2).

    Examples
    --------
    >>> ans = plan(0.8, 0.04)
    >>> ans.headline, ans.data["questions_needed"]
    ('A 4.0-point lead near 80% needs 1,566 questions.', 1566)
    """
    lp = planning.plan_lead(p, lead, alpha=alpha, power=power, sides=sides)
    rows = [("Questions needed", words.count(lp.needed))]
    lines = [plan_prose.scores_line(lp)]
    data = {
        "p_percent": 100 * lp.p,
        "lead_points": 100 * lp.lead,
        "a_percent": 100 * lp.a,
        "b_percent": 100 * lp.b,
        "alpha": lp.alpha,
        "power": lp.power,
        "sides": "two-sided" if lp.sides == 2 else "one-sided",
        "questions_needed": lp.needed,
        "verdict": plan_prose.needed_headline(lp),
        "paired": None,
        "reach": None,
    }
    if discordance is not None:
        pp = planning.paired_plan(lp, discordance, n)
        rows.append(("Paired, same questions", words.count(pp.questions)))
        if n is not None:
            mde = f"{words.points(pp.mde, signed=False)} points"
            rows.append((f"Paired: lead at {words.count(n)}", mde))
        lines.append(plan_prose.paired_sentence(lp, pp))
        data["paired"] = {
            "discordance_percent": 100 * pp.discordance,
            "questions_needed": pp.questions,
            "detectable_points": in_points(pp.mde),
        }
    if n is not None:
        r = planning.reach(lp, n)
        rows += [
            ("Smallest detectable lead", f"{words.points(r.mde, signed=False)} points"),
            ("Chance to see your lead", words.percent(r.chance, decimals=0)),
        ]
        lines.append(plan_prose.reach_headline(lp, r))
        data["reach"] = {
            "n": r.n,
            "detectable_points": 100 * r.mde,
            "chance": r.chance,
            "enough": r.sees,
        }
    query: dict[str, object] = {"p": _num(100 * p), "d": _num(100 * lead)}
    if n is not None:
        query["n"] = n
    if discordance is not None:
        query["discordance"] = _num(100 * discordance)
    if (alpha, power, sides) != (0.05, 0.8, 2):
        query |= {"alpha": f"{alpha:g}", "power": f"{power:g}", "sides": data["sides"]}
    data["link"] = link = _url(site, "/questions-needed", query)
    return Answer(
        plan_prose.needed_headline(lp), tuple(rows), tuple(lines), ("Questions needed", link), data
    )


def _read_line(parsed: ParsedClaim) -> str:
    """What the sentence gave, in words: "Read: A = X 87.3%, B = Y 85.1%, GPQA Diamond (198)"."""
    parts = []
    written = {k.upper(): d for k, d in parsed.decimals.items()}  # "55.0%" as written
    for side, name, score in (("A", parsed.name_a, parsed.a), ("B", parsed.name_b, parsed.b)):
        if name or score is not None:
            shown = None if score is None else words.score(score, decimals=written.get(side, 0))
            value = " ".join(x for x in (name, shown) if x)
            parts.append(f"{side} = {value}")
    if parsed.bench:
        bench = get_benchmark(parsed.bench)
        parts.append(f"{bench.name} ({words.plural(bench.questions, 'question')})")
    if parsed.n is not None:
        parts.append(words.plural(parsed.n, "question"))
    for side, se in (("A", parsed.se_a), ("B", parsed.se_b)):
        if se is not None:
            parts.append(f"± {words.points(se, signed=False, decimals=2)} points for {side}")
    if parsed.lead is not None:
        parts.append(f"a lead of {words.points(parsed.lead)} points")
    return "Read: " + (", ".join(parts) if parts else "nothing to grade") + "."


def _missing(parsed: ParsedClaim, n: int | None) -> str | None:
    """What the verdict needs that the sentence does not give, or None."""
    scores = [s for s in (parsed.a, parsed.b) if s is not None]
    if len(scores) < 2:
        got = "no score" if not scores else f"one score ({words.score(scores[0])})"
        return f"the claim gives {got}: the verdict needs both models' scores."
    if n is None and (parsed.se_a is None or parsed.se_b is None):
        return (
            "the claim gives no number of questions and names no benchmark of known size: "
            "the verdict needs it. Give --n N."
        )
    return None


#: ParsedClaim's fields as JSON keys: scores in percent, SEs and the lead in points.
_READ_KEYS = {k: f"{k}_percent" for k in "ab"} | {
    k: f"{k}_points" for k in ("se_a", "se_b", "lead")
}


def _read_json(parsed: ParsedClaim) -> dict:
    """What the sentence gave, in the command line's units."""
    return {
        _READ_KEYS.get(k, k): 100 * v if k in _READ_KEYS else v for k, v in parsed.fields.items()
    }


def reading_json(parsed: ParsedClaim) -> dict:
    """The reading as JSON: every marked span with its role, the notes, the questions."""
    return {
        "reading": [
            {
                "text": m.text,
                "start": m.start,
                "end": m.end,
                "role": m.role,
                "field": m.field,
                "says": m.says,
                "implied": m.implied or None,
            }
            for m in parsed.reading
        ],
        "notes": list(parsed.notes),
        "questions": list(parsed.questions),
        "choices": [
            {"pick": c.pick, "label": c.label, "question": q.text}
            for q in parsed.asks
            for c in q.choices
        ],
        "picks": list(parsed.picks),
    }


def reading_line(parsed: ParsedClaim) -> str:
    """The sentence with each number's role in brackets, then what the numbers implied."""
    sentence = marked(parsed, lambda m: f"{m.text} [{m.says}]")
    said = [m.implied for m in parsed.reading if m.implied] + list(parsed.notes)
    return f"Reading: {sentence}" + "".join(f" — {x}" for x in said)


class ClaimAsks(MissingInput):
    """The claim asks before any verdict: which pair, which reading, which set. ``parsed``
    holds the reading, for ``--format json``."""

    def __init__(self, message: str, parsed: ParsedClaim) -> None:
        super().__init__(message)
        self.parsed = parsed

    def data(self) -> dict:
        """What a refused claim prints as JSON: no verdict, what it read and what it asks."""
        return {"verdict": None, "refused": str(self), "read": _read_json(self.parsed)} | (
            reading_json(self.parsed)
        )


def _asks(parsed: ParsedClaim, n: int | None) -> ClaimAsks | None:
    """The questions the claim asks that ``--n`` does not answer, as the refusal; None if none."""
    given = {"n"} if n is not None else set()
    open_ = [q for q in parsed.asks if not q.about or not set(q.about) <= given]
    if not open_:
        return None
    parts = []
    for q in open_:
        choices = "; ".join(f"--pick {c.pick} ({c.label})" for c in q.choices)
        parts.append(q.text + (f" Choose with {choices}." if choices else ""))
    msg = "the claim asks before any verdict (a question is not a verdict): " + " ".join(parts)
    return ClaimAsks(msg, parsed)


def claim(
    text: str,
    *,
    n: int | None = None,
    picks: Sequence[str] = (),
    site: str = "http://localhost:8501",
    lang: str = language.ENGLISH,
) -> Answer:
    """A launch sentence read as Check a claim reads it, then graded on what it says.

    ``n`` gives the number of questions when the sentence has none, never
    against one it names; ``picks`` answer the claim's questions, as the page's
    buttons do. A claim that asks (which two of three scores, which reading of a
    number) raises :class:`ClaimAsks`, with no verdict, as the page shows none;
    a sentence without both scores, or without the questions and both SEs,
    raises :class:`MissingInput`. The report sentence is in ``lang``.

    Examples
    --------
    >>> ans = claim("Model X scores 87.3% on GPQA Diamond, beating Model Y's 85.1%")
    >>> ans.rows[1], ans.data["n"]
    (('95% range for the true lead', '−4.6 to +9.0'), 198)
    >>> claim("Pelican reaches 77.2% on MATH-500, +0.8 over Gull").data["read"]["b_percent"]
    76.4
    """
    parsed = parse_claim(text, tuple(picks))
    bench = get_benchmark(parsed.bench) if parsed.bench else None
    said = parsed.n if parsed.n is not None else (bench.questions if bench else None)
    if said is not None and n is not None and n != said:
        msg = f"the claim says {words.plural(said, 'question')}; --n says {words.count(n)}. Drop --n, or fix the sentence."
        raise MissingInput(msg)
    if (asks := _asks(parsed, n)) is not None:
        raise asks
    count = said if said is not None else n
    if (why := _missing(parsed, count)) is not None:
        raise MissingInput(why)
    names = Names(parsed.name_a or "", parsed.name_b or "")
    se = {"se_a": parsed.se_a, "se_b": parsed.se_b}
    g = _graded(parsed.a, parsed.b, n=count, n_b=None, **se, names=names)
    g = replace(g, decimals=(parsed.decimals.get("a", 0), parsed.decimals.get("b", 0)))
    extra = [_read_line(parsed), reading_line(parsed)]
    rivals = _rivals(parsed, count, names.first, site)
    if rivals is not None:
        extra += rivals[0]
    query: dict[str, object] = {"claim": parsed.text}
    if parsed.picks:
        query["pick"] = ",".join(parsed.picks)
    if said is None and n is not None:
        extra.append(
            f"The number of questions, {words.count(n)}, comes from --n: the claim gives none."
        )
        query["n"] = n  # the page's n box, which the sentence leaves at its default
    answer = _graded_answer(
        g, _url(site, "/", query), bench.name if bench else None, extra, lang=lang
    )
    read = {"read": _read_json(parsed)} | reading_json(parsed)
    data = read | answer.data | (rivals[1] if rivals is not None else {})
    return replace(answer, data=data)


def _rivals(
    parsed: ParsedClaim, n: int | None, name_a: str, site: str | None
) -> tuple[list[str], dict] | None:
    """A claim against several rivals: each pair's line (the closest first) and its JSON, with
    the link that opens every model in the Leaderboard checker; None for two models."""
    if not parsed.rivals:
        return None
    with_se = parsed.se_a is not None and all(r.se is not None for r in parsed.rivals)
    winner = (name_a, parsed.a, parsed.se_a if with_se else None)
    models = [(r.name, r.score, r.se if with_se else None) for r in parsed.rivals]
    pairs = grade_rivals(winner, models, n=None if with_se else n)
    lines = [claim_prose.rivals_line(name_a, pairs)]
    places = {r.name: r.decimals for r in parsed.rivals}
    for p in pairs:
        gap = p.grading.gap
        lines.append(
            f"  vs {p.name} ({words.score(p.score, decimals=places.get(p.name, 0))}): lead {words.points(gap.lead)} points, "
            f"95% range {claim_prose.span(gap)}. {claim_prose.rival_verdict(p.grading)}"
        )
    query: dict[str, object] = {"rows": str(board_rows(winner, models))}
    if parsed.bench:
        query["bench"] = parsed.bench
    elif n is not None and not with_se:
        query["n"] = n
    link = _url(site, "/leaderboard", query)
    if link is not None:
        lines.append(f"Every model in the Leaderboard checker: {link}")
    data = {
        "rivals": [
            {
                "name": p.name,
                "score_percent": 100 * p.score,
                "lead_points": in_points(p.grading.gap.lead),
                "low_points": in_points(p.grading.gap.low),
                "high_points": in_points(p.grading.gap.high),
                "clears": p.grading.clears,
                "verdict": claim_prose.rival_verdict(p.grading),
            }
            for p in pairs
        ],
        "rivals_summary": lines[0],
        "leaderboard_link": link,
    }
    return lines, data

"""The ``leadorluck`` command: its arguments, its commands, its exit codes.

Arguments are read in the site's units (percent for scores, points for
leads, SEs and margins) and turned into proportions before any benchstats
function sees them. A mistake (a missing file, a bad value, an unknown
option) prints one line, ``leadorluck: error: …``, to standard error and
exits 2; a failed gate exits 1; a bug exits 3; anything else 0.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Sequence

from benchstats.cli.site import ENV as SITE_ENV
from benchstats.cli.site import check_site, language_from, site_from
from benchstats.grading import Names
from benchstats.language import LANGUAGES
from benchstats.leaderboard import CORRECTIONS
from benchstats.mcnemar import METHODS as TESTS

EXIT_OK, EXIT_FAILED, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3
PROG = "leadorluck"
FORMATS = ("text", "markdown", "json")
GATES = ("better", "not-worse")  # compare.GATES, here so check and plan need not load pandas
MAX_QUESTIONS = 10_000_000  # the Gap grader's largest n
BOX_QUESTIONS = 1_000_000  # the box's largest n: its link opens Check a claim, whose n stops there


class _Version(argparse.Action):
    """--version: the installed package's version, looked up only when asked."""

    def __call__(self, parser, *args) -> None:
        from importlib import metadata

        try:
            version = metadata.version("lead-or-luck")
        except metadata.PackageNotFoundError:  # run from a checkout that was never installed
            version = "(not installed)"
        print(f"{PROG} {version}")
        parser.exit()


class UsageError(Exception):
    """A command line argparse or a rule of ours cannot use: one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse prints usage and exits; we say one line
        raise UsageError(f"{message} (see {self.prog} --help)")


def _ranged(
    low: float, high: float, what: str, *, open_low: bool = False, scale: float = 1, whole=False
):
    """A parser of a finite number from ``low`` to ``high``, divided by ``scale`` (or whole)."""

    def parse(text: str) -> float:
        try:
            x = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if not math.isfinite(x):
            raise argparse.ArgumentTypeError(f"expected a finite number, got {text!r}")
        if x < low or x > high or (open_low and x == low) or (whole and x != int(x)):
            raise argparse.ArgumentTypeError(f"must be {what}, got {text}")
        return int(x) if whole else x / scale

    return parse


_count = _ranged(
    1, MAX_QUESTIONS, f"a whole number of questions from 1 to {MAX_QUESTIONS:,}", whole=True
)


def _site(text: str) -> str:
    try:
        return check_site(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _benchmark(text: str) -> str:
    """A preset key (``gpqa-diamond``), checked against the catalogue."""
    from benchstats.benchmarks import get_benchmark

    try:
        return get_benchmark(text).key
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _with_preset(n: int | None, bench: str | None) -> int | None:
    """``--n``, or the size of ``--benchmark``; both must agree when both are given."""
    if bench is None:
        return n
    from benchstats.benchmarks import get_benchmark

    preset = get_benchmark(bench)
    if n is not None and n != preset.questions:
        msg = (
            f"--n {n:,} disagrees with --benchmark {bench} ({preset.questions:,} questions): "
            "give one of them"
        )
        raise UsageError(msg)
    return preset.questions


def _add_benchmark(add) -> None:
    add(
        "--benchmark",
        type=_benchmark,
        metavar="KEY",
        help="a preset (gpqa-diamond, swe-bench-verified, …): its number of questions; "
        "the list: leadorluck benchmarks",
    )


def _common(p: argparse.ArgumentParser, run) -> None:
    """The options every command ends with, and the function that runs it."""
    p.set_defaults(run=run)
    add = p.add_argument
    add("--format", choices=FORMATS, default="text", help="text (default), markdown or json")
    add(
        "--site",
        type=_site,
        help=f"the site the links open, http(s)://host[:port][/path] (default ${SITE_ENV}; "
        "with neither, no links)",
    )


def _add_lang(add, what: str) -> None:
    add(
        "--lang",
        choices=LANGUAGES,
        help=f"the language of {what} (default from $LC_ALL, $LC_MESSAGES or $LANG where it is "
        "one of these, else en)",
    )


def _compare_parser(sub) -> None:
    p = sub.add_parser(
        "compare",
        usage=f"{PROG} compare [options] BASELINE CANDIDATE [MORE ...]",
        help="compare each candidate's per-question results with the baseline's",
        description="Pair each candidate with the baseline question by question and grade "
        "the lead: McNemar's test, the paired 95% range, the verdict, the smallest "
        "detectable lead and a link to the Gap grader. One CSV may hold every model "
        "(the first column of scores is the baseline).",
    )
    add = p.add_argument
    add("files", nargs="+", metavar="FILE", help="per-question files, the baseline first")
    _common(p, _run_compare)
    add(
        "--test",
        choices=TESTS,
        default="mid-p",
        help="McNemar's p-value (default mid-p, the site's)",
    )
    add(
        "--correction",
        choices=CORRECTIONS,
        default="holm",
        help="across several candidates (default holm)",
    )
    add("--gate", choices=GATES, help="exit 1 unless every candidate passes")
    margin = _ranged(0, 100, "a number of points from 0 to 100", scale=100)
    add("--margin", type=margin, help="for --gate not-worse: how many points worse still passes")
    add(
        "--metric",
        action="append",
        metavar="NAME",
        help="harness files: the metric (once, or once per file)",
    )
    add("--filter", metavar="NAME", help="lm-eval: the filter to pair on")
    add(
        "--reducer",
        metavar="NAME",
        help="inspect epochs: a reducer the logs applied, or 'each epoch'",
    )


def _check_parser(sub) -> None:
    p = sub.add_parser(
        "check",
        help="grade two scores, as Check a claim does",
        description="Grade two scores on a benchmark, as Check a claim does.",
    )
    add = p.add_argument
    score = _ranged(0, 100, "a percent from 0 to 100", scale=100)
    add("a", type=score, metavar="A", help="A's score, percent")
    add("b", type=score, metavar="B", help="B's score, percent")
    add("--n", type=_count, help="questions (each model answered)")
    _add_benchmark(add)
    add("--n-b", type=_count, help="B's own number of questions, when it differs")
    se = _ranged(0, 50, "a standard error in points above 0, up to 50", open_low=True, scale=100)
    add("--se-a", type=se, help="A's reported standard error, points")
    add("--se-b", type=se, help="B's reported standard error, points")
    add("--name-a", default="", help="model A's name")
    add("--name-b", default="", help="model B's name")
    _add_lang(add, "the report line; the rest stays English")
    _common(p, _run_check)


def _plan_parser(sub) -> None:
    p = sub.add_parser(
        "plan",
        help="questions a lead needs, as Questions needed says",
        description="How many questions a lead needs near a level, as Questions needed says.",
    )
    add = p.add_argument
    level = _ranged(0.5, 99.5, "a percent from 0.5 to 99.5", scale=100)
    add("--p", required=True, type=level, help="the level both scores sit near, percent")
    lead = _ranged(0.1, 99, "a number of points from 0.1 to 99", scale=100)
    add("--lead", required=True, type=lead, help="the lead to detect, points")
    share = _ranged(0, 100, "a percent from 0 to 100", open_low=True, scale=100)
    add(
        "--discordance",
        type=share,
        help="share of questions the models disagree on, percent (paired)",
    )
    add("--n", type=_count, help="questions in your benchmark")
    _add_benchmark(add)
    alpha = _ranged(0.001, 0.2, "from 0.001 to 0.2")
    add("--alpha", type=alpha, default=0.05, help="significance, 0.001 to 0.2 (default 0.05)")
    power = _ranged(0.5, 0.99, "from 0.5 to 0.99")
    add("--power", type=power, default=0.8, help="power, 0.5 to 0.99 (default 0.8)")
    sides = ("two-sided", "one-sided")
    add("--sides", choices=sides, default="two-sided", help="the test's sides (default two-sided)")
    _common(p, _run_plan)


def _claim_parser(sub) -> None:
    p = sub.add_parser(
        "claim",
        help="read a launch sentence and grade it",
        description="Read a launch sentence as Check a claim does and grade what it says.",
    )
    add = p.add_argument
    add("sentence", help="the claim, in quotes ('-' reads it from standard input)")
    add("--n", type=_count, help="questions, when the sentence gives none")
    add(
        "--pick",
        action="append",
        default=[],
        metavar="CHOICE",
        help="answer a question the claim asks (pair-2, reading-1, gpqa-diamond), as the page's "
        "buttons do; repeat for several",
    )
    _add_lang(add, "the report line; the rest stays English")
    _common(p, _run_claim)


def _box_parser(sub) -> None:
    p = sub.add_parser(
        "box",
        help="write the recompute box: one HTML file an article embeds",
        description='Write the static recompute box, as the site\'s "Download the box as HTML" '
        "does: one self-contained HTML file (no server, no network) that regrades the two "
        "scores as the reader types.",
    )
    add = p.add_argument
    score = _ranged(0, 100, "a percent from 0 to 100")
    add("a", type=score, metavar="A", help="A's score, percent")
    add("b", type=score, metavar="B", help="B's score, percent")
    box_n = _ranged(1, BOX_QUESTIONS, f"a whole number from 1 to {BOX_QUESTIONS:,}", whole=True)
    add("--n", type=box_n, help="questions (each model answered); without it the box asks")
    _add_benchmark(add)
    add("--name-a", default="", help="model A's name")
    add("--name-b", default="", help="model B's name")
    add("--out", default="-", metavar="FILE", help="the file to write (default: standard output)")
    _add_lang(add, "the box's words and numbers")
    add(
        "--site",
        type=_site,
        help=f'the site its "Open the full check" link opens (default ${SITE_ENV}; one is needed)',
    )
    p.set_defaults(run=_run_box)


def _benchmarks_parser(sub) -> None:
    p = sub.add_parser(
        "benchmarks",
        help="list the benchmarks the site knows, with their sizes and sources",
        description="List the benchmark catalogue: every preset with its number of questions "
        "and the source of that count, the names that cover sets of different size, and the "
        "names read without a count.",
    )
    p.add_argument(
        "--format", choices=FORMATS, default="text", help="text (default), markdown or json"
    )
    p.set_defaults(run=_run_benchmarks)


def build_parser() -> argparse.ArgumentParser:
    """The ``leadorluck`` parser: compare, check, plan, claim, box, benchmarks."""
    parser = _Parser(
        prog=PROG,
        description="Is a lead on an AI benchmark more than luck? Exit codes: 0 passed "
        "(or no gate), 1 a gate failed, 2 bad input.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands = (_compare_parser, _check_parser, _plan_parser, _claim_parser, _box_parser)
    for add in (*commands, _benchmarks_parser):
        add(sub)
    return parser


def _say(answer, fmt: str) -> str:
    if fmt == "json":
        import json

        return json.dumps(answer.data, indent=2, ensure_ascii=False)
    return answer.markdown() if fmt == "markdown" else answer.text()


def _run_compare(args) -> tuple[str, int]:
    from benchstats.cli import render
    from benchstats.cli.compare import Gate, compare
    from benchstats.cli.files import read_paths

    if args.margin is not None and args.gate != "not-worse":
        raise UsageError("--margin goes with --gate not-worse (see leadorluck compare --help)")
    if args.gate == "not-worse" and args.margin is None:
        raise UsageError("--gate not-worse needs --margin M, in points (0 for no worse at all)")
    metric = args.metric[0] if args.metric and len(args.metric) == 1 else args.metric
    reducer = "each epoch" if args.reducer in ("each-epoch", "each_epoch") else args.reducer
    try:
        items, files = read_paths(args.files, metric=metric, filter=args.filter, reducer=reducer)
    except (ValueError, OSError):
        raise
    except Exception as err:  # a file no reader anticipated: as the upload says it, no traceback
        msg = (
            f"could not read {', '.join(args.files)}: expected a CSV, lm-eval JSONL or an "
            f"inspect log, found something the reader did not understand "
            f"({type(err).__name__}: {str(err)[:200]})."
        )
        raise UsageError(msg) from None
    gate = None if args.gate is None else Gate(args.gate, args.margin or 0.0)
    report = compare(items, test=args.test, correction=args.correction, gate=gate)
    if args.format == "json":
        return render.as_json(report, args.site, files), report.exit_code
    show = render.as_markdown if args.format == "markdown" else render.as_text
    return show(report, args.site), report.exit_code


def _run_check(args) -> tuple[str, int]:
    from benchstats.cli.answers import check

    names = Names(args.name_a.strip(), args.name_b.strip())
    se = {"se_a": args.se_a, "se_b": args.se_b}
    n = _with_preset(args.n, args.benchmark)
    answer = check(
        args.a,
        args.b,
        n=n,
        n_b=args.n_b,
        **se,
        names=names,
        site=args.site,
        bench=args.benchmark,
        lang=args.lang,
    )
    return _say(answer, args.format), EXIT_OK


def _run_plan(args) -> tuple[str, int]:
    from benchstats.cli.answers import plan

    given = {k: getattr(args, k) for k in ("discordance", "alpha", "power", "site")}
    given["n"] = _with_preset(args.n, args.benchmark)
    answer = plan(args.p, args.lead, sides=2 if args.sides == "two-sided" else 1, **given)
    return _say(answer, args.format), EXIT_OK


def _read_stdin(limit: int) -> str:
    """Standard input up to ``limit`` characters (and a last line break), never read to its end.

    More is refused, not cut: ``< /dev/zero`` or a whole page piped in is a mistake.
    """
    try:
        text = sys.stdin.read(limit + 3)  # room for "\r\n", and one more to see it goes on
    except UnicodeDecodeError as err:
        msg = f"standard input: expected UTF-8 text, found byte {err.object[err.start]:#04x}."
        raise UsageError(msg) from None
    body = text.removesuffix("\n").removesuffix("\r")
    if len(body) > limit:
        msg = (
            f"standard input holds more than {limit:,} characters, the most a claim is read "
            "for: give the claim's sentence alone."
        )
        raise UsageError(msg)
    return body


def _run_claim(args) -> tuple[str, int]:
    from benchstats.claims import MAX_CHARS
    from benchstats.cli.answers import ClaimAsks, claim

    text = _read_stdin(MAX_CHARS) if args.sentence == "-" else args.sentence
    try:
        answer = claim(text, n=args.n, picks=args.pick, site=args.site, lang=args.lang)
    except ClaimAsks as asks:
        if args.format != "json":
            raise
        import json  # the reading and the questions, and no verdict: a refusal, exit 2

        return json.dumps(asks.data(), indent=2, ensure_ascii=False), EXIT_INPUT
    return _say(answer, args.format), EXIT_OK


def _run_box(args) -> tuple[str, int]:
    from benchstats.cli.box import write

    if args.site is None:  # a box in an article must not link to a site nobody named
        msg = f"box needs the site its link opens: give --site URL or set {SITE_ENV}"
        raise UsageError(msg)
    names = Names(args.name_a.strip(), args.name_b.strip())
    n = _with_preset(args.n, args.benchmark)
    page = write(
        args.a,
        args.b,
        n,
        names=names,
        site=args.site,
        out=args.out,
        bench=args.benchmark,
        lang=args.lang,
    )
    return page, EXIT_OK


def _run_benchmarks(args) -> tuple[str, int]:
    from benchstats.cli.catalogue import listing

    return listing(args.format), EXIT_OK


def _asks_json(argv: Sequence[str]) -> bool:
    """Whether ``argv`` asks for ``--format json``, read apart so a refused parse says so too."""
    pre = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    pre.add_argument("--format")
    try:
        return pre.parse_known_args(argv)[0].format == "json"
    except (argparse.ArgumentError, SystemExit):  # --format without a value: argparse says so
        return False


def _write(out: str) -> None:
    """``out`` on standard output, for a terminal without "−" and a reader that stops early."""
    try:
        if hasattr(sys.stdout, "reconfigure"):  # a terminal without "−": "?", not a crash
            sys.stdout.reconfigure(errors="replace")
        print(out)
        sys.stdout.flush()
    except BrokenPipeError:  # `leadorluck … | head`: the reader stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so Python's own flush at exit stays quiet


def _refuse(message: str, code: int, argv: Sequence[str]) -> int:
    """One line on standard error; with ``--format json`` also an object on standard output."""
    line = " ".join(message.split())
    print(f"{PROG}: error: {line}", file=sys.stderr)
    if _asks_json(argv):  # a script that parses standard output learns why
        import json

        _write(json.dumps({"error": line, "exit_code": code}, indent=2, ensure_ascii=False))
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``leadorluck`` with ``argv`` (default: the command line); return the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser().parse_args(argv)
        if hasattr(args, "site"):
            args.site = site_from(args.site, os.environ)
        if hasattr(args, "lang"):
            args.lang = language_from(args.lang, os.environ)
        out, code = args.run(args)
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else EXIT_OK
    except (UsageError, ValueError, OSError) as err:  # a user's mistake, said in one line
        return _refuse(str(err), EXIT_INPUT, argv)
    except Exception as err:  # a file no reader anticipated, or a bug: still one line
        why = f"could not finish ({type(err).__name__}: {err}); this is a bug, please report it "
        return _refuse(why + "with the command line", EXIT_BUG, argv)
    _write(out)
    return code

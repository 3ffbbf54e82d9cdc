"""The site's pages, declared once: title, file, URL path, and each URL key as a spec.

``app.py``'s navigation, :mod:`ui.settings`, links between pages, the fuzz
test, ``docs/urls.md`` (:mod:`ui.urls_doc`) and the tools all read
:data:`PAGES`. Plain data (no Streamlit), so tools and tests can import it.

Examples
--------
>>> page("luck").url_path, page("luck").file
('luck-simulator', 'app_pages/luck-simulator.py')
>>> page("check").spec("n").allowed()
'a whole number from 1 to 1,000,000 (questions)'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from benchstats import BENCHMARK_KEYS
from benchstats.claims import read_picks
from benchstats.intervals import METHODS as INTERVALS
from benchstats.language import LANGUAGES, N_
from benchstats.leaderboard_links import decode_benchmark_rows, decode_rows
from ui.keys import CHOICE, COUNT, FLAG, NUMBER, NUMBERS, TEXT, Key


@dataclass(frozen=True)
class Page:
    """One page of the site.

    ``url_path`` is "" for the default page (served at ``/``); ``specs`` its URL
    keys, in the docs' order; ``example`` the worked example an empty first
    visit shows (link units); ``framing`` the keys that do not count as the
    reader giving numbers; ``fills`` the keys that bring every number themselves
    (a pasted claim): setting one replaces the example instead of adopting it.
    ``listed``: in the sidebar's list of pages (the recompute box is routed, not listed).
    """

    key: str
    title: str
    file: str
    url_path: str
    specs: tuple[Key, ...]
    example: dict[str, Any] = field(default_factory=dict)
    framing: tuple[str, ...] = ("predict",)
    fills: tuple[str, ...] = ()
    listed: bool = True

    @property
    def route(self) -> str:
        """The path a browser opens: "/" or "/luck-simulator"."""
        return "/" + self.url_path

    @property
    def keys(self) -> tuple[str, ...]:
        """The URL keys the page reads."""
        return tuple(s.name for s in self.specs)

    @property
    def starts_work(self) -> tuple[str, ...]:
        """The keys whose presence in a link means the reader gave something (no example)."""
        return tuple(k for k in self.keys if k not in self.framing)

    def spec(self, name: str) -> Key:
        for s in self.specs:
            if s.name == name:
                return s
        msg = f"the {self.key!r} page has no URL key {name!r}"
        raise KeyError(msg)

    def __hash__(self) -> int:
        return hash(self.key)


MAX_QUESTIONS = 1_000_000
SITE_KEYS = (
    Key(
        "view",
        "reading or room (projector) view; kept across pages",
        CHOICE,
        choices=("read", "room"),
        default="read",
    ),
    Key("embed", "Streamlit's embed mode: no header, for an iframe", CHOICE, choices=("true",)),
    Key(
        "lang",
        "the site's language (English, German, Spanish); kept across pages and in every link "
        "the site writes",
        CHOICE,
        choices=LANGUAGES,
        default_words="the browser's language where it is one of these, else `en`",
    ),
)
A = Key("a", "score of model A", NUMBER, "percent", 0, 100, needed=True)
B = Key("b", "score of model B", NUMBER, "percent", 0, 100, needed=True)
N = Key("n", "questions both models answered", COUNT, "questions", 1, MAX_QUESTIONS, needed=True)
BENCH = Key(
    "bench",
    "a benchmark preset (the list: docs/benchmarks.md); fills `n` with its size",
    CHOICE,
    choices=BENCHMARK_KEYS,
)
NAME_A = Key(
    "name_a",
    "model A's name, for the verdict, the sentence and downloads",
    TEXT,
    default_words="none (“A”)",
)
NAME_B = Key("name_b", "model B's name", TEXT, default_words="none (“B”)")
SE_A = Key(
    "se_a",
    "A's reported standard error; with `se_b`, it sets the gap's SE",
    NUMBER,
    "points",
    0.01,
    50,
)
SE_B = Key("se_b", "B's reported standard error", NUMBER, "points", 0.01, 50)
PREDICT = Key("predict", "ask for a guess before showing the answer", FLAG, default=False)
INTERVAL = Key(
    "interval", "interval method for one score", CHOICE, choices=INTERVALS, default="wilson"
)


def _seed(default: int = 1, what: str = "the random seed") -> Key:
    return Key("seed", what, COUNT, "", 0, 999_999_999, default)


PAGES: tuple[Page, ...] = (
    Page(
        "check", N_("Check a claim"), "app_pages/check_a_claim.py", "",
        (
            Key("claim", "a pasted launch sentence; its numbers fill what the link does not give",
                TEXT, max_chars=2000, lines=True),
            Key("pick", "the reader's answers to the claim's questions (`pair-2`, "
                "`reading-1`, `gpqa-diamond`), comma-separated", TEXT, max_chars=60,
                read=read_picks),
            NAME_A, NAME_B, A, B, N, BENCH, SE_A, SE_B,
            Key("disagree", "questions the two models disagree on, for the paired verdict",
                COUNT, "questions", 0, MAX_QUESTIONS,
                default_words="the count if their mistakes were independent"),
            Key("typical", "a band of disagreement to shade on the chart", NUMBERS, "percent",
                0, 100),
            Key("more", "the same scores on this many questions, to watch the range narrow",
                COUNT, "questions", 1, MAX_QUESTIONS,
                default_words="the questions this lead would need; for one that clears, the "
                "fewest on which it still would"),
            PREDICT,
        ),
        example={"a": 82.0, "b": 78.0, "n": 100},
        framing=("predict", "more", "disagree", "typical", "pick"),
        fills=("claim",),
    ),
    Page(
        "luck", N_("Luck simulator"), "app_pages/luck-simulator.py", "luck-simulator",
        (
            Key("mode", "what to simulate", CHOICE,
                choices=("independent", "same-questions", "best-of-k"), default="independent",
                default_words="`independent` (`best-of-k` with `variants`, `same-questions` "
                "with `spread`)"),
            Key("p", "skill of both models", NUMBER, "percent", 0.1, 99.9, 80.0),
            Key("n", "questions", COUNT, "questions", 1, MAX_QUESTIONS, 100),
            BENCH,
            Key("d", "the lead asked about", NUMBER, "points", 0, 100, 4.0),
            Key("spread", "difficulty spread (same questions)", NUMBER, "percent", 0, 95, 50.0),
            Key("variants", "prompt variants K (best of K)", COUNT, "variants", 1, 1000, 20),
            Key("runs", "runs drawn", COUNT, "runs", 0, 1_000_000, 1000,
                default_words="`1000` (`0` with `predict`)"),
            _seed(),
            PREDICT,
        ),
    ),
    Page(
        "grader", N_("Gap grader"), "app_pages/gap-grader.py", "gap-grader",
        (
            Key("mode", "what the reader has: two scores, scores ± SE, paired counts, a file",
                CHOICE, choices=("unpaired", "se", "paired", "file"),
                default_words="from the other keys (`a_only`/`b_only`: paired; `se_a`/`se_b`: se)"),
            NAME_A, NAME_B,
            replace(A, needed=False, what="score of model A (paired: optional; B's follows)"),
            replace(B, needed=False, what="score of model B (paired: follows from A's)"),
            replace(N, needed=False),
            Key("n_b", "B's own number of questions, when it differs", COUNT, "questions", 1,
                MAX_QUESTIONS, default_words="`n`"),
            BENCH, SE_A, SE_B,
            Key("a_only", "questions only A got right (McNemar's b)", COUNT, "questions", 0,
                MAX_QUESTIONS),
            Key("b_only", "questions only B got right (McNemar's c)", COUNT, "questions", 0,
                MAX_QUESTIONS),
            Key("options", "answer options per question, for chance correction", COUNT,
                "options", 2, 26, default_words="the preset's, else none"),
            INTERVAL,
            PREDICT,
        ),
        example={"a": 82.0, "b": 78.0, "n": 100},
        framing=("predict", "mode", "interval", "options"),
    ),
    Page(
        "needed", N_("Questions needed"), "app_pages/questions-needed.py", "questions-needed",
        (
            Key("p", "the level both scores sit near", NUMBER, "percent", 0.5, 99.5, 80.0),
            Key("d", "the lead to detect", NUMBER, "points", 0.1, 99, 4.0),
            Key("n", "questions in your benchmark", COUNT, "questions", 1, MAX_QUESTIONS),
            Key("alpha", "significance", NUMBER, "", 0.001, 0.2, 0.05),
            Key("power", "power", NUMBER, "", 0.5, 0.99, 0.8),
            Key("sides", "two- or one-sided test", CHOICE, choices=("two-sided", "one-sided"),
                default="two-sided"),
            Key("discordance", "share of questions the models disagree on (paired planning)",
                NUMBER, "percent", 0.1, 100, 20.0),
            Key("repeats", "answers per question, K", COUNT, "answers", 1, 1000, 10),
            Key("omega2", "between-question variance ω²", NUMBER, "", 0, 1, 1 / 9,
                default_words="`1/9` (0.111)"),
            Key("sigma2_a", "answer noise of A, σ²_A", NUMBER, "", 0, 1, 1 / 6,
                default_words="`1/6` (0.167)"),
            Key("sigma2_b", "answer noise of B, σ²_B", NUMBER, "", 0, 1, 1 / 6,
                default_words="`1/6` (0.167)"),
            Key("m", "questions per cluster", COUNT, "questions", 1, 10_000, 10),
            Key("icc", "correlation within a cluster ρ", NUMBER, "", 0, 1, 0.1),
            PREDICT,
        ),
    ),
    Page(
        "passk", N_("pass@k explainer"), "app_pages/pass-at-k.py", "pass-at-k",
        (
            Key("samples", "samples drawn for one problem, n", COUNT, "samples", 1, 1000, 20),
            Key("passed", "samples that passed, c (at most `samples`)", COUNT, "samples", 0,
                1000, 3),
            Key("k", "tries allowed (at most `samples`)", COUNT, "tries", 1, 1000, 5),
            Key("mix", "a benchmark of mixed difficulty", CHOICE,
                choices=("all-medium", "easy-and-impossible", "long-tail", "upload"),
                default="long-tail"),
            _seed(what="bootstrap seed"),
            Key("p_correct", "chance one sample is right (maj@k)", NUMBER, "percent", 0, 100,
                30.0),
            Key("p_distractor", "chance of the strongest wrong answer", NUMBER, "percent", 0,
                100, 40.0),
            PREDICT,
        ),
    ),
    Page(
        "coverage", N_("Interval coverage"), "app_pages/coverage.py", "coverage",
        (
            # It opens where its lesson shows: at 20 questions and a true score of 95% Wald's
            # interval holds it 63.9% of the time (Wilson 92.5%); at 100 and 50% both read 94.3%.
            Key("n", "questions the score comes from", COUNT, "questions", 1, 2000, 20),
            Key("p", "the true score", NUMBER, "percent", 0, 100, 95.0),
            INTERVAL,
            Key("runs", "simulated datasets at each true score", COUNT, "datasets", 0,
                100_000, 0),
            _seed(),
            PREDICT,
        ),
    ),
    Page(
        "slices", N_("Slices"), "app_pages/slices.py", "slices",
        (
            Key("mode", "two equal models, or the reader's own slice table", CHOICE,
                choices=("luck", "table"), default_words="`luck` (`table` when `table` is given)"),
            Key("n", "questions in the whole benchmark", COUNT, "questions", 1, 20_000, 198),
            Key("slices", "slices it is cut into, S (at most `n`)", COUNT, "slices", 1, 50, 4),
            Key("p", "skill of both models", NUMBER, "percent", 0, 100, 50.0),
            Key("alpha", "significance of each slice's test", NUMBER, "", 0.001, 0.2, 0.05),
            Key("correction", "correction for testing every slice", CHOICE,
                choices=("holm", "bh"), default="holm"),
            Key("runs", "simulated runs", COUNT, "runs", 0, 10_000, 0),
            _seed(),
            Key("table", "the reader's slices, one a line: name, questions, score A, score B "
                "(percent)", TEXT, max_chars=20_000, lines=True),
            PREDICT,
        ),
    ),
    Page(
        "signal", N_("Signal and noise"), "app_pages/signal-noise.py", "signal-noise",
        (
            Key("preset", "simulated models, or the reader's own table", CHOICE,
                choices=("close", "spread", "small-benchmark", "large-benchmark", "table"),
                default="close"),
            Key("n", "questions each checkpoint is scored on", COUNT, "questions", 1, 100_000,
                default_words="the preset's (500, or 200 / 5,000)"),
            Key("checkpoints", "checkpoints along each training run", COUNT, "checkpoints", 2,
                200, 20),
            _seed(what="the random seed of the simulated curves and the toy benchmark"),
            Key("average", "the last k checkpoints averaged into each model's score", COUNT,
                "checkpoints", 1, 10, 5),
            Key("window", "the last checkpoints the noise is measured over", COUNT,
                "checkpoints", 2, 10, 5),
            Key("discordance", "share of questions two checkpoints disagree on (the MDE)",
                NUMBER, "percent", 0.5, 50, 20.0),
            PREDICT,
        ),
    ),
    Page(
        "leaderboard", N_("Leaderboard checker"), "app_pages/leaderboard.py", "leaderboard",
        (
            Key("rows", "the board: one model per comma-separated item, "
                "`name:score[:se][:nN]`", TEXT, max_chars=20_000, needed=True, read=decode_rows,
                default_words="none: an example board, said on the page"),
            Key("n", "questions every row answered (a row's own `nN` wins)", COUNT,
                "questions", 1, 10_000_000),
            replace(BENCH, what="a benchmark preset giving every row its questions"),
            Key("correction", "correction for testing every pair", CHOICE,
                choices=("holm", "bh", "none"), default="holm"),
            Key("method", "rank intervals: each model, or all at once", CHOICE,
                choices=("marginal", "simultaneous"), default="marginal"),
            Key("level", "confidence level of every interval and test", NUMBER, "percent",
                80, 99.5, 95.0),
            _seed(0, "seed of the simulated critical values and the re-drawn boards"),
            PREDICT,
            Key("bench_rows", "two models across many benchmarks, one row per item: "
                "`name:a:b[:se_a:se_b][:nN]`", TEXT, max_chars=20_000,
                read=decode_benchmark_rows),
            replace(NAME_A, what="model A's name in the across-benchmarks section"),
            replace(NAME_B, what="model B's name in that section"),
        ),
        example={"rows": decode_rows("Model A:75.3,Model B:74.7,Model C:74.7,Model D:74.2,"
                                     "Model E:73.7,Model F:73.2,Model G:72.7,Model H:72.4"),
                 "bench": "gpqa-diamond"},  # eight illustrative models within three points
        # the board's settings and the second section: a link with only these shows the example
        framing=("predict", "correction", "method", "level", "seed", "bench_rows", "name_a",
                 "name_b"),
    ),
    Page(
        "box", N_("The recompute box"), "app_pages/box.py", "box",
        (
            NAME_A, NAME_B, A, B, N, BENCH,
            replace(SE_A, what="A's reported standard error; with `se_b`, it replaces `n`"),
            SE_B,
        ),
        framing=(),
        listed=False,  # made for an article's iframe: routed, not in the sidebar's list
    ),
)  # fmt: skip


def page(key: str) -> Page:
    """The page registered under ``key``; ValueError names the known keys."""
    for p in PAGES:
        if p.key == key:
            return p
    known = ", ".join(p.key for p in PAGES)
    msg = f"no page {key!r}; the pages are {known}"
    raise ValueError(msg)

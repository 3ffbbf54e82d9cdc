"""The Luck simulator's sections: its settings' rules, the runs, then the first screen and more.

Every value comes from the page's :class:`ui.settings.Settings`; the inputs
show them and write changes into the link, the build-up buttons too. The
sentences come from :mod:`benchstats.prose.luck`; nothing here computes a
number.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from benchstats import BENCHMARK_KEYS, get_benchmark, language, words
from benchstats.charts.luck import bar_questions, luck_family, luck_figure
from benchstats.charts.thumb import Thumb
from benchstats.gap_ladder import gaps_over
from benchstats.language import N_, _, ngettext
from benchstats.luck import count_ladder
from benchstats.prose import luck as prose
from benchstats.tally import (
    BEST,
    INDEPENDENT,
    SAME,
    Scenario,
    Simulation,
    add_runs,
    new_tally,
    scenario,
)
from ui import claim, figure, inputs, predict, settings, thumb
from ui.settings import Origin, Settings, Value
from ui.verdict import KeyNumber, verdict_card

INTRO = N_(
    "Two models with **exactly the same skill** sit the same benchmark again and again. "
    "Every gap between their scores is luck. How big does luck get?"
)
MODE_LABELS = {
    INDEPENDENT: N_("Independent questions"),
    SAME: N_("Same questions, mixed difficulty"),
    BEST: N_("Best of K prompt variants"),
}
STEPS = (1, 100, 1_000)
QUESTION_STREAM = 1  # the questions get their own random stream: adding runs never moves them
MAX_STOP = 100_000  # the n thumb's last stop: its family past it would cost seconds a setting
N_STOPS = count_ladder(1, MAX_STOP, keep=tuple(get_benchmark(k).questions for k in BENCHMARK_KEYS))


@language.per_language
def n_words() -> tuple[str, ...]:
    """Each stop of the n thumb in words ("840 questions"), in the run's language."""
    return tuple(words.plural(n, "question") for n in N_STOPS)


def intro() -> str:
    """The page's title and first lines, as Markdown."""
    return "# " + _("Luck simulator") + "\n\n" + _(INTRO)


def rules(s: Settings) -> Settings:
    """The page's rules between keys: a preset sets ``n``, else it sits on a stop of its thumb;
    ``variants`` or ``spread`` imply the mode; with ``predict`` on the runs start at 0 (none
    drawn before a guess)."""
    bench = claim.bench_of(s)
    if bench is not None and bench.questions > MAX_STOP:  # past the thumb: never a wrong n
        allowed = _("a preset of at most {largest} questions on this page").format(
            largest=words.count(MAX_STOP)
        )
        s = s.refuse("bench", s["bench"], allowed, Value(None, Origin.MISSING))
    s = thumb.snap(claim.with_preset(s), "n", N_STOPS, n_words())
    if not s.given("mode"):
        implied = "variants" if s.given("variants") else "spread" if s.given("spread") else None
        if implied is not None:
            mode = BEST if implied == "variants" else SAME
            # TRANSLATORS: where a value came from: "Worked out from the link's `variants`."
            source = _("the link's `{key}`").format(key=implied)
            s = s.with_values(mode=Value(mode, Origin.DERIVED, source))
    if s["predict"] and not s.given("runs"):
        s = s.with_values(runs=Value(0, Origin.DEFAULT))
    return s


@st.cache_data(max_entries=32, show_spinner=False)
def _exact_scenario(mode: str, p: float, n: int, spread: float, k: int, seed: int) -> Scenario:
    return scenario(mode, p, n, spread=spread, k=k, question_seed=[seed, QUESTION_STREAM])


def exact_scenario(mode: str, p: float, n: int, spread: float, k: int, seed: int) -> Scenario:
    """The setting's exact distributions and sampler, cached: they depend on the setting only."""
    with st.spinner(_("Working out the exact chances…")):
        return _exact_scenario(mode, p, n, spread, k, seed)


def setting(s: Settings) -> tuple[str, float, float, int, int]:
    """What the exact distributions depend on besides n: mode, p, spread, K, the questions' seed."""
    mode = s["mode"]
    return (
        mode,
        s["p"] / 100,
        s["spread"] / 100 if mode == SAME else 0.0,
        s["variants"] if mode == BEST else 1,
        s["seed"] if mode == SAME else 0,  # on the same questions the seed draws them
    )


@st.cache_data(max_entries=16, show_spinner=False)
def _family(mode: str, p: float, spread: float, k: int, seed: int, lead: float, lang: str):
    with language.using(lang):  # the figure printed at each stop is in words
        ladder = gaps_over(
            mode, p, N_STOPS, spread=spread, k=k, question_seed=[seed, QUESTION_STREAM]
        )
        return luck_family(ladder, lead, k)


def family(mode: str, p: float, spread: float, k: int, seed: int, lead: float):
    """The chart at every stop of the n thumb (exact lines, bands, the figure printed), in the
    run's language."""
    with st.spinner(_("Working out the exact gaps at every n…")):
        return _family(mode, p, spread, k, seed, lead, language.current())


def own_keys(s: Settings) -> tuple[str, ...]:
    """The keys that move only the histogram, its inputs and the arithmetic: the runs drawn and
    the seed (which on the same questions also draws the questions, and so the answer)."""
    return ("runs",) if s["mode"] == SAME else ("runs", "seed")


def n_thumb(s: Settings) -> Thumb:
    """The thumb over n, at the link's (or the preset's) n."""
    return thumb.at(s, "n", N_STOPS, n_words())


def simulation(s: Settings) -> Simulation:
    """The setting's exact scenario with ``s["runs"]`` runs drawn from ``s["seed"]``."""
    mode, p, spread, k, seed = setting(s)
    key = (mode, p, s["n"], spread, k, seed)
    sc = exact_scenario(*key)
    fresh = functools.partial(new_tally, sc.n, seed=s["seed"])
    more = functools.partial(add_runs, sampler=sc.sampler)
    tally = topped_up("_luck_tally", (*key, s["seed"]), s["runs"], fresh, more)
    return Simulation(sc, s["d"] / 100, tally, s["seed"])


def topped_up(slot: str, drawn_for: tuple, runs: int, fresh: Callable, more: Callable) -> Any:
    """The session's draws for ``drawn_for``, topped up to ``runs`` (``more(draws, runs=k)``), or
    ``fresh()`` ones for a new setting or fewer runs; kept in ``st.session_state[slot]``.

    So +1 draws one run, not all of them again; runs are drawn in a fixed order, so the same
    seed and count give the same runs either way.
    """
    stored = st.session_state.get(slot)
    draws = stored[1] if stored is not None and stored[0] == drawn_for else None
    if draws is None or draws.runs > runs:
        draws = fresh()
    draws = more(draws, runs=runs - draws.runs)
    st.session_state[slot] = (drawn_for, draws)
    return draws


def verdict(s: Settings, sim: Simulation) -> bool:
    """The answer card, or with ``predict`` on the question first; True once it may show."""
    name = claim.bench_name(s)
    ask = predict.Question(prose.question(sim, name), sim.exact_share, predict.PERCENT)
    # a new seed asks again only where it draws new questions (and so a new answer)
    key = f"luck-{s['seed']}" if sim.mode == SAME else "luck"
    if not predict.gate(ask, key=key, on=s["predict"]):
        return False
    numbers = [KeyNumber(*row) for row in prose.key_numbers(sim)]
    verdict_card(prose.headline(sim, name), numbers)
    return True


def link_keys(s: Settings, sim: Simulation) -> list[str]:
    """The keys that reopen this picture (the downloads carry them)."""
    mode = {SAME: ["spread"], BEST: ["variants"]}.get(sim.mode, [])
    return ["mode", "p", "n", "d", "runs", "seed", *mode, *(["bench"] if s["bench"] else [])]


def chart(s: Settings, sim: Simulation, at: Thumb, *, revealed: bool) -> None:
    """The histogram with its download menu, then how to read it; hidden until a guess. The
    exact chance and its band follow the n thumb; the runs are the link's n's."""
    if not revealed:
        st.info(_("The histogram appears with the answer."), icon=":material/visibility_off:")
        return
    name = claim.bench_name(s)
    title, verdict = prose.caption_title(sim, name), prose.headline(sim, name)
    every_n = family(*setting(s), sim.lead)
    fig = luck_figure(sim, *every_n, at, alt_text=prose.alt_text(sim))
    figure.show(fig, key="luck", caption=figure.caption(s, title, verdict, link_keys(s, sim)))
    st.markdown(
        f"{prose.story(sim)}\n\n{prose.bar_note(bar_questions(fig.frames['bins'], sim.n), sim.n)}"
    )


def controls(s: Settings, at: Thumb) -> None:
    """What to simulate, the skill, the lead, the questions (the chart follows its thumb; a
    preset fixes it), the mode's own input, predict."""
    inputs.choice(
        s,
        "mode",
        _("What to simulate"),
        format_func=lambda mode: _(MODE_LABELS[mode]),
        help=_(
            "Independent questions is the basic picture. Same questions shows why paired "
            "tests win; best of K shows the lead that picking a winner manufactures."
        ),
    )
    inputs.number(
        s, "p", _("Skill of both models (%)"), slider=True, step=0.1, format="%.1f",
        help=_("The chance that either model gets a question right. Both models have it."),
    )  # fmt: skip
    inputs.number(
        s, "d", _("Lead to ask about (points)"), slider=True, step=0.1, format="%.1f",
        help=_("How often are the two models at least this many percentage points apart?"),
    )  # fmt: skip
    claim.bench_menu(s, label=_("Benchmark preset"), largest=MAX_STOP)
    thumb.slider(s, at, _("Questions"), disabled=s.origin("n") is Origin.PRESET)
    if s["mode"] == SAME:
        inputs.number(
            s, "spread", _("Difficulty spread (%)"), slider=True, step=1.0, format="%.0f",
            help=_(
                "How much the questions differ: 0% = every question equally hard; near 100% = "
                "each question nearly always or nearly never solved (the share of the "
                "per-question variance that comes from the questions themselves)."
            ),
        )  # fmt: skip
    if s["mode"] == BEST:
        inputs.stops(
            s, "variants", _("Prompt variants (K)"), count_ladder(1, s.spec("variants").high),
            format_func=words.count,
            help=_(
                "Model A is run with K prompt variants, all exactly as good as model B; only "
                "the best variant's score is reported against one run of B."
            ),
        )  # fmt: skip
    for key in {SAME: ["variants"], BEST: ["spread"]}.get(s["mode"], ["spread", "variants"]):
        inputs.after(s, key, st, caption=False)  # the note of an input this mode does not show
    predict.switch(s)


@dataclass(frozen=True)
class Draws:
    """The words of a build-up for what it draws (runs, datasets): each a whole message."""

    label: str  # the slider's label
    help: str  # the slider's help
    more: Callable[[int], str]  # a button's help: "Draw 100 more runs."
    reset: str  # Reset's help
    seed: str  # the seed's help


def run_words() -> Draws:
    """The Luck simulator's build-up in the run's language."""
    return Draws(
        _("Runs drawn"),
        _(
            "How many runs are drawn, on a log scale; the buttons add more. The link keeps this "
            "number, and the same seed gives the same runs."
        ),
        lambda step: words.counted(
            step, ngettext("Draw {count} more run.", "Draw {count} more runs.", step)
        ),
        _("Back to 0 runs (the same seed then draws the same runs again)."),
        _("Names one sequence of random draws: the same seed, the same runs."),
    )


def build_up(s: Settings, steps: tuple[int, ...], *, said: Draws, prefix: str = "") -> None:
    """The runs (Luck simulator, Interval coverage): a slider over ``runs``, a button per step
    and Reset, which write ``runs`` into the link, then the seed."""
    most = s.spec("runs").high
    inputs.stops(
        s, "runs", said.label, count_ladder(0, most), format_func=words.count, help=said.help
    )
    row = st.container(horizontal=True, wrap=True, gap="small")
    for step in steps:
        row.button(
            f"+{words.count(step)}",
            key=f"{prefix}add-{step}",
            on_click=settings.write,
            args=(s, {"runs": s["runs"] + step}),
            help=said.more(step),
            disabled=s["runs"] + step > most,
        )
    row.button(
        _("Reset"),
        key=f"{prefix}reset",
        on_click=settings.write,
        args=(s, {"runs": 0}),
        icon=":material/restart_alt:",
        help=said.reset,
    )
    inputs.number(s, "seed", _("Seed"), step=1, help=said.seed)


def runs(s: Settings, sim: Simulation, *, revealed: bool) -> None:
    """The build-up, then how many runs so far at least the lead apart and the last run."""
    build_up(s, STEPS, said=run_words())
    if revealed:
        label, value, help = prose.simulated_number(sim)
        st.metric(label, value, help=help, width="content")
    if sentence := prose.last_run(sim):  # what "+1" just did
        st.markdown(sentence)


def arithmetic(sim: Simulation) -> None:
    """The arithmetic behind every number: reference, so in a closed expander."""
    st.expander(_("The arithmetic")).markdown("\n".join(prose.arithmetic(sim)))

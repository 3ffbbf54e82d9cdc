"""The Gap grader's settings and inputs: the mode decided once, the rules between keys, the controls.

Four ways in (``mode``): two scores, scores ± SE, paired counts (a score
optional) or a per-question file; the keys a link gives choose it.
"""

from __future__ import annotations

import streamlit as st

from benchstats import words
from benchstats.grading import Grading, grade_paired, grade_reported_se, grade_unpaired
from benchstats.language import N_, _
from benchstats.prose import listed
from ui import claim, inputs, predict, registry, settings
from ui.keys import number_text
from ui.settings import Origin, Settings, Value
from ui.verdict import escape_markdown

MODE_LABELS = {
    "unpaired": N_("Two scores"),
    "se": N_("Scores ± SE"),
    "paired": N_("Paired counts"),
    "file": N_("Per-question file"),
}
# TRANSLATORS: what the verdict waits for, as "give {what}": each value the link's key names.
WANTED = {
    "a": N_("the score of model A"),
    "b": N_("the score of model B"),
    "n": N_("the questions both models answered"),
    "se_a": N_("the A's reported standard error; with `se_b`, it sets the gap's SE"),
    "se_b": N_("the B's reported standard error"),
    "a_only": N_("the questions only A got right"),
    "b_only": N_("the questions only B got right"),
}
NEEDS = {  # what each mode's verdict stands on (the file's panel grades its own)
    "unpaired": ("a", "b", "n"),
    "se": ("a", "se_a", "b", "se_b"),
    "paired": ("a_only", "b_only", "n"),
}
EXAMPLES = {  # each mode's worked example, in link units
    "unpaired": registry.page("grader").example,  # the articles' first case, 82% vs 78% on 100
    "se": {"a": 93.43, "se_a": 1.24, "b": 95.2, "se_b": 1.07},  # a leaderboard's GPQA Diamond row
    "paired": {"a_only": 20, "b_only": 8, "n": 198},  # the articles' pair on GPQA Diamond
    "file": {},  # the example file of the per-question panel
}
LADDER = (30, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000)  # the n slider


def read() -> Settings:
    """The link read once, with the grader's rules between keys applied."""
    s = settings.read("grader")
    s = s.with_values(mode=_mode(s))
    if s.example:
        s = _example(s, s["mode"])
    if s["mode"] in ("unpaired", "paired"):
        s = claim.with_preset(s)
    return _paired_scores(s) if s["mode"] == "paired" else s


def _mode(s: Settings) -> Value:
    """``mode`` as given, else paired counts or reported SEs in the link choose it."""
    if s.given("mode"):
        return s.value("mode")
    for mode, keys in (("paired", ("a_only", "b_only")), ("se", ("se_a", "se_b"))):
        if any(s.given(k) for k in keys):
            source = _("`{first}` and `{second}` in the link").format(first=keys[0], second=keys[1])
            return Value(mode, Origin.DERIVED, source)
    return Value("unpaired", Origin.DEFAULT)


def _example(s: Settings, mode: str) -> Settings:
    """The mode's own worked example in place of the first one's values."""
    gone = {k: Value(None, Origin.MISSING) for k in EXAMPLES["unpaired"]}
    shown = {k: Value(v, Origin.DEFAULT, settings.EXAMPLE) for k, v in EXAMPLES[mode].items()}
    return s.with_values(**(gone | shown))


def _paired_scores(s: Settings) -> Settings:
    """With paired counts, B's score follows from A's (or A's from B's); one that can't is refused."""
    if s.missing(("a_only", "b_only", "n")) or s["a_only"] + s["b_only"] > s["n"]:
        return s  # nothing to work out (the verdict says what is missing or wrong)
    lead = 100 * (s["a_only"] - s["b_only"]) / s["n"]
    low, high = 100 * s["a_only"] / s["n"], 100 - 100 * s["b_only"] / s["n"]  # A's possible scores
    a, b = s.value("a"), s.value("b")
    if not a.stands:
        if not b.stands or not low - lead - 1e-9 <= b.value <= high - lead + 1e-9:
            return s
        from_b = Value(b.value + lead, Origin.DERIVED, _("B's score and the counts"))
        return s.with_values(a=from_b)
    if not low - 1e-9 <= a.value <= high + 1e-9:
        return s.refuse(
            "a", number_text(a.value), _a_allowed(low, high), Value(None, Origin.MISSING)
        )
    derived = Value(a.value - lead, Origin.DERIVED, _("A's score and the paired counts"))
    if s.given("b") and abs(b.value - derived.value) > 0.05:
        # TRANSLATORS: what B's score must be: {score} (percent) is A's less the paired lead.
        allowed = _("{score}: A's score less the paired lead").format(
            score=_short_score(derived.value)
        )
        return s.refuse("b", number_text(b.value), allowed, derived)
    return s.with_values(b=derived)


def _short_score(x: float) -> str:
    """A score (percent, no sign) at up to two decimals, as short as it goes, the language's way:
    "73.94", "74", "73.9" in English, "73,94" in German."""
    digits = number_text(round(x, 2)).partition(".")[2]
    return words.signed(x, decimals=len(digits))


def _a_allowed(low: float, high: float) -> str:
    """What A's score may be with these paired counts (percent, one decimal)."""
    if high - low < 0.05:
        # TRANSLATORS: what A's score must be, {score} a percent without its sign: "45.5".
        return _("{score} (percent) with these paired counts").format(
            score=words.signed(low, decimals=1)
        )
    return _("from {low} to {high} (percent) with these paired counts").format(
        low=words.signed(low, decimals=1), high=words.signed(high, decimals=1)
    )


def missing(s: Settings) -> str | None:
    """What the mode's verdict waits for, in words; None when every value it needs stands."""
    gone = s.missing(NEEDS[s["mode"]])  # the worked example's values stand for it
    return missing_line(s, gone) if gone else None


def missing_line(s: Settings, keys) -> str:
    """What the verdict waits for, each value named with its URL key.

    >>> from ui.settings import Settings, Value
    >>> s = Settings("grader", (("b", Value(None, Origin.MISSING)),))
    >>> missing_line(s, ("b",))
    'Nothing is graded yet: give the score of model B (`b`). The verdict, the sentence to copy and the downloads wait for it.'
    """
    # TRANSLATORS: one value the verdict waits for and its link key: "the score of model B (`b`)".
    what = listed([_("{what} (`{key}`)").format(what=_(WANTED[k]), key=k) for k in keys])
    if len(keys) == 1:
        return _(
            "Nothing is graded yet: give {what}. The verdict, the sentence to copy and the "
            "downloads wait for it."
        ).format(what=what)
    return _(
        "Nothing is graded yet: give {what}. The verdict, the sentence to copy and the "
        "downloads wait for them."
    ).format(what=what)


def _stands(s: Settings, key: str) -> float | None:
    v = s.value(key)
    return v.value if v.stands or v.source == settings.EXAMPLE else None


def grade(s: Settings) -> Grading:
    """The grading of the values that stand (a ValueError from benchstats passes through)."""
    mode, a = s["mode"], _stands(s, "a")
    if mode == "se":
        args, kwargs = (s["a"] / 100, s["se_a"] / 100, s["b"] / 100, s["se_b"] / 100), {}
    elif mode == "paired":
        args, kwargs = (s["a_only"], s["b_only"], s["n"]), {"a": None if a is None else a / 100}
    else:
        args, kwargs = (s["a"] / 100, s["b"] / 100, s["n"]), {"n_b": _stands(s, "n_b") or s["n"]}
    return _graded(mode, args, kwargs, claim.names_of(s))


GRADERS = {"unpaired": grade_unpaired, "se": grade_reported_se, "paired": grade_paired}


@st.cache_data(max_entries=256, show_spinner=False)  # equal models' luck: ~1 s at 10⁶ questions
def _graded(mode: str, args: tuple, kwargs: dict, names) -> Grading:
    return GRADERS[mode](*args, **kwargs, names=names)


def mode_menu(s: Settings) -> None:
    """The one decision: which way in."""
    inputs.choice(
        s, "mode", _("What do you have?"), widget="segmented_control",
        format_func=lambda m: _(MODE_LABELS[m]), required=True, wrap=True,
    )  # fmt: skip


INPUTS = {  # the keys each mode's controls draw (the sections below draw interval and options)
    "unpaired": {"name_a", "name_b", "a", "b", "bench", "n", "n_b"},
    "se": {"name_a", "name_b", "a", "b", "se_a", "se_b"},
    "paired": {"name_a", "name_b", "a_only", "b_only", "bench", "n", "a", "b"},
}


def controls(s: Settings, *, below: set[str]) -> None:
    """The inputs of the chosen mode (not the file's: its panel draws those), Predict first last;
    here too the note of a refused key drawn nowhere else (``below``: the keys drawn below)."""
    shown = INPUTS[s["mode"]] | below | {"mode", "predict"}
    for r in s.refusals:
        if r.key not in shown:
            st.warning(r.message, icon=":material/link_off:")
    names = claim.names_of(s)
    claim.name_inputs(s)
    if s["mode"] == "paired":
        _paired_inputs(s, names)
    else:
        claim.scores(s, names)
        if s["mode"] == "se":
            claim.standard_errors(s)
        else:
            _unpaired_inputs(s)
    predict.switch(s)


def _unpaired_inputs(s: Settings) -> None:
    left, right = st.columns(2, gap="small")
    claim.bench_menu(s, where=left)
    claim.questions(s, where=right)
    inputs.number(s, "n_b", _("Questions for B, if not n"), help=_("B's own number of questions."))
    if (n := _stands(s, "n")) is not None:
        n_b = _stands(s, "n_b")

        def more(new: int) -> dict:
            scaled = None if n_b is None else max(1, round(n_b * new / n))
            return {"n": new, "bench": None, "n_b": scaled}

        _slider(
            s, _("Same scores on more questions"), sorted({*LADDER, n}), n, more,
            help=_("Move it to watch the range for the true lead narrow as n grows: at some n "
            "the same lead clears the noise. Moving it leaves the preset."),
        )  # fmt: skip


def _paired_inputs(s: Settings, names) -> None:
    left, right = st.columns(2, gap="small")
    first, second = escape_markdown(names.first), escape_markdown(names.second)
    inputs.number(s, "a_only", _("Only {name} right").format(name=names.first), where=left,
                  help=_('Questions {first} got right and {second} got wrong.').format(first=first, second=second))  # fmt: skip
    inputs.number(s, "b_only", _("Only {name} right").format(name=names.second), where=right,
                  help=_('Questions {second} got right and {first} got wrong.').format(second=second, first=first))  # fmt: skip
    left, right = st.columns(2, gap="small")
    claim.bench_menu(s, where=left)
    claim.questions(s, where=right)
    left, right = st.columns(2, gap="small")
    for col, key, name in ((left, "a", names.first), (right, "b", names.second)):
        inputs.number(
            s, key, _("Score of {name} (%, optional)").format(name=name), where=col, step=0.1,
            disabled=s.origin(key) is Origin.DERIVED,
            help=_("Give one score and the other follows from it and the two counts."),
        )  # fmt: skip
    _disagreements(s)


def _disagreements(s: Settings) -> None:
    """A slider over the questions the models disagree on, the lead in questions kept."""
    a_only, b_only, n = (_stands(s, k) for k in ("a_only", "b_only", "n"))
    if None in (a_only, b_only, n) or a_only + b_only > n:
        return
    lead, now, top = a_only - b_only, a_only + b_only, n
    if (a := _stands(s, "a")) is not None:  # A's score caps both counts
        top = min(
            top, int(2 * a * n / 100 - lead + 1e-9), int(2 * (100 - a) * n / 100 + lead + 1e-9)
        )
    top -= (top - now) % 2  # the same parity as now: both counts stay whole
    if top <= abs(lead):
        return
    _slider(
        s, _("Questions they disagree on (the lead kept)"), (abs(lead), top, 2), now,
        lambda d: {"a_only": (d + lead) // 2, "b_only": (d - lead) // 2},
        help=_("Only the questions where the models disagree carry information. Keep the lead, "
        "spread it over more disagreements, and watch the paired range widen."),
    )  # fmt: skip


def _slider(s: Settings, label: str, stops, value: int, changes, *, help: str) -> None:
    """A slider over ``stops`` (a list, or low, high and step) that writes ``changes(value)``."""
    key = f"_slide_{label}"
    st.session_state[key] = value
    kwargs = dict(
        key=key, help=help, on_change=lambda: settings.write(s, changes(st.session_state[key]))
    )
    if isinstance(stops, tuple):
        st.slider(label, stops[0], stops[1], step=stops[2], format="%d", **kwargs)
    else:
        st.select_slider(label, stops, format_func=words.count, **kwargs)

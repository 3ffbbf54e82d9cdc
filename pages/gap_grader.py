"""Gap grader: the whole arithmetic behind one comparison, and the choices in it.

Three ways in (the URL keys present choose one, the reader can switch):
two scores on their question counts (``a``, ``b``, ``n``, ``n_b``), two
scores with printed ± standard errors (``se_a``, ``se_b``), or paired counts
(``a_only``, ``b_only`` of ``n``; with A's score ``a`` so that B's score,
and the same scores graded unpaired, follow). ``interval`` picks the
one-score interval, ``options`` the chance floor, ``bench`` a preset.
"""

from __future__ import annotations

import contextlib
from functools import partial

import pandas as pd
import streamlit as st

from benchstats.charts.grader import (
    intervals_chart,
    intervals_frame,
    intervals_spec,
    lead_chart,
    lead_frame,
    lead_spec,
    se_bars_chart,
    se_bars_frame,
    se_bars_spec,
)
from benchstats.gaps import gap_from_standard_errors, paired_gap, unpaired_gap
from benchstats.intervals import METHODS
from benchstats.mcnemar import METHODS as MCNEMAR_METHODS
from benchstats.mcnemar import mcnemar
from benchstats.power import questions_needed, questions_needed_paired
from benchstats.verdicts import (
    INTERVAL_NAMES,
    MCNEMAR_NAMES,
    arithmetic_paired,
    arithmetic_reported_se,
    arithmetic_unpaired,
    article_rows,
    bars_overlap,
    chance_corrected_gap,
    chance_view,
    clearing_lead,
    detectable_lead,
    equal_models_luck,
    fmt_chance,
    fmt_count,
    fmt_p,
    fmt_percent,
    fmt_points,
    fmt_score,
    fmt_z,
    overlap_rule,
    p_is,
    paired_counts,
    paired_row,
    paired_score_b,
    paired_score_range,
    report_paired,
    report_reported_se,
    report_score,
    report_unpaired,
    reported_se_row,
    score_intervals,
    score_summary,
    unpaired_row,
    verdict_records,
    verdict_sentence,
)
from ui import params
from ui.claim import benchmark_menu
from ui.downloads import chart_downloads
from ui.per_question import per_question_panel
from ui.verdict import KeyNumber, verdict_card

MODES = ("unpaired", "se", "paired")
MODE_LABELS = {"unpaired": "Two scores", "se": "Scores ± SE", "paired": "Paired counts"}
DEFAULT_PAIRED = (20, 8, 198)  # a_only, b_only, n: the articles' GPQA Diamond example
OPTION_CHOICES = tuple(range(2, 27))


def _mode_from_url() -> str:
    """Paired if the link carries paired counts, reported-SE if it carries SEs."""
    keys = set(st.query_params.keys())
    if keys & {"a_only", "b_only"}:
        return "paired"
    if keys & {"se_a", "se_b"}:
        return "se"
    return "unpaired"


@contextlib.contextmanager
def _section(tab):
    """Draw into ``tab``; a ValueError from benchstats becomes a plain message there."""
    with tab:
        try:
            yield
        except ValueError as exc:
            st.error(
                f"This part cannot be worked out for these numbers: {exc}.",
                icon=":material/error:",
            )


def _csv_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """A chart's rows for download: the interval chart's walls are drawing aids, not data."""
    if "kind" in frame:
        return frame[frame["kind"] != "wall"].drop(columns=["kind", "edge", "text"])
    return frame


def _chart(frame: pd.DataFrame, spec, build, name: str | None, *, key: str | None = None) -> None:
    """A chart from its ready-made spec and this run's rows, with download buttons.

    The spec is the same whatever the numbers, so a rerun skips Altair's
    assembly and validation and the browser patches the data in place.
    """
    st.vega_lite_chart(frame, spec(), width="stretch")
    if name is not None:
        chart_downloads(partial(build, frame), partial(_csv_rows, frame), name, key=key or name)


def _p(x: float) -> float:
    """Percent from the widget to a proportion."""
    return x / 100


st.title("Gap grader")
st.caption(
    "Grade one comparison in full: the test, the interval, the choices behind them, "
    "and why the verdict comes out as it does."
)

# --------------------------------------------------------------------------- inputs


mode = params.choice(
    "What do you have?",
    "mode",
    MODES,
    default=_mode_from_url(),
    format_func=MODE_LABELS.get,
    widget="segmented_control",
    required=True,
)
mode = mode or "unpaired"
if params.raw_param("mode") != mode:
    st.query_params["mode"] = mode  # keep the mode in the link, whatever keys it carries

# Inputs in a wrapping row: four abreast on a laptop, two on a phone, so the
# verdict stays near the top. The preset menu sits under them.
row = st.container(horizontal=True, wrap=True)
# With printed SEs the question count plays no part, so no preset menu there.
bench = benchmark_menu(container=st.container()) if mode != "se" else None


def _questions(container) -> int:
    if bench is not None and mode != "se":
        container.markdown(f"**Questions:** {bench.questions:,} ({bench.name})")
        return bench.questions
    return params.number(
        "Questions (n)",
        "n",
        default=100,
        min_value=1,
        max_value=10_000_000,
        whole=True,
        unit="questions",
        container=container,
    )


problems: list[str] = []  # plain-words notes about inputs that could not be used

if mode == "unpaired":
    a_pct = params.number(
        "Score A (%)", "a", default=82.0, min_value=0, max_value=100, unit="percent", container=row
    )
    b_pct = params.number(
        "Score B (%)", "b", default=78.0, min_value=0, max_value=100, unit="percent", container=row
    )
    n = _questions(row)
    own_n = st.toggle(
        "B was scored on a different number of questions",
        value=params.raw_param("n_b") is not None,
        key="own_n_b",
    )
    n_b = (
        params.number(
            "Questions for B (n_b)",
            "n_b",
            default=n,
            min_value=1,
            max_value=10_000_000,
            whole=True,
            unit="questions",
        )
        if own_n
        else n
    )
    a, b = _p(a_pct), _p(b_pct)
elif mode == "se":
    a_pct = params.number(
        "Score A (%)", "a", default=82.0, min_value=0, max_value=100, unit="percent", container=row
    )
    se_a_pts = params.number(
        "± SE of A (points)",
        "se_a",
        default=1.24,
        min_value=0.01,
        max_value=50,
        step=0.01,
        unit="points",
        container=row,
    )
    b_pct = params.number(
        "Score B (%)", "b", default=78.0, min_value=0, max_value=100, unit="percent", container=row
    )
    se_b_pts = params.number(
        "± SE of B (points)",
        "se_b",
        default=1.07,
        min_value=0.01,
        max_value=50,
        step=0.01,
        unit="points",
        container=row,
    )
    a, b, se_a, se_b = _p(a_pct), _p(b_pct), _p(se_a_pts), _p(se_b_pts)
    n = n_b = None
else:
    a_only = params.number(
        "Only A right (a_only)",
        "a_only",
        default=DEFAULT_PAIRED[0],
        min_value=0,
        max_value=10_000_000,
        whole=True,
        unit="questions",
        container=row,
        help="Questions model A got right and model B got wrong.",
    )
    b_only = params.number(
        "Only B right (b_only)",
        "b_only",
        default=DEFAULT_PAIRED[1],
        min_value=0,
        max_value=10_000_000,
        whole=True,
        unit="questions",
        container=row,
        help="Questions model B got right and model A got wrong.",
    )
    n = _questions(row)
    a_pct = params.number(
        "Score A (%)",
        "a",
        default=82.0,
        min_value=0,
        max_value=100,
        unit="percent",
        container=row,
        help="B's score follows from A's and the two counts; the unpaired comparison needs both.",
    )
    try:
        counts = paired_counts(a_only, b_only, n)
    except ValueError:
        problems.append(
            f"a_only + b_only = {a_only:,} + {b_only:,} = {a_only + b_only:,} is more than the "
            f"{n:,} questions: questions only one model got right cannot outnumber all "
            f"questions. Showing the default counts, {DEFAULT_PAIRED[0]} and "
            f"{DEFAULT_PAIRED[1]} of {DEFAULT_PAIRED[2]}."
        )
        a_only, b_only, n = DEFAULT_PAIRED
        counts = paired_counts(a_only, b_only, n)
    a = _p(a_pct)
    lo_a, hi_a = paired_score_range(a_only, b_only, n)
    if not lo_a <= a <= hi_a:
        fixed = min(max(a, lo_a), hi_a)
        problems.append(
            f"A's score of {fmt_score(a)} cannot go with these counts: A got "
            f"{a_only:,} questions right that B missed and missed {b_only:,} that B got, so "
            f"on {n:,} questions A's score lies from {fmt_percent(lo_a)} to {fmt_percent(hi_a)}. "
            f"Using {fmt_percent(fixed)}."
        )
        a = fixed
    b = paired_score_b(a, a_only, b_only, n)
    st.caption(
        f"B's score follows from A's and the two counts: {fmt_percent(a)} minus a lead of "
        f"{fmt_points(counts.lead)} points = {fmt_percent(b)}."
    )
    n_b = n

for message in problems:
    st.error(message, icon=":material/error:")

# --------------------------------------------------------------------------- grading

# Placeholders keep the verdict and the report line at the top while the
# sections that choose their settings (interval, options) come later.
verdict_slot = st.container()
report_slot = st.container()
chart_slot = st.container()

if mode == "unpaired":
    main = unpaired_gap(a, b, n, n_b=n_b)
    se_a = score_summary(a, n).se
    se_b = score_summary(b, n_b).se
elif mode == "se":
    main = gap_from_standard_errors(a, se_a, b, se_b)
else:
    main = paired_gap(a_only, b_only, n)
    paired_wald = paired_gap(a_only, b_only, n, method="wald")
    unpaired_same = unpaired_gap(a, b, n)
    tests = {m: mcnemar(a_only, b_only, method=m) for m in MCNEMAR_METHODS}
    se_a = score_summary(a, n).se
    se_b = score_summary(b, n).se

# --------------------------------------------------------------------------- verdict card

numbers = [
    KeyNumber("Lead, A − B", f"{fmt_points(main.lead)} points"),
    KeyNumber(
        "95% range for the true lead",
        f"{fmt_points(main.low)} to {fmt_points(main.high)}",
        help="Leads the data are compatible with, at 95% confidence. A lead counts when "
        "this range leaves zero out.",
    ),
]
note = None
if mode == "paired":
    numbers += [
        KeyNumber(
            "McNemar mid-p",
            fmt_p(tests["mid-p"].p_value),
            help="Chance of a split at least this lopsided if the models were equally good.",
        ),
        KeyNumber("Questions that disagree", f"{counts.discordant:,} of {n:,}"),
        KeyNumber(
            "SE if equally good",
            f"{counts.null_se * 100:.2f} points",
            help="√(a_only + b_only)/n, the SE McNemar's z divides by.",
        ),
    ]
    if counts.discordant:
        numbers.append(
            KeyNumber(
                "Smallest lead it can detect",
                f"{detectable_lead(counts.null_se) * 100:.1f} points",
                help="With 80% power at 5% significance, at this share of disagreements: "
                "2.80 × √(a_only + b_only)/n.",
            )
        )
    if counts.lead != 0:
        need = questions_needed_paired(counts.lead, counts.discordance)
        numbers.append(
            KeyNumber(
                "Questions to detect this lead",
                fmt_count(need),
                help="With 80% power at 5% significance, if the models disagree on the same "
                "share of questions.",
            )
        )
    if counts.discordant == 0:
        note = (
            "The models agree on every question, so no question carries information about "
            "the difference: every McNemar test gives p = 1."
        )
else:
    numbers += [
        KeyNumber("SE of the gap", f"{main.se * 100:.2f} points"),
        KeyNumber("p (two-sided)", fmt_p(main.p_value)),
        KeyNumber(
            "Lead needed to clear zero",
            f"{clearing_lead(main) * 100:.1f} points",
            help="Half the width of the 95% range: 1.96 × the SE of the gap.",
        ),
        KeyNumber(
            "Smallest lead it can detect",
            f"{detectable_lead(main.se) * 100:.1f} points" if main.se > 0 else "—",
            help="With 80% power at 5% significance: 2.80 × the SE of the gap.",
        ),
    ]
    if mode == "unpaired" and a != b:
        numbers.append(
            KeyNumber(
                "Questions to detect this lead",
                fmt_count(questions_needed(a, b)),
                help="Per model, with 80% power at 5% significance.",
            )
        )
    if main.se == 0:
        note = (
            "Both scores sit at 0% or 100%, where the textbook SE √(p(1 − p)/n) is 0: "
            "the range above has no width and claims a certainty the questions cannot give. "
            "See each score's interval for an honest range."
        )
    elif mode == "unpaired" and n_b == n:
        luck = equal_models_luck(a, b, n)
        if main.lead == 0:
            note = (
                f"Luck alone: two equally good models at {fmt_percent(luck.p)} tie exactly on "
                f"{n:,} questions only {fmt_chance(luck.tie)} of the time."
            )
        else:
            note = (
                f"Luck alone: two equally good models at {fmt_percent(luck.p)} land "
                f"{fmt_points(abs(luck.lead), signed=False)} or more points apart on {n:,} "
                f"questions {fmt_chance(luck.either_way)} of the time, and one "
                f"particular model leads by that much {fmt_chance(luck.one_way)} "
                "of the time (exact)."
            )

questions_txt = None if n is None else f"these {n:,} questions"
if mode == "unpaired" and n_b != n:
    questions_txt = f"these {n:,} and {n_b:,} questions"
with verdict_slot:
    verdict_card(
        verdict_sentence(main, questions=questions_txt), numbers, clears=main.clears, note=note
    )

# --------------------------------------------------------------------------- main chart

leads = []
if mode == "paired":
    leads = [
        ("Paired, Tango score interval", main),
        ("Paired, Wald interval", paired_wald),
        ("Same scores graded unpaired", unpaired_same),
    ]
elif mode == "se":
    leads = [("From the reported SEs", main)]
else:
    leads = [("Unpaired", main)]

# --------------------------------------------------------------------------- sections

tab_names = ["Paired test"] if mode == "paired" else []
tab_names += [
    "Each score's interval",
    "Chance correction",
    "Overlap rule",
    "Verdict table",
    "Per-question results",
]
tabs = dict(zip(tab_names, st.tabs(tab_names), strict=True))

if mode == "paired":
    with _section(tabs["Paired test"]):
        st.markdown(
            f"Only **{counts.discordant:,} of {n:,} questions** carry information about the "
            f"difference: the {a_only:,} only A got right and the {b_only:,} only B got right. "
            f"On the other {n - counts.discordant:,} both models were right or both wrong."
        )
        st.markdown("**McNemar's test, four ways**")
        cols = st.columns(4)
        for col, m in zip(cols, MCNEMAR_METHODS, strict=True):
            label = MCNEMAR_NAMES[m] + (" (default)" if m == "mid-p" else "")
            col.metric(label, fmt_p(tests[m].p_value))
        st.caption(
            "Mid-p is the default: the exact test counts the observed split in full and so "
            "raises the alarm less often than it should; mid-p counts it by half and stays "
            "close to 5% (Fagerland, Lydersen and Laake, 2013)."
        )
        if counts.discordant == 0:
            st.info(
                "a_only + b_only = 0: no question separates the models, so there is nothing "
                "to test and every p-value is 1.",
                icon=":material/info:",
            )
        st.markdown("**The interval for the lead, and the same scores graded unpaired**")
        table = pd.DataFrame(
            [
                {
                    "How": label,
                    "Lead (points)": fmt_points(g.lead),
                    "95% range (points)": f"{fmt_points(g.low)} to {fmt_points(g.high)}",
                    "p": fmt_p(g.p_value),
                    "Verdict": "clears zero" if g.clears else "inside the noise",
                }
                for label, g in leads
            ]
        )
        st.dataframe(table, hide_index=True, width="stretch")
        st.markdown(
            f"Graded as if the scores ({fmt_percent(a)} and {fmt_percent(b)}) came from separate "
            f"question sets, the same lead has SE {unpaired_same.se * 100:.2f} points instead of "
            f"{counts.null_se * 100:.2f}, and {p_is(unpaired_same.p_value)} instead of "
            f"{p_is(main.p_value)}: pairing removes the questions both models find easy or hard."
        )

with _section(tabs["Each score's interval"]):
    score_lines: list[str] = []
    if mode == "se":
        st.info(
            "Intervals for one score need its count of questions. Switch to **Two scores** "
            "or **Paired counts** to see them.",
            icon=":material/info:",
        )
    else:
        method = params.choice(
            "Interval for one score",
            "interval",
            METHODS,
            default="wilson",
            format_func=INTERVAL_NAMES.get,
        )
        method = method or "wilson"
        summaries = {"A": score_summary(a, n), "B": score_summary(b, n_b)}
        per_model = {m: score_intervals(s.whole_count, s.n) for m, s in summaries.items()}
        score_lines = [
            f"{name}: " + report_score(s.whole_count, s.n, method=method)
            for name, s in summaries.items()
        ]
        for name, s in summaries.items():
            chosen = next(ci for ci in per_model[name] if ci.method == method)
            rounding = (
                ""
                if s.is_whole
                else f" ({fmt_score(s.score)} of {s.n:,} is {fmt_count(s.count)} "
                f"questions; the intervals use {s.whole_count:,})"
            )
            st.markdown(
                f"**{name}:** {s.whole_count:,} of {s.n:,}{rounding}. "
                f"{chosen.name} 95%: {fmt_percent(chosen.low)} to {fmt_percent(chosen.high)}. "
                f"SE of the score √(p(1 − p)/n) = {s.se * 100:.2f} points, so score ± 1.96 SE "
                f"spans {fmt_percent(s.low)} to {fmt_percent(s.high)} "
                f"({s.width * 100:.1f} points wide)."
            )
        for name, items in per_model.items():
            wald = next(ci for ci in items if ci.method == "wald")
            if wald.zero_width:
                st.warning(
                    f"Wald's interval for {name} has zero width: at {wald.k:,} of {wald.n:,} "
                    "its SE formula gives 0, as if the score were known exactly. "
                    "The other methods still give a range.",
                    icon=":material/warning:",
                )
            elif wald.leaves_range:
                st.warning(
                    f"Wald's interval for {name} runs from {fmt_percent(wald.low)} to "
                    f"{fmt_percent(wald.high)}: past the 0–100% that any score must lie in.",
                    icon=":material/warning:",
                )
        frame = intervals_frame(per_model, chosen=method)
        _chart(frame, intervals_spec, intervals_chart, "score-intervals", key="intervals")

with _section(tabs["Chance correction"]):
    opt_choice = params.choice(
        "Answer options per question",
        "options",
        OPTION_CHOICES,
        default=None,
        format_func=str,
        allowed="a whole number from 2 to 26",
        help="For multiple-choice benchmarks: guessing then scores 1/options.",
    )
    options = opt_choice or (bench.options if bench is not None else None)
    if opt_choice is None and options is not None:
        st.caption(f"{bench.name} has {options} options per question.")
    if options is None:
        st.info(
            "Choose the number of answer options to see the scores with guessing taken out. "
            "Free-answer benchmarks have no chance floor.",
            icon=":material/info:",
        )
    else:
        view = chance_view(a, b, options, se_a=se_a, se_b=se_b, se_lead=main.se)
        table = pd.DataFrame(
            {
                "": ["Score A", "Score B", "Lead, A − B", "SE of A", "SE of B", "SE of the lead"],
                "As measured": [
                    fmt_percent(a),
                    fmt_percent(b),
                    f"{fmt_points(main.lead)} points",
                    f"{se_a * 100:.2f} points",
                    f"{se_b * 100:.2f} points",
                    f"{main.se * 100:.2f} points",
                ],
                "Chance-corrected": [
                    fmt_percent(view.a),
                    fmt_percent(view.b),
                    f"{fmt_points(view.lead)} points",
                    f"{view.se_a * 100:.2f} points",
                    f"{view.se_b * 100:.2f} points",
                    f"{view.se_lead * 100:.2f} points",
                ],
            }
        )
        st.dataframe(table, hide_index=True, width="stretch")
        st.markdown(
            f"Guessing among {options} options scores {fmt_percent(view.floor)}, so correction "
            f"moves {fmt_percent(view.floor)} to 0 and keeps 100% at 100%: every distance and "
            f"every error bar stretches by the same factor, 1/(1 − 1/{options}) = "
            f"{view.factor:.2f}. "
            + (
                f"The lead is still {abs(view.z):.2f} standard errors from zero: "
                if view.se_lead > 0
                else "The lead's SE is 0 before and after: "
            )
            + "correction changes what the number means, not how precisely it is known."
        )
        if view.a < 0 or view.b < 0:
            st.caption("A score below the chance floor comes out negative after correction.")
        leads.append((f"Chance-corrected, {options} options", chance_corrected_gap(main, options)))

with _section(tabs["Overlap rule"]):
    rule_equal = overlap_rule(1.0)
    if se_a == 0 and se_b == 0:
        st.info(
            "Both scores sit at 0% or 100%: their ±1 SE bars have no length, so there is "
            "nothing to overlap.",
            icon=":material/info:",
        )
    else:
        rule = overlap_rule(se_a, se_b)
        overlap = bars_overlap(main.lead, se_a, se_b)
        left, right = st.columns(2)
        with left:
            _chart(se_bars_frame(a, se_a, b, se_b), se_bars_spec, se_bars_chart, "se-bars")
        with right:
            _chart(lead_frame([leads[0]]), lead_spec, lead_chart, None)
        st.markdown(
            f"The ±1 SE bars {'overlap' if overlap else 'do not overlap'}. The real test: "
            f"the lead is {fmt_z(abs(main.z))} SEs of the gap from zero, two-sided "
            f"{p_is(main.p_value)}, and its 95% range "
            f"{'leaves zero out' if main.clears else 'includes zero'}."
        )
        st.markdown(
            f"These two bars would just touch with the scores se_a + se_b = "
            f"{rule.touch_gap * 100:.2f} points apart. That is only {rule.z:.2f} SEs of the "
            f"gap: two-sided {p_is(rule.p_value)}."
        )
    st.markdown(
        f"The rule: with equal SEs, bars that just fail to touch are √2 = {rule_equal.z:.2f} "
        f"SEs of the gap apart, {p_is(rule_equal.p_value)}, far from a 5% result. "
        "Bars that do not overlap are a generous test of a lead, not a strict one."
    )

with _section(tabs["Verdict table"]):
    if mode == "unpaired":
        own = unpaired_row(a, b, n, n_b=n_b)
    elif mode == "se":
        own = reported_se_row(a, se_a, b, se_b)
    else:
        own = paired_row(a_only, b_only, n)
    own = type(own)(**{**own.__dict__, "case": "Your numbers: " + own.case, "source": "you"})
    records = verdict_records([*article_rows(), own])
    table = pd.DataFrame(records)
    st.caption(
        "The articles' comparisons, each recomputed now, with yours in the last row. "
        "Leads, SEs and ranges in points."
    )
    st.dataframe(
        table,
        hide_index=True,
        width="stretch",
        column_config={
            "lead (points)": st.column_config.NumberColumn(format="%+.1f"),
            "SE (points)": st.column_config.NumberColumn(format="%.2f"),
            "low (points)": st.column_config.NumberColumn(format="%+.1f"),
            "high (points)": st.column_config.NumberColumn(format="%+.1f"),
            "confidence": None,
            "z": st.column_config.NumberColumn(format="%.2f"),
            "p": st.column_config.NumberColumn(format="%.3f"),
        },
    )
    st.download_button(
        "Verdict table (CSV)",
        data=lambda: table.to_csv(index=False).encode(),
        file_name="verdict-table.csv",
        mime="text/csv",
        key="dl-verdict-table",
        icon=":material/table:",
        on_click="ignore",
    )

with _section(tabs["Per-question results"]):
    per_question_panel()

# --------------------------------------------------------------------------- top: report, chart

with report_slot:
    if mode == "unpaired":
        line = report_unpaired(main, a=a, b=b, n=n, n_b=n_b)
    elif mode == "se":
        line = report_reported_se(main, a=a, se_a=se_a, b=b, se_b=se_b)
    else:
        line = report_paired(main, tests["mid-p"], n=n)
    st.markdown("**Report it like this**")
    st.code("\n".join([line, *score_lines]), language=None, wrap_lines=True)

with chart_slot:
    _chart(lead_frame(leads), lead_spec, lead_chart, "lead-interval")
    with st.expander("The arithmetic"):
        if mode == "unpaired":
            lines = arithmetic_unpaired(main, a=a, b=b, n=n, n_b=n_b)
        elif mode == "se":
            lines = arithmetic_reported_se(main, se_a=se_a, se_b=se_b)
        else:
            lines = arithmetic_paired(paired_wald, counts)
        st.markdown("\n".join(f"- {x}" for x in lines))

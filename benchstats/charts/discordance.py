"""The discordance band: McNemar's p at every discordance two scores allow.

:func:`discordance_frames` turns a :class:`~benchstats.discordance.DiscordanceBand`
into tidy frames (percent and points); :func:`discordance_chart` draws them, p on
a fixed log axis (10⁻⁴ to 1, so an edit moves the curve, not the axis) against
the share of questions on which the models disagree. :func:`discordance_spec` is
the chart's spec without data, reading the data sets of :func:`discordance_frames`:

>>> sorted(layer["data"]["name"] for layer in discordance_spec()["layer"])
['curve', 'curve', 'rules', 'threshold', 'typical']
"""

from __future__ import annotations

import functools

import altair as alt
import numpy as np
import pandas as pd

from benchstats import _validate, language, words
from benchstats.charts._common import (
    BLUE,
    GREY,
    INK,
    VERMILLION,
    Figure,
    filled_figure,
    style,
    template,
)
from benchstats.discordance import DiscordanceBand
from benchstats.language import N_, _, pgettext

P_DOMAIN = [1e-4, 1.0]  # p below 10⁻⁴ is drawn at the floor (clamped), its tooltip exact
P_TICKS = [1e-4, 1e-3, 0.01, 0.05, 0.1, 0.5, 1.0]
# The legends' names, translated where the chart and its rows are built.
ALPHA_LABEL = N_("Significance line")
UNPAIRED_LABEL = N_("Separate questions")
CLEARS = N_("clears the noise")
INSIDE = N_("inside the noise")


def _typical_frame(typical: tuple[float, float] | None, source: str | None) -> pd.DataFrame:
    if typical is None:
        return pd.DataFrame(columns=["low", "high", "source"])
    low, high = (_validate.proportion("typical discordance", x) for x in typical)
    if low > high:
        msg = f"typical must be (low, high) with low ≤ high, got {typical!r}"
        raise ValueError(msg)
    if not isinstance(source, str) or not source.strip():
        msg = (
            "a typical discordance band needs its source (a citation, or "
            f"'set by the reader'), got {source!r}"
        )
        raise ValueError(msg)
    return pd.DataFrame({"low": [low * 100], "high": [high * 100], "source": [source.strip()]})


def discordance_frames(
    band: DiscordanceBand,
    *,
    alpha: float = 0.05,
    typical: tuple[float, float] | None = None,
    typical_source: str | None = None,
) -> dict[str, pd.DataFrame]:
    """The chart's data sets.

    ``curve``: one row per discordance of ``band`` (an array of them), the mid-p
    and what stands behind it; ``rules``: the ``alpha`` line and the p of the same
    scores on separate questions; ``threshold``: the discordance below which the
    lead clears (no row when it clears everywhere or nowhere); ``typical``: the
    discordance models of similar strength usually show (proportions), shaded
    only when given with its ``typical_source`` (a citation, or "set by the reader").

    >>> from benchstats.discordance import discordance_band
    >>> frames = discordance_frames(discordance_band(125 / 198, 113 / 198, 198, [28 / 198]))
    >>> frames["curve"][["discordance", "a_only", "b_only", "verdict"]].round(2).to_dict("records")
    [{'discordance': 14.14, 'a_only': 20, 'b_only': 8, 'verdict': 'clears the noise'}]
    >>> frames["rules"]["label"].tolist(), len(frames["typical"])
    (['5% line', 'Separate questions'], 0)
    """
    alpha = _validate.open_unit("alpha", alpha)
    d = np.atleast_1d(band.discordance)
    curve = pd.DataFrame(
        {
            "discordance": d * 100,
            "a_only": np.atleast_1d(band.a_only).astype(int),
            "b_only": np.atleast_1d(band.b_only).astype(int),
            "p_value": np.atleast_1d(band.p_value),
            "p_asymptotic": np.atleast_1d(band.p_asymptotic),
            "low": np.atleast_1d(band.low) * 100,
            "high": np.atleast_1d(band.high) * 100,
            "verdict": np.where(np.atleast_1d(band.clears), _(CLEARS), _(INSIDE)),
        }
    )
    rules = pd.DataFrame(
        {
            "p_value": [alpha, band.unpaired.p_value],
            "kind": [_(ALPHA_LABEL), _(UNPAIRED_LABEL)],  # the colour legend's fixed names
            # TRANSLATORS: the significance line's name, {level} a percent ("5%").
            "label": [_("{level} line").format(level=words.level(alpha)), _(UNPAIRED_LABEL)],
        }
    )
    below = [] if band.threshold is None or band.threshold <= band.d_min else [band.threshold]
    threshold = pd.DataFrame(
        {
            "discordance": [d * 100 for d in below],
            "label": [_("Clears the noise only below this discordance")] * len(below),
        }
    )
    return {
        "curve": curve,
        "rules": rules,
        "threshold": threshold,
        "typical": _typical_frame(typical, typical_source),
    }


@language.per_language  # a built chart holds its words
def _template(width: int | str = "container") -> alt.LayerChart:
    typical = (
        alt.Chart(alt.NamedData("typical"))
        .mark_rect(color=GREY, opacity=0.15)
        .encode(
            x=alt.X("low:Q"),
            x2="high:Q",
            tooltip=[
                alt.Tooltip("low:Q").title(_("Typical discordance from (%)")).format(".1f"),
                alt.Tooltip("high:Q").title(_("to (%)")).format(".1f"),
                alt.Tooltip("source:N").title(_("Source")),
            ],
        )
    )
    tooltip = [
        alt.Tooltip("discordance:Q").title(_("Disagree on (%)")).format(".1f"),
        alt.Tooltip("a_only:Q").title(_("Only A right")).format(",d"),
        alt.Tooltip("b_only:Q").title(_("Only B right")).format(",d"),
        alt.Tooltip("p_value:Q").title(_("Mid-p")).format(".3g"),
        alt.Tooltip("p_asymptotic:Q").title(_("Asymptotic p")).format(".3g"),
        alt.Tooltip("low:Q").title(_("Lead from (points)")).format("+.1f"),
        alt.Tooltip("high:Q").title(_("Lead to (points)")).format("+.1f"),
        alt.Tooltip("verdict:N").title(_("Verdict")),
    ]
    x = alt.X("discordance:Q").title(_("Questions on which the two models disagree (%)"))
    x = x.scale(zero=False, nice=True)
    y = (
        alt.Y("p_value:Q")
        .title(_("McNemar mid-p (log scale)"))
        .scale(type="log", domain=P_DOMAIN, clamp=True)
        .axis(values=P_TICKS, format="~g")
    )
    base = alt.Chart(alt.NamedData("curve")).encode(x=x, y=y, tooltip=tooltip)
    line = base.mark_line(color=BLUE, strokeWidth=3, clip=True)
    dots = base.mark_point(filled=True, size=30, opacity=0.8).encode(
        color=alt.Color("verdict:N")
        .scale(domain=[_(CLEARS), _(INSIDE)], range=[BLUE, VERMILLION])
        .title(" ")  # a null title breaks the legend in Streamlit (streamlit#9339)
        .legend(direction="vertical")  # two short columns fit a phone; one row did not
    )
    rules = (
        alt.Chart(alt.NamedData("rules"))
        .mark_rule(strokeWidth=2, strokeDash=[6, 4])
        .encode(
            y=alt.Y("p_value:Q"),
            color=alt.Color("kind:N")
            .scale(domain=[_(ALPHA_LABEL), _(UNPAIRED_LABEL)], range=[INK, GREY])
            .title(" ")
            .legend(direction="vertical"),
            tooltip=[
                alt.Tooltip("label:N").title(_("Line")),
                alt.Tooltip("p_value:Q").title("p").format(".3g"),
            ],
        )
    )
    threshold = (
        alt.Chart(alt.NamedData("threshold"))
        .mark_rule(color=BLUE, strokeWidth=1.5, strokeDash=[2, 3])
        .encode(
            x=alt.X("discordance:Q"),
            tooltip=[
                alt.Tooltip("label:N").title(_("Line")),
                alt.Tooltip("discordance:Q").title(_("Disagree on (%)")).format(".1f"),
            ],
        )
    )
    chart = (
        alt.layer(typical, threshold, line, dots, rules)
        .resolve_scale(color="independent")
        .properties(width=width, height=280)
    )
    return style(chart)


discordance_spec = template(_template)


def discordance_chart(
    band: DiscordanceBand,
    *,
    alpha: float = 0.05,
    typical: tuple[float, float] | None = None,
    typical_source: str | None = None,
) -> alt.LayerChart:
    """McNemar mid-p against discordance: below the 5% line the lead clears on the same
    questions; the grey dashed line is the p on separate questions.

    >>> from benchstats.discordance import discordance_band
    >>> band = discordance_band(125 / 198, 113 / 198, 198)
    >>> spec = discordance_chart(band, typical=(0.1, 0.2), typical_source="set by the reader").to_dict()
    >>> spec["layer"][2]["encoding"]["y"]["scale"]["type"], len(spec["datasets"])
    ('log', 4)
    """
    figure = discordance_figure(band, alpha=alpha, typical=typical, typical_source=typical_source)
    return figure.picture()


def discordance_figure(
    band: DiscordanceBand,
    *,
    alpha: float = 0.05,
    typical: tuple[float, float] | None = None,
    typical_source: str | None = None,
) -> Figure:
    """The chart as a :class:`~benchstats.charts.Figure`, its table the curve.

    >>> from benchstats.discordance import discordance_band
    >>> f = discordance_figure(discordance_band(125 / 198, 113 / 198, 198))
    >>> f.name, sorted(f.spec["datasets"]), len(f.table)
    ('discordance-band', ['curve', 'rules', 'threshold', 'typical'], 74)
    """
    frames = discordance_frames(band, alpha=alpha, typical=typical, typical_source=typical_source)
    if len(frames["typical"]):
        # TRANSLATORS: a chart's description; {low} and {high} percents of the questions,
        # {level} the significance ("5%").
        said = _(
            "McNemar mid-p on a log scale against the share of questions on which the two models "
            "disagree, from {low} to {high}, with the {level} line and the p of the same scores "
            "on separate questions and the shaded band of discordance usually seen."
        )
    else:
        said = _(
            "McNemar mid-p on a log scale against the share of questions on which the two models "
            "disagree, from {low} to {high}, with the {level} line and the p of the same scores "
            "on separate questions."
        )
    alt_text = said.format(
        low=words.percent(band.d_min), high=words.percent(band.d_max), level=words.score(alpha)
    )
    return filled_figure(
        discordance_spec(),
        functools.partial(_template, 640),
        frames,
        table=frames["curve"].rename(columns=csv_columns()),
        name="discordance-band",
        alt_text=alt_text,
    )


def csv_columns() -> dict[str, str]:
    """The curve's columns as a download names them, in the run's language."""
    return {
        "discordance": pgettext("CSV column", "discordance"),
        "a_only": pgettext("CSV column", "a_only"),
        "b_only": pgettext("CSV column", "b_only"),
        "p_value": pgettext("CSV column", "p_value"),
        "p_asymptotic": pgettext("CSV column", "p_asymptotic"),
        "low": pgettext("CSV column", "low"),
        "high": pgettext("CSV column", "high"),
        "verdict": pgettext("CSV column", "verdict"),
    }

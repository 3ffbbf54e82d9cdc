"""McNemar's test: do two models on the same questions differ?

Only the discordant questions carry information: b questions model A got
right and model B wrong, c the reverse. Under "no difference" each of the
b + c disagreements is a fair coin, so b ~ Binomial(b + c, ½).

References
----------
Fagerland, Lydersen and Laake (2013), "The McNemar test for binary
matched-pairs data: mid-p and asymptotic are better than exact conditional",
BMC Medical Research Methodology 13:91.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import special

from benchstats import _validate

METHODS = ("exact", "mid-p", "asymptotic", "corrected")
MCNEMAR_NAMES = {
    "exact": "Exact",
    "mid-p": "Mid-p",
    "asymptotic": "Asymptotic",
    "corrected": "Continuity-corrected",
}


@dataclass(frozen=True)
class McNemarResult:
    """Result of :func:`mcnemar`.

    ``statistic`` is b for ``"exact"`` and ``"mid-p"``, the signed
    z = (b − c)/√(b + c) for ``"asymptotic"``, and the continuity-corrected
    chi-square max(|b − c| − 1, 0)²/(b + c) for ``"corrected"``.
    """

    statistic: float
    p_value: float
    method: str
    b: int
    c: int

    def __repr__(self) -> str:
        return (
            f"McNemarResult(method={self.method!r}, b={self.b}, c={self.c}, "
            f"statistic={self.statistic:.4g}, p_value={self.p_value:.4g})"
        )


def mcnemar(b: int, c: int, *, method: str = "mid-p") -> McNemarResult:
    """Two-sided McNemar test from the two discordant counts.

    b questions only model A got right, c only model B.

    Parameters
    ----------
    method : {"mid-p", "exact", "asymptotic", "corrected"}
        - ``"exact"``: two-sided binomial test of b out of b + c at ½
          (``scipy.stats.binomtest``).
        - ``"mid-p"``: :func:`mid_p`, close to the nominal level without the
          exact test's conservatism (Fagerland et al. 2013).
        - ``"asymptotic"``: z = (b − c)/√(b + c), no continuity correction.
        - ``"corrected"``: max(|b − c| − 1, 0)²/(b + c) on 1 degree of
          freedom, as R's ``mcnemar.test(correct=TRUE)``.
        With b + c = 0 no question tells the models apart: p = 1.

    Examples
    --------
    >>> [round(mcnemar(20, 8, method=m).p_value, 3) for m in ("exact", "mid-p", "asymptotic")]
    [0.036, 0.024, 0.023]
    """
    method = _validate.method(method, METHODS)
    b = _validate.count("b", b, what="questions only model A got right")
    c = _validate.count("c", c, what="questions only model B got right")
    if b + c == 0:  # no disagreements: nothing to test
        return McNemarResult(0.0, 1.0, method, b, c)
    statistic, p_value = _METHODS[method](b, c)
    return McNemarResult(float(statistic), float(min(1.0, p_value)), method, b, c)


def _exact(b: int, c: int) -> tuple[float, float]:
    from scipy import stats  # on first use: `import benchstats` stays free of scipy.stats

    return b, stats.binomtest(b, b + c, 0.5).pvalue


def mid_p(b, c):
    """McNemar's mid-p, *vectorised*: 2·P(X ≤ m − 1) + P(X = m), m = min(b, c).

    X ~ Binomial(b + c, ½): the uncapped exact p minus P(X = m), exactly 1 when
    b = c; capped at 1, and 1 at b + c = 0.

    Examples
    --------
    >>> mid_p([20, 3, 0], [8, 3, 0]).round(4).tolist()
    [0.0241, 1.0, 1.0]
    """
    from scipy import stats  # on first use: `import benchstats` stays free of scipy.stats

    b, c = np.asarray(b), np.asarray(c)
    m, total = np.minimum(b, c), b + c
    p = 2 * stats.binom.cdf(m - 1, total, 0.5) + stats.binom.pmf(m, total, 0.5)
    return np.where(total > 0, np.minimum(1.0, p), 1.0)


def _mid_p(b: int, c: int) -> tuple[float, float]:
    return b, float(mid_p(b, c))


def _asymptotic(b: int, c: int) -> tuple[float, float]:
    z = (b - c) / math.sqrt(b + c)
    return z, 2 * special.ndtr(-abs(z))


def _corrected(b: int, c: int) -> tuple[float, float]:
    # R corrects only an asymmetric table: b = c gives statistic 0, p = 1.
    chi2 = max(abs(b - c) - 1, 0) ** 2 / (b + c)
    return chi2, special.chdtrc(1, chi2)


_METHODS = {"exact": _exact, "mid-p": _mid_p, "asymptotic": _asymptotic, "corrected": _corrected}

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

from scipy import stats

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

    Parameters
    ----------
    b : int
        Questions model A got right and model B got wrong.
    c : int
        Questions model B got right and model A got wrong.
    method : {"mid-p", "exact", "asymptotic", "corrected"}
        - ``"exact"``: two-sided binomial test of b out of b + c at ½
          (``scipy.stats.binomtest``).
        - ``"mid-p"``: the exact p-value before capping at 1, 2·P(X ≤ min(b, c)),
          minus P(X = min(b, c)); 1 when b = c; keeps close
          to the nominal level without the exact test's conservatism
          (Fagerland et al. 2013).
        - ``"asymptotic"``: z = (b − c)/√(b + c), no continuity correction.
        - ``"corrected"``: max(|b − c| − 1, 0)²/(b + c) on 1 degree of
          freedom, as R's ``mcnemar.test(correct=TRUE)``.
        With b + c = 0 no question tells the models apart: p = 1.

    Examples
    --------
    >>> from benchstats import mcnemar
    >>> round(mcnemar(20, 8, method="exact").p_value, 3)
    0.036
    >>> round(mcnemar(20, 8).p_value, 3)
    0.024
    >>> round(mcnemar(20, 8, method="asymptotic").p_value, 3)
    0.023
    >>> mcnemar(0, 0).p_value
    1.0
    """
    method = _validate.method(method, METHODS)
    b = _validate.count("b", b, what="questions only model A got right")
    c = _validate.count("c", c, what="questions only model B got right")
    if b + c == 0:  # no disagreements: nothing to test
        return McNemarResult(0.0, 1.0, method, b, c)
    statistic, p_value = _METHODS[method](b, c)
    return McNemarResult(float(statistic), float(min(1.0, p_value)), method, b, c)


def _exact(b: int, c: int) -> tuple[float, float]:
    return b, stats.binomtest(b, b + c, 0.5).pvalue


def _mid_p(b: int, c: int) -> tuple[float, float]:
    # The uncapped exact p, 2·P(X ≤ m), minus P(X = m): exactly 1 when b = c.
    m, total = min(b, c), b + c
    return b, 2 * stats.binom.cdf(m - 1, total, 0.5) + stats.binom.pmf(m, total, 0.5)


def _asymptotic(b: int, c: int) -> tuple[float, float]:
    z = (b - c) / math.sqrt(b + c)
    return z, 2 * stats.norm.sf(abs(z))


def _corrected(b: int, c: int) -> tuple[float, float]:
    # R corrects only an asymmetric table: b = c gives statistic 0, p = 1.
    chi2 = max(abs(b - c) - 1, 0) ** 2 / (b + c)
    return chi2, stats.chi2.sf(chi2, 1)


_METHODS = {"exact": _exact, "mid-p": _mid_p, "asymptotic": _asymptotic, "corrected": _corrected}

"""Confidence intervals for one score (a binomial proportion).

A benchmark score is k right answers out of n questions. The interval says
which true scores are compatible with that count.

References
----------
Brown, Cai and DasGupta (2001), "Interval Estimation for a Binomial
Proportion", Statistical Science 16(2), 101-133.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from scipy import special

from benchstats import _validate

METHODS = ("wilson", "clopper-pearson", "jeffreys", "bayes", "agresti-coull", "wald")


class ConfidenceInterval(NamedTuple):
    """The two ends of an interval, in the units of the estimate."""

    low: float | np.ndarray
    high: float | np.ndarray


def critical_value(confidence_level: float) -> float:
    """Two-sided normal critical value z₁₋α/₂ (1.95996… at 0.95)."""
    level = _validate.open_unit("confidence_level", confidence_level)
    return float(special.ndtri(0.5 + level / 2))


def proportion_ci(
    k, n, *, confidence_level: float = 0.95, method: str = "wilson"
) -> ConfidenceInterval:
    """Interval for the true score behind k right answers out of n.

    *Vectorised*: ``k`` and ``n`` broadcast; scalar in, floats out.

    Parameters
    ----------
    method : {"wilson", "clopper-pearson", "jeffreys", "bayes", "agresti-coull", "wald"}
        - ``"wilson"``: the score interval, p̃ ± z/(n+z²)·√(k(n−k)/n + z²/4)
          with p̃ = (k + z²/2)/(n + z²); equals
          ``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")``.
        - ``"clopper-pearson"``: exact, Beta(α/2; k, n−k+1) to
          Beta(1−α/2; k+1, n−k); equals scipy's ``method="exact"``.
        - ``"jeffreys"``: equal-tailed Beta(k+½, n−k+½), with the lower end 0
          at k = 0 and the upper end 1 at k = n (Brown, Cai and DasGupta).
        - ``"bayes"``: equal-tailed Beta(k+1, n−k+1), the posterior under a
          uniform prior.
        - ``"agresti-coull"``: p̃ ± z·√(p̃(1−p̃)/(n+z²)), clipped to [0, 1].
        - ``"wald"``: p̂ ± z·√(p̂(1−p̂)/n), *not* clipped: it can leave [0, 1]
          and has zero width at k = 0 and k = n, which is what it teaches.

    Examples
    --------
    >>> ci = proportion_ci(34, 40)
    >>> round(ci.low, 3), round(ci.high, 3)
    (0.709, 0.929)
    """
    method = _validate.method(method, METHODS)
    z = critical_value(confidence_level)
    k_arr = _validate.counts("k", k, what="questions answered right")
    n_arr = _validate.counts("n", n, minimum=1, what="questions")
    k_arr, n_arr = np.broadcast_arrays(k_arr, n_arr)
    _validate.at_most_n("k", k_arr, n_arr, "right answers cannot exceed questions")
    alpha = 1.0 - confidence_level
    low, high = _METHODS[method](k_arr.astype(float), n_arr.astype(float), z, alpha)
    return ConfidenceInterval(_validate.scalar_or_array(low), _validate.scalar_or_array(high))


def _wilson(k, n, z, alpha):
    z2 = z * z
    centre = (k + z2 / 2) / (n + z2)
    half = z / (n + z2) * np.sqrt(k * (n - k) / n + z2 / 4)
    # The ends are exactly 0 at k = 0 and 1 at k = n; pin them against rounding dust.
    low = np.where(k == 0, 0.0, np.clip(centre - half, 0.0, 1.0))
    high = np.where(k == n, 1.0, np.clip(centre + half, 0.0, 1.0))
    return low, high


def _clopper_pearson(k, n, z, alpha):
    with np.errstate(invalid="ignore"):  # Beta(0, ·) at k = 0 and Beta(·, 0) at k = n
        low = np.where(k == 0, 0.0, special.betaincinv(k, n - k + 1, alpha / 2))
        high = np.where(k == n, 1.0, special.betaincinv(k + 1, n - k, 1 - alpha / 2))
    return low, high


def _beta_tails(a, b, alpha):
    """The equal-tailed (1 − α) interval of Beta(a, b)."""
    return special.betaincinv(a, b, alpha / 2), special.betainccinv(a, b, alpha / 2)


def _jeffreys(k, n, z, alpha):
    low, high = _beta_tails(k + 0.5, n - k + 0.5, alpha)
    # Brown, Cai and DasGupta's boundary modification.
    return np.where(k == 0, 0.0, low), np.where(k == n, 1.0, high)


def _bayes(k, n, z, alpha):
    return _beta_tails(k + 1, n - k + 1, alpha)


def _agresti_coull(k, n, z, alpha):
    n_tilde = n + z * z
    p_tilde = (k + z * z / 2) / n_tilde
    half = z * np.sqrt(p_tilde * (1 - p_tilde) / n_tilde)
    return np.clip(p_tilde - half, 0.0, 1.0), np.clip(p_tilde + half, 0.0, 1.0)


def _wald(k, n, z, alpha):
    p = k / n
    half = z * np.sqrt(p * (1 - p) / n)
    return p - half, p + half


_METHODS = {
    "wilson": _wilson,
    "clopper-pearson": _clopper_pearson,
    "jeffreys": _jeffreys,
    "bayes": _bayes,
    "agresti-coull": _agresti_coull,
    "wald": _wald,
}


def chance_corrected(p, options):
    """Rescale a score so that guessing scores 0: (p − g)/(1 − g), g = 1/options.

    *Vectorised* in ``p`` and ``options`` (≥ 2). The same factor 1/(1 − g)
    stretches a standard error: correction changes what a number means, not how
    precisely it is known. Below chance the result is negative.

    Examples
    --------
    >>> round(chance_corrected(0.60, 4), 4)
    0.4667
    """
    p_arr = _validate.proportions("p", p)
    g = 1.0 / _validate.counts("options", options, minimum=2, what="answer options")
    return _validate.scalar_or_array((p_arr - g) / (1.0 - g))

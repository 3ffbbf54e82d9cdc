"""Reference Agresti-Coull intervals (and a cross-check of R's) from statsmodels.

Run: .venv/bin/python tests/references/intervals_statsmodels.py
(statsmodels 0.15.0; needs Rscript for the cross-check). Prints Python tuples
(method, k, n, confidence_level, low, high) for method="agresti_coull", then the
largest |R - statsmodels| difference per method. Not a test module: importing it
does nothing.
"""

import ast
import subprocess
from pathlib import Path

CASES = [(0, 1), (1, 1), (0, 10), (1, 10), (5, 10), (9, 10), (10, 10), (3, 20), (34, 40),
         (119, 198), (0, 100), (50, 100), (100, 100), (7, 13), (993, 1000)]  # fmt: skip
ALL = [(k, n, 0.95) for k, n in CASES] + [
    (34, 40, 0.90),
    (34, 40, 0.99),
    (3, 20, 0.80),
    (0, 10, 0.99),
]


def main() -> None:
    from statsmodels.stats.proportion import proportion_confint

    for k, n, cl in ALL:
        lo, hi = proportion_confint(k, n, alpha=1 - cl, method="agresti_coull")
        print(f'    ("agresti-coull", {k}, {n}, {cl}, {lo!r}, {hi!r}),')

    script = Path(__file__).with_name("intervals.R")
    out = subprocess.run(["Rscript", str(script)], capture_output=True, text=True, check=True)
    r_rows = ast.literal_eval("[" + out.stdout + "]")
    sm_name = {
        "wilson": "wilson",
        "clopper-pearson": "beta",
        "jeffreys": "jeffreys",
        "wald": "normal",
    }
    worst: dict[str, float] = {}
    for m, k, n, cl, lo, hi in r_rows:
        if m not in sm_name:
            continue
        slo, shi = proportion_confint(k, n, alpha=1 - cl, method=sm_name[m])
        if m == "jeffreys":  # statsmodels does not pin the ends at k = 0 and k = n
            slo = 0.0 if k == 0 else slo
            shi = 1.0 if k == n else shi
        if m == "wald":  # statsmodels clips the Wald interval to [0, 1]; the API does not
            lo, hi = min(max(lo, 0), 1), min(max(hi, 0), 1)
        worst[m] = max(worst.get(m, 0.0), abs(slo - lo), abs(shi - hi))
    print("# max |R - statsmodels|:", worst)


if __name__ == "__main__":
    main()

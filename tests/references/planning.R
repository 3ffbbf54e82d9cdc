# Reference sample sizes for tests/test_planning.py (significance, power and sides varied).
# Run: Rscript tests/references/planning.R   (R 4.2.2, stats only)
# power.prop.test solves for n per group with tol = 1e-12 so the unrounded root is exact
# to print precision. It uses the pooled variance 2·p̄(1 − p̄) under H0 for the z₁₋α
# term, where benchstats uses a(1 − a) + b(1 − b) throughout; the tests check the
# relation between the two, not equality.
# Prints Python tuples (p1, p2, alpha, power, sides, n_unrounded).
f <- function(x) sprintf("%.17g", x)
pairs <- list(c(0.82, 0.78), c(0.52, 0.48), c(0.96, 0.92), c(0.71, 0.69))
settings <- list(c(0.05, 0.8, 2), c(0.01, 0.9, 2), c(0.05, 0.8, 1), c(0.1, 0.95, 1))
for (x in pairs) for (s in settings) {
  alt <- if (s[3] == 2) "two.sided" else "one.sided"
  r <- power.prop.test(p1 = x[1], p2 = x[2], sig.level = s[1], power = s[2],
                       alternative = alt, tol = 1e-12)
  cat(sprintf("    (%s, %s, %s, %s, %s, %s),\n", x[1], x[2], s[1], s[2], s[3], f(r$n)))
}

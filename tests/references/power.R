# Reference sample sizes for tests/test_power.py.
# Run: Rscript tests/references/power.R   (R 4.2.2, stats only)
# power.prop.test solves for n per group (two-sided, alpha 0.05, power 0.8), with
# tol = 1e-12 so the unrounded root is exact to print precision.
# Prints Python tuples (p1, p2, n_unrounded).
f <- function(x) sprintf("%.17g", x)
cases <- list(c(0.82,0.78), c(0.8075,0.7925), c(0.71,0.69), c(0.55,0.45), c(0.9,0.8),
              c(0.52,0.48), c(0.3,0.1))
for (x in cases) {
  r <- power.prop.test(p1 = x[1], p2 = x[2], sig.level = 0.05, power = 0.8, tol = 1e-12)
  cat(sprintf("    (%s, %s, %s),\n", x[1], x[2], f(r$n)))
}
cat(sprintf("# qnorm(0.975) + qnorm(0.8) = %s\n", f(qnorm(0.975) + qnorm(0.8))))
cat(sprintf("# qnorm(0.995) + qnorm(0.9) = %s\n", f(qnorm(0.995) + qnorm(0.9))))
cat(sprintf("# qnorm(0.95) + qnorm(0.8) = %s\n", f(qnorm(0.95) + qnorm(0.8))))

# Reference McNemar p-values for tests/test_mcnemar.py.
# Run: Rscript tests/references/mcnemar.R   (R 4.2.2, stats only)
# b = pairs A right / B wrong, c = the reverse. The 2x2 table is
# matrix(c(both, c, b, neither), 2): mcnemar.test only uses the off-diagonal.
# Prints Python tuples (b, c, exact, mid_p, asymptotic, corrected).
f <- function(x) sprintf("%.17g", x)
cases <- list(c(20,8), c(5,3), c(10,0), c(0,10), c(1,0), c(1,1), c(3,3), c(7,2),
              c(2,7), c(12,30), c(40,25), c(0,1), c(15,15), c(100,70), c(4,0))
for (x in cases) {
  b <- x[1]; c <- x[2]; N <- b + c; m <- min(b, c)
  tab <- matrix(c(50, c, b, 50), 2)
  exact <- binom.test(b, N, 0.5)$p.value
  # mid-p (Lancaster; Fagerland, Lydersen & Laake 2013): 2*P(X < m) + P(X = m), X ~ Bin(b+c, 1/2)
  midp <- min(1, 2 * pbinom(m - 1, N, 0.5) + dbinom(m, N, 0.5))
  asym <- suppressWarnings(mcnemar.test(tab, correct = FALSE))$p.value
  corr <- suppressWarnings(mcnemar.test(tab, correct = TRUE))$p.value
  cat(sprintf("    (%d, %d, %s, %s, %s, %s),\n", b, c, f(exact), f(midp), f(asym), f(corr)))
}

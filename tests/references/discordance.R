# Reference paired figures across discordance for tests/test_discordance.py.
# Run: Rscript tests/references/discordance.R   (R 4.2.2, stats only)
# k_a, k_b = right answers of models A and B on the same n questions; D = questions on which
# they disagree, a_only = (D + k_a - k_b)/2 (A right, B wrong), b_only = (D - k_a + k_b)/2.
# The 2x2 table is matrix(c(n - D, b_only, a_only, 0), 2) (mcnemar.test uses the off-diagonal).
# mid-p (Fagerland, Lydersen & Laake 2013): 2*P(X < m) + P(X = m), X ~ Bin(D, 1/2), m = min.
# Prints Python tuples (k_a, k_b, n, D, a_only, b_only, mid_p, asymptotic_p).
f <- function(x) sprintf("%.17g", x)
cases <- list(c(125, 113, 198, 12), c(125, 113, 198, 28), c(125, 113, 198, 36), c(125, 113, 198, 38),
              c(125, 113, 198, 100), c(125, 113, 198, 158), c(367, 349, 448, 18),
              c(367, 349, 448, 60), c(367, 349, 448, 180), c(34, 30, 40, 4), c(34, 30, 40, 10),
              c(820, 780, 1000, 100), c(820, 780, 1000, 380))
for (x in cases) {
  ka <- x[1]; kb <- x[2]; n <- x[3]; D <- x[4]
  ao <- (D + ka - kb) / 2; bo <- (D - ka + kb) / 2; m <- min(ao, bo)
  midp <- min(1, 2 * pbinom(m - 1, D, 0.5) + dbinom(m, D, 0.5))
  tab <- matrix(c(n - D, bo, ao, 0), 2)
  asym <- mcnemar.test(tab, correct = FALSE)$p.value
  cat(sprintf("    (%d, %d, %d, %d, %d, %d, %s, %s),\n", ka, kb, n, D, ao, bo, f(midp), f(asym)))
}

# Reference paired intervals for tests/test_gaps.py.
# Run: Rscript tests/references/paired.R   (R 4.2.2, stats only)
# b = questions only A got right, c = only B, n = all questions; lead = (b - c)/n.
# Tango (1998) score interval, computed from first principles: for each hypothesised
# lead D the nuisance q = P(only B right) is the constrained maximum-likelihood value
# (root of the derivative of the multinomial log-likelihood with P(only A) = q + D, found
# numerically with uniroot, not Tango's closed form), and the interval is
# {D : |b - c - nD| / sqrt(n (2q + D(1 - D))) <= z}, solved with uniroot() on each side.
# Wald: lead -/+ z * sqrt(b + c - (b - c)^2/n) / n.
# Prints Python tuples (b, c, n, confidence_level, tango_low, tango_high, wald_low, wald_high).
f <- function(x) sprintf("%.17g", x)
qhat <- function(D, b, c, n) {
  # Maximise b log(q + D) + c log(q) + (n - b - c) log(1 - 2q - D) over q in [max(0, -D), (1 - D)/2]
  # by finding the root of its derivative (uniroot is exact to ~1e-15; optimize() only to
  # ~sqrt(eps)). At an end where the derivative does not change sign the maximum is that end.
  lo <- max(0, -D); hi <- (1 - D) / 2; r <- n - b - c
  if (hi - lo < 1e-15) return(lo)
  g <- function(q) (if (b > 0) b / (q + D) else 0) + (if (c > 0) c / q else 0) -
    (if (r > 0) 2 * r / (1 - 2 * q - D) else 0)
  glo <- g(lo + (hi - lo) * 1e-15); ghi <- g(hi - (hi - lo) * 1e-15)
  if (glo <= 0) return(lo)
  if (ghi >= 0) return(hi)
  uniroot(g, c(lo + (hi - lo) * 1e-15, hi - (hi - lo) * 1e-15), tol = 1e-16)$root
}
score <- function(D, b, c, n) {
  if (b - c - n * D == 0) return(0)  # at the estimate itself (also when b = c = 0)
  q <- qhat(D, b, c, n)
  (b - c - n * D) / sqrt(n * (2 * q + D * (1 - D)))
}
tango <- function(b, c, n, cl) {
  z <- qnorm(1 - (1 - cl) / 2); est <- (b - c) / n; e <- 1e-10
  lo <- if (score(-1 + e, b, c, n) > z) uniroot(function(D) score(D, b, c, n) - z, c(-1 + e, est), tol = 1e-15)$root else -1
  hi <- if (score(1 - e, b, c, n) < -z) uniroot(function(D) score(D, b, c, n) + z, c(est, 1 - e), tol = 1e-15)$root else 1
  c(lo, hi)
}
cases <- list(c(20, 8, 198, .95), c(5, 3, 100, .95), c(0, 0, 50, .95), c(10, 0, 40, .95),
              c(0, 3, 30, .95), c(12, 30, 300, .95), c(40, 25, 500, .9), c(1, 1, 21, .95),
              c(7, 1, 21, .99), c(100, 70, 1000, .95))
for (x in cases) {
  b <- x[1]; c <- x[2]; n <- x[3]; cl <- x[4]
  t <- tango(b, c, n, cl)
  z <- qnorm(1 - (1 - cl) / 2); est <- (b - c) / n; se <- sqrt(b + c - (b - c)^2 / n) / n
  cat(sprintf("    (%d, %d, %d, %s, %s, %s, %s, %s),\n", b, c, n, cl, f(t[1]), f(t[2]),
              f(est - z * se), f(est + z * se)))
}

# Reference gap probabilities for tests/test_luck.py and the best-of-K figure.
# Run: Rscript tests/references/luck.R   (R 4.2.2, stats only)
# Two models each right on each of n questions with chance p; gap = (X - Y) / n.
# Prints Python tuples (p, n, d_questions, P(|X-Y| >= d), P(X-Y >= d), P(X = Y)).
f <- function(x) sprintf("%.17g", x)
cases <- list(c(0.8, 100, 4), c(0.5, 10, 2), c(0.6, 198, 10), c(0.9, 30, 3), c(0.35, 50, 0),
              c(0.8, 100, 11), c(0.5, 1000, 40))
for (x in cases) {
  p <- x[1]; n <- x[2]; d <- x[3]
  px <- dbinom(0:n, n, p)
  joint <- outer(px, px)
  gap <- outer(0:n, 0:n, "-")
  cat(sprintf("    (%s, %d, %d, %s, %s, %s),\n", p, n, d, f(sum(joint[abs(gap) >= d])),
              f(sum(joint[gap >= d])), f(sum(joint[gap == 0]))))
}
# Expected maximum of K independent standard normals: integral of x * K phi(x) Phi(x)^(K-1)
for (K in c(2, 5, 20, 100)) {
  e <- integrate(function(x) x * K * dnorm(x) * pnorm(x)^(K - 1), -Inf, Inf, rel.tol = 1e-12)$value
  cat(sprintf("# E max of %d standard normals = %s\n", K, f(e)))
}

# Reference exact coverages for tests/test_coverage.py.
# Run: Rscript tests/references/coverage.R   (R 4.2.2, base + stats only)
# Coverage of an interval at n questions and true score p: sum of dbinom(k, n, p)
# over the k whose interval [low_k, high_k] holds p. The average over p uniform
# on (a, b) by integrate() of that step function, piece by piece between ends.
f <- function(x) sprintf("%.12g", x)
ci <- function(method, k, n, cl = 0.95) {
  a <- 1 - cl; z <- qnorm(1 - a/2)
  switch(method,
    wald = { p <- k/n; se <- sqrt(p*(1-p)/n); cbind(p - z*se, p + z*se) },
    wilson = t(sapply(k, function(x) suppressWarnings(prop.test(x, n, conf.level = cl, correct = FALSE))$conf.int)),
    "clopper-pearson" = t(sapply(k, function(x) binom.test(x, n, conf.level = cl)$conf.int)),
    jeffreys = cbind(ifelse(k == 0, 0, qbeta(a/2, k + .5, n - k + .5)),
                     ifelse(k == n, 1, qbeta(1 - a/2, k + .5, n - k + .5))),
    bayes = cbind(qbeta(a/2, k + 1, n - k + 1), qbeta(1 - a/2, k + 1, n - k + 1)),
    "agresti-coull" = { nt <- n + z^2; pt <- (k + z^2/2)/nt; h <- z*sqrt(pt*(1-pt)/nt)
                        cbind(pmax(pt - h, 0), pmin(pt + h, 1)) })
}
cover <- function(method, n, p) {
  k <- 0:n; e <- ci(method, k, n)
  sapply(p, function(q) sum(dbinom(k, n, q)[e[, 1] <= q & q <= e[, 2]]))
}
average <- function(method, n, a = 0, b = 1) {
  e <- ci(method, 0:n, n); cuts <- sort(unique(c(a, b, e[e > a & e < b])))
  s <- 0
  for (i in seq_len(length(cuts) - 1))
    s <- s + integrate(function(p) cover(method, n, p), cuts[i], cuts[i + 1],
                       rel.tol = 1e-12, abs.tol = 1e-14)$value
  s / (b - a)
}
methods <- c("wald", "wilson", "clopper-pearson", "jeffreys", "bayes", "agresti-coull")
cat("POINTS = [\n")
for (m in methods) for (x in list(c(100, .5), c(20, .95), c(10, .3), c(50, .01), c(198, .6)))
  cat(sprintf('    ("%s", %d, %s, %s),\n', m, x[1], x[2], f(cover(m, x[1], x[2]))))
cat("]\nAVERAGES = [\n")
for (m in methods) for (x in list(c(100, 0, 1), c(100, .05, .95), c(20, 0, 1)))
  cat(sprintf('    ("%s", %d, %s, %s, %s),\n', m, x[1], x[2], x[3], f(average(m, x[1], x[2], x[3]))))
cat("]\n")

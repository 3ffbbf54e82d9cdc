# Reference confidence intervals for tests/test_intervals.py.
# Run: Rscript tests/references/intervals.R   (R 4.2.2, base + stats only)
# Prints Python tuples (method, k, n, confidence_level, low, high).
f <- function(x) sprintf("%.17g", x)
cases <- list(c(0,1), c(1,1), c(0,10), c(1,10), c(5,10), c(9,10), c(10,10),
              c(3,20), c(34,40), c(119,198), c(0,100), c(50,100), c(100,100),
              c(7,13), c(993,1000))
levels <- c(0.95)
extra <- list(c(34,40,0.90), c(34,40,0.99), c(3,20,0.80), c(0,10,0.99))
all <- c(lapply(cases, function(x) c(x, 0.95)), extra)
out <- function(m, k, n, cl, ci) cat(sprintf('    ("%s", %d, %d, %s, %s, %s),\n', m, k, n, cl, f(ci[1]), f(ci[2])))
for (x in all) {
  k <- x[1]; n <- x[2]; cl <- x[3]; a <- 1 - cl
  # Wilson: prop.test without continuity correction
  out("wilson", k, n, cl, suppressWarnings(prop.test(k, n, conf.level = cl, correct = FALSE))$conf.int)
  # Clopper-Pearson: binom.test
  out("clopper-pearson", k, n, cl, binom.test(k, n, conf.level = cl)$conf.int)
  # Jeffreys (Brown, Cai, DasGupta 2001): equal-tailed Beta(k+1/2, n-k+1/2), 0 at k=0, 1 at k=n
  out("jeffreys", k, n, cl, c(if (k == 0) 0 else qbeta(a/2, k + .5, n - k + .5),
                              if (k == n) 1 else qbeta(1 - a/2, k + .5, n - k + .5)))
  # Bayes, uniform prior: equal-tailed Beta(k+1, n-k+1)
  out("bayes", k, n, cl, qbeta(c(a/2, 1 - a/2), k + 1, n - k + 1))
  # Wald, not clipped
  z <- qnorm(1 - a/2); p <- k/n; se <- sqrt(p*(1-p)/n)
  out("wald", k, n, cl, c(p - z*se, p + z*se))
}

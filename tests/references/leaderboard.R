# Reference values for tests/test_leaderboard.py.
# Run: Rscript tests/references/leaderboard.R   (R 4.2.2; csranks 1.2.2.9001, the R package of
#      Mogstad, Romano, Shaikh & Wilhelm, installed from github.com/danielwilhelm/R-CS-ranks)
f <- function(x) sprintf("%.17g", x)
vec <- function(x) paste0("(", paste(x, collapse = ", "), if (length(x) == 1) "," else "", ")")

# 1. p-value adjustment: stats::p.adjust(p, "holm") and p.adjust(p, "BH").
cases <- list(c(0.01, 0.04, 0.03, 0.005),
              c(0.2, 0.2, 0.01, 0.5, 0.049, 0.0001),
              c(0.157, 0.157, 0.157),
              c(1, 0, 0.5),
              c(0.0252, 1.2e-9, 3.3e-5, 0.31, 0.049, 0.049, 0.0009, 0.6, 0.012, 0.2))
cat("P_ADJUST = [\n")
for (p in cases) {
  cat(sprintf("    (%s, %s, %s),\n", vec(f(p)), vec(f(p.adjust(p, "holm"))), vec(f(p.adjust(p, "BH")))))
}
cat("]\n")

# 2. The simultaneous critical value for 3 models with equal SEs, one step:
#    max |Zi - Zj| / (sqrt(2) se) is the studentized range of 3 normals over sqrt(2).
cat(sprintf("TUKEY_3 = %s  # qtukey(0.95, 3, Inf) / sqrt(2)\n", f(qtukey(0.95, 3, Inf) / sqrt(2))))

# 3. Rank intervals from csranks (parametric bootstrap, R = 200000 draws, seed 1) for
#    boards of scores (proportions) and SEs; independent scores (diagonal Sigma).
suppressMessages(library(csranks))
boards <- list(
  list(x = c(0.90, 0.85, 0.84, 0.80), se = rep(sqrt(0.85 * 0.15 / 500), 4)),
  list(x = c(0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45),
       se = sqrt(c(0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45) *
                 (1 - c(0.72, 0.70, 0.66, 0.64, 0.59, 0.58, 0.52, 0.45)) / 500)),
  list(x = c(0.934, 0.952, 0.91, 0.95, 0.88), se = c(0.0124, 0.0107, 0.02, 0.009, 0.03))
)
cat("CSRANKS = [\n")
for (b in boards) {
  S <- diag(b$se^2)
  for (simul in c(FALSE, TRUE)) for (stepdown in c(FALSE, TRUE)) {
    r <- csranks(b$x, S, coverage = 0.95, simul = simul, stepdown = stepdown, R = 200000, seed = 1)
    cat(sprintf("    (%s, %s, %s, %s, %s, %s),\n", vec(f(b$x)), vec(f(b$se)),
                if (simul) "'simultaneous'" else "'marginal'", if (stepdown) "True" else "False",
                vec(r$L), vec(r$U)))
  }
}
cat("]\n")

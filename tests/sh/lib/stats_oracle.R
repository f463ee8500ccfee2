# stats_oracle.R: R's side of tests/sh/stats_oracle.sh: reads the cases on stdin ("m n a... b...") and, given stats_oracle run's output as argument, prints, in stats_oracle run's layout, what R's wilcox.test, ks.test, quantile(type = 7), mad, sd and p.adjust("BH") say.
put <- function(x) ifelse(is.na(x), "NA", sprintf("%.17g", x))
summ <- function(x) {
	q <- quantile(x, c(0.1, 0.9, 0.25, 0.75), type = 7, names = FALSE)
	c(median(x), q, mad(x), mean(x), sd(x), min(x), max(x))
}
lines <- readLines("stdin")
pmw <- numeric(0)
pmin <- numeric(0)
for (l in lines) {
	v <- as.numeric(strsplit(l, " ", fixed = TRUE)[[1]])
	m <- v[1]; n <- v[2]
	a <- v[3:(2 + m)]; b <- v[(3 + m):(2 + m + n)]
	w <- suppressWarnings(wilcox.test(a, b))
	k <- suppressWarnings(ks.test(a, b))
	# Every value tied: R's normal approximation divides 0 by 0; ours
	# says 1 (docs/sets.md).
	pw <- if (is.nan(w$p.value)) 1 else w$p.value
	mw_exact <- as.integer(grepl("exact", w$method))
	ks_exact <- as.integer(grepl("^Exact", k$method))
	d <- outer(b, a, "-")
	cat(m, n, mw_exact, ks_exact, put(c(w$statistic, pw, k$statistic,
	    k$p.value, median(d), mean(sign(d)), summ(a), summ(b))), "\n")
	pmw <- c(pmw, pw)
	pmin <- c(pmin, min(pw, k$p.value))
}
# The second column adjusts our own min(p_mw, p_ks) (the file named
# first on the command line): BH alone, apart from the tests' rounding.
ours <- read.table(commandArgs(TRUE)[1], fill = TRUE, na.strings = "NA")
ours <- ours[ours[[1]] != "bh", ]
bw <- p.adjust(pmw, "BH")
bm <- p.adjust(pmin(as.numeric(ours[[6]]), as.numeric(ours[[8]])), "BH")
for (i in seq_along(bw)) cat("bh", put(c(bw[i], bm[i])), "\n")

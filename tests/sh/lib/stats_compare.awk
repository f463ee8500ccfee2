# stats_compare.awk: compares stats_oracle run's lines (first file) with R's (second), field by field; prints per column the largest relative error and, last, "max REL CASES BAD" with BAD the fields over the tolerance TOL (-v tol=).
# Relative to R's value; where R's is 0 the error is absolute.  KS's p
# (column 8) is R's 1 - P(D < d), its denominator exp(lgamma(...)):
# R's own rounding leaves an absolute error up to about 1e-13 there, so
# that column is relative to max(|R|, 1e-3) (stats_oracle.sh checks our
# small KS p-values against exact fractions instead).
function rel(x, y, floor_, d, s) {
	if (x == "NA" || y == "NA")
		return x == y ? 0 : 1e300
	d = x - y; if (d < 0) d = -d
	s = y < 0 ? -y : y
	if (s < floor_) s = floor_
	return s == 0 ? d : d / s
}
BEGIN {
	split("m n mw_exact ks_exact W p_mw D p_ks hl cliff " \
	    "a_median a_p10 a_p90 a_q1 a_q3 a_mad a_mean a_sd a_min a_max " \
	    "b_median b_p10 b_p90 b_q1 b_q3 b_mad b_mean b_sd b_min b_max", name)
	bh[2] = "bh_mw"; bh[3] = "bh_min"
}
NR == FNR { ours[FNR] = $0; next }
{
	nf = split(ours[FNR], o)
	if (nf != NF) { bad++; print "line " FNR ": " nf " fields, R " NF; next }
	if ($1 == "bh") cases_bh++; else cases++
	for (i = ($1 == "bh" ? 2 : 1); i <= NF; i++) {
		col = $1 == "bh" ? bh[i] : name[i]
		e = rel(o[i], $i, col == "p_ks" ? 1e-3 : 0)
		if (e > worst[col]) worst[col] = e
		if (e > max) max = e
		if (e > tol) {
			bad++
			if (bad <= 5)
				print "case " FNR " " col ": ours " o[i] ", R " $i
		}
	}
}
END {
	for (c in worst) printf "%s %.3g\n", c, worst[c]
	printf "max %.3g %d %d\n", max, cases, bad + 0
}

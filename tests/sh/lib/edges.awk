# edges.awk: --wakeups's edges of some waiters as tests/sh/lib/waits.awk prints them, to set one against the other.
#   usage: awk -F'\t' -v pids="PID..." -f edges.awk ORACLE - <REPORT
# ORACLE is waits.awk's output (only its totals are read), REPORT
# --wakeups's text.  The report's edges split by reason are summed per
# (waiter, waker, state), each reason's total truncated to the us: the
# sum is up to a us per reason short, and is given the oracle's total
# when within that.  Prints "WAITER WAKER STATE COUNT TOTAL_MS MAX_MS".
function us(v,  a) { split(v, a, "."); return a[1] * 1000 + a[2] }
function ms(u) { return sprintf("%d.%03d", int(u / 1000), u % 1000) }
BEGIN { n_p = split(pids, pp, " "); for (i = 1; i <= n_p; i++) want[pp[i]] = 1 }
FILENAME != "-" { split($0, o, " "); t[o[1] " " o[2] " " o[3]] = o[5]; next }
$1 == "edge" && ($2 in want) {
	k = $2 " " ($4 == "-" ? $5 : $4) " " $6
	n[k] += $7; tot[k] += us($8); r[k]++
	if (us($9) > mx[k]) mx[k] = us($9)
}
END {
	for (k in n) {
		v = tot[k]
		if (k in t && us(t[k]) >= v && us(t[k]) - v < r[k]) v = us(t[k])
		print k, n[k], ms(v), ms(mx[k])
	}
}

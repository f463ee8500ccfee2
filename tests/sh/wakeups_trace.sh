#!/bin/sh
# wakeups_trace.sh: issue 24 item 2, the wake-up graph (docs/wakeups.md)
# of a traced run: yes writing a pipe head reads, then sleep 0.3.
# --wakeups's edges of yes, head and sleep are those trace-cmd report's
# events of the same trace.dat make (tests/sh/lib/waits.awk): waiter,
# waker, state, count, total and maximum; head is woken by yes and yes
# by head; sleep by an interrupt ([irq] or [softirq]); the filters keep
# what they say; --wake-graph -f dot is a digraph of the same edges.
# Needs root, tracefs and trace-cmd (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"
W=$(dirname "$0")/lib/waits.awk

need_tracefs "wake-up graph" trace-cmd

# Copies with names of their own: the whole system is traced, and tests
# running beside this one run their own yes, head and sleep.
for p in yes head sleep; do
	cp "$(command -v $p)" "$T/wt-$p"
done
"$L" start -c "$T/empty.conf" --trace -o "$T/w.tgz" -- \
    sh -c "'$T/wt-yes' | '$T/wt-head' -c 20000000 >/dev/null; '$T/wt-sleep' 0.3" \
    >"$T/w.out" 2>&1
check "start --trace: status 0" [ $? = 0 ]
"$R" --wakeups "$T/w.tgz" >"$T/rep" 2>"$T/rep.err"
check "--wakeups: status 0" [ $? = 0 ]
tar -xzOf "$T/w.tgz" trace.dat >"$T/w.dat"
trace-cmd report -l -t -i "$T/w.dat" 2>/dev/null | awk -f "$W" >"$T/oracle"

# The pids of yes, head and sleep, from the report's blocked lines.
pid_of() { awk -F'\t' -v n="$1" '$1 == "blocked" && $3 == n { print $2 }' "$T/rep"; }
Y=$(pid_of wt-yes); H=$(pid_of wt-head); S=$(pid_of wt-sleep)
# Which side of the pipe waits is the scheduler's: yes for head to read
# (the pipe full), head for yes to write (empty), or both.  A CI run
# under ASan had head never wait (yes kept the pipe full): at least one
# of them waits, each at most once in the report.
ny=$(echo "$Y" | wc -w); nh=$(echo "$H" | wc -w)
check "yes or head blocked on the pipe, each once at most ($ny, $nh)" \
    test "$ny" -le 1 -a "$nh" -le 1 -a $((ny + nh)) -ge 1
# The same ones waited in trace-cmd's report, the pids from its events'
# own fields (sched_switch's "COMM:PID [", sched_waking's "comm=COMM
# pid=PID"): a line's leading COMM-PID is the trace's cmdlines, where a
# task the sampler never saw is named only while the kernel's
# saved_cmdlines still holds it (a CI run under load printed <...>).
tpid() {
	trace-cmd report -i "$T/w.dat" 2>/dev/null |
	    grep -oE " wt-$1:[0-9]+ \[| comm=wt-$1 pid=[0-9]+ " | head -n 1 |
	    tr -dc 0-9
}
waited() { awk -v p="$1" '$1 == p' "$T/oracle" | grep -c . ; }
Yt=$(tpid yes); Ht=$(tpid head)
check "yes waited in the report as in trace-cmd's (${Y:-none}; $(waited "$Yt") edges of $Yt)" \
    sh -c '[ -n "$1" ] && { [ "$2" = "$1" ] && [ "$3" -gt 0 ] ||
        { [ -z "$2" ] && [ "$3" -eq 0 ]; }; }' _ "$Yt" "$Y" "$(waited "$Yt")"
check "head waited in the report as in trace-cmd's (${H:-none}; $(waited "$Ht") edges of $Ht)" \
    sh -c '[ -n "$1" ] && { [ "$2" = "$1" ] && [ "$3" -gt 0 ] ||
        { [ -z "$2" ] && [ "$3" -eq 0 ]; }; }' _ "$Ht" "$H" "$(waited "$Ht")"
same "sleep blocked once in the report" "$(echo "$S" | wc -w)" 1
# The report's edges as the oracle prints them, for those three waiters:
# its edges split by reason are summed per (waiter, waker, state), each
# reason's total truncated to the us: the sum is up to a us per reason
# short, and is given the oracle's total when within that.
awk -v y="$Y" -v h="$H" -v s="$S" '$1 == y || $1 == h || $1 == s' \
    "$T/oracle" | sort >"$T/theirs"
awk -F'\t' -v y="$Y" -v h="$H" -v s="$S" '
	function us(v,  a) { split(v, a, "."); return a[1] * 1000 + a[2] }
	function ms(u) { return sprintf("%d.%03d", int(u / 1000), u % 1000) }
	FILENAME != "-" { t[$1 " " $2 " " $3] = $5; next }
	$1 == "edge" && ($2 == y || $2 == h || $2 == s) {
		k = $2 " " ($4 == "-" ? $5 : $4) " " $6
		n[k] += $7; tot[k] += us($8); r[k]++
		if (us($9) > mx[k]) mx[k] = us($9) }
	END { for (k in n) { v = tot[k]
		if (k in t && us(t[k]) >= v && us(t[k]) - v < r[k]) v = us(t[k])
		print k, n[k], ms(v), ms(mx[k]) } }' "$T/theirs" - <"$T/rep" |
    sort >"$T/mine"
# (check runs one command: what needs && is a function.)
same_file() {
	[ -s "$1" ] && cmp -s "$1" "$2"
}
check "their edges are trace-cmd's (waker, state, count, total, max)" \
    same_file "$T/mine" "$T/theirs"
[ -s "$T/mine" ] && ! cmp -s "$T/mine" "$T/theirs" &&
    diff "$T/mine" "$T/theirs" | sed 's/^/# /' | head -n 20
if [ -n "$H" ] && [ -n "$Y" ]; then
	check "head is woken by yes" grep -q "^$H $Y S " "$T/mine"
	check "yes is woken by head" grep -q "^$Y $H S " "$T/mine"
	# When one is not (a CI run: head's waits had another waker), their
	# edges as both reports have them, for the next reader of the log.
	grep -q "^$H $Y S " "$T/mine" && grep -q "^$Y $H S " "$T/mine" ||
	    grep -E "^($H|$Y) " "$T/mine" | sed 's/^/# edge: /'
else
	# The one that waited was woken by the other: its pid is known
	# from trace-cmd's report of the run.
	w=${H:-$Y}
	other=$(awk -v w="$w" '$1 == w && $3 == "S" { print $2 }' "$T/theirs" |
	    head -n 1)
	check "the side that waited ($w) is woken by the other ($other), as trace-cmd says" \
	    grep -q "^$w $other S " "$T/mine"
	ok "both sides of the pipe woken by the other # SKIP one side never waited in this run"
fi
# (Its 0.3 s wait; an ASan run here had one more of its waits woken so.)
check "sleep is woken by an interrupt" \
    grep -Eq "^$S \[(irq|softirq)\] S [1-9]" "$T/mine"
# A waiter's blocked time is the sum of its edges' (S and D apart): each
# truncated to the us, the sum is up to one us per edge more.
awk -F'\t' '
	function us(v,  a) { split(v, a, "."); return a[1] * 1000 + a[2] }
	function off(x, t, e) { return x < t || x - t > e }
	$1 == "edge" { n[$2] += $7; e[$2]++; t[$2 $6] += us($8) }
	$1 == "blocked" { b[$2] = $4 " " us($6) " " us($7) }
	END { for (p in b) { split(b[p], x, " ")
		if (x[1] != n[p] || off(x[2], t[p "S"], e[p]) ||
		    off(x[3], t[p "D"], e[p])) bad++ }
	    exit bad > 0 }' "$T/rep"
check "each waiter's waits and S, D times are its edges' (us rounding)" [ $? = 0 ]

# The filters: every edge kept has the count and the time asked for,
# and none the oracle has with them is left out.
"$R" --wakeups --min-count 50 --min-time 1 "$T/w.tgz" >"$T/f"
check "--min-count 50 --min-time 1: status 0" [ $? = 0 ]
same "--min-count 50 --min-time 1 keeps the edges that have them" \
    "$(awk -F'\t' '$1 == "edge" { print $2, ($4 == "-" ? $5 : $4), $6 }' \
    "$T/f" | sort)" \
    "$(awk -F'\t' '$1 == "edge" && $7 >= 50 && $8 + 0 >= 1 {
    print $2, ($4 == "-" ? $5 : $4), $6 }' "$T/rep" | sort)"

"$R" --wake-graph -f dot "$T/w.tgz" >"$T/g.dot"
check "--wake-graph -f dot: status 0" [ $? = 0 ]
same "the digraph has an arrow per edge of the report" \
    "$(grep -c -- ' -> ' "$T/g.dot")" \
    "$(awk -F'\t' '$1 == "edge"' "$T/rep" | wc -l | tr -d ' ')"
same "it opens and closes as DOT" \
    "$(head -n 1 "$T/g.dot") $(tail -n 1 "$T/g.dot")" "digraph wakeups { }"
if command -v dot >/dev/null 2>&1; then
	dot -Tsvg "$T/g.dot" >/dev/null 2>&1
	check "dot reads it" [ $? = 0 ]
else
	ok "dot reads it # SKIP no Graphviz dot"
fi

# Drawn by Graphviz's layout: a PNG and an SVG of the same size (the
# SVG in points, the PNG in pixels rounded up), the edges the filters
# keep (--min-count 50 --min-time 1: yes's and head's pipe waits).
"$R" --wake-graph -f png --min-count 50 --min-time 1 -o "$T/g.png" \
    "$T/w.tgz" 2>"$T/g.err"
st=$?
check "--wake-graph -f png: status 0" [ $st = 0 ]
check "--wake-graph -f png: no warning" [ ! -s "$T/g.err" ]
"$R" --wake-graph -f svg --min-count 50 --min-time 1 -o "$T/g.svg" \
    "$T/w.tgz"
check "--wake-graph -f svg: status 0" [ $? = 0 ]
check "the PNG is one" [ "$(head -c 8 "$T/g.png" | od -An -c | tr -d ' ')" = \
    '211PNG\r\n032\n' ]
png_wh=$(od -An -tu1 -j16 -N8 "$T/g.png" | awk '{
    print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4,
	$5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
svg_wh=$(grep -o -m1 'width="[0-9.]*pt" height="[0-9.]*pt"' "$T/g.svg" |
    awk -F'"' '{ w = $2 + 0; h = $4 + 0
	print (w == int(w) ? w : int(w) + 1), (h == int(h) ? h : int(h) + 1) }')
same "the PNG's pixels are the SVG's points" "$png_wh" "$svg_wh"

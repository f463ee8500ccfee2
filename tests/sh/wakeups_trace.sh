#!/bin/sh
# wakeups_trace.sh: issue 24 item 2, the wake-up graph (docs/wakeups.md)
# of a traced run: yes writing a pipe head reads, then sleep 0.3.
# --wakeups's edges of yes, head and sleep are those trace-cmd report's
# events of the same trace.dat make (tests/sh/lib/waits.awk): waiter,
# waker, state, count, total and maximum; a waiter's blocked times are
# its edges'; the filters keep what they say; --wake-graph -f dot is a
# digraph of the same edges; 0 events lost, --dump-events is trace-cmd
# report's events.  Who woke whom in this run is the
# scheduler's (which side of the pipe waits, and how often): that head
# is woken by yes, yes by head and sleep by an interrupt is asserted on
# a recorded trace (tests/sh/trace_fixtures.sh).
# Needs root, tracefs and trace-cmd (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"
W=$(dirname "$0")/lib/waits.awk

need_tracefs "wake-up graph" trace-cmd python3

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
same "0 events lost" "$(tar -xzOf "$T/w.tgz" header |
    sed -n 's/^bootchart.trace.lost = \(total [0-9]*\).*/\1/p')" "total 0"
tar -xzOf "$T/w.tgz" trace.dat >"$T/w.dat"
trace-cmd report -l -t -i "$T/w.dat" 2>/dev/null | awk -f "$W" >"$T/oracle"
# The decoder's events are trace-cmd's (lib/tdat_compare.py).
trace-cmd report -R -t -i "$T/w.dat" >"$T/w.report" 2>/dev/null
"$R" --dump-events "$T/w.dat" >"$T/w.events" 2>/dev/null
python3 "$(dirname "$0")/lib/tdat_compare.py" "$T/w.report" "$T/w.events" \
    >"$T/w.cmp"
check "--dump-events agrees with trace-cmd report" [ $? = 0 ]
grep -v '^[a-z_]* [0-9]*$' "$T/w.cmp" | head -n 20 | sed 's/^/# /'

# The pids of yes, head and sleep, from the report's blocked lines.
pid_of() { awk -F'\t' -v n="$1" '$1 == "blocked" && $3 == n { print $2 }' "$T/rep"; }
Y=$(pid_of wt-yes); H=$(pid_of wt-head); S=$(pid_of wt-sleep)
# Which side of the pipe waits is the scheduler's (a CI run under ASan
# had head never wait): each is a blocked line at most once.
ny=$(echo "$Y" | wc -w); nh=$(echo "$H" | wc -w)
check "yes and head each blocked once at most in the report ($ny, $nh)" \
    test "$ny" -le 1 -a "$nh" -le 1
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
# The report's edges as the oracle prints them, for those three waiters
# (lib/edges.awk).
awk -v y="$Y" -v h="$H" -v s="$S" '$1 == y || $1 == h || $1 == s' \
    "$T/oracle" | sort >"$T/theirs"
awk -F'\t' -v pids="$Y $H $S" -f "$(dirname "$0")/lib/edges.awk" \
    "$T/theirs" - <"$T/rep" | sort >"$T/mine"
# (check runs one command: what needs && is a function.)
same_file() {
	[ -s "$1" ] && cmp -s "$1" "$2"
}
check "their edges are trace-cmd's (waker, state, count, total, max)" \
    same_file "$T/mine" "$T/theirs"
[ -s "$T/mine" ] && ! cmp -s "$T/mine" "$T/theirs" &&
    diff "$T/mine" "$T/theirs" | sed 's/^/# /' | head -n 20
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
# keep (--min-count 50 --min-time 1: the pipe's waits, when one side
# waited that often; else a graph of no edge, drawn all the same).
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
svg_wh=$(grep -o -m1 'width="[0-9.]*" height="[0-9.]*"' "$T/g.svg" |
    awk -F'"' '{ w = $2 + 0; h = $4 + 0
	print (w == int(w) ? w : int(w) + 1), (h == int(h) ? h : int(h) + 1) }')
same "the PNG's pixels are the SVG's" "$png_wh" "$svg_wh"

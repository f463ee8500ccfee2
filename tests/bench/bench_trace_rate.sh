#!/bin/sh
# bench_trace_rate.sh: exact mode under a steady flood with both cores busy: RUNS runs (default 10) of SECS seconds (default 60) of a pipe ping-pong held to BOUNCES a second (default: pingpong.py's target, 21 000, about 107 000 scheduler events a second with their stacks, which the default budget holds for 60 s packed), beside two busy loops, each recorded by `bootchartd start --trace` with default settings; prints each run's rate, lost events and whether it was cut, then the highest rate with 0 lost.  Target (issue 42): every run 0 lost at 100 000 events/s or more.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_LOGGER; BC_BENCH_RATE_RUNS,
# BC_BENCH_RATE_SECS, BC_BENCH_RATE_BOUNCES to change the runs.
# Needs root and tracefs (else says so).
set -u
bench=bench_trace_rate
runs=${BC_BENCH_RATE_RUNS:-10}
secs=${BC_BENCH_RATE_SECS:-60}
bounces=${BC_BENCH_RATE_BOUNCES:-target}
tmp=$(mktemp -d)
b1= b2=
trap 'kill $b1 $b2 2>/dev/null; rm -rf "$tmp"' EXIT
if [ "$(id -u)" -ne 0 ] || [ ! -w /sys/kernel/tracing/trace_marker ]; then
	echo "$bench: needs root and tracefs at /sys/kernel/tracing: skipped"
	exit 0
fi
. "$(dirname "$0")/../sh/lib/kernel_lock.sh.inc"
kernel_lock
printf '# defaults\n' >"$tmp/conf"
pp="$(pwd)/tests/sh/lib/pingpong.py"
sh -c 'while :; do :; done' &
b1=$!
sh -c 'while :; do :; done' &
b2=$!
i=0 clean=0 best=0
while [ $i -lt "$runs" ]; do
	i=$((i + 1))
	rm -f "$tmp/a.tgz"
	BOOTCHARTD_RUNDIR=$tmp "$BC_LOGGER" start -c "$tmp/conf" --trace \
	    -o "$tmp/a.tgz" -- python3 "$pp" "$secs" "$bounces" \
	    >"$tmp/out" 2>&1 || { echo "$bench: run $i failed" >&2; exit 1; }
	tar -xzOf "$tmp/a.tgz" header >"$tmp/h" 2>/dev/null
	line=$(awk -F' = ' '
	    $1 == "bootchart.trace" { cut = $2 ~ /^cut/ }
	    $1 == "bootchart.trace.events" { split($2, a, "[ :]"); ev = a[2] }
	    $1 == "bootchart.trace.lost" { split($2, a, "[ :]"); lost = a[2] }
	    $1 == "bootchart.trace.clock_sync" { split($2, a, " "); s = (a[5] - a[2]) / 1e9 }
	    END { printf "%d %d %.0f %.2f %d\n", ev, lost, (s > 0 ? ev / s : 0), s, cut }' "$tmp/h")
	set -- $line
	printf 'run %2d: %9d events in %6.2f s, %7d events/s, %d lost%s\n' \
	    "$i" "$1" "$4" "$3" "$2" "$([ "$5" = 1 ] && echo ", cut")"
	if [ "$2" = 0 ]; then
		clean=$((clean + 1))
		[ "$3" -gt "$best" ] && best=$3
	fi
done
kill $b1 $b2 2>/dev/null
awk -v c="$clean" -v n="$runs" -v b="$best" 'BEGIN {
    printf "0 lost in %d of %d runs; highest rate with 0 lost: %d events/s   target every run, >= 100000/s   %s\n",
        c, n, b, (c == n && b >= 100000 ? "met" : "MISSED") }'

#!/bin/sh
# bench_trace.sh: exact mode's costs (docs/trace.md): the renderer's decoding of a real trace.dat (tests/tools/trace_decode: the reader and tboot's handlers, what a chart pays) against trace-cmd report on the same file, in the same run, and --dump-events beside them; the compressed bytes per scheduler event of the log; the musl logger's stripped size.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER, BC_LOGGER.
# BC_BENCH_RUNS (default 5) runs of each decoder; the medians are compared.
# Targets (issue 23): trace-cmd report / decoding >= 5; <= 20
# compressed tarball bytes per scheduler event; the logger within
# tests/sh/lib/logger_size.sh.inc's budget.
# Needs root and tracefs to record (else says so and measures the rest).
set -u
bench=bench_trace
measure=$BC_BUILD/tests/tools/measure
runs=${BC_BENCH_RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
. "$(dirname "$0")/../sh/lib/logger_size.sh.inc"

# The musl logger, as the packages ship it (stripped).
musl=$BC_BUILD/bootchartd-musl
if [ -x "$musl" ] && strip -o "$tmp/bcd" "$musl" 2>/dev/null; then
	sz=$(wc -c <"$tmp/bcd")
	awk -v s="$sz" -v m="$LOGGER_MUSL_MAX_KIB" 'BEGIN { printf "musl logger stripped: %d bytes (%.1f KiB)   target <= %d KiB   %s\n", s, s / 1024, m, s <= m * 1024 ? "met" : "MISSED" }'
	[ "$sz" -le $((LOGGER_MUSL_MAX_KIB * 1024)) ] || rc=1
else
	echo "musl logger: not built here (glibc fallback): no size"
fi

if [ "$(id -u)" -ne 0 ] || [ ! -w /sys/kernel/tracing/trace_marker ]; then
	echo "recording: needs root and tracefs at /sys/kernel/tracing: skipped"
	exit $rc
fi
if ! command -v trace-cmd >/dev/null 2>&1; then
	echo "trace-cmd: not installed: no decoding ratio"
	exit $rc
fi
. "$(dirname "$0")/../sh/lib/kernel_lock.sh.inc"
kernel_lock

# A recording of the whole system while 3000 short processes run.
printf '# empty\n' >"$tmp/empty.conf"
BOOTCHARTD_RUNDIR=$tmp "$BC_LOGGER" start -c "$tmp/empty.conf" --trace \
    -o "$tmp/t.tgz" -- sh -c 'for i in $(seq 3000); do /bin/true; done' \
    >"$tmp/rec.out" 2>&1 || { echo "$bench: recording failed" >&2; exit 1; }
mkdir "$tmp/x"
tar -xzf "$tmp/t.tgz" -C "$tmp/x" || exit 1
dat=$tmp/x/trace.dat

"$measure" -r "$runs" -o "$tmp/ours" -- "$BC_BUILD/tests/tools/trace_decode" \
    "$dat" >/dev/null || { echo "$bench: trace_decode failed" >&2; exit 1; }
"$measure" -r "$runs" -o "$tmp/dump" -- "$BC_RENDER" --dump-events "$dat" \
    >/dev/null || { echo "$bench: --dump-events failed" >&2; exit 1; }
"$measure" -r "$runs" -o "$tmp/theirs" -- trace-cmd report -i "$dat" \
    >/dev/null 2>&1 || { echo "$bench: trace-cmd report failed" >&2; exit 1; }
"$BC_RENDER" --dump-events "$dat" >"$tmp/events" 2>/dev/null
field() {	# field KEY FILE: a value from a measure report
	sed -n "s/.*$1=\([^ ]*\).*/\1/p" "$2"
}
# The kallsyms part alone, as gzip packs it (trace-cmd dump prints it).
trace-cmd dump --kallsyms -i "$dat" 2>/dev/null | gzip -6 | wc -c >"$tmp/ksz"
awk -F'\t' -v ours="$(field wall_median_s "$tmp/ours")" \
    -v theirs="$(field wall_median_s "$tmp/theirs")" \
    -v orss="$(field maxrss_kb "$tmp/ours")" \
    -v dump="$(field wall_median_s "$tmp/dump")" \
    -v trss="$(field maxrss_kb "$tmp/theirs")" \
    -v tgz="$(wc -c <"$tmp/t.tgz")" -v dat="$(wc -c <"$dat")" \
    -v ksz="$(cat "$tmp/ksz")" -v runs="$runs" '
	$4 ~ /^sched_/ { sched++ } { all++ }
	END {
		r = theirs / ours
		printf "trace.dat: %d bytes, %d events (%d scheduler events)\n", dat, all, sched
		printf "trace-cmd report:        median %.3f s, %.1f MB peak RSS (%d runs)\n", theirs, trss / 1024, runs
		printf "the renderer decoding it:  median %.3f s, %.1f MB peak RSS\n", ours, orss / 1024
		printf "bootchart-render --dump-events (text, as report): median %.3f s\n", dump
		printf "ratio trace-cmd/ours (medians): %.1f   target >= 5   %s\n", r, (r >= 5 ? "met" : "MISSED")
		b = tgz / sched
		printf "tarball: %d bytes, %.1f per scheduler event   target <= 20   %s\n", tgz, b, (b <= 20 ? "met" : "MISSED")
		printf "  of which kallsyms (gzip -6 alone): %d bytes; without it %.1f per event\n", ksz, (tgz - ksz) / sched
		exit !(r >= 5 && b <= 20)
	}' "$tmp/events" || rc=1
exit $rc

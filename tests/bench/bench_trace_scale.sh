#!/bin/sh
# bench_trace_scale.sh: exact mode at scale (issue 42): a busy workload of about 2 M events recorded by `bootchartd start --trace`, then every trace output of the renderer against `trace-cmd report > /dev/null` of the same trace.dat, interleaved rounds, medians of wall time, peak RSS.
#
# The workload (docs/bench.md, "bench_trace_scale"): for SECS seconds
# (BENCH_SCALE_SECS, 5) two shell loops exec /bin/true (and date) and a
# `dd bs=512 | cat` pipe moves zeros, all in the profiled command's tree
# (the default scope).  Recorded once into $BC_BENCH_DIR and again when
# the logger is rebuilt or SECS changes.  BC_BENCH_RUNS (3) rounds, each
# running every command once in a turning order.  Needs root, tracefs
# and trace-cmd; says so and stops otherwise.
#
# Targets (issue 42 items 3 and 4): --dump-events at least 4 times
# faster than trace-cmd report; -f png, -f html, --critical-path,
# --wakeups and --json at least 2 times; -f perfetto and -f chrome-json
# at least as fast; every output's peak RSS at most twice trace-cmd's.
set -u
bench=bench_trace_scale
top=$(cd "$(dirname "$0")/../.." && pwd)
b=${BC_BUILD:-build/default}
case $b in /*) ;; *) b=$top/$b ;; esac
render=${BC_RENDER:-$b/bootchart-render}
logger=${BC_LOGGER:-$b/bootchartd}
measure=$b/tests/tools/measure
runs=${BC_BENCH_RUNS:-3}
secs=${BENCH_SCALE_SECS:-5}
dir=${BC_BENCH_DIR:-$top/build/bench}
tgz=$dir/scale-$secs.tgz
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ "$(id -u)" -ne 0 ] || [ ! -w /sys/kernel/tracing/trace_marker ]; then
	echo "recording: needs root and tracefs at /sys/kernel/tracing: skipped"
	exit 0
fi
if ! command -v trace-cmd >/dev/null 2>&1; then
	echo "trace-cmd: not installed: no ratio"
	exit 0
fi

# record: the workload's log, when absent or older than the logger.
record() {
	[ -f "$tgz" ] && [ "$tgz" -nt "$logger" ] && return 0
	mkdir -p "$dir" || return 1
	. "$top/tests/sh/lib/kernel_lock.sh.inc"
	kernel_lock
	printf '# empty\n' >"$tmp/empty.conf"
	echo "recording $secs s of the workload into $tgz"
	BOOTCHARTD_RUNDIR=$tmp "$logger" start -c "$tmp/empty.conf" --trace \
	    -o "$tmp/w.tgz" -- sh -c '
		end=$(($(date +%s) + $1))
		spin() { while [ "$(date +%s)" -lt "$end" ]; do /bin/true; done; }
		spin & spin &
		timeout "$1" dd if=/dev/zero bs=512 2>/dev/null | cat >/dev/null
		wait' sh "$secs" >"$tmp/rec.out" 2>&1 ||
	    { echo "$bench: recording failed" >&2; cat "$tmp/rec.out" >&2; return 1; }
	exec 9>&-
	mv "$tmp/w.tgz" "$tgz"
}
record || exit 1
tar -xzf "$tgz" -C "$tmp" header trace.dat || { echo "$bench: $tgz unreadable" >&2; exit 1; }
echo "log: $tgz ($(wc -c <"$tgz") bytes; trace.dat $(wc -c <"$tmp/trace.dat") bytes)"
sed -n 's/^bootchart\.trace\.\(events\|lost\) = /  \1: /p' "$tmp/header"

# The commands, by name: trace-cmd's report first (the reference).
# Every output goes where trace-cmd's does, to /dev/null (standard
# output, -o -): a file on disk would time the disk (--dump-events
# writes 570 MB of text at 4 M events).
cmd() {
	case $1 in
	report) echo "trace-cmd report -i $tmp/trace.dat" ;;
	dump) echo "$render -q --dump-events $tgz" ;;
	png) echo "$render -q -f png -o - $tgz" ;;
	html) echo "$render -q -f html -o - $tgz" ;;
	cpath) echo "$render -q --critical-path -o - $tgz" ;;
	wakeups) echo "$render -q --wakeups -o - $tgz" ;;
	json) echo "$render -q --json -o - $tgz" ;;
	perfetto) echo "$render -q -f perfetto -o - $tgz" ;;
	chrome) echo "$render -q -f chrome-json -o - $tgz" ;;
	esac
}
names="report dump png html cpath wakeups json perfetto chrome"
for n in $names; do : >"$tmp/$n"; : >"$tmp/$n.rss"; done
i=0
while [ $i -lt "$runs" ]; do
	# Each round starts one further along the list.
	set -- $names
	k=0
	while [ $k -lt $((i % 9)) ]; do
		first=$1
		shift
		set -- "$@" "$first"
		k=$((k + 1))
	done
	for n in "$@"; do
		# shellcheck disable=SC2046
		"$measure" -r 1 -o "$tmp/m" -- $(cmd "$n") >/dev/null 2>"$tmp/err" ||
		    { echo "$bench: $n failed: $(cmd "$n")" >&2; head -n 3 "$tmp/err" >&2; exit 1; }
		sed -n 's/.*wall_median_s=\([^ ]*\).*/\1/p' "$tmp/m" >>"$tmp/$n"
		sed -n 's/.*maxrss_kb=\([^ ]*\).*/\1/p' "$tmp/m" >>"$tmp/$n.rss"
	done
	i=$((i + 1))
done

# The medians of each command's times, its largest peak RSS, the ratios.
for n in $names; do
	printf '%s %s %s\n' "$n" "$(sort -n "$tmp/$n" | awk '{ v[NR] = $1 }
	    END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')" \
	    "$(sort -n "$tmp/$n.rss" | tail -n 1)"
done | awk -v runs="$runs" '
	{ t[$1] = $2; r[$1] = $3; order[NR] = $1 }
	END {
		want["dump"] = 4; want["png"] = 2; want["html"] = 2
		want["cpath"] = 2; want["wakeups"] = 2; want["json"] = 2
		want["perfetto"] = 1; want["chrome"] = 1
		printf "trace-cmd report > /dev/null: median %.3f s, peak RSS %.1f MB (%d rounds)\n", t["report"], r["report"] / 1024, runs
		bad = 0
		for (i = 2; i <= NR; i++) {
			n = order[i]; x = t["report"] / t[n]; m = r[n] / r["report"]
			ok = x >= want[n] && m <= 2
			bad += !ok
			printf "%-9s median %7.3f s  %5.2fx trace-cmd (target >= %d)  peak RSS %7.1f MB  %4.2fx (target <= 2)  %s\n", n, t[n], x, want[n], r[n] / 1024, m, ok ? "met" : "MISSED"
		}
		exit bad > 0
	}'

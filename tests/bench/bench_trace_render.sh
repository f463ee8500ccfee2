#!/bin/sh
# bench_trace_render.sh: the whole renderer on the distro boot's log (make check-distro's tarball with its trace.dat: read, exact states, wake-ups, critical path, a PNG, and --critical-path's report) against trace-cmd report of that trace.dat, interleaved runs, medians (issue 24: >= 5 times faster); and the synthetic 10 M-event trace of tests/tools/gen_sched (CPU <= 10 s, peak RSS <= 1 GiB).
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER, BC_BENCH_DIR.
# BC_DISTRO_TGZ: the distro boot's tarball (default $BC_BUILD/../distro/
# boot/bootchart.tgz, what `make check-distro` leaves).  BC_BENCH_RUNS
# (default 5) rounds, each running every command once, the order turning.
# BENCH_SCHED_EVENTS (10000000; 0 skips the synthetic trace).
# After the ratios, the floors: what any render of the log pays for
# its trace, its tarball and its PNG (tests/tools/deflate_floor).
set -u
bench=bench_trace_render
top=$(cd "$(dirname "$0")/../.." && pwd)
b=${BC_BUILD:-build/default}
case $b in /*) ;; *) b=$top/$b ;; esac
render=${BC_RENDER:-$b/bootchart-render}
measure=$b/tests/tools/measure
gen=$b/tests/tools/gen_sched
runs=${BC_BENCH_RUNS:-5}
tgz=${BC_DISTRO_TGZ:-$b/../distro/boot/bootchart.tgz}
events=${BENCH_SCHED_EVENTS:-10000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0

field() {	# field KEY FILE: a value from a measure report
	sed -n "s/.*$1=\([^ ]*\).*/\1/p" "$2"
}
# one NAME CMD...: one run of CMD, its wall time appended to $tmp/NAME.
one() {
	n=$1
	shift
	"$measure" -r 1 -o "$tmp/m" -- "$@" >/dev/null 2>&1 ||
	    { echo "$bench: $n failed: $*" >&2; return 1; }
	field wall_median_s "$tmp/m" >>"$tmp/$n"
	field maxrss_kb "$tmp/m" >"$tmp/$n.rss"
}

distro() {
	if [ ! -f "$tgz" ]; then
		echo "distro boot's log: $tgz is absent (make check-distro makes it; or set BC_DISTRO_TGZ): no ratio"
		return 0
	fi
	if ! command -v trace-cmd >/dev/null 2>&1; then
		echo "trace-cmd: not installed: no ratio"
		return 0
	fi
	tar -xzf "$tgz" -C "$tmp" trace.dat 2>/dev/null || {
		echo "distro boot's log: $tgz has no trace.dat: no ratio"
		return 0
	}
	echo "log: $tgz ($(wc -c <"$tgz") bytes; trace.dat $(wc -c <"$tmp/trace.dat") bytes)"
	: >"$tmp/png"; : >"$tmp/cp"; : >"$tmp/report"
	i=0
	while [ $i -lt "$runs" ]; do
		case $((i % 3)) in
		0) order="png cp report" ;;
		1) order="cp report png" ;;
		*) order="report png cp" ;;
		esac
		for k in $order; do
			case $k in
			png) one png "$render" -o "$tmp/c.png" "$tgz" ;;
			cp) one cp "$render" --critical-path -o "$tmp/cp.txt" "$tgz" ;;
			report) one report trace-cmd report -i "$tmp/trace.dat" ;;
			esac || return 1
		done
		i=$((i + 1))
	done
	# Each file's median: the middle value, or the mean of the two.
	awk -v runs="$runs" -v prss="$(cat "$tmp/png.rss")" '
	FNR == 1 { f++ }
	{ v[f, ++n[f]] = $1 }
	function med(k,    i, j, t, m) {
		m = n[k]
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && v[k, j - 1] > v[k, j]; j--) {
				t = v[k, j]; v[k, j] = v[k, j - 1]; v[k, j - 1] = t
			}
		return m % 2 ? v[k, (m + 1) / 2] : (v[k, m / 2] + v[k, m / 2 + 1]) / 2
	}
	END {
		png = med(1); cp = med(2); rep = med(3)
		printf "trace-cmd report -i trace.dat > /dev/null: median %.3f s (%d runs)\n", rep, runs
		printf "bootchart-render, the tarball to a PNG:   median %.3f s, %.1f MB peak RSS\n", png, prss / 1024
		printf "bootchart-render --critical-path:         median %.3f s\n", cp
		r = rep / png
		printf "ratio trace-cmd report / PNG (medians): %.2f   target >= 5   %s\n", r, (r >= 5 ? "met" : "MISSED")
		r2 = rep / cp
		printf "ratio trace-cmd report / --critical-path (medians): %.2f   target >= 5   %s\n", r2, (r2 >= 5 ? "met" : "MISSED")
		exit !(r >= 5 && r2 >= 5)
	}' "$tmp/png" "$tmp/cp" "$tmp/report" || rc=1
	floors
}

# What a render of this log cannot do without, each at its best of some
# runs: the process with its libraries (--version, wall time), the
# tarball inflated by zlib and the PNG's rows deflated by zlib as the
# renderer does (CPU time; one deflate stream, beside the painting).
# Their sum leaves out all of our own work (decoding the trace, as
# trace_decode does it, its start included; reading proc_ps.log, the
# tree, the layout, the painting), so a ratio of 5 needs trace-cmd's
# time over 5 above it at the least (docs/trace.md, "Costs").  Also
# printed: libdeflate's deflate of the same rows, the fastest Debian has,
# for an encoder that would use it.
floors() {
	df=$b/tests/tools/deflate_floor
	td=$b/tests/tools/trace_decode
	[ -x "$df" ] && [ -x "$td" ] || { echo "floors: tools not built"; return 0; }
	"$measure" -r "$runs" -o "$tmp/m" -- "$render" --version >/dev/null ||
	    return 1
	start=$(field wall_min_s "$tmp/m")
	"$measure" -r "$runs" -o "$tmp/m" -- "$td" "$tmp/trace.dat" \
	    >/dev/null || return 1
	dec=$(field wall_min_s "$tmp/m")
	"$df" -r "$runs" -g "$tgz" -p "$tmp/c.png" >"$tmp/df" || return 1
	awk -v start="$start" -v dec="$dec" \
	    -v inf="$(field zlib_inflate_ms "$tmp/df")" \
	    -v zd="$(field zlib1_ms "$tmp/df")" \
	    -v ld="$(field libdeflate1_ms "$tmp/df")" \
	    -v rows="$(field rows_bytes "$tmp/df")" '
	FNR == 1 { f++ }
	{ v[f, ++n[f]] = $1 }
	function sort(k,    i, j, t) {
		for (i = 2; i <= n[k]; i++)
			for (j = i; j > 1 && v[k, j - 1] > v[k, j]; j--) {
				t = v[k, j]; v[k, j] = v[k, j - 1]; v[k, j - 1] = t
			}
	}
	function med(k,    m) {
		m = n[k]
		return (m % 2 ? v[k, (m + 1) / 2] : (v[k, m / 2] + v[k, m / 2 + 1]) / 2) * 1000
	}
	END {
		sort(1); sort(2)
		best = v[1, 1] * 1000; rep = med(1); png = med(2)
		lib = start * 1000 + inf + zd
		printf "floors (best of %d): process start %.1f ms (wall); tarball inflated (zlib) %.1f ms; PNG rows (%.1f MB) deflated: zlib level 1 %.1f ms, libdeflate level 1 %.1f ms; the trace decoded as now %.1f ms (its start included)\n", n[1], start * 1000, inf, rows / 1e6, zd, ld, dec * 1000
		printf "trace-cmd report: best %.1f ms, median %.1f ms; over 5: %.1f and %.1f ms\n", best, rep, best / 5, rep / 5
		printf "the libraries as the renderer uses them (start + inflate + deflate): %.1f ms; left at a ratio of 5 for all of ours (the trace decoded: %.1f ms now; proc_ps.log, tree, layout, painting): %.1f ms at trace-cmd'"'"'s median, %.1f at its best; the PNG takes %.1f ms in all\n", lib, (dec - start) * 1000, rep / 5 - lib, best / 5 - lib, png
	}' "$tmp/report" "$tmp/png"
}

# The synthetic trace: made once per generator build and kept.
synthetic() {
	[ "$events" -gt 0 ] || { echo "synthetic trace: skipped"; return 0; }
	[ -x "$gen" ] || { echo "$bench: $gen is not built" >&2; return 1; }
	dat=$BC_BENCH_DIR/sched-$events.dat
	if [ ! -f "$dat" ] || [ "$gen" -nt "$dat" ]; then
		echo "generating $dat"
		"$gen" -n "$events" -o "$dat" | head -n 1 | sed "s/^/  /"
		[ -s "$dat" ] || return 1
	fi
	# A log of one sample: the rows come from the trace.
	mkdir -p "$tmp/log"
	printf 'version = 0.1.0\nbootchart.trace = on\n' >"$tmp/log/header"
	printf '50\n1 (init) S 0 1 1 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 5 0 0\n\n' \
	    >"$tmp/log/proc_ps.log"
	ln "$dat" "$tmp/log/trace.dat" 2>/dev/null || cp "$dat" "$tmp/log/trace.dat"
	echo "synthetic trace: $dat ($(wc -c <"$dat") bytes, $events events)"
	for what in png cp wake; do
		case $what in
		png) set -- -o "$tmp/s.png" ;;
		cp) set -- --critical-path --critical-path-pid 100 -o "$tmp/s.txt" ;;
		wake) set -- --wakeups -o "$tmp/s.txt" ;;
		esac
		"$measure" -r 1 -o "$tmp/s" -- "$render" "$@" "$tmp/log" \
		    >/dev/null 2>"$tmp/s.err"
		st=$(field status "$tmp/s")
		awk -v w="$what" -v cpu="$(field cpu_median_s "$tmp/s")" \
		    -v rss="$(field maxrss_kb "$tmp/s")" -v st="$st" 'BEGIN {
			ok = cpu <= 10 && rss <= 1048576
			printf "  %-5s exit %s, CPU %.2f s, peak RSS %.0f MiB   target <= 10 s, <= 1 GiB   %s\n", w, st, cpu, rss / 1024, ok ? "met" : "MISSED"
			exit !ok }' || rc=1
		# The caps it reached (docs/limits.md), once.
		case $what in
		png) grep -E 'more than' "$tmp/s.err" | sed 's/^/    /' ;;
		cp) grep -E 'too big' "$tmp/s.err" | sed 's/^/    /' ;;
		esac
	done
}

distro || rc=1
synthetic || rc=1
exit $rc

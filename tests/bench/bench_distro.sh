#!/bin/sh
# bench_distro.sh: what bootchartd costs a real boot: the Debian 12 image
# of tests/distro (bootchart installed with --initramfs) booted to
# multi-user.target three ways, interleaved: the entry as installed
# (bootchartd and exact mode's kernel trace), bootchartd sampling only
# (the trace words left out), and without bootchartd (init= and the trace
# words left out); the median ratios printed (exact mode against
# sampling only is issue 23's), and the logger's own CPU time.
#
# Env: BENCH_DISTRO_ROUNDS (10; each round boots once each way, the order
# turning), BENCH_DISTRO=0 skips it.  Times are the guest's
# CLOCK_MONOTONIC at "Reached target multi-user.target" (journal).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
b=${BC_BUILD:-build/default}
rounds=${BENCH_DISTRO_ROUNDS:-10}
dir=${BC_BENCH_DIR:-$top/build/bench}/distro
if [ "${BENCH_DISTRO:-1}" = 0 ]; then
	echo "bench_distro: skipped (BENCH_DISTRO=0)"
	exit 0
fi
mkdir -p "$dir"
. tests/bench/distro.sh.inc

t=$(date +%s)
tests/distro/prepare.sh "$b" "$dir/image" || exit 1
echo "image ready in $(( $(date +%s) - t )) s ($(cat "$dir/image/times"))"

# logger_cpu TGZ [UNTIL]: the logger's utime+stime in its last sample (at
# or before UNTIL seconds of uptime when given), in seconds (proc_ps.log
# fields 14 and 15; the logger is the bootchartd that is not PID 1).  On
# systemd logging goes on past multi-user.target until start-up finished
# plus SETTLE_TIME: the cost to the boot is the CPU up to the target.
logger_cpu() {
	tar -xzOf "$1" proc_ps.log 2>/dev/null | awk -v until="${2:-}" '
	/^[0-9]+$/ { t = $1 / 100; next }
	until != "" && t > until + 0 { next }
	/^[0-9]+ \(bootchartd\) / && $1 != 1 {
		s = $0; sub(/.*\) /, "", s); split(s, f, " ")
		c[$1] = f[12] + f[13]
	}
	END { m = 0; for (p in c) if (c[p] > m) m = c[p]; printf "%.2f", m / 100 }'
}

: >"$dir/with"
: >"$dir/without"
: >"$dir/sampling"
i=1
while [ "$i" -le "$rounds" ]; do
	case $((i % 3)) in
	1) order="with sampling without" ;;
	2) order="sampling without with" ;;
	*) order="without with sampling" ;;
	esac
	for kind in $order; do
		if [ "$kind" = sampling ]; then
			set -- $(boot "$dir/image" "sampling$i" -x)
			echo "${1:-}" >>"$dir/sampling"
			echo "round $i sampling only:      multi-user.target at ${1:-?} s (wall ${2:-?} s)"
		elif [ "$kind" = with ]; then
			set -- $(boot "$dir/image" "with$i")
			cpu=$(logger_cpu "$dir/with$i/bootchart.tgz" "${1:-}")
			all=$(logger_cpu "$dir/with$i/bootchart.tgz")
			echo "${1:-} $cpu $all" >>"$dir/with"
			echo "round $i with exact mode:    multi-user.target at ${1:-?} s (wall ${2:-?} s), logger CPU ${cpu} s to the target, ${all} s in all"
		else
			set -- $(boot "$dir/image" "without$i" -n)
			echo "${1:-}" >>"$dir/without"
			echo "round $i without bootchartd: multi-user.target at ${1:-?} s (wall ${2:-?} s)"
		fi
	done
	i=$((i + 1))
done

mw=$(median "$dir/with" 1) || mw=""
mo=$(median "$dir/without" 1) || mo=""
mc=$(median "$dir/with" 2) || mc=""
ma=$(median "$dir/with" 3) || ma=""
ratios "$dir/with" "$dir/without" >"$dir/ratios"
mr=$(median "$dir/ratios" 1) || mr=""
ms=$(median "$dir/sampling" 1) || ms=""
ratios "$dir/with" "$dir/sampling" >"$dir/ratios-exact"
mx=$(median "$dir/ratios-exact" 1) || mx=""
if [ -z "$mw" ] || [ -z "$mo" ]; then
	echo "bench_distro: no multi-user.target time from the boots" >&2
	exit 1
fi
awk -v w="$mw" -v o="$mo" -v c="$mc" -v r="$rounds" \
    -v sw="$(spread "$dir/with")" -v so="$(spread "$dir/without")" 'BEGIN {
	printf "boot to multi-user.target, median of %d: %.2f s with bootchartd and exact mode (%s), %.2f s without bootchartd (%s): ratio %.3f\n", r, w, sw, o, so, w / o
	printf "logger CPU over the boot (median): %.2f s, %.1f%% of the time to multi-user.target\n", c, 100 * c / w
}'
[ -n "$mr" ] && echo "median of the rounds' own ratios (exact mode/without bootchartd): $mr"
if [ -n "$ms" ]; then
	awk -v w="$mw" -v s="$ms" -v o="$mo" -v sp="$(spread "$dir/sampling")" 'BEGIN {
	printf "sampling only (no trace words): median %.2f s (%s): against without bootchartd %.3f (target <= 1.03)\n", s, sp, s / o
	printf "exact mode against sampling only (medians): %.3f (target <= 1.03)\n", w / s }'
fi
[ -n "$mx" ] && echo "median of the rounds' own ratios (exact mode/sampling only): $mx"
[ -n "$ma" ] && echo "logger CPU over the whole log, to start-up finished plus SETTLE_TIME (median): $ma s"
exit 0

#!/bin/sh
# bench_functions.sh: what function mode costs a real boot: the Debian 12
# image of tests/distro installed with EXACT_FUNCTIONS=yes (prepare.sh -F:
# the entry starts function_graph below every initcall) against the same
# image in exact mode as installed (no -F), booted to multi-user.target
# in turn; prints each way's median and spread, the median of the rounds'
# own ratios (functions/exact mode) and how many kernel function calls a
# function boot's log holds.  The chart's note under the flame chart
# quotes a run of it (BC_FUNCTIONS_COST_* in renderer/layout/layout_flame.h,
# docs/boot-test.md, "The cost of function mode").
#
# Env: BENCH_FUNCTIONS_ROUNDS (3; each round boots once each way, the
# order alternating), BENCH_FUNCTIONS=0 skips it.  Times are the guest's
# CLOCK_MONOTONIC at "Reached target multi-user.target" (journal).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
b=${BC_BUILD:-build/default}
render=${BC_RENDER:-$top/$b/bootchart-render}
rounds=${BENCH_FUNCTIONS_ROUNDS:-3}
dir=${BC_BENCH_DIR:-$top/build/bench}/functions
if [ "${BENCH_FUNCTIONS:-1}" = 0 ]; then
	echo "bench_functions: skipped (BENCH_FUNCTIONS=0)"
	exit 0
fi
mkdir -p "$dir"
. tests/bench/distro.sh.inc

t=$(date +%s)
tests/distro/prepare.sh "$b" "$dir/exact" || exit 1
tests/distro/prepare.sh -F "$b" "$dir/functions" || exit 1
echo "images ready in $(( $(date +%s) - t )) s"

: >"$dir/exact.times"
: >"$dir/functions.times"
i=1
while [ "$i" -le "$rounds" ]; do
	order="functions exact"
	[ $((i % 2)) = 0 ] && order="exact functions"
	for kind in $order; do
		# shellcheck disable=SC2046 # its two numbers, split on purpose
		set -- $(boot "$dir/$kind" "$kind$i")
		echo "${1:-}" >>"$dir/$kind.times"
		echo "round $i $kind: multi-user.target at ${1:-?} s (wall ${2:-?} s)"
	done
	i=$((i + 1))
done

mf=$(median "$dir/functions.times" 1) || mf=""
me=$(median "$dir/exact.times" 1) || me=""
if [ -z "$mf" ] || [ -z "$me" ]; then
	echo "bench_functions: no multi-user.target time from the boots" >&2
	exit 1
fi
ratios "$dir/functions.times" "$dir/exact.times" >"$dir/ratios"
mr=$(median "$dir/ratios" 1) || mr=""
awk -v f="$mf" -v e="$me" -v r="$rounds" \
    -v sf="$(spread "$dir/functions.times")" \
    -v se="$(spread "$dir/exact.times")" 'BEGIN {
	printf "boot to multi-user.target, median of %d: %.2f s in function mode (%s), %.2f s in exact mode (%s): ratio %.3f\n", r, f, sf, e, se, f / e }'
[ -n "$mr" ] && echo "median of the rounds' own ratios (functions/exact mode): $mr ($(tr '\n' ' ' <"$dir/ratios"))"
# The calls of the first function boot that wrote a log: the sum of the
# table's calls column (a recursive function's nested calls count each).
for log in "$dir"/functions[0-9]*/bootchart.tgz; do
	[ -s "$log" ] || continue
	"$render" -q --functions "$log" 2>/dev/null | awk -F '\t' -v l="$log" '
	    $1 == "function" { n += $3; f++ }
	    END { printf "%s: %d function calls of %d functions\n", l, n, f }'
	break
done
exit 0

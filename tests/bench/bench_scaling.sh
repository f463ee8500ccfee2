#!/bin/sh
# bench_scaling.sh: the hostile shapes whose cost grew quadratically, each timed at N and 2N in the same run; the ratio is about 2 when linear, 4 when quadratic.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER.  BC_BENCH_RUNS
# (default 3) runs of each size, N and 2N alternating, so a change in the
# machine's load hits both alike.  The ratio is of the median CPU times
# (user + system): on the shared 2-core machine wall time also counts
# the other jobs' turns.  Target: ratio <= 2.5 for every shape.
set -u
gen=$BC_BUILD/tests/tools/capgen
measure=$BC_BUILD/tests/tools/measure
runs=${BC_BENCH_RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for tool in "$gen" "$measure" "$BC_RENDER"; do
	if [ ! -x "$tool" ]; then
		echo "bench_scaling: $tool is not built" >&2
		exit 1
	fi
done

# median KEY FILES...: the median of a measure report field.
median() {
	key=$1
	shift
	sed -n "s/.*$key=\([^ ]*\).*/\1/p" "$@" | sort -g | awk '
	    { v[NR] = $1 }
	    END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

missed=0
# shape NAME N "CAPGEN ARGS with @N@" RENDER-ARGS...: inputs of size N and
# 2N made first (as files: the generator's time is not the renderer's),
# then timed alternately.
shape() {
	name=$1 n=$2 args=$3
	shift 3
	for k in 1 2; do
		# shellcheck disable=SC2086
		"$gen" $(echo "$args" | sed "s/@N@/$((n * k))/") \
		    >"$tmp/in$k.tar" || { echo "bench_scaling: capgen $args" >&2
			exit 1; }
	done
	i=0
	while [ $i -lt "$runs" ]; do
		i=$((i + 1))
		for k in 1 2; do
			"$measure" -o "$tmp/m$k.$i" -- "$BC_RENDER" "$@" \
			    "$tmp/in$k.tar" >/dev/null 2>"$tmp/err" || {
				echo "bench_scaling: $name (x$k) failed:" >&2
				head -3 "$tmp/err" >&2
				exit 1
			}
		done
	done
	awk -v name="$name" -v n="$n" \
	    -v c1="$(median cpu_median_s "$tmp"/m1.*)" \
	    -v c2="$(median cpu_median_s "$tmp"/m2.*)" \
	    -v w1="$(median wall_median_s "$tmp"/m1.*)" \
	    -v w2="$(median wall_median_s "$tmp"/m2.*)" 'BEGIN {
		r = c1 > 0 ? c2 / c1 : 0
		printf "%-44s N=%-6d CPU %6.2f s -> %6.2f s (wall %6.2f -> %6.2f)" \
		    "  ratio %.2f  target <= 2.5  %s\n", name, n, c1, c2, w1, w2,
		    r, r <= 2.5 ? "met" : "MISSED"
		exit !(r <= 2.5)
	}' || missed=1
	rm -f "$tmp"/in?.tar "$tmp"/m?.*
}

echo "bootchart-render at N and 2N; median CPU time of $runs runs each"
shape "prune: N short-lived same-named siblings" 200000 \
    "siblings @N@ 4 short" -t
shape "merge: N busy same-named siblings" 50000 \
    "siblings @N@ 6 busy" -t
shape "fork records: a cycle behind N records" 200000 \
    "forkcycle @N@" -t
shape "PID reuse: PIDs 5 and 6 again in N blocks" 120000 \
    "reuse @N@" -t
# Up to the chart row cap (50 000), narrow: rows, not pixels, are timed.
shape "tall chart: N rows as a 400 px PNG (-n)" 25000 \
    "ps @N@ 3 100 20 busy" -n --width 400 -o "$tmp/chart.png"
shape "disks: N disks, in reverse every other block" 10000 \
    "disk 40 @N@" -t
exit $missed

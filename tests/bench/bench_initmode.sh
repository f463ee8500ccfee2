#!/bin/sh
# bench_initmode.sh: init mode's delay from bootchartd's start to the
# real init's first instruction (bootchartd as PID 1 of a PID namespace,
# the init a probe that stamps CLOCK_BOOTTIME), against the probe's own
# exec and start-up measured in the same run; medians of BENCH_INIT_RUNS
# (15) runs.  Needs root and unshare --pid; says so and exits 0 without.
# Measured for each logger built: bootchartd-glibc and bootchartd-musl
# (make bench builds both when it can), with their stripped sizes.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
b=${BC_BUILD:-build/default}
case $b in /*) ;; *) b=$top/$b ;; esac
probe=$b/tests/tools/init_probe
runs=${BENCH_INIT_RUNS:-15}

loggers=""
for l in "$b/bootchartd-glibc" "$b/bootchartd-musl"; do
	[ -x "$l" ] && loggers="$loggers $l"
done
[ -n "$loggers" ] || loggers=$b/bootchartd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for l in $loggers; do
	strip -o "$tmp/stripped" "$l" 2>/dev/null &&
	    echo "${l##*/}: $(stat -c %s "$l") bytes, $(stat -c %s "$tmp/stripped") stripped"
done
if [ "$(id -u)" != 0 ] || ! unshare --pid --fork --mount-proc true 2>/dev/null; then
	echo "bench_initmode: delay skipped (needs root and unshare --pid)"
	exit 0
fi
printf 'EXIT_PROC=none\nMAX_DURATION=5\nBOOTLOG_DEST=%s/b.tgz\n' "$tmp" \
    >"$tmp/conf"
: >"$tmp/cmdline"
# The init the probe hands over to: it waits for the logger's first
# message (which holds bootchartd's start time), then ends the namespace.
cat >"$tmp/init" <<'EOS'
#!/bin/sh
i=0
while ! grep -q 'logging from' "$BOOTCHARTD_KMSG" && [ $i -lt 200 ]; do
	sleep 0.01
	i=$((i + 1))
done
EOS
chmod +x "$tmp/init"

# median FILE: the median of the numbers in FILE, one a line.
median() {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "?"; exit }
		if (NR % 2) print v[(NR + 1) / 2]
		else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# measure LOGGER: median delays of $runs runs into $d (logger) and $c (probe).
measure() {
	L=$1
	: >"$tmp/delays"
	: >"$tmp/cals"
	r=0
	while [ $r -lt "$runs" ]; do
		r=$((r + 1))
		: >"$tmp/kmsg"
		rm -f "$tmp/exec_us" "$tmp/cal"
		# Should bootchartd fall back to /sbin/init, it finds ours.
		bootchart_init=$probe PROBE_OUT=$tmp/exec_us PROBE_EXEC=$tmp/init \
		    BOOTCHARTD_CONFIG=$tmp/conf BOOTCHARTD_KMSG=$tmp/kmsg \
		    BOOTCHARTD_CMDLINE=$tmp/cmdline FAKE_INIT=$tmp/init \
		    timeout -s KILL 30 unshare --pid --fork --kill-child --mount-proc \
		    sh -c 'if [ -e /sbin/init ]; then
				mount --bind "$FAKE_INIT" /sbin/init || exit 97
			fi
			exec "$0"' "$L" >/dev/null 2>&1
		t0=$(sed -n 's/.*logging from \([0-9]*\)\.\([0-9]*\) s.*/\1\2/p' "$tmp/kmsg")
		t1=$(head -n 1 "$tmp/exec_us" 2>/dev/null)
		if [ -z "$t0" ] || [ -z "$t1" ]; then
			echo "bench_initmode: run $r: no time stamps" >&2
			continue
		fi
		echo $((t1 - t0)) >>"$tmp/delays"
		PROBE_OUT=$tmp/cal "$probe" --calibrate
		awk 'NR == 1 { a = $1 } NR == 2 { print $1 - a }' "$tmp/cal" >>"$tmp/cals"
	done
	d=$(median "$tmp/delays")
	c=$(median "$tmp/cals")
	n=$(wc -l <"$tmp/delays")
	lo=$(sort -n "$tmp/delays" | head -n 1)
	hi=$(sort -n "$tmp/delays" | tail -n 1)
}

prev=""
for L in $loggers; do
	measure "$L"
	echo "${L##*/}: start to init's first instruction: median $d us of $n runs (min $lo, max $hi)"
	echo "  the probe's own exec + start-up:              median $c us"
	awk -v d="$d" -v c="$c" 'BEGIN { if (c > 0) printf "  delay / probe exec = %.2f (the rest is bootchartd: fork, then exec)\n", d / c }'
	[ -n "$prev" ] && awk -v a="$prev" -v b="$d" -v n="${L##*/}" -v f="$first" \
	    'BEGIN { if (a > 0) printf "%s delay / %s'"'"'s = %.2f\n", n, f, b / a }'
	[ -n "$prev" ] || { prev=$d; first=${L##*/}; }
done

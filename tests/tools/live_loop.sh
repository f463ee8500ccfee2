#!/bin/sh
# live_loop.sh: runs the live-kernel trace tests (those that need tracefs) PASSES times in a row with both cores kept busy, to show they do not depend on the machine's load.
#
#   usage: tests/tools/live_loop.sh [-n PASSES] [-l LOOPS] [BUILD_DIR]
#     -n PASSES  passes of the whole list (default 30)
#     -l LOOPS   busy loops started beside the tests, niced so the tests
#                still run (default: one per core)
#
# Run as root from the top of a tree built with `make`.  Each pass runs
# every tests/sh script that calls need_tracefs, one after another (they
# take tracefs's machine-wide lock anyway).  Prints one line a pass
# ("pass 7/30: 17 tests, 214 passed, 0 failed, 1 skipped, 212 s") and
# keeps each failing pass's report in $LOOP_LOGS (default
# /tmp/live-loop); exits 1 when any pass failed.  It asserts nothing of
# its own: the tests do.  Kept in tests/tools because a pass takes
# minutes and make check already runs each test once.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1

passes=30 loops=$(nproc 2>/dev/null || echo 2)
while getopts n:l: o; do
	case $o in
	n) passes=$OPTARG ;;
	l) loops=$OPTARG ;;
	*) echo "usage: $0 [-n PASSES] [-l LOOPS] [BUILD_DIR]" >&2; exit 1 ;;
	esac
done
shift $((OPTIND - 1))
B=${1:-build/default}
logs=${LOOP_LOGS:-/tmp/live-loop}
mkdir -p "$logs" || exit 1

names=""
for t in tests/sh/*.sh; do
	grep -q '^need_tracefs' "$t" && names="$names $(basename "$t" .sh)"
done
[ -n "$names" ] || { echo "$0: no test calls need_tracefs" >&2; exit 1; }

busy=""
i=0
while [ "$i" -lt "$loops" ]; do
	nice -n 10 sh -c 'while :; do :; done' &
	busy="$busy $!"
	i=$((i + 1))
done
trap 'kill $busy 2>/dev/null' EXIT
trap 'exit 130' INT TERM

bad=0 p=1
while [ "$p" -le "$passes" ]; do
	t0=$(date +%s)
	out=$logs/pass-$p.log
	: >"$out"
	n=0
	for name in $names; do
		tests/run.sh -t "$name" "$B" >>"$out" 2>&1
		n=$((n + 1))
	done
	ok=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p' "$out" |
	    awk '{ s += $1 } END { print s + 0 }')
	no=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p' "$out" |
	    awk '{ s += $1 } END { print s + 0 }')
	sk=$(sed -n 's/.* \([0-9]*\) skipped.*/\1/p' "$out" |
	    awk '{ s += $1 } END { print s + 0 }')
	echo "pass $p/$passes: $n tests, $ok passed, $no failed, $sk skipped," \
	    "$(($(date +%s) - t0)) s, load $(cut -d' ' -f1 /proc/loadavg)"
	if [ "$no" -gt 0 ]; then
		bad=$((bad + 1))
	else
		rm -f "$out"
	fi
	p=$((p + 1))
done
echo "$bad of $passes passes failed"
[ "$bad" -eq 0 ]

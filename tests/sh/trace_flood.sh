#!/bin/sh
# trace_flood.sh: root profiles `sleep 20` with the trace while another
# user runs four pipe ping-pong pairs (ordinary programs: a switch and a
# wake-up per bounce, about 270 000 events a second on this 2-CPU VM).
# With raw pages the default budget was cut 5.6 s in; packed in the
# store (logger/store/tchunk.c) the trace keeps the whole 20 s.  Checks
# only the capture (the analyses of a cut are trace_cut.sh's): not cut,
# both clock-sync markers taken 20 s apart, the packed pages within the
# trace's share.  Events lost to a drain that fell behind on a loaded
# machine are printed, not asserted.  Needs root, tracefs, python3 and
# setpriv (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
export BOOTCHARTD_RUNDIR=$T
. "$(dirname "$0")/lib/logger_lib.sh.inc"

need_tracefs "a flood from another user" python3 setpriv
printf '# empty\n' >"$T/empty.conf"
# The script on standard input: root opens it, nobody need not reach it.
as_nobody() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
	    python3 - 21 <tests/sh/lib/pingpong.py &
}
for k in 1 2 3 4; do as_nobody; done
"$L" start -c "$T/empty.conf" --trace -o "$T/a.tgz" -- sleep 20 \
    >"$T/a.out" 2>&1
rc=$?
wait
check "start --trace -- sleep 20 under the flood: status 0" [ $rc = 0 ]
tar -xzOf "$T/a.tgz" header >"$T/header" 2>/dev/null
sed -n 's/^\(bootchart.trace[a-z._]*\) = /# \1: /p' "$T/header"
check "the trace was not cut" grep -q '^bootchart.trace = on: ' "$T/header"
set -- $(sed -n 's/^bootchart.trace.clock_sync = start \([0-9]*\) [0-9]* end \([0-9]*\) [0-9]*$/\1 \2/p' "$T/header")
check "both clock-sync markers, 20 s apart or more" \
    [ $# = 2 ] && [ $(( ${2:-0} - ${1:-0} )) -ge 20000000000 ]
set -- $(sed -n 's/^bootchart.trace.store = pages \([0-9]*\) packed \([0-9]*\) share \([0-9]*\)$/\1 \2 \3/p' "$T/header")
check "the packed pages within the trace's share" \
    [ $# = 3 ] && [ "${2:-1}" -le "${3:-0}" ]
[ $# = 3 ] && echo "# $1 bytes of pages took $2 packed ($(($1 / ($2 + 1)))x) of a share of $3"

#!/bin/sh
# trace_flood.sh: root profiles `sleep 20` with the trace while another
# user runs four pipe ping-pong pairs (ordinary programs: a switch and a
# wake-up per bounce, about 270 000 events a second on this 2-CPU VM).
# By default the trace is the command's alone (tracefs's pid filter,
# TRACE_SCOPE=command): the flood does not reach it, and every event it
# holds is one the kernel's rule lets through (lib/scope_rule.awk).
# With TRACE_SCOPE=system the flood is recorded and packed in the store
# (logger/store/tchunk.c): raw pages cut the default budget 5.6 s in,
# packed it lasts 17 s to 20 s, by the flood's rate; a cut must be
# clean.  Checks only the capture (the analyses of a cut are
# trace_cut.sh's): both clock-sync markers, the pages within the trace's
# share, and, not cut, the markers 20 s apart.  Events
# lost to a drain that fell behind on a loaded machine are printed, not
# asserted.  Needs root, tracefs, python3 and setpriv (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
export BOOTCHARTD_RUNDIR=$T
. "$(dirname "$0")/lib/logger_lib.sh.inc"

need_tracefs "a flood from another user" python3 setpriv
# A python3 nobody may run (root's PATH may hold one under /root).
NOBODY="setpriv --reuid=nobody --regid=nogroup --clear-groups"
PY=
for p in "$(command -v python3)" /usr/bin/python3; do
	if $NOBODY "$p" -c pass 2>/dev/null; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
	ok "a flood from another user # SKIP needs a python3 nobody can run"
	exit 0
fi
# The script on standard input: root opens it, nobody need not reach it.
as_nobody() {
	$NOBODY "$PY" - 21 <tests/sh/lib/pingpong.py &
}

# flood SCOPE: `sleep 20` profiled under the flood; its header in $T/header.
flood() {
	printf 'TRACE_SCOPE=%s\n' "$1" >"$T/$1.conf"
	pids=
	for k in 1 2 3 4; do as_nobody; pids="$pids $!"; done
	"$L" start -c "$T/$1.conf" --trace -o "$T/$1.tgz" -- sleep 20 \
	    >"$T/$1.out" 2>&1
	rc=$?
	fl=0
	for p in $pids; do wait "$p" || fl=$?; done
	check "$1: the four pairs bounced to the end (status 0)" [ $fl = 0 ]
	check "$1: start --trace -- sleep 20 under the flood: status 0" \
	    [ $rc = 0 ]
	tar -xzOf "$T/$1.tgz" header >"$T/header" 2>/dev/null
	sed -n 's/^\(bootchart.trace[a-z._]*\) = /# \1: /p' "$T/header"
	set -- $1 $(sed -n 's/^bootchart.trace.clock_sync = start \([0-9]*\) [0-9]* end \([0-9]*\) [0-9]*$/\1 \2/p' "$T/header")
	check "$1: both clock-sync markers" [ $# = 3 ]
	# Recorded whole, the flood's rate decides whether the budget lasts.
	if [ "$1" = system ] && grep -q '^bootchart.trace = cut: ' "$T/header"
	then
		check "system: cut, what the buffers held kept (unread 0)" \
		    grep -q '^bootchart.trace.unread = total 0:' "$T/header"
	else
		check "$1: the trace was not cut" \
		    grep -q '^bootchart.trace = on: ' "$T/header"
		check "$1: the markers 20 s apart or more" \
		    [ $# = 3 ] && [ $(( ${3:-0} - ${2:-0} )) -ge 20000000000 ]
	fi
	set -- $1 $(sed -n 's/^bootchart.trace.store = pages \([0-9]*\) packed \([0-9]*\) share \([0-9]*\)$/\1 \2 \3/p' "$T/header")
	check "$1: the packed pages within the trace's share" \
	    [ $# = 4 ] && [ "${3:-1}" -le "${4:-0}" ]
	[ $# = 4 ] && echo "# $2 bytes of pages took $3 packed ($(($2 / ($3 + 1)))x) of a share of $4"
}

flood command
root=$(sed -n 's/^bootchart.trace.scope = command \([0-9]*\)$/\1/p' "$T/header")
check "command: the header names the command's tree" [ -n "$root" ]
"$R" --dump-events "$T/command.tgz" >"$T/events" 2>"$T/events.err"
check "command: --dump-events reads it" [ $? = 0 ]
awk -v root="${root:-0}" -f tests/sh/lib/scope_rule.awk "$T/events" \
    >"$T/outside"
tail -n 1 "$T/outside" | sed 's/^/# /'
check "command: every event is one the pid filter lets through" \
    grep -q ' outside 0$' "$T/outside"
# The flood alone is some 5 million events in 20 s; the tree's own a few hundred.
check "command: the flood is not in it (under 20 000 events)" \
    awk '/^events / { exit !($2 < 20000) }' "$T/outside"
"$R" --summary "$T/command.tgz" >"$T/summary" 2>&1
check "command: the summary says the trace is the command's alone" \
    grep -q "^trace: the command's processes alone (pid $root " "$T/summary"
flood system
check "system: the header says so" \
    grep -q '^bootchart.trace.scope = system$' "$T/header"

#!/bin/sh
# trace_percpu.sh: --per-cpu names the tasks each CPU ran (layout_cpus.c), checked against trace-cmd report's switches (lib/percpu_check.py --live): two `yes` pinned one to each CPU for 0.4 s, recorded with bootchartd --trace; the strips have tooltips, and a yes named in them holds pixels of its own CPU only, the one trace-cmd shows it on.  What else ran beside them decides whether both are named and how the switches of other tasks fall at the chart's edges: each CPU's busy time against trace-cmd's switches (1 % and 2 ms), no task longer than they show, both yes named are asserted on a recording of the same run (tests/sh/trace_fixtures.sh).  Needs root, tracefs, two CPUs, taskset, trace-cmd and python3 (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
export BOOTCHARTD_RUNDIR=$T
# The CPUs' strips need what else ran there: the whole system traced.
printf 'TRACE_SCOPE=system\n' >"$T/empty.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"

if [ "$(nproc 2>/dev/null || echo 1)" -lt 2 ]; then
	ok "per-CPU tasks # SKIP needs two CPUs"
	exit 0
fi
need_tracefs "per-CPU tasks" taskset trace-cmd python3

"$L" start -c "$T/empty.conf" --trace -o "$T/a.tgz" -- sh -c '
    taskset -c 0 timeout 0.4 yes >/dev/null &
    taskset -c 1 timeout 0.4 yes >/dev/null &
    wait' >"$T/out" 2>&1
check "start --trace -- two pinned yes: status 0" [ $? = 0 ]
"$R" -q --per-cpu -f svg -o "$T/a.svg" "$T/a.tgz"
check "--per-cpu -f svg: status 0" [ $? = 0 ]
"$R" -q --json -o "$T/a.json" "$T/a.tgz"
"$R" --dump-events "$T/a.tgz" >"$T/events" 2>/dev/null
tar -xzOf "$T/a.tgz" trace.dat >"$T/trace.dat"
trace-cmd report -t -i "$T/trace.dat" >"$T/report" 2>/dev/null
check "trace-cmd reads the trace" grep -q sched_switch "$T/report"

python3 "$(dirname "$0")/lib/percpu_check.py" --live "$T/a.svg" "$T/a.json" \
    "$T/events" "$T/report"
check "the strips agree with trace-cmd" [ $? = 0 ]

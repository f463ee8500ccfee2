#!/bin/sh
# trace_work.sh: issue 24 item 1, kworker activity labelled with the
# workqueue functions it ran: a traced run that writes to disk, drawn
# with --whole-system; every worker's "work" (JSON, row label) lists its
# functions by the time they took, as trace-cmd report's
# workqueue_execute_start/end pairs of the same trace.dat add them up
# (awk), the first the one that took the most.  Needs root, tracefs and
# trace-cmd (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
export BOOTCHARTD_RUNDIR=$T
# The workers are no process of the command: the whole system traced.
printf 'TRACE_SCOPE=system\n' >"$T/empty.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"

need_tracefs "workers' labels" trace-cmd python3

# Writes synced to disk: the block layer's and the file system's workers run.
"$L" start -c "$T/empty.conf" --trace -o "$T/w.tgz" -- sh -c "
    for i in 1 2 3; do
        dd if=/dev/zero of='$T/x' bs=1M count=16 conv=fsync 2>/dev/null
        sleep 0.2
    done; rm -f '$T/x'" >"$T/w.out" 2>&1
check "start --trace: status 0" [ $? = 0 ]
"$R" --whole-system --json "$T/w.tgz" >"$T/w.json" 2>"$T/w.err"
check "--whole-system --json reads it" [ -s "$T/w.json" ]
tar -xzOf "$T/w.tgz" trace.dat >"$T/w.dat"
trace-cmd report -i "$T/w.dat" >"$T/w.report" 2>/dev/null
# Per pid and function: the time between each start and its end, in ns.
awk '
	/workqueue_execute_(start|end):/ {
		pid = $1; sub(/.*-/, "", pid)
		for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) t = $i
		sub(/:$/, "", t)
		fn = $NF
		if ($0 ~ /workqueue_execute_start:/) { open[pid] = fn; at[pid] = t; next }
		if (open[pid] == fn) { sum[pid " " fn] += (t - at[pid]) * 1e9; delete open[pid] }
	}
	END { for (k in sum) printf "%s %.0f\n", k, sum[k] }' "$T/w.report" |
    sort -k1,1n -k3,3nr >"$T/w.sums"
check "trace-cmd report has workqueue items" [ -s "$T/w.sums" ]
check "each labelled worker: its functions by time, as trace-cmd's add up" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
sums = {}
for line in open(sys.argv[2]):
    pid, fn, ns = line.split()
    sums.setdefault(int(pid), []).append((float(ns), fn))
n = bad = 0
for p in d["processes"]:
    if not p["work"]:
        continue
    n += 1
    got = p["work"].split(", ")
    want = sorted(sums.get(p["pid"], []), key=lambda x: -x[0])
    names = [fn for ns, fn in want]
    # The first is the one that took the most (ties: within 1 us).
    top = [fn for ns, fn in want if ns >= want[0][0] - 1000] if want else []
    if not want or got[0] not in top or any(g not in names for g in got):
        bad += 1
        print("# pid %d: %s; trace-cmd: %s" % (p["pid"], got, want[:4]))
print("# %d workers labelled" % n)
sys.exit(0 if n > 0 and bad == 0 else 1)' "$T/w.json" "$T/w.sums"
check "a worker is a row with its functions in the label (layout)" sh -c "
    '$BC_BUILD/tests/tools/layout_dump' --whole-system '$T/w.tgz' 2>/dev/null |
    grep -Eq '^row	[0-9]+	kworker/[^	]*: [a-z_0-9]+'"

#!/bin/sh
# trace_exact.sh: with the kernel's trace, the renderer's processes are
# exact (docs/trace.md): every one of 200 short processes in the tree at
# the fork time the trace gives (read back by --dump-events and the
# header's clock sync, in awk), and a CPU-bound process's CPU time within
# 2 % of what wait4's rusage says.  Needs root and tracefs (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
printf 'TRACE_SCOPE=system\n' >"$T/system.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"

need_tracefs "exact processes"

# 1. 200 processes of a few ms each: sampling at 0.2 s sees almost none.
"$L" start -c "$T/empty.conf" --trace -o "$T/a.tgz" -- \
    sh -c 'for i in $(seq 200); do /bin/true; done' >"$T/a.out" 2>&1
check "start --trace: status 0" [ $? = 0 ]
"$R" --dump-tree -n "$T/a.tgz" >"$T/tree" 2>"$T/tree.err"
check "--dump-tree -n reads it" [ $? = 0 ]
same "all 200 true processes in the tree" \
    "$(awk -F'\t' '$2 == "true"' "$T/tree" | wc -l | tr -d ' ')" 200
"$R" --dump-events "$T/a.tgz" >"$T/events" 2>/dev/null
# Each true's fork (task_newtask of its pid) moved to the log's clock by
# the clock-sync marker, in whole ms, against the tree's start column.
awk -F'\t' '
	FNR == NR {
		if ($4 == "print" && $0 ~ /clock_sync start boottime_ns=/) {
			s = $0; sub(/.*boottime_ns=/, "", s); sub(/[^0-9].*/, "", s)
			off = s - $1
		}
		if ($4 == "task_newtask") {
			p = $5; sub(/^pid=/, "", p); fork[p] = $1
		}
		next
	}
	$2 == "true" {
		n++
		if (!($1 in fork)) { miss++; next }
		want = int((fork[$1] + off) / 1000000)
		d = $3 - want
		if (d < -1 || d > 1) { bad++; if (bad < 4) print "# pid " $1 ": " $3 " ms, fork at " want " ms" }
	}
	END { printf "%d %d %d\n", n, miss + 0, bad + 0 }' \
    "$T/events" "$T/tree" >"$T/starts"
same "each true starts at its fork (within the ms rounding)" \
    "$(tail -n 1 "$T/starts")" "200 0 0"

# The default chart (a readable profile, docs/tree.md) keeps them all as
# one row, counted: the loop's runs have one command line.
"$R" --dump-tree "$T/a.tgz" >"$T/tree.p" 2>>"$T/tree.err"
same "default tree: the 200 true runs are one row" \
    "$(awk -F'\t' '$2 == "true"' "$T/tree.p" | wc -l | tr -d ' ')" 1
if [ -x "${BC_BUILD:-}/tests/tools/layout_dump" ]; then
	"$BC_BUILD/tests/tools/layout_dump" "$T/a.tgz" >"$T/a.layout" 2>&1
	check "its row is labelled 'true (200 runs)'" \
	    grep -Eq '^row	[0-9]+	(/bin/)?true \(200 runs\)$' "$T/a.layout"
fi

# 1b. The same loop with its pids wrapping round (ns_last_pid set 100
# below pid_max just before): the rows' pid order then starts with the
# loop's later runs, and the runs still make one row (a loaded run once
# split them in two).
pmax=$(cat /proc/sys/kernel/pid_max 2>/dev/null)
if [ -n "$pmax" ] && [ -w /proc/sys/kernel/ns_last_pid ]; then
	"$L" start -c "$T/empty.conf" --trace -o "$T/w.tgz" -- sh -c "
	    echo $((pmax - 100)) >/proc/sys/kernel/ns_last_pid
	    for i in \$(seq 200); do /bin/true; done" >"$T/w.out" 2>&1
	check "wrapping pids: start --trace: status 0" [ $? = 0 ]
	"$R" --dump-tree -n "$T/w.tgz" >"$T/w.tree.n" 2>/dev/null
	awk -F'\t' '$2 == "true" { n++; if ($1 < 1000) lo++; else hi++ }
	    END { printf "# %d true runs: %d pids below 1000, %d above\n", n, lo, hi }' \
	    "$T/w.tree.n"
	"$R" --dump-tree "$T/w.tgz" >"$T/w.tree" 2>/dev/null
	n=$(awk -F'\t' '$2 == "true"' "$T/w.tree" | wc -l | tr -d ' ')
	same "wrapping pids: the 200 true runs are one row" "$n" 1
	# What split them, for the next time: the rows, the odd command lines.
	if [ "$n" != 1 ]; then
		sed 's/^/# tree: /' "$T/w.tree"
		grep -B1 -A3 '	true	' "$T/w.tree.n" | head -40 | sed 's/^/# tree -n: /'
		tar -xzOf "$T/w.tgz" cmdline2.log | awk 'BEGIN { RS = "" }
		    !/\/true/ { gsub(/\n/, " "); print "# cmdline2: " $0 }' | head -20
	fi
else
	ok "wrapping pids # SKIP no writable ns_last_pid"
fi

# 2. CPU time: a CPU-bound python against the rusage its parent gets.
if command -v python3 >/dev/null 2>&1; then
	# The busy child's whole life, as wait4 gives its rusage (exec and
	# exit included, as the trace has them).
	cat >"$T/busy.py" <<EOP
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable, "-c",
        "x = 0\nfor i in range(6000000):\n    x += i\n"])
_, status, ru = os.wait4(pid, 0)
open("$T/ru", "w").write("%d %.6f\n" % (pid, ru.ru_utime + ru.ru_stime))
EOP
	s0=$(steal_cs)
	"$L" start -c "$T/empty.conf" --trace -p 0.05 -o "$T/c.tgz" -- \
	    python3 "$T/busy.py" >"$T/c.out" 2>&1
	check "CPU-bound python: status 0" [ $? = 0 ]
	stolen=$(( $(steal_cs) - s0 ))
	skip=$(clock_skip "$T/c.tgz" "$T/c.report" "$(cut -d' ' -f1 "$T/ru")")
	# -n: unpruned, the child is a node of its own (the chart's tree
	# merges it into its parent of the same name).
	"$R" -n --json "$T/c.tgz" 2>/dev/null | python3 -c '
import json, sys
pid, ru = open(sys.argv[1]).read().split()
ru = float(ru)
# Rusage leaves out what the hypervisor stole, the trace does not
# (steal_cs in lib/logger_lib.sh.inc): allowed, with a tick either side;
# and the clock updates wake-up preemptions skip (lib/clock_skip.py).
stolen = int(sys.argv[2]) / 100.0 + 0.02
lost, gained = (float(x) for x in sys.argv[3].split()[1:3])
j = json.load(sys.stdin)
# By its PID: other python3 processes may run meanwhile.
cpu = [p["cpu_user_s"] + p["cpu_sys_s"] for p in j["processes"]
       if p["pid"] == int(pid)]
print("# trace %s s, getrusage %.3f s, stolen %.2f s, skipped %.6f s lost "
      "%.6f s gained" % (cpu, ru, stolen - 0.02, lost, gained))
sys.exit(0 if len(cpu) == 1 and
         ru - 0.02 * ru - stolen - gained <= cpu[0] <=
         ru + 0.02 * ru + stolen + lost else 1)
' "$T/ru" "$stolen" "$skip"
	check "its CPU time is its rusage's within 2 % (the time stolen, skipped clock updates)" [ $? = 0 ]
	# The command's trace alone (the default) knows nothing else that
	# ran: the CPU charts are /proc/stat's, --per-cpu says why it has none.
	"$R" --json "$T/c.tgz" 2>"$T/c.jerr" | python3 -c '
import json, sys
d = json.load(sys.stdin)
sys.exit(0 if not d["series"]["busy"] and d["series"]["cpu"] and
         d["trace_scope"]["command_pid"] > 0 else 1)'
	check "the command's trace: CPU chart from /proc/stat, trace_scope in the JSON" \
	    [ $? = 0 ]
	"$R" --per-cpu -f svg -o "$T/c.svg" "$T/c.tgz" 2>"$T/c.perr"
	check "the command's trace: --per-cpu says it has no chart and why" \
	    grep -q "no chart per CPU (record with TRACE_SCOPE=system)" \
	    "$T/c.perr"
	# The same program, the whole system traced, for the CPUs' charts.
	"$L" start -c "$T/system.conf" --trace -p 0.05 -o "$T/c.tgz" -- \
	    python3 "$T/busy.py" >"$T/c.out" 2>&1
	check "CPU-bound python, TRACE_SCOPE=system: status 0" [ $? = 0 ]
	# The CPU chart's busy series (JSON series.busy, from the switches)
	# against the kernel's own accounting, /proc/stat's user + system
	# (series.cpu), over the whole proc_stat intervals the bins cover
	# (50 ms ones, -p 0.05: bins of 10 ms straddle their edges).
	# The renderer keeps the series only where they agree within 10 %:
	# this 6.18 VM's kernel leaves switches out under load (0.4 % apart
	# quiet, 25 % short at a load of 8 on 2 CPUs), and then it says so
	# and draws /proc/stat's.  (trace-cmd report's switches paired
	# naively are no oracle either: docs/trace.md.)
	"$R" --json "$T/c.tgz" 2>"$T/c.jerr" | python3 -c '
import json, sys
d = json.load(sys.stdin)
b, c = d["series"]["busy"], d["series"]["cpu"]
warned = "proc_stat.log counts: the CPU charts are drawn from" in open(sys.argv[1]).read()
if not b:
    print("# no busy series; the renderer said why:", warned)
    sys.exit(0 if warned else 1)
t0, t1 = b[0]["t_ms"] - b[0]["interval_ms"], b[-1]["t_ms"]
iv = [x for x in c if x["t_ms"] - x["interval_ms"] >= t0 and x["t_ms"] <= t1]
lo, hi = iv[0]["t_ms"] - iv[0]["interval_ms"], iv[-1]["t_ms"]
want = sum((x["user"] + x["sys"]) * x["interval_ms"] for x in iv) / 1000
got = sum(x["busy"] * x["interval_ms"] for x in b
    if x["t_ms"] - x["interval_ms"] >= lo and x["t_ms"] <= hi) / 1000
print("# %d..%d ms: busy series %.4f s, /proc/stat %.4f s (x CPUs)" % (lo, hi, got, want))
sys.exit(0 if want > 0 and abs(got - want) <= 0.105 * want and not warned else 1)' "$T/c.jerr"
	check "the CPU chart's busy series: within 10 % of /proc/stat, or refused with a warning" [ $? = 0 ]
	# --per-cpu: a chart for each CPU the trace has, named; none, and
	# a warning, when the busy series was refused above.
	ncpu=$(tar -xzOf "$T/c.tgz" header | sed -n 's/^system.cpu = .*(\([0-9]*\)).*/\1/p')
	"$R" --per-cpu -f svg -o "$T/c.svg" "$T/c.tgz" 2>"$T/c.perr"
	n=$(grep -o '>cpu[0-9]*<' "$T/c.svg" | sort -u | wc -l | tr -d ' ')
	if grep -q 'the CPU charts are drawn from' "$T/c.jerr"; then
		check "--per-cpu: no chart where the trace lacks switches ($n)" \
		    sh -c "[ $n = 0 ] && grep -q 'no chart per CPU' '$T/c.perr'"
	else
		check "--per-cpu: one chart per CPU ($n of ${ncpu:-?})" \
		    [ "$n" = "${ncpu:-x}" ]
	fi
else
	ok "CPU time # SKIP no python3"
fi

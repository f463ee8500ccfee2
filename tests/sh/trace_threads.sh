#!/bin/sh
# trace_threads.sh: --threads gives each thread of a traced process a row of its own under its process, whose row is then its main thread's (docs/trace.md): a process of three named threads (tests/tools/wakeload threads: spinner busy 200 ms, napper asleep 300 ms) recorded with bootchartd --trace; each thread's row has its name, its id, thread_of its process, its running time within 2 % of its own CPU clock (and the stolen time, and the clock updates a preemption skips: lib/clock_skip.py), the napper its 300 ms asleep; without --threads one row, its running the threads' together.  Needs root and tracefs (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
S=$BC_BUILD/tests/tools/states_dump
W=$BC_BUILD/tests/tools/wakeload
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
# The threads' clocks are held to their spans: the whole system is
# recorded, so that the oracle sees every waking (lib/clock_skip.py).
printf 'TRACE_SCOPE=system\n' >"$T/system.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"

need_tracefs "thread rows" python3

s0=$(steal_cs)
"$L" start -c "$T/system.conf" --trace -o "$T/a.tgz" -- \
    "$W" threads >"$T/out" 2>"$T/err"
check "start --trace -- wakeload threads: status 0" [ $? = 0 ]
stolen=$(( $(steal_cs) - s0 ))
pid=$(awk '$1 == "main" { print $2 }' "$T/out")
check "the workload said its threads ($(tr '\n' ' ' <"$T/out"))" \
    test -n "$pid" -a "$(wc -l <"$T/out")" -eq 3

"$R" -q --threads --json -o "$T/t.json" "$T/a.tgz"
check "--threads --json: status 0" [ $? = 0 ]
"$R" -q --json -o "$T/p.json" "$T/a.tgz"
"$S" -n -t "$T/a.tgz" >"$T/states.t" 2>/dev/null
check "states_dump -t reads it" [ $? = 0 ]
"$S" -n "$T/a.tgz" >"$T/states.p" 2>/dev/null
# The oracle's events: how far the threads' clocks may stray from their
# spans, and a failure's events.
clock_skip "$T/a.tgz" "$T/report" $(awk '{ print $2 }' "$T/out") >"$T/skip"

python3 - "$T/out" "$T/t.json" "$T/p.json" "$T/states.t" "$T/states.p" \
    "$stolen" "$T/skip" "$T/report" <<'PY'
import json, sys
said = {}
for line in open(sys.argv[1]):
    name, tid, cpu = line.split()
    said[name] = (int(tid), int(cpu) / 1e6)
pid = said["main"][0]
t = {p["pid"]: p for p in json.load(open(sys.argv[2]))["processes"]}
p = {q["pid"]: q for q in json.load(open(sys.argv[3]))["processes"]}
def totals(path):
    out = {}
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if f[0] == "total":
            out[int(f[1])] = [int(x) / 1e6 for x in f[3:8]]
    return out
st, sp = totals(sys.argv[4]), totals(sys.argv[5])
# /proc/stat's steal in centiseconds, read twice: up to one more.
stolen = int(sys.argv[6]) / 100
skip = {}
for line in open(sys.argv[7]):
    tid, lost, gained = line.split()
    skip[int(tid)] = (float(lost), float(gained))
n = 0
def check(ok, what):
    global n
    n += 1
    print(("ok" if ok else "not ok") + " - " + what)

def clock_fits(name, run):
    """Run within 2 % (2 ms) of the CPU clock; past it by what was
    stolen and by the clock updates preemptions skipped (LOST), short
    of it by those the thread gained (lib/clock_skip.py)."""
    tid, cpu = said[name]
    lost, gained = skip.get(tid, (0.0, 0.0))
    slack = 0.02 * cpu + 0.002
    print("# %s: running %.6f s, its CPU clock %.6f s, stolen %.2f s, "
          "skipped clock updates %.6f s lost, %.6f s gained"
          % (name, run, cpu, stolen, lost, gained))
    ok = cpu - gained - slack <= run <= \
        cpu + lost + stolen + 0.01 + slack
    if not ok:
        events = [l for l in open(sys.argv[8]) if str(tid) in l]
        for l in events[:40]:
            print("#   " + l.rstrip())
        # Again after its events: a failure's report ends with it.
        print("# %s: running %.6f s, its CPU clock %.6f s, lost %.6f s, "
              "gained %.6f s, %d events of it"
              % (name, run, cpu, lost, gained, len(events)))
    return ok

for name in ("spinner", "napper"):
    tid, cpu = said[name]
    row = t.get(tid)
    check(row is not None and row.get("thread_of") == pid and
          row["name"] == name and row["ppid"] == pid and
          t[pid]["id"] == row["parent"],
          "%s (thread %d) has its own row, named (%s), under its process %d"
          % (name, tid, row and row["name"], pid))
    check(clock_fits(name, st.get(tid, [0])[0]),
          "%s's running spans are its CPU clock's time (2 %%, stolen, "
          "skipped clock updates)" % name)
check(st.get(said["napper"][0], [0] * 4)[3] >= 0.299,
      "the napper's row sleeps its 300 ms (%.6f s)"
      % st.get(said["napper"][0], [0] * 4)[3])
check("thread_of" not in t[pid] and clock_fits("main", st[pid][0]),
      "the process's row is its main thread's (running %.6f s, clock "
      "%.6f s)" % (st[pid][0], said["main"][1]))
check(all("thread_of" not in q for q in p.values()) and
      said["spinner"][0] not in p and said["napper"][0] not in p,
      "without --threads the threads have no rows")
both = sp[pid][0]
check(both >= st[said["spinner"][0]][0] - 0.001 and
      both <= sum(said[k][1] + skip.get(said[k][0], (0, 0))[0]
                  for k in said) + 0.02 + stolen + 0.01,
      "without --threads the process row runs when any thread runs "
      "(%.6f s)" % both)
PY

# The picture and the tooltips say which rows are threads.
"$R" -q --threads -f svg -o "$T/t.svg" "$T/a.tgz"
check "--threads -f svg: status 0" [ $? = 0 ]
tid=$(awk '$1 == "spinner" { print $2 }' "$T/out")
check "the SVG's tooltip says thread $tid of pid $pid" \
    grep -q "thread $tid of pid $pid" "$T/t.svg"
"$R" -q --threads -f png -o "$T/t.png" "$T/a.tgz"
check "--threads -f png: status 0" [ $? = 0 ]

# A group that outlives its leader (wakeload orphan: the main thread's
# pthread_exit, its spinner 200 ms on): one process in every output,
# alive to the spinner's end, no process of the spinner's id.
"$L" start -c "$T/empty.conf" --trace -o "$T/o.tgz" -- \
    "$W" orphan >"$T/o.out" 2>"$T/o.err"
check "start --trace -- wakeload orphan: status 0" [ $? = 0 ]
lead=$(awk '$1 == "main" { print $2 }' "$T/o.out")
spin=$(awk '$1 == "spinner" { print $2 }' "$T/o.out")
"$R" -q --json -o "$T/o.json" "$T/o.tgz" &&
    "$R" -q -f chrome-json -o "$T/o.chrome" "$T/o.tgz" &&
    "$R" -q -f perfetto -o "$T/o.pf" "$T/o.tgz"
check "orphan: --json, chrome-json, perfetto: status 0" [ $? = 0 ]
python3 - "$lead" "$spin" "$T/o.json" "$T/o.chrome" <<'PY'
import json, sys
lead, spin = int(sys.argv[1] or 0), int(sys.argv[2] or 0)
p = {q["pid"]: q for q in json.load(open(sys.argv[3]))["processes"]}
ok = lead in p and spin not in p
print(("ok" if ok else "not ok") + " - orphan: --json has the process %d, "
      "no process %d" % (lead, spin))
ev = json.load(open(sys.argv[4]))["traceEvents"]
procs = {e["pid"] for e in ev if e.get("name") == "process_name"}
tids = {e["tid"]: e["pid"] for e in ev if e.get("name") == "thread_name"}
ok = spin not in procs and tids.get(spin) == lead
print(("ok" if ok else "not ok") + " - orphan: chrome-json has the "
      "spinner %d as a thread of %d, not a process" % (spin, lead))
PY
check "orphan: perfetto's lines of the spinner all say its group" \
    awk -v s="$spin" -v l="$lead" '$1 ~ "-" s "$" { n++;
    if ($2 != "(" && $2 != "(" l ")") bad++; if ($2 == "(" && $3 != l ")") bad++ }
    END { exit !(n > 0 && bad == 0) }' "$T/o.pf"

#!/bin/sh
# profile_acct.sh: issue 26 item 3, honest CPU numbers: eight short
# CPU-bound runs profiled with process accounting (`start --acct`): each
# row's CPU is its taskstats exit record's (cpu_source "taskstats": the
# scheduler's run time), and the eight add up to what
# getrusage(RUSAGE_CHILDREN) gave their parent within 5 %, the profile's
# command_cpu_s to the parent's own and its children's.  Without the
# exit records the rows' CPU is kernel_pacct's ("accounting"): the
# records' own figures (decoded here); accounting counts whole scheduler
# ticks (CONFIG_HZ), which came out 5 to 28 % over getrusage's precise
# run time on this 2-CPU VM, the more the busier.  With the kernel's trace as well (`--trace`), the rows' CPU
# is the trace's and within 5 % (and the time the hypervisor stole
# meanwhile, which rusage leaves out: steal_cs in lib/logger_lib.sh.inc;
# and the clock updates wake-up preemptions skipped, which the kernel
# charges to the task that preempted a run, not to the run:
# lib/clock_skip.py).  Sampling alone sees a fraction of
# short lives; the JSON says which figures are sampled.  Needs root
# (acct(2)); skips otherwise; the trace part needs tracefs.
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"

. "$(dirname "$0")/lib/logger_lib.sh.inc"

if [ "$(id -u)" -ne 0 ] || ! command -v python3 >/dev/null 2>&1; then
	ok "CPU from accounting # SKIP needs root (acct) and python3"
	exit 0
fi
# The host's accounting file is the kernel's one: another test's logger
# with --acct at the same time would take this one's records (a loop of
# the live tests beside CI lost four of eight runs' records so).
kernel_lock

# The interpreter itself, not a wrapper (pyenv's python3 is a bash
# script: the runs would be its grandchildren).
PY=$(python3 -c 'import sys; print(sys.executable)')
# Eight children one after another, each ~0.17 s of CPU here; the
# parent writes its own rusage and its children's.
cat >"$T/busy8.py" <<EOP
import resource, subprocess, sys
for i in range(8):
    subprocess.run([sys.executable, "-c",
        "x = 0\nfor i in range(1200000):\n    x += i\n"], check=True)
c = resource.getrusage(resource.RUSAGE_CHILDREN)
s = resource.getrusage(resource.RUSAGE_SELF)
open(sys.argv[1], "w").write("%f %f\n" % (c.ru_utime + c.ru_stime,
    s.ru_utime + s.ru_stime))
EOP
# 20 Hz: every run is sampled (accounting names the processes the log
# has; it does not add those sampling missed, the trace does).
"$L" start -c "$T/empty.conf" --acct -p 0.05 -o "$T/a.tgz" -- \
    "$PY" "$T/busy8.py" "$T/rusage" >"$T/a.out" 2>&1
check "start --acct: status 0, kernel_pacct in the log" \
    sh -c "tar -tzf '$T/a.tgz' | grep -qx kernel_pacct"
check "  ... and taskstats_exit.log" \
    sh -c "tar -tzf '$T/a.tgz' | grep -qx taskstats_exit.log"
"$R" -n --json "$T/a.tgz" >"$T/n.json" 2>"$T/err"
"$R" --json "$T/a.tgz" >"$T/p.json" 2>>"$T/err"
check "--json reads it" [ -s "$T/n.json" -a -s "$T/p.json" ]
# The same log without the exit records: accounting alone.
mkdir -p "$T/x"
tar -xzf "$T/a.tgz" -C "$T/x" && rm -f "$T/x/taskstats_exit.log"
"$R" -n --json "$T/x" >"$T/x.json" 2>>"$T/err"

# runs JSON RUSAGE SOURCE TOLERANCE [STOLEN_CS SKIP]: the eight rows' CPU
# against getrusage; the trace's spans may run past it by what was
# stolen and by the skipped clock updates (SKIP: "LOST GAINED", the
# runs' sums), and fall short of it by those the runs gained.
runs() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
kids, own = map(float, open(sys.argv[2]).read().split())
root = [p for p in d["processes"] if p["parent"] is None][0]
runs = [p for p in d["processes"] if p["parent"] == root["id"] and p["name"] == "python3"]
tot = sum(p["cpu_user_s"] + p["cpu_sys_s"] for p in runs)
src = sorted(set(p["cpu_source"] for p in runs))
tol = float(sys.argv[4])
# /proc/stat read twice (one centisecond more) and the rows in ms.
stolen = int(sys.argv[5]) / 100.0 + 0.02 if len(sys.argv) > 5 else 0
lost, gained = map(float, open(sys.argv[6]).read().split()) \
    if len(sys.argv) > 6 else (0, 0)
print("# %d runs, %.3f s (%s); getrusage children %.3f s" % (len(runs), tot, src, kids))
if len(sys.argv) > 5:
    print("# allowed %.3f to %.3f s: stolen %.2f s, skipped clock updates "
          "%.3f s lost, %.3f s gained" % (kids - tol * kids - stolen - gained,
          kids + tol * kids + stolen + lost, stolen - 0.02, lost, gained))
sys.exit(0 if len(runs) == 8 and src == [sys.argv[3]] and
         -tol * kids - stolen - gained <= tot - kids <= tol * kids + stolen + lost
         else 1)' "$@"
}
check "the eight runs: CPU from the exit records, within 5 % of RUSAGE_CHILDREN" \
    runs "$T/n.json" "$T/rusage" taskstats 0.05
check "command_cpu_s: the parent's and its children's, within 5 %" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
kids, own = map(float, open(sys.argv[2]).read().split())
got = d["totals"]["command_cpu_s"]
print("# command_cpu_s %.3f s; getrusage self + children %.3f s" % (got, kids + own))
sys.exit(0 if abs(got - (kids + own)) <= 0.05 * (kids + own) else 1)' \
    "$T/p.json" "$T/rusage"
# Accounting's CPU is the scheduler's ticks (CONFIG_HZ), 5 to 18 % over
# getrusage on this VM and past 25 % on a loaded one: printed, not held
# to rusage.  What is held: the rows' figures are the records' own, each
# run's ac_utime + ac_stime (comp_t, 1/100 s) decoded here.
check "without them: the eight runs' CPU from accounting, as its records say" python3 -c '
import json, struct, sys
d = json.load(open(sys.argv[1]))
root = [p for p in d["processes"] if p["parent"] is None][0]
runs = [p for p in d["processes"] if p["parent"] == root["id"] and p["name"] == "python3"]
rec = {}
b = open(sys.argv[2], "rb").read()
def comp(v):
    return (v & 0x1fff) << (3 * (v >> 13))
for i in range(0, len(b) - 63, 64):
    pid = struct.unpack_from("<I", b, i + 16)[0]
    ut, st = struct.unpack_from("<HH", b, i + 32)
    rec[pid] = (comp(ut) + comp(st)) / 100.0
got = sum(p["cpu_user_s"] + p["cpu_sys_s"] for p in runs)
want = sum(rec.get(p["pid"], -1) for p in runs)
kids = float(open(sys.argv[3]).read().split()[0])
print("# 8 runs: %.3f s from the rows, %.3f s from the records, getrusage %.3f s (%+.0f %%)"
      % (got, want, kids, 100 * (want - kids) / kids if kids else 0))
ok = len(runs) == 8 and all(p["cpu_source"] == "accounting" for p in runs)
sys.exit(0 if ok and want > 0 and abs(got - want) <= 0.011 * len(runs) else 1)' \
    "$T/x.json" "$T/x/kernel_pacct" "$T/rusage"

need_tracefs "CPU from the trace"
s0=$(steal_cs)
"$L" start -c "$T/empty.conf" --acct --trace -o "$T/t.tgz" -- \
    "$PY" "$T/busy8.py" "$T/rusage.t" >"$T/t.out" 2>&1
stolen=$(( $(steal_cs) - s0 ))
"$R" -n --json "$T/t.tgz" >"$T/t.json" 2>>"$T/err"
# The runs' skipped clock updates, from trace-cmd's events (the oracle).
pids=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
root = [p for p in d["processes"] if p["parent"] is None][0]
print(" ".join(str(p["pid"]) for p in d["processes"]
               if p["parent"] == root["id"] and p["name"] == "python3"))' \
    "$T/t.json" 2>/dev/null)
clock_skip "$T/t.tgz" "$T/report" $pids |
    awk '{ l += $2; g += $3 } END { printf "%.6f %.6f\n", l, g }' >"$T/skip"
check "with the trace too: the eight runs' CPU from it, within 5 % (stolen, skipped clock updates)" \
    runs "$T/t.json" "$T/rusage.t" trace 0.05 "$stolen" "$T/skip"

#!/bin/sh
# trace_exports.sh: -f perfetto and -f chrome-json of a traced profile
# (docs/exports.md).  The Perfetto text's sched_switch and sched_waking
# lines are trace-cmd report -N -l's (the oracle), event for event: pid,
# CPU, latency flags, time to the µs, every field with prev_state's
# letters; a thread's lines carry its process's tgid; the critical path
# is one marker slice per segment of --json's path.  The Chrome JSON
# trace validates against tests/schema/trace_event_format.schema.json,
# its slices do not overlap per thread, every flow has both ends inside
# running slices, the pipe's writer's arrow reaches its reader, each
# process's running slices add up to its exact CPU time in --json, and
# the critical-path track adds up to the path.  A log without a trace:
# exit 2, one line.  Needs root and tracefs (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
LIB=$(dirname "$0")/lib
SCHEMA=$(dirname "$0")/../schema/trace_event_format.schema.json
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
. "$LIB/logger_lib.sh.inc"

# Without a trace: refused in one line naming the log, nothing written.
for f in perfetto chrome-json; do
	"$R" -f "$f" -o "$T/n.out" tests/data/sample-boot.tgz >/dev/null \
	    2>"$T/n.err"
	check "-f $f without trace.dat: exit 2" [ $? = 2 ]
	check "... one line naming the log" sh -c "[ \$(wc -l <'$T/n.err') = 1 ] &&
	    grep -q 'sample-boot.tgz: no kernel trace (trace.dat) in this log' '$T/n.err'"
	check "... and no file" [ ! -e "$T/n.out" ]
done

need_tracefs "exports" python3 trace-cmd

# A reads a pipe B writes after 200 ms; a thread of A computes, A joins it.
cat >"$T/w.py" <<EOP
import os, threading, time
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    time.sleep(0.2)
    os.write(w, b"x")
    os._exit(0)
os.read(r, 1)
os.waitpid(pid, 0)
tids = []
def work():
    tids.append(threading.get_native_id())
    x = 0
    for i in range(300000):
        x += i
t = threading.Thread(target=work)
t.start()
t.join()
open("$T/ids", "w").write("%d %d %d\n" % (os.getpid(), pid, tids[0]))
EOP
"$L" start -c "$T/empty.conf" --trace -o "$T/a.tgz" -- \
    python3 "$T/w.py" >"$T/a.out" 2>&1
check "start --trace: status 0" [ $? = 0 ]
read -r A B TH <"$T/ids"
mkdir "$T/x" && tar -xzf "$T/a.tgz" -C "$T/x" trace.dat
trace-cmd report -N -l -i "$T/x/trace.dat" >"$T/ref.txt" 2>/dev/null
check "trace-cmd reads the trace" [ -s "$T/ref.txt" ]
"$R" -q --json -n "$T/a.tgz" >"$T/rep.json"
check "--json: status 0" [ $? = 0 ]

"$R" -q -f perfetto -o "$T/p.txt" "$T/a.tgz"
check "-f perfetto: status 0" [ $? = 0 ]
python3 "$LIB/exports_check.py" perfetto "$T/p.txt" "$T/ref.txt" \
    "$T/rep.json" "$TH" "$A"

"$R" -q -f chrome-json -o "$T/c.json" "$T/a.tgz"
check "-f chrome-json: status 0" [ $? = 0 ]
python3 "$LIB/exports_check.py" chrome "$T/c.json" "$SCHEMA" \
    "$T/rep.json" "$B" "$A" "$T/ref.txt"

# Without -f, the name's ending says which (cli_options.sh has the charts').
"$R" -q -o "$T/byname.perfetto.txt" "$T/a.tgz" &&
    "$R" -q -o "$T/byname.chrome.json" "$T/a.tgz"
check "-o NAME.perfetto.txt and NAME.chrome.json without -f: what -f writes" \
    sh -c 'cmp -s "$1/p.txt" "$1/byname.perfetto.txt" &&
    cmp -s "$1/c.json" "$1/byname.chrome.json"' _ "$T"
# A verb takes the name's format when it is one of its own, else writes
# what it writes without -f (the graph's DOT text for a .pdf).
"$R" -q --wake-graph -f svg -o "$T/wg-f.svg" "$T/a.tgz" &&
    "$R" -q --wake-graph -o "$T/wg-n.svg" "$T/a.tgz" &&
    "$R" -q --wake-graph -o "$T/wg.dot" "$T/a.tgz" &&
    "$R" -q --wake-graph -o "$T/wg.pdf" "$T/a.tgz"
check "--wake-graph -o g.svg is -f svg's; -o g.pdf (not a graph's format) what -o g.dot writes" \
    sh -c 'cmp -s "$1/wg-f.svg" "$1/wg-n.svg" && cmp -s "$1/wg.dot" "$1/wg.pdf" &&
    ! cmp -s "$1/wg.dot" "$1/wg-n.svg"' _ "$T"

# Without -o: ./NAME.ENDING from the table (src/outputs.def).
(cd "$T" && "$R" -q -f perfetto a.tgz && "$R" -q -f chrome-json a.tgz)
check "default names a.perfetto.txt and a.chrome.json" \
    [ -s "$T/a.perfetto.txt" -a -s "$T/a.chrome.json" ]

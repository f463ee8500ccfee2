#!/bin/sh
# trace_alone.sh: a trace-cmd recording alone (no log around it) is a chart: a loop of /bin/true recorded in a tracefs instance (as trace_decode.sh), then the chart, -f html, --json, --summary, -f perfetto, -f chrome-json and --critical-path of the bare trace.dat; its rows, its clock (its own, 0 at its first event), its path over its span; and a fixture's trace.dat, which has the clock-sync marker, on the uptime.  Needs root, tracefs, trace-cmd and python3; skips without them.
T=${BC_TMP:?BC_TMP must be set}
R=$BC_RENDER
LIB=$(dirname "$0")/lib

. "$LIB/logger_lib.sh.inc"

need_tracefs "trace_alone" trace-cmd python3
[ -d "$TR/instances" ] || { ok "trace_alone # SKIP no tracefs instances"; exit 0; }

# An instance of our own: the top-level buffer and its settings stay as
# they are.  trace-cmd extract -B removes the instance it read.
inst=bc_alone_$$
I=$TR/instances/$inst
trap 'rmdir "$I" 2>/dev/null' EXIT
LOOPS=20

# record: a loop of /bin/true into $T/rec.dat; 0, or 1 when trace-cmd
# could not read back what it wrote (trace_decode.sh says why).
record() {
	mkdir "$I" 2>/dev/null || { ok "trace_alone # SKIP cannot make a tracefs instance"; exit 0; }
	for e in sched:sched_switch sched:sched_wakeup sched:sched_waking \
	    sched:sched_wakeup_new sched:sched_process_fork \
	    sched:sched_process_exec sched:sched_process_exit \
	    sched:sched_process_free task:task_newtask task:task_rename; do
		grep -qx "$e" "$TR/available_events" && echo "$e"
	done >"$I/set_event"
	echo 1 >"$I/tracing_on"
	i=0
	while [ $i -lt $LOOPS ]; do
		/bin/true
		sh -c 'exec /bin/true'
		i=$((i + 1))
	done
	echo 0 >"$I/tracing_on"
	trace-cmd extract -B "$inst" -o "$T/rec.dat" >"$T/extract.log" 2>&1 ||
	    { notok "trace-cmd extract: $(tail -n 1 "$T/extract.log")"; exit 1; }
	rmdir "$I" 2>/dev/null
	trace-cmd report -i "$T/rec.dat" >/dev/null 2>&1
}
n=0
until record; do
	n=$((n + 1))
	[ $n -lt 5 ] || { notok "trace-cmd cannot read its own recording, 5 times"; exit 1; }
	echo "# trace-cmd could not read its recording back; recording again"
done
trace-cmd convert -i "$T/rec.dat" --file-version 7 -o "$T/t.dat" \
    >/dev/null 2>&1 || { notok "trace-cmd convert to v7"; exit 1; }

# run NAME ARGS...: the render of $T/t.dat into $T/NAME.out; a TAP line:
# status 0 and no message.
run() {
	rn=$1
	shift
	"$R" "$@" "$T/t.dat" >"$T/$rn.out" 2>"$T/$rn.err"
	rc=$?
	check "$rn: status 0, no message" \
	    sh -c '[ "$1" -eq 0 ] && [ ! -s "$2" ]' _ "$rc" "$T/$rn.err"
	[ -s "$T/$rn.err" ] && sed 's/^/# /' "$T/$rn.err" | head -n 5
}
run png -f png -o -
run svg -f svg -n -o -
run html -f html -o -
run json --json
run jsonn --json -n
run summary --summary
run perfetto -f perfetto -o -
run chromejson -f chrome-json -o -
run cpath --critical-path
run vcpath --critical-path -v
run ccomm --critical-path --critical-path-comm true

check "png: a PNG" sh -c 'head -c 8 "$1" | od -An -c | grep -q "P   N   G"' \
    _ "$T/png.out"
check "html: a page with the chart" grep -q "<svg" "$T/html.out"

# Each exec of /bin/true is a process of its own on the chart, counted by
# the pids that exec'd it (lib/exec_rows.py: the recording is the whole
# system's, and other programs run true too).
trace-cmd report -R -t -i "$T/t.dat" >"$T/raw.txt" 2>/dev/null
set -- $(python3 "$LIB/exec_rows.py" "$T/jsonn.out" "$T/raw.txt" /bin/true true)
got=${1:-} want=${2:-} all=${3:-}
same "the /bin/true runs are processes: as many as their execs" "$got" "$want"
check "there are /bin/true runs ($want)" [ "${want:-0}" -ge "$LOOPS" ]
# Their CPU time and the CPU total, from trace-cmd report's switches.
python3 "$LIB/trace_oracle.py" cpu "$T/raw.txt" "$T/jsonn.out" true
# The chart draws a row for each process named true, ours or not.
rows=$(grep -c '>true</text>' "$T/svg.out")
same "the chart (-n) draws a row for each process named true" "$rows" "$all"

if python3 -c "import jsonschema" 2>/dev/null; then
	check "json: validates against the schema" python3 -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
' "$T/json.out" docs/bootchart.schema.json
else
	ok "json: against the schema # SKIP no python3-jsonschema"
fi
check "chrome-json: JSON with events" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"] if isinstance(d, dict) else d
sys.exit(0 if len(ev) > 0 else 1)
' "$T/chromejson.out"
check "perfetto: written" [ -s "$T/perfetto.out" ]

# Its own clock, from 0 at its first event: said in the header.
check "the header says the trace's own clock" \
    grep -q "time: the trace.* own clock, 0 at its first event" "$T/svg.out"
check "the chart notes no memory or disk chart" \
    grep -q "no memory or disk chart" "$T/svg.out"
check "the summary's processes are there" \
    grep -q "processes  *[1-9]" "$T/summary.out"

# The path to the recording's end starts at the trace's start, 0.
python3 "$LIB/cpath_check.py" alone "$T/cpath.out" "$T/vcpath.out" \
    "$T/json.out"
check "--critical-path: to the recording's end, from 0" grep -q \
    "^# critical path to .*(the recording's end .*): 0.000000 to " \
    "$T/cpath.out"
check "--critical-path-comm true: the target named" \
    grep -q "^# critical path to [0-9]* true (--critical-path-comm)" \
    "$T/ccomm.out"

# Alone, the trace is the input: one that does not read is the error.
head -c 20000 "$T/t.dat" >"$T/cut.dat"
"$R" -f svg -o "$T/cut.svg" "$T/cut.dat" 2>"$T/cut.err"
rc=$?
check "a cut trace.dat alone: exit 2, one line, the trace's error" sh -c \
    '[ "$1" -eq 2 ] && [ "$(wc -l <"$2")" -eq 1 ] && grep -q "cut.dat: offset" "$2" && [ ! -e "$3" ]' \
    _ "$rc" "$T/cut.err" "$T/cut.svg"
"$R" --critical-path --critical-path-pid 1 --critical-path-comm true \
    "$T/t.dat" >/dev/null 2>"$T/both.err"
check "--critical-path-pid with --critical-path-comm: a usage error" \
    sh -c '[ "$1" -eq 1 ] && grep -q "exclude each other" "$2"' _ $? \
    "$T/both.err"

# A fixture's trace.dat has bootchartd's clock-sync marker: uptime.
tar -xzOf tests/data/traces/chain.tgz trace.dat >"$T/chain.dat"
"$R" -f svg -o "$T/chain.svg" "$T/chain.dat" 2>"$T/chain.err"
check "fixture's trace.dat alone: drawn, status 0" [ $? -eq 0 -a -s "$T/chain.svg" ]
check "fixture's trace.dat alone: on the uptime (the marker)" \
    grep -q "time: uptime (bootchartd.* clock-sync marker" "$T/chain.svg"
"$R" --critical-path "$T/chain.dat" >"$T/chain.cpath" 2>&1
check "fixture's trace.dat alone: its path in uptime (from 419 s)" \
    grep -q "^# critical path to .*: 419\.[0-9]* to 420\." "$T/chain.cpath"

# Its block events are its disk chart: --json's series.disk bin for bin
# against trace-cmd report's block_rq_* events of the same file.
trace-cmd report -R -t -i "$T/chain.dat" >"$T/chain.rep" 2>/dev/null
"$R" --json -n "$T/chain.dat" >"$T/chain.json"
python3 "$LIB/trace_oracle.py" disk "$T/chain.rep" "$T/chain.json"
# Its processes' CPU time and the CPU total, as its switches have them.
python3 "$LIB/trace_oracle.py" cpu "$T/chain.rep" "$T/chain.json" cc1 as sh
check "fixture's trace.dat alone: the note says its disk chart is its block events'" \
    grep -q "no memory chart (no samples), disk from its block events" \
    "$T/chain.svg"
check "fixture's trace.dat alone: the disk chart's totals drawn" \
    grep -q ">read 0.1 MB, written 10 MB<" "$T/chain.svg"
exit 0

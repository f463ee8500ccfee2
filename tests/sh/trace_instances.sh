#!/bin/sh
# trace_instances.sh: a recording we did not make ourselves, as a kernel engineer has one: two tracefs instances (the scheduler's and task events in one, the block layer's in the other) of a loop of /bin/true, a CPU-bound awk and direct disk I/O, taken by one `trace-cmd extract -B A -B B` into a version 7 zstd trace.dat; the bare file's --json against trace-cmd report of the same file (lib/trace_oracle.py: each process's CPU time and the CPU total from sched_switch, the disk chart bin for bin from block_rq_*), its -f perfetto through exports_check.py's line grammar and event-for-event check.  Needs root, tracefs, trace-cmd and python3; skips without them.
T=${BC_TMP:?BC_TMP must be set}
R=$BC_RENDER
LIB=$(dirname "$0")/lib

. "$LIB/logger_lib.sh.inc"

need_tracefs "trace_instances" trace-cmd python3
[ -d "$TR/instances" ] || { ok "trace_instances # SKIP no tracefs instances"; exit 0; }

# Instances of our own: the top-level buffer and its settings stay as
# they are.  trace-cmd extract -B removes the instances it read.
A=bc_inst_sched_$$
B=bc_inst_block_$$
trap 'rmdir "$TR/instances/$A" "$TR/instances/$B" 2>/dev/null' EXIT
LOOPS=10

# events NAME EVENT...: those the kernel has, enabled in instance NAME.
events() {
	ev_i=$TR/instances/$1
	shift
	for e in "$@"; do
		grep -qx "$e" "$TR/available_events" && echo "$e"
	done >"$ev_i/set_event"
}

# work: what the instances record.  dd's direct I/O goes to the disk
# under $T, when it has one (a tmpfs refuses O_DIRECT: no block events).
work() {
	i=0
	while [ $i -lt $LOOPS ]; do
		/bin/true
		i=$((i + 1))
	done
	awk 'BEGIN { for (i = 0; i < 2000000; i++) s += i }'
	dd if=/dev/zero of="$T/io.bin" bs=64k count=64 oflag=direct \
	    conv=fsync 2>/dev/null
	dd if="$T/io.bin" of=/dev/null bs=64k iflag=direct 2>/dev/null
	rm -f "$T/io.bin"
}

# record: both instances into $T/two.dat; 0, or 1 when trace-cmd could
# not read back what it wrote (trace_decode.sh says why).
record() {
	mkdir "$TR/instances/$A" "$TR/instances/$B" 2>/dev/null ||
	    { ok "trace_instances # SKIP cannot make tracefs instances"; exit 0; }
	events "$A" sched:sched_switch sched:sched_waking \
	    sched:sched_wakeup_new sched:sched_process_fork \
	    sched:sched_process_exec sched:sched_process_exit \
	    task:task_newtask task:task_rename
	events "$B" block:block_rq_issue block:block_rq_requeue \
	    block:block_rq_complete
	echo 1 >"$TR/instances/$A/tracing_on"
	echo 1 >"$TR/instances/$B/tracing_on"
	work
	echo 0 >"$TR/instances/$A/tracing_on"
	echo 0 >"$TR/instances/$B/tracing_on"
	trace-cmd extract -B "$A" -B "$B" -o "$T/two.dat" \
	    >"$T/extract.log" 2>&1 ||
	    { notok "trace-cmd extract: $(tail -n 1 "$T/extract.log")"; exit 1; }
	rmdir "$TR/instances/$A" "$TR/instances/$B" 2>/dev/null
	trace-cmd report -i "$T/two.dat" >/dev/null 2>&1
}
n=0
until record; do
	n=$((n + 1))
	[ $n -lt 5 ] || { notok "trace-cmd cannot read its own recording, 5 times"; exit 1; }
	echo "# trace-cmd could not read its recording back; recording again"
done

# What the file is, by trace-cmd's own account: version 7, zstd, both
# instances' buffers.
trace-cmd dump --summary -i "$T/two.dat" >"$T/dump.txt" 2>&1
check "the recording is version 7" grep -q "^[[:space:]]*7[[:space:]]*\[Version\]" "$T/dump.txt"
if grep -q "zstd[[:space:]]*\[Compression algorithm\]" "$T/dump.txt"; then
	ok "the recording is zstd-compressed"
else
	ok "the recording is zstd-compressed # SKIP this trace-cmd writes no zstd"
fi
check "the recording holds both instances' buffers" sh -c \
    'grep -q "buffer \"$1\"" "$3" && grep -q "buffer \"$2\"" "$3"' _ "$A" "$B" \
    "$T/dump.txt"

trace-cmd report -R -t -i "$T/two.dat" >"$T/raw.txt" 2>/dev/null
trace-cmd report -N -l -i "$T/two.dat" >"$T/ref.txt" 2>/dev/null
"$R" --json -n "$T/two.dat" >"$T/two.json" 2>"$T/json.err"
check "--json -n of the bare file: status 0, no message" \
    sh -c '[ "$1" -eq 0 ] && [ ! -s "$2" ]' _ $? "$T/json.err"

# The processes: a row named true for each /bin/true run, one per pid
# that exec'd it.  Counted by those pids: the recording is the whole
# system's, and a true another program ran meanwhile (or exec'd before
# the recording began) is no run of ours.
set -- $(python3 "$LIB/exec_rows.py" "$T/two.json" "$T/raw.txt" /bin/true true)
got=${1:-} want=${2:-}
same "the /bin/true runs are processes: as many as their execs" "$got" "$want"
check "there are /bin/true runs ($want)" [ "${want:-0}" -ge "$LOOPS" ]

# Their CPU time and the CPU total from the switches, as trace-cmd has them.
python3 "$LIB/trace_oracle.py" cpu "$T/raw.txt" "$T/two.json" awk true

# The disk chart from the other instance's block events.
if grep -q "block_rq_complete:" "$T/raw.txt"; then
	python3 "$LIB/trace_oracle.py" disk "$T/raw.txt" "$T/two.json"
else
	ok "disk from the block events # SKIP no block I/O recorded under $T"
fi

# -f perfetto of the bare file: the export tests' grammar, event for
# event against trace-cmd report -N -l; awk's own lines name it its tgid.
"$R" -f perfetto -o "$T/two.perfetto.txt" "$T/two.dat" 2>"$T/pf.err"
check "-f perfetto of the bare file: status 0, no message" \
    sh -c '[ "$1" -eq 0 ] && [ ! -s "$2" ]' _ $? "$T/pf.err"
awkpid=$(python3 -c '
import json, sys
print([p["pid"] for p in json.load(open(sys.argv[1]))["processes"]
       if p["name"] == "awk"][0])' "$T/two.json")
python3 "$LIB/exports_check.py" perfetto "$T/two.perfetto.txt" \
    "$T/ref.txt" "$T/two.json" "$awkpid" "$awkpid"
exit 0

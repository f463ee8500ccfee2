#!/bin/sh
# trace_decodes.sh: every output and every verb of a traced log reads
# (decodes) its trace.dat once: the trace's model is made once and read
# by the chart, the reports, the page and the exports (docs/trace.md).
# -vv says how often a render opened a reader of the trace; -f perfetto
# reads the events a second time, to write them as ftrace text, and says
# 2 (from a tarball, the second reading is of the file read again:
# analysis/boot.c).  Runs on the recorded traces of tests/data/traces (skips without).
set -u
T=${BC_TMP:?}
R=$BC_RENDER
. "$(dirname "$0")/lib/tap.sh.inc"

set -- tests/data/traces/*.tgz
[ -e "$1" ] || { echo "ok - trace_decodes # SKIP no recorded traces"; exit 0; }

# reads WANT WHAT ARGS...: the render says it read the trace WANT times.
reads() {
	want=$1 what=$2
	shift 2
	"$R" -vv "$@" >/dev/null 2>"$T/err"
	got=$(sed -n 's/^bootchart-render: the trace was read \([0-9]*\) times*$/\1/p' "$T/err")
	same "$what: read $want time(s)" "$got" "$want"
}

for log; do
	n=$(basename "$log" .tgz)
	for f in png svg html json summary chrome-json; do
		reads 1 "$n -f $f" -f "$f" -o "$T/out.$f" "$log"
	done
	reads 2 "$n -f perfetto (the events again as text)" -f perfetto \
	    -o "$T/out.pf" "$log"
	reads 1 "$n -f html --threads --per-cpu" -f html --threads --per-cpu \
	    -o "$T/out.html" "$log"
	reads 1 "$n --dump-events" --dump-events "$log"
	reads 1 "$n --wakeups" --wakeups "$log"
	reads 1 "$n --wake-graph" --wake-graph -f dot "$log"
	reads 1 "$n --critical-path" --critical-path "$log"
	reads 1 "$n --functions" --functions "$log"
done

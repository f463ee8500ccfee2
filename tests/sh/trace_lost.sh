#!/bin/sh
# trace_lost.sh: events the kernel lost before they were read are said
# by every output that draws from the trace: the chart's note, the
# summary, --json's trace_lost and --critical-path's header.  Two
# sources, on the recorded pipe fixture: bootchartd's header count
# (bootchart.trace.lost, forged here to 7), and a page that says it
# follows a loss (its commit word's missed-events flag, set here on CPU
# 0's second page), which trace-cmd reports as dropped events too.
set -u
T=${BC_TMP:?}
R=$BC_RENDER
. "$(dirname "$0")/lib/tap.sh.inc"
fix=tests/data/traces/pipe.tgz

# 1. The header's count.
mkdir -p "$T/h" && tar -xzf "$fix" -C "$T/h"
sed -i 's/^bootchart.trace.lost = .*/bootchart.trace.lost = total 7: cpu0=7 cpu1=0/' "$T/h/header"
"$R" --summary "$T/h" >"$T/h.sum" 2>&1
check "summary: the kernel lost 7 events" \
    grep -q '^trace: the kernel lost 7 events before they were read; ' "$T/h.sum"
"$R" --json "$T/h" >"$T/h.json" 2>&1
check "--json: trace_lost has 7 events" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if d.get("trace_lost") == {"events": 7, "pages": 0} else 1)' "$T/h.json"
"$R" --critical-path "$T/h" >"$T/h.cp" 2>&1
check "--critical-path: a line says so" \
    grep -q '^# the kernel lost 7 events before they were read: ' "$T/h.cp"
"$R" -f svg -o "$T/h.svg" "$T/h" 2>"$T/h.err"
check "the chart's note says so" \
    grep -q 'trace: the kernel lost 7 events before they were read' "$T/h.svg"
"$R" --json "$fix" >"$T/n.json" 2>&1
check "without a loss: no trace_lost" python3 -c '
import json, sys
sys.exit(0 if "trace_lost" not in json.load(open(sys.argv[1])) else 1)' "$T/n.json"

# 2. A page flagged as following a loss, without a count.
mkdir -p "$T/p" && tar -xzf "$fix" -C "$T/p"
python3 - "$T/p/trace.dat" <<'EOP'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
page = struct.unpack_from("<I", d, 14)[0]
at = d.index(b"flyrecord\0") + 10
off, size = struct.unpack_from("<QQ", d, at)
assert size >= 2 * page
# The page header: u64 time stamp, then the commit word (a long).
commit = off + page + 8
struct.pack_into("<Q", d, commit, struct.unpack_from("<Q", d, commit)[0] | (1 << 31))
open(sys.argv[1], "wb").write(d)
EOP
if command -v trace-cmd >/dev/null 2>&1; then
	check "trace-cmd reports the flagged page" \
	    sh -c "trace-cmd report -i '$T/p/trace.dat' 2>/dev/null | grep -q 'EVENTS DROPPED'"
fi
"$R" --summary "$T/p" >"$T/p.sum" 2>&1
check "summary: lost before 1 page, no count" \
    grep -q '^trace: the kernel lost events before 1 page (no count kept); ' "$T/p.sum"
"$R" --json "$T/p" >"$T/p.json" 2>&1
check "--json: trace_lost has the page" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if d.get("trace_lost") == {"events": 0, "pages": 1} else 1)' "$T/p.json"

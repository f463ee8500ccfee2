#!/bin/sh
# critical_path.sh: the critical path of a known chain (docs/critical-path.md):
# A blocks reading a pipe; B sleeps 300 ms, then writes; A computes ~200
# ms, fsyncs a file and exits.  The trace lost no event;
# --critical-path's segments (-v) follow one another, its rows and its
# category totals add up to the span, --json carries the same path and
# totals, --summary its top row,
# --critical-path-pid B holds B's sleep, the chart marks it; without a
# trace it is an error.  How the path splits into
# B's timer, A running and A's disk wait against what the programs
# measured depends on how this run was scheduled: that is asserted on a
# recording of the same chain (tests/sh/trace_fixtures.sh).
# Needs root and tracefs (skips otherwise, as trace_states.sh).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"

# Without a trace: exit 2 and the error docs/errors.md gives; the PID
# option alone is a usage error.
"$R" --critical-path tests/data/sample-boot.tgz >"$T/n.out" 2>"$T/n.err"
check "--critical-path without trace.dat: exit 2" [ $? = 2 ]
check "... saying there is no trace" \
    grep -q "no kernel trace (trace.dat) in this log" "$T/n.err"
"$R" --critical-path-pid 1 tests/data/sample-boot.tgz >"$T/n.out" 2>&1
check "--critical-path-pid alone: exit 1" [ $? = 1 ]
"$R" --json tests/data/sample-boot.tgz >"$T/n.json" 2>/dev/null
check "--json without a trace: critical_path null" \
    grep -q '"critical_path": null' "$T/n.json"

need_tracefs "critical path" python3

# Each program writes "what pid start end" (ns of CLOCK_BOOTTIME).
"$L" start -c "$T/empty.conf" --trace -o "$T/a.tgz" -- \
    python3 "$(dirname "$0")/lib/chain.py" "$T" >"$T/a.out" 2>&1
check "start --trace: status 0" [ $? = 0 ]
same "0 events lost" "$(tar -xzOf "$T/a.tgz" header |
    sed -n 's/^bootchart.trace.lost = \(total [0-9]*\).*/\1/p')" "total 0"
"$R" --critical-path "$T/a.tgz" >"$T/cp" 2>"$T/cp.err"
check "--critical-path reads it" [ $? = 0 ]
"$R" --critical-path -v "$T/a.tgz" >"$T/cpv" 2>>"$T/cp.err"
check "--critical-path -v reads it" [ $? = 0 ]
cat "$T/m.a" "$T/m.b" >"$T/m"
sed 's/^/# /' "$T/m"

# The path's rows add up to the span, within 1 ms (the text's times are
# s; -v has every row and segment).
awk -F'\t' '$1 == "total" { print "# span " $2 " s, unexplained " $3 " s"
	u = $3 < 0 ? -$3 : $3; ok = u <= 0.001 } END { exit !ok }' "$T/cp"
check "what it waited on adds up to the span (<= 1 ms unexplained)" [ $? = 0 ]
awk -F'\t' '$1 == "waited" { s += $5 } $1 == "total" { span = $2 }
	END { d = s - span; if (d < 0) d = -d; print "# table " s " s"
	exit !(d <= 0.001) }' "$T/cpv"
check "the table's rows sum to the span" [ $? = 0 ]
awk -F'\t' '$1 == "segment" { if (n++ && $2 + 0 < end - 0.0000015) bad++
	end = $3 } END { exit bad > 0 || n == 0 }' "$T/cpv"
check "the segments are in time order, one after the other" [ $? = 0 ]

# --json carries the same path: segments and rows as the text's.
"$R" --json "$T/a.tgz" >"$T/a.json" 2>/dev/null
python3 "$(dirname "$0")/lib/cpath_check.py" chain "$T/cp" "$T/cpv" "$T/a.json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = d["critical_path"]
text = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])]
seg = [l for l in text if l[0] == "segment"]
rows = [l for l in text if l[0] == "waited"]
ok = len(c["segments"]) == len(seg) and len(c["waited_on"]) == len(rows)
for j, t in zip(c["segments"], seg):
    ok = ok and j["category"] == t[4] and j["pid"] == int(t[5]) and \
        abs((j["end_ms"] - j["start_ms"]) - float(t[3])) <= 0.002
span = c["end_ms"] - c["start_ms"]
tot = sum(r["ms"] for r in c["waited_on"])
print("# json: %d segments, span %.3f ms, rows %.3f ms" % (len(seg), span, tot))
sys.exit(0 if ok and abs(span - tot) <= 1 and d["schema_version"] == 4 else 1)
' "$T/a.json" "$T/cpv"
check "--json critical_path: the text's segments, rows adding up to the span" [ $? = 0 ]
if python3 -c "import jsonschema" 2>/dev/null; then
	python3 -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
' "$T/a.json" docs/bootchart.schema.json
	check "--json with a critical path validates against the schema" [ $? = 0 ]
else
	ok "--json validates # SKIP no python3-jsonschema"
fi
"$R" --summary "$T/a.tgz" >"$T/a.sum" 2>/dev/null
top=$(awk -F'\t' '$1 == "waited" { print $2, $3; exit }' "$T/cp")
awk -v top="$top" '/^Critical path/ { s = 1; next }
	s && $1 == "waited" { w = 1; next }
	w { print ($1 " " $3 == top); exit }' "$T/a.sum" |
    grep -qx 1
check "--summary names the table's top row" [ $? = 0 ]

# --critical-path-pid: B's own path ends at B's exit, after its sleep.
b=$(awk '$1 == "sleep" { print $2 }' "$T/m")
"$R" --critical-path --critical-path-pid "$b" "$T/a.tgz" >"$T/cpb" 2>/dev/null
check "--critical-path-pid B: B's path" grep -q "^# critical path to $b " "$T/cpb"
awk -F'\t' -v b="$b" '$1 == "merged" && $5 == "timer" && $6 == b { n++ }
	END { exit !n }' "$T/cpb"
check "... holds B's sleep" [ $? = 0 ]
"$R" --critical-path --critical-path-pid 4000000 "$T/a.tgz" >/dev/null 2>"$T/e"
check "--critical-path-pid of no traced process: exit 2" [ $? = 2 ]

# The chart: the legend's line, and the bars in the path's colour (3 px
# high) in the SVG.
"$BC_BUILD/tests/tools/layout_dump" "$T/a.tgz" >"$T/layout" 2>/dev/null
check "the chart's legend names the critical path" \
    grep -q "On the critical path" "$T/layout"
"$R" -f svg -o "$T/a.svg" "$T/a.tgz" 2>/dev/null
k=$(grep -o '\.k[0-9]*{fill:#c2185b}' "$T/a.svg" | sed 's/^\.\(k[0-9]*\).*/\1/')
check "the SVG draws the path's bars under the rows" \
    grep -q "<path class=\"${k:-none}\" d=\"M[0-9.]* [0-9.]*h[0-9.]*v3h" "$T/a.svg"
"$R" -f svg -o "$T/n.svg" tests/data/sample-boot.tgz 2>/dev/null
check "... and a log without a trace has none" \
    sh -c "! grep -q c2185b '$T/n.svg'"

#!/bin/sh
# trace_functions.sh: --functions and --json's functions on the distro boot traced with function_graph (make check-distro with DISTRO_FUNCTIONS=1 leaves build/distro/functions/bootchart.tgz) against trace-cmd report -R of the same trace.dat: the same calls, nested, the same counts and totals per function.  Skips without that log, trace-cmd or python3.
. "$(dirname "$0")/lib/fnlog.sh.inc"

[ -s "$F" ] || skip "no $F (DISTRO_FUNCTIONS=1 make check-distro makes it)"
need_oracle
mkdir -p "$T/x" && tar -xzf "$F" -C "$T/x" trace.dat ||
    { notok "$F has a trace.dat"; exit 1; }

trace-cmd report -R -i "$T/x/trace.dat" >"$T/report" 2>/dev/null ||
    notok "trace-cmd report -R reads it"
trace-cmd dump --kallsyms -i "$T/x/trace.dat" >"$T/ksyms" 2>/dev/null ||
    notok "trace-cmd dump --kallsyms reads it"
"$B/tests/tools/trace_decode" -c "$T/x/trace.dat" >"$T/calls" ||
    notok "trace_decode -c reads it"
"$R" --functions "$F" >"$T/table" 2>"$T/table.err"
check "--functions: status 0" [ $? -eq 0 ]
same "--functions: no warning" "$(cat "$T/table.err")" ""
python3 "$LIB/funcgraph_check.py" "$T/report" "$T/ksyms" "$T/calls" \
    "$T/table"

# --min-time (ms) leaves out the shorter calls: their rows go or shrink.
"$R" --functions --min-time 1 "$F" >"$T/table1000" 2>/dev/null
n=$(awk -F '\t' '$1 == "function" && $3 + 0 > 0' "$T/table" | wc -l)
n1=$(awk -F '\t' '$1 == "function"' "$T/table1000" | wc -l)
check "--min-time 1: fewer functions ($n1 of $n)" [ "$n1" -lt "$n" ]
short=$(awk -F '\t' '$1 == "function" && $6 + 0 < 1' "$T/table1000" | wc -l)
same "--min-time 1: no function's longest call under 1 ms" "$short" 0
# To three decimals: 0.25 ms keeps the calls of 250 us and more.
"$R" --functions --min-time 0.25 "$F" >"$T/table250" 2>/dev/null
n25=$(awk -F '\t' '$1 == "function"' "$T/table250" | wc -l)
short=$(awk -F '\t' '$1 == "function" && $6 + 0 < 0.25' "$T/table250" | wc -l)
check "--min-time 0.25: between ($n1 <= $n25 <= $n), none under 0.25 ms" \
    test "$n1" -le "$n25" -a "$n25" -le "$n" -a "$short" -eq 0

# --json: the same rows.
"$R" -q --json "$F" >"$T/json" 2>/dev/null
check "--json: status 0" [ $? -eq 0 ]
python3 - "$T/json" "$T/table" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])
        if l.startswith("function\t")]
fn = d["functions"]
ok = len(fn) == len(rows) and all(
    f["name"] == r[1] and f["calls"] == int(r[2]) and
    f["total_us"] == int(r[3].replace(".", "")) for f, r in zip(fn, rows))
print(("ok" if ok else "not ok") +
      " - --json: functions as --functions lists them (%d)" % len(fn))
PY

# The flame chart (issue 25 item 2): every bar's tooltip is a call of
# trace-cmd's report (its thread, depth and duration to the µs), the
# longest call is drawn.
"$R" -q -f svg -o "$T/flame.svg" "$F" 2>/dev/null
check "-f svg: status 0" [ $? -eq 0 ]
python3 - "$T/report" "$T/flame.svg" <<'PY'
import re, sys
EXIT = re.compile(r"-(\d+)\s+\[\d+\].*funcgraph_exit:\s+func=\S+ "
                  r"depth=(-?\d+) overrun=\d+ calltime=([0-9a-f]+) "
                  r"rettime=([0-9a-f]+)")
ref = set()
longest = None
for line in open(sys.argv[1]):
    m = EXIT.search(line)
    if m:
        pid, depth = int(m[1]), int(m[2])
        dur = int(m[4], 16) - int(m[3], 16)
        ref.add((pid, depth, round(dur / 1000)))
        if longest is None or dur > longest[2]:
            longest = (pid, depth, dur)
TIP = re.compile(r"<title>([^<:]+): ([0-9.]+) ms \(self ([0-9.]+) ms\), "
                 r"depth (\d+), pid (\d+)</title>")
bars = [(int(m[5]), int(m[4]), round(float(m[2]) * 1000), float(m[3]) <= float(m[2]))
        for m in TIP.finditer(open(sys.argv[2]).read())]
bad = [b for b in bars if not any((b[0], b[1], b[2] + e) in ref for e in (-1, 0, 1))]
selfbad = [b for b in bars if not b[3]]
print(("ok" if bars and not bad else "not ok") +
      " - flame chart: %d bars, each a call of trace-cmd's report (%d not)" % (len(bars), len(bad)))
print(("ok" if not selfbad else "not ok") + " - flame chart: no call's self time above its time")
hit = any(b[0] == longest[0] and b[1] == longest[1] and
          abs(b[2] - longest[2] / 1000) <= 1 for b in bars)
print(("ok" if hit else "not ok") + " - flame chart: the longest call (%.3f ms, pid %d) is drawn"
      % (longest[2] / 1e6, longest[0]))
PY

#!/bin/sh
# trace_functions.sh: --functions and --json's functions on the distro boot traced with function_graph (make check-distro with DISTRO_FUNCTIONS=1 leaves build/distro/functions/bootchart.tgz) against trace-cmd report -R of the same trace.dat: the same calls, nested, the same counts and totals per function.  Skips without that log, trace-cmd or python3.
T=${BC_TMP:?BC_TMP must be set}
R=$BC_RENDER
B=${BC_BUILD:?BC_BUILD must be set}
LIB=$(dirname "$0")/lib
F=${BC_FUNCTIONS_LOG:-build/distro/functions/bootchart.tgz}

. "$LIB/tap.sh.inc"

skip() {
	echo "ok - trace_functions # SKIP $*"
	exit 0
}
[ -s "$F" ] || skip "no $F (DISTRO_FUNCTIONS=1 make check-distro makes it)"
command -v trace-cmd >/dev/null 2>&1 || skip "no trace-cmd (Debian package trace-cmd)"
command -v python3 >/dev/null 2>&1 || skip "no python3"
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

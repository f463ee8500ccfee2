#!/bin/sh
# trace_functions.sh: --functions and --json's functions on the distro boot traced with function_graph (make check-distro with DISTRO_FUNCTIONS=1 leaves build/distro/functions/bootchart.tgz) against trace-cmd report -R of the same trace.dat: the same calls, nested, the same counts and totals per function; the trace.dat alone gives the same table.  Skips without that log, trace-cmd or python3.
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

# The trace.dat alone (a recording without its log) has the same calls.
"$R" --functions "$T/x/trace.dat" >"$T/table.bare" 2>/dev/null
same "--functions of the trace.dat alone: the log's table" \
    "$(cat "$T/table.bare")" "$(cat "$T/table")"

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
                 r"depth (\d+), pid (\d+)(?:; [^<]*)?</title>")
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

# The waits of the initcalls: each of the ten longest, against the
# switches and wakings trace-cmd reports for its thread in its span.
python3 - "$T/report" "$T/table" <<'PY'
import re, sys
SW = re.compile(r"\s(\d+\.\d+): sched_switch:\s+prev_comm=.* prev_pid=(\d+) "
                r"prev_prio=\d+ prev_state=(\d+) next_comm=.* next_pid=(\d+) ")
WK = re.compile(r"-(\d+)\s+\[\d+\]\s+(\d+\.\d+): sched_waking:\s+comm=.* pid=(\d+) ")
SYNC = re.compile(r"\s(\d+\.\d+): print:.*clock_sync start boottime_ns=(\d+)")
ev, offset = {}, None
for line in open(sys.argv[1]):
    m = SW.search(line)
    if m:
        t, prev, st, nxt = float(m[1]), int(m[2]), int(m[3]), int(m[4])
        ev.setdefault(prev, []).append((t, "off", st & 3, 0))
        ev.setdefault(nxt, []).append((t, "on", 0, 0))
        continue
    m = WK.search(line)
    if m:
        ev.setdefault(int(m[3]), []).append((float(m[2]), "woken", 0, int(m[1])))
        continue
    m = SYNC.search(line)
    if m and offset is None:
        offset = int(m[2]) / 1e9 - float(m[1])
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])
        if l.startswith("wait\t")]
def oracle(pid, a, b):
    blocked, by = 0.0, {}
    v = sorted(ev.get(pid, []))
    for i, (t, kind, st, _) in enumerate(v):
        if kind != "off" or st == 0 or t >= b:
            continue
        end, who = b, None
        for t2, k2, _, w2 in v[i + 1:]:
            if k2 in ("woken", "on"):
                end, who = t2, (w2 if k2 == "woken" else None)
                break
        d = max(0.0, min(end, b) - max(t, a))
        blocked += d
        if who is not None and d > 0:
            by[who] = by.get(who, 0) + d
    return blocked, by
bad = []
for r in rows[:10]:
    pid, start, dur, blocked = int(r[2]), float(r[3]), float(r[4]), float(r[5])
    a = start / 1e3 - offset
    got, by = oracle(pid, a, a + dur / 1e3)
    top = max(by, key=by.get) if by else None
    m = re.search(r" (\d+)$", r[7])
    ok = abs(got * 1e3 - blocked) <= max(0.1, 0.01 * blocked) and (
        m is None or blocked == 0 or int(m[1]) == top)
    print("# %s pid %d: blocked %.3f ms, trace-cmd's %.3f ms; woken most by %s, trace-cmd's %s"
          % (r[1], pid, blocked, got * 1e3, r[7], top))
    if not ok:
        bad.append(r[1])
print(("ok" if rows and offset is not None and not bad else "not ok") +
      " - --functions' waits of the ten longest-waiting initcalls are trace-cmd's (%s)"
      % (", ".join(bad) or "all %d" % min(10, len(rows))))
PY

# --json's function_waits: the same rows, and the document its schema's.
python3 - "$T/json" "$T/table" docs/bootchart.schema.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])
        if l.startswith("wait\t")]
fw = d["function_waits"]
def same(j, r):
    who = j["woken_most_by"]
    name = "-" if who is None else (who["name"] if who["pid"] < 0 else
                                    "%s %d" % (who["name"], who["pid"]))
    return (j["function"] == r[1] and j["pid"] == int(r[2]) and
            "%.3f" % j["start_ms"] == r[3] and "%.3f" % j["ms"] == r[4] and
            "%.3f" % j["blocked_ms"] == r[5] and
            "%.3f" % j["runnable_ms"] == r[6] and name == r[7])
ok = rows and len(fw) == len(rows) and all(same(j, r) for j, r in zip(fw, rows))
print(("ok" if ok else "not ok") +
      " - --json: function_waits as --functions' wait rows (%d)" % len(fw))
try:
    import jsonschema
except ImportError:
    print("ok - --json against docs/bootchart.schema.json # SKIP no python3-jsonschema")
    sys.exit(0)
try:
    jsonschema.validate(d, json.load(open(sys.argv[3])))
    print("ok - --json of the functions boot is docs/bootchart.schema.json's")
except jsonschema.ValidationError as e:
    print("not ok - --json of the functions boot is docs/bootchart.schema.json's: %s" % e.message[:200])
PY

# The flame chart's tooltips say the same of the same calls.
python3 - "$T/flame.svg" "$T/table" <<'PY'
import re, sys
tips = re.findall(r"<title>([^<:]+): ([0-9.]+) ms \(self [0-9.]+ ms\), depth 1, "
                  r"pid (\d+)(?:; blocked ([0-9.]+) ms)?", open(sys.argv[1]).read())
bars = {(n, int(p), d): b or "0.000" for n, d, p, b in tips}
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[2])
        if l.startswith("wait\t")][:10]
seen = [r for r in rows if (r[1], int(r[2]), r[4]) in bars]
bad = [r[1] for r in seen if bars[(r[1], int(r[2]), r[4])] != r[5]]
print(("ok" if seen and not bad else "not ok") +
      " - flame chart: the tooltips of %d of those calls drawn say their "
      "blocked time (%s)" % (len(seen), ", ".join(bad) or "each as --functions"))
PY

# -f html: the same table, sortable and filtered, in a real browser.
"$R" -q -f html -o "$T/page.html" "$F"
check "-f html: status 0" [ $? -eq 0 ]
rows=$(sed '/What the calls waited for/q' "$T/page.html" | grep -c '^<tr><td>')
n=$(grep -c '^function	' "$T/table")
same "-f html: a table row per function" "$rows" "$n"
waits=$(sed -n '/What the calls waited for/,$p' "$T/page.html" | grep -c '^<tr><td>')
same "-f html: a row per call that waited, as --functions" "$waits" \
    "$(grep -c '^wait	' "$T/table")"
CHROMIUM=$(command -v chromium || true)
DRIVER=$(command -v chromedriver || true)
if [ -z "$CHROMIUM" ] || [ -z "$DRIVER" ]; then
	ok "functions' table in a browser # SKIP no chromium and chromedriver"
	exit 0
fi
HOME=$T /usr/bin/python3 "$LIB/html_browser.py" --functions "$DRIVER" \
    "$CHROMIUM" "$T/page.html" "$T/table" pci ${BC_FN_SHOT:+"$BC_FN_SHOT"} \
    2>"$T/py.err"
rc=$?
check "the functions' browser checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20

#!/bin/sh
# report_json.sh: --json on every reference log validates against docs/bootchart.schema.json and says what the logs say: the tree of --dump-tree, the boot time of -t, one process's CPU and D-state seconds and the totals as derived from the raw logs with awk; strings escaped per RFC 8259.
. "$(dirname "$0")/lib/report_lib.sh.inc"

if [ -z "$PY" ]; then
	ok "--json tests # SKIP no python3 with jsonschema (scripts/deps.sh installs python3-jsonschema)"
	exit 0
fi

# The checks on one document, in Python: the schema, the tree's
# structure, and the tree as --dump-tree prints it (pid, name, start,
# duration, children, samples), which goes to stdout to be compared.
cat >"$T/check.py" <<'PYEOF'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator.check_schema(schema)
jsonschema.Draft202012Validator(schema).validate(doc)
procs = doc["processes"]
assert doc["totals"]["processes"] == len(procs), "totals.processes"
for i, p in enumerate(procs):
    assert p["id"] == i, "ids in order"
    assert p["end_ms"] == p["start_ms"] + p["duration_ms"], "end = start + duration"
    for c in p["children"]:
        assert procs[c]["parent"] == i, "child's parent"
        assert procs[c]["ppid"] == p["pid"], "child's ppid"
        assert procs[c]["depth"] == p["depth"] + 1, "child's depth"
    if p["parent"] is None:
        assert p["depth"] == 0
    else:
        assert i in procs[p["parent"]]["children"], "parent lists the child"
m = doc["milestones"]
assert m["duration_ms"] == m["end_ms"] - m["start_ms"], "duration = end - start"
# A boot's times are uptimes; a profile's count from its start.
if doc["system"]["profile"] is None:
    assert m["boot_time_ms"] == m["duration_ms"] and m["zero_uptime_ms"] == 0, "a boot"
else:
    assert m["boot_time_ms"] is None and m["start_ms"] == 0, "a profile"
zero = m["zero_uptime_ms"]
for p in procs:
    print("%d\t%s\t%d\t%d\t%d\t%d" % (p["pid"], p["name"], p["start_ms"] + zero,
        p["duration_ms"], len(p["children"]), p["samples"]))
PYEOF

ref_logs | while read -r name log; do
	if [ ! -e "$log" ]; then
		ok "$name # SKIP $log not found"
		continue
	fi
	"$R" --json "$log" >"$T/$name.json" 2>"$T/err"
	rc=$?
	check "$name: --json exit 0 (exit $rc)" [ "$rc" -eq 0 -a -s "$T/$name.json" ]
	"$R" --dump-tree "$log" >"$T/$name.dump" 2>/dev/null
	if "$PY" "$T/check.py" "$SCHEMA" "$T/$name.json" >"$T/$name.rows" \
	    2>"$T/pyerr"; then
		ok "$name: valid against the schema, ids/parents/children consistent"
	else
		notok "$name: schema or structure"
		tail -n 3 "$T/pyerr" | sed 's/^/# /'
	fi
	same "$name: processes = --dump-tree's lines" \
	    "$(wc -l <"$T/$name.rows")" "$(wc -l <"$T/$name.dump")"
	check "$name: pid, name, start, duration, children, samples = --dump-tree's" \
	    cmp -s "$T/$name.rows" "$T/$name.dump"
	bt=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["milestones"]["duration_ms"])' "$T/$name.json")
	same "$name: duration_ms ($bt) is -t's time" \
	    "$(fmt_ms "$bt")" "$("$R" -t "$log" 2>/dev/null)"
done

if [ ! -d "$EX1" ]; then
	ok "example1 values # SKIP $EX1 not found"
else
	# jq-like picks from the example1 document.
	pick() {
		"$PY" -c 'import json,sys
d = json.load(open(sys.argv[1]))
print(eval(sys.argv[2], {"d": d}))' "$T/example1.json" "$1"
	}
	# Xorg (pid 6702): its own row, nothing merged into it.
	same "example1: Xorg's user, sys, D-state seconds and samples = its proc_ps.log lines" \
	    "$(pick '"%.3f %.3f %.3f %d" % next((p["cpu_user_s"], p["cpu_sys_s"], p["dstate_s"], p["samples"]) for p in d["processes"] if p["pid"] == 6702)')" \
	    "$(proc_secs "$EX1/proc_ps.log" 6702)"
	same "example1: boot time = earliest start to last block + period (docs/tree.md)" \
	    "$(pick 'd["milestones"]["boot_time_ms"]')" "$(boot_ms "$EX1/proc_ps.log")"
	same "example1: CPU busy and iowait CPU-seconds from proc_stat.log (2 CPUs)" \
	    "$(pick '"%.3f %.3f" % (d["totals"]["cpu_busy_s"], d["totals"]["cpu_iowait_s"])')" \
	    "$(cpu_totals "$EX1/proc_stat.log" 2)"
	same "example1: bytes read and written = whole disks' sector deltas x 512" \
	    "$(pick '"%d %d" % (d["totals"]["disk_read_bytes"], d["totals"]["disk_write_bytes"])')" \
	    "$(disk_bytes "$EX1/proc_diskstats.log")"
	same "example1: log start = first proc_ps.log block" \
	    "$(pick 'd["milestones"]["log_start_ms"]')" \
	    "$(awk '/^[0-9]+$/ { print $1 * 10; exit }' "$EX1/proc_ps.log")"
	same "example1: one CPU sample per proc_stat.log interval, intervals adding up to the span" \
	    "$(pick '"%d %d" % (len(d["series"]["cpu"]), sum(c["interval_ms"] for c in d["series"]["cpu"]))')" \
	    "$(awk '/^[0-9]+$/ { n++; t = $1 * 10; if (n == 1) f = t } END { print n - 1, t - f }' "$EX1/proc_stat.log")"
	same "example1: kernel end, switch_root, end reason null (not logged); 2 CPUs (header)" \
	    "$(pick '(d["milestones"]["kernel_end_ms"], d["milestones"]["switch_root_ms"], d["milestones"]["end_reason"], d["system"]["cpus"])')" \
	    "(None, None, None, 2)"
fi

# The schema is no formality: a document missing a field, or with a
# string for a number, is refused.
if [ -s "$T/sample-boot.json" ]; then
	for bad in 'del d["milestones"]["end_ms"]' 'd["processes"][0]["pid"] = "1"' \
	    'd["schema_version"] = 1' 'd["processes"][0]["unit"] = 5'; do
		if "$PY" -c 'import json,sys,jsonschema
d = json.load(open(sys.argv[2]))
exec(sys.argv[3])
jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(d)' \
		    "$SCHEMA" "$T/sample-boot.json" "$bad" 2>/dev/null; then
			notok "schema refuses: $bad"
		else
			ok "schema refuses: $bad"
		fi
	done
	same "sample-boot: end reason from the header's bootchart.end" \
	    "$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["milestones"]["end_reason"])' "$T/sample-boot.json")" \
	    "$(tar -xzOf tests/data/sample-boot.tgz header | sed -n 's/^bootchart.end = //p')"
fi

# Hostile names: every control, quote, backslash, invalid UTF-8 escaped.
H=$T/hostile
hostile_log "$H"
"$R" -n --json "$H" >"$T/h.json" 2>"$T/h.err"
rc=$?
check "hostile names: --json exit 0 (exit $rc)" [ "$rc" -eq 0 ]
same "hostile names: decoded as the bytes were, invalid bytes as U+FFFD" \
    "$("$PY" -c 'import json,sys
print(ascii([p["name"] for p in json.load(open(sys.argv[1]))["processes"]]))' "$T/h.json")" \
    "['init', 'q\"b\\\\c', 'e\\x1b[31mx\\x01', 'bad\\ufffdy', 'c1\\x85z', 'ls\\u2028p', 'caf\\xe9', 'ta\\tb', 'cut\\ufffd\\ufffd']"
check "hostile names: no raw control byte, C1, U+2028 or invalid UTF-8 in the output" \
    "$PY" -c 'import sys
b = open(sys.argv[1], "rb").read()
t = b.decode("utf-8")
sys.exit(any((ord(c) < 32 and c != "\n") or 127 <= ord(c) < 160 or c in "\u2028\u2029" for c in t))' "$T/h.json"
check "hostile names: escapes are \\u00XX (ESC as \\u001b)" grep -q 'e\\u001b\[31mx\\u0001' "$T/h.json"

# -o FILE.json holds what standard output gets; -o - is standard output.
if [ -s "$T/sample-boot.json" ]; then
	"$R" --json -o "$T/out.json" tests/data/sample-boot.tgz
	check "--json -o FILE: the same bytes as on standard output" \
	    cmp -s "$T/out.json" "$T/sample-boot.json"
	"$R" --json -o - tests/data/sample-boot.tgz >"$T/dash.json"
	check "--json -o -: standard output, no file named -" \
	    sh -c "cmp -s '$T/dash.json' '$T/sample-boot.json' && [ ! -e ./- ]"
fi

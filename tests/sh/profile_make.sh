#!/bin/sh
# profile_make.sh: issue 14 item 5, a readable profile of a real build:
# `bootchartd start -o X -- make -j2` on a generated 8-file C project.
# The chart (its layout texts, tests/tools/layout_dump) and --dump-tree:
# 8 compiler rows, each labelled with its source file; not the command's
# ancestors, nor bootchartd, nor kernel threads that never ran; titled
# after the command; "application:"; at least 4 time labels.  Processes
# of other jobs (an awk loop the test starts) are rows only with
# --whole-system (docs/tree.md).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
case $BC_BUILD in /*) DUMP=$BC_BUILD ;; *) DUMP=$(pwd)/$BC_BUILD ;; esac
DUMP=$DUMP/tests/tools/layout_dump
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"

. "$(dirname "$0")/lib/logger_lib.sh.inc"

if ! command -v cc >/dev/null || ! command -v make >/dev/null; then
	ok "profile of make -j2 # SKIP cc or make missing (scripts/deps.sh installs them)"
	exit 0
fi

# 8 files, each a few tenths of a second of -O2 work: every compiler is
# sampled several times at 20 Hz.
P=$T/proj
mkdir -p "$P"
for i in 1 2 3 4 5 6 7 8; do
	awk -v i="$i" 'BEGIN { for (f = 0; f < 40; f++) {
		printf "int f%d_%d(int x) { int y = x;", i, f
		for (k = 0; k < 20; k++)
			printf " y = y * %d + (y >> %d) ^ %d;", k + 3, k % 7 + 1, f + k
		print " return y; }" } }' >"$P/bcp_f$i.c"
done
{
	printf 'OBJS ='
	for i in 1 2 3 4 5 6 7 8; do printf ' bcp_f%d.o' "$i"; done
	printf '\nall: $(OBJS)\n%%.o: %%.c\n\tcc -O2 -c -o $@ $<\n'
} >"$P/Makefile"

# Another job on the machine, started while logging: awk, once the
# first object exists (logging began before make), a child of the
# subshell, which started before logging: the ':' after it keeps the
# shell from exec'ing awk in its place as the subshell's last command.
(while [ ! -e "$P/bcp_f1.o" ]; do sleep 0.05; done
    awk 'BEGIN { for (i = 0; i < 1e7; i++) x += i; print x }'; :) \
    >/dev/null 2>&1 &
other=$!
(cd "$P" && "$L" start -c "$T/empty.conf" -p 0.05 -o "$T/m.tgz" -- make -j2) \
    >"$T/m.out" 2>&1
wait "$other"
check "make -j2 built and bootchartd wrote the tarball" \
    [ -e "$P/bcp_f8.o" ] && valid_tgz "$T/m.tgz"
check "header: profile.command = make -j2" \
    sh -c "tar -xzOf '$T/m.tgz' header | grep -qx 'profile.command = make -j2'"

"$DUMP" "$T/m.tgz" >"$T/m.layout" 2>"$T/m.err"
check "layout_dump read the log" [ $? = 0 ]
"$R" --dump-tree "$T/m.tgz" >"$T/m.tree" 2>"$T/m.err"
"$R" --json "$T/m.tgz" >"$T/m.json" 2>>"$T/m.err"

# One compiler driver row per file, labelled with its command line.
for i in 1 2 3 4 5 6 7 8; do
	n=$(grep -c "^row	[0-9]*	cc -O2 -c -o bcp_f$i.o bcp_f$i.c\$" "$T/m.layout")
	check "one row 'cc -O2 -c -o bcp_f$i.o bcp_f$i.c' ($n)" [ "$n" = 1 ]
done
n=$(grep -c '^row	[0-9]*	cc -O2 -c ' "$T/m.layout")
check "8 compiler rows, siblings not merged ($n)" [ "$n" = 8 ]
# One row per compile: the driver absorbed its helpers (cc1, as), so no
# cc1 or as row is left; -n keeps them, a cc1 naming each file.
check "no cc1 or as rows: each compile is one row" sh -c \
    "! awk -F'\\t' '\$2 == \"cc1\" || \$2 == \"as\"' '$T/m.tree' | grep -q ."
"$R" -n --json "$T/m.tgz" >"$T/m.n.json" 2>>"$T/m.err"
check "-n: cc1 rows for all 8 files" python3 -c '
import json, re, sys
doc = json.load(open(sys.argv[1]))
files = set()
for p in doc["processes"]:
    m = re.search(r"bcp_f[1-8]\.c", p["cmdline"] or "")
    if p["name"] == "cc1" and m:
        files.add(m.group(0))
print("# cc1 files:", sorted(files))
sys.exit(0 if len(files) == 8 else 1)' "$T/m.n.json"
n=$(grep -c '	cc$' "$T/m.layout")
check "no row labelled just 'cc' ($n)" [ "$n" = 0 ]

# The command's ancestors and the logger are not rows.
make_pid=$(awk -F'\t' '$1 == "row" && $3 == "make -j2" { print $2; exit }' "$T/m.layout")
check "the command is a row (make -j2)" [ -n "$make_pid" ]
check "no bootchartd row" sh -c "! awk -F'\\t' '\$2 == \"bootchartd\"' '$T/m.tree' | grep -q ."
check "PID 1 is not a row" sh -c "! grep -q '^row	1	' '$T/m.layout'"
check "the test's shell is not a row" sh -c "! grep -q '^row	$$	' '$T/m.layout'"
check "make -j2 is a root of the tree" python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
sys.exit(0 if [p for p in doc["processes"] if p["pid"] == int(sys.argv[2])
    and p["parent"] is None] else 1)' "$T/m.json" "${make_pid:-0}"
check "every kernel thread drawn ran (CPU or D state)" python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
idle = [p["pid"] for p in doc["processes"] if p["ppid"] == 2 and
    p["cpu_user_s"] + p["cpu_sys_s"] + p["dstate_s"] == 0]
print("# idle kernel threads:", idle)
sys.exit(1 if idle else 0)' "$T/m.json"

# Title, application: line, time axis.
check "title: Profile of make -j2 on HOST" \
    grep -q '^text	Profile of make -j2 on ' "$T/m.layout"
check "header lines: application: make" \
    grep -qx 'text	application: make' "$T/m.layout"
check "no kernel options line" \
    sh -c "! grep -q '^text	kernel options:' '$T/m.layout'"
n=$(grep -Ec '^text	[0-9]+(\.[0-9]+)?s$' "$T/m.layout")
check "at least 4 time labels ($n)" [ "$n" -ge 4 ]

# Issue 26 item 2: the profile is the command's.  By default only make
# and what it ran; the other job only with --whole-system.
check "one root, make -j2, and every row below it" python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
roots = [p for p in doc["processes"] if p["parent"] is None]
print("# roots:", [(p["pid"], p["name"]) for p in roots])
sys.exit(0 if len(roots) == 1 and roots[0]["pid"] == int(sys.argv[2]) else 1)' \
    "$T/m.json" "${make_pid:-0}"
check "the other job is not a row" sh -c "! grep -q '	awk' '$T/m.tree'"
"$R" --whole-system --dump-tree "$T/m.tgz" >"$T/mw.tree" 2>>"$T/m.err"
check "--whole-system: the other job is a row" grep -q '	awk	' "$T/mw.tree"
check "--whole-system: make -j2 still there" grep -q "^$make_pid	make	" "$T/mw.tree"

# One time base: the JSON's times from the chart's 0, uptime apart; a
# profile has no boot time; nothing ends after the log's end.
check "JSON: times from the chart's 0, the uptime of 0 apart, no boot time" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = d["milestones"]
print("# milestones:", m)
ok = (m["start_ms"] == 0 and m["zero_uptime_ms"] > 0 and
    m["boot_time_ms"] is None and m["duration_ms"] == m["end_ms"] - m["start_ms"]
    and m["kernel_end_ms"] is None and m["switch_root_ms"] is None)
late = [p["name"] for p in d["processes"] if p["end_ms"] > m["end_ms"] or p["start_ms"] < 0]
cpu = d["series"]["cpu"]
print("# ends past the log:", late, "; cpu t_ms:", cpu[0]["t_ms"], "..", cpu[-1]["t_ms"])
ok = ok and not late and 0 < cpu[0]["t_ms"] <= m["end_ms"] and cpu[-1]["t_ms"] <= m["end_ms"]
sys.exit(0 if ok else 1)' "$T/m.json"
# The header says when make began (uptime, from the sampler's first
# block holding it); the JSON's start plus its zero must agree.
check "JSON: make's start + zero_uptime_ms is an uptime of this run" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
up = float(open("/proc/uptime").read().split()[0]) * 1000
mk = [p for p in d["processes"] if p["name"] == "make"][0]
at = mk["start_ms"] + d["milestones"]["zero_uptime_ms"]
print("# make at uptime", at, "ms; now", up)
sys.exit(0 if 0 < at < up and up - at < 600000 else 1)' "$T/m.json"
"$R" --summary "$T/m.tgz" >"$T/m.sum" 2>>"$T/m.err"
check "summary: times in s from 0, with the uptime of 0" \
    grep -Eq '^  milestone +s  \(0 s: uptime [0-9]+\.[0-9]{3} s\)$' "$T/m.sum"
check "summary: no boot words" sh -c "! grep -Eq 'boot time|kernel end|switch_root|end of boot' '$T/m.sum'"

# The command's share of the CPU: the JSON's total is what its rows add
# up to (samples, no trace here), the series' shares integrate to it,
# and the chart draws the line with its legend.
check "JSON: command_cpu_s = the rows' CPU = the series' command shares" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
tot = d["totals"]["command_cpu_s"]
rows = sum(p["cpu_user_s"] + p["cpu_sys_s"] for p in d["processes"])
ser = sum(c["command"] * c["interval_ms"] / 1000 * d["system"]["cpus"] for c in d["series"]["cpu"])
print("# command_cpu_s", tot, "rows", round(rows, 3), "series", round(ser, 3))
sys.exit(0 if tot > 0 and abs(tot - rows) <= 0.002 + 0.01 * rows and ser <= tot + 0.01 and ser >= 0.8 * tot else 1)' "$T/m.json"
check "legend: the command's processes" grep -q "^text	the command's processes$" "$T/m.layout"

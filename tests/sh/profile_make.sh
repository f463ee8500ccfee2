#!/bin/sh
# profile_make.sh: issue 14 item 5, a readable profile of a real build:
# `bootchartd start -o X -- make -j2` on a generated 8-file C project.
# The chart (its layout texts, tests/tools/layout_dump) and --dump-tree:
# 8 compiler rows, each labelled with its source file; not the command's
# ancestors, nor bootchartd, nor kernel threads that never ran; titled
# after the command; "application:"; at least 4 time labels.  Processes
# of other jobs that started while logging are kept by design
# (docs/tree.md), so the assertions name our rows, never count all rows.
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

(cd "$P" && "$L" start -c "$T/empty.conf" -p 0.05 -o "$T/m.tgz" -- make -j2) \
    >"$T/m.out" 2>&1
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
# The compilers proper (cc1): a row each, its command line (the label,
# cut to the box on the chart) naming its file.
check "cc1 rows for all 8 files" python3 -c '
import json, re, sys
doc = json.load(open(sys.argv[1]))
files = set()
for p in doc["processes"]:
    m = re.search(r"bcp_f[1-8]\.c", p["cmdline"] or "")
    if p["name"] == "cc1" and m:
        files.add(m.group(0))
print("# cc1 files:", sorted(files))
sys.exit(0 if len(files) == 8 else 1)' "$T/m.json"
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

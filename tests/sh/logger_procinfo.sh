#!/bin/sh
# logger_procinfo.sh: what bootchartd logs of each process and of memory
# (issue 14 items 3 and 4, issue 15 item 5): cmdline2.log records once per
# program a process runs (escaped), cgroup.log on cgroup v2 (a cgroup
# made by the test, as root), proc_meminfo.log one block per sample, the
# profile.command header key; and the renderer reading them back: labels,
# --show-all, the unit of a row and in the JSON report, --group-by-unit.
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
DUMP=$BC_BUILD/tests/tools/layout_dump
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"

. "$(dirname "$0")/lib/logger_lib.sh.inc"

# A cgroup v2 of our own, named as a unit, when we may make one.
CG=
cg2=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
if [ "$(id -u)" = 0 ] && [ -n "$cg2" ] &&
    mkdir "$cg2/bc-test-$$.service" 2>/dev/null; then
	CG=$cg2/bc-test-$$.service
fi
cleanup() { [ -n "$CG" ] && rmdir "$CG" 2>/dev/null; }

trap cleanup EXIT

cp /bin/sleep "$T/bc-sleeper"
# The inner shell joins the cgroup and execs the sleeper (1.6 s: seen by many samples even on a busy machine): a new program
# in a new cgroup, logged again though the PID is the same.
if [ -n "$CG" ]; then
	join="echo \$\$ >$CG/cgroup.procs;"
else
	join=
fi
"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/a.tgz" -- sh -c \
    "sleep 0.3; sh -c '$join exec $T/bc-sleeper 0.8 0.8'; : 'x
y\\z'" >"$T/a.out" 2>&1
check "start CMD wrote the tarball" valid_tgz "$T/a.tgz"
mkdir -p "$T/a"
tar -xzf "$T/a.tgz" -C "$T/a" 2>/dev/null
for m in cmdline2.log proc_meminfo.log cgroup.log; do
	check "member $m is in the tarball" \
	    sh -c "tar -tzf '$T/a.tgz' | grep -qx $m"
done

# cmdline2.log: the sleeper's record, arguments NUL-separated.
check "cmdline2.log: the sleeper's record with its arguments" \
    sh -c "tr '\\000' ' ' <'$T/a/cmdline2.log' | grep -q '^:$T/bc-sleeper 0.8 0.8 \$'"
check "cmdline2.log: the line break of the command's argument as \\012, the backslash as \\134" \
    sh -c "grep -aq 'x\\\\012y\\\\134z' '$T/a/cmdline2.log'"
# Records are whole: PID line, two ':' lines, a blank line.
check "cmdline2.log: every record is PID, :EXE, :ARGS, blank" \
    awk 'NR % 4 == 1 && !/^[0-9]+$/ { bad = 1 }
	NR % 4 == 2 && !/^:/ { bad = 1 } NR % 4 == 3 && !/^:/ { bad = 1 }
	NR % 4 == 0 && $0 != "" { bad = 1 } END { exit bad || NR % 4 }' \
    "$T/a/cmdline2.log"
# Each program once: a PID has at most as many records as names it had.
pid=$(awk -v sl=":$T/bc-sleeper" 'NR % 4 == 1 { p = $0 }
	NR % 4 == 3 && index($0, sl) == 1 { print p; exit }' "$T/a/cmdline2.log")
n=$(grep -cx "$pid" "$T/a/cmdline2.log")
check "cmdline2.log: the sleeper's PID is logged at most twice (as sh, then after its exec) ($n)" \
    sh -c '[ "$1" -ge 1 ] && [ "$1" -le 2 ]' _ "$n"
check "header: profile.command, escaped" \
    grep -q '^profile.command = sh -c sleep 0.3; .*x\\012y\\134z' "$T/a/header"
# Arguments that escape to exactly the last byte of profile.command's
# 4000 (4 x 250 control bytes, 3 spaces) and one more: the join stops
# there (it wrote past its buffer once; ASan caught it).  The command
# itself cannot run: 127, as from a shell.
c250=$(head -c 250 /dev/zero | tr '\0' '\001')
c249=$(head -c 249 /dev/zero | tr '\0' '\001')
"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/full.tgz" -- \
    "$c250" "$c250" "$c250" "$c249" x >"$T/full.out" 2>&1
st=$?
check "a command line that fills profile.command: the command's 127 ($st)" \
    [ "$st" -eq 127 ]
check "a command line that fills profile.command: tarball written" \
    valid_tgz "$T/full.tgz"
n=$(tar -xzOf "$T/full.tgz" header 2>/dev/null |
    sed -n 's/^profile.command = //p' | tr -d '\n' | wc -c)
check "profile.command cut at 3999 bytes ($n)" [ "$n" -eq 3999 ]

# proc_meminfo.log: a block per sample, as proc_stat.log.
nstat=$(grep -c '^cpu ' "$T/a/proc_stat.log")
nmem=$(grep -c '^MemTotal:' "$T/a/proc_meminfo.log")
check "proc_meminfo.log: one block per sample ($nmem of $nstat)" \
    sh -c '[ "$1" -gt 2 ] && [ "$1" = "$2" ]' _ "$nmem" "$nstat"
check "proc_meminfo.log: time-stamped blocks" \
    stamps_increase "$T/a.tgz" proc_meminfo.log 3
"$R" --json "$T/a.tgz" >"$T/a.json" 2>"$T/a.err"
check "the renderer reads the memory series" python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))["series"]["memory"]
sys.exit(0 if len(m) > 2 else 1)' "$T/a.json"

# The renderer: the sleeper's row is labelled with its command line.
"$DUMP" "$T/a.tgz" >"$T/a.layout" 2>"$T/a.err"
check "layout: title after the command" \
    grep -q '^text	Profile of sh -c sleep 0.3; ' "$T/a.layout"
"$R" --show-all --dump-tree "$T/a.tgz" >/dev/null 2>&1
check "--show-all --dump-tree reads our log" [ $? = 0 ]
"$DUMP" --show-all "$T/a.tgz" >"$T/s.layout" 2>"$T/s.err"

if [ -z "$CG" ]; then
	ok "cgroup.log # SKIP no cgroup v2 we may write (root and a cgroup2 mount needed)"
	exit 0
fi
check "cgroup.log: the sleeper in the test's cgroup" \
    grep -qx "$pid /${CG#"$cg2"/}" "$T/a/cgroup.log"
check "cgroup.log: every line is PID /PATH" \
    awk '!/^[0-9]+ \// { bad = 1 } END { exit bad }' "$T/a/cgroup.log"
check "layout: the sleeper's row names its unit" \
    grep -q "^row	$pid	$T/bc-sleeper 0.8 0.8 \\[bc-test-$$.service\\]\$" \
    "$T/s.layout"
check "JSON: the sleeper's unit" python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
u = [p["unit"] for p in doc["processes"] if p["pid"] == int(sys.argv[2])]
sys.exit(0 if u == [sys.argv[3]] else 1)' "$T/a.json" "$pid" "bc-test-$$.service"

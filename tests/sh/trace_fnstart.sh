#!/bin/sh
# trace_fnstart.sh: `bootchartd start --functions` (logger/sources/tracefn.c).  Here (root, tracefs): a malformed list or depth is refused before the command runs; on a kernel without function_graph (this machine's 6.18) one warning line, the scheduler trace as with --trace, the header saying why, and tracefs's top level as it was.  With a function-mode distro boot's profile (BC_FNSTART_LOG, BC_FNSTART_SERIAL: tests/distro/run.sh's functions flavour, guest/bctest-poweroff): its calls against trace-cmd report -R (the same calls, nested, per-function counts), every outermost call one of the roots, none deeper than asked, none shorter than the threshold, 0 events lost, and the guest's top-level settings the same after as before.
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
B=${BC_BUILD:?}
LIB=$(dirname "$0")/lib
FN=${BC_FNSTART_LOG:-}
SERIAL=${BC_FNSTART_SERIAL:-}
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
. "$LIB/tap.sh.inc"

# The profile a function-mode guest made: checked against trace-cmd.
if [ -n "$FN" ]; then
	if [ ! -s "$FN" ]; then
		notok "the function-mode guest wrote $FN ($(grep -a BCTEST-FNSTART "$SERIAL" 2>/dev/null))"
		exit 1
	fi
	if ! command -v trace-cmd >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
		ok "start --functions' profile # SKIP needs trace-cmd and python3"
		exit 0
	fi
	check "the guest's start --functions: status 0" \
	    grep -aq 'BCTEST-FNSTART rc=0 ' "$SERIAL"
	same "the guest's top-level tracefs settings after as before" \
	    "$(sed -n 's/^BCTEST-FNSTATE after //p' "$SERIAL" | tr -d '\r')" \
	    "$(sed -n 's/^BCTEST-FNSTATE before //p' "$SERIAL" | tr -d '\r')"
	h=$(tar -xzOf "$FN" header 2>/dev/null)
	check "header: function_graph below ksys_read,iterate_dir (depth 6, 10 us)" \
	    sh -c "printf '%s\n' \"\$1\" | grep -q '^bootchart.trace = on: .*function_graph below ksys_read,iterate_dir (depth 6, calls of 10 us and more)'" _ "$h"
	check "header: 0 events lost" \
	    sh -c "printf '%s\n' \"\$1\" | grep -q '^bootchart.trace.lost = total 0:'" _ "$h"
	mkdir -p "$T/x" && tar -xzf "$FN" -C "$T/x" trace.dat ||
	    { notok "$FN has a trace.dat"; exit 1; }
	trace-cmd report -R -i "$T/x/trace.dat" >"$T/report" 2>/dev/null
	trace-cmd dump --kallsyms -i "$T/x/trace.dat" >"$T/ksyms" 2>/dev/null
	"$B/tests/tools/trace_decode" -c "$T/x/trace.dat" >"$T/calls"
	"$R" --functions "$FN" >"$T/table" 2>"$T/table.err"
	check "--functions: status 0" [ $? -eq 0 ]
	python3 "$LIB/funcgraph_check.py" "$T/report" "$T/ksyms" "$T/calls" \
	    "$T/table"
	python3 - "$T/report" <<'PY'
import re, sys
EXIT = re.compile(r"funcgraph_exit:\s+func=(\S+) depth=(-?\d+) overrun=\d+ "
                  r"calltime=([0-9a-f]+) rettime=([0-9a-f]+)")
n = top = deep = short = 0
roots = set()
for line in open(sys.argv[1]):
    m = EXIT.search(line)
    if not m:
        continue
    n += 1
    name, depth = m.group(1).split("+")[0], int(m.group(2))
    dur = int(m.group(4), 16) - int(m.group(3), 16)
    if depth == 0:
        top += 1
        roots.add(name)
    deep += depth >= 6
    short += dur < 10000
ok = n > 0 and top > 0 and roots <= {"ksys_read", "iterate_dir"}
print(("ok" if ok else "not ok") + " - %d calls, %d outermost, all of ksys_read or iterate_dir (%s)"
      % (n, top, ",".join(sorted(roots))))
print(("ok" if deep == 0 else "not ok") + " - none deeper than 6 (%d)" % deep)
print(("ok" if short == 0 else "not ok") + " - none under 10 us (%d)" % short)
PY
	exit 0
fi

if [ "$(id -u)" -ne 0 ] || [ ! -w /sys/kernel/tracing/trace_marker ]; then
	ok "start --functions # SKIP needs root and tracefs"
	exit 0
fi
if command -v flock >/dev/null 2>&1; then
	exec 9>/tmp/bootchartd-test-tracefs.lock
	flock 9
fi

# Refused before anything runs: one line, the usage status (1).
for bad in "--functions a,,b" "--functions x --functions-depth 0" \
    "--functions x --functions-threshold -1"; do
	rm -f "$T/ran"
	# shellcheck disable=SC2086
	"$L" start -c "$T/empty.conf" $bad -o "$T/bad.tgz" -- \
	    touch "$T/ran" >"$T/bad.out" 2>&1
	st=$?
	check "start $bad: status 1, one line, nothing run ($st: $(cat "$T/bad.out"))" \
	    test "$st" -eq 1 -a "$(wc -l <"$T/bad.out")" -eq 1 -a ! -e "$T/ran"
done

# fnstate: the top-level settings start --functions would borrow.
fnstate() {
	for f in current_tracer tracing_on set_event trace_clock \
	    options/record-tgid options/overwrite buffer_size_kb \
	    set_graph_function max_graph_depth tracing_thresh; do
		[ -e "/sys/kernel/tracing/$f" ] || continue
		printf '%s=%s;' "$f" "$(tr '\n' ' ' <"/sys/kernel/tracing/$f")"
	done
}
if grep -qw function_graph /sys/kernel/tracing/available_tracers; then
	ok "start --functions without function_graph # SKIP this kernel has it (the distro functions flavour checks a real run)"
	exit 0
fi
before=$(fnstate)
"$L" start -c "$T/empty.conf" --functions ksys_read -o "$T/a.tgz" -- \
    sh -c 'cat /etc/passwd >/dev/null' >"$T/out" 2>"$T/err"
check "start --functions without function_graph: status 0" [ $? -eq 0 ]
same "one warning line" "$(grep -c warning "$T/err")" 1
check "it names the missing tracer" grep -q \
    '^bootchartd: warning: --functions: this kernel has no function_graph tracer' "$T/err"
check "the log has the scheduler trace" \
    sh -c "tar -tzf '$T/a.tgz' | grep -qx trace.dat"
check "its header says why there are no kernel functions" \
    sh -c "tar -xzOf '$T/a.tgz' header | grep -q '^bootchart.trace = on: the whole system (no kernel functions: this kernel has no function_graph tracer'"
same "tracefs's top level as it was" "$(fnstate)" "$before"
"$R" --functions "$T/a.tgz" >"$T/table" 2>&1
check "--functions of it: no calls, said ($(head -1 "$T/table"))" \
    sh -c "! grep -q '^function	' '$T/table'"

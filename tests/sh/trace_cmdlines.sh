#!/bin/sh
# trace_cmdlines.sh: a task that puts a newline in its own name (prctl
# allows it) makes the kernel's saved_cmdlines show a line of its
# choosing; the trace.dat bootchartd writes leaves that line out
# (logger/sources/kcmdlines.c), as trace-cmd reads the file.  Needs root
# and tracefs (skips otherwise).
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"

need_tracefs "the kernel's pid names" python3 trace-cmd

# "x\n99999 forged": 14 bytes, a comm the kernel keeps whole.
cat >"$T/forge.py" <<'PY'
import ctypes, time
libc = ctypes.CDLL(None)
libc.prctl(15, b"x\n99999 forged", 0, 0, 0)
for i in range(40):
    time.sleep(0.01)
PY
"$L" start -c "$T/empty.conf" --trace -o "$T/a.tgz" -- \
    python3 "$T/forge.py" >"$T/a.out" 2>&1
check "start --trace: status 0" [ $? = 0 ]
tar -xzf "$T/a.tgz" -C "$T" trace.dat
check "the log has its trace.dat" [ -s "$T/trace.dat" ]
trace-cmd dump --cmd-lines "$T/trace.dat" >"$T/cmdlines" 2>"$T/dump.err"
check "trace-cmd dump --cmd-lines reads it" [ $? = 0 ]
check "trace-cmd sees pid names" [ "$(grep -c '^[0-9]' "$T/cmdlines")" -gt 0 ]
if grep -qx '99999 forged' "$TR/saved_cmdlines" 2>/dev/null; then
	check "the kernel's list had the forged line; ours has not" \
	    [ "$(grep -cx "99999 forged" "$T/cmdlines")" = 0 ]
else
	# The kernel's list is global and small: another tracer may have
	# pushed the name out.  What ours holds is still checked.
	echo "# the kernel's saved_cmdlines no longer holds the forged line"
	check "no forged line in our trace.dat" \
	    [ "$(grep -cx "99999 forged" "$T/cmdlines")" = 0 ]
fi

#!/bin/sh
# perfetto_names.sh: -f perfetto names each line's task as the events do, not by the trace's cmdlines (taken at its end: the name after an exec, a reused pid's): on every recorded fixture (tests/data/traces/*.tgz) each sched_switch line's task is its prev_comm (a waking's is the name its CPU's last switch and renames gave the waker: test_exports.c).  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
R=$BC_RENDER
D=tests/data/traces

for t in "$D"/*.tgz; do
	name=$(basename "$t" .tgz)
	"$R" -f perfetto -o "$T/$name.txt" "$t" 2>"$T/err" ||
	    { notok "$name: -f perfetto"; continue; }
	# TASK-PID (TGID) [CPU] FLAGS SECS: sched_switch: prev_comm=C prev_pid=P
	awk '/: sched_switch: / {
		n++
		match($0, /^ *[^ ]*-[0-9]+ /); head = substr($0, RSTART, RLENGTH)
		sub(/^ +/, "", head); sub(/ $/, "", head)
		pid = head; sub(/.*-/, "", pid); task = head; sub(/-[0-9]+$/, "", task)
		match($0, / prev_comm=[^ ]* /); pc = substr($0, RSTART + 11, RLENGTH - 12)
		match($0, / prev_pid=[0-9]+ /); pp = substr($0, RSTART + 10, RLENGTH - 11)
		if (pid != 0 && pid == pp && task != pc) { bad++; if (bad <= 3) print }
	} END { printf "%d %d\n", n, bad + 0 }' "$T/$name.txt" >"$T/$name.chk"
	set -- $(tail -1 "$T/$name.chk")
	if [ "$1" -gt 0 ] && [ "$2" -eq 0 ]; then
		ok "$name: every sched_switch line's task is its prev_comm ($1 lines)"
	else
		notok "$name: every sched_switch line's task is its prev_comm ($2 of $1 not)"
		head -n 3 "$T/$name.chk" | sed 's/^/# /'
	fi
done

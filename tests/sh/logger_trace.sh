#!/bin/sh
# logger_trace.sh: exact mode (docs/trace.md), with trace-cmd as the
# oracle: `start --trace` records the whole system in its own instance
# (TRACE_SCOPE=system; by default the command's processes alone)
# into a trace.dat that `trace-cmd dump -v` accepts and `trace-cmd report`
# reads (200 execs, the header's counts), leaves tracefs as it was;
# tracefs mounted by the logger; --trace takes no value; an ordinary user
# falls back to sampling; a boot drains the top-level buffer the kernel
# command line would have set up, without changing its clock or tracer.
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
printf 'TRACE_SCOPE=system\n' >"$T/system.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"

need_tracefs "kernel trace" trace-cmd

# What the logger must leave as it found it: the top-level buffer, and
# no instance of its own (others' instances are theirs).
top_state() {
	for f in current_tracer trace_clock set_event tracing_on trace_options \
	    buffer_size_kb; do
		printf '%s: ' "$f"
		cat "$TR/$f"
	done
	ls "$TR/instances" | grep '^bootchartd-'
}

# header_value TGZ KEY
header_value() {
	tar -xzOf "$1" header 2>/dev/null | sed -n "s/^$2 = //p"
}

# report DIR: trace-cmd's report of DIR/trace.dat, its events only, one
# line each (a kernel_stack's "=> FUNCTION" lines left out: the blocking
# switches' stacks, docs/wakeups.md).
report() {
	trace-cmd report -i "$1/trace.dat" 2>"$1/report.err" |
	    grep -v -e '^cpus=' -e '^=> '
}

# 1. start --trace CMD, with an unrelated process exec'ing meanwhile.
cp /bin/true "$T/unrelated"
(while [ ! -e "$T/stop" ]; do "$T/unrelated"; sleep 0.01; done) &
bg=$!
before=$(top_state)
"$L" start -c "$T/system.conf" --trace -o "$T/a.tgz" -- \
    sh -c 'for i in $(seq 200); do /bin/true; done' >"$T/a.out" 2>&1
rc=$?
# The default scope: the command's processes alone.
"$L" start -c "$T/empty.conf" --trace -o "$T/c.tgz" -- \
    sh -c 'for i in $(seq 20); do /bin/true; done' >"$T/c.out" 2>&1
rcc=$?
touch "$T/stop"
wait $bg
check "start --trace CMD: status 0" [ $rc = 0 ]
check "start --trace CMD: a log with a header" valid_tgz "$T/a.tgz"
mkdir -p "$T/a"
tar -xzf "$T/a.tgz" -C "$T/a" 2>/dev/null
check "the tarball holds trace.dat" [ -s "$T/a/trace.dat" ]
same "trace.dat's mode in the tarball (kernel addresses)" \
    "$(tar -tvzf "$T/a.tgz" trace.dat | cut -c1-10)" "-rw-r-----"
check "trace-cmd dump -v accepts trace.dat" \
    sh -c "trace-cmd dump -v -i '$T/a/trace.dat' >/dev/null"
same "trace-cmd dump: version 6" \
    "$(trace-cmd dump --summary -i "$T/a/trace.dat" 2>/dev/null |
    awk '/\[Version\]/ { print $1 }')" 6
report "$T/a" >"$T/a/report"
check "trace-cmd report reads it" [ -s "$T/a/report" ]
same "200 execs of true" "$(grep -Ec \
    'sched_process_exec: +filename=(/usr)?/bin/true ' "$T/a/report")" 200
check "the unrelated process's execs are in too (the whole system)" \
    grep -q 'filename=.*/unrelated ' "$T/a/report"
same "header: events recorded = trace-cmd's event count" \
    "$(header_value "$T/a.tgz" bootchart.trace.events |
    sed 's/^total \([0-9]*\):.*/\1/')" "$(wc -l <"$T/a/report" | tr -d ' ')"
same "header: 0 events lost" \
    "$(header_value "$T/a.tgz" bootchart.trace.lost | cut -d: -f1)" "total 0"
same "header: exact mode on" "$(header_value "$T/a.tgz" bootchart.trace)" \
    "on: the whole system"
check "default scope: status 0" [ $rcc = 0 ]
mkdir -p "$T/c"
tar -xzf "$T/c.tgz" -C "$T/c" 2>/dev/null
report "$T/c" >"$T/c/report"
same "default scope: 20 execs of true" "$(grep -Ec \
    'sched_process_exec: +filename=(/usr)?/bin/true ' "$T/c/report")" 20
check "default scope: the unrelated process's execs are not in" \
    sh -c "! grep -q 'filename=.*/unrelated ' '$T/c/report'"
check "default scope: header says the command's processes" sh -c \
    'printf "%s\n" "$1" | grep -Eq "^on: the command.s processes \(pid [0-9]+ and its descendants\)\$"' \
    _ "$(header_value "$T/c.tgz" bootchart.trace)"
same "header: the clock" \
    "$(header_value "$T/a.tgz" bootchart.trace.clock)" local
# The clock-sync pair: the marker carries the stamp taken before it.
sync=$(header_value "$T/a.tgz" bootchart.trace.clock_sync)
b=$(echo "$sync" | awk '{ print $2 }')
check "the start marker is in the trace with the header's stamp" \
    grep -q ": bootchartd: clock_sync start boottime_ns=$b\$" \
    "$T/a/report"
check "clock sync: before <= after, start before end" sh -c "echo '$sync' |
    awk '{ exit !(\$2 <= \$3 && \$3 <= \$5 && \$5 <= \$6) }'"
same "tracefs: the top level and instances as before" "$(top_state)" \
    "$before"
check "trace-cmd dump --clock: the clock saved" sh -c \
    "trace-cmd dump --clock -i '$T/a/trace.dat' | grep -q '\[local\]'"

# 2. tracefs not mounted: the logger mounts its own in its namespace.
if command -v unshare >/dev/null 2>&1 && unshare -m true 2>/dev/null; then
	unshare -m sh -c 'umount '"$TR"' 2>/dev/null; umount /sys/kernel/debug \
	    2>/dev/null; exec "$0" start -c "$1" --trace -o "$2" -- /bin/true' \
	    "$L" "$T/empty.conf" "$T/m.tgz" >"$T/m.out" 2>&1
	check "own tracefs mount: status 0" [ $? = 0 ]
	check "own tracefs mount: exact mode on" sh -c \
	    "tar -xzOf '$T/m.tgz' header | grep -Eq '^bootchart.trace = on: the command.s processes'"
	mkdir -p "$T/m"
	tar -xzf "$T/m.tgz" -C "$T/m" 2>/dev/null
	check "own tracefs mount: trace-cmd sees the exec" sh -c \
	    "trace-cmd report -i '$T/m/trace.dat' 2>/dev/null |
	    grep -Eq 'filename=(/usr)?/bin/true '"
	same "own tracefs mount: no instance of ours left" \
	    "$(ls "$TR/instances" | grep '^bootchartd-')" ""
else
	ok "own tracefs mount # SKIP no unshare -m"
fi

# 3. --trace takes no value.
"$L" start -c "$T/empty.conf" --trace=all -o "$T/w.tgz" -- true \
    >"$T/w.out" 2>&1
same "--trace=all: a usage error" "$?" 1
check "  ... and no log" [ ! -e "$T/w.tgz" ]
# A trace past half the log budget is cut; the run and the log go on.
# Which limit it meets first depends on the machine's pace: its half of
# the budget, or the tmpfs itself when the samples, fork and command
# line records of a slow run (a loaded machine) fill the other half
# first; the header names the one it met.  The pages are packed about
# 9 to 1 in the store: a 512 KiB budget keeps 128 KiB of them before
# the cut (the rest of the trace's half is the close's reserve), some
# 1.2 MB of events, which 3000 execs pass about twice.
printf 'TMPFS_SIZE=512k\nSAMPLE_PERIOD=5\n' >"$T/small.conf"
"$L" start -c "$T/small.conf" --trace -o "$T/c.tgz" -- \
    sh -c 'for i in $(seq 3000); do /bin/true; done' >"$T/c.out" 2>&1
check "cut trace: status 0" [ $? = 0 ]
cut=$(header_value "$T/c.tgz" bootchart.trace)
case $cut in
"cut: half the log budget (TMPFS_SIZE) full" | "cut: log budget full")
	ok "cut trace: the header says so ($cut)" ;;
*)	notok "cut trace: the header says so"
	printf '# got: %s\n' "$cut" ;;
esac
same "cut trace: the run went on to the command's end" \
    "$(header_value "$T/c.tgz" bootchart.end)" stopped
mkdir -p "$T/c"
tar -xzf "$T/c.tgz" -C "$T/c" 2>/dev/null
check "cut trace: trace-cmd dump -v accepts what there is" \
    sh -c "trace-cmd dump -v -i '$T/c/trace.dat' >/dev/null"
same "cut trace: header's count = trace-cmd's" \
    "$(header_value "$T/c.tgz" bootchart.trace.events |
    sed 's/^total \([0-9]*\):.*/\1/')" "$(report "$T/c" | wc -l | tr -d ' ')"
"$L" start -c "$T/empty.conf" --trace=some -- true >/dev/null 2>&1
same "--trace=some: a usage error" $? 1
"$L" init -c "$T/empty.conf" --trace -o "$T/x.tgz" >/dev/null 2>&1
same "init --trace: a usage error" $? 1

# 4. An ordinary user: one line, sampling goes on.
if command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
	mkdir -p "$T/u"
	chmod 777 "$T/u"
	chmod 755 "$T"
	(cd "$T/u" && BOOTCHARTD_RUNDIR=$T/u TMPDIR=$T/u setpriv \
	    --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$L" \
	    start -c "$T/empty.conf" --trace -o "$T/u/u.tgz" -- true \
	    >"$T/u/out" 2>&1)
	check "user: status 0" [ $? = 0 ]
	check "user: a log all the same" valid_tgz "$T/u/u.tgz"
	same "user: one line says why" "$(grep -c 'trace' "$T/u/out")" 1
	check "user: ... that tracing needs root" \
	    grep -q 'no kernel trace (tracing needs root); sampling only' \
	    "$T/u/out"
	same "user: the header says so" \
	    "$(header_value "$T/u/u.tgz" bootchart.trace)" \
	    "off: tracing needs root"
	check "user: no trace.dat" sh -c \
	    "! tar -tzf '$T/u/u.tgz' | grep -q trace.dat"
else
	ok "ordinary user # SKIP no setpriv or no user nobody"
fi

# 5. A boot: the kernel command line's events are emulated on the top
# level; `init` drains them and changes neither clock nor tracer.  One
# test at a time owns the top level (the sanitizer build's run too).
boot_part() {
	saved_events=$(cat "$TR/set_event")
	saved_on=$(cat "$TR/tracing_on")
	cp /bin/sleep "$T/exitme-now"
	printf 'SAMPLE_PERIOD=0.05\nEXIT_PROC=exitme-now\nSETTLE_TIME=0.1\nMAX_DURATION=20\n' \
	    >"$T/boot.conf"
	# With no events the header says why.
	: >"$TR/set_event"
	"$L" init -c "$T/boot.conf" -o "$T/b0.tgz" >"$T/b0.out" 2>&1
	"$T/exitme-now" 0.3
	wait_file "$T/b0.tgz"
	same "boot, no events: the header says why" \
	    "$(header_value "$T/b0.tgz" bootchart.trace)" \
	    "off: no events enabled on the kernel command line"
	echo 'sched:sched_process_exec sched:sched_switch' >"$TR/set_event"
	echo 1 >"$TR/tracing_on"
	tb=$(cat "$TR/current_tracer" "$TR/trace_clock" "$TR/trace_options")
	"$L" init -c "$T/boot.conf" -o "$T/b.tgz" >"$T/b.out" 2>&1
	cp /bin/true "$T/boot-exec"
	"$T/boot-exec"
	"$T/exitme-now" 0.3
	wait_file "$T/b.tgz"
	ta=$(cat "$TR/current_tracer" "$TR/trace_clock" "$TR/trace_options")
	echo "$saved_events" >"$TR/set_event"
	echo "$saved_on" >"$TR/tracing_on"
	same "boot: trace_clock, current_tracer, options unchanged" "$ta" "$tb"
	same "boot: the header says it drained the top level" \
	    "$(header_value "$T/b.tgz" bootchart.trace)" \
	    "on: the boot's top-level buffer"
	mkdir -p "$T/b"
	tar -xzf "$T/b.tgz" -C "$T/b" 2>/dev/null
	check "boot: trace-cmd dump -v accepts trace.dat" \
	    sh -c "trace-cmd dump -v -i '$T/b/trace.dat' >/dev/null"
	report "$T/b" >"$T/b/report"
	check "boot: the exec during the boot is in the trace" \
	    grep -q 'filename=.*/boot-exec ' "$T/b/report"
	same "boot: header's count = trace-cmd's" \
	    "$(header_value "$T/b.tgz" bootchart.trace.events |
	    sed 's/^total \([0-9]*\):.*/\1/')" \
	    "$(wc -l <"$T/b/report" | tr -d ' ')"
	check "boot: lost at start is reported" \
	    sh -c "tar -xzOf '$T/b.tgz' header | grep -q '^bootchart.trace.lost_at_start = total '"
}

# wait_file F: up to 10 s for a log `init` writes in the background.
wait_file() {
	i=0
	while [ ! -s "$1" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

boot_part

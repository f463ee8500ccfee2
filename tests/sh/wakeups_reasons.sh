#!/bin/sh
# wakeups_reasons.sh: issue 24 item 2, the waits' reasons (docs/wakeups.md,
# "Reasons"): btrace's five workloads and a pipe (tests/tools/wakeload.c),
# each profiled with `bootchartd start --trace`, block for the reason
# they must and are woken by whom they must: mutex and condvar on a
# futex, by the other thread (their own process); the disk's write,
# fsync and read in D, nearly all on disk I/O; a TCP recv on loopback on a socket,
# by the sending child; epoll on a timerfd on poll, by [irq]; a pipe's
# read on the pipe, by the writing child.  The waits and their wakers
# are checked against trace-cmd report's of the same trace.dat
# (tests/sh/lib/waits.awk).  Needs root, tracefs and trace-cmd.
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
R=$BC_RENDER
WL=$BC_BUILD/tests/tools/wakeload
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
. "$(dirname "$0")/lib/logger_lib.sh.inc"
W=$(dirname "$0")/lib/waits.awk

need_tracefs "wait reasons" trace-cmd
if ! grep -q stacktrace "$TR/events/sched/sched_switch/trigger" 2>/dev/null
then
	ok "wait reasons # SKIP this kernel has no stacktrace trigger"
	exit 0
fi

# run MODE [ARG]: the workload traced; its report, trace-cmd's text and
# the oracle's waits (softirq wakers with the thread they ran in).
run() {
	"$L" start -c "$T/empty.conf" --trace -o "$T/$1.tgz" -- "$WL" "$@" \
	    >"$T/$1.out" 2>&1
	check "$1: start --trace: status 0" [ $? = 0 ]
	"$R" --wakeups "$T/$1.tgz" >"$T/$1.rep" 2>"$T/$1.err"
	check "$1: --wakeups: status 0" [ $? = 0 ]
	tar -xzOf "$T/$1.tgz" trace.dat >"$T/$1.dat"
	trace-cmd report -l -t -i "$T/$1.dat" >"$T/$1.txt" 2>/dev/null
	awk -v soft=1 -f "$W" "$T/$1.txt" >"$T/$1.oracle"
}

# made MODE PID THREAD: the tasks PID made (task_newtask), its threads
# (THREAD 1: CLONE_THREAD) or its children (0), one a line.
made() {
	awk -v p="$2" -v th="$3" '/ task_newtask: / &&
	    match($0, /^ *[^ ].*-[0-9]+ /) {
		h = substr($0, RSTART, RLENGTH); sub(/.*-/, "", h)
		if (h + 0 != p) next
		match($0, / pid=[0-9]+ /); c = substr($0, RSTART + 5, RLENGTH - 6)
		match($0, /clone_flags=[0-9a-f]+/)
		f = substr($0, RSTART + 12, RLENGTH - 12); v = 0
		for (i = 1; i <= length(f); i++)
			v = v * 16 + index("0123456789abcdef", substr(f, i, 1)) - 1
		if ((int(v / 65536) % 2) == th) print c }' "$T/$1.txt"
}

# main MODE: the workload's first process: the wakeload no wakeload made.
# task_newtask's comm is the child's, copied from its parent at the fork:
# comm=wakeload is a wakeload's child whatever name the line's leading
# COMM-PID gives (<...> when the kernel's saved_cmdlines lost it).
main_pid() {
	kids=$(awk '/ task_newtask: .*comm=wakeload / {
	    match($0, / pid=[0-9]+ /); print substr($0, RSTART + 5, RLENGTH - 6) }' \
	    "$T/$1.txt")
	awk -F'\t' -v k=" $(echo $kids) " '$1 == "blocked" &&
	    $3 == "wakeload" && index(k, " " $2 " ") == 0 { print $2; exit }' \
	    "$T/$1.rep"
}

# edges MODE PID: the report's edges of waiter PID: "WAKER STATE REASON COUNT".
edges() {
	awk -F'\t' -v p="$2" '$1 == "edge" && $2 == p {
	    print ($4 == "-" ? $5 : $4), $6, $10, $7 }' "$T/$1.rep"
}

# (check runs one command: what needs a pipe or && is a function.)
# has_edge MODE PID REGEX: an edge of waiter PID matches REGEX.
has_edge() {
	edges "$1" "$2" | grep -Eq "$3"
}

# is_child MODE PID C: C is non-empty and one of PID's children.
is_child() {
	[ -n "$3" ] && made "$1" "$2" 0 | grep -qx "$3"
}

# two_threads PID GROUP: a process found, with two threads in all.
two_threads() {
	[ -n "$1" ] && [ "$(echo $2 | wc -w)" = 2 ]
}

# same_file MINE THEIRS: both the same, and not empty.
same_file() {
	[ -s "$1" ] && cmp -s "$1" "$2"
}

# agree MODE PID: the report's waits of PID, summed over reasons per
# (waker, state): count and longest, as the oracle's; its softirq
# wakers as their thread when the waits were on a socket (SOFT=1: a
# socket's wait is an S one; a D wait a softirq ended, as a disk's
# whose completion ran on the idle CPU, stays [softirq]: CI saw one).
agree() {
	awk -F'\t' -v p="$2" '$1 == "edge" && $2 == p {
		k = ($4 == "-" ? $5 : $4) " " $6; n[k] += $7
		if ($9 > m[k]) m[k] = $9 }
	    END { for (k in n) print k, n[k], m[k] }' "$T/$1.rep" | sort >"$T/$1.mine"
	awk -v p="$2" -v soft="${SOFT:-0}" '$1 == p {
		w = $2; if (w ~ /^\[softirq\]@/) {
			if (soft && $3 == "S") sub(/.*@/, "", w)
			else w = "[softirq]" }
		k = w " " $3; n[k] += $4; if ($6 > m[k]) m[k] = $6 }
	    END { for (k in n) print k, n[k], m[k] }' "$T/$1.oracle" |
	    sort >"$T/$1.theirs"
	check "$1: the waits of $2 and their wakers are trace-cmd's" \
	    same_file "$T/$1.mine" "$T/$1.theirs"
	[ -s "$T/$1.mine" ] && ! cmp -s "$T/$1.mine" "$T/$1.theirs" &&
	    diff "$T/$1.mine" "$T/$1.theirs" | sed 's/^/# /' | head -n 10
	return 0
}

# Threads: the waits between the process's own threads are all on a
# futex, and as many as trace-cmd counts between its threads.
for m in mutex condvar; do
	run $m
	P=$(main_pid $m)
	G=" $P $(made $m "$P" 1 | tr '\n' ' ')"
	check "$m: one process, two threads" two_threads "$P" "$G"
	check "$m: it waits on a futex, woken by its other thread" \
	    has_edge $m "$P" "^$P S futex [1-9]"
	same "$m: every wait its threads end is on a futex" \
	    "$(edges $m "$P" | awk -v p="$P" '$1 == p && $3 != "futex"')" ""
	same "$m: as many as trace-cmd's waits between its threads" \
	    "$(edges $m "$P" | awk -v p="$P" '$1 == p { n += $4 }
		END { print n + 0 }')" \
	    "$(awk -v g="$G" '
		index(g, " " $1 " ") && index(g, " " $2 " ") { n += $4 }
		END { print n + 0 }' "$T/$m.oracle")"
done

# Disk I/O: in D, on the disk; a directory on a disk (not tmpfs).
D=$T
[ "$(stat -f -c %T "$D")" = tmpfs ] && D=/var/tmp
if [ "$(stat -f -c %T "$D")" = tmpfs ]; then
	ok "disk: # SKIP no disk-backed directory"
else
	run disk "$D/wakeload.$$"
	P=$(main_pid disk)
	check "disk: blocked in D, on disk I/O" awk -F'\t' -v p="$P" '
	    $1 == "blocked" && $2 == p { f = $7 > 0 && $12 > 0 }
	    END { exit !f }' "$T/disk.rep"
	# Not every one: a writer may also wait uninterruptibly on a lock
	# or a page fault the flush holds up (a loaded run had one D wait of
	# 78 on "other").  Nearly all of their time is the disk's.
	awk -F'\t' -v p="$P" '$1 == "edge" && $2 == p && $6 == "D" && $10 != "disk" {
	    print "# D wait not on disk: " $7 " of " $10 ", " $8 " ms" }' "$T/disk.rep"
	check "disk: its D waits are on disk I/O (90 % of their time or more)" \
	    awk -F'\t' -v p="$P" '$1 == "edge" && $2 == p && $6 == "D" {
		all += $8; if ($10 == "disk") disk += $8 }
		END { printf "# D waits %.3f ms, on disk %.3f ms\n", all, disk
		exit !(all > 0 && disk >= 0.9 * all) }' "$T/disk.rep"
	agree disk "$P"
fi

# A socket: woken by the child that sends, from the softirq its send ran.
# waker_of MODE PID REASON: the waker of PID's waits for REASON, one.
waker_of() {
	edges "$1" "$2" | awk -v r="$3" '$2 == "S" && $3 == r { print $1; exit }'
}

run tcp
P=$(main_pid tcp)
C=$(waker_of tcp "$P" socket)
# (LeakSanitizer's tracer is a child too: the waker is one of them.)
check "tcp: recv waits on a socket, woken by the sending child" \
    is_child tcp "$P" "$C"
SOFT=1 agree tcp "$P"

run epoll
P=$(main_pid epoll)
check "epoll: epoll_wait waits on poll, woken by the timer's [irq]" \
    has_edge epoll "$P" '^\[irq\] S poll [1-9]'
agree epoll "$P"

run pipe
P=$(main_pid pipe)
C=$(waker_of pipe "$P" pipe)
check "pipe: read waits on the pipe, woken by the writing child" \
    is_child pipe "$P" "$C"
agree pipe "$P"

# The stacks: the report's top stacks have their reason's functions.
check "pipe: its top stack reads a pipe" grep -Eq \
    "^stack	$P	wakeload	pipe	[0-9]+	.*anon_pipe_read|pipe_read" \
    "$T/pipe.rep"
"$R" --wake-graph -f dot "$T/pipe.tgz" >"$T/pipe.dot"
check "--wake-graph: the reason in the edge's label, its stack in the tooltip" \
    grep -q 'label="pipe S .*tooltip="[^"]*pipe_read' "$T/pipe.dot"

# The HTML page's graph: the pipe's arrow, hovered, says what the
# report's edge does.
"$R" -f html -o "$T/pipe.html" "$T/pipe.tgz" 2>"$T/html.err"
check "-f html: status 0" [ $? = 0 ]
# Its label the reason and total; the tooltip's next line the rest.
same "-f html: the pipe's arrow's tooltip has the report's numbers" \
    "$(grep -A1 "<title>wakeload $C woke wakeload $P: pipe [0-9]" \
	"$T/pipe.html" | sed -n '1s/.*: //p; 2s/^\([^<]*\)$/\1/p' |
	paste -sd'|' -)" \
    "$(awk -F'\t' -v p="$P" -v c="$C" '$1 == "edge" && $2 == p &&
	$4 == c && $10 == "pipe" {
	printf "pipe %s ms|%s %s, %s ms, max %s ms\n", $8, $6, $7, $8, $9 }' \
	"$T/pipe.rep")"
html_stack() {
	grep -A2 "<title>wakeload $C woke wakeload $P: pipe [0-9]" \
	    "$T/pipe.html" |
	    grep -q '^kernel stack (innermost first): [^<]*pipe_read'
}
check "-f html: the pipe's arrow's tooltip has its kernel stack" html_stack
same "-f html: an arrow per edge of the report (200 at most)" \
    "$(grep -c '<g class="we">' "$T/pipe.html")" \
    "$(awk -F'\t' '$1 == "edge" { n++ } END { print (n > 200 ? 200 : n) }' \
	"$T/pipe.rep")"

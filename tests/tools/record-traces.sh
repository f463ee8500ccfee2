#!/bin/sh
# record-traces.sh: records the traced fixtures of tests/data/traces/ with our own bootchartd and blesses their expected outputs (tests/sh/trace_fixtures.sh compares against them).
#
#   usage: tests/tools/record-traces.sh [--bless] [BUILD_DIR]
#     (no option)  record every fixture again (root, tracefs), check each
#                  --dump-events against trace-cmd report, then bless
#     --bless      only rewrite the expected outputs from BUILD_DIR's
#                  renderer (default build/default), the traces kept
#
# Run from the top of the tree after `make`.  The fixtures and the
# command lines that made them:
#   pipe     sh -c 'taskset -c 0 fx-yes | taskset -c 0 fx-head -c 2000000
#            >/dev/null; fx-sleep 0.2' (copies of yes, head and sleep:
#            the whole system is traced)
#   chain    python3 chain.py: B sleeps 0.3 s and writes a pipe A reads;
#            A then loops 200 ms and fsyncs 64 KB; chain.m keeps the
#            windows each measured on CLOCK_BOOTTIME ("what pid from to")
#   states   python3 states.py: a CPU-bound child (3,000,000 additions),
#            then sleep 0.5; states.m keeps each pid
#   threads  wakeload threads (tests/tools/wakeload.c): spinner busy
#            200 ms, napper asleep 300 ms; threads.m is what it printed
#   percpu   two `yes` pinned by taskset, one to each CPU, for 0.3 s
#   make     make -j2 in a generated project of 4 C files (10 functions
#            each, cc -O2 -c): the path runs through each compile's cc1
#            and as, which the readable profile folds into its cc row
#   cut      sh -c 'python3 pingpong.py 1.5 & fx-sleep 1; wait' with
#            TMPFS_SIZE=512k: two processes bounce a byte through pipes
#            (tests/sh/lib/pingpong.py), the trace's half of the budget
#            fills within a second and bootchartd cuts it
# Each is `bootchartd start -c EMPTY --trace -o NAME.tgz -- COMMAND`
# (cut: -c SMALL).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
D=tests/data/traces

bless_only=0
case ${1:-} in
--bless) bless_only=1; shift ;;
-*) echo "usage: $0 [--bless] [BUILD_DIR]" >&2; exit 1 ;;
esac
B=${1:-build/default}
R=$top/$B/bootchart-render
L=$top/$B/bootchartd
[ -x "$R" ] || { echo "$0: no $R (make first)" >&2; exit 1; }

# The expected outputs: each rendered from inside $D by the fixture's
# bare name, as trace_fixtures.sh renders it, so no path of the
# checkout's enters them.
bless() {
	for t in "$D"/*.tgz; do
		n=$(basename "$t" .tgz)
		(cd "$D" && "$R" --dump-events "$n.tgz" >"$n.events" &&
		    "$R" --wakeups --whole-system "$n.tgz" >"$n.wakeups" &&
		    "$R" --critical-path "$n.tgz" >"$n.cpath" &&
		    "$R" --json "$n.tgz" >"$n.json") ||
		    { echo "$0: rendering $n failed" >&2; exit 1; }
		case $n in
		threads) (cd "$D" && "$R" --threads --json "$n.tgz" \
		    >"$n.threads.json") || exit 1 ;;
		chain) (cd "$D" && "$R" --critical-path \
		    --critical-path-pid "$(awk '$1 == "sleep" { print $2 }' \
		    chain.m)" "$n.tgz" >"$n.b.cpath") || exit 1 ;;
		esac
		echo "blessed $n"
	done
}

if [ $bless_only -eq 1 ]; then
	bless
	exit 0
fi

[ "$(id -u)" -eq 0 ] || { echo "$0: recording needs root" >&2; exit 1; }
[ -w /sys/kernel/tracing/trace_marker ] ||
    { echo "$0: no tracefs at /sys/kernel/tracing" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "$0: percpu needs two CPUs" >&2; exit 1; }
for c in python3 taskset trace-cmd; do
	command -v $c >/dev/null 2>&1 || { echo "$0: needs $c" >&2; exit 1; }
done
[ -x "$top/$B/tests/tools/wakeload" ] ||
    { echo "$0: no $B/tests/tools/wakeload (make tests)" >&2; exit 1; }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export BOOTCHARTD_RUNDIR=$T
# The whole system, as the fixtures always were (TRACE_SCOPE).
printf 'TRACE_SCOPE=system\n' >"$T/empty.conf"
mkdir -p "$D"

printf 'TMPFS_SIZE=512k\nTRACE_SCOPE=system\n' >"$T/small.conf"

# want NAME: whether to record NAME (ONLY=NAME in the environment
# records that one alone, the others kept as they are).
want() {
	[ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]
}

# rec NAME COMMAND...: one traced run into $D/NAME.tgz (conf: $conf).
conf=$T/empty.conf
rec() {
	n=$1
	shift
	"$L" start -c "$conf" --trace -o "$T/$n.tgz" -- "$@" \
	    >"$T/$n.out" 2>"$T/$n.err" || { cat "$T/$n.err"; exit 1; }
	lost=$(tar -xzOf "$T/$n.tgz" header | sed -n 's/^bootchart.trace.lost = //p')
	case $lost in
	"total 0:"*) ;;
	*) echo "$0: $n lost events ($lost); record again" >&2; exit 1 ;;
	esac
	cp "$T/$n.tgz" "$D/$n.tgz"
	chmod 644 "$D/$n.tgz"
}

for p in yes head sleep; do
	cp "$(command -v $p)" "$T/fx-$p"
done
# On one CPU the pipe's two sides take turns (each fills or drains it,
# then waits for the other); on two, yes may keep it full and head never
# wait, and the fixture would show no ping-pong.  taskset inside sh: the
# profile's process is the command's name (sh), the critical path's
# target.  Recorded again until
# each side was woken by the other.
i=0
while want pipe; do
	rec pipe sh -c "taskset -c 0 '$T/fx-yes' |
	    taskset -c 0 '$T/fx-head' -c 2000000 >/dev/null; '$T/fx-sleep' 0.2"
	"$R" --wakeups "$D/pipe.tgz" >"$T/pipe.wakeups"
	awk -F'\t' '$1 == "edge" && $6 == "S" { e[$3 " " $5]++ }
	    END { exit !(e["fx-head fx-yes"] && e["fx-yes fx-head"]) }' \
	    "$T/pipe.wakeups" && break
	i=$((i + 1))
	[ $i -lt 5 ] || { echo "$0: pipe: no ping-pong in 5 runs" >&2; exit 1; }
done

if want chain; then
	rec chain python3 "$top/tests/sh/lib/chain.py" "$T"
	cat "$T/m.a" "$T/m.b" >"$D/chain.m"
fi

cat >"$T/states.py" <<EOP
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable, "-c",
        "x = 0\nfor i in range(3000000):\n    x += i\n"])
os.waitpid(pid, 0)
s = os.fork()
if s == 0:
    os.execv("/bin/sleep", ["sleep", "0.5"])
os.waitpid(s, 0)
open("$T/states.m", "w").write("busy %d\nsleep %d\n" % (pid, s))
EOP
if want states; then
	rec states python3 "$T/states.py"
	cp "$T/states.m" "$D/states.m"
fi

if want threads; then
	rec threads "$top/$B/tests/tools/wakeload" threads
	cp "$T/threads.out" "$D/threads.m"
fi

want percpu && rec percpu sh -c 'taskset -c 0 timeout 0.3 yes >/dev/null &
    taskset -c 1 timeout 0.3 yes >/dev/null & wait'

# make: from inside the project, so the profile's command is make -j2.
mkdir -p "$T/proj"
for i in 1 2 3 4; do
	awk -v i="$i" 'BEGIN { for (f = 0; f < 10; f++) {
		printf "int f%d_%d(int x) { int y = x;", i, f
		for (k = 0; k < 20; k++)
			printf " y = y * %d + (y >> %d) ^ %d;", k + 3, k % 7 + 1, f + k
		print " return y; }" } }' >"$T/proj/bcp_f$i.c"
done
{
	printf 'OBJS ='
	for i in 1 2 3 4; do printf ' bcp_f%d.o' "$i"; done
	printf '\nall: $(OBJS)\n%%.o: %%.c\n\tcc -O2 -c -o $@ $<\n'
} >"$T/proj/Makefile"
if want make; then
	(cd "$T/proj" && D=$top/$D && rec make make -j2) || exit 1
fi

if want cut; then
	conf=$T/small.conf
	rec cut sh -c "python3 '$top/tests/sh/lib/pingpong.py' 1.5 & '$T/fx-sleep' 1; wait"
	conf=$T/empty.conf
	case $(tar -xzOf "$D/cut.tgz" header | sed -n 's/^bootchart.trace = //p') in
	cut:*) ;;
	*) echo "$0: cut: the trace was not cut" >&2; exit 1 ;;
	esac
fi

# tcp: a client's recv on loopback that the server answers after a 0.2 s
# sleep: the receive runs in the server's own softirq (its send's
# local_bh_enable), the waking flagged softirq in the server's context.
# The system's python3 (a version manager's shims would add their
# scripts); recorded again until that waking is in the trace.
i=0
while want tcp; do
	rec tcp /usr/bin/python3 "$top/tests/sh/lib/tcp_wait.py" "$T/tcp.m"
	set -- $(sed -n 's/^client //p; s/^server //p' "$T/tcp.m")
	"$R" --dump-events "$D/tcp.tgz" | awk -F'\t' -v c="$1" -v s="$2" '
	    $4 == "sched_waking" && $3 == s && $0 ~ "\tpid=" c "\t" { n++ }
	    END { exit !n }' && { cp "$T/tcp.m" "$D/tcp.m"; break; }
	i=$((i + 1))
	[ $i -lt 5 ] || { echo "$0: tcp: no waking by the server" >&2; exit 1; }
done

# trace-cmd is the oracle of the decoder: each recording's events as it
# reports them (tests/sh/lib/tdat_compare.py, as trace_decode.sh).
for t in "$D"/*.tgz; do
	n=$(basename "$t" .tgz)
	tar -xzOf "$t" trace.dat >"$T/$n.dat"
	trace-cmd report -R -t -i "$T/$n.dat" >"$T/$n.report" 2>/dev/null
	"$R" --dump-events "$T/$n.dat" >"$T/$n.dump"
	python3 tests/sh/lib/tdat_compare.py "$T/$n.report" "$T/$n.dump" \
	    >"$T/$n.cmp" || { echo "$0: $n: trace-cmd disagrees" >&2
	    head -n 20 "$T/$n.cmp" >&2; exit 1; }
	echo "$n: trace-cmd report agrees ($(wc -l <"$T/$n.dump") events)"
done
echo "recorded on $(uname -r) ($(uname -m), $(nproc) CPUs), trace-cmd $(trace-cmd --version 2>/dev/null | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -n 1)"
bless

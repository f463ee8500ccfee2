#!/bin/sh
# trace_decode.sh: bootchart-render --dump-events against trace-cmd report (the oracle) on real recordings made here: events enabled in a tracefs instance, a loop of /bin/true, trace-cmd extract; then v7 zstd, v7 uncompressed and v6 by trace-cmd convert, and a small top-buffer copy (tdat_small.py) in v6 and v7; the small copy alone is drawn.  Needs root, tracefs and trace-cmd; skips without them.
T=${BC_TMP:?BC_TMP must be set}
R=$BC_RENDER
LIB=$(dirname "$0")/lib

. "$LIB/tap.sh.inc"

skip() {
	echo "ok - trace_decode # SKIP $*"
	exit 0
}
[ "$(id -u)" -eq 0 ] || skip "needs root (tracefs)"
command -v trace-cmd >/dev/null 2>&1 || skip "no trace-cmd (Debian package trace-cmd)"
command -v python3 >/dev/null 2>&1 || skip "no python3"
TR=/sys/kernel/tracing
[ -d "$TR/instances" ] || mount -t tracefs nodev "$TR" 2>/dev/null
[ -d "$TR/instances" ] || skip "no tracefs at $TR"

# An instance of our own: the top-level buffer and its settings stay as
# they are.  trace-cmd extract -B removes the instance it read.
inst=bc_decode_$$
I=$TR/instances/$inst
trap 'rmdir "$I" 2>/dev/null' EXIT

# record: the events of a loop of /bin/true into $T/v7z.dat; 0, or 1
# when trace-cmd could not read back what it wrote.
record() {
	mkdir "$I" 2>/dev/null || skip "cannot make a tracefs instance"
	for e in sched:sched_switch sched:sched_wakeup sched:sched_waking \
	    sched:sched_process_fork sched:sched_process_exec \
	    sched:sched_process_exit sched:sched_process_free \
	    task:task_newtask task:task_rename; do
		grep -qx "$e" "$TR/available_events" && echo "$e"
	done >"$I/set_event" || skip "cannot enable events"
	grep -q . "$I/set_event" || skip "no sched/task events in this kernel"
	# Every CPU's events land here, a loaded machine's too: 4 MiB a CPU
	# keeps them (the default lost pages beside a busy CI).
	echo 4096 >"$I/buffer_size_kb" 2>/dev/null
	echo 1 >"$I/tracing_on"
	i=0
	while [ $i -lt 60 ]; do
		/bin/true
		sh -c 'exec /bin/true'
		i=$((i + 1))
	done
	echo 0 >"$I/tracing_on"
	trace-cmd extract -B "$inst" -o "$T/v7z.dat" >"$T/extract.log" 2>&1 ||
	    { notok "trace-cmd extract: $(tail -n 1 "$T/extract.log")"; exit 1; }
	rmdir "$I" 2>/dev/null
	trace-cmd report -i "$T/v7z.dat" >/dev/null 2>&1
}
# trace-cmd 3.1.6 sizes saved_cmdlines before it copies it: when the
# kernel adds a name in between, the file is cut there and trace-cmd
# itself cannot read it ("error reading").  Then record again.
n=0
until record; do
	n=$((n + 1))
	[ $n -lt 5 ] || { notok "trace-cmd cannot read its own recording, 5 times"; exit 1; }
	echo "# trace-cmd could not read its recording back; recording again"
done
trace-cmd convert -i "$T/v7z.dat" --compression none -o "$T/v7n.dat" \
    >/dev/null 2>&1 || notok "trace-cmd convert --compression none"
trace-cmd convert -i "$T/v7z.dat" --file-version 6 -o "$T/v6.dat" \
    >/dev/null 2>&1 || notok "trace-cmd convert --file-version 6"
python3 "$LIB/tdat_small.py" "$T/v6.dat" "$T/small6.dat" 3 sched task ||
    notok "tdat_small.py"
trace-cmd convert -i "$T/small6.dat" -o "$T/small7z.dat" >/dev/null 2>&1 ||
    notok "trace-cmd convert of the small copy"

# all COMMAND...: good=1 when it succeeds, else 0.
all() {
	good=0
	"$@" && good=1
}

# compare NAME: our events against trace-cmd report's, counts as comments.
compare() {
	f=$T/$1.dat
	trace-cmd report -R -t -i "$f" >"$T/$1.report" 2>/dev/null
	"$R" --dump-events "$f" >"$T/$1.dump" 2>"$T/$1.err"
	rc=$?
	# A loss the recording had (pages overwritten: the machine's load)
	# is said, CPU by CPU, as trace-cmd says it; nothing else is.
	lost='warning: buffer [0-9]* cpu \([0-9]*\): events lost'
	want=$(sed -n 's/.*CPU:\([0-9]*\) \[.*EVENTS DROPPED\]/\1/p' \
	    "$T/$1.report" | sort -u | tr '\n' ' ')
	got=$(sed -n "s/.*$lost.*/\\1/p" "$T/$1.err" | sort -u | tr '\n' ' ')
	[ -z "$want" ] || echo "# $1: the recording lost events on CPU(s) $want(trace-cmd)"
	good=1
	[ "$rc" -eq 0 ] || good=0
	[ "$want" = "$got" ] || good=0
	[ -z "$(grep -v "$lost" "$T/$1.err")" ] || good=0
	check "$1: --dump-events exits 0, no message but the losses trace-cmd reports" [ $good -eq 1 ]
	if python3 "$LIB/tdat_compare.py" "$T/$1.report" "$T/$1.dump" \
	    >"$T/$1.cmp"; then
		ok "$1: trace-cmd report and --dump-events agree ($(wc -l <"$T/$1.dump") events)"
		sed "s/^/# $1: /" "$T/$1.cmp"
	else
		notok "$1: trace-cmd report and --dump-events differ"
		sed 's/^/# /' "$T/$1.cmp" | head -n 20
	fi
}
for v in v7z v7n v6 small6 small7z; do
	compare $v
done
cmp -s "$T/v7z.dump" "$T/v7n.dump" && cmp -s "$T/v7z.dump" "$T/v6.dump"
check "v7z, v7n and v6 give the same events" [ $? -eq 0 ]
check "there are sched_switch and sched_process_exec events" \
    grep -q "	sched_process_exec	filename=/bin/true	" "$T/v6.dump"

# As a member beside the usual logs: the same events, and the chart.
mkdir -p "$T/logs"
tar -xzf tests/data/sample-boot.tgz -C "$T/logs"
cp "$T/small6.dat" "$T/logs/trace.dat"
"$R" --dump-events "$T/logs" >"$T/dir.dump" 2>"$T/dir.err"
check "a directory's trace.dat: the same events" cmp -s "$T/dir.dump" \
    "$T/small6.dump"
(cd "$T/logs" && tar -czf "$T/with.tgz" ./*)
"$R" --dump-events "$T/with.tgz" >"$T/tgz.dump" 2>"$T/tgz.err"
check "a tarball's trace.dat: the same events" cmp -s "$T/tgz.dump" \
    "$T/small6.dump"
"$R" -o "$T/with.svg" -f svg "$T/with.tgz" 2>"$T/with.err"
check "a log with trace.dat is still drawn" [ -s "$T/with.svg" ]
# A bare trace.dat is a chart of its own (trace_alone.sh checks what).
"$R" -o "$T/bare.svg" -f svg "$T/small6.dat" 2>"$T/bare.err"
rc=$?
all [ "$rc" -eq 0 -a -s "$T/bare.svg" -a ! -s "$T/bare.err" ]
check "a bare trace.dat is drawn: exit 0, no message" [ $good -eq 1 ]
head -c 20000 "$T/v6.dat" >"$T/cut.dat"
"$R" --dump-events "$T/cut.dat" >/dev/null 2>"$T/cut.err"
rc=$?
all [ "$rc" -eq 2 -a "$(wc -l <"$T/cut.err")" -eq 1 ]
grep -q "cut.dat: offset [0-9]*: truncated" "$T/cut.err" || good=0
check "a truncated trace.dat: exit 2, one line naming it" [ $good -eq 1 ]
exit 0

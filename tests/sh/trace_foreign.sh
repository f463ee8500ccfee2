#!/bin/sh
# trace_foreign.sh: other kernels' trace.dat: two x86-64 recordings (tests/fuzz/trace/sched-v6.dat by trace-cmd, chain.tgz's trace.dat by bootchartd) and gen_tracedat's page corner cases, rewritten by tdat_foreign as a big-endian kernel's, a 32-bit kernel's (4-byte longs and pointers, their page header) and both, in versions 6 and 7.  trace-cmd must find each valid and report the original's events (a 4-byte long in hex, a cut address aside); --dump-events must agree with its report event for event and read what it read of the original; each is drawn as the original is.  Needs trace-cmd and python3, not root.
T=${BC_TMP:?BC_TMP must be set}
R=$BC_RENDER
LIB=$(dirname "$0")/lib
F=$BC_BUILD/tests/tools/tdat_foreign
G=$BC_BUILD/tests/tools/gen_tracedat

. "$LIB/tap.sh.inc"

if ! command -v trace-cmd >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
	echo "ok - trace_foreign # SKIP no trace-cmd or python3"
	exit 0
fi

# The originals: NAME.dat, trace-cmd's report, our events, our chart.
cp tests/fuzz/trace/sched-v6.dat "$T/sched.dat"
mkdir "$T/chain"
tar -xzf tests/data/traces/chain.tgz -C "$T/chain" trace.dat
mv "$T/chain/trace.dat" "$T/chain.dat"
"$G" "$T/pages.dat" || notok "gen_tracedat"
for n in sched chain pages; do
	trace-cmd report -R -t -i "$T/$n.dat" >"$T/$n.rept" 2>/dev/null
	"$R" --dump-events "$T/$n.dat" >"$T/$n.dump" 2>"$T/$n.err"
	sed "s|$T/$n.dat|FILE|" "$T/$n.err" >"$T/$n.msg"
done
for n in sched chain; do
	"$R" -o "$T/$n.svg" -f svg "$T/$n.dat" 2>/dev/null
done

# fail WHY: notes why the file at hand is wrong (the first reason).
fail() {
	[ -n "$why" ] || why=$1
}

# trace_cmd_reads NAME FILE FORM: trace-cmd finds FILE valid and reports
# the events of NAME.dat: the same text for 8-byte longs (whatever the
# byte order and version), every event and field for 4-byte ones; of
# chain (its stacks, which trace-cmd prints as bytes in the file's
# order, and its cut addresses), every event and its key fields.
trace_cmd_reads() {
	trace-cmd dump -v -i "$2" 2>&1 | grep -q "is a valid trace-cmd file" ||
	    fail "trace-cmd dump -v finds it invalid"
	trace-cmd report -R -t -i "$2" >"$2.rept" 2>"$2.rerr" ||
	    fail "trace-cmd report fails: $(head -n 1 "$2.rerr")"
	[ -s "$2.rerr" ] && fail "trace-cmd report says: $(head -n 1 "$2.rerr")"
	case $1-$3 in
	chain-*) all= ;;
	*-b|*-b7)
		cmp -s "$T/$1.rept" "$2.rept" ||
		    fail "trace-cmd reports other events than of $1.dat"
		return ;;
	*) all=--all ;;
	esac
	python3 "$LIB/tdat_compare.py" $all --reports "$T/$1.rept" "$2.rept" \
	    >"$2.rcmp" ||
	    fail "trace-cmd reports other events than of $1.dat: $(head -n 1 "$2.rcmp")"
}

# we_read NAME FILE FORM: --dump-events agrees with trace-cmd's report of
# FILE, says what it said of NAME.dat, and prints what it printed of it
# (chain with 4-byte longs: what it printed of the first such form); the
# chart is the same.
we_read() {
	"$R" --dump-events "$2" >"$2.dump" 2>"$2.err" ||
	    fail "--dump-events exits $?: $(head -n 1 "$2.err")"
	sed "s|$2|FILE|" "$2.err" | cmp -s - "$T/$1.msg" ||
	    fail "--dump-events says: $(head -n 1 "$2.err")"
	# trace-cmd prints an unsigned long in hex without 0x (clone_flags):
	# every field is compared on pages, the key fields on the others.
	all=
	[ "$1" = pages ] && all=--all
	python3 "$LIB/tdat_compare.py" $all "$2.rept" "$2.dump" >"$2.cmp" ||
	    fail "--dump-events and trace-cmd report differ: $(head -n 1 "$2.cmp")"
	want=$T/$1.dump
	case $1-$3 in
	chain-*4*) want=$T/chain-4.dat.dump ;;	# its addresses cut
	esac
	cmp -s "$want" "$2.dump" || fail "other events than ${want##*/}"
	[ "$1" = pages ] && return
	"$R" -o "$2.svg" -f svg "$2" 2>"$2.serr" ||
	    fail "not drawn: $(head -n 1 "$2.serr")"
	cmp -s "$T/$1.svg" "$2.svg" || fail "drawn otherwise than $1.dat"
}

# One form of each original: FORM (a name) and tdat_foreign's options.
form() {
	f=$1
	shift
	for n in sched chain pages; do
		why=
		out=$T/$n-$f.dat
		"$F" "$@" "$T/$n.dat" "$out" >"$out.log" 2>&1 ||
		    { notok "$n-$f: tdat_foreign: $(head -n 1 "$out.log")"; continue; }
		# sched and pages convert whole; chain's addresses are cut.
		[ "$n" != chain ] && ! grep -q " 0 longs cut" "$out.log" &&
		    fail "values lost: $(cat "$out.log")"
		trace_cmd_reads "$n" "$out" "$f"
		we_read "$n" "$out" "$f"
		if [ -z "$why" ]; then
			ok "$n-$f: trace-cmd and we read the same $(wc -l <"$out.dump") events"
		else
			notok "$n-$f: $why"
		fi
	done
}

form 4 -4
form b -b
form b4 -b -4
form b7 -b -7
form 47 -4 -7
form b47 -b -4 -7
sed -n 's/^/# /p' "$T"/*-b4.dat.log

# A foreign file cut short: one line naming it, as any trace.
head -c 20000 "$T/chain-b4.dat" >"$T/cut.dat"
"$R" --dump-events "$T/cut.dat" >/dev/null 2>"$T/cut.err"
rc=$?
good=0
[ "$rc" -eq 2 ] && [ "$(wc -l <"$T/cut.err")" -eq 1 ] &&
    grep -q "cut.dat: offset [0-9]*: truncated" "$T/cut.err" && good=1
check "a big-endian 32-bit trace.dat cut short: exit 2, one line naming it" \
    [ $good -eq 1 ]
exit 0

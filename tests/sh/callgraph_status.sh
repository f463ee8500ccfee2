#!/bin/sh
# callgraph_status.sh: --call-graph's exit statuses (docs/errors.md): on a log whose trace has no function_graph records (tests/data/traces/pipe.tgz) bad input, exit 2 and one line naming the log, nothing written, in every form and the page; --functions of it still an empty table, said; on a trace with calls (gen_tracedat -f) a function it has no call of is exit 6.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
R=$BC_RENDER
G=${BC_BUILD:-build/default}/tests/tools/gen_tracedat
L=tests/data/traces/pipe.tgz

# nofn WHAT ARGS...: exit 2, one line saying so, no output.
nofn() {
	what=$1
	shift
	rm -f "$T/out"
	"$R" "$@" "$L" >"$T/out" 2>"$T/err"
	rc=$?
	same "$what: exit 2" "$rc" 2
	check "$what: one line naming the log, no output" sh -c \
	    '[ $(wc -l <"$1") -eq 1 ] && grep -q "pipe.tgz.*no function_graph" "$1" &&
	    [ ! -s "$2" ]' _ "$T/err" "$T/out"
}
nofn "--call-graph nosuchfn" --call-graph nosuchfn
nofn "--call-graph nosuchfn -f dot" --call-graph nosuchfn -f dot
nofn "--call-graph nosuchfn -f folded" --call-graph nosuchfn -f folded
nofn "--call-graph nosuchfn -f svg" --call-graph nosuchfn -f svg
"$R" --call-graph nosuchfn -f html -o "$T/p.html" "$L" 2>"$T/err"
rc=$?
same "--call-graph nosuchfn -f html: exit 2" "$rc" 2
check "... one line, no page" sh -c \
    '[ $(wc -l <"$1") -eq 1 ] && [ ! -e "$2" ]' _ "$T/err" "$T/p.html"

"$R" --functions "$L" >"$T/table" 2>"$T/err"
rc=$?
same "--functions of it: exit 0" "$rc" 0
check "... an empty table, and a warning" sh -c \
    '[ $(wc -l <"$1") -eq 1 ] && grep -q "warning: no function_graph" "$2"' \
    _ "$T/table" "$T/err"

if [ -x "$G" ]; then
	"$G" -f "$T/f.dat" || notok "gen_tracedat -f"
	"$R" --call-graph nosuchfn "$T/f.dat" >"$T/out" 2>"$T/err"
	rc=$?
	same "a trace with calls, none of nosuchfn: exit 6" "$rc" 6
	check "... one line: no call of nosuchfn" sh -c \
	    '[ $(wc -l <"$1") -eq 1 ] && grep -q "no call of nosuchfn" "$1"' \
	    _ "$T/err"
else
	ok "a trace with calls # SKIP no $G"
fi

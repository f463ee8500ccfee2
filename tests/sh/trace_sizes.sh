#!/bin/sh
# trace_sizes.sh: sizes judged against what the user handed us, outputs within their ceilings.  A trace.dat version 7 (zstd) that unpacks to 1 GiB from a 100 KB tarball (tests/tools/gen_tdat7: 13 MB of 82:1 chunks, the same chunk 1024 times) is refused at open by the tarball's budget, one line naming the member and the section, for every output; the same file handed alone reads; a section past 200:1 of its own bytes is refused; and a trace of 2 097 152 function_graph calls at distinct addresses (tests/tools/gen_calls, CAP_TRACE_CALLS) renders in every format within docs/limits.md's peak RSS.  Peak RSS asserted, CPU time printed, never asserted.
. "$(dirname "$0")/lib/cli_lib.sh.inc"
. "$(dirname "$0")/lib/measure.sh.inc"

T=$BC_TMP
MEASURE=$BC_BUILD/tests/tools/measure
G7=$BC_BUILD/tests/tools/gen_tdat7
GC=$BC_BUILD/tests/tools/gen_calls
RSS_MAX_KB=512000	# 500 MB: the issue's bound for the bomb
if [ "${BC_SAN:-0}" = 1 ]; then
	export ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=16"
fi

# Cases that take seconds and hundreds of MB in the plain build are
# left to it: under ASan RSS is its shadow's, not the program's.
big() {
	[ "${BC_SAN:-0}" = 1 ] || return 1
	ok "$1 # SKIP big case: run in the plain pass only"
	return 0
}

# measured NAME ARGS...: the renderer under measure and a CPU guard
# (ulimit -t: a hang guard only); sets st, cpu, rss and prints them.
measured() {
	name=$1
	shift
	rm -f "$T/m"
	"$MEASURE" -o "$T/m" -- sh -c 'ulimit -t 120; exec "$@"' sh \
	    timeout 600 "$R" "$@" >"$T/out" 2>"$T/err"
	st=$(measure_value status "$T/m")
	cpu=$(measure_value cpu_median_s "$T/m")
	rss=$(measure_value maxrss_kb "$T/m")
	: "${st:=?}" "${cpu:=?}" "${rss:=0}"
	echo "# $name: status $st, $cpu s CPU, $((rss / 1024)) MB peak RSS"
}

# log DIR TRACE: a log of one process sample and the trace.
log() {
	mkdir -p "$1"
	printf 'version = 0.1.0\nbootchart.trace = on\n' >"$1/header"
	printf '50\n1 (init) S 0 1 1 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 5 0 0\n\n' \
	    >"$1/proc_ps.log"
	cp "$2" "$1/trace.dat"
}

# ---- item 3: the budget of a compressed trace.dat ----

# A v7 file of four copies of a chunk reads as its events.
"$G7" -c 4 -p 16 -e 3 -o "$T/small.dat" >/dev/null || { notok "gen_tdat7"; exit 1; }
"$R" -q --dump-events "$T/small.dat" >"$T/small.ev" 2>"$T/err"
check "a small v7 zstd trace reads (exit 0)" [ $? -eq 0 ]
same "every event of its 4 chunks of 16 pages of 3" "$(wc -l <"$T/small.ev")" 192

"$G7" -c 1024 -p 256 -e 2 -o "$T/bomb.dat" >"$T/gen.out" || { notok "gen_tdat7 bomb"; exit 1; }
log "$T/blog" "$T/bomb.dat"
tar -czf "$T/bomb.tgz" -C "$T/blog" header proc_ps.log trace.dat
tb=$(wc -c <"$T/bomb.tgz") db=$(wc -c <"$T/bomb.dat")
echo "# bomb: $db bytes of trace.dat ($(cat "$T/gen.out")), $tb bytes of tarball"
check "the tarball is small, the trace.dat 80:1 ($tb, $db bytes)" \
    [ "$tb" -lt 300000 -a "$db" -gt 10000000 ]

# refused NAME ARGS...: exit 2, one line naming the member and the
# section, within the RSS bound, no output file.
section_line="bomb.tgz:trace.dat: buffer 0 cpu 0 at offset [0-9]* unpacks to 1073741824 bytes.*that $tb bytes read may expand to (a decompression bomb?): over this program's limit"
refused() {
	name=$1
	shift
	rm -f "$T/o.out"
	measured "$name" "$@"
	check "$name: exit 2" [ "$st" = 2 ]
	check "$name: one line names the member and the section" \
	    grep -q "$section_line" "$T/err"
	check "$name: peak RSS $((rss / 1024)) MB <= 500 MB" [ "$rss" -le "$RSS_MAX_KB" ]
	check "$name: no output file" [ ! -e "$T/o.out" ]
}
refused "--dump-events" --dump-events -o "$T/o.out" "$T/bomb.tgz"
refused "-f perfetto" -f perfetto -o "$T/o.out" "$T/bomb.tgz"
# An export of the trace alone stops on the member's error, not drawn without it.
check "-f perfetto: the member's error, not a warning of it" \
    sh -c '! grep -q "the chart is drawn without the trace\|no kernel trace" "$1"' _ "$T/err"
refused "-f chrome-json" -f chrome-json -o "$T/o.out" "$T/bomb.tgz"
refused "--functions" --functions -o "$T/o.out" "$T/bomb.tgz"
measured "-f png" -f png -o "$T/o.png" "$T/bomb.tgz"
check "-f png: the chart is drawn without the trace (exit 0)" [ "$st" = 0 -a -s "$T/o.png" ]
check "-f png: the warning names the member and the section" \
    grep -q "warning: .*$section_line.*; the chart is drawn without the trace" "$T/err"

# The same 13 MB handed alone may expand 200 times: it reads.
if ! big "the trace.dat alone reads"; then
	measured "--dump-events of the trace.dat alone" -q --dump-events -o "$T/o.out" "$T/bomb.dat"
	check "the trace.dat alone reads: 200 times 13 MB is more than 1 GiB (exit 0)" [ "$st" = 0 ]
	same "its events: 2 a page" "$(wc -l <"$T/o.out")" $((1024 * 256 * 2))
	check "peak RSS $((rss / 1024)) MB <= 500 MB" [ "$rss" -le "$RSS_MAX_KB" ]
fi

# A section past 200:1 of its own bytes (empty pages): refused, named.
"$G7" -c 64 -p 256 -e 0 -o "$T/zeros.dat" >/dev/null || { notok "gen_tdat7 zeros"; exit 1; }
measured "a section of 200:1" --dump-events -o "$T/o.out" "$T/zeros.dat"
check "a section past 200:1: exit 2" [ "$st" = 2 ]
check "one line names the section and the ratio" grep -q \
    "zeros.dat: buffer 0 cpu 0 at offset [0-9]*: [0-9]* bytes unpack to 67108864, more than 200:1 (a decompression bomb?): over this program's limit" "$T/err"

# ---- item 4: 2 097 152 calls at distinct addresses, every format ----

big "2 097 152 function calls in every format" && exit 0
"$GC" -o "$T/calls.dat" >"$T/gen.out" || { notok "gen_calls"; exit 1; }
log "$T/clog" "$T/calls.dat"
rm -f "$T/bomb.dat" "$T/blog/trace.dat"
tar -czf "$T/calls.tgz" -C "$T/clog" header proc_ps.log trace.dat
rm -f "$T/calls.dat" "$T/clog/trace.dat"
echo "# calls: $(cat "$T/gen.out"), $(wc -c <"$T/calls.tgz") bytes of tarball"
# within NAME MB ARGS...: exit 0, no cap said, peak RSS within docs/limits.md's MB.
within() {
	name=$1 mb=$2
	shift 2
	measured "$name" -q "$@" "$T/calls.tgz"
	check "$name: exit 0" [ "$st" = 0 ]
	check "$name: peak RSS $((rss / 1024)) MB <= $mb MB (docs/limits.md)" \
	    [ "$rss" -le $((mb * 1024)) ]
	rm -f "$T/out" "$T/o.out"
}
within "-f html" 900 -f html -o "$T/o.out"
within "-f svg" 450 -f svg -o "$T/o.out"
within "-f png" 250 -f png -o "$T/o.out"
within "--json" 450 -f json -o "$T/o.out"
within "--functions" 450 --functions -o "$T/o.out"
within "--functions -f folded" 400 --functions -f folded -o "$T/o.out"
within "--functions -f speedscope" 400 --functions -f speedscope -o "$T/o.out"
within "--call-graph" 700 --call-graph do_one_initcall -o "$T/o.out"
within "--call-graph -f folded" 700 --call-graph do_one_initcall -f folded -o "$T/o.out"

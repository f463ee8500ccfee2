#!/bin/sh
# trace_pages.sh: a trace.dat built by gen_tracedat (the unit tests' builder) with the ring buffer's corner cases (TIME_EXTEND, absolute stamps, type_len 0, discarded and end padding, lost events, equal times on two CPUs) reads the same in --dump-events as in trace-cmd report, every event and field; needs trace-cmd, not root.
T=${BC_TMP:?BC_TMP must be set}
R=$BC_RENDER
LIB=$(dirname "$0")/lib
G=$BC_BUILD/tests/tools/gen_tracedat

. "$LIB/tap.sh.inc"

if ! command -v trace-cmd >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
	echo "ok - trace_pages # SKIP no trace-cmd or python3"
	exit 0
fi
"$G" "$T/pages.dat" || { notok "gen_tracedat"; exit 1; }
trace-cmd report -R -t -i "$T/pages.dat" >"$T/report" 2>"$T/report.err"
"$R" --dump-events "$T/pages.dat" >"$T/dump" 2>"$T/err"
rc=$?
check "--dump-events exits 0" [ "$rc" -eq 0 ]
check "trace-cmd and we read 10 events" [ "$(grep -c tev: "$T/report")" -eq 10 ]
if python3 "$LIB/tdat_compare.py" --all "$T/report" "$T/dump" >"$T/cmp"; then
	ok "every event and field as trace-cmd report reads them"
else
	notok "trace-cmd report and --dump-events differ"
	sed 's/^/# /' "$T/cmp" | head -n 20
fi
check "trace-cmd counts 17 lost events" grep -q "CPU:0 \[17 EVENTS DROPPED\]" "$T/report"
check "so do we, in one warning" grep -q "cpu 0: events lost: 17 counted, before 1 page" "$T/err"
check "one line of warning" [ "$(wc -l <"$T/err")" -eq 1 ]

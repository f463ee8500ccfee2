#!/bin/sh
# trace_hostile.sh: a synthetic trace of tests/tools/gen_sched with hostile patterns (wake-up cycles in one instant, waits that never end, events of unknown pids, time going back between CPUs and within one) reads as trace-cmd report reads it, and the renderer ends on it: a chart, --critical-path (its walk's steps bounded and reported, its segments covering the span), --wakeups; a wait that never ends lasts to the trace's end; pids the trace never saw have no row, no edge.  Needs trace-cmd and python3 for the oracle, not root.
T=${BC_TMP:?BC_TMP must be set}
R=$BC_RENDER
LIB=$(dirname "$0")/lib
G=$BC_BUILD/tests/tools/gen_sched
S=$BC_BUILD/tests/tools/states_dump

. "$LIB/tap.sh.inc"
. "$LIB/measure.sh.inc"

# The trace-cmd oracle first, on a trace small enough to print.
if command -v trace-cmd >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
	"$G" -n 30000 -p 200 -o "$T/small.dat" >"$T/small.out" ||
	    { notok "gen_sched"; exit 1; }
	trace-cmd report -R -t -i "$T/small.dat" >"$T/report" 2>"$T/report.err"
	check "trace-cmd report reads the generated trace" [ $? -eq 0 ]
	"$R" --dump-events "$T/small.dat" >"$T/dump" 2>"$T/err"
	check "--dump-events exits 0" [ $? -eq 0 ]
	n=$(sed -n 's/^events \([0-9]*\) .*/\1/p' "$T/small.out")
	same "trace-cmd reads every event written" \
	    "$(grep -c ': sched_\|: task_' "$T/report")" "$n"
	# Not --all: task_newtask's print fmt shows clone_flags in hex,
	# --dump-events in decimal.
	if python3 "$LIB/tdat_compare.py" "$T/report" "$T/dump" >"$T/cmp"; then
		ok "every event, its time, CPU, pid and key fields as trace-cmd report reads them"
	else
		notok "trace-cmd report and --dump-events differ"
		sed 's/^/# /' "$T/cmp" | head -n 20
	fi
else
	echo "ok - trace_hostile oracle # SKIP no trace-cmd or python3"
fi

# The analyses on 200 000 events of 300 threads.
"$G" -n 200000 -p 300 -o "$T/h.dat" >"$T/h.out" || { notok "gen_sched"; exit 1; }
set -- $(sed -n 's/^events [0-9]* steps [0-9]* cycles \([0-9]*\) never-woken \([0-9]*\) unknown \([0-9]*\) clock-jumps \([0-9]*\) .*/\1 \2 \3 \4/p' "$T/h.out")
check "the trace has wake cycles, endless waits, unknown pids, clock jumps" \
    [ "${1:-0}" -gt 0 -a "${2:-0}" -gt 0 -a "${3:-0}" -gt 0 -a "${4:-0}" -gt 0 ]
mkdir -p "$T/log"
printf 'version = 0.1.0\nbootchart.trace = on\n' >"$T/log/header"
printf '50\n1 (init) S 0 1 1 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 5 0 0\n\n' \
    >"$T/log/proc_ps.log"
cp "$T/h.dat" "$T/log/trace.dat"

timeout 120 "$R" -o "$T/h.png" "$T/log" 2>"$T/png.err"
check "a chart is drawn (exit 0, no hang)" [ $? -eq 0 -a -s "$T/h.png" ]
# Time going back within one CPU (a TIME_STAMP behind the last): the
# reader says so once per page (docs/trace.md) and keeps the events.
check "time going back is warned about" grep -q "time goes back" "$T/png.err"
check "no cap is reached at 200 000 events" sh -c "! grep -q 'more than' '$T/png.err'"

# A wait that never ends lasts to the trace's end.
timeout 120 "$S" "$T/log" >"$T/states" 2>/dev/null
check "states_dump exits 0" [ $? -eq 0 ]

# A render whose outputs do not read the events again gives each CPU's
# pages back as the model is built (tdat_give_back): the same model, in
# less memory.  The trace holds megabytes per CPU, past the step at
# which pages are given back.
timeout 120 "$S" -g "$T/log" >"$T/states.g" 2>/dev/null
check "the pages given back, the same states (states_dump -g)" cmp -s "$T/states" "$T/states.g"
# saves WHAT PART KEEP GIVE KEEP_CMD GIVE_CMD: the two shell commands'
# peak RSS (measure), said, and the second's at least 1/PART of the
# trace's size below the first's.  Skipped under ASan (RSS is its shadow's).
saves() {
	if [ "${BC_SAN:-0}" = 1 ]; then
		ok "$1 # SKIP under ASan RSS is its shadow's"
		return
	fi
	"$M" -o "$T/m.keep" -- sh -c "$5" >/dev/null 2>&1
	"$M" -o "$T/m.give" -- sh -c "$6" >/dev/null 2>&1
	keep=$(measure_value maxrss_kb "$T/m.keep")
	give=$(measure_value maxrss_kb "$T/m.give")
	least=$(($(wc -c <"$T/h.dat") / 1024 / $2))
	echo "# peak RSS: ${keep:-?} KB $3, ${give:-?} KB $4"
	check "$1" [ "${keep:-0}" -gt 0 -a "$((${keep:-0} - ${give:-0}))" -ge "$least" ]
}
M=$BC_BUILD/tests/tools/measure
saves "giving the pages back saves at least half the trace's size" 2 \
    "keeping the pages" "giving them back" \
    "exec '$S' '$T/log'" "exec '$S' -g '$T/log'"

# -f perfetto reads the events again after the model: from a tarball it
# reads them from the file again (analysis/boot.c) and gives the pages
# back as the model is built; from standard input it must keep them.
# The same bytes either way, and the file's render peaks lower.
(cd "$T/log" && tar czf "$T/h.tgz" header proc_ps.log trace.dat)
timeout 120 "$R" -f perfetto -o "$T/pf.file" "$T/h.tgz" 2>/dev/null
check "-f perfetto from a file: exit 0" [ $? -eq 0 -a -s "$T/pf.file" ]
timeout 120 "$R" -f perfetto -o "$T/pf.stdin" - <"$T/h.tgz" 2>/dev/null
check "-f perfetto from standard input: exit 0" [ $? -eq 0 -a -s "$T/pf.stdin" ]
check "-f perfetto: the same bytes from a file (read again) and from standard input (kept)" \
    cmp -s "$T/pf.file" "$T/pf.stdin"
saves "-f perfetto from a file saves at least a quarter of the trace's size" 4 \
    "from standard input" "from the file" \
    "exec '$R' -f perfetto -o '$T/pf.stdin' - <'$T/h.tgz'" \
    "exec '$R' -f perfetto -o '$T/pf.file' '$T/h.tgz'"
end=$(awk '$1 == "span" && $6 > m { m = $6 } END { print m + 0 }' "$T/states")
seen=0 bad=""
for p in $(sed -n 's/^never-woken-born://p' "$T/h.out"); do
	last=$(awk -v p="$p" '$1 == "span" && $2 == p { l = $4 " " $6 } END { print l }' "$T/states")
	[ -n "$last" ] || continue	# a thread: its process's row has it
	seen=$((seen + 1))
	case $last in
	"sleeping $end" | "D $end") ;;
	*) bad="$bad $p:$last" ;;
	esac
done
check "endless waits of processes born in the trace are found ($seen)" [ "$seen" -gt 0 ]
same "each lasts to the trace's end ($end us)" "$bad" ""
check "no row of a pid the trace never saw start (3 000 000 on)" \
    sh -c "! awk '\$1 == \"span\" && \$2 >= 3000000' '$T/states' | grep -q ."

# The critical path through the cycles: steps bounded, the span covered.
p=$(sed -n 's/^never-woken-born: \([0-9]*\).*/\1/p' "$T/h.out")
timeout 120 "$R" -v --critical-path --critical-path-pid "${p:-100}" \
    -o "$T/cp.txt" "$T/log" 2>"$T/cp.err"
check "--critical-path exits 0" [ $? -eq 0 ]
check "its segments follow each other over the whole span" awk '
	/^# critical path/ { for (i = 1; i <= NF; i++) if ($i == "to" && $(i - 1) ~ /^[0-9.]+$/) { a = $(i - 1); b = $(i + 1) } }
	$1 == "segment" { if (n++ == 0) first = $2; else if ($2 != last) bad = 1; last = $3 }
	END { exit !(n > 0 && !bad && first == a && last == b) }' "$T/cp.txt"
steps=$(awk '$1 == "total" { print $4 }' "$T/cp.txt")
nrec=$(grep -c '^segment' "$T/cp.txt")
check "its walk's steps are reported and bounded ($steps)" \
    [ "${steps:-0}" -gt 0 -a "${steps:-0}" -le $((4 * 200000 + 1024)) ]
check "segments: $nrec" [ "$nrec" -gt 0 ]

timeout 120 "$R" --wakeups -o "$T/w.txt" "$T/log" 2>"$T/w.err"
check "--wakeups exits 0" [ $? -eq 0 ]
check "no wake-up edge of a pid the trace never saw" \
    sh -c "! grep -Eq '\\b(3[0-9]{6}|5000000)\\b' '$T/w.txt'"

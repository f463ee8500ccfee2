#!/bin/sh
# critical_path_rows.sh: issue 37 item 2, the critical path drawn where the user looks, on recorded traces (tests/data/traces/): the default chart draws the bars of every process on the path that the unpruned chart (-n) draws, on the row that holds it (a compile's cc1 and as on their cc row in make.tgz, the pipe chain's short shells on the rows they folded into), and says how much of the path no row draws; with --threads the bar is under the thread on the path (threads.tgz: the spinner, then the napper), not under the main thread.  Uses tests/tools/layout_dump --crit.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
case ${BC_BUILD:-} in /*) BD=$BC_BUILD ;; *) BD=$(pwd)/${BC_BUILD:-build/default} ;; esac
DUMP=$BD/tests/tools/layout_dump
D=tests/data/traces

# pids FILE: the PIDs on the path that a row draws, one a line, sorted.
pids() {
	awk -F'\t' '$1 == "row" && $5 != "-" { n = split($5, v, ",")
	    for (i = 1; i <= n; i++) print v[i] }' "$1" | sort -n
}
# legend FILE: the critical path's legend line.
legend() {
	grep '^text	On the critical path' "$1"
}

for name in chain make pipe; do
	"$DUMP" --crit "$D/$name.tgz" >"$T/$name.lay" 2>"$T/$name.err" &&
	    "$DUMP" --crit -n "$D/$name.tgz" >"$T/$name.n.lay" 2>>"$T/$name.err"
	check "$name: layout_dump --crit, default and -n" [ $? = 0 ]
	pids "$T/$name.lay" >"$T/$name.pids"
	pids "$T/$name.n.lay" >"$T/$name.n.pids"
	check "$name: the default chart draws every process on the path -n does ($(wc -l <"$T/$name.n.pids"))" \
	    cmp -s "$T/$name.pids" "$T/$name.n.pids"
	check "$name: each row holding a process on the path carries a bar" \
	    sh -c "! awk -F'\\t' '\$1 == \"row\" && \$5 != \"-\" && \$4 == 0' '$T/$name.lay' | grep -q ."
	legend "$T/$name.lay" >"$T/$name.leg"
	legend "$T/$name.n.lay" >"$T/$name.n.leg"
	check "$name: the legend says the same of the path left out, both charts" \
	    sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' _ "$T/$name.leg" \
	    "$T/$name.n.leg"
done

# The chain: the command's pids on its path (--critical-path's rows) are
# all drawn but the logger's (bootchartd, outside the profile) and a
# kernel worker's; the legend counts their time.
"$BC_RENDER" --critical-path -v "$D/chain.tgz" 2>/dev/null |
    awk -F'\t' '$1 == "segment" || $1 == "merged" { print $6 "\t" $7 }' |
    sort -u >"$T/chain.cp"
awk -F'\t' '$2 != "bootchartd" && $2 !~ /^kworker/ { print $1 }' \
    "$T/chain.cp" | sort -n >"$T/chain.want"
check "chain: every process of the command on the path has its bars ($(wc -l <"$T/chain.want"))" \
    cmp -s "$T/chain.want" "$T/chain.pids"
check "chain: the legend says how much of the path has no row" \
    grep -q 'ms of it in processes without a row' "$T/chain.leg"
check "chain: the folded shells' bars are on the rows that folded them (a row with two or more)" \
    sh -c "awk -F'\\t' '\$1 == \"row\" && \$5 ~ /,/' '$T/chain.lay' | grep -q ."

# make -j2: the compiles the readable profile folded into one cc row
# each carry the bars of their cc1 and as.
for f in 3 4; do
	check "make: the folded row of bcp_f$f.c carries its cc1's and as's bars" \
	    awk -F'\t' -v f="bcp_f$f.c" '$1 == "row" && index($3, f) &&
	        $4 > 0 && split($5, v, ",") >= 3 { found = 1 }
	        END { exit !found }' "$T/make.lay"
done
check "make: no cc1 row for a folded compile, yet its pid is on the path" \
    sh -c "! grep -q '	/usr/lib/gcc.*cc1' '$T/make.lay' && grep -q '	/usr/lib/gcc.*cc1' '$T/make.n.lay'"

# --threads: the spinner's and the napper's rows carry the bars while
# each is on the path; the main thread's only its own.
"$DUMP" --crit --threads "$D/threads.tgz" >"$T/threads.lay" 2>"$T/threads.err"
for th in spinner napper; do
	check "threads: --threads, the $th thread's row carries a bar" \
	    awk -F'\t' -v n="thread $th" '$1 == "row" && $3 == n && $4 > 0 &&
	        $5 == $2 { found = 1 } END { exit !found }' "$T/threads.lay"
done

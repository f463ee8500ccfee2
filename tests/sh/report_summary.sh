#!/bin/sh
# report_summary.sh: --summary on example1 against values derived from the raw logs with awk (boot time, top CPU process, totals), its fixed columns, escaping, -o, and that the README's example is what the renderer prints today.
. "$(dirname "$0")/lib/report_lib.sh.inc"

# row LABEL FILE: the value column of a milestone or total row.
row() {
	awk -v l="$1" 'substr($0, 1, 24) == "  " sprintf("%-22s", l) {
	    split(substr($0, 25), a, " "); print a[1]; exit }' "$2"
}
# section TITLE FILE: the rows under "top 10 by TITLE" (header line included).
section() {
	awk -v t="top 10 by $1" '$0 == t { on = 1; next } on && /^$/ { exit } on' "$2"
}

if [ ! -d "$EX1" ]; then
	ok "example1 summary # SKIP $EX1 not found"
else
	"$R" --summary "$EX1" >"$T/s1" 2>"$T/err"
	rc=$?
	check "example1: --summary exit 0 (exit $rc)" [ "$rc" -eq 0 ]
	same "example1: boot time = earliest start to last block + period (awk)" \
	    "$(row "boot time" "$T/s1")" \
	    "$(boot_ms "$EX1/proc_ps.log" | awk '{ printf "%.3f\n", $1 / 1000 }')"
	same "example1: top CPU process = the one with the most ticks in proc_ps.log (cpu user sys pid start name)" \
	    "$(section "CPU time" "$T/s1" | sed -n 2p | awk '{ print $1, $2, $3, $4, $5, $6 }')" \
	    "$(top_cpu "$EX1/proc_ps.log")"
	set -- $(cpu_totals "$EX1/proc_stat.log" 2)
	same "example1: CPU busy and I/O wait CPU-seconds (awk over proc_stat.log)" \
	    "$(row "CPU busy" "$T/s1") $(row "I/O wait" "$T/s1")" "$1 $2"
	set -- $(disk_bytes "$EX1/proc_diskstats.log")
	same "example1: MB read and written (awk over proc_diskstats.log)" \
	    "$(row "disk read" "$T/s1") $(row "disk written" "$T/s1")" \
	    "$(awk -v r="$1" -v w="$2" 'BEGIN { printf "%.1f %.1f\n", r / 1e6, w / 1e6 }')"
	same "example1: processes = --dump-tree's lines" \
	    "$(row processes "$T/s1")" "$("$R" --dump-tree "$EX1" | wc -l)"
	set -- $(proc_secs "$EX1/proc_ps.log" 6702)
	if section "D-state time" "$T/s1" | awk -v d="$3" \
	    '$1 == d && $2 == 6702 && $4 == "Xorg" { f = 1 } END { exit !f }'; then
		ok "example1: Xorg in the D-state list with its D seconds ($3, awk)"
	else
		notok "example1: Xorg in the D-state list with its D seconds ($3, awk)"
	fi
	same "example1: longest = init, the boot time" \
	    "$(section duration "$T/s1" | sed -n 2p | awk '{ print $1, $2, $4 }')" \
	    "$(row "boot time" "$T/s1") 1 init"
	same "example1: the column heads (docs/summary.md)" \
	    "$(grep -E '^ +(cpu_s|dstate_s|dur_s|milestone) ' "$T/s1")" \
	    "  milestone                  uptime_s
       cpu_s     user_s      sys_s      pid    start_s  name
    dstate_s      pid    start_s  name
       dur_s      pid    start_s  name"
	same "example1: unknown milestones say so" \
	    "$(grep -E '^  (kernel end|switch_root) ' "$T/s1" | tr -s ' ')" \
	    " kernel end - (not logged)
 switch_root - (not logged)"
fi

# The README shows the summary of tests/data/sample-boot.tgz: it must be
# what the renderer prints.
"$R" --summary tests/data/sample-boot.tgz >"$T/sb" 2>"$T/err"
awk '/^<!-- summary example/ { on = 1; next } /^<!-- end of the summary example/ { on = 0 }
    on && /^    / { print substr($0, 5); next } on && /^$/ { print }' README |
    sed -e '1{/^\$ /d}' -e '${/^$/d}' >"$T/readme"
check "README's summary example is the output for tests/data/sample-boot.tgz" \
    cmp -s "$T/readme" "$T/sb"
if ! cmp -s "$T/readme" "$T/sb"; then
	diff "$T/readme" "$T/sb" | head -n 10 | sed 's/^/# /'
fi

# Names are escaped: ESC and the rest never reach the terminal.
hostile_log "$T/h"
"$R" -n --summary "$T/h" >"$T/hs" 2>/dev/null
check "hostile names: no control byte but newlines in the summary" \
    sh -c "! LC_ALL=C tr -d '\n' <'$T/hs' | LC_ALL=C grep -q '[[:cntrl:]]'"
check "hostile names: ESC printed as \\x1b" grep -q 'e\\x1b\[31mx\\x01' "$T/hs"

# -o FILE and -o - give what standard output gets.
"$R" --summary -o "$T/sum.txt" tests/data/sample-boot.tgz
check "--summary -o FILE: the same text" cmp -s "$T/sum.txt" "$T/sb"
"$R" --summary -o - tests/data/sample-boot.tgz >"$T/dash"
check "--summary -o -: standard output" cmp -s "$T/dash" "$T/sb"
"$R" --summary tests/data/sample-boot.tgz >/dev/full 2>"$T/full"
rc=$?
check "--summary to a full standard output: exit 3 (exit $rc), says so" \
    sh -c "[ $rc -eq 3 ] && grep -q 'standard output: No space left' '$T/full'"
"$R" --summary --json tests/data/sample-boot.tgz >/dev/null 2>"$T/u"
rc=$?
check "--summary with --json: usage error (exit $rc)" \
    sh -c "[ $rc -eq 1 ] && grep -q 'exclude each other' '$T/u'"

# A profile (the log of one command) in a profile's words (issue 26,
# item 2): titled after its command as the chart is, its start, end and
# duration; no kernel end, switch_root or boot time.
BB=$BC_SHARED/data/busybox-bootchartd/bootlog.tgz
if [ ! -f "$BB" ]; then
	ok "profile summary # SKIP $BB not found"
else
	"$R" --summary "$BB" >"$T/p" 2>"$T/err"
	check "profile: first line names the command" \
	    grep -qx 'profile: Profile of /usr/local/bin/bc-workload on vm (.*)' "$T/p"
	check "profile: no boot milestones" sh -c \
	    "! grep -Eq '^  (kernel end|switch_root|end of boot|boot time) ' '$T/p'"
	same "profile: duration = end - start" "$(row duration "$T/p")" \
	    "$(awk -v a="$(row 'start (first process)' "$T/p")" \
	    -v b="$(row end "$T/p")" 'BEGIN { printf "%.3f", b - a }')"
	"$R" -f html -o "$T/p.html" "$BB"
	check "profile: the page's milestones too" sh -c \
	    "grep -q '<th>duration</th>' '$T/p.html' && ! grep -q '<th>boot time</th>' '$T/p.html'"
fi

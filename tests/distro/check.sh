#!/bin/sh
# check.sh: the assertions of the real-distribution boot (TAP), read from
# the results directory run.sh leaves (boot.sh's OUTDIR plus the rendered
# files).  New assertions go here; each reads only the directory.
#
#   tests/distro/check.sh RESULTS RENDERER [FLAVOUR]
#
# FLAVOUR (initramfs-tools, the default, or dracut) says what PID 1 is in
# the initramfs: initramfs-tools' /init is a shell script ("init", then
# klibc's run-init); dracut's is systemd, which stops the initramfs's
# processes when it switches root (the logger must survive that).
# functions: initramfs-tools in function mode, whose function_graph
# starts among the core initcalls and empties the buffer then: the
# trace's checks of what came before are replaced.
#
# RESULTS holds: bootchart.tgz, x/ (its members), bootchart.png,
# render.rc, tree (--dump-tree) and tree-n (--dump-tree -n) with their
# parents (tests/sh/lib/parents.awk), multi-user (monotonic seconds),
# kernel-init (when the kernel ran the initramfs's /init), startup-finished
# (systemd's "Startup finished", monotonic seconds), serial.log,
# journal/, boot.rc, nodmesg.png (the chart without the dmesg member).
set -u
r=${1:?usage: check.sh RESULTS RENDERER [FLAVOUR]}
render=${2:?usage: check.sh RESULTS RENDERER [FLAVOUR]}
fmode=0
case ${3:-initramfs-tools} in
dracut) init1=systemd before_ok='systemd' ;;
functions) init1=init before_ok='init\|run-init' fmode=1 ;;
*) init1=init before_ok='init\|run-init' ;;
esac
. tests/sh/lib/tap.sh.inc
. tests/sh/lib/boot_trace.sh.inc
ps=$r/x/proc_ps.log

# pid1 N: PID 1's name in sample N (1 = first; 0 = last).
pid1() {
	awk -v want="$1" '
	/^[0-9]+$/ { n++; next }
	/^1 \(/ && (want == 0 || n == want) {
		s = $0; sub(/^1 \(/, "", s); sub(/\) [^)]*$/, "", s); name = s
		if (want != 0) { print name; exit }
	}
	END { if (want == 0) print name }' "$ps" 2>/dev/null
}

# sample_time N: the time stamp of sample N (0 = last), in seconds.
sample_time() {
	awk -v want="$1" '/^[0-9]+$/ { n++; t = $1; if (n == want) exit }
	END { printf "%.2f", t / 100 }' "$ps" 2>/dev/null
}

check "the VM booted and powered off by itself" [ "$(cat "$r/boot.rc" 2>/dev/null)" = 0 ]
if [ "$(cat "$r/boot.rc" 2>/dev/null)" != 0 ]; then
	tail -n 30 "$r/serial.log" 2>/dev/null | sed 's/^/# /'
fi
check "/var/log/bootchart.tgz is on the disk" [ -s "$r/bootchart.tgz" ]
for m in header proc_stat.log proc_diskstats.log proc_ps.log; do
	check "tarball holds $m" [ -s "$r/x/$m" ]
done
check "the chart renders (PNG)" sh -c "[ \"\$(cat '$r/render.rc')\" = 0 ] &&
    head -c 8 '$r/bootchart.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
check "--dump-tree reads the boot" [ -s "$r/tree" ]

first=$(pid1 1)
last=$(pid1 0)
echo "# PID 1: '$first' in the first sample, '$last' in the last"
check "systemd is PID 1 in the last sample" [ "$last" = systemd ]
check "the initramfs's init ($init1) is PID 1 in the first sample" \
    [ "$first" = "$init1" ]
# The `bootchartd init` command waits for the first sample and may be in
# it, and in a few more when the host is loaded (a TCG guest beside two
# others took 0.27 s to exit); 5 s on, the only bootchartd besides PID 1
# is the logger.
loggers=$(awk '/^[0-9]+$/ { n++; t = $1 / 100; if (n == 1) t0 = t; next }
	n > 1 && t > t0 + 5 && /^[0-9]+ \(bootchartd\) / && $1 != 1 { print $1 }' "$ps" |
    sort -u | tr '\n' ' ')
early=$(awk '/^[0-9]+$/ { n++; next }
	n > 1 && /^[0-9]+ \(bootchartd\) / && $1 != 1 { print $1 }' "$ps" |
    sort -u | tr '\n' ' ')
echo "# bootchartd processes after the first sample (PID 1 aside): ${early:-none}; 5 s on: ${loggers:-none}"
check "only one logger ran" [ "$(echo $loggers | wc -w)" -eq 1 ]
# logger_span PID: the times of its first and last sample, in seconds.
logger_span() {
	awk -v p="$1" '/^[0-9]+$/ { t = $1 / 100; next }
	$1 == p && / \(bootchartd\) / { if (f == "") f = t; l = t }
	END { printf "%s %s", f, l }' "$ps"
}

# The services, under systemd in the unpruned tree (names are the
# kernel's 15-character comm: systemd-journald is systemd-journal).
for s in systemd-journal systemd-udevd sshd cron agetty; do
	p=$(awk -F '\t' -v n="$s" '$2 == n && $4 == "systemd" { print $3; exit }' \
	    "$r/tree-n.parents")
	check "tree: $s under systemd" [ "$p" = 1 ]
done

t_first=$(sample_time 1)
t_last=$(sample_time 0)
mu=$(cat "$r/multi-user" 2>/dev/null)
ki=$(cat "$r/kernel-init" 2>/dev/null)
echo "# first sample at ${t_first}s of uptime; the kernel ran the initramfs's /init at ${ki:-?}s"
echo "# last sample at ${t_last}s; multi-user.target reached at ${mu:-?}s (journal)"

# The header of a boot log (docs/formats.md).
hkey() {
	sed -n "s/^$1 = //p" "$r/x/header" 2>/dev/null | head -n 1
}
sr=$(hkey bootchart.switch_root)
ea=$(hkey bootchart.end_at)
echo "# header: log_start $(hkey bootchart.log_start), switch_root ${sr:-none}, end '$(hkey bootchart.end)' at ${ea:-?}"
check "header: bootchart.log_start" [ -n "$(hkey bootchart.log_start)" ]
check "header: bootchart.switch_root between the first and the last sample" \
    awk -v s="${sr:-x}" -v f="$t_first" -v l="$t_last" \
    'BEGIN { exit !(s ~ /^[0-9]+\.[0-9][0-9]$/ && f <= s + 0 && s + 0 <= l) }'
span=$(logger_span "$(echo $loggers | cut -d ' ' -f 1)")
lf=${span% *} ll=${span#* }
echo "# the logger sampled from ${lf:-?}s to ${ll:-?}s"
check "the logger started in the initramfs logged on after switch_root" \
    awk -v s="${sr:-x}" -v f="${lf:-x}" -v l="${ll:-x}" \
    'BEGIN { exit !(s ~ /^[0-9.]+$/ && f ~ /^[0-9.]+$/ && f + 0 < s + 0 && l + 0 > s + 0) }'
# Before the switch PID 1 is the initramfs's init (initramfs-tools:
# /init, then run-init, which moves the root and execs the real init).
before=$(awk -v s="${sr:-0}" '
	/^[0-9]+$/ { t = $1 / 100; next }
	/^1 \(/ && t < s { n = $0; sub(/^1 \(/, "", n); sub(/\) [^)]*$/, "", n); print n }' \
    "$ps" | sort -u | tr '\n' ' ')
echo "# PID 1 before the switch of root: $before"
check "PID 1 is the initramfs's init before switch_root, systemd at the end" \
    sh -c "[ -n '$before' ] && [ -z \"\$(echo '$before' | tr ' ' '\n' |
    grep -vx '$before_ok\\|')\" ] && [ '$last' = systemd ]"
check "header: bootchart.end = systemd" [ "$(hkey bootchart.end)" = systemd ]
check "logging ended after multi-user.target was reached (journal)" \
    awk -v m="${mu:-x}" -v e="${ea:-0}" -v l="$t_last" \
    'BEGIN { exit !(m ~ /^[0-9.]+$/ && e + 0 >= m + 0 && l + 0 > m + 0) }'
sf=$(cat "$r/startup-finished" 2>/dev/null)
echo "# systemd: Startup finished at ${sf:-?}s (journal), end condition met at ${ea:-?}s"
check "the end condition was met once systemd's start-up finished (journal)" \
    awk -v s="${sf:-x}" -v e="${ea:-0}" \
    'BEGIN { exit !(s ~ /^[0-9.]+$/ && e + 0 >= s + 0) }'

# The kernel's log and its lane: the chart is taller with the dmesg
# member than without it (run.sh renders both; the lane is the difference).
check "tarball holds dmesg, in dmesg's format" sh -c "[ -s '$r/x/dmesg' ] &&
    ! grep -vE '^(\\[ *[0-9]+\\.[0-9]{6}\\] | )' '$r/x/dmesg' >/dev/null"
check "dmesg: the kernel's first line and the initramfs's /init are there" sh -c "
    grep -q '^\\[    0\\.000000\\] Linux version' '$r/x/dmesg' &&
    grep -q 'Run /init as init process' '$r/x/dmesg'"
png_height() {
	od -An -tu1 -j20 -N4 "$1" 2>/dev/null |
	    awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'
}
h1=$(png_height "$r/bootchart.png")
h0=$(png_height "$r/nodmesg.png")
echo "# chart height: ${h1:-?} px with the dmesg member, ${h0:-?} px without"
check "the kernel lane is drawn (the chart is taller with dmesg)" \
    sh -c "[ '${h1:-0}' -gt '${h0:-0}' ] && [ '${h0:-0}' -gt 0 ]"
check "the renderer reads the log without a warning" \
    sh -c "! grep -q . '$r/render.err'"

# Kernel threads (children of PID 2) that never ran while logged: their
# utime+stime never moves and they are never in state D.  None may have a
# row of its own in the chart's tree.
awk '/^[0-9]+$/ { next }
	{ s = $0; sub(/^.*\) /, "", s); split(s, f, " ")
	  if (f[2] != 2) next
	  c = f[12] + f[13]
	  if (!($1 in lo)) lo[$1] = c
	  hi[$1] = c
	  if (f[1] == "D") d[$1] = 1 }
	END { for (p in lo) if (lo[p] == hi[p] && !(p in d)) print p }' \
    "$ps" | sort -n >"$r/kthreads-idle"
idle_n=$(awk -F '\t' 'NR == FNR { idle[$1] = 1; next } $3 == 2 && ($1 in idle)' \
    "$r/kthreads-idle" "$r/tree-n.parents" | wc -l)
# A worker the kernel's trace saw finish a work item while logged ran,
# though its ticks did not move (--json's "work": docs/trace.md); so did
# one the critical path passes through (the trace saw it run, mostly
# before logging began), whose row pruning keeps (docs/critical-path.md).
{
	"$render" -q -n --json "$r/bootchart.tgz" 2>/dev/null | python3 -c '
import json, sys
for p in json.load(sys.stdin)["processes"]:
    if p.get("work"):
        print(p["pid"])'
	"$render" -q --critical-path "$r/bootchart.tgz" 2>/dev/null |
	    awk -F '\t' '$1 == "merged" { print $6 }'
} | sort -u >"$r/kthreads-worked"
idle_kept=$(awk -F '\t' 'FILENAME == ARGV[1] { idle[$1] = 1; next }
    FILENAME == ARGV[2] { worked[$1] = 1; next }
    $3 == 2 && ($1 in idle) && !($1 in worked) { print $2 }' \
    "$r/kthreads-idle" "$r/kthreads-worked" "$r/tree.parents" | tr '\n' ' ')
echo "# kernel threads that never ran while logged: $idle_n rows unpruned; kept: ${idle_kept:-none}"
check "no rows of kernel threads that never ran while logged" \
    sh -c "[ '$idle_n' -gt 0 ] && [ -z '$idle_kept' ]"

# The pruned tree (the chart's) holds the services under systemd.
for s in systemd-journal systemd-udevd sshd cron agetty; do
	# (The initramfs's own udevd is there too, under its udev script.)
	p=$(awk -F '\t' -v n="$s" '$2 == n && $4 == "systemd" { print $4; exit }' \
	    "$r/tree.parents")
	check "chart's tree: $s under systemd" [ "$p" = systemd ]
done

# Services (issue 14): bootchartd logged each process's cgroup, and the
# renderer ties the services' processes to their units.
check "tarball holds cgroup.log and cmdline2.log" \
    sh -c "[ -s '$r/x/cgroup.log' ] && [ -s '$r/x/cmdline2.log' ]"
"$render" -q --json "$r/bootchart.tgz" \
    >"$r/report.json" 2>/dev/null
for u in ssh.service cron.service systemd-journald.service; do
	check "--json: a process of $u" grep -q "\"unit\": *\"$u\"" "$r/report.json"
done

# Exact mode (issue 23): the boot entry asked the kernel to trace from
# its first instant; the logger drained the buffer into trace.dat.
check "tarball holds trace.dat" [ -s "$r/x/trace.dat" ]
trace_oracle_checks "$r/x/trace.dat" "$render" "$r"
"$render" -q --dump-events "$r/bootchart.tgz" >"$r/events" 2>/dev/null
check "--dump-events reads it" [ -s "$r/events" ]
# The trace fills what logging did not see (issue 39 item 3): the CPU
# chart and the rows are hatched only before the trace's first switch,
# the disk and memory charts until logging began.
"$render" -q -f svg -o "$r/chart.svg" "$r/bootchart.tgz" 2>/dev/null
check "the trace's switches fill the CPU chart and rows before logging" python3 -c '
import re, sys
r = [(float(y), float(w), float(h)) for y, w, h in re.findall(
    r"<rect x=\"[0-9.]+\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\" class=\"ht\"",
    open(sys.argv[1]).read()) if float(h) > 12]
r.sort()
print("# hatched widths, top down (none where the trace covers it all): " +
      " ".join("%.1f" % w for y, w, h in r))
# The charts are 60 px high, the rows taller: disk and memory hatched to
# the log start, the CPU chart (when at all) and the rows less.
charts = [w for y, w, h in r if h <= 60]
rows = [w for y, w, h in r if h > 60]
big = max(charts) if charts else 0
sys.exit(0 if big > 0 and charts.count(big) == 2 and all(w < big for w in rows) else 1)' "$r/chart.svg"
# The boot's critical path (issue 24 items 3, 4: docs/critical-path.md):
# every instant from 0 to its end on one segment, back to back, at most
# 1 ms unexplained; its totals by category and largest rows are
# printed (docs/boot-test.md).
"$render" -q --critical-path "$r/bootchart.tgz" >"$r/critpath" 2>"$r/critpath.err"
if python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["critical_path"]
s = c["segments"] if c else []
gaps = sum(1 for a, b in zip(s, s[1:]) if abs(a["end_ms"] - b["start_ms"]) > 0.0015)
print("# critical path %.3f to %.3f ms (%s), %d segments, %d gaps, unexplained %.3f ms"
      % (c["start_ms"], c["end_ms"], c["target"], len(s), gaps, c["unexplained_ms"]) if c else "# no critical path")
sys.exit(0 if c and s and c["start_ms"] <= 0.0005 and s[0]["start_ms"] <= 0.0005
         and abs(s[-1]["end_ms"] - c["end_ms"]) < 0.0015 and gaps == 0
         and c["unexplained_ms"] <= 1 else 1)' "$r/report.json"; then
	ok "the critical path covers [0, its end], <= 1 ms unexplained"
else
	notok "the critical path covers [0, its end], <= 1 ms unexplained"
fi
awk -F '\t' '$1 == "category" { print } $1 == "waited" && n++ < 5' \
    "$r/critpath" | sed 's/^/# /'
echo "# trace: $(wc -l <"$r/events" | tr -d ' ') events; $(hkey bootchart.trace.events)"
first_level=$(awk -F'\t' '$4 == "initcall_level" { print $5; exit }' "$r/events")
if [ "$fmode" = 1 ]; then
	# function_graph starts at the core level: what came before is gone.
	same "function mode: the trace's first initcall level is postcore" \
	    "$first_level" "level=postcore"
	# The logger sets the tracer to nop once it read the buffer.
	check "function mode: the logger stopped function_graph" \
	    sh -c "! grep -q 'cannot stop the function_graph' '$r/serial.log'"
else
check "the trace holds start_kernel's console initcalls" \
    grep -q '	initcall_level	level=console$' "$r/events"
check "the trace holds the births of PID 1 and 2 (from swapper)" sh -c "
    grep -q '	0	task_newtask	pid=1	' '$r/events' &&
    grep -q '	0	task_newtask	pid=2	' '$r/events'"
fi
trace_start_checks "$r/events" "$r/x/header"
# Every PID of proc_ps.log is in the trace: as the event's pid, or a
# field naming one (a fork's child, a switch's next, a wake-up's).  In
# function mode only those started after the trace's first event (its
# start time, field 22, in 1/100 s): older kernel threads idle since
# function_graph's start are in no event.
after=0
[ "$fmode" = 1 ] && after=$(awk -F'\t' '{ print int($1 / 10000000); exit }' "$r/events")
missing=$(awk -F'\t' -v after="${after:-0}" '
	FNR == NR {
		seen[$3] = 1
		for (i = 5; i <= NF; i++)
			if ($i ~ /^(pid|prev_pid|next_pid|child_pid|parent_pid)=/) {
				v = $i; sub(/^[a-z_]*=/, "", v); seen[v] = 1
			}
		next
	}
	/^[0-9]+ \(/ { split($0, w, " "); s = $0; sub(/^.*\) /, "", s)
		split(s, f, " ")
		if (f[20] + 0 >= after && !(w[1] in seen) && !(w[1] in told)) {
			told[w[1]] = 1; print w[1] } }' \
    "$r/events" "$ps" | head -n 10)
echo "# PIDs sampled but not in the trace: ${missing:-none}"
since=
[ "$fmode" = 1 ] && since=" started after the trace began"
check "every PID the sampler saw$since is in the trace" [ -z "$missing" ]
# The kernel lane's initcalls are the trace's: the longest built-in one
# by trace-cmd's report (start to finish, on PID 1, kernel_init: the
# modules' run in udev's workers, and trace-cmd names those after
# whatever kallsyms put at the address later) is labelled in the chart.
if [ -s "$r/trace.report" ]; then
	longest=$(awk '
		function ts() { match($0, / [0-9]+\.[0-9]+: /)
			return substr($0, RSTART + 1, RLENGTH - 3) }
		function fn() { f = $0; sub(/.*func=/, "", f); sub(/[+ ].*/, "", f)
			return f }
		$1 !~ /-1$/ { next }
		/ initcall_start: / { k = $1 SUBSEP fn(); s[k] = ts() }
		/ initcall_finish: / { k = $1 SUBSEP fn()
			if ((k in s) && ts() - s[k] > best) { best = ts() - s[k]; name = fn() } }
		END { print name }' "$r/trace.report")
	"$render" -q -f svg -o "$r/bootchart.svg" "$r/bootchart.tgz" 2>/dev/null
	echo "# longest initcall (trace-cmd): $longest"
	check "the kernel lane labels the trace's longest initcall" \
	    sh -c "[ -n '$longest' ] && grep -q '>$longest (' '$r/bootchart.svg'"
fi

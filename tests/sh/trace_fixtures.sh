#!/bin/sh
# trace_fixtures.sh: the trace analyses on recorded traces (tests/data/traces/, made by tests/tools/record-traces.sh): --dump-events, --wakeups, --critical-path and --json of each fixture are byte for byte the expected outputs beside it; each process's state seconds in --json add up to its traced life, and a busy loop's running_s is its time on a CPU in trace-cmd's switches; with trace-cmd, --dump-events agrees with trace-cmd report of the same trace.dat; and what a live run cannot promise holds in the recordings: in the pipe each side of yes | head woken by the other, sleep by an interrupt, the edges trace-cmd's events make (lib/waits.awk), the path through sleep's timer; the chain's path (B's sleep as timer, A's loop running, the fsync's disk wait, in order, within 5 ms of what the programs measured); a sleep asleep most of its life, a busy loop's running spans within 2 % of its CPU time; thread rows; --per-cpu's strips within trace-cmd's switches, each pinned yes named on its own CPU.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
case ${BC_BUILD:-} in /*) BD=$BC_BUILD ;; *) BD=$(pwd)/${BC_BUILD:-build/default} ;; esac
LIB=$(pwd)/tests/sh/lib
D=tests/data/traces

# render NAME: each output the record script blesses into $T/NAME.*,
# rendered from inside $D by the bare name as it was blessed.
render() {
	(cd "$D" &&
	"$R" --dump-events "$1.tgz" >"$T/$1.events" 2>"$T/$1.err" &&
	"$R" --wakeups --whole-system "$1.tgz" >"$T/$1.wakeups" \
	    2>>"$T/$1.err" &&
	"$R" --wakeups "$1.tgz" >"$T/$1.cmdwk" 2>>"$T/$1.err" &&
	"$R" --critical-path "$1.tgz" >"$T/$1.cpath" 2>>"$T/$1.err" &&
	"$R" --critical-path -v "$1.tgz" >"$T/$1.vcpath" 2>>"$T/$1.err" &&
	"$R" --json "$1.tgz" >"$T/$1.json" 2>>"$T/$1.err" &&
	case $1 in
	threads) "$R" --threads --json "$1.tgz" >"$T/$1.threads.json" ;;
	chain) "$R" --critical-path --critical-path-pid \
	    "$(awk '$1 == "sleep" { print $2 }' chain.m)" "$1.tgz" \
	    >"$T/$1.b.cpath" ;;
	esac)
}

# same_bytes NAME FILE: FILE as rendered now is its expected output.
same_bytes() {
	if cmp -s "$T/$2" "$D/$2"; then
		ok "$1: $2 as recorded"
	else
		notok "$1: $2 as recorded"
		diff "$D/$2" "$T/$2" | head -n 20 | sed 's/^/# /'
	fi
}

n=0
for t in "$D"/*.tgz; do
	name=$(basename "$t" .tgz)
	n=$((n + 1))
	render "$name"
	check "$name: rendered, status 0, no message" \
	    sh -c '[ $1 = 0 ] && [ ! -s "$2" ]' _ $? "$T/$name.err"
	for f in "$D/$name".*; do
		case $f in *.tgz|*.m) continue ;; esac
		same_bytes "$name" "$(basename "$f")"
	done
done
check "the fixtures are there ($n)" [ "$n" -ge 5 ]

# --wakeups of a profile keeps its command's waiters: the whole
# system's lines whose waiter CMD's forks made (from the events, not
# the renderer's tree), in the same order.
for t in "$D"/*.tgz; do
	name=$(basename "$t" .tgz)
	root=$(tar -xzOf "$t" header | sed -n 's/^profile.parent = //p')
	[ -n "$root" ] || continue
	awk -v root="$root" -f "$LIB/cmd_wakeups.awk" "$T/$name.events" \
	    "$T/$name.wakeups" >"$T/$name.cmdwk.want"
	if cmp -s "$T/$name.cmdwk.want" "$T/$name.cmdwk"; then
		ok "$name: --wakeups keeps the command's waiters alone"
	else
		notok "$name: --wakeups keeps the command's waiters alone"
		diff "$T/$name.cmdwk.want" "$T/$name.cmdwk" | head -n 20 |
		    sed 's/^/# /'
	fi
	check "$name: ... and leaves some out (the logger's own at least)" \
	    [ "$(wc -l <"$T/$name.cmdwk")" -lt "$(wc -l <"$T/$name.wakeups")" ]
done

# What holds of any path: the raw segments (-v) one after the other over
# the span, the category totals their sums adding up to it, the merged
# rows the same span, --json's totals the text's.
if command -v python3 >/dev/null 2>&1; then
	for t in "$D"/*.tgz; do
		name=$(basename "$t" .tgz)
		python3 "$LIB/cpath_check.py" "$name" "$T/$name.cpath" \
		    "$T/$name.vcpath" "$T/$name.json"
	done
else
	ok "the paths' totals and segments # SKIP no python3"
fi

# trace-cmd, the oracle of the decoder, on each recording.
if command -v trace-cmd >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
	for t in "$D"/*.tgz; do
		name=$(basename "$t" .tgz)
		tar -xzOf "$t" trace.dat >"$T/$name.dat"
		trace-cmd report -R -t -i "$T/$name.dat" >"$T/$name.report" 2>/dev/null
		if python3 "$LIB/tdat_compare.py" "$T/$name.report" \
		    "$T/$name.events" >"$T/$name.cmp"; then
			ok "$name: --dump-events agrees with trace-cmd report"
		else
			notok "$name: --dump-events agrees with trace-cmd report"
			head -n 20 "$T/$name.cmp" | sed 's/^/# /'
		fi
	done
	have_tc=1
else
	ok "--dump-events against trace-cmd report # SKIP no trace-cmd or python3"
	have_tc=0
fi

# Each process's seconds running, runnable, in D and asleep (--json's
# running_s ...: the numbers of its row's colours) add up to its life as
# traced; a busy loop's running_s (states' busy, the chain's A) is its
# time on a CPU in trace-cmd's switches (lib/states_check.py).
if command -v python3 >/dev/null 2>&1; then
	for f in "$T"/*.json; do
		python3 "$LIB/states_check.py" life "$(basename "$f")" "$f"
	done
	if [ $have_tc = 1 ]; then
		for name in states chain; do
			trace-cmd report -t -i "$T/$name.dat" >"$T/$name.tc" 2>/dev/null
			python3 "$LIB/states_check.py" running "$name" "$T/$name.json" \
			    "$T/$name.tc" "$(awk '$1 == "busy" { print $2 }' "$D/$name.m")"
		done
	fi
else
	ok "the states' seconds # SKIP no python3"
fi

# The same seconds as the summary's, the page's and the tooltips' numbers
# (states: the busy child waited most for a CPU), each list naming a
# process as the chart does (a readable profile: its command line).
(cd "$D" && "$R" --summary states.tgz >"$T/states.summary" &&
    "$R" -q -f svg -o "$T/states.svg" states.tgz &&
    "$R" -q -f html -o "$T/states.html" states.tgz) 2>"$T/states.err2"
check "states: --summary, -f svg and -f html: status 0, no message" \
    sh -c '[ $1 = 0 ] && [ ! -s "$2" ]' _ $? "$T/states.err2"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$T/states.json" "$T/states.summary" "$T/states.svg" \
	    "$T/states.html" "$(awk '$1 == "busy" { print $2 }' "$D/states.m")" <<'PY'
import html, json, re, sys
js, summ, svg, page, busy = sys.argv[1:5] + [int(sys.argv[5])]
p = [q for q in json.load(open(js))["processes"] if q["pid"] == busy][0]
life = sum(p[k] for k in ("running_s", "runnable_s", "blocked_io_s",
                          "sleeping_s"))
def check(ok, what):
    print(("ok" if ok else "not ok") + " - states: " + what)
text = open(summ).read()
part = text.split("top 10 by runnable time (waited most for a CPU)\n")
rows = part[1].split("\n\n")[0].splitlines()[1:] if len(part) == 2 else []
first = rows[0].split(None, 4) if rows else []
print("# summary's first runnable row: %s" % (rows[:1],))
check(len(first) == 5 and float(first[0]) == p["runnable_s"] and
      abs(float(first[1].rstrip("%")) - 100 * p["runnable_s"] / life) < 0.1 and
      int(first[2]) == busy and first[4] == p["cmdline"],
      "the summary's runnable list: the busy child first, its seconds, "
      "share and command line")
check(re.search(r"\n  running +[0-9.]+ +[0-9]+ +" + re.escape(p["cmdline"]) +
                "\n", text) is not None,
      "the critical path's rows name the busy child by its command line")
tips = re.findall(r"<title>([^<]*)</title>", open(svg).read())
want = "running %.3f s, runnable %.3f s, D %.3f s, sleeping %.3f s" % (
    p["running_s"], p["runnable_s"], p["blocked_io_s"], p["sleeping_s"])
tip = [t for t in tips if "\npid %d," % busy in html.unescape(t)]
print("# its tooltip: %r" % (tip[:1],))
check(len(tip) == 1 and html.unescape(tip[0]).endswith("\n" + want),
      "the busy child's tooltip says its four states' seconds")
check(all(re.search(r"\nrunning [0-9.]+ s, runnable", t) for t in tips),
      "every row's tooltip has them (every row traced)")
page = open(page).read()
m = re.search(r"Top 10 by runnable time.*?</table>", page, re.S)
check(m is not None and ("<td class=\"n\">%.3f</td>" % p["runnable_s"]) in
      m.group(0) and html.escape(p["cmdline"], False) in m.group(0),
      "the page's runnable table: its seconds and command line")
PY
fi

# The pipe: yes | head on one CPU, then sleep 0.2.
W=$T/pipe.wakeups
pid_of() { awk -F'\t' -v n="$2" '$1 == "blocked" && $3 == n { print $2 }' "$1"; }
Y=$(pid_of "$W" fx-yes); H=$(pid_of "$W" fx-head); S=$(pid_of "$W" fx-sleep)
check "pipe: yes, head and sleep each blocked ($Y, $H, $S)" \
    test -n "$Y" -a -n "$H" -a -n "$S"
edge() { awk -F'\t' -v w="$2" -v k="$3" -v s="$4" '$1 == "edge" &&
    $2 == w && ($4 == "-" ? $5 : $4) == k && $6 == s && $7 > 0 { f = 1 }
    END { exit !f }' "$1"; }
check "pipe: head is woken by yes" edge "$W" "$H" "$Y" S
check "pipe: yes is woken by head" edge "$W" "$Y" "$H" S
check "pipe: sleep is woken by an interrupt" edge "$W" "$S" "[irq]" S
if [ $have_tc = 1 ]; then
	trace-cmd report -l -t -i "$T/pipe.dat" 2>/dev/null |
	    awk -f "$LIB/waits.awk" |
	    awk -v p="$Y $H $S" 'BEGIN { split(p, a, " "); for (i in a) w[a[i]] = 1 }
	    ($1 in w)' | sort >"$T/theirs"
	awk -F'\t' -v pids="$Y $H $S" -f "$LIB/edges.awk" "$T/theirs" - \
	    <"$W" | sort >"$T/mine"
	check "pipe: their edges are trace-cmd's (waker, state, count, total, max)" \
	    sh -c '[ -s "$1" ] && cmp -s "$1" "$2"' _ "$T/mine" "$T/theirs"
	diff "$T/mine" "$T/theirs" | head -n 20 | sed 's/^/# /'
fi
C=$T/pipe.vcpath
check "pipe: the path ends at sh's exit" grep -q '^# critical path to [0-9]* sh ' "$C"
awk -F'\t' -v s="$S" '$1 == "segment" && $5 == "timer" && $6 == s { t += $4 }
    $1 == "waited" && !top { top = $2 " " $3 }
    END { printf "# the timer of sleep on the path: %.3f ms\n", t
	exit !(t >= 200 && top == "timer " s) }' "$C"
check "pipe: the path covers sleep's 200 ms timer, its largest row" [ $? = 0 ]

# The chain (tests/tools/record-traces.sh's chain.py), against the
# windows its programs measured (chain.m, ns of CLOCK_BOOTTIME).  B's
# sleep: the path follows B only within A's wait, there B's within 5 ms,
# most of it timer.  A's loop: running on the path no less than 5 ms
# under its own CPU time, running or preempted within 5 ms of its wall
# time; a disk wait of A within its fsync; in that order.
awk -F'\t' -v mfile="$D/chain.m" -v out="$T/ok" '
BEGIN {
	while ((getline l < mfile) > 0) {
		split(l, f, " ")
		pid[f[1]] = f[2]; a[f[1]] = f[3] / 1e6; b[f[1]] = f[4] / 1e6
	}
	a["both"] = a["sleep"] > a["read"] ? a["sleep"] : a["read"]
	b["both"] = b["sleep"] < b["read"] ? b["sleep"] : b["read"]
}
# The header: the chart zero as uptime, to take each row (s on the
# chart) to ms of uptime, as in chain.m.
NR == 1 { z = $0; sub(/.*[(]its 0 at /, "", z); sub(/ s of uptime.*/, "", z) }
function within(w,   x, y) {
	x = st > a[w] ? st : a[w]; y = en < b[w] ? en : b[w]
	return y > x ? y - x : 0
}
$1 != "segment" { next }
{ st = ($2 + z) * 1e3; en = ($3 + z) * 1e3 }
$6 == pid["sleep"] { bcat[$5] += within("both") }
$5 == "timer" && $6 == pid["sleep"] && within("both") > 0 {
	t += within("both"); if (!tfirst) tfirst = $2 }
$5 == "running" && $6 == pid["busy"] && within("busy") > 0 {
	run += within("busy"); if (!rfirst) rfirst = $2 }
$5 == "runnable" && $6 == pid["busy"] { pre += within("busy") }
$5 == "disk" && $6 == pid["fsync"] && within("fsync") > 0 {
	disk += within("fsync"); if (!dfirst) dfirst = $2 }
END {
	ws = b["both"] - a["both"]; wb = b["busy"] - a["busy"]
	for (c in bcat) { bt += bcat[c]; if (bcat[c] > t) big = c }
	printf "# sleep %.3f ms, A waiting through %.3f ms of it: on the path as B %.3f ms, timer %.3f ms\n", b["sleep"] - a["sleep"], ws, bt, t
	cpu = b["cpu"]
	printf "# busy %.3f ms (CPU %.3f ms), on the path as A running %.3f ms, preempted %.3f ms\n", wb, cpu, run, pre
	printf "# fsync %.3f ms, on the path as disk %.3f ms\n", b["fsync"] - a["fsync"], disk
	d1 = bt - ws; if (d1 < 0) d1 = -d1
	d3 = run + pre - wb; if (d3 < 0) d3 = -d3
	print (d1 <= 5 && big == "") > (out ".sleep")
	print (cpu - run <= 5) > (out ".busy")
	print (d3 <= 5) > (out ".wall")
	print (disk > 0 && tfirst < rfirst && rfirst < dfirst) > (out ".order")
}' "$T/chain.vcpath"
check "chain: B's sleep on the path: B's within 5 ms of its own measure, most of it timer" \
    grep -qx 1 "$T/ok.sleep"
check "chain: A's loop runs on the path at least its own CPU time (- 5 ms)" \
    grep -qx 1 "$T/ok.busy"
check "chain: A's loop (running or preempted) is on the path within 5 ms of its wall time" \
    grep -qx 1 "$T/ok.wall"
check "chain: timer, then running, then the fsync's disk wait, in that order" \
    grep -qx 1 "$T/ok.order"
b=$(awk '$1 == "sleep" { print $2 }' "$D/chain.m")
check "chain: --critical-path-pid B: B's path, holding B's sleep" \
    awk -F'\t' -v b="$b" 'NR == 1 && $0 !~ "^# critical path to " b " " { exit 1 }
    $1 == "merged" && $5 == "timer" && $6 == b { n++ } END { exit !n }' \
    "$T/chain.b.cpath"

# The states: exact spans (tests/tools/states_dump) of a busy loop and
# a sleep 0.5.
SD=$BD/tests/tools/states_dump
if [ -x "$SD" ]; then
	(cd "$D" && "$SD" -n states.tgz) >"$T/states" 2>/dev/null
	check "states: states_dump reads it" [ $? = 0 ]
	# Most of the life sleep did not wait for a CPU, asleep.
	awk -F'\t' -v pid="$(awk '$1 == "sleep" { print $2 }' "$D/states.m")" '
		$1 == "total" && $2 == pid {
			life = $4 + $5 + $6 + $7
			printf "# sleep: %d us asleep of %d (running %d, runnable %d)\n", $7, life, $4, $5
			ok = $7 >= 499000 && $7 >= 0.9 * (life - $5)
		}
		END { exit !ok }' "$T/states"
	check "states: sleep 0.5 sleeps its half second, most of its life but its waits for a CPU" [ $? = 0 ]
	awk -F'\t' -v pid="$(awk '$1 == "busy" { print $2 }' "$D/states.m")" '
		$1 == "total" && $2 == pid {
			run = $4 / 1e6; cpu = $8 / 1e6
			printf "# running %.6f s, CPU time %.6f s\n", run, cpu
			d = run - cpu; if (d < 0) d = -d
			ok = cpu > 0 && d <= 0.02 * cpu
		}
		END { exit !ok }' "$T/states"
	check "states: the busy loop's running spans within 2 % of its CPU time" [ $? = 0 ]
else
	ok "states: exact spans # SKIP no $SD"
fi

# The threads: wakeload threads (threads.m: "NAME TID CPU_US").
if command -v python3 >/dev/null 2>&1; then
	python3 - "$D/threads.m" "$T/threads.threads.json" "$T/threads.json" <<'PY'
import json, sys
said = {}
for line in open(sys.argv[1]):
    name, tid, cpu = line.split()
    said[name] = int(tid)
pid = said["main"]
t = {p["pid"]: p for p in json.load(open(sys.argv[2]))["processes"]}
p = {q["pid"]: q for q in json.load(open(sys.argv[3]))["processes"]}
def check(ok, what):
    print(("ok" if ok else "not ok") + " - threads: " + what)
for name in ("spinner", "napper"):
    row = t.get(said[name])
    check(row is not None and row.get("thread_of") == pid and
          row["name"] == name and t[pid]["id"] == row["parent"],
          "%s has its own row, named, under its process" % name)
check("thread_of" not in t[pid], "the process's row is its main thread's")
check(all("thread_of" not in q for q in p.values()) and
      said["spinner"] not in p and said["napper"] not in p,
      "without --threads the threads have no rows")
PY
	if [ -x "$SD" ]; then
		nap=$(awk '$1 == "napper" { print $2 }' "$D/threads.m")
		(cd "$D" && "$SD" -n -t threads.tgz) 2>/dev/null |
		    awk -F'\t' -v p="$nap" '$1 == "total" && $2 == p {
			printf "# napper asleep %d us\n", $7; ok = $7 >= 299000 }
			END { exit !ok }'
		check "threads: the napper's row sleeps its 300 ms" [ $? = 0 ]
	fi
else
	ok "threads: rows # SKIP no python3"
fi

# The pinned yes: --per-cpu's strips (the SVG's tooltips) name each on
# its own CPU only.
(cd "$D" && "$R" -q --per-cpu -f svg -o "$T/percpu.svg" percpu.tgz)
check "percpu: --per-cpu -f svg: status 0" [ $? = 0 ]
grep -o '<title>cpu[0-9]* [0-9.]*-[0-9.]* s: yes ([0-9]*) ran' \
    "$T/percpu.svg" | sed 's/<title>cpu\([0-9]*\) .*(\([0-9]*\)).*/\2 \1/' |
    sort -u >"$T/yes"
sed 's/^/# yes on cpu: /' "$T/yes"
check "percpu: two yes, each on one CPU, not the same" awk '
    { c[$1]++; u[$2]++; n++ } END { k = 0; for (p in c) { k++; if (c[p] != 1) bad++ }
	m = 0; for (x in u) m++
	exit !(k == 2 && !bad && m == 2) }' "$T/yes"
# Against trace-cmd's switches (lib/percpu_check.py, as trace_percpu.sh
# on a live run): each CPU's busy time, no task longer than they show.
if [ $have_tc = 1 ]; then
	trace-cmd report -t -i "$T/percpu.dat" >"$T/percpu.tc" 2>/dev/null
	python3 "$LIB/percpu_check.py" "$T/percpu.svg" "$T/percpu.json" \
	    "$T/percpu.events" "$T/percpu.tc" | sed 's/ - / - percpu: /'
fi

# The cut: bootchartd's budget ran out (its header says "cut: ..."), so
# the trace ends where every CPU still has its events: the earliest of
# the CPUs' last events in trace-cmd's report, moved to uptime by the
# clock-sync marker.  The critical path stops there (its target, sh,
# lived on) and says why; --json's trace_cut, the summary and the
# chart's note say where.
if [ $have_tc = 1 ]; then
	want=$(awk '
		/clock_sync start boottime_ns=/ && !off {
			s = $0; sub(/.*boottime_ns=/, "", s); sub(/[^0-9].*/, "", s)
			t = $0; sub(/^[^]]*\] */, "", t); sub(/:.*/, "", t)
			off = s - t * 1e9
		}
		/^ *[^ ].*\[[0-9]+\] *[0-9]+\.[0-9]+:/ {
			c = $0; sub(/^[^[]*\[/, "", c); sub(/\].*/, "", c)
			t = $0; sub(/^[^]]*\] */, "", t); sub(/:.*/, "", t)
			last[c + 0] = t
		}
		END {
			m = -1
			for (c in last) if (m < 0 || last[c] < m) m = last[c]
			printf "%.3f\n", (m * 1e9 + off) / 1e6
		}' "$T/cut.report")
	# The header's end, s on the chart, and the chart's 0, s of uptime.
	got=$(awk 'NR == 1 { z = $0; sub(/.*[(]its 0 at /, "", z)
	    sub(/ s of uptime.*/, "", z); sub(/ s on the chart.*/, "")
	    sub(/.* to /, ""); printf "%.3f\n", ($0 + z) * 1e3 }' "$T/cut.cpath")
	check "cut: the path ends where every CPU is whole ($got ms; trace-cmd: $want)" \
	    awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; exit !(d < 0.002 && d > -0.002) }'
fi
check "cut: the path says the trace was cut" \
    grep -q "^# critical path to [0-9]* sh (the trace's end, cut short by bootchartd" "$T/cut.cpath"
check "cut: its total row says trace_cut, the others' do not" sh -c '
    awk -F "\t" "\$1 == \"total\" { exit \$6 != \"yes\" }" "$1" &&
    for f in "$2"/pipe.cpath "$2"/chain.cpath "$2"/states.cpath; do
	awk -F "\t" "\$1 == \"total\" { exit \$6 != \"no\" }" "$f" || exit 1
    done' _ "$T/cut.cpath" "$T"
if command -v python3 >/dev/null 2>&1; then
	check "cut: --json's trace_cut is where the path ends" python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
c = j["trace_cut"]
assert c["why"] == "half the log budget (TMPFS_SIZE) full", c
assert abs(c["at_ms"] - j["critical_path"]["end_ms"]) < 0.0015, c
assert c["at_ms"] < j["milestones"]["end_ms"], c
' "$T/cut.json"
	check "uncut fixtures have no trace_cut" python3 -c '
import json, sys
for f in sys.argv[1:]:
    assert "trace_cut" not in json.load(open(f)), f
' "$T/pipe.json" "$T/chain.json" "$T/states.json" "$T/threads.json"
fi
(cd "$D" && "$R" --summary cut.tgz) >"$T/cut.summary" 2>&1
check "cut: the summary says where and why" grep -q \
    "^trace: cut short by bootchartd at 0\.[0-9]* s (half the log budget (TMPFS_SIZE) full); later times from samples" \
    "$T/cut.summary"
(cd "$D" && "$R" -q -f svg -o "$T/cut.svg" cut.tgz)
check "cut: the chart's note and mark" sh -c 'grep -q "trace cut short by bootchartd at 0\.[0-9]* s" "$1" &&
    grep -q ">trace cut<" "$1"' _ "$T/cut.svg"
if python3 -c "import jsonschema" 2>/dev/null; then
	check "cut: --json validates against the schema" python3 -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
' "$T/cut.json" docs/bootchart.schema.json
else
	ok "cut: --json against the schema # SKIP no python3-jsonschema"
fi

# tcp (tests/sh/lib/tcp_wait.py): the client's recv on loopback, which
# the server's send 0.2 s after its sleep ended in the server's own
# softirq.  The path follows the sender: the server's sleep is on it as
# timer within 5 ms of 200 ms, the client has no timer of its own; and
# --wakeups names the server as the waker of that socket wait, as the
# path's step into the server does (docs/critical-path.md).
set -- $(sed -n 's/^client //p; s/^server //p' "$D/tcp.m")
tc=${1:-0} ts=${2:-0}
check "tcp: the server's sleep on the path, timer, 195 to 205 ms" \
    awk -F'\t' -v s="$ts" '$1 == "waited" && $2 == "timer" && $3 == s &&
    $5 >= 0.195 && $5 <= 0.205 { n++ } END { exit !n }' "$T/tcp.cpath"
check "tcp: no timer of the client's on the path" \
    awk -F'\t' -v c="$tc" '$1 == "merged" && $5 == "timer" && $6 == c { n++ }
    END { exit n }' "$T/tcp.vcpath"
check "tcp: --wakeups: the client's socket wait woken by the server" \
    awk -F'\t' -v c="$tc" -v s="$ts" '$1 == "edge" && $2 == c && $4 == s &&
    $10 == "socket" && $8 >= 195 { n++ } END { exit !n }' "$T/tcp.wakeups"

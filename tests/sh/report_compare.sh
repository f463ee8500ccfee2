#!/bin/sh
# report_compare.sh: --compare on two boots made from one generated log that differ in known ways (one process started 2 s later, one ran 2 s longer, one added, one removed; all PIDs renumbered): the table lists exactly those, and the chart (-f) colours exactly those.
. "$(dirname "$0")/lib/report_lib.sh.inc"

GEN=$BC_BUILD/tests/tools/gen_bootlog
if [ ! -x "$GEN" ] || [ -z "$PY" ]; then
	ok "--compare # SKIP gen_bootlog not built or no python3"
	exit 0
fi
B=$T/base
"$GEN" -q -n 40 -s 20 -z 5 --seed 7 -d "$B" || notok "gen_bootlog"
"$R" --json "$B" >"$T/base.json"

# Four leaves, each the only one of its name among its siblings, well
# inside the boot (so no change moves its end), at least 3 samples
# long: "pid name start_ms duration_ms path" of each, by start.
"$PY" - "$T/base.json" >"$T/picked" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
P = d["processes"]
m = d["milestones"]
def path(p):
    names = []
    while p is not None:
        names.append(P[p]["name"])
        p = P[p]["parent"]
    return ">".join(reversed(names))
pids = [p["pid"] for p in P]
for p in P:
    if p["children"] or p["parent"] is None or pids.count(p["pid"]) > 1:
        continue
    sib = [P[c]["name"] for c in P[p["parent"]]["children"]]
    if sib.count(p["name"]) == 1 and p["duration_ms"] >= 600 and \
       p["start_ms"] > m["start_ms"] + 1000 and p["end_ms"] + 3000 < m["end_ms"]:
        print(p["pid"], p["name"], p["start_ms"], p["duration_ms"], path(p["id"]))
PYEOF
if [ "$(wc -l <"$T/picked")" -lt 4 ]; then
	notok "gen_bootlog's log has four plain leaves to edit ($(wc -l <"$T/picked") found)"
	exit 0
fi
# B starts 10 blocks (2 s) later, C lives 10 blocks longer, D is gone
# from the new boot, A from the old one.
set -- $(sed -n 1p "$T/picked"); BP=$1 BN=$2 BS=$3 BPATH=$5
set -- $(sed -n 2p "$T/picked"); CP=$1 CN=$2 CD=$4 CPATH=$5
set -- $(sed -n 3p "$T/picked"); DP=$1 DN=$2 DS=$3 DD=$4 DPATH=$5
set -- $(sed -n 4p "$T/picked"); AP=$1 AN=$2 AS=$3 AD=$4 APATH=$5

# edit_ps IN OUT DROP SHIFT EXTEND K: proc_ps.log without DROP's lines,
# SHIFT's lines K blocks later (start time moved with them), EXTEND's
# last line repeated in the K blocks after it.  0 for none.
edit_ps() {
	awk -v drop="$3" -v shift="$4" -v ext="$5" -v k="$6" '
	NR == FNR { if (/^[0-9]+$/) { nb++; stamp[nb] = $1 }
		else if (NF > 20 && $1 == shift) line[nb] = $0
		else if (NF > 20 && $1 == ext) { last = $0; lastb = nb }
		next }
	/^[0-9]+$/ { b++; print; next }
	/^$/ { if (b - k in line) { $0 = line[b - k]; $22 += stamp[b] - stamp[b - k]; print }
		if (b > lastb && b <= lastb + k) print last
		print ""; next }
	$1 == drop || $1 == shift { next }
	{ print }' "$1" "$1" >"$2"
}
# mk DIR DROP SHIFT EXTEND: a copy of the base log with those edits.
mk() {
	mkdir -p "$1"
	cp "$B/header" "$B/proc_stat.log" "$B/proc_diskstats.log" "$1/"
	edit_ps "$B/proc_ps.log" "$1/proc_ps.log" "$2" "$3" "$4" 10
}
mk "$T/old" "$AP" 0 0
mk "$T/new" "$DP" "$BP" "$CP"
# The same boot with every PID from 3 up moved by 5000.
renumber() {
	mkdir -p "$2"
	cp "$1/header" "$1/proc_stat.log" "$1/proc_diskstats.log" "$2/"
	awk 'NF > 20 { if ($1 >= 3) $1 += 5000; if ($4 >= 3) $4 += 5000 } { print }' \
	    "$1/proc_ps.log" >"$2/proc_ps.log"
}
renumber "$T/new" "$T/new5k"

"$R" --compare "$T/old" "$T/new" >"$T/cmp" 2>"$T/err"
rc=$?
check "--compare exit 0 (exit $rc)" [ "$rc" -eq 0 ]
same "the four lists hold one process each" \
    "$(grep -E '^(started|ran|appeared|disappeared)' "$T/cmp")" \
    "started earlier or later by more than 0.500 s: 1
ran shorter or longer by more than 0.500 s: 1
appeared (only in new): 1
disappeared (only in old): 1"
# rows TITLE-START FILE: the data rows of one list.
rows() {
	awk -v t="$1" 'index($0, t) == 1 { on = 1; getline; next } on && /^$/ { exit } on' "$2"
}
fmt_s() { awk -v ms="$1" 'BEGIN { printf "%.3f", ms / 1000 }'; }
same "started later: $BN, 2 s, matched by name and place" \
    "$(rows started "$T/cmp" | tr -s ' ' | sed 's/^ //')" \
    "$(fmt_s "$BS") $(fmt_s $((BS + 2000))) +2.000 $BP $BP $BPATH"
same "ran longer: $CN, 2 s" \
    "$(rows ran "$T/cmp" | awk '{ print $3, $4, $5, $6 }')" "+2.000 $CP $CP $CPATH"
same "appeared: $AN (dropped from the old log)" \
    "$(rows appeared "$T/cmp" | tr -s ' ' | sed 's/^ //')" \
    "$(fmt_s "$AS") $(fmt_s "$AD") $AP $APATH"
same "disappeared: $DN (dropped from the new log)" \
    "$(rows disappeared "$T/cmp" | tr -s ' ' | sed 's/^ //')" \
    "$(fmt_s "$DS") $(fmt_s "$DD") $DP $DPATH"
same "boot time and end unchanged, same process count" \
    "$(grep -E '^  (boot time|end of boot|processes) ' "$T/cmp" | awk '{ print $NF }')" \
    "+0.000
+0.000
+0"

# CPU time, which a shared machine's load moves less than wall time:
# C's utime raised by 10 ticks (0.1 s, half a 0.2 s sample) more at each
# of its samples; the list holds C with the delta --json gives it, and
# every pair --json says moved by more than the threshold (cpu_delta_s).
mkdir -p "$T/cpu"
cp "$T/new/header" "$T/new/proc_stat.log" "$T/new/proc_diskstats.log" "$T/cpu/"
awk -v p="$CP" 'NF > 20 && $1 == p { $14 += 10 * seen++ } { print }' \
    "$T/new/proc_ps.log" >"$T/cpu/proc_ps.log"
"$R" --compare "$T/old" "$T/cpu" >"$T/cmpcpu" 2>/dev/null
"$R" --json --compare "$T/old" "$T/cpu" 2>/dev/null | python3 -c '
import json, sys
moved = [p for p in json.load(sys.stdin)["pairs"]
         if p["cpu_delta_s"] is not None and abs(p["cpu_delta_s"]) > 0.5]
print(len(moved))
for p in moved:
    print("%+.3f %d" % (p["cpu_delta_s"], p["new"]["pid"]))' >"$T/cpumoved"
same "used more CPU: $CN, by what --json says" \
    "$(rows used "$T/cmpcpu" | awk -v p="$CP" '$5 == p { print $3, $5 }')" \
    "$(awk -v p="$CP" '$2 == p' "$T/cpumoved")"
same "the CPU list holds the pairs --json says moved by more than 0.5 s" \
    "$(rows used "$T/cmpcpu" | wc -l | tr -d ' ')" "$(sed -n 1p "$T/cpumoved")"
check "untraced logs: no list of waits for a CPU" \
    sh -c "! grep -q 'waited less or more for a CPU' '$T/cmpcpu'"

# --regression METRIC:MS.  The old log with C's CPU raised the same way
# and nothing else: its wall time is the old one's, so wall (the default)
# passes and cpu fails, naming C with the delta --json gives its pair;
# the JSON's totals differ by the sum of the pairs' CPU deltas.
mkdir -p "$T/cpuonly"
cp "$T/old/header" "$T/old/proc_stat.log" "$T/old/proc_diskstats.log" "$T/cpuonly/"
awk -v p="$CP" 'NF > 20 && $1 == p { $14 += 10 * seen++ } { print }' \
    "$T/old/proc_ps.log" >"$T/cpuonly/proc_ps.log"
for m in "" wall:; do
	"$R" --compare --regression "${m}500" "$T/old" "$T/cpuonly" >/dev/null 2>"$T/e"
	rc=$?
	check "--regression ${m}500, CPU alone raised: exit 0, nothing said (exit $rc)" \
	    sh -c "[ $rc -eq 0 ] && [ ! -s '$T/e' ]"
done
"$R" --compare --json --regression cpu:500 "$T/old" "$T/cpuonly" >"$T/rc.json" 2>"$T/e"
rc=$?
check "--regression cpu:500: exit 5, one line (exit $rc)" \
    sh -c "[ $rc -eq 5 ] && [ \$(wc -l <'$T/e') -eq 1 ]"
"$PY" - "$T/rc.json" "$CP" >"$T/rcwant" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
r = d["regression"]
pairs = d["pairs"]
grown = [p for p in pairs if p["cpu_delta_s"] is not None and p["cpu_delta_s"] > 0.5]
worst = max(grown, key=lambda p: p["cpu_delta_s"])
tot = sum(p["cpu_delta_s"] for p in pairs if p["cpu_delta_s"] is not None)
print(r["metric"], r["regressed"], r["processes"] == len(grown),
      r["worst"] == worst["id"], worst["new"]["pid"] == int(sys.argv[2]),
      abs((r["new_total_ms"] - r["old_total_ms"]) / 1000 - tot) <= 0.002 * len(pairs))
print("%+.3f" % worst["cpu_delta_s"])
PYEOF
same "--json's regression: cpu, regressed, C the worst, totals apart by the pairs' CPU deltas" \
    "$(sed -n 1p "$T/rcwant")" "cpu True True True True True"
check "  the line says cpu, the CPU time and C with its pair's delta" \
    sh -c "grep -q '^bootchart-render: regression (cpu, threshold 0.500 s): total CPU time .* 1 process used more CPU by more, most: $CN.* $(sed -n 2p "$T/rcwant") s\$' '$T/e'"
"$R" --compare --regression cpu:86400000 "$T/old" "$T/cpuonly" >/dev/null 2>&1
rc=$?
check "--regression cpu:86400000: exit 0 (exit $rc)" [ "$rc" -eq 0 ]
"$R" --compare --regression bogus:10 "$T/old" "$T/cpuonly" >/dev/null 2>"$T/e"
rc=$?
check "--regression bogus:10: usage error naming the metrics (exit $rc)" \
    sh -c "[ $rc -eq 1 ] && grep -q 'wall, cpu, running or runnable' '$T/e'"
"$R" --compare --regression runnable:10 "$T/old" "$T/cpuonly" >/dev/null 2>"$T/e"
rc=$?
check "--regression runnable:10 of untraced logs: exit 2, one line naming OLD (exit $rc)" \
    sh -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/e') -eq 1 ] && grep -q '$T/old.*both logs traced' '$T/e'"
# The chart says the CPU change beside the wall ones.
"$R" --compare -f svg -o "$T/cpuonly.svg" "$T/old" "$T/cpuonly" 2>/dev/null
check "the compare chart labels C with its CPU change" \
    grep -q "$CN (cpu $(sed -n 2p "$T/rcwant" | awk '{ printf "%+.2f", $1 }')s)" "$T/cpuonly.svg"

# PIDs play no part: renumbered, the same rows with the new PIDs.
"$R" --compare "$T/old" "$T/new5k" >"$T/cmp5k" 2>/dev/null
# The lists with the new boot's PIDs moved back by 5000, blanks squeezed.
unshift() {
	sed -n '/^started/,$p' "$1" | awk '
	    /^(started|ran)/ { sec = "pair" } /^appeared/ { sec = "new" } /^disappeared/ { sec = "old" }
	    sec == "pair" && $5 ~ /^[0-9]+$/ && $5 > 5000 { $5 -= 5000 }
	    sec == "new" && $3 ~ /^[0-9]+$/ && $3 > 5000 { $3 -= 5000 }
	    { $1 = $1; print }'
}
same "every PID renumbered: the same rows, with the new PIDs" \
    "$(unshift "$T/cmp5k")" "$(unshift "$T/cmp")"
check "  (and the new PIDs are the renumbered ones)" grep -q " $((BP + 5000)) " "$T/cmp5k"
"$R" --compare "$T/new" "$T/new5k" >"$T/same" 2>/dev/null
same "a boot against itself renumbered: no difference" \
    "$(grep -E '^(started|ran|appeared|disappeared)' "$T/same" | sed 's/.*: //' | tr '\n' ' ')" \
    "0 0 0 0 "

# --threshold: a change is listed when larger than it.
for th in 1999 2000; do
	"$R" --compare --threshold "$th" "$T/old" "$T/new" >"$T/th" 2>/dev/null
	want=$([ "$th" -lt 2000 ] && echo 1 || echo 0)
	same "--threshold $th: 2 s changes listed $want time(s)" \
	    "$(grep -E '^(started|ran)' "$T/th" | sed 's/.*: //' | tr '\n' ' ')" \
	    "$want $want "
done

# -o FILE writes the table there.
"$R" --compare -o "$T/t.txt" "$T/old" "$T/new" 2>/dev/null
check "--compare -o FILE: the table" cmp -s "$T/t.txt" "$T/cmp"

# Errors: usage (1), bad input naming the file (2).
"$R" --compare "$T/old" >/dev/null 2>"$T/e"
rc=$?
check "--compare with one path: usage error (exit $rc)" \
    sh -c "[ $rc -eq 1 ] && grep -q 'needs two paths' '$T/e'"
"$R" --compare --threshold 1s "$T/old" "$T/new" >/dev/null 2>"$T/e"
rc=$?
check "--threshold 1s: usage error (exit $rc)" \
    sh -c "[ $rc -eq 1 ] && grep -q 'bad --threshold' '$T/e'"
"$R" --threshold 100 "$T/old" >/dev/null 2>"$T/e"
rc=$?
check "--threshold without --compare: usage error (exit $rc)" [ "$rc" -eq 1 ]
"$R" --compare "$T/old" "$T/nothere" >/dev/null 2>"$T/e"
rc=$?
check "--compare with a missing NEW: exit 2 naming it (exit $rc)" \
    sh -c "[ $rc -eq 2 ] && grep -q 'nothere' '$T/e' && [ \$(wc -l <'$T/e') -eq 1 ]"

# The chart (-f): the same boots.  Our SVG gives each fill colour a
# class (.kN{fill:#RRGGBB}), so the highlights can be counted: besides
# the legend's swatch of each, the later and longer processes get red
# bars (the layout test checks where, tests/unit/test_layout_compare.c),
# the added one an orange one; a boot against itself renumbered gets
# only the swatches.  cairo's SVG (svg-glyphs) names the same colours.
RED=d03c3c ORANGE=e0902a
RED_CAIRO='fill:rgb(81.568627%,23.529412%,23.529412%)'
ORANGE_CAIRO='fill:rgb(87.843137%,56.470588%,16.470588%)'
# filled SVG COLOUR...: how many elements are filled with the colours.
filled() {
	f=$1
	shift
	for c in "$@"; do
		k=$(sed -n "s/.*\.\(k[0-9]*\){fill:#$c}.*/\1/p" "$f" | head -n 1)
		[ -n "$k" ] || { echo 0; continue; }
		grep -c "class=\"$k\"" "$f"
	done | awk '{ n += $1 } END { print n + 0 }'
}
"$R" --compare -f svg -o "$T/c.svg" "$T/old" "$T/new" 2>"$T/e"
rc=$?
check "--compare -f svg: exit 0, nothing said (exit $rc)" \
    sh -c "[ $rc -eq 0 ] && [ ! -s '$T/e' ]"
if command -v xmllint >/dev/null 2>&1; then
	check "  well-formed SVG" xmllint --noout "$T/c.svg"
else
	ok "  well-formed SVG # SKIP no xmllint"
fi
n=$(filled "$T/c.svg" $RED)
check "  two red bars (later, longer) and the swatch ($n)" [ "$n" -eq 3 ]
n=$(filled "$T/c.svg" $ORANGE)
check "  an orange bar (appeared) and the swatch ($n)" [ "$n" -eq 2 ]
"$R" --compare -f svg -o "$T/same.svg" "$T/new" "$T/new5k" 2>/dev/null
n=$(filled "$T/same.svg" $RED $ORANGE)
check "  a boot against itself renumbered: no red or orange bar ($n)" \
    [ "$n" -eq 2 ]
"$R" --compare -f svg-glyphs -o "$T/g.svg" "$T/old" "$T/new" 2>/dev/null
check "  cairo's SVG: the same three red and two orange fills" \
    sh -c "[ \$(grep -c '$RED_CAIRO' '$T/g.svg') -eq 3 ] &&
    [ \$(grep -c '$ORANGE_CAIRO' '$T/g.svg') -eq 2 ]"
# Default name: NEW's, then -compare, in -o's directory; PNG and PDF.
mkdir -p "$T/outdir"
"$R" --compare -f png -o "$T/outdir" "$T/old" "$T/new" 2>/dev/null
check "--compare -f png -o DIR: DIR/new-compare.png, a PNG" \
    sh -c "head -c 8 '$T/outdir/new-compare.png' | od -An -c | grep -q 'P   N   G'"
"$R" --compare -f pdf -o - "$T/old" "$T/new" 2>/dev/null >"$T/c.pdf"
check "--compare -f pdf -o -: a PDF on standard output" \
    sh -c "head -c 5 '$T/c.pdf' | grep -q '%PDF-'"

# Two traced profiles (tests/data/traces): a label gives the time
# runnable that moved, as the table's list of waits has it; and
# --regression runnable: judges it.
TR=tests/data/traces
"$R" --compare --threshold 10 "$TR/chain.tgz" "$TR/states.tgz" >"$T/tw" 2>/dev/null
wd=$(rows waited "$T/tw" | awk '$NF ~ /states.py]$/ { printf "%+.2f", $3 }')
"$R" --compare --threshold 10 -f svg -o "$T/tw.svg" "$TR/chain.tgz" "$TR/states.tgz" 2>/dev/null
check "traced: the label of states.py gives its wait change ($wd s) as the table" \
    sh -c "[ -n '$wd' ] && grep -q 'states.py (dur [^<]*, wait $wd""s)' '$T/tw.svg'"
check "  and the header says what the labels give" \
    grep -q "labels: that change, and CPU time (cpu) or time waiting for a CPU (wait)" "$T/tw.svg"
"$R" --compare --regression runnable:100 "$TR/chain.tgz" "$TR/states.tgz" >/dev/null 2>"$T/e"
rc=$?
check "traced: --regression runnable:100 fires on the +0.124 s wait (exit $rc)" \
    sh -c "[ $rc -eq 5 ] && grep -q 'regression (runnable, threshold 0.100 s): total time waiting for a CPU .* 1 process waited longer for a CPU by more, most: python3 .* +0.124 s\$' '$T/e'"
"$R" --compare --regression runnable:200 "$TR/chain.tgz" "$TR/states.tgz" >/dev/null 2>&1
rc=$?
check "traced: --regression runnable:200 passes (exit $rc)" [ "$rc" -eq 0 ]

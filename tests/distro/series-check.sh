#!/bin/sh
# series-check.sh: the assertions of `make check-series` (TAP), read from
# the results directory series.sh leaves; each reads only the directory.
#
#   tests/distro/series-check.sh RESULTS BOOTS
#
# RESULTS holds image/bootchartd.conf (the guest's config), A/ B/ C/
# (each: qemu.rc, serial.log, logs/*.tgz, state-left) and the comparisons AB.txt, AB.jsonl (A against B), AC.txt,
# AC.jsonl (A against C), with their exit statuses (*.rc).
set -u
r=${1:?usage: series-check.sh RESULTS BOOTS}
boots=${2:?usage: series-check.sh RESULTS BOOTS}
. tests/sh/lib/tap.sh.inc

for s in A B C; do
	d=$r/$s
	rc=$(cat "$d/qemu.rc" 2>/dev/null)
	# qemu exits 0 on SIGTERM too: the guest's own word is asked for.
	off=0
	[ "$rc" = 0 ] && grep -q 'BCTEST-SERIES-POWEROFF' "$d/serial.log" 2>/dev/null &&
	    ! grep -q 'terminating on signal' "$d/qemu.err" 2>/dev/null && off=1
	check "set $s: the series ran to its end and the VM powered off by itself (qemu status ${rc:-?}, $(cat "$d/wall" 2>/dev/null) s)" \
	    [ "$off" = 1 ]
	if [ "$off" != 1 ]; then
		sed 's/^/# qemu: /' "$d/qemu.err" 2>/dev/null
		tail -n 20 "$d/serial.log" 2>/dev/null | sed 's/^/# /'
	fi
	check "set $s: the series' state is gone from the disk" \
	    sh -c "! grep -q . '$d/state-left' 2>/dev/null"
	steps=$(grep -c 'rebooting in' "$d/serial.log" 2>/dev/null)
	echo "# set $s: $steps reboots by the series' step; $(grep -c 'BCTEST-SERIES-POWEROFF' "$d/serial.log" 2>/dev/null) power-off"
	n=$(ls "$d/logs" 2>/dev/null | grep -c '^[0-9]\{8\}-[0-9]\{6\}-[0-9a-f]\{8\}\.tgz$')
	check "set $s: $boots kept logs (found ${n:-0})" [ "${n:-0}" -eq "$boots" ]
	ids=$(for f in "$d"/logs/*.tgz; do
		[ -f "$f" ] || continue
		tar -xzOf "$f" header 2>/dev/null |
		    sed -n 's/^system\.boot_id = //p' | head -n 1
	done | sort -u | grep -c .)
	check "set $s: each log has a boot id of its own (${ids:-0} distinct)" \
	    [ "${ids:-0}" -eq "$boots" ]
done

# figures SET: each boot's end (phase end, ms) and the unit's duration.
figures() {
	python3 - "$r/AB.jsonl" "$r/AC.jsonl" <<'EOF'
import json, sys
rows = {}
for path, sets in ((sys.argv[1], "AB"), (sys.argv[2], "AC")):
    try:
        lines = open(path).read().splitlines()
    except OSError:
        continue
    for line in lines:
        d = json.loads(line)
        if d.get("row") != "item":
            continue
        key = (d["kind"], d["name"], d["metric"])
        if key not in (("phase", "end", "time"),
                       ("unit", "bctest-sleep.service", "duration")):
            continue
        name = sets[0] if d["set"] == "A" else sets[1]
        rows.setdefault((key, name), {})[d["boot"]] = d["ms"]
for (key, name), v in sorted(rows.items()):
    print("# %s %s (%s), set %s: %s ms" % (key[0], key[1], key[2], name,
        " ".join("%.0f" % v[b] for b in sorted(v))))
EOF
}

# cmp FILE KIND NAME METRIC: the cmp row of one item, as
# "shift shift_lo shift_hi q verdict" (nothing when absent).
cmp() {
	python3 - "$@" <<'EOF'
import json, sys
path, kind, name, metric = sys.argv[1:5]
try:
    lines = open(path).read().splitlines()
except OSError:
    sys.exit(0)
for line in lines:
    d = json.loads(line)
    if (d.get("row") == "cmp" and d["kind"] == kind and d["name"] == name
            and d["metric"] == metric):
        f = lambda x: "nan" if x is None else "%.1f" % x
        print(f(d["shift"]), f(d["shift_lo"]), f(d["shift_hi"]),
              "nan" if d["q"] is None else "%.3g" % d["q"], d["verdict"])
        break
EOF
}

# contains LO HI MS [TOL]: whether [LO - TOL, HI + TOL] holds MS.
contains() {
	awk -v lo="$1" -v hi="$2" -v x="$3" -v t="${4:-0}" \
	    'BEGIN { exit !(lo != "nan" && hi != "nan" && lo - t <= x && x <= hi + t) }'
}

figures
for c in AB AC; do
	check "--compare ${c%?} -- ${c#?}: the table and the JSON Lines are written" \
	    sh -c "[ -s '$r/$c.txt' ] && [ -s '$r/$c.jsonl' ] &&
	    [ \"\$(cat '$r/$c.rc')\" = 0 ] && [ \"\$(cat '$r/$c.json.rc')\" = 0 ]"
	echo "# bootchart-render --compare ${c%?} -- ${c#?}:"
	sed 's/^/#   /' "$r/$c.txt" 2>/dev/null
done

# The end of boot is the log's last sample: it is known to the sample
# period (the image's SAMPLE_PERIOD), so the end's shift is a whole
# number of periods (about 1003 or 1203 ms for 1 s) and its CI is held
# to +1000 ms within one period.  The unit's duration is timed by the
# trace: its CI must hold +1000 ms itself.
period=$(sed -n 's/^SAMPLE_PERIOD=//p' "$r/image/bootchartd.conf" 2>/dev/null |
    awk '{ printf "%d", $1 * 1000 + 0.5 }')
for it in "unit bctest-sleep.service duration 0" "phase end time ${period:-200}"; do
	set -- $it
	tol=$4
	it="$1 $2 $3"
	row=$(cmp "$r/AB.jsonl" $it)
	set -- $row
	v=$(echo "$row" | cut -d ' ' -f 5-)
	echo "# A -- B, $it: verdict ${v:-?}, shift ${1:-?} ms, 95 % CI [${2:-?}, ${3:-?}] ms, q ${4:-?}"
	check "A -- B: $it is slower (B sleeps 1 s more)" [ "$v" = slower ]
	if [ "$tol" = 0 ]; then
		check "A -- B: $it: the shift's CI holds +1000 ms" \
		    contains "${2:-nan}" "${3:-nan}" 1000
	else
		check "A -- B: $it: the shift's CI holds +1000 ms within the sample period ($tol ms)" \
		    contains "${2:-nan}" "${3:-nan}" 1000 "$tol"
	fi
done

moved=$(python3 - "$r/AC.jsonl" <<'EOF'
import json, sys
try:
    lines = open(sys.argv[1]).read().splitlines()
except OSError:
    lines = []
for line in lines:
    d = json.loads(line)
    if d.get("row") == "cmp" and d["verdict"] in ("slower", "faster"):
        print("%s %s %s %s" % (d["kind"], d["name"], d["metric"], d["verdict"]))
EOF
)
ncmp=$(grep -c '"row": "cmp"' "$r/AC.jsonl" 2>/dev/null)
echo "# A -- C: ${ncmp:-0} items compared; slower or faster after FDR: ${moved:-none}"
check "A -- C: items were compared" [ "${ncmp:-0}" -gt 0 ]
check "A -- C (the same image): no item slower or faster after FDR" \
    [ -z "$moved" ]

#!/bin/sh
# chart_window.sh: --window FROM:TO draws that part of the time axis (docs/chart.md): its labels count from the axis's 0 as the whole chart's do, its rows are the processes alive in it (by --json's starts and ends), the page's script gets the axis's time at its left edge, a window after the chart's end is refused with its span named, and without the option the chart is as before.
T=${BC_TMP:?BC_TMP must be set}
R=$BC_RENDER
LOG=tests/data/sample-boot.tgz
. "$(dirname "$0")/lib/tap.sh.inc"

"$R" -q --json -o "$T/all.json" "$LOG"
"$R" -q -f svg -o "$T/all.svg" "$LOG"
"$R" -q --window 4:7 -f svg -o "$T/w.svg" "$LOG"
check "--window 4:7 -f svg: status 0" [ $? -eq 0 ]
python3 - "$T/all.json" "$T/all.svg" "$T/w.svg" <<'PY'
import json, re, sys
doc = json.load(open(sys.argv[1]))
procs = doc["processes"]
# The axis's 0 is where the chart starts (--json's times are from the
# chart's zero, which a log that does not start at boot puts earlier).
t0 = doc["milestones"]["start_ms"]
def rows(path):
    s = open(path).read()
    return [int(m) for m in re.findall(
        r'<g class="r"[^>]*><title>[^<]*?\npid (\d+),', s)]
def labels(path):
    return re.findall(r'class="tm ax">([0-9.]+s)</text>', open(path).read())
allrows, win = rows(sys.argv[2]), rows(sys.argv[3])
want = [p["pid"] for p in procs
        if p["start_ms"] < t0 + 7000 and p["end_ms"] >= t0 + 4000]
def say(ok, what):
    print(("ok" if ok else "not ok") + " - " + what)
say(sorted(allrows) == sorted(p["pid"] for p in procs),
    "without --window: a row per process of --json (%d)" % len(allrows))
say(labels(sys.argv[3]) == ["4s", "5s", "6s", "7s"],
    "--window 4:7: the axis reads 4 s to 7 s (%s)" % labels(sys.argv[3]))
say(0 < len(win) < len(allrows) and win == [p for p in allrows if p in want],
    "--window 4:7: the rows alive then, in the chart's order (%d of %d)"
    % (len(win), len(allrows)))
PY

"$R" -q --window 1.5:2.25 -f html -o "$T/w.html" "$LOG"
check "--window 1.5:2.25 -f html: status 0" [ $? -eq 0 ]
check "the page's script gets the axis's ms at its left edge" \
    grep -q 'data-o="1500"' "$T/w.html"
check "a whole chart's page has no such offset" \
    sh -c '"$1" -q -f html -o - "$2" | grep -c "data-o=" | grep -qx 0' _ \
    "$R" "$LOG"
"$R" -q --window 2:5 -f png -o "$T/w.png" "$LOG"
check "--window 2:5 -f png: status 0" [ $? -eq 0 -a -s "$T/w.png" ]
# To the end, past it: the chart's end.
"$R" -q --window 8:60 -f svg -o "$T/end.svg" "$LOG"
check "--window 8:60: status 0 (cut at the chart's end)" [ $? -eq 0 ]
check "--window 8:60: its axis ends at the chart's 9 s" \
    sh -c 'grep -o "class=\"tm ax\">[0-9.]*s<" "$1" | tail -1 | grep -q ">9s<"' \
    _ "$T/end.svg"

"$R" --window 10:12 -o "$T/late.png" "$LOG" 2>"$T/late.err"
rc=$?
same "--window after the chart's end: exit 1" "$rc" 1
check "… saying where the chart ends" \
    grep -q "^bootchart-render: --window 10.000:12.000 starts after the chart ends (9.128 s)$" "$T/late.err"
check "… and writing nothing" [ ! -e "$T/late.png" ]

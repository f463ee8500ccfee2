#!/bin/sh
# report_html.sh: -f html is one self-contained page (no network, text from logs escaped, the same bytes through -o -), and in a real browser (Debian's chromium, headless, through chromedriver: html_browser.py) it loads without console errors, looks like our PNG, shows a box's tooltip on hover, searches and zooms (wheel and keyboard), and a long chart's rows come in bands that leave the layout off screen.
. "$(dirname "$0")/lib/tap.sh.inc"

T=$BC_TMP
R=$BC_RENDER
LOG=tests/data/sample-boot.tgz
PNGDIFF=$BC_BUILD/tests/tools/pngdiff
# The browser draws text with its own rasteriser: glyph edges differ a
# little, the boxes, areas and lines not at all.  Measured: about 1.7.
MAX_MEAN=4

"$R" -f html -o "$T/page.html" "$LOG" 2>"$T/err"
rc=$?
check "-f html writes the page (exit $rc)" [ "$rc" -eq 0 ]
check "it is an HTML document" grep -q '^<!DOCTYPE html>' "$T/page.html"
"$R" -f html -o - "$LOG" >"$T/stdout.html" 2>/dev/null
check "-o - writes the same bytes to standard output" \
    cmp -s "$T/page.html" "$T/stdout.html"

# Self-contained: nothing is fetched; the one URL is SVG's namespace,
# the one href the empty icon (no request for favicon.ico).
same "no URL but the SVG namespace" \
    "$(grep -oE 'https?://[^" ]*' "$T/page.html" | sort -u)" \
    "http://www.w3.org/2000/svg"
same "no href but the empty icon" \
    "$(grep -oE 'href="[^"]*"' "$T/page.html" | sort -u)" 'href="data:,"'
same "no src=, @import or url() but to the page's own ids" \
    "$(grep -cE 'src=|@import|url\([^#]' "$T/page.html")" 0

"$R" --json -o "$T/report.json" "$LOG"
nproc=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["processes"]))' "$T/report.json")
same "a row with a tooltip per process" \
    "$(grep -cE '<g class="r" data-i="[0-9]+"><title>' "$T/page.html")" "$nproc"

# A name and a command line with markup and quotes, escaped: the name
# in its label, tooltip and the summary; the command line in its tooltip.
mkdir -p "$T/log"
for b in 100 120 140; do
	printf '%s\n' "$b"
	printf '1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1\n'
	printf '7 (<b>&"x'"'"') R 1 7 7 0 -1 0 0 0 0 0 %s 3 0 0 20 0 1 0 2\n' "$b"
	printf '\n'
done >"$T/log/proc_ps.log"
printf '7\n<script>alert(1)</script>\n\n' >"$T/log/cmdline2.log"
"$R" -f html -n -o "$T/evil.html" "$T/log" 2>/dev/null
check "markup in a name comes out escaped" \
    grep -q '&lt;b&gt;&amp;&quot;x&#39;' "$T/evil.html"
same "the raw name appears nowhere" "$(grep -c '<b>&"x' "$T/evil.html")" 0
same "the only <script> is ours" "$(grep -c '<script' "$T/evil.html")" 1

# Bands (issue 26, item 5: a zoom step lays out the rows on screen only):
# a tree of 373 rows, init's and each service's dotted verticals
# crossing bands.  The page's bands against -f svg's chart of the same
# log here; in the browser below, out of view out of the layout, shown
# by scrolling with their labels placed for the zoom, reached by Enter.
mkdir -p "$T/tree"
awk 'BEGIN {
	for (b = 100; b <= 400; b += 20) {
		print b
		print "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1"
		for (s = 0; s < 12; s++) {
			printf "%d (svc-%d) S 1 %d %d 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 %d\n",
			    10 + s, s, 10 + s, 10 + s, 2 + s
			for (i = 0; i < 30; i++)
				printf "%d (job-%d-%d) R %d %d %d 0 -1 0 0 0 0 0 %d 1 0 0 20 0 1 0 %d\n",
				    100 + s * 30 + i, s, i, 10 + s, 100 + s * 30 + i,
				    100 + s * 30 + i, b / 10, 20 + s * 30 + i
		}
		print ""
	} }' >"$T/tree/proc_ps.log"
"$R" -f html -n -o "$T/tree.html" "$T/tree" && "$R" -f svg -n -o "$T/tree.svg" "$T/tree"
check "a tree of 373 processes renders as a page and an SVG" [ -s "$T/tree.html" -a -s "$T/tree.svg" ]
/usr/bin/python3 tests/sh/lib/bands_check.py "$T/tree.html" "$T/tree.svg" 2>"$T/py.err"
rc=$?
check "the bands' checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]

CHROMIUM=$(command -v chromium || true)
DRIVER=$(command -v chromedriver || true)
if [ -z "$CHROMIUM" ] || [ -z "$DRIVER" ]; then
	ok "browser checks # SKIP no chromium and chromedriver (scripts/deps.sh installs chromium, chromium-driver)"
	exit 0
fi
"$R" -f png -o "$T/chart.png" "$LOG"
# The sandbox needs user namespaces; as root chromium refuses it.
HOME=$T /usr/bin/python3 tests/sh/lib/html_browser.py "$DRIVER" "$CHROMIUM" \
    "$T/page.html" "$T/chart.png" "$T/report.json" "$PNGDIFF" "$MAX_MEAN" \
    cpu-step svc "$T" 2>"$T/py.err"
rc=$?
check "the browser checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20

# The page's controls (issue 26, item 5) on a log with command lines and
# units, in a window narrower than the chart: the chart fits, the
# details keep their height and clear, the search reads command lines
# and units, Enter scrolls up or down only.
mkdir -p "$T/ctl"
awk 'BEGIN {
	for (b = 100; b <= 400; b += 20) {
		print b
		print "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1"
		for (i = 0; i < 60; i++)
			printf "%d (job-%d) R 1 %d %d 0 -1 0 0 0 0 0 %d 1 0 0 20 0 1 0 %d\n",
			    100 + i, i, 100 + i, 100 + i, b / 10, 2 + i
		print ""
	} }' >"$T/ctl/proc_ps.log"
# cmdline2.log: PID, :EXE, :ARGS with NULs; job-0's is 2 KB long.
long=$(printf 'x%.0s' $(seq 1 2000))
i=0
while [ $i -lt 60 ]; do
	printf '%d\n:/usr/bin/tool\n:tool\000--input\000file-%d.c\000' \
	    $((100 + i)) $i
	[ $i -eq 0 ] && printf '%s\000' "$long"
	printf '\n\n'
	i=$((i + 1))
done >"$T/ctl/cmdline2.log"
awk 'BEGIN { for (i = 0; i < 60; i++)
	printf "%d /system.slice/%s.service\n", 100 + i,
	    i == 7 ? "special-unit" : "jobs" }' >"$T/ctl/cgroup.log"
"$R" -f html -n -o "$T/ctl.html" "$T/ctl" 2>"$T/ctl.err"
check "a log with command lines and units renders as a page" [ -s "$T/ctl.html" ]
for q in "file-42.c:142" "special-unit:107"; do
	HOME=$T /usr/bin/python3 tests/sh/lib/html_browser.py --controls \
	    "$DRIVER" "$CHROMIUM" "$T/ctl.html" "job-0 [jobs.service]" "${q%%:*}" "${q##*:}" \
	    2>"$T/py.err"
	rc=$?
	check "the controls' checks ran to the end for ${q%%:*} (exit $rc)" [ "$rc" -eq 0 ]
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20
done

HOME=$T /usr/bin/python3 tests/sh/lib/html_browser.py --bands "$DRIVER" \
    "$CHROMIUM" "$T/tree.html" job-11-29 2>"$T/py.err"
rc=$?
check "the bands' browser checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20

# The keyboard zooms and pans: + and - about the middle, the arrows by a
# tenth of the view, 0 resets; typed into the search box they are text.
HOME=$T /usr/bin/python3 tests/sh/lib/html_browser.py --keys "$DRIVER" \
    "$CHROMIUM" "$T/page.html" 2>"$T/py.err"
rc=$?
check "the keyboard's browser checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20

# A compare page (two generated boots): zoomed and panned, each row's
# label stays in the plot and beside its box, on the side in view, not
# over the two bars that fill the box (the old page moved it inside,
# red on red, or past the view's end).
GEN=$BC_BUILD/tests/tools/gen_bootlog
if [ -x "$GEN" ]; then
	"$GEN" -q -n 40 -s 20 -z 5 --seed 7 -d "$T/g7" &&
	    "$GEN" -q -n 40 -s 20 -z 5 --seed 8 -d "$T/g8" &&
	    "$R" --compare -f html -o "$T/cmp.html" "$T/g7" "$T/g8" 2>"$T/cmp.err"
	check "a compare page is written" [ -s "$T/cmp.html" ]
	HOME=$T /usr/bin/python3 tests/sh/lib/html_browser.py --labels \
	    "$DRIVER" "$CHROMIUM" "$T/cmp.html" 2>"$T/py.err"
	rc=$?
	check "the compare page's label checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20
else
	ok "compare page labels # SKIP gen_bootlog not built"
fi

# The wake-up graph of a recorded profile (tests/data/traces): its
# command's waits alone (--wakeups' edges), readable at the page's
# width (text at 9 px or more, scrolling rather than shrinking), each
# arrow's numbers in its tooltip.  cut: 64 edges that fit the page;
# pipe: 65 whose layout is wider and scrolls.
for g in cut pipe; do
	"$R" -f html -o "$T/$g.html" "tests/data/traces/$g.tgz" 2>"$T/$g.err"
	n=$("$R" --wakeups "tests/data/traces/$g.tgz" | grep -c '^edge')
	HOME=$T /usr/bin/python3 tests/sh/lib/html_browser.py --graph \
	    "$DRIVER" "$CHROMIUM" "$T/$g.html" "$n" "$T/$g-graph.png" \
	    2>"$T/py.err"
	rc=$?
	check "$g: the wake-up graph's browser checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20
done

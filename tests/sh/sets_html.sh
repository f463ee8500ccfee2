#!/bin/sh
# sets_html.sh: -f html with sets is one self-contained page (no network, text and paths from logs escaped), whose items' table matches the JSON Lines and the text table of the same sets (sets_html_check.py: a row per item, its verdict, the table's order, min/median/max linked to the logs that gave them, the median boots), and in a real browser (chromium, headless: sets_browser.py) loads at 1280 and 1920 px without errors or horizontal scroll, shows all rows on request, and draws the median boots.
. "$(dirname "$0")/lib/tap.sh.inc"

T=$BC_TMP
R=$BC_RENDER
D=tests/data/traces
TOP=$(pwd)
SETS="$D/pipe.tgz $D/chain.tgz $D/states.tgz -- $D/pipe.tgz $D/make.tgz $D/threads.tgz"

# shellcheck disable=SC2086
"$R" --compare -f html -o "$T/page.html" $SETS 2>"$T/err"
rc=$?
check "-f html with sets writes the page (exit $rc)" [ "$rc" -eq 0 ]
check "it is an HTML document" grep -q '^<!DOCTYPE html>' "$T/page.html"
# shellcheck disable=SC2086
"$R" --compare --json $SETS >"$T/sets.jsonl" 2>/dev/null
# shellcheck disable=SC2086
"$R" --compare -v $SETS >"$T/table.txt" 2>/dev/null
# Written elsewhere than here, the page links to a relative path through
# the current directory.
/usr/bin/python3 tests/sh/lib/sets_html_check.py "$T/page.html" \
    "$T/sets.jsonl" "$T/table.txt" "$TOP" 2>"$T/py.err"
rc=$?
check "the page's checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20

# Self-contained: the one URL is SVG's namespace; links go to the logs.
same "no URL but the SVG namespace" \
    "$(grep -oE 'https?://[^" ]*' "$T/page.html" | sort -u)" \
    "http://www.w3.org/2000/svg"
same "no href but the empty icon and the logs" \
    "$(grep -oE 'href="[^"]*"' "$T/page.html" | grep -v "^href=\"file://$TOP/$D/" |
    sort -u)" 'href="data:,"'
same "no src=, @import or url() but to the page's own ids" \
    "$(grep -cE 'src=|@import|url\([^#]' "$T/page.html")" 0

# Without -o: ./B-sets.html (B's first log's name), its links the paths
# as given; -o - writes the same bytes.
mkdir -p "$T/here/d"
cp $D/pipe.tgz $D/chain.tgz $D/states.tgz $D/make.tgz "$T/here/d/"
(cd "$T/here" && "$R" --compare -f html d/pipe.tgz d/chain.tgz -- \
    d/make.tgz d/states.tgz 2>/dev/null &&
    "$R" --compare -f html -o - d/pipe.tgz d/chain.tgz -- d/make.tgz \
    d/states.tgz >stdout.html 2>/dev/null &&
    "$R" --compare --json d/pipe.tgz d/chain.tgz -- d/make.tgz \
    d/states.tgz >sets.jsonl && "$R" --compare -v d/pipe.tgz d/chain.tgz \
    -- d/make.tgz d/states.tgz >table.txt)
check "without -o the page is ./make-sets.html" [ -s "$T/here/make-sets.html" ]
check "-o - writes the same bytes to standard output" \
    cmp -s "$T/here/make-sets.html" "$T/here/stdout.html"
/usr/bin/python3 tests/sh/lib/sets_html_check.py "$T/here/make-sets.html" \
    "$T/here/sets.jsonl" "$T/here/table.txt" - 2>"$T/py.err"
rc=$?
check "the page's checks ran to the end, links as given (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20

# -f html alone among the formats.
# shellcheck disable=SC2086
"$R" --compare -f svg -o "$T/x.svg" $SETS 2>"$T/err"
rc=$?
check "sets refuse -f svg (exit $rc)" [ "$rc" -eq 1 ]
check "saying what they write" grep -q -- "-f html" "$T/err"

# Hostile text: a process named with markup and quotes, a kernel command
# line with a script (the sets differ in it), a log's file name with
# markup and quotes, a log that does not read named with markup.  -n:
# the short process is kept.
mkdir -p "$T/evil" "$T/h"
for run in 1 2 3; do
	for b in 100 120 140; do
		printf '%s\n' "$b"
		printf '1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1\n'
		printf '7 (<b>&"x'"'"') R 1 7 7 0 -1 0 0 0 0 0 %s 3 0 0 20 0 1 0 2\n' \
		    $((b / 10 + run * 7))
		printf '\n'
	done >"$T/evil/proc_ps.log"
	printf 'version = 0.1.0\nsystem.kernel.options = quiet run=%d '"'"'<script>alert(1)</script> "q'"'"'\n' \
	    "$run" >"$T/evil/header"
	tar czf "$T/h/e$run.tgz" -C "$T/evil" header proc_ps.log
done
EVIL="$T/h/e<i>&'q\".tgz"
mv "$T/h/e3.tgz" "$EVIL"
printf 'not a log\n' >"$T/h/bad<b>.tgz"
"$R" -n --compare -f html -o "$T/evil.html" "$T/h/e1.tgz" "$T/h/e2.tgz" \
    -- tests/data/sample-boot.tgz "$EVIL" "$T/h/bad<b>.tgz" 2>"$T/err"
rc=$?
check "a page of hostile names (exit $rc)" [ "$rc" -eq 0 ]
"$R" -n --compare --json "$T/h/e1.tgz" "$T/h/e2.tgz" -- \
    tests/data/sample-boot.tgz "$EVIL" "$T/h/bad<b>.tgz" \
    >"$T/evil.jsonl" 2>/dev/null
"$R" -n --compare -v "$T/h/e1.tgz" "$T/h/e2.tgz" -- \
    tests/data/sample-boot.tgz "$EVIL" "$T/h/bad<b>.tgz" \
    >"$T/evil.txt" 2>/dev/null
/usr/bin/python3 tests/sh/lib/sets_html_check.py "$T/evil.html" \
    "$T/evil.jsonl" "$T/evil.txt" "$TOP" 2>"$T/py.err"
rc=$?
check "the hostile page's checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20
check "markup in a name comes out escaped" \
    grep -q '&lt;b&gt;&amp;&quot;x&#39;' "$T/evil.html"
check "a kernel command line's script comes out escaped" \
    grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$T/evil.html"
check "a log's path comes out escaped" \
    grep -q "e&lt;i&gt;&amp;&#39;q&quot;.tgz" "$T/evil.html"
check "the log that did not read is said, escaped" \
    grep -q 'bad&lt;b&gt;.tgz' "$T/evil.html"
same "the raw name appears nowhere" "$(grep -c '<b>&"x' "$T/evil.html")" 0
same "the only <script> is ours" "$(grep -c '<script' "$T/evil.html")" 1

CHROMIUM=$(command -v chromium || true)
DRIVER=$(command -v chromedriver || true)
if [ -z "$CHROMIUM" ] || [ -z "$DRIVER" ]; then
	ok "browser checks # SKIP no chromium and chromedriver (scripts/deps.sh installs chromium, chromium-driver)"
	exit 0
fi
# The sandbox needs user namespaces; as root chromium refuses it.
for w in 1280 1920; do
	HOME=$T /usr/bin/python3 tests/sh/lib/sets_browser.py "$DRIVER" \
	    "$CHROMIUM" "$T/page.html" "$w" "$T/sets-$w.png" 2>"$T/py.err"
	rc=$?
	check "the browser checks at $w px ran to the end (exit $rc)" [ "$rc" -eq 0 ]
	[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20
done
HOME=$T /usr/bin/python3 tests/sh/lib/sets_browser.py "$DRIVER" \
    "$CHROMIUM" "$T/evil.html" 1280 "$T/evil-1280.png" 2>"$T/py.err"
rc=$?
check "the hostile page's browser checks ran to the end (exit $rc)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$T/py.err" | tail -20

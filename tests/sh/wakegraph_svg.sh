#!/bin/sh
# wakegraph_svg.sh: --wake-graph -f svg (and --call-graph's, graphdraw.c) is real text, not glyph outlines: on the recorded pipe (tests/data/traces/pipe.tgz) a <text> per node naming each process of yes | head and sleep with its pid, and per edge its label; no cairo glyphs; well-formed XML; the PNG's size in pixels.  Without -o the graph goes to standard output, a PNG never onto a terminal (exit 1).  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
R=$BC_RENDER
L=tests/data/traces/pipe.tgz

"$R" --wake-graph -f svg -o "$T/g.svg" "$L" 2>"$T/err"
rc=$?
same "--wake-graph -f svg: exit 0, no message" "$rc $(cat "$T/err")" "0 "
"$R" --wake-graph -f dot "$L" >"$T/g.dot"
for p in fx-yes fx-head fx-sleep '\[irq\]'; do
	check "a <text> names $p" grep -Eq "<text [^>]*>$p( [0-9]+)?</text>" "$T/g.svg"
done
# As many texts as the DOT has nodes and labelled edges.
nodes=$(grep -c '^	"[^"]*" \[label=' "$T/g.dot")
edges=$(grep -c ' -> .*label=' "$T/g.dot")
same "one <text> per node and per edge ($nodes + $edges)" \
    "$(grep -o '<text ' "$T/g.svg" | wc -l)" "$((nodes + edges))"
check "no glyph outlines (<symbol>, <use>, <glyph>)" \
    sh -c '! grep -Eq "<(symbol|use|glyph)[ >]" "$1"' _ "$T/g.svg"
if command -v python3 >/dev/null 2>&1; then
	check "well-formed XML" python3 -c \
	    'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' \
	    "$T/g.svg"
fi
"$R" --wake-graph -f png -o "$T/g.png" "$L"
png_wh=$(od -An -tu1 -j16 -N8 "$T/g.png" | awk '{
    print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4,
	$5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
svg_wh=$(grep -o -m1 '<svg [^>]*width="[0-9]*" height="[0-9]*"' "$T/g.svg" |
    sed 's/.*width="\([0-9]*\)" height="\([0-9]*\)"/\1 \2/')
same "the SVG's pixels are the PNG's" "$svg_wh" "$png_wh"

# Without -o the graph goes to standard output; a PNG not onto a terminal.
if command -v script >/dev/null 2>&1; then
	script -qec "'$R' --wake-graph -f png '$L'; echo rc=\$?" /dev/null \
	    >"$T/tty" 2>&1
	check "--wake-graph -f png on a terminal: refused, exit 1, no PNG" \
	    sh -c 'grep -q "not writing png to a terminal" "$1" &&
	    grep -q "rc=1" "$1" && ! grep -q PNG "$1"' _ "$T/tty"
	script -qec "'$R' --wake-graph -f svg '$L'; echo rc=\$?" /dev/null \
	    >"$T/tty" 2>&1
	check "--wake-graph -f svg on a terminal: the text, exit 0" \
	    sh -c 'grep -q "<text " "$1" && grep -q "rc=0" "$1"' _ "$T/tty"
else
	ok "--wake-graph on a terminal # SKIP no script(1)"
fi
"$R" --wake-graph -f png "$L" >"$T/piped.png"
check "--wake-graph -f png into a pipe or file: the PNG" cmp -s "$T/piped.png" "$T/g.png"

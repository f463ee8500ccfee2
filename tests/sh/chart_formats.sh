#!/bin/sh
# chart_formats.sh: every output format through the CLI, checked with outside tools (file, xmllint, gzip, pdfinfo, gs).
. "$(dirname "$0")/lib/cli_lib.sh.inc"

need_shared
T=$BC_TMP
W=1000

have() { command -v "$1" >/dev/null 2>&1; }

for f in png svg svgz eps pdf svg-glyphs; do
	run_render "$T/o" "$T/e" -f "$f" --width $W -o "$T/ex1.$f" "$EX1"
	# (svg-glyphs writes ex1.svg-glyphs: -o names the file.)
	if [ "$rc" -eq 0 ] && [ -s "$T/ex1.$f" ] && [ ! -s "$T/e" ]; then
		ok "example1 renders as $f"
	else
		notok "example1 renders as $f (exit $rc: $(head -c 200 "$T/e"))"
	fi
done

# The PNG's size is the reference for every other format.
dims=$(file "$T/ex1.png" | sed -n 's/.*PNG image data, \([0-9]*\) x \([0-9]*\),.*/\1 \2/p')
pw=${dims% *} ph=${dims#* }
check "PNG is $W pixels wide (got '$dims')" [ "$pw" = "$W" ]
check "PNG taller than the header and charts" [ "${ph:-0}" -gt 400 ]

if have xmllint; then
	check "SVG is well-formed XML" xmllint --noout "$T/ex1.svg"
	check "SVG size is the PNG's, in CSS pixels" grep -q "width=\"$pw\" height=\"$ph\"" "$T/ex1.svg"
	check "SVG of glyphs is well-formed XML" xmllint --noout "$T/ex1.svg-glyphs"
	check "SVG of glyphs: the PNG's size in pt" grep -q "width=\"${pw}pt\" height=\"${ph}pt\"" "$T/ex1.svg-glyphs"
else
	ok "SVG checks # SKIP xmllint missing"
fi
# Our SVG has real text (a browser selects and finds it) and a tooltip
# per process row; cairo's draws glyphs as shapes.
texts=$(grep -c '<text' "$T/ex1.svg")
check "SVG: text as <text> ($texts)" [ "$texts" -gt 50 ]
check "SVG: a process name is text" grep -q '>udevd</text>' "$T/ex1.svg"
rows=$(grep -c '<g class="r">' "$T/ex1.svg")
tips=$(grep -c '<title>' "$T/ex1.svg")
check "SVG: a tooltip on every row ($tips of $rows)" \
    sh -c '[ "$1" -gt 10 ] && [ "$2" -eq "$1" ]' _ "$rows" "$tips"
check "SVG of glyphs: no <text>" sh -c "! grep -q '<text' '$T/ex1.svg-glyphs'"
# No bigger than 2x the chart inside the -f html page (issue 26 item 6).
run_render "$T/o" "$T/e" -f html --width $W -o "$T/ex1.html" "$EX1"
inline=$(sed -n '/^<svg id="chart"/,/^<\/svg>/p' "$T/ex1.html" | wc -c)
own=$(wc -c <"$T/ex1.svg")
check "SVG: $own bytes, the page's inline SVG $inline" \
    sh -c '[ "$1" -gt 1000 ] && [ "$2" -le $((2 * $1)) ]' _ "$inline" "$own"
check "SVGZ is gzip" gzip -t "$T/ex1.svgz"
check "SVGZ is the SVG gzipped" sh -c "gzip -dc '$T/ex1.svgz' | cmp -s - '$T/ex1.svg'"
if have xmllint; then
	gzip -dc "$T/ex1.svgz" >"$T/unz.svg"
	check "SVGZ holds well-formed SVG" xmllint --noout "$T/unz.svg"
fi

if have pdfinfo; then
	size=$(pdfinfo "$T/ex1.pdf" 2>/dev/null | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p')
	check "PDF page is ${pw} x ${ph} pt (got '$size')" [ "$size" = "$pw $ph" ]
else
	ok "PDF page size # SKIP pdfinfo missing"
fi
if have gs; then
	gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=nullpage "$T/ex1.eps" >"$T/gs.out" 2>&1
	st=$?
	if [ $st -eq 0 ] && ! grep -q Error "$T/gs.out"; then
		ok "EPS renders in ghostscript without errors"
	else
		notok "EPS renders in ghostscript (status $st: $(head -c 200 "$T/gs.out"))"
	fi
else
	ok "EPS renders # SKIP gs missing"
fi
check "EPS bounding box is the PNG's" grep -q "^%%BoundingBox: 0 0 $pw $ph" "$T/ex1.eps"

# Options that change the drawing still give a valid file.
run_render "$T/o" "$T/e" -f svg --show-pid --show-all --title 'T <&> "x"' \
    --annotate udevd --annotate gdm --crop-after gdm -o "$T/opts.svg" "$EX1"
check "options: show-pid, show-all, title, annotate, crop-after" [ "$rc" -eq 0 ]
if have xmllint; then
	check "options: SVG well-formed" xmllint --noout "$T/opts.svg"
fi

# Hostile process names: control characters and invalid UTF-8.
make_ex1_dir "$T/bad" || notok "copy example1"
# (U+FFFE is not a character XML allows.)
bad=$(printf 'ud\001\377<\\&>"\357\277\276evd')
sed "s/(udevd)/($bad)/" "$EX1/proc_ps.log" >"$T/bad/proc_ps.log"
check "hostile names planted" grep -q "$(printf '\001')" "$T/bad/proc_ps.log"
for f in svg png svg-glyphs html; do
	run_render "$T/o" "$T/e" -f $f -o "$T/bad.$f" "$T/bad"
	check "hostile names: $f written" [ "$rc" -eq 0 ]
done
if have xmllint; then
	check "hostile names: SVG well-formed" xmllint --noout "$T/bad.svg"
	check "hostile names: SVG of glyphs well-formed" xmllint --noout "$T/bad.svg-glyphs"
fi

# Output errors: one line naming the path, exit 3, nothing left behind.
expect_error "unwritable output directory" 3 "/proc/nope/x.png" \
    -o /proc/nope/x.png "$EX1"
echo keep >"$T/victim"
ln -s "$T/victim" "$T/link.png"
run_render "$T/o" "$T/e" -o "$T/link.png" "$EX1"
if [ "$rc" -eq 3 ] && [ -L "$T/link.png" ] &&
    [ "$(cat "$T/victim")" = keep ]; then
	ok "symlink at the output path is refused (exit 3), not followed"
else
	notok "symlink at the output path is refused, not followed (exit $rc)"
fi
check "no temporary files left" [ -z "$(ls -A "$T" | grep '^\.')" ]

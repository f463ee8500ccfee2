#!/bin/sh
# golden_outputs.sh: PNG, SVG (ours and cairo's) and --dump-tree of the reference logs (and the README's picture of the sample) are
# byte for byte what tests/golden/outputs.sha256 records (see its header
# for the build that produced them and the libraries it used).
. tests/sh/lib/tap.sh.inc

ref=tests/golden/outputs.sha256
w=$BC_TMP

# The pixels depend on cairo, pixman, freetype, fontconfig and the font:
# with other versions than the recorded ones the images may differ while
# nothing is wrong, so the image cases are skipped, not failed.
libs=$(dpkg-query -W -f '${Package}=${Version} ' libcairo2 libpixman-1-0 \
    libfreetype6 fontconfig fonts-dejavu-core zlib1g 2>/dev/null)
want_libs=$(sed -n 's/^# libraries: //p' "$ref")

# render_all NAME LOG: every recorded output of LOG into $w/NAME.*.
render_all() {
	name=$1 log=$2
	"$BC_RENDER" -q -o "$w/$name.png" "$log" &&
	"$BC_RENDER" -q -f svg -o "$w/$name.svg" "$log" &&
	"$BC_RENDER" -q -n -f svg -o "$w/$name.n.svg" "$log" &&
	"$BC_RENDER" -q -f svg-glyphs -o "$w/$name.g.svg" "$log" &&
	"$BC_RENDER" -q --dump-tree "$log" >"$w/$name.tree" &&
	"$BC_RENDER" -q -n --dump-tree "$log" >"$w/$name.n.tree"
}

S=$BC_SHARED/data
set -- sample tests/data/sample-boot.tgz \
    example1 "$S/bootchart-0.9/example1" \
    example2 "$S/bootchart-0.9/example2" \
    android10 "$S/android-10/bootchart.tgz" \
    busybox "$S/busybox-bootchartd/bootlog.tgz"
while [ $# -gt 0 ]; do
	name=$1 log=$2
	shift 2
	if [ ! -e "$log" ]; then
		ok "$name: outputs as recorded # SKIP $log absent (../shared not beside the clone)"
		continue
	fi
	if ! render_all "$name" "$log" 2>"$w/err"; then
		notok "$name: renders ($(head -c 200 "$w/err"))"
		continue
	fi
	# The README's picture is what the renderer draws from the sample
	# today (issue 26, item 7): `make demo`'s bootchart.png.
	if [ "$name" = sample ]; then
		if [ "$libs" != "$want_libs" ]; then
			ok "docs/bootchart-sample.png is today's sample.png # SKIP libraries differ from the recorded ones"
		else
			check "docs/bootchart-sample.png is today's sample.png" \
			    cmp -s docs/bootchart-sample.png "$w/sample.png"
		fi
	fi
	for kind in png svg n.svg g.svg tree n.tree; do
		f=$name.$kind
		got=$(cd "$w" && sha256sum "$f")
		case $kind in
		*tree) ;;
		*) if [ "$libs" != "$want_libs" ]; then
			ok "$f as recorded # SKIP libraries differ from the recorded ones ($libs)"
			continue
		   fi ;;
		esac
		if grep -qxF "$got" "$ref"; then
			ok "$f as recorded"
		else
			notok "$f as recorded (got $got)"
		fi
	done
done

#!/bin/sh
# bench_render.sh: full PNG (and SVG) render of the 90 MB synthetic log against gzip -dc of it, in the same run.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER, BC_BENCH_DIR.
# BC_BENCH_RUNS (default 5) runs of each command; the medians are compared.
# Target: PNG render time / gzip -dc time <= 2.0.  Also prints the SVG
# render ratio, the image size and the PNG and SVG file sizes.
set -u
bench=bench_render
. "$(dirname "$0")/common.sh.inc"
echo "log: $tgz ($(wc -c < "$tgz") bytes compressed," \
    "$(gzip -dc "$tgz" | wc -c) bytes as tar)"

"$measure" -r "$runs" -o "$tmp/gzip" -- gzip -dc "$tgz" >/dev/null || {
	echo "bench_render: gzip -dc failed" >&2; exit 1; }
for fmt in png svg; do
	"$measure" -r "$runs" -o "$tmp/$fmt" -- "$BC_RENDER" -f "$fmt" \
	    -o "$tmp/chart.$fmt" "$tgz" 2>"$tmp/err"
	st=$?
	if [ $st -ne 0 ]; then
		echo "bench_render: bootchart-render -f $fmt failed" \
		    "(status $st):" >&2
		head -5 "$tmp/err" >&2
		exit 1
	fi
done

field() {	# field KEY FILE: a value from a measure report
	sed -n "s/.*$1=\([^ ]*\).*/\1/p" "$2"
}
dims=$(file "$tmp/chart.png" | sed -n 's/.*PNG image data, \([0-9]* x [0-9]*\).*/\1/p')
echo "  chart: $dims pixels"
awk -v gz="$(field wall_median_s "$tmp/gzip")" \
    -v png="$(field wall_median_s "$tmp/png")" \
    -v svg="$(field wall_median_s "$tmp/svg")" \
    -v pngsz="$(wc -c < "$tmp/chart.png")" \
    -v svgsz="$(wc -c < "$tmp/chart.svg")" \
    -v rss="$(field maxrss_kb "$tmp/png")" -v runs="$runs" 'BEGIN {
	ratio = png / gz
	printf "gzip -dc:                 median %.3f s (%d runs)\n", gz, runs
	printf "render PNG:               median %.3f s, %.1f MB peak RSS, file %.2f MB\n", png, rss / 1024, pngsz / 1e6
	printf "render SVG:               median %.3f s, file %.2f MB (ratio to gzip %.2f)\n", svg, svgsz / 1e6, svg / gz
	printf "ratio PNG render/gzip (medians): %.2f   target <= 2.0   %s\n", ratio, ratio <= 2.0 ? "met" : "MISSED"
	exit !(ratio <= 2.0)
}'

#!/bin/sh
# bench_json.sh: --json and -f html (parse, tree, then the report or the HTML chart) of the 90 MB synthetic log against gzip -dc of it, in the same run.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER, BC_BENCH_DIR.
# BC_BENCH_RUNS (default 5) runs of each command; the medians are compared.
# Targets: --json time / gzip -dc time <= 1.5 (what --dump-tree is held
# to: the report adds one pass over the samples and a few MB of text);
# -f html time / gzip -dc time <= 2.0 (what the PNG is held to,
# bench_render.sh) and the file <= 6 MB (issue 15).  Without -f html in
# this build, its lines say so and only --json is held to its target.
set -u
bench=bench_json
. "$(dirname "$0")/common.sh.inc"
echo "log: $tgz ($(wc -c < "$tgz") bytes compressed)"

"$measure" -r "$runs" -o "$tmp/gzip" -- gzip -dc "$tgz" >/dev/null || {
	echo "bench_json: gzip -dc failed" >&2; exit 1; }

# run NAME ARGS...: measures the renderer with ARGS on the log.
run() {
	name=$1
	shift
	"$measure" -r "$runs" -o "$tmp/$name" -- "$BC_RENDER" "$@" "$tgz" \
	    2>"$tmp/err"
	st=$?
	if [ $st -ne 0 ]; then
		echo "bench_json: bootchart-render $* failed (status $st):" >&2
		head -5 "$tmp/err" >&2
		exit 1
	fi
}
run json --json -o "$tmp/boot.json"
# -f html is known when it parses (an unknown format is a usage error).
html=0
if "$BC_RENDER" -f html --version >/dev/null 2>&1; then
	html=1
	run html -f html -o "$tmp/boot.html"
fi

field() {	# field KEY FILE: a value from a measure report
	sed -n "s/.*$1=\([^ ]*\).*/\1/p" "$2"
}
awk -v gz="$(field wall_median_s "$tmp/gzip")" \
    -v js="$(field wall_median_s "$tmp/json")" \
    -v sz="$(wc -c < "$tmp/boot.json")" \
    -v rss="$(field maxrss_kb "$tmp/json")" -v runs="$runs" \
    -v html="$html" \
    -v ht="$([ $html = 1 ] && field wall_median_s "$tmp/html")" \
    -v hsz="$([ $html = 1 ] && wc -c < "$tmp/boot.html")" \
    -v hrss="$([ $html = 1 ] && field maxrss_kb "$tmp/html")" 'BEGIN {
	ratio = js / gz
	ok = ratio <= 1.5
	printf "gzip -dc:                 median %.3f s (%d runs)\n", gz, runs
	printf "bootchart-render --json:  median %.3f s, %.1f MB peak RSS, output %.2f MB\n", js, rss / 1024, sz / 1e6
	printf "ratio json/gzip (medians): %.2f   target <= 1.5   %s\n", ratio, ok ? "met" : "MISSED"
	if (html != 1) {
		print "bootchart-render -f html: not in this build (no ratio)"
		exit !ok
	}
	hr = ht / gz
	printf "bootchart-render -f html: median %.3f s, %.1f MB peak RSS, output %.2f MB   target <= 6 MB   %s\n", ht, hrss / 1024, hsz / 1e6, hsz <= 6e6 ? "met" : "MISSED"
	printf "ratio html/gzip (medians): %.2f   target <= 2.0   %s\n", hr, hr <= 2.0 ? "met" : "MISSED"
	exit !(ok && hr <= 2.0 && hsz <= 6e6)
}'

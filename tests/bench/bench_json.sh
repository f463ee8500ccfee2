#!/bin/sh
# bench_json.sh: --json (parse, tree, report, JSON) of the 90 MB synthetic log against gzip -dc of it, in the same run.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER, BC_BENCH_DIR.
# BC_BENCH_RUNS (default 5) runs of each command; the medians are compared.
# Target: --json time / gzip -dc time <= 1.5 (what --dump-tree is held
# to: the report adds one pass over the samples and a few MB of text).
set -u
bench=bench_json
. "$(dirname "$0")/common.sh.inc"
echo "log: $tgz ($(wc -c < "$tgz") bytes compressed)"

"$measure" -r "$runs" -o "$tmp/gzip" -- gzip -dc "$tgz" >/dev/null || {
	echo "bench_json: gzip -dc failed" >&2; exit 1; }
"$measure" -r "$runs" -o "$tmp/json" -- "$BC_RENDER" --json \
    -o "$tmp/boot.json" "$tgz" 2>"$tmp/err"
st=$?
if [ $st -ne 0 ]; then
	echo "bench_json: bootchart-render --json failed (status $st):" >&2
	head -5 "$tmp/err" >&2
	exit 1
fi

field() {	# field KEY FILE: a value from a measure report
	sed -n "s/.*$1=\([^ ]*\).*/\1/p" "$2"
}
awk -v gz="$(field wall_median_s "$tmp/gzip")" \
    -v js="$(field wall_median_s "$tmp/json")" \
    -v sz="$(wc -c < "$tmp/boot.json")" \
    -v rss="$(field maxrss_kb "$tmp/json")" -v runs="$runs" 'BEGIN {
	ratio = js / gz
	printf "gzip -dc:                 median %.3f s (%d runs)\n", gz, runs
	printf "bootchart-render --json:  median %.3f s, %.1f MB peak RSS, output %.2f MB\n", js, rss / 1024, sz / 1e6
	printf "ratio json/gzip (medians): %.2f   target <= 1.5   %s\n", ratio, ratio <= 1.5 ? "met" : "MISSED"
	exit !(ratio <= 1.5)
}'

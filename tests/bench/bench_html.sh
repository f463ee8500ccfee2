#!/bin/sh
# bench_html.sh: -f html of the 90 MB synthetic log against gzip -dc of it, in the same run: render time, page size, and how long Chromium takes to show the page.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER, BC_BENCH_DIR.
# BC_BENCH_RUNS (default 5) runs of each command; the medians are compared.
# Targets (issue 15): the page <= 6 MB, and Chromium shows it in <= 3 s
# (navigation start to the first frame painted after the load event,
# headless, through chromedriver: tests/sh/lib/html_browser.py --show-time;
# median of the runs, each a fresh load).  Also: render time / gzip -dc
# time <= 2.0, what the PNG is held to (bench_render.sh).  Issue 26 asks
# more of the page on this log: shown in <= 0.5 s, and a zoom step (a
# wheel event to the zoomed frame painted, html_browser.py --zoom-time,
# median of 20 steps in and out) in <= 50 ms (docs/bench.md).
set -u
bench=bench_html
. "$(dirname "$0")/common.sh.inc"
echo "log: $tgz ($(wc -c < "$tgz") bytes compressed)"

"$measure" -r "$runs" -o "$tmp/gzip" -- gzip -dc "$tgz" >/dev/null || {
	echo "bench_html: gzip -dc failed" >&2; exit 1; }
"$measure" -r "$runs" -o "$tmp/html" -- "$BC_RENDER" -f html \
    -o "$tmp/boot.html" "$tgz" 2>"$tmp/err"
st=$?
if [ $st -ne 0 ]; then
	echo "bench_html: bootchart-render -f html failed (status $st):" >&2
	head -5 "$tmp/err" >&2
	exit 1
fi

show="" zoom=""
chromium=$(command -v chromium || true)
driver=$(command -v chromedriver || true)
if [ -n "$chromium" ] && [ -n "$driver" ]; then
	show=$(HOME=$tmp /usr/bin/python3 tests/sh/lib/html_browser.py --show-time \
	    "$driver" "$chromium" "$tmp/boot.html" "$runs" 2>"$tmp/perr") || {
		echo "bench_html: the browser run failed:" >&2
		tail -5 "$tmp/perr" >&2
		exit 1
	}
	zoom=$(HOME=$tmp /usr/bin/python3 tests/sh/lib/html_browser.py --zoom-time \
	    "$driver" "$chromium" "$tmp/boot.html" 20 2>"$tmp/perr") || {
		echo "bench_html: the browser's zoom run failed:" >&2
		tail -5 "$tmp/perr" >&2
		exit 1
	}
else
	echo "no chromium and chromedriver: the browser time is not measured" \
	    "(scripts/deps.sh installs them)"
fi

field() {	# field KEY FILE: a value from a measure report
	sed -n "s/.*$1=\([^ ]*\).*/\1/p" "$2"
}
awk -v gz="$(field wall_median_s "$tmp/gzip")" \
    -v ht="$(field wall_median_s "$tmp/html")" \
    -v sz="$(wc -c < "$tmp/boot.html")" -v show="$show" \
    -v rss="$(field maxrss_kb "$tmp/html")" -v runs="$runs" \
    -v zoom="$zoom" 'BEGIN {
	ratio = ht / gz
	bad = 0
	printf "gzip -dc:                 median %.3f s (%d runs)\n", gz, runs
	printf "render HTML:              median %.3f s, %.1f MB peak RSS\n", ht, rss / 1024
	printf "ratio HTML render/gzip (medians): %.2f   target <= 2.0   %s\n", ratio, ratio <= 2.0 ? "met" : "MISSED"
	bad += !(ratio <= 2.0)
	printf "page size: %.2f MB   target <= 6 MB   %s\n", sz / 1e6, sz <= 6e6 ? "met" : "MISSED"
	bad += !(sz <= 6e6)
	if (show != "") {
		printf "Chromium shows it: median %.3f s (ratio to gzip %.2f)   target <= 3 s   %s\n", show, show / gz, show <= 3 ? "met" : "MISSED"
		bad += !(show <= 3)
		printf "  issue 26: shown in <= 0.5 s   %s\n", show <= 0.5 ? "met" : "MISSED"
		printf "a zoom step: median %.1f ms (20 steps)   issue 26: <= 50 ms   %s\n", zoom, zoom <= 50 ? "met" : "MISSED"
	}
	exit bad != 0
}'

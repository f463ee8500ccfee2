#!/bin/sh
# bench_parse.sh: parse speed and memory of bootchart-render on a 90 MB synthetic log, against gzip -dc in the same run.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER, BC_BENCH_DIR.
# BC_BENCH_RUNS (default 5) runs of each command; the medians are compared.
# Targets: --dump-tree time / gzip -dc time <= 1.5; renderer peak RSS <= 150 MB.
set -u
bench=bench_parse
. "$(dirname "$0")/common.sh.inc"
echo "log: $tgz"
tar -tvzf "$tgz" | awk '{ printf "  %-20s %12d bytes\n", $6, $3 }'
echo "  compressed           $(wc -c < "$tgz") bytes"

# Alternate the two commands so that a change in the machine's load
# (other jobs on these 2 cores) hits both alike.
i=0
while [ $i -lt "$runs" ]; do
	i=$((i + 1))
	"$measure" -o "$tmp/gzip.$i" -- gzip -dc "$tgz" >/dev/null || {
		echo "bench_parse: gzip -dc failed" >&2; exit 1; }
	"$measure" -o "$tmp/render.$i" -- "$BC_RENDER" --dump-tree "$tgz" \
	    >"$tmp/tree" 2>"$tmp/err"
	st=$?
	if [ $st -ne 0 ]; then
		echo "bench_parse: bootchart-render --dump-tree failed (status $st):" >&2
		head -5 "$tmp/err" >&2
		exit 1
	fi
done
echo "  tree: $(wc -l < "$tmp/tree") lines of --dump-tree output"

# stats KEY FILES...: "median best max" of a measure report field.
stats() {
	key=$1
	shift
	sed -n "s/.*$key=\([^ ]*\).*/\1/p" "$@" | sort -g | awk '
	    { v[NR] = $1 }
	    END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		print m, v[1], v[NR] }'
}
set -- $(stats wall_min_s "$tmp"/gzip.*)
gz=$1 gzmin=$2
set -- $(stats wall_min_s "$tmp"/render.*)
rd=$1 rdmin=$2
set -- $(stats maxrss_kb "$tmp"/render.*)
rss=$3

awk -v gz="$gz" -v rd="$rd" -v gzmin="$gzmin" -v rdmin="$rdmin" \
    -v rss="$rss" -v runs="$runs" 'BEGIN {
	ratio = rd / gz
	mb = rss / 1024
	printf "gzip -dc:                 median %.3f s, best %.3f s (%d runs)\n", gz, gzmin, runs
	printf "bootchart-render --dump-tree: median %.3f s, best %.3f s (%d runs)\n", rd, rdmin, runs
	printf "ratio render/gzip (medians): %.2f   target <= 1.5   %s\n", ratio, ratio <= 1.5 ? "met" : "MISSED"
	printf "renderer peak RSS:        %.1f MB   target <= 150 MB   %s\n", mb, mb <= 150 ? "met" : "MISSED"
	exit !(ratio <= 1.5 && mb <= 150)
}'

#!/bin/sh
# bench_sets.sh: 100 boots' tarballs with traces compared as two sets of 50 (--compare A... -- B..., every log read once into its items by one worker per CPU) against one --json per log run one after another, in the same run; and the sets' peak memory against one --json's.
#
# Env (set by tests/bench/run.sh): BC_BUILD, BC_RENDER, BC_BENCH_DIR.
# BC_BENCH_RUNS (default 3) runs of each; the medians are compared.
# The logs: the distro boots' (build/distro, make check-distro: traced
# Debian boots) where there are, else the recorded traces of
# tests/data/traces; each linked 100 times over under other names.
# Target: the 100 logs in <= 10 s on this machine's CPUs (docs/sets.md).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
measure=$BC_BUILD/tests/tools/measure
runs=${BC_BENCH_RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

set -- build/distro/bootchart.tgz build/distro/dracut/bootchart.tgz
[ -s "$1" ] || set -- tests/data/traces/*.tgz
echo "logs: $* (each linked 100 times over)"
mkdir -p "$tmp/a" "$tmp/b"
i=0
while [ "$i" -lt 100 ]; do
	for f in "$@"; do
		[ "$i" -lt 100 ] || break
		side=a
		[ "$i" -lt 50 ] || side=b
		ln -s "$top/$f" "$tmp/$side/$(printf '%03d' "$i").tgz"
		i=$((i + 1))
	done
done

"$measure" -r "$runs" -o "$tmp/sets" -- "$BC_RENDER" -q --json --compare \
    "$tmp/a" "$tmp/b" -o "$tmp/sets.jsonl" || {
	echo "bench_sets: the sets' compare failed" >&2; exit 1; }
# one --json per log, one after another
cat >"$tmp/each.sh" <<EOF
for f in "$tmp"/a/*.tgz "$tmp"/b/*.tgz; do
	"$BC_RENDER" -q --json "\$f" >/dev/null || exit 1
done
EOF
"$measure" -r "$runs" -o "$tmp/each" -- sh "$tmp/each.sh" || {
	echo "bench_sets: --json of a log failed" >&2; exit 1; }
"$measure" -r 1 -o "$tmp/one" -- "$BC_RENDER" -q --json "$tmp/a/000.tgz" \
    -o "$tmp/one.json"

field() {	# field KEY FILE: a value from a measure report
	tr ' ' '\n' <"$2" | sed -n "s/^$1=//p"
}
s=$(field wall_median_s "$tmp/sets")
e=$(field wall_median_s "$tmp/each")
echo "sets of 50 + 50: $s s wall, $(field cpu_median_s "$tmp/sets") s CPU," \
    "peak $(field maxrss_kb "$tmp/sets") KB ($(grep -c '"row": "item"' \
    "$tmp/sets.jsonl") item values)"
echo "100 x --json: $e s wall; one --json's peak $(field maxrss_kb "$tmp/one") KB"
awk -v s="$s" -v e="$e" 'BEGIN {
	printf "ratio sets / one --json each: %.2f; target 100 logs <= 10 s: %s\n",
	    s / e, s <= 10 ? "met" : "NOT met" }'

#!/bin/sh
# run.sh: runs every tests/bench/bench_*.sh against a build directory.
# Each benchmark prints its own figures; ratios are measured in the same run.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
b=${1:-build/default}
export BC_BUILD=$b BC_RENDER=$top/$b/bootchart-render BC_LOGGER=$top/$b/bootchartd
export BC_BENCH_DIR=${BC_BENCH_DIR:-$top/build/bench}
mkdir -p "$BC_BENCH_DIR"
rc=0
for t in tests/bench/bench_*.sh; do
	[ -f "$t" ] || continue
	echo "== $(basename "$t" .sh)"
	sh "$t" || rc=1
done
exit $rc

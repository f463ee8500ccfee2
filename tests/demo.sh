#!/bin/sh
# demo.sh: renders a sample boot log to bootchart.png and bootchart.svg in the current directory (make demo).
#
# Uses tests/data/sample-boot.tgz (a real qemu boot) when the project has
# one; otherwise a small synthetic log from gen_bootlog (40 processes,
# 20 s, 5 Hz), written under the build directory.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
build=${BC_BUILD:-build/default}
case "$build" in /*) ;; *) build=$top/$build ;; esac
render=${BC_RENDER:-$top/renderer/bootchart-render}

sample=$top/tests/data/sample-boot.tgz
if [ ! -f "$sample" ]; then
	gen=$build/tests/tools/gen_bootlog
	make -C "$top" -s "$gen" || exit 1
	sample=$build/demo-sample.tgz
	"$gen" -q -n 40 -s 20 -z 5 --seed 1 -o "$sample"
fi
if [ ! -x "$render" ]; then
	echo "demo: $render is not built" >&2
	exit 1
fi
"$render" "$sample" -o bootchart.png
"$render" "$sample" -f svg -o bootchart.svg
echo "demo: rendered $sample to bootchart.png and bootchart.svg"

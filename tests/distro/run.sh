#!/bin/sh
# run.sh: `make check-distro`: builds (or takes from the cache) the Debian
# 12 image with bootchart installed, boots it once in qemu, renders the
# log and runs check.sh on the results.
#
#   tests/distro/run.sh [BUILD]          (default build/default)
#
# Outputs go under build/distro/: image/ (prepare.sh), boot/ (the results
# check.sh reads), bootchart.tgz and bootchart.png.  Prints the TAP lines,
# the time of each step and "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
b=${1:-build/default}
render=$top/$b/bootchart-render
out=build/distro
res=$out/boot
mkdir -p "$out"

step() {
	t=$(date +%s)
	"$@"
	rc=$?
	echo "== $(basename "$1") $((  $(date +%s) - t )) s (status $rc)"
	return $rc
}

if ! step tests/distro/prepare.sh "$b" "$out/image"; then
	echo "not ok - the distro image was made"
	echo "0 passed, 1 failed"
	exit 1
fi
step tests/distro/boot.sh "$out/image" "$res"
echo $? >"$res/boot.rc"

# What check.sh reads besides boot.sh's files.
rm -rf "$res/x" "$out/bootchart.tgz" "$out/bootchart.png"
mkdir -p "$res/x"
if [ -s "$res/bootchart.tgz" ]; then
	tar -xzf "$res/bootchart.tgz" -C "$res/x"
	cp "$res/bootchart.tgz" "$out/bootchart.tgz"
fi
"$render" -q -f png -o "$res/bootchart.png" "$res/bootchart.tgz" 2>"$res/render.err"
echo $? >"$res/render.rc"
[ -s "$res/bootchart.png" ] && cp "$res/bootchart.png" "$out/bootchart.png"
# The same log without its dmesg member: check.sh compares the charts.
rm -rf "$res/x-nodmesg" "$res/nodmesg.png"
cp -r "$res/x" "$res/x-nodmesg" && rm -f "$res/x-nodmesg/dmesg"
"$render" -q -f png -o "$res/nodmesg.png" "$res/x-nodmesg" 2>/dev/null
"$render" -q --dump-tree "$res/bootchart.tgz" >"$res/tree" 2>/dev/null
"$render" -q --dump-tree -n "$res/bootchart.tgz" >"$res/tree-n" 2>/dev/null
awk -f tests/sh/parents.awk "$res/tree" >"$res/tree.parents"
awk -f tests/sh/parents.awk "$res/tree-n" >"$res/tree-n.parents"
journalctl -q --directory "$res/journal" -o short-monotonic -k 2>/dev/null |
    sed -n 's|^\[ *\([0-9.]*\)\].* Run /init as init process.*|\1|p' |
    head -n 1 >"$res/kernel-init"
journalctl -q --directory "$res/journal" -o short-monotonic 2>/dev/null |
    sed -n 's|^\[ *\([0-9.]*\)\] [^ ]* systemd\[1\]: Startup finished in .*|\1|p' |
    head -n 1 >"$res/startup-finished"

tests/distro/check.sh "$res" "$render" | tee "$res/check.tap"
pass=$(grep -c '^ok' "$res/check.tap")
fail=$(grep -c '^not ok' "$res/check.tap")
echo "distro boot: $pass passed, $fail failed (results in $res, chart $out/bootchart.png)"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]

#!/bin/sh
# run.sh: `make check-distro`: for each flavour of the Debian 12 image
# (initramfs-tools, then dracut), builds it (or takes it from the cache)
# with bootchart installed, boots it once in qemu, renders the log and
# runs check.sh on the results.
#
#   tests/distro/run.sh [BUILD]          (default build/default)
#
# Env: DISTRO_FLAVOURS ("initramfs-tools dracut") picks the boots;
# DISTRO_FUNCTIONS=1 adds the "functions" one: the initramfs-tools image
# in function mode (EXACT_FUNCTIONS=yes, docs/trace.md), its results
# under build/distro/functions/ and tests/sh/trace_functions.sh's checks
# of its trace against trace-cmd.
# Outputs of the initramfs-tools boot go under build/distro/: image/
# (prepare.sh), boot/ (the results check.sh reads), bootchart.tgz and
# bootchart.png; the dracut boot's under build/distro/dracut/.  Prints
# the TAP lines, the time of each step and "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
b=${1:-build/default}
render=$top/$b/bootchart-render

step() {
	t=$(date +%s)
	"$@"
	rc=$?
	echo "== $(basename "$1") $((  $(date +%s) - t )) s (status $rc)"
	return $rc
}

# read_back RES: what check.sh reads besides boot.sh's files.
read_back() {
	res=$1
	rm -rf "$res/x" "$res/bootchart.png"
	mkdir -p "$res/x"
	[ -s "$res/bootchart.tgz" ] && tar -xzf "$res/bootchart.tgz" -C "$res/x"
	"$render" -q -f png -o "$res/bootchart.png" "$res/bootchart.tgz" \
	    2>"$res/render.err"
	echo $? >"$res/render.rc"
	# The same log without the kernel's log and trace (whose initcalls
	# the lane draws too): check.sh compares the charts.
	rm -rf "$res/x-nodmesg" "$res/nodmesg.png"
	cp -r "$res/x" "$res/x-nodmesg" &&
	    rm -f "$res/x-nodmesg/dmesg" "$res/x-nodmesg/trace.dat"
	"$render" -q -f png -o "$res/nodmesg.png" "$res/x-nodmesg" 2>/dev/null
	"$render" -q --dump-tree "$res/bootchart.tgz" >"$res/tree" 2>/dev/null
	"$render" -q --dump-tree -n "$res/bootchart.tgz" >"$res/tree-n" 2>/dev/null
	awk -f tests/sh/lib/parents.awk "$res/tree" >"$res/tree.parents"
	awk -f tests/sh/lib/parents.awk "$res/tree-n" >"$res/tree-n.parents"
	journalctl -q --directory "$res/journal" -o short-monotonic -k 2>/dev/null |
	    sed -n 's|^\[ *\([0-9.]*\)\].* Run /init as init process.*|\1|p' |
	    head -n 1 >"$res/kernel-init"
	journalctl -q --directory "$res/journal" -o short-monotonic 2>/dev/null |
	    sed -n 's|^\[ *\([0-9.]*\)\] [^ ]* systemd\[1\]: Startup finished in .*|\1|p' |
	    head -n 1 >"$res/startup-finished"
}

# flavour NAME OUT: one image, one boot, its checks (TAP in OUT/boot).
flavour() {
	name=$1 out=$2
	mkdir -p "$out"
	echo "# flavour $name"
	fl=$name prep=
	[ "$name" = functions ] && fl=initramfs-tools prep=-F
	if ! step tests/distro/prepare.sh -f "$fl" $prep "$b" "$out/image"; then
		echo "not ok - the $name image was made" | tee "$out/make.tap"
		return 1
	fi
	rm -f "$out/make.tap"
	step tests/distro/boot.sh "$out/image" "$out/boot"
	echo $? >"$out/boot/boot.rc"
	read_back "$out/boot"
	rm -f "$out/bootchart.tgz" "$out/bootchart.png"
	[ -s "$out/boot/bootchart.tgz" ] && cp "$out/boot/bootchart.tgz" "$out/"
	[ -s "$out/boot/bootchart.png" ] && cp "$out/boot/bootchart.png" "$out/"
	tests/distro/check.sh "$out/boot" "$render" "$name" |
	    tee "$out/boot/check.tap"
	[ "$name" = functions ] || return 0
	t=$(mktemp -d)
	BC_TMP=$t BC_RENDER=$render BC_BUILD=$b \
	    BC_FUNCTIONS_LOG=$out/bootchart.tgz sh tests/sh/trace_functions.sh |
	    tee -a "$out/boot/check.tap"
	rm -rf "$t"
	t=$(mktemp -d)
	BC_TMP=$t BC_RENDER=$render BC_BUILD=$b BC_LOGGER=$b/bootchartd \
	    BC_FNSTART_LOG=$out/boot/fnstart.tgz \
	    BC_FNSTART_SERIAL=$out/boot/serial.log sh tests/sh/trace_fnstart.sh |
	    tee -a "$out/boot/check.tap"
	rm -rf "$t"
}

pass=0 fail=0
flavours=${DISTRO_FLAVOURS:-initramfs-tools dracut}
[ "${DISTRO_FUNCTIONS:-0}" = 1 ] && flavours="$flavours functions"
for f in $flavours; do
	case $f in
	initramfs-tools) o=build/distro ;;
	dracut) o=build/distro/dracut ;;
	functions) o=build/distro/functions ;;
	*) echo "run.sh: unknown flavour $f" >&2; exit 2 ;;
	esac
	flavour "$f" "$o"
	tap=$o/boot/check.tap
	[ -f "$o/make.tap" ] && tap=$o/make.tap
	p=$(grep -c '^ok' "$tap" 2>/dev/null)
	n=$(grep -c '^not ok' "$tap" 2>/dev/null)
	echo "distro boot ($f): ${p:-0} passed, ${n:-0} failed (results in $o/boot, chart $o/bootchart.png)"
	pass=$((pass + ${p:-0}))
	fail=$((fail + ${n:-0}))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]

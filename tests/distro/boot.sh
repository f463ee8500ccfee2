#!/bin/sh
# boot.sh: boots a copy of the distro test image (prepare.sh) in qemu and
# reads the results back from its disk: /var/log/bootchart.tgz and the
# journal, with debugfs (no mount).
#
#   tests/distro/boot.sh [-n] [-x] [-a WORDS] [-t SECONDS] [-k] IMAGEDIR OUTDIR
#     -n           without bootchartd: the entry's init=/sbin/bootchartd
#                  and exact mode's trace words are left out of the
#                  command line
#     -x           without exact mode: the trace words (trace_*=) left out
#     -a WORDS     more kernel parameters, after the entry's (the
#                  function flavour's function_graph words)
#     -t SECONDS   qemu time limit (900)
#     -k           keep OUTDIR/disk.img
#
# The command line is the boot entry's (IMAGEDIR/cmdline) plus
# console=ttyS0 (the serial getty and the console log) and bctest.poweroff
# (the image's unit powers off once the log is written).  Leaves in OUTDIR:
# serial.log, bootchart.tgz (when written), fnstart.tgz (a function-mode
# boot's profile of a command, when written), journal/, multi-user (seconds of
# CLOCK_MONOTONIC when multi-user.target was reached), cmdline, wall.
# Exit status 0 when the VM powered off by itself, 1 otherwise.
set -eu

limit=900 logger=1 keep=0 exact=1 more=
while getopts nxa:t:k opt; do
	case "$opt" in
	n) logger=0 exact=0 ;;
	x) exact=0 ;;
	a) more=$OPTARG ;;
	t) limit=$OPTARG ;;
	k) keep=1 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "usage: boot.sh [-n] [-x] [-a WORDS] [-t S] [-k] IMAGEDIR OUTDIR" >&2; exit 2; }
img=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
rm -rf "$out/journal" "$out/bootchart.tgz" "$out/multi-user" "$out/disk.img"

args=$(cat "$img/cmdline")
if [ "$logger" = 0 ]; then
	args=$(echo "$args" | tr ' ' '\n' | grep -vx 'init=/sbin/bootchartd' |
	    tr '\n' ' ')
fi
if [ "$exact" = 0 ]; then
	args=$(echo "$args" | tr ' ' '\n' | grep -v '^trace_' | tr '\n' ' ')
fi
args="$args${more:+ $more} console=ttyS0 bctest.poweroff"
echo "$args" >"$out/cmdline"

cp --sparse=always "$img/disk.img" "$out/disk.img"
# No -enable-kvm: plain TCG (KVM hangs on these machines).
start=$(date +%s.%N)
rc=0
timeout "$limit" qemu-system-x86_64 -m 1024 -smp 1 -nographic -no-reboot \
    -nic none -kernel "$img/vmlinuz" -initrd "$img/initrd.img" \
    -drive "file=$out/disk.img,format=raw,if=virtio" \
    -append "$args" </dev/null >"$out/serial.raw" 2>"$out/qemu.err" || rc=$?
end=$(date +%s.%N)
tr -d '\r' <"$out/serial.raw" >"$out/serial.log"
rm -f "$out/serial.raw"
echo "$start $end" | awk '{ printf "%.1f\n", $2 - $1 }' >"$out/wall"
echo "$rc" >"$out/qemu.rc"
[ "$rc" -eq 124 ] && echo "boot.sh: qemu timed out after ${limit}s" >&2
[ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && cat "$out/qemu.err" >&2

# Back from the disk, unmounted.
debugfs -R "dump /var/log/bootchart.tgz $out/bootchart.tgz" \
    "$out/disk.img" >/dev/null 2>&1 || true
[ -s "$out/bootchart.tgz" ] || rm -f "$out/bootchart.tgz"
# A function-mode boot's profile of a command (guest/bctest-poweroff).
rm -f "$out/fnstart.tgz"
debugfs -R "dump /var/log/fnstart.tgz $out/fnstart.tgz" \
    "$out/disk.img" >/dev/null 2>&1 || true
[ -s "$out/fnstart.tgz" ] || rm -f "$out/fnstart.tgz"
debugfs -R "rdump /var/log/journal $out" "$out/disk.img" >/dev/null 2>&1 || true
[ "$keep" = 1 ] || rm -f "$out/disk.img"

# systemd's "Reached target" message for multi-user.target, in monotonic
# time (the guest has no suspend, so it is uptime as bootchart logs it).
if [ -d "$out/journal" ]; then
	journalctl -q --directory "$out/journal" -o short-monotonic \
	    MESSAGE_ID=39f53479d3a045ac8e11786248231fbf \
	    UNIT=multi-user.target 2>/dev/null |
	    sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p' | head -n 1 >"$out/multi-user"
	[ -s "$out/multi-user" ] || rm -f "$out/multi-user"
fi
[ "$rc" -eq 0 ] && grep -q 'BCTEST-POWEROFF' "$out/serial.log"

#!/bin/sh
# boot_arm.sh: Debian's arm64 kernel boots in qemu-system-aarch64 (TCG) with our arm64 logger as init and exact mode on, as a board would (no disk root and no initramfs phase: a busybox root in the kernel's rootfs, busybox's own init, a getty on the console, an SD card as the disk); checks the log, the end of the boot, the machine's device-tree model, the SD card in the disk chart, the trace against trace-cmd, the chart and the critical path.
#
# The logger is built here (make ARCH=aarch64, as tests/sh/cross_builds.sh);
# the kernel and busybox are Debian's arm64 packages (tests/boot/
# fetch-kernel.sh, through dpkg's foreign architecture that
# scripts/cross-deps.sh adds).  The kernel's command line carries exact
# mode's words as `bootchartd kernel-args` prints them.  Skips without
# the cross compiler, qemu-system-aarch64 or the arm64 packages.
. tests/boot/tap.sh
. tests/sh/lib/boot_trace.sh.inc
skip_under_sanitizers "arm64 boot through bootchartd"
for c in aarch64-linux-gnu-gcc qemu-system-aarch64; do
	if ! command -v "$c" >/dev/null 2>&1; then
		ok "arm64 boot # SKIP no $c (scripts/cross-deps.sh, qemu-system-arm)"
		exit 0
	fi
done
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	ok "arm64 boot # SKIP dpkg has no arm64 (scripts/cross-deps.sh)"
	exit 0
fi

w=$BC_TMP
b=$w/aarch64
if ! make -s -j2 WERROR=1 ARCH=aarch64 BUILD="$b" >"$w/make.log" 2>&1; then
	notok "make ARCH=aarch64"
	sed 's/^/# /' "$w/make.log" | tail -n 20
	exit 0
fi
words=$("$BC_LOGGER" kernel-args | tr '\n' ' ')
t0=$(date +%s)
vmboot "$w/arm" -A aarch64 -I -b "$b" -t 900 -x "$words"
rc=$?
echo "# the boot took $(cat "$w/arm/wall" 2>/dev/null)s of wall time in qemu (TCG); the test so far $(($(date +%s) - t0))s"
check "arm64 boot through bootchartd reaches the end of init" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || show_console "$w/arm"
tgz=$w/arm/bootchart.tgz
check "bootchart.tgz came back over the serial console" [ -s "$tgz" ]
[ -s "$tgz" ] || exit 0

x=$w/x
mkdir -p "$x"
tar -xzf "$tgz" -C "$x" 2>/dev/null
members=$(tar -tzf "$tgz" 2>/dev/null | sed 's|^\./||' | sort | tr '\n' ' ')
echo "# members: $members"
for m in header proc_stat.log proc_diskstats.log proc_ps.log proc_meminfo.log \
    dmesg trace.dat; do
	check "tarball holds $m" sh -c "echo ' $members' | grep -q ' $m '"
done
same "the header: an arm64 kernel" \
    "$(sed -n 's/^system\.uname = .* //p' "$x/header")" aarch64
same "the header: exact mode on, the boot's buffer" \
    "$(sed -n 's/^bootchart\.trace = //p' "$x/header")" \
    "on: the boot's top-level buffer"
# A board has no DMI: the machine is the device tree's model (qemu's
# virt machine calls itself so).
same "the header: the device tree's model" \
    "$(sed -n 's/^system\.model = //p' "$x/header")" "linux,dummy-virt"
# The I/O step's disk is an SD card: mmcblk0 the one whole disk, and the
# totals are what it moved there (etc/rc/io-step: two rounds of 8 MiB
# written and read back, then 16 MiB written; the kernel's read of the
# card's partition table may add a few KB).
same "the disk chart's disks: the SD card" \
    "$(awk 'NF >= 14 && $3 !~ /^(loop|ram|zram)/ && $3 !~ /^mmcblk[0-9]+p/ { print $3 }' \
    "$x/proc_diskstats.log" | sort -u | tr '\n' ' ')" "mmcblk0 "
"$BC_RENDER" -q --json "$tgz" >"$w/json" 2>/dev/null
check "--json: the SD card's 16 MiB read and 32 MiB written" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["totals"]
r, w = t["disk_read_bytes"], t["disk_write_bytes"]
print("# disk read %d bytes, written %d" % (r, w))
M = 1 << 20
sys.exit(0 if 16 * M <= r <= 17 * M and 32 * M <= w <= 33 * M else 1)' "$w/json"
# NOR and NAND flash: Debian's arm64 kernel has no MTD map driver for
# qemu's virt machine, so the same log with its SD card renamed the
# first MTD block device (major 31) stands for one: the same totals.
rm -rf "$w/x-mtd" && cp -r "$x" "$w/x-mtd" &&
    sed 's/^\( *\)179 \( *\)0 mmcblk0 /\1 31 \20 mtdblock0 /' \
    "$x/proc_diskstats.log" >"$w/x-mtd/proc_diskstats.log"
"$BC_RENDER" -q --json "$w/x-mtd" >"$w/json-mtd" 2>/dev/null
check "the board's log with mtdblock0 for its disk: the same totals" python3 -c '
import json, sys
a, b = (json.load(open(f))["totals"] for f in sys.argv[1:3])
n = sum(1 for l in open(sys.argv[3]) if " mtdblock0 " in l)
print("# %d mtdblock0 lines; disk read %d, written %d" % (
    n, b["disk_read_bytes"], b["disk_write_bytes"]))
sys.exit(0 if n and b["disk_read_bytes"] == a["disk_read_bytes"] > 0 and
         b["disk_write_bytes"] == a["disk_write_bytes"] > 0 else 1)' \
    "$w/json" "$w/json-mtd" "$w/x-mtd/proc_diskstats.log"
# busybox init started the console's getty: the default EXIT_PROC.
same "the end of the boot: busybox init's getty" \
    "$(sed -n 's/^bootchart\.end = //p' "$x/header")" "EXIT_PROC getty"

# The trace: trace-cmd's oracle, the start with the kernel, nothing lost.
trace_oracle_checks "$x/trace.dat" "$BC_RENDER" "$w"
"$BC_RENDER" -q --dump-events "$tgz" >"$w/events" 2>"$w/events.err"
check "--dump-events reads the log" [ -s "$w/events" ]
trace_start_checks "$w/events" "$x/header"
check "the trace holds start_kernel's console initcalls" \
    grep -q '	initcall_level	level=console$' "$w/events"
echo "# trace: $(wc -l <"$w/events" | tr -d ' ') events;" \
    "$(sed -n 's/^bootchart\.trace\.events = //p' "$x/header")"

# The chart and the critical path, drawn from it.
"$BC_RENDER" -q -f png -o "$w/arm.png" "$tgz" 2>"$w/png.err"
prc=$?
check "the chart is drawn (PNG)" sh -c "[ $prc -eq 0 ] && [ -s '$w/arm.png' ]"
"$BC_RENDER" -q -f svg -o "$w/arm.svg" "$tgz" 2>/dev/null
check "the chart's header names the machine" \
    grep -q '>machine: linux,dummy-virt<' "$w/arm.svg"
# The kernel ran busybox's root itself: no switch to a real root, so no
# initramfs phase between the kernel's end and userspace.
check "no switch_root mark on the chart" sh -c "! grep -q '>switch_root<' '$w/arm.svg'"
"$BC_RENDER" -q --critical-path "$tgz" >"$w/cpath" 2>"$w/cpath.err"
check "--critical-path: status 0" [ $? -eq 0 ]
"$BC_RENDER" -q --critical-path -v "$tgz" >"$w/vcpath" 2>/dev/null
check "the critical path runs to the end of the boot (the getty)" \
    grep -q '^# critical path to [0-9]* getty' "$w/cpath"
python3 tests/sh/lib/cpath_check.py arm64 "$w/cpath" "$w/vcpath" "$w/json"
check "--json: the kernel's end, no switch to a real root" python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))["milestones"]
print("# milestones: kernel end %s ms, switch_root %s, end %s ms (%s)" % (
    m["kernel_end_ms"], m["switch_root_ms"], m["end_ms"], m["end_reason"]))
sys.exit(0 if m["kernel_end_ms"] and m["switch_root_ms"] is None else 1)' "$w/json"
grep '^category' "$w/cpath" | sed 's/^/# /'

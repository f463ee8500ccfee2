#!/bin/sh
# boot_arm.sh: Debian's arm64 and armhf kernels boot in qemu (TCG) with our logger of their architecture as init and exact mode on, as a board would (no disk root and no initramfs phase: a busybox root in the kernel's rootfs, busybox's own init, a getty on the console, an SD card as the disk, and on armhf a NAND flash as mtdblock0); checks the log, the end of the boot, the machine's device-tree model, the disks in the disk chart, the trace (a 64-bit and a 32-bit kernel's) against trace-cmd, the chart and the critical path.
#
# Each logger is built here (make ARCH=..., as tests/sh/cross_builds.sh);
# the kernels and busybox are Debian's packages of the architecture
# (tests/boot/fetch-kernel.sh, through dpkg's foreign architectures that
# scripts/cross-deps.sh adds).  The kernel's command line carries exact
# mode's words as `bootchartd kernel-args` prints them.  A board skips
# without its cross compiler, its qemu or its packages.
. tests/boot/tap.sh
. tests/sh/lib/boot_trace.sh.inc
skip_under_sanitizers "arm boots through bootchartd"
words=$("$BC_LOGGER" kernel-args | tr '\n' ' ')

# board ARCH DEBARCH TRIPLET QEMU UNAME LONG DISKS READ_MIB WRITE_MIB
#   LONG: the kernel's long in bytes, as its trace.dat says; DISKS: the
#   whole disks the I/O step uses; READ_MIB, WRITE_MIB: what it moves
#   through them (etc/rc/io-step: on the SD card two rounds of 8 MiB
#   written and read back, then 16 MiB written; on mtdblock0 4 MiB
#   written and read back).
board() {
	a=$1 da=$2 tr=$3 q=$4 um=$5 long=$6 disks=$7 rmib=$8 wmib=$9
	for c in "$tr-gcc" "$q"; do
		if ! command -v "$c" >/dev/null 2>&1; then
			ok "$da boot # SKIP no $c (scripts/cross-deps.sh, qemu-system-arm)"
			return
		fi
	done
	if ! dpkg --print-foreign-architectures | grep -qx "$da"; then
		ok "$da boot # SKIP dpkg has no $da (scripts/cross-deps.sh)"
		return
	fi
	echo "# board: $da"
	w=$BC_TMP/$da
	mkdir -p "$w"
	b=$w/build
	if ! make -s -j2 WERROR=1 ARCH="$a" BUILD="$b" >"$w/make.log" 2>&1; then
		notok "make ARCH=$a"
		sed 's/^/# /' "$w/make.log" | tail -n 20
		return
	fi
	t0=$(date +%s)
	vmboot "$w/boot" -A "$a" -I -b "$b" -t 900 -x "$words"
	rc=$?
	echo "# the boot took $(cat "$w/boot/wall" 2>/dev/null)s of wall time in qemu (TCG); the test so far $(($(date +%s) - t0))s"
	check "$da boot through bootchartd reaches the end of init" [ "$rc" -eq 0 ]
	[ "$rc" -eq 0 ] || show_console "$w/boot"
	tgz=$w/boot/bootchart.tgz
	check "$da: bootchart.tgz came back over the serial console" [ -s "$tgz" ]
	[ -s "$tgz" ] || return

	x=$w/x
	mkdir -p "$x"
	tar -xzf "$tgz" -C "$x" 2>/dev/null
	members=$(tar -tzf "$tgz" 2>/dev/null | sed 's|^\./||' | sort | tr '\n' ' ')
	echo "# members: $members"
	for m in header proc_stat.log proc_diskstats.log proc_ps.log \
	    proc_meminfo.log dmesg trace.dat; do
		check "$da: tarball holds $m" sh -c "echo ' $members' | grep -q ' $m '"
	done
	same "$da: the header's machine" \
	    "$(sed -n 's/^system\.uname = .* //p' "$x/header")" "$um"
	same "$da: the header: exact mode on, the boot's buffer" \
	    "$(sed -n 's/^bootchart\.trace = //p' "$x/header")" \
	    "on: the boot's top-level buffer"
	# A board has no DMI: the machine is the device tree's model (qemu's
	# virt machine calls itself so).
	same "$da: the header: the device tree's model" \
	    "$(sed -n 's/^system\.model = //p' "$x/header")" "linux,dummy-virt"
	# The kernel's own word size, as trace.dat's header gives it (after
	# the magic, "tracing", the version string and the endianness byte).
	same "$da: trace.dat written by a kernel with $long-byte longs" \
	    "$(python3 -c '
import sys
d = open(sys.argv[1], "rb").read(64)
v = d.index(b"\0", 10)
print(d[v + 2])' "$x/trace.dat" 2>/dev/null)" "$long"
	# The I/O step's disks: an SD card and, where the kernel has the NAND
	# simulator, a raw flash (the kernel's read of the card's partition
	# table may add a few KB).
	same "$da: the disk chart's disks" \
	    "$(awk 'NF >= 14 && $3 !~ /^(loop|ram|zram)/ && $3 !~ /^mmcblk[0-9]+p/ { print $3 }' \
	    "$x/proc_diskstats.log" | sort -u | tr '\n' ' ')" "$disks"
	"$BC_RENDER" -q --json "$tgz" >"$w/json" 2>/dev/null
	check "$da: --json: the disks' $rmib MiB read and $wmib MiB written" python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["totals"]
r, w, rm, wm = t["disk_read_bytes"], t["disk_write_bytes"], int(sys.argv[2]), int(sys.argv[3])
print("# disk read %d bytes, written %d" % (r, w))
M = 1 << 20
sys.exit(0 if rm * M <= r <= (rm + 1) * M and wm * M <= w <= (wm + 1) * M else 1)' \
	    "$w/json" "$rmib" "$wmib"
	# busybox init started the console's getty: the default EXIT_PROC.
	same "$da: the end of the boot: busybox init's getty" \
	    "$(sed -n 's/^bootchart\.end = //p' "$x/header")" "EXIT_PROC getty"

	# The trace: trace-cmd's oracle, the start with the kernel, nothing lost.
	trace_oracle_checks "$x/trace.dat" "$BC_RENDER" "$w"
	"$BC_RENDER" -q --dump-events "$tgz" >"$w/events" 2>"$w/events.err"
	check "$da: --dump-events reads the log" [ -s "$w/events" ]
	trace_start_checks "$w/events" "$x/header"
	check "$da: the trace holds start_kernel's console initcalls" \
	    grep -q '	initcall_level	level=console$' "$w/events"
	echo "# trace: $(wc -l <"$w/events" | tr -d ' ') events;" \
	    "$(sed -n 's/^bootchart\.trace\.events = //p' "$x/header")"

	# The chart and the critical path, drawn from it.
	"$BC_RENDER" -q -f png -o "$w/board.png" "$tgz" 2>"$w/png.err"
	prc=$?
	check "$da: the chart is drawn (PNG)" sh -c "[ $prc -eq 0 ] && [ -s '$w/board.png' ]"
	"$BC_RENDER" -q -f svg -o "$w/board.svg" "$tgz" 2>/dev/null
	check "$da: the chart's header names the machine" \
	    grep -q '>machine: linux,dummy-virt<' "$w/board.svg"
	# The kernel ran busybox's root itself: no switch to a real root, so
	# no initramfs phase between the kernel's end and userspace.
	check "$da: no switch_root mark on the chart" \
	    sh -c "! grep -q '>switch_root<' '$w/board.svg'"
	"$BC_RENDER" -q --critical-path "$tgz" >"$w/cpath" 2>"$w/cpath.err"
	check "$da: --critical-path: status 0" [ $? -eq 0 ]
	"$BC_RENDER" -q --critical-path -v "$tgz" >"$w/vcpath" 2>/dev/null
	check "$da: the critical path runs to the end of the boot (the getty)" \
	    grep -q '^# critical path to [0-9]* getty' "$w/cpath"
	python3 tests/sh/lib/cpath_check.py "$da" "$w/cpath" "$w/vcpath" "$w/json"
	check "$da: --json: the kernel's end, no switch to a real root" python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))["milestones"]
print("# milestones: kernel end %s ms, switch_root %s, end %s ms (%s)" % (
    m["kernel_end_ms"], m["switch_root_ms"], m["end_ms"], m["end_reason"]))
sys.exit(0 if m["kernel_end_ms"] and m["switch_root_ms"] is None else 1)' "$w/json"
	grep '^category' "$w/cpath" | sed 's/^/# /'
}

# Debian's arm64 kernel has no NAND simulator; armmp has (nandsim).
board aarch64 arm64 aarch64-linux-gnu qemu-system-aarch64 aarch64 8 \
    "mmcblk0 " 16 32
board armhf armhf arm-linux-gnueabihf qemu-system-arm armv7l 4 \
    "mmcblk0 mtdblock0 " 20 36

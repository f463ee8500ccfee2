#!/bin/sh
# boot.sh: builds the test initramfs, boots a Debian kernel in qemu
# (TCG) and decodes the bootchart tarball the scripted init sends back over
# the serial console.
#
#   tests/boot/boot.sh [options] OUTDIR
#     -A ARCH         x86_64 (default), aarch64 or armhf: the kernel,
#                     busybox and qemu of that architecture (the boards'
#                     are Debian's, through dpkg's foreign architecture)
#     -b BUILD        build dir holding the static bootchartd (build/default)
#     -I              busybox's own init as the real init, as on a board
#                     (/etc/inittab: the scripted boot as sysinit, a getty
#                     on the console, etc/rc/ship once), and the logger's
#                     default end of boot (no EXIT_PROC in its config)
#     -c CACHE        kernel cache dir (build/boot-cache)
#     -n              no logger: the kernel starts /sbin/init directly
#     -a yes|no       PROCESS_ACCOUNTING in the logger's config (yes)
#     -f FILE         use FILE as /etc/bootchartd.conf instead
#     -e KEY=VALUE    one more line for the generated config (repeatable)
#     -x "ARGS"       extra kernel command line arguments
#     -t SECONDS      qemu time limit (240)
#
# Leaves in OUTDIR: serial.log (console, CR stripped), bootchart.tgz (when
# the init sent one and its checksum matched), initrd.cpio.gz.
# Exit status: 0 when the init reached its final marker, 1 otherwise.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=$top/build/default
cache=$top/build/boot-cache
logger=1 acct=yes conf="" extra="" limit=240 more="" arch=x86_64 bbinit=0

while getopts A:b:c:Ina:f:e:x:t: opt; do
	case "$opt" in
	A) arch=$OPTARG ;;
	I) bbinit=1 ;;
	b) build=$(cd "$OPTARG" && pwd) ;;
	c) cache=$OPTARG ;;
	n) logger=0 ;;
	a) acct=$OPTARG ;;
	f) conf=$OPTARG ;;
	e) more="$more$OPTARG
" ;;
	x) extra=$OPTARG ;;
	t) limit=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: boot.sh [options] OUTDIR" >&2; exit 2; }
out=$1
mkdir -p "$out"
out=$(cd "$out" && pwd)

die() {
	echo "boot.sh: $*" >&2
	exit 1
}

# Each architecture: Debian's name, qemu's machine, the serial console.
case $arch in
x86_64)
	debarch=amd64 console=ttyS0
	set -- qemu-system-x86_64 -m 512 ;;
aarch64)
	debarch=arm64 console=ttyAMA0
	set -- qemu-system-aarch64 -M virt -cpu cortex-a57 -m 512 ;;
armhf)
	debarch=armhf console=ttyAMA0
	# highmem=off: a kernel without LPAE cannot reach the PCI host's
	# ECAM above 4 GiB (the SD host is on PCI).
	set -- qemu-system-arm -M virt,highmem=off -cpu cortex-a15 -m 512 ;;
*) die "-A $arch: x86_64, aarch64 or armhf" ;;
esac
kdir=$("$here/fetch-kernel.sh" "$cache" $debarch) || die "no kernel"
kver=$(basename "$kdir" | sed 's/^linux-image-//')
vmlinuz=$kdir/boot/vmlinuz-$kver
[ -f "$vmlinuz" ] || die "missing $vmlinuz"

# This machine's busybox names the applets (Debian builds every
# architecture's busybox-static from one configuration).
hostbb=$(command -v busybox) || die "busybox-static is not installed"
bb=$hostbb
if [ "$debarch" != "$(dpkg --print-architecture)" ]; then
	bbdir=$("$here/fetch-kernel.sh" "$cache" $debarch busybox-static) ||
	    die "no busybox-static of $debarch"
	bb=$bbdir/bin/busybox
fi
# The initramfs has no C library: both programs must be static.
bins=$bb
[ "$logger" = 1 ] && bins="$bins $build/bootchartd"
for bin in $bins; do
	[ -f "$bin" ] || die "missing $bin"
	if readelf -l "$bin" 2>/dev/null | grep -q 'Requesting program interpreter'; then
		die "$bin is not statically linked"
	fi
done

# Writes the logger's config for this boot.
write_conf() {
	if [ -n "$conf" ]; then
		cp "$conf" "$1"
		return
	fi
	cat >"$1" <<CONF
# bootchartd.conf for the qemu boot test (tests/boot/boot.sh)
SAMPLE_PERIOD=0.1
PROCESS_ACCOUNTING="$acct"
SETTLE_TIME=1
BOOTLOG_DEST=/var/log/bootchart.tgz
CONF
	[ "$bbinit" = 1 ] || echo 'EXIT_PROC="boot-done"' >>"$1"
	printf '%s' "$more" >>"$1"
}

make_initrd() {
	root=$out/root
	rm -rf "$root"
	mkdir -p "$root"
	cp -a "$here/rootfs/." "$root/"
	for d in bin sbin usr/bin usr/sbin proc sys dev run tmp mnt var/log etc \
	    "lib/modules/$kver"; do
		mkdir -p "$root/$d"
	done
	cp "$bb" "$root/bin/busybox"
	# Applets as symlinks, without replacing our own scripts.
	"$hostbb" --list-full | while read -r a; do
		[ -e "$root/$a" ] || ln -s /bin/busybox "$root/$a"
	done
	[ "$logger" = 1 ] && cp "$build/bootchartd" "$root/sbin/bootchartd"
	if [ "$bbinit" = 1 ]; then
		ln -sf /bin/busybox "$root/sbin/init"
		cat >"$root/etc/inittab" <<'TAB'
::sysinit:/etc/rc/board
console::respawn:/sbin/getty -L console 0 vt100
::once:/etc/rc/ship
TAB
	fi
	write_conf "$root/etc/bootchartd.conf"
	# The NAND simulator and its block device where the kernel has them
	# (armmp does): a board's raw flash as mtdblock0.
	for m in virtio/virtio virtio/virtio_ring virtio/virtio_pci_legacy_dev \
	    virtio/virtio_pci_modern_dev virtio/virtio_pci block/virtio_blk \
	    mmc/host/cqhci mmc/host/sdhci mmc/host/sdhci-pci \
	    mtd/nand/raw/nandsim mtd/mtd_blkdevs mtd/mtdblock; do
		f=$kdir/lib/modules/$kver/kernel/drivers/$m.ko
		[ -f "$f" ] && cp "$f" "$root/lib/modules/$kver/"
	done
	# The kernel opens /dev/console for init before anyone mounts /dev.
	mknod -m 600 "$root/dev/console" c 5 1 2>/dev/null || true
	mknod -m 666 "$root/dev/null" c 1 3 2>/dev/null || true
	(cd "$root" && find . | cpio -o -H newc --quiet) | gzip -1 \
	    >"$out/initrd.cpio.gz"
	rm -rf "$root"
}

make_initrd
disk=$out/disk.img
rm -f "$disk"
truncate -s 32M "$disk"
# The disk the I/O step writes: virtio on the PC, an SD card on the
# board (an SD host controller on qemu's PCI bus: mmcblk0).
case $arch in
x86_64) set -- "$@" -drive "file=$disk,format=raw,if=virtio" ;;
aarch64|armhf) set -- "$@" -drive "if=none,id=sd,file=$disk,format=raw" \
	-device sdhci-pci -device sd-card,drive=sd ;;
esac

# With the initramfs as the root file system the kernel runs rdinit=, not
# init= (which names init on a disk root); pass both so the logger sees the
# usual init=/sbin/bootchartd.
if [ "$logger" = 1 ]; then
	append="console=$console panic=-1 rdinit=/sbin/bootchartd init=/sbin/bootchartd $extra"
else
	append="console=$console panic=-1 rdinit=/sbin/init init=/sbin/init bctest.wait=0 $extra"
fi

# No -enable-kvm: plain TCG (KVM hangs on these machines).
start=$(date +%s.%N)
rc=0
timeout "$limit" "$@" -smp 1 -nographic -no-reboot \
    -kernel "$vmlinuz" -initrd "$out/initrd.cpio.gz" \
    -append "$append" </dev/null >"$out/serial.raw" 2>"$out/qemu.err" || rc=$?
end=$(date +%s.%N)
rm -f "$disk"
tr -d '\r' <"$out/serial.raw" >"$out/serial.log"
rm -f "$out/serial.raw"
echo "$start $end" | awk '{ printf "%.2f\n", $2 - $1 }' >"$out/wall"
[ "$rc" -eq 124 ] && echo "boot.sh: qemu timed out after ${limit}s" >&2
[ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && cat "$out/qemu.err" >&2

# The tarball: base64 between markers, checked against the guest's md5.
rm -f "$out/bootchart.tgz"
if grep -q '^BCTEST-TGZ-END' "$out/serial.log"; then
	sed -n '/^BCTEST-TGZ-BEGIN/,/^BCTEST-TGZ-END/p' "$out/serial.log" |
	    sed '1d;$d' | base64 -d >"$out/bootchart.tgz.tmp" ||
	    die "bad base64 in $out/serial.log"
	want=$(sed -n 's/^BCTEST-TGZ-BEGIN .*md5=\([0-9a-f]*\).*/\1/p' "$out/serial.log")
	got=$(md5sum <"$out/bootchart.tgz.tmp" | cut -d' ' -f1)
	[ "$want" = "$got" ] || die "tarball checksum mismatch ($got, want $want)"
	mv "$out/bootchart.tgz.tmp" "$out/bootchart.tgz"
fi
grep -q '^BCTEST-DONE' "$out/serial.log"

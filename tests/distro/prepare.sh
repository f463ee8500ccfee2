#!/bin/sh
# prepare.sh: makes the bootable disk image of one distro test run: the
# cached Debian root (build-root.sh) with bootchart installed by
# scripts/install.sh --initramfs, its initramfs rebuilt by the root's own
# initramfs-tools, and the kernel command line of the boot entry the
# installer made (its /etc/grub.d/42_bootchart, run in the root).
#
#   tests/distro/prepare.sh [-c CACHE] [-f FLAVOUR] [-F] [-s KEY=VALUE]...
#                           BUILD OUTDIR
#     FLAVOUR  the root's initramfs generator: initramfs-tools (default)
#              or dracut (build-root.sh)
#     -F       function mode: the installed config says
#              EXACT_FUNCTIONS=yes, so the entry starts function_graph
#     -s KEY=VALUE  the installed config's KEY says VALUE (a key of
#              scripts/bootchartd.conf; series.sh: SETTLE_TIME=1)
#
# Leaves in OUTDIR: disk.img (ext4, the whole disk), vmlinuz, initrd.img,
# entry.cfg (the GRUB entry), cmdline (its kernel arguments), times.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cache=/var/cache/bootchart/distro
# The root file system's UUID: the entry says root=UUID=..., which the
# initramfs resolves through udev as on an installed system.
UUID=6d2c1a52-0b5e-4f0c-9a41-bc7e57c4a9d1
SIZE=2G

flavour=initramfs-tools functions=no sets=
while getopts c:f:Fs: opt; do
	case "$opt" in
	c) cache=$OPTARG ;;
	f) flavour=$OPTARG ;;
	F) functions=yes ;;
	s) case $OPTARG in
	   [A-Z]*=*) sets="$sets $OPTARG" ;;
	   *) echo "prepare.sh: -s KEY=VALUE, not '$OPTARG'" >&2; exit 2 ;;
	   esac ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "usage: prepare.sh [-c CACHE] [-f FLAVOUR] [-F] [-s KEY=VALUE]... BUILD OUTDIR" >&2; exit 2; }
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)

die() {
	echo "prepare.sh: $*" >&2
	exit 1
}

for f in "$build/bootchartd" "$build/bootchart-render"; do
	[ -x "$f" ] || die "$f: not built"
done
# The initramfs and the image have no C library of ours: static only.
if readelf -l "$build/bootchartd" | grep -q 'program interpreter'; then
	die "$build/bootchartd is not statically linked"
fi

t0=$(date +%s)
tarball=$("$here/build-root.sh" -f "$flavour" "$cache") || die "no root"
t1=$(date +%s)
root=$out/root
rm -rf "$root" "$out/disk.img"
mkdir -p "$root"
tar -C "$root" --zstd -xpf "$tarball" --numeric-owner \
    --xattrs --xattrs-include='*' || die "cannot unpack $tarball"

# The installer runs the root's update-initramfs itself (chroot).
sed "s/^EXACT_FUNCTIONS=.*/EXACT_FUNCTIONS=$functions/" \
    "$top/scripts/bootchartd.conf" >"$out/bootchartd.conf" ||
    die "cannot write $out/bootchartd.conf"
for kv in $sets; do
	k=${kv%%=*}
	grep -q "^$k=" "$out/bootchartd.conf" || die "-s $kv: no $k in bootchartd.conf"
	sed "s|^$k=.*|$kv|" "$out/bootchartd.conf" >"$out/bootchartd.conf.new" &&
	    mv "$out/bootchartd.conf.new" "$out/bootchartd.conf" ||
	    die "cannot write $out/bootchartd.conf"
done
"$top/scripts/install.sh" --root "$root" --initramfs \
    --conf "$out/bootchartd.conf" \
    --logger "$build/bootchartd" --renderer "$build/bootchart-render" \
    >"$out/install.log" 2>&1 || {
	cat "$out/install.log" >&2
	die "install.sh failed"
}
t2=$(date +%s)

# The entry as grub-mkconfig would make it: its environment (the settings
# of /etc/default/grub, the root device) and the root's own GRUB library.
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    pkgdatadir=/usr/share/grub GRUB_DEVICE=/dev/vda \
    GRUB_DEVICE_UUID=$UUID GRUB_FS=ext4 /bin/sh -c '
	set -a
	if [ -f /etc/default/grub ]; then . /etc/default/grub; fi
	set +a
	exec /etc/grub.d/42_bootchart' >"$out/entry.cfg" 2>"$out/entry.err" ||
    die "42_bootchart failed: $(cat "$out/entry.err")"
kernel=$(awk '$1 == "linux" { print $2; exit }' "$out/entry.cfg")
initrd=$(awk '$1 == "initrd" { print $2; exit }' "$out/entry.cfg")
awk '$1 == "linux" { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }' \
    "$out/entry.cfg" >"$out/cmdline"
[ -n "$kernel" ] && [ -s "$out/cmdline" ] ||
    die "no linux line in the boot entry ($out/entry.cfg)"
[ -n "$initrd" ] || die "no initrd line in the boot entry ($out/entry.cfg)"
cp "$root$kernel" "$out/vmlinuz" && cp "$root$initrd" "$out/initrd.img" ||
    die "cannot copy the kernel or initrd of the entry"

truncate -s "$SIZE" "$out/disk.img"
mkfs.ext4 -q -F -U "$UUID" -L bctest -d "$root" "$out/disk.img" ||
    die "mkfs.ext4 failed"
rm -rf "$root"
t3=$(date +%s)
echo "root $((t1 - t0)) install+initramfs $((t2 - t1)) image $((t3 - t2))" \
    >"$out/times"

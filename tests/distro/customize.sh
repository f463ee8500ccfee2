#!/bin/sh
# customize.sh: mmdebstrap --customize-hook for the distro test image
# (tests/distro/build-root.sh): makes the root bootable from a whole-disk
# ext4 on /dev/vda and adds the test's power-off unit.  $1 is the root,
# $2 the flavour (initramfs-tools or dracut; see build-root.sh).
set -eu
r=$1
flavour=${2:-initramfs-tools}
here=$(cd "$(dirname "$0")" && pwd)

echo bctest >"$r/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tbctest\n' >"$r/etc/hosts"
# The whole disk is one ext4 file system (no partition table).
printf '/dev/vda\t/\text4\terrors=remount-ro\t0\t1\n' >"$r/etc/fstab"
if [ "$flavour" = dracut ]; then
	# A chroot has no host to tailor an image to (the root device is
	# not there): a generic image, as distributions ship, with the
	# virtio disk and ext4 drivers named to be sure.
	cat >"$r/etc/dracut.conf.d/10-bctest.conf" <<'DRACUT'
hostonly="no"
add_drivers+=" virtio_blk virtio_pci ext4 "
DRACUT
else
	# mkinitramfs in a chroot cannot probe the root device; name its
	# type so the initramfs checks it (fsck) as on an installed system.
	echo FSTYPE=ext4 >"$r/etc/initramfs-tools/conf.d/fstype"
fi
# Debian's default GRUB settings (grub-pc's postinst would install them).
cat >"$r/etc/default/grub" <<'GRUB'
GRUB_DEFAULT=0
GRUB_TIMEOUT=5
GRUB_DISTRIBUTOR=`lsb_release -i -s 2> /dev/null || echo Debian`
GRUB_CMDLINE_LINUX_DEFAULT="quiet"
GRUB_CMDLINE_LINUX=""
GRUB
# A test VM: root logs in on the serial console without a password.
chroot "$r" passwd -d root >/dev/null
# Persistent journal: the host reads it back from the image.
mkdir -p "$r/var/log/journal"
install -m 755 "$here/guest/bctest-poweroff" "$r/usr/local/sbin/bctest-poweroff"
install -m 644 "$here/guest/bctest-poweroff.service" \
    "$r/etc/systemd/system/bctest-poweroff.service"
chroot "$r" systemctl enable bctest-poweroff.service >/dev/null 2>&1

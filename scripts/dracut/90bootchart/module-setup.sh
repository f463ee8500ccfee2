#!/bin/bash
# dracut module "bootchart": puts bootchartd and its config into the initramfs and starts it from the first hook (see docs/install.md).

# Only when asked for (/etc/dracut.conf.d/bootchart.conf adds it).
check() {
	require_binaries /sbin/bootchartd || return 1
	return 255
}

depends() {
	return 0
}

install() {
	inst_simple /sbin/bootchartd
	# Read in the initramfs: a changed config needs a rebuilt image.
	[ -f /etc/bootchartd.conf ] && inst_simple /etc/bootchartd.conf
	# cmdline is the first hook dracut runs, right after /proc, /sys,
	# /dev and /run are mounted.
	inst_hook cmdline 00 "$moddir/bootchart-start.sh"
}

#!/bin/sh
# dracut cmdline hook (sourced): starts bootchartd when the kernel command line boots through it (init=/sbin/bootchartd).
#
# As with initramfs-tools: the logger's pid file in /run goes with /run
# into the real root, where bootchartd run as init finds it and starts
# no second logger.  The boot goes on whatever happens here.
type getarg >/dev/null 2>&1 || . /lib/dracut-lib.sh

if [ "$(getarg init=)" = /sbin/bootchartd ] && [ -x /sbin/bootchartd ]; then
	/sbin/bootchartd init ||
	    warn "bootchart: logging from the initramfs did not start"
fi

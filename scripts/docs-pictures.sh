#!/bin/sh
# docs-pictures.sh: redraws the README's pictures of exact mode from the Debian 12 boots `make check-distro` leaves (build/distro/boot/bootchart.tgz; DISTRO_FUNCTIONS=1 for build/distro/functions/bootchart.tgz): the critical path, the wake-up graph, the kernel's flame chart.  Usage: scripts/docs-pictures.sh [RENDER]
set -eu
R=${1:-build/default/bootchart-render}
BOOT=build/distro/boot/bootchart.tgz
FUNCS=build/distro/functions/bootchart.tgz
for f in "$R" "$BOOT" "$FUNCS"; do
	[ -e "$f" ] || { echo "docs-pictures.sh: no $f (make; make check-distro; DISTRO_FUNCTIONS=1 make check-distro)" >&2; exit 1; }
done
# The boot from 8 s to 13 s: the path through udev, its workers and the disk's error handler.
"$R" -q --window 8:13 -f png -o docs/critical-path.png "$BOOT"
# Who woke whom 30 times or more during the whole boot.
"$R" -q --wake-graph --min-count 30 -f png -o docs/wake-graph.png "$BOOT"
# The kernel's functions while init ran the initcalls, to the start of user space.
"$R" -q --window 14:23.5 -f png -o docs/kernel-flame.png "$FUNCS"
echo "docs-pictures.sh: wrote docs/critical-path.png docs/wake-graph.png docs/kernel-flame.png"

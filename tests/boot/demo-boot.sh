#!/bin/sh
# demo-boot.sh: boots the test VM through bootchartd and leaves bootchart.png
# and bootchart.svg of that boot in the current directory.
#
#   tests/boot/demo-boot.sh [BUILD]     (BUILD defaults to build/default)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build/default}" && pwd)
# Scratch space under the build dir, where no /tmp cleaner reaches it.
work=$(mktemp -d "$build/demo-boot.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "demo-boot: booting Debian's cloud kernel in qemu (TCG, ~15 s)..."
if ! "$here/boot.sh" -b "$build" "$work/vm"; then
	echo "demo-boot: the boot failed; last console lines:" >&2
	tail -n 20 "$work/vm/serial.log" >&2 2>/dev/null || true
	exit 1
fi
if [ ! -s "$work/vm/bootchart.tgz" ]; then
	echo "demo-boot: the VM sent no bootchart.tgz" >&2
	exit 1
fi
"$build/bootchart-render" -f png -o bootchart.png "$work/vm/bootchart.tgz"
"$build/bootchart-render" -f svg -o bootchart.svg "$work/vm/bootchart.tgz"
if [ -n "${DEMO_BOOT_KEEP:-}" ]; then
	cp "$work/vm/bootchart.tgz" "$DEMO_BOOT_KEEP"
fi
echo "demo-boot: wrote bootchart.png and bootchart.svg"

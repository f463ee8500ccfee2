#!/bin/sh
# logger_binary.sh: bootchartd is static, needs no other program, and its
# stripped size is at most lib/logger_size.sh.inc's budget built with
# musl, 1 MiB with glibc (plain build; sanitizer builds are dynamic by
# design).
set -u
. "$(dirname "$0")/lib/logger_size.sh.inc"
if [ "${BC_SAN:-0}" = 1 ]; then
	echo "ok - static binary # SKIP sanitizer build is dynamic"
	exit 0
fi
if ! command -v strip >/dev/null 2>&1 || ! command -v readelf >/dev/null 2>&1; then
	echo "ok - static binary # SKIP no binutils"
	exit 0
fi
strip -o "$BC_TMP/bootchartd" "$BC_LOGGER" || { echo "not ok - strip"; exit 0; }
size=$(stat -c %s "$BC_TMP/bootchartd")
# The C library the Makefile chose for this build directory.
libc=$(awk '{ print $2 }' "$BC_BUILD/logger-libc" 2>/dev/null)
echo "# stripped size: $size bytes ($libc)"
if [ "$libc" = musl ]; then
	max=$((LOGGER_MUSL_MAX_KIB * 1024)) maxs="$LOGGER_MUSL_MAX_KIB KiB"
else
	max=1048576 maxs="1 MiB"
fi
[ "$size" -le "$max" ] && echo "ok - stripped size <= $maxs ($libc)" ||
	echo "not ok - stripped size $size > $maxs ($libc)"
if readelf -lW "$BC_LOGGER" | grep -q 'INTERP' ||
    readelf -dW "$BC_LOGGER" 2>/dev/null | grep -q NEEDED; then
	echo "not ok - statically linked"
else
	echo "ok - statically linked (no interpreter, no shared libraries)"
fi
# No program is run by path except init and the optional renderer.
if strings "$BC_LOGGER" | grep -qE '^/bin/(tar|mount|accton|gzip)$'; then
	echo "not ok - refers to an external tool"
else
	echo "ok - no tar, mount, accton or gzip program referred to"
fi

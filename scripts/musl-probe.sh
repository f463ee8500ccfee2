#!/bin/sh
# musl-probe.sh BUILD: prints "musl" when musl-gcc links a static deflate program with zlib's static library, else "glibc" (the reason goes to BUILD/musl/why).
#
# Run by the Makefile once per build directory.  Prepares BUILD/musl:
# include/ holds links to zlib's and the kernel's headers (musl-gcc
# searches only musl's own), libz names the static zlib found.
set -u
b=${1:?usage: musl-probe.sh BUILD}
mcc=${MUSL_CC:-musl-gcc}
cc=${CC:-cc}
d=$b/musl
mkdir -p "$d" || { echo glibc; exit 0; }
rm -f "$d/why" "$d/libz"

no() {
	printf '%s\n' "$*" >"$d/why"
	echo glibc
	exit 0
}

command -v "$mcc" >/dev/null 2>&1 || no "no $mcc (Debian: musl-tools)"
# zlib's static library and headers where the system compiler finds them.
libz=$("$cc" -print-file-name=libz.a 2>/dev/null)
case "$libz" in /*) libz=$(readlink -f "$libz") ;; esac
case "$libz" in
/*) [ -f "$libz" ] || no "no libz.a (Debian: zlib1g-dev)" ;;
*) no "no libz.a (Debian: zlib1g-dev)" ;;
esac
inc=$(printf '#include <zlib.h>\n' | "$cc" -E -x c - 2>/dev/null |
    sed -n 's/^# [0-9]* "\(\/[^"]*\)\/zlib\.h".*/\1/p' | head -n 1)
[ -n "$inc" ] || no "no zlib.h (Debian: zlib1g-dev)"
# The kernel's headers: linux/ and asm-generic/ shared, asm/ per
# architecture (Debian puts it under the multiarch triplet).
kinc=$(printf '#include <linux/netlink.h>\n' | "$cc" -E -x c - 2>/dev/null |
    sed -n 's/^# [0-9]* "\(\/[^"]*\)\/linux\/netlink\.h".*/\1/p' | head -n 1)
asm=$(printf '#include <asm/types.h>\n' | "$cc" -E -x c - 2>/dev/null |
    sed -n 's/^# [0-9]* "\(\/[^"]*\)\/asm\/types\.h".*/\1/p' | head -n 1)
[ -n "$kinc" ] && [ -n "$asm" ] || no "no kernel headers (Debian: linux-libc-dev)"
rm -rf "$d/include" && mkdir -p "$d/include" || no "$d/include: cannot create"
ln -s "$inc/zlib.h" "$inc/zconf.h" "$kinc/linux" "$kinc/asm-generic" \
    "$d/include/" && ln -s "$asm/asm" "$d/include/asm" ||
    no "$d/include: cannot link the headers"

# Debian's libz.a is built for glibc: it serves only if what the logger
# uses of it links against musl alone.
src=$d/probe.c
cat >"$src" <<'EOC'
#include <zlib.h>
int main(void)
{
	z_stream z = { 0 };
	unsigned char in[1] = { 0 }, out[64];

	if (deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return 1;
	z.next_in = in; z.avail_in = 1; z.next_out = out; z.avail_out = sizeof out;
	return deflate(&z, Z_FINISH) != Z_STREAM_END || deflateEnd(&z) != Z_OK;
}
EOC
"$mcc" -idirafter "$d/include" -static -o "$d/probe" "$src" "$libz" \
    >"$d/probe.log" 2>&1 || no "$mcc cannot link $libz (see $d/probe.log)"
"$d/probe" || no "a musl program linked with $libz does not run"
rm -f "$d/probe" "$src" "$d/probe.log"
printf '%s\n' "$libz" >"$d/libz"
echo musl

#!/bin/sh
# musl-probe.sh BUILD: prints "musl" when musl-gcc links a static gzip program with libdeflate's static library, else "glibc" (the reason goes to BUILD/musl/why).
#
# Run by the Makefile once per build directory.  Prepares BUILD/musl:
# include/ holds links to libdeflate's and the kernel's headers (musl-gcc
# searches only musl's own), libdeflate names the static library found.
# For a cross build (make ARCH=...) LIBDEFLATE_A may name the library
# (one scripts/cross-deps.sh built beside its own musl) and EMU the
# emulator that runs the probe (qemu-aarch64-static, say).  CC may carry
# options (a cross build's --sysroot=): it is split into words on purpose.
set -u
b=${1:?usage: musl-probe.sh BUILD}
mcc=${MUSL_CC:-musl-gcc}
cc=${CC:-cc}
d=$b/musl
mkdir -p "$d" || { echo glibc; exit 0; }
rm -f "$d/why" "$d/libdeflate"

no() {
	printf '%s\n' "$*" >"$d/why"
	echo glibc
	exit 0
}

command -v "$mcc" >/dev/null 2>&1 || no "no $mcc (Debian: musl-tools)"
# libdeflate's static library and header where the system compiler
# finds them.
lib=${LIBDEFLATE_A:-$($cc -print-file-name=libdeflate.a 2>/dev/null)}
case "$lib" in /*) lib=$(readlink -f "$lib") ;; esac
case "$lib" in
/*) [ -f "$lib" ] || no "no libdeflate.a (Debian: libdeflate-dev)" ;;
*) no "no libdeflate.a (Debian: libdeflate-dev)" ;;
esac
# header_dir CC: where CC finds libdeflate.h (the system compiler for
# Debian's package; a musl of our own build keeps it beside its headers).
header_dir() {
	printf '#include <libdeflate.h>\n' | $1 -E -x c - 2>/dev/null |
	    sed -n 's/^# [0-9]* "\(\/[^"]*\)\/libdeflate\.h".*/\1/p' | head -n 1
}
inc=$(header_dir "$cc")
[ -n "$inc" ] || inc=$(header_dir "$mcc")
[ -n "$inc" ] || no "no libdeflate.h (Debian: libdeflate-dev)"
# The kernel's headers: linux/ and asm-generic/ shared, asm/ per
# architecture (Debian puts it under the multiarch triplet).
kinc=$(printf '#include <linux/netlink.h>\n' | $cc -E -x c - 2>/dev/null |
    sed -n 's/^# [0-9]* "\(\/[^"]*\)\/linux\/netlink\.h".*/\1/p' | head -n 1)
asm=$(printf '#include <asm/types.h>\n' | $cc -E -x c - 2>/dev/null |
    sed -n 's/^# [0-9]* "\(\/[^"]*\)\/asm\/types\.h".*/\1/p' | head -n 1)
[ -n "$kinc" ] && [ -n "$asm" ] || no "no kernel headers (Debian: linux-libc-dev)"
rm -rf "$d/include" && mkdir -p "$d/include" || no "$d/include: cannot create"
ln -s "$inc/libdeflate.h" "$kinc/linux" "$kinc/asm-generic" \
    "$d/include/" && ln -s "$asm/asm" "$d/include/asm" ||
    no "$d/include: cannot link the headers"

# Debian's libdeflate.a is built for glibc: it serves only if what the
# logger uses of it links against musl alone.
src=$d/probe.c
cat >"$src" <<'EOC'
#include <libdeflate.h>
int main(void)
{
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(1);
	unsigned char in[1] = { 0 }, out[64];
	size_t n;

	if (c == NULL)
		return 1;
	n = libdeflate_gzip_compress(c, in, sizeof in, out, sizeof out);
	libdeflate_free_compressor(c);
	return n == 0;
}
EOC
"$mcc" -idirafter "$d/include" -static -o "$d/probe" "$src" "$lib" \
    >"$d/probe.log" 2>&1 || no "$mcc cannot link $lib (see $d/probe.log)"
${EMU:+$EMU} "$d/probe" ||
    no "a musl program linked with $lib does not run${EMU:+ under $EMU}"
rm -f "$d/probe" "$src" "$d/probe.log"
printf '%s\n' "$lib" >"$d/libdeflate"
echo musl

#!/bin/sh
# cross_builds.sh: `make ARCH=...` builds the static logger for aarch64, armhf and riscv64 with musl, each within the size budget, and each, run under qemu-user, profiles a command into a log the renderer reads; where aarch64's sysroot is there, the renderer too, whose outputs under qemu-user are this machine's byte for byte.
#
# Skips an architecture whose cross compiler or emulator is missing
# (scripts/cross-deps.sh installs them; make check runs it through
# deps.sh).  The profile needs root (the logger's private tmpfs).  Under
# qemu-user the logger reads this machine's /proc through the emulator:
# what is checked is that the foreign build runs its whole path (fork,
# exec, sampling, tar, gzip) and writes what the renderer reads, not the
# board's numbers.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
. "$(dirname "$0")/lib/logger_size.sh.inc"
. "$(dirname "$0")/lib/cross_render.sh.inc"
if [ "${BC_SAN:-0}" = 1 ]; then
	echo "ok - cross builds # SKIP built once, by the plain pass"
	exit 0
fi
top=$(pwd)
max=$((LOGGER_MUSL_MAX_KIB * 1024))
# Half a second asleep: long enough for samples 20 ms apart to see it.
cmd='sleep 0.5; i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done'

# one ARCH TRIPLET QEMU MACHINE ELFCLASS UNAME_M
one() {
	a=$1 t=$2 q=$3 m=$4 cls=$5 um=$6
	if ! command -v "$t-gcc" >/dev/null 2>&1 ||
	    ! command -v "qemu-$q-static" >/dev/null 2>&1; then
		ok "$a # SKIP no $t-gcc or qemu-$q-static (scripts/cross-deps.sh)"
		return
	fi
	if [ "$a" = riscv64 ] &&
	    [ ! -x "${CROSS_CACHE:-/var/cache/bootchart/cross}/riscv64/bin/musl-gcc" ]; then
		ok "$a # SKIP no musl built for it (scripts/cross-deps.sh riscv64)"
		return
	fi
	b=$BC_TMP/$a
	if ! make -s -C "$top" -j2 WERROR=1 ARCH="$a" BUILD="$b" \
	    >"$b.make" 2>&1; then
		notok "$a: make ARCH=$a"
		sed 's/^/# /' "$b.make" | tail -n 20
		return
	fi
	ok "$a: make ARCH=$a builds $b/bootchartd"
	same "$a: linked with musl" "$(awk '{ print $2 }' "$b/logger-libc")" musl
	hdr=$(readelf -hW "$b/bootchartd")
	same "$a: ELF machine" \
	    "$(printf '%s\n' "$hdr" | sed -n 's/^ *Machine: *//p')" "$m"
	same "$a: ELF class" \
	    "$(printf '%s\n' "$hdr" | sed -n 's/^ *Class: *//p')" "$cls"
	if readelf -lW "$b/bootchartd" | grep -q INTERP; then
		notok "$a: statically linked"
	else
		ok "$a: statically linked"
	fi
	"$t-strip" -o "$b/stripped" "$b/bootchartd" || { notok "$a: strip"; return; }
	size=$(stat -c %s "$b/stripped")
	if [ "$size" -le "$max" ]; then
		ok "$a: stripped size $size <= $LOGGER_MUSL_MAX_KIB KiB"
	else
		notok "$a: stripped size $size > $LOGGER_MUSL_MAX_KIB KiB"
	fi
	v=$("qemu-$q-static" "$b/bootchartd" --version 2>&1 | head -n 1)
	same "$a: runs under qemu-$q" "$v" "bootchartd $(cat "$top/VERSION")"
	if [ "$(id -u)" -ne 0 ]; then
		ok "$a: profile # SKIP not root"
		return
	fi
	"qemu-$q-static" "$b/bootchartd" start -o "$b/p.tgz" -p 0.02 \
	    -- sh -c "$cmd" >"$b.log" 2>&1
	rc=$?
	same "$a: bootchartd start exits 0" "$rc" 0
	[ "$rc" -eq 0 ] || { sed 's/^/# /' "$b.log"; return; }
	gzip -dc "$b/p.tgz" | tar -xOf - header >"$b/header" 2>/dev/null
	same "$a: the header's command" \
	    "$(sed -n 's/^profile\.command = //p' "$b/header")" "sh -c $cmd"
	same "$a: the header's machine (as qemu-$q reports it)" \
	    "$(sed -n 's/^system\.uname = .* //p' "$b/header")" "$um"
	if ! "$BC_RENDER" --dump-tree "$b/p.tgz" >"$b/tree" 2>"$b/err"; then
		notok "$a: the renderer reads the log"
		sed 's/^/# /' "$b/err"
		return
	fi
	ok "$a: the renderer reads the log"
	# The command's processes: sh, and its sleep.
	same "$a: the tree is the command's sh and its sleep" \
	    "$(cut -f2 "$b/tree" | sort | tr '\n' ' ')" "sh sleep "
}

# renderer B: the aarch64 renderer make built beside the logger (from
# scripts/cross-deps.sh's sysroot of Debian's arm64 libraries), run under
# qemu-user against those libraries (lib/cross_render.sh.inc).
renderer() {
	s=${CROSS_CACHE:-/var/cache/bootchart/cross}/aarch64/sysroot
	if [ ! -x "$1/bootchart-render" ]; then
		ok "aarch64 renderer # SKIP no sysroot at $s (scripts/cross-deps.sh)"
		return
	fi
	same "aarch64 renderer: ELF machine" "$(readelf -hW "$1/bootchart-render" |
	    sed -n 's/^ *Machine: *//p')" AArch64
	renders_alike "aarch64 renderer" qemu-aarch64-static "$s" \
	    "$1/bootchart-render" "$1"
}

one aarch64 aarch64-linux-gnu aarch64 AArch64 ELF64 aarch64
renderer "$BC_TMP/aarch64"
one armhf arm-linux-gnueabihf arm ARM ELF32 armv7l
one riscv64 riscv64-linux-gnu riscv64 "RISC-V" ELF64 riscv64

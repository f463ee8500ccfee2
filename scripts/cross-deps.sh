#!/bin/sh
# cross-deps.sh: installs what `make ARCH=...` needs to build the static logger for a board (aarch64, armhf, riscv64), and builds from Debian's sources what Debian 12 has no package of.
#
#   usage: scripts/cross-deps.sh [ARCH...]   (default: all three)
#
# aarch64 and armhf: Debian's cross compiler, and musl and libdeflate
# as multiarch packages (dpkg --add-architecture).  riscv64: Debian 12
# builds no riscv64 packages, so musl and libdeflate are built from
# Debian's source packages (apt-get source, deb-src entries derived from
# this machine's own apt sources) with the cross compiler, into
# $CROSS_CACHE/riscv64 (default /var/cache/bootchart/cross), where the
# Makefile looks.  For aarch64 also the renderer's libraries: Debian's
# arm64 -dev packages unpacked by mmdebstrap (no package script run) into
# $CROSS_CACHE/aarch64/sysroot, as multiarch cannot install arm64's
# Graphviz beside this machine's.  qemu-user-static runs the programs
# built (the musl probe, tests/sh/cross_builds.sh).  Skips what is
# already there; needs root only when something is missing.
# docs/boards.md says more.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${CROSS_CACHE:-/var/cache/bootchart/cross}
[ $# -gt 0 ] || set -- aarch64 armhf riscv64

die() {
	echo "cross-deps.sh: $*" >&2
	exit 1
}

installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'
}

# apt_want PKG...: installs those not installed yet.
apt_want() {
	miss=""
	for p in "$@"; do
		installed "$p" || miss="$miss $p"
	done
	[ -z "$miss" ] && return 0
	[ "$(id -u)" -eq 0 ] || die "missing packages:$miss (run as root)"
	echo "cross-deps.sh: installing$miss" >&2
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends $miss >/dev/null
}

# foreign DEBARCH: dpkg knows the architecture, apt has its lists.
foreign() {
	dpkg --print-foreign-architectures | grep -qx "$1" && return 0
	[ "$(id -u)" -eq 0 ] || die "dpkg does not know $1 (run as root)"
	dpkg --add-architecture "$1"
	apt-get update -qq >/dev/null
}

# deb_src: apt can fetch source packages from the mirrors this machine
# already uses (tests/distro/sources.sh reads them; never a host of ours).
deb_src() {
	src=/etc/apt/sources.list.d/bootchart-deb-src.sources
	[ -f "$src" ] && return 0
	[ "$(id -u)" -eq 0 ] || die "no deb-src entries (run as root)"
	"$top/tests/distro/sources.sh" | sed 's/^Types: deb$/Types: deb-src/' \
	    >"$src.tmp" && mv "$src.tmp" "$src" ||
	    { rm -f "$src.tmp"; die "no apt sources to derive deb-src entries from"; }
	apt-get update -qq >/dev/null
}

# fetch_src PKG DIR: the source package's upstream tree unpacked in DIR.
fetch_src() {
	mkdir -p "$2/dl"
	(cd "$2/dl" && apt-get source -qq --download-only "$1" >/dev/null 2>&1) ||
	    die "apt-get source $1 failed"
	orig=$(ls "$2/dl/$1"_*.orig.tar.* 2>/dev/null | head -n 1)
	[ -n "$orig" ] || die "no upstream tarball of $1"
	rm -rf "$2/src" && mkdir -p "$2/src"
	tar -xf "$orig" -C "$2/src" --strip-components=1 || die "cannot unpack $orig"
}

# riscv64: musl (its own musl-gcc wrapper around the cross compiler)
# and libdeflate's library compiled by it, both in $cache/riscv64.
riscv64() {
	apt_want gcc-riscv64-linux-gnu qemu-user-static
	out=$cache/riscv64
	[ -x "$out/bin/musl-gcc" ] && [ -f "$out/lib/libdeflate.a" ] && return 0
	deb_src
	work=$cache/riscv64.work
	rm -rf "$work" "$out" && mkdir -p "$work" || die "cannot create $work"
	fetch_src musl "$work/musl"
	(cd "$work/musl/src" &&
	    ./configure --prefix="$out" --target=riscv64-linux-gnu \
		CROSS_COMPILE=riscv64-linux-gnu- --disable-shared &&
	    make -j"$(nproc)" && make install) >"$work/musl.log" 2>&1 ||
	    die "building musl for riscv64 failed (see $work/musl.log)"
	fetch_src libdeflate "$work/libdeflate"
	for c in "$work"/libdeflate/src/lib/*.c; do
		"$out/bin/musl-gcc" -O2 -I"$work/libdeflate/src" -c "$c" \
		    -o "${c%.c}.o" || die "compiling $c failed"
	done
	riscv64-linux-gnu-ar rcs "$out/lib/libdeflate.a" \
	    "$work"/libdeflate/src/lib/*.o || die "ar failed"
	cp "$work/libdeflate/src/libdeflate.h" "$out/include/" || die "cp failed"
	rm -rf "$work"
}

# multiarch DEBARCH TRIPLET: Debian's packages for the architecture.
multiarch() {
	apt_want "gcc-$2" qemu-user-static
	foreign "$1"
	apt_want "musl-dev:$1" "libdeflate-dev:$1"
}

# The renderer's libraries, the packages' files only, from the mirrors
# this machine uses (tests/distro/sources.sh).
SYSROOT_PKGS=libc6-dev,libgcc-12-dev,libarchive-dev,libcairo2-dev,libfontconfig-dev,zlib1g-dev,libzstd-dev,libgraphviz-dev,libdeflate-dev

# sysroot DEBARCH NAME: $cache/NAME/sysroot, made once.
sysroot() {
	out=$cache/$2/sysroot
	[ -f "$out/.complete" ] && return 0
	apt_want mmdebstrap
	rm -rf "$out" "$out.tmp" && mkdir -p "$cache/$2" || die "cannot create $cache/$2"
	"$top/tests/distro/sources.sh" >"$cache/$2/sources" ||
	    die "no apt sources for the sysroot"
	mmdebstrap --quiet --variant=extract --architectures="$1" \
	    --include="$SYSROOT_PKGS" bookworm "$out.tmp" "$cache/$2/sources" \
	    >"$cache/$2/sysroot.log" 2>&1 ||
	    die "mmdebstrap of the $1 sysroot failed (see $cache/$2/sysroot.log)"
	touch "$out.tmp/.complete" && mv "$out.tmp" "$out"
}

for a in "$@"; do
	case $a in
	aarch64|arm64) multiarch arm64 aarch64-linux-gnu; sysroot arm64 aarch64 ;;
	armhf) multiarch armhf arm-linux-gnueabihf ;;
	riscv64) riscv64 ;;
	*) die "unknown ARCH $a (aarch64, armhf or riscv64)" ;;
	esac
done

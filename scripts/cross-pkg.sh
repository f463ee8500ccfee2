#!/bin/sh
# cross-pkg.sh: builds the Debian packages for a board's architecture (arm64, armhf) with `dpkg-buildpackage -a`, in a Debian 12 build root of their own.
#
#   usage: scripts/cross-pkg.sh DEBARCH SRC OUT
#
# SRC is a clean source tree (copied into the root, left untouched); OUT
# receives the .deb files, the .changes and .buildinfo, and build.log.
# The build root is made once by mmdebstrap from this machine's apt
# sources (tests/distro/sources.sh) into $CROSS_CACHE/pkg/DEBARCH
# (default /var/cache/bootchart/cross/pkg/DEBARCH) with Debian's cross
# toolchain; each build then reads the mirror's lists (mmdebstrap leaves
# none) and installs the packages' Build-Depends for DEBARCH from
# debian/control (`apt-get build-dep -a`), so the list has one owner.
# A root of its own, not this machine: apt would remove this machine's
# Graphviz to install the board's libgraphviz-dev.  Installing
# the board's libgvc6 runs its postinst, a board program, so qemu-user's
# binfmt_misc entry for DEBARCH is registered when missing (and
# binfmt_misc mounted): from then on this machine runs that
# architecture's programs under qemu, as Debian's qemu-user-binfmt
# does.  The build sees a private /proc (unshare), nothing stays mounted.
# Builds for one DEBARCH take turns (a lock beside its root); two
# architectures build at once.
#
# Exit status: 0 built; 1 the build failed (OUT/build.log says why);
# 2 usage; 3 the root cannot be made here (not root, no binfmt_misc, no
# apt sources, mmdebstrap failed): tests skip on 3.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${CROSS_CACHE:-/var/cache/bootchart/cross}/pkg

usage() {
	echo "usage: scripts/cross-pkg.sh DEBARCH SRC OUT  (DEBARCH: arm64 or armhf)" >&2
	exit 2
}
cannot() {
	echo "cross-pkg.sh: $*" >&2
	exit 3
}

[ $# -eq 3 ] || usage
arch=$1 src=$2 out=$3
# qemu's name for the architecture: its binfmt entry and qemu-NAME-static.
case $arch in
arm64) qemu=aarch64 ;;
armhf) qemu=arm ;;
*) usage ;;
esac
[ -f "$src/debian/control" ] || usage
[ "$(id -u)" -eq 0 ] || cannot "a build root needs root"
root=$cache/$arch

# binfmt: the board's programs run under qemu-user-static (a package
# deps.sh installs with the cross compilers).
binfmt() {
	b=/proc/sys/fs/binfmt_misc
	[ -e "$b/qemu-$qemu" ] && return 0
	[ -e "$b/register" ] || mount -t binfmt_misc binfmt_misc "$b" 2>/dev/null ||
	    cannot "binfmt_misc cannot be mounted"
	[ -e "$b/qemu-$qemu" ] && return 0
	conf=/usr/lib/binfmt.d/qemu-$qemu.conf
	[ -f "$conf" ] || cannot "no $conf (Debian: qemu-user-static)"
	grep '^:' "$conf" >"$b/register" 2>/dev/null ||
	    cannot "qemu-$qemu's binfmt entry cannot be registered"
}

# make_root: the root, made once; .complete marks one that finished.
make_root() {
	[ -f "$root/.complete" ] && return 0
	command -v mmdebstrap >/dev/null 2>&1 || cannot "no mmdebstrap"
	"$top/tests/distro/sources.sh" >"$cache/$arch.sources" ||
	    cannot "no Debian 12 apt sources on this machine"
	rm -rf "$root" "$root.tmp"
	mmdebstrap --quiet --variant=buildd \
	    --architectures="$(dpkg --print-architecture),$arch" \
	    --include="crossbuild-essential-$arch,debhelper" \
	    bookworm "$root.tmp" "$cache/$arch.sources" \
	    >"$cache/$arch.log" 2>&1 ||
	    cannot "mmdebstrap of the $arch build root failed (see $cache/$arch.log)"
	touch "$root.tmp/.complete" && mv "$root.tmp" "$root" ||
	    cannot "cannot move $root.tmp"
}

# lock FD FILE: waits for FILE's lock on FD (where flock(1) is).
lock() {
	eval "exec $1>\"\$2\"" || cannot "cannot open $2"
	! command -v flock >/dev/null 2>&1 || flock "$1" || cannot "cannot lock $2"
}
mkdir -p "$cache" || cannot "cannot create $cache"
# binfmt_misc is the machine's: one build at a time sets it up.
lock 7 "$cache/binfmt.lock"
binfmt
exec 7>&-
lock 8 "$cache/$arch.lock"
make_root
mkdir -p "$out" || cannot "cannot create $out"
rm -rf "$root/build" && mkdir -p "$root/build/src" &&
    cp -a "$src/." "$root/build/src/" || cannot "cannot copy $src"
# -Pnocheck: the package's own tests run programs just built, which a
# cross build leaves to the board (tests/sh/pkg_cross.sh runs them under
# qemu).
unshare -m sh -c '
	mount -t proc proc "$1/proc" || exit 1
	exec chroot "$1" sh -c "cd /build/src && apt-get update -q &&
	    apt-get build-dep -q -y -a $2 -P nocheck ./ &&
	    DEB_BUILD_OPTIONS=\"nocheck parallel=$3\" \
	    dpkg-buildpackage -a $2 -Pnocheck -us -uc -b"
' sh "$root" "$arch" "$(nproc 2>/dev/null || echo 1)" >"$out/build.log" 2>&1 || {
	echo "cross-pkg.sh: the $arch build failed (see $out/build.log)" >&2
	exit 1
}
cp "$root"/build/*.deb "$root"/build/*.changes "$root"/build/*.buildinfo "$out/" ||
    { echo "cross-pkg.sh: no packages in $root/build" >&2; exit 1; }

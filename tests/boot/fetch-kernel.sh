#!/bin/sh
# fetch-kernel.sh: downloads and unpacks a Debian kernel (or another package) of an architecture into a cache dir (no install) and prints the path of the unpacked tree.
#
#   tests/boot/fetch-kernel.sh CACHEDIR [DEBARCH [PACKAGE]]
#
# DEBARCH is Debian's name of the architecture (amd64, the default,
# arm64 or armhf: a foreign one must be known to dpkg,
# scripts/cross-deps.sh adds it).  Without PACKAGE the kernel: on amd64
# the cloud kernel (a VM's), on arm64 the generic one (a board's: SD
# cards, which the cloud kernel leaves out), on armhf armmp (ARMv7
# boards, qemu's virt among them); the version follows the current
# dependency of the meta package (linux-image-cloud-amd64,
# linux-image-arm64, linux-image-armmp), so a newer Debian point release
# is picked up automatically.  With PACKAGE (busybox-static, say) that
# package as apt has it for DEBARCH.  An unpacked tree already in
# CACHEDIR is reused.  Concurrent callers serialise on a lock.
set -eu

cache=${1:?usage: fetch-kernel.sh CACHEDIR [DEBARCH [PACKAGE]]}
arch=${2:-amd64}
want=${3:-}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
# apt's name of a package of this architecture.
q=""
[ "$arch" = "$(dpkg --print-architecture)" ] || q=:$arch
case $arch in
amd64) flavour=cloud-amd64 ;;
armhf) flavour=armmp ;;
*) flavour=$arch ;;
esac

# Asks apt which versioned image package the meta package pulls in, or
# the version of PACKAGE (its tree's name).
resolve() {
	if [ -n "$want" ]; then
		v=$(apt-cache policy "$want$q" 2>/dev/null |
		    sed -n 's/^ *Candidate: \([^ (]*\)$/\1/p' | head -n 1)
		[ -n "$v" ] && echo "$want-$(echo "$v" | tr ':' '_')-$arch"
		return 0
	fi
	apt-cache depends "linux-image-$flavour$q" 2>/dev/null |
	    sed -n "s/^ *Depends: \\(linux-image-[0-9][^ :]*-$flavour\\)\\(:$arch\\)*\$/\\1/p" |
	    head -n 1
}

# Uses whatever is already unpacked when apt cannot tell (offline runs).
cached_tree() {
	if [ -n "$want" ]; then
		set -- "$cache/$want"-*-"$arch"
	else
		set -- "$cache"/linux-image-[0-9]*-"$flavour"
	fi
	for d in "$@"; do
		case $d in *-cloud-*) [ "$flavour" = "${flavour#cloud}" ] && continue ;; esac
		[ -f "$d/.complete" ] && { echo "$d"; return 0; }
	done
	return 1
}

# The package apt downloads for a tree's name.
package_of() {
	if [ -n "$want" ]; then
		echo "$want$q"
	else
		echo "$1$q"
	fi
}

fetch() {
	pkg=$(resolve)
	if [ -z "$pkg" ]; then
		apt-get update -qq >/dev/null 2>&1 || true
		pkg=$(resolve)
	fi
	if [ -z "$pkg" ]; then
		cached_tree && return 0
		echo "fetch-kernel.sh: cannot resolve ${want:-linux-image-$flavour}$q" >&2
		return 1
	fi
	dest=$cache/$pkg
	if [ -f "$dest/.complete" ]; then
		echo "$dest"
		return 0
	fi
	dl=$cache/dl.$$
	rm -rf "$dl" "$dest.tmp"
	mkdir -p "$dl"
	# apt drops privileges to _apt for downloads; the cache dir may not be
	# writable by it, so keep the download as the calling user.
	deb=$(package_of "$pkg")
	if ! (cd "$dl" && apt-get download -q -o APT::Sandbox::User=root \
	    "$deb" >/dev/null 2>&1); then
		apt-get update -qq >/dev/null 2>&1 || true
		(cd "$dl" && apt-get download -q -o APT::Sandbox::User=root \
		    "$deb" >/dev/null) || {
			rm -rf "$dl"
			echo "fetch-kernel.sh: apt-get download $pkg failed" >&2
			return 1
		}
	fi
	deb=$(ls "$dl"/*.deb)
	dpkg -x "$deb" "$dest.tmp"
	rm -rf "$dl"
	[ -n "$want" ] || ls "$dest.tmp"/boot/vmlinuz-* >/dev/null
	touch "$dest.tmp/.complete"
	mv "$dest.tmp" "$dest"
	echo "$dest"
}

exec 9>"$cache/.lock"
flock 9
fetch

#!/bin/sh
# fetch-kernel.sh: downloads and unpacks Debian's cloud kernel into a cache dir
# (no install) and prints the path of the unpacked tree.
#
#   tests/boot/fetch-kernel.sh CACHEDIR
#
# The version follows the current dependency of linux-image-cloud-amd64, so
# a newer Debian point release is picked up automatically; an unpacked tree
# already in CACHEDIR is reused.  Concurrent callers serialise on a lock.
set -eu

cache=${1:?usage: fetch-kernel.sh CACHEDIR}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

# Asks apt which versioned image package the meta package pulls in.
resolve() {
	apt-cache depends linux-image-cloud-amd64 2>/dev/null |
	    sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-cloud-amd64\)$/\1/p' |
	    head -n 1
}

# Uses whatever is already unpacked when apt cannot tell (offline runs).
cached_tree() {
	for d in "$cache"/linux-image-*-cloud-amd64; do
		[ -f "$d/.complete" ] && { echo "$d"; return 0; }
	done
	return 1
}

fetch() {
	pkg=$(resolve)
	if [ -z "$pkg" ]; then
		apt-get update -qq >/dev/null 2>&1 || true
		pkg=$(resolve)
	fi
	if [ -z "$pkg" ]; then
		cached_tree && return 0
		echo "fetch-kernel.sh: cannot resolve linux-image-cloud-amd64" >&2
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
	if ! (cd "$dl" && apt-get download -q -o APT::Sandbox::User=root \
	    "$pkg" >/dev/null 2>&1); then
		apt-get update -qq >/dev/null 2>&1 || true
		(cd "$dl" && apt-get download -q -o APT::Sandbox::User=root \
		    "$pkg" >/dev/null) || {
			rm -rf "$dl"
			echo "fetch-kernel.sh: apt-get download $pkg failed" >&2
			return 1
		}
	fi
	deb=$(ls "$dl"/*.deb)
	dpkg -x "$deb" "$dest.tmp"
	rm -rf "$dl"
	ls "$dest.tmp"/boot/vmlinuz-* >/dev/null
	touch "$dest.tmp/.complete"
	mv "$dest.tmp" "$dest"
	echo "$dest"
}

exec 9>"$cache/.lock"
flock 9
fetch

#!/bin/sh
# Installs the Debian packages needed to build bootchart and run its tests.
# Skips what is already present; needs root or sudo only when something is missing.
set -eu

# Build: compiler, pkg-config and the libraries the programs link;
# musl-tools for the small static logger (glibc's is the fallback).
BUILD_PKGS="gcc make pkg-config libc6-dev zlib1g-dev libdeflate-dev libarchive-dev libcairo2-dev
fonts-dejavu-core musl-tools libzstd-dev libgraphviz-dev"
# Tests that make check-fast runs: unit framework, PNG/SVG readback,
# format checkers, archivers, busybox (the boot scripts' shell), grub's
# tools for the boot-entry tests, man page lint, zsh for the zsh
# completion test, Python's jsonschema for the --json schema test,
# systemd's tools for the unit test, fuse3's fusermount3 for the
# user who stalls the logger through a FUSE file system
# (tests/sh/logger_stall.sh), trace-cmd, the oracle of the
# trace.dat reader (tests/sh/trace_decode.sh, trace_pages.sh), and
# Graphviz's dot, which reads back the --wake-graph DOT
# (tests/sh/wakeups_trace.sh), and R (r-base-core), the oracle of the
# statistics of sets of boots (tests/sh/stats_oracle.sh), and sqlite3,
# which loads the sets' JSON Lines (tests/sh/sets_sqlite.sh).
TEST_PKGS="libcmocka-dev libpng-dev librsvg2-dev poppler-utils ghostscript libxml2-utils
tar gzip bzip2 xz-utils libarchive-tools util-linux busybox-static
grub-common mandoc groff-base zsh python3-jsonschema systemd zstd fuse3
trace-cmd graphviz r-base-core sqlite3"
# Only make check's long tests: the qemu boots (an initramfs by cpio, on
# x86-64 and on arm64; the real-distribution boot of tests/distro/: a
# Debian root by mmdebstrap, an ext4 image made and read back without
# mounting) and the fuzz smoke run (clang's libFuzzer).
LONG_PKGS="qemu-system-x86 qemu-system-arm cpio mmdebstrap debian-archive-keyring e2fsprogs clang"
# Optional: the browser that tests/sh/report_html.sh drives headless
# through chromedriver (with Python's standard library).  Without them
# that test skips its browser checks, so a failure here is not fatal.
BROWSER_PKGS="chromium chromium-driver"

# Packages (make check-pkg): the Debian build and its checks (lintian,
# hardening-check from devscripts), rpmbuild, git for a clean tree; the
# boards' packages' build root (scripts/cross-pkg.sh: mmdebstrap, and
# qemu-user-static to run the board's programs).
PKG_PKGS="dpkg-dev debhelper fakeroot lintian devscripts rpm git mmdebstrap debian-archive-keyring qemu-user-static"

want="$BUILD_PKGS"
optional=""
cross=0
case "${1:-all}" in
build) ;;
all|test) want="$BUILD_PKGS $TEST_PKGS $LONG_PKGS"; optional=$BROWSER_PKGS
	cross=1 ;;
fast) want="$BUILD_PKGS $TEST_PKGS"; optional=$BROWSER_PKGS ;;
pkg) want="$BUILD_PKGS $PKG_PKGS" ;;
*) echo "usage: $0 [build|test|all|fast|pkg]" >&2; exit 1 ;;
esac

# not_installed PKG...: those of the packages dpkg does not have.
not_installed() {
	for p in "$@"; do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
			printf ' %s' "$p"
		fi
	done
}
# shellcheck disable=SC2086
missing=$(not_installed $want)
# shellcheck disable=SC2086
missing_opt=$(not_installed $optional)
# make check's cross builds of the logger (tests/sh/cross_builds.sh):
# Debian's cross compilers and multiarch packages, and what
# scripts/cross-deps.sh builds for riscv64; it skips what is there.
cross_deps() {
	[ $cross -eq 1 ] || return 0
	"$(dirname "$0")/cross-deps.sh"
}
if [ -z "$missing$missing_opt" ]; then
	cross_deps
	exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	[ -z "$missing" ] && exit 0
	echo "deps.sh: missing packages:$missing (run as root to install)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
if [ -n "$missing" ]; then
	echo "deps.sh: installing$missing" >&2
	# shellcheck disable=SC2086
	$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
if [ -n "$missing_opt" ]; then
	echo "deps.sh: installing$missing_opt (optional)" >&2
	# shellcheck disable=SC2086
	$SUDO apt-get install -y -qq --no-install-recommends $missing_opt \
	    >/dev/null || echo "deps.sh: could not install$missing_opt;" \
	    "the browser checks of tests/sh/report_html.sh will skip" >&2
fi
cross_deps

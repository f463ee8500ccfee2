#!/bin/sh
# build-root.sh: builds (or finds in the cache) the Debian 12 root of the
# real-distribution boot test and prints the path of its tarball.
#
#   tests/distro/build-root.sh [-f FLAVOUR] [CACHE]
#     FLAVOUR  initramfs-tools (the default) or dracut: the root's
#              initramfs generator
#     CACHE    /var/cache/bootchart/distro by default
#
# The root is made by mmdebstrap from this machine's apt sources
# (sources.sh) with the packages below, customised by customize.sh.  It is
# kept as CACHE/KEY/root.tar.zst, where KEY hashes the package list, the
# sources and the scripts that make it: change any and the next run builds
# a new root (older ones of the same flavour are removed).  Concurrent
# callers serialise on a lock; a root only counts once complete.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
flavour=initramfs-tools
while getopts f: opt; do
	case "$opt" in
	f) flavour=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $flavour in
initramfs-tools|dracut) ;;
*) echo "build-root.sh: unknown flavour $flavour" >&2; exit 2 ;;
esac
cache=${1:-/var/cache/bootchart/distro}

# A small server: systemd with udev and dbus, cron, rsyslog, sshd, the
# serial getty systemd makes for console=ttyS0, Debian's cloud kernel and
# the flavour's initramfs generator (dracut makes a systemd initramfs, as
# on Fedora); grub-common gives /etc/grub.d and grub-mkconfig_lib, so
# install.sh adds its GRUB entry as on an installed system.
PACKAGES="systemd systemd-sysv udev dbus cron rsyslog openssh-server
linux-image-cloud-amd64 $flavour zstd grub-common procps"

mkdir -p "$cache"
work=$(mktemp -d "${TMPDIR:-/tmp}/bc-distro.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$here/sources.sh" >"$work/bookworm.sources"

key=$( {
	echo "$PACKAGES"
	cat "$work/bookworm.sources"
	cat "$here/build-root.sh" "$here/customize.sh" "$here"/guest/*
} | sha256sum | cut -c1-16)
dest=$cache/$key

exec 9>"$cache/.lock"
flock 9
if [ -f "$dest/.complete" ]; then
	echo "$dest/root.tar.zst"
	exit 0
fi

echo "build-root.sh: building the Debian 12 root $key (several minutes)" >&2
rm -rf "$dest"
mkdir -p "$dest"
pkgs=$(echo $PACKAGES | tr ' ' ',')
start=$(date +%s)
if ! mmdebstrap --variant=minbase --include="$pkgs" \
    --customize-hook="$here/customize.sh \"\$1\" $flavour" \
    --aptopt='Acquire::Languages "none"' \
    bookworm "$dest/root.tar.zst" "$work/bookworm.sources" \
    >"$dest/mmdebstrap.log" 2>&1; then
	tail -n 30 "$dest/mmdebstrap.log" >&2
	echo "build-root.sh: mmdebstrap failed (log: $dest/mmdebstrap.log)" >&2
	exit 1
fi
cp "$work/bookworm.sources" "$dest/"
echo $PACKAGES >"$dest/packages"
echo "$flavour" >"$dest/flavour"
echo "$(( $(date +%s) - start ))" >"$dest/build-seconds"
touch "$dest/.complete"
# Only the current root of each flavour is kept (a root from before
# flavours existed is an initramfs-tools one).
for d in "$cache"/*/; do
	d=${d%/}
	f=$(cat "$d/flavour" 2>/dev/null || echo initramfs-tools)
	[ "$d" = "$dest" ] || [ "$f" != "$flavour" ] || rm -rf "$d"
done
echo "build-root.sh: built in $(cat "$dest/build-seconds") s" >&2
echo "$dest/root.tar.zst"

#!/bin/sh
# pkg_cross.sh: the Debian packages cross-built for arm64 and armhf (scripts/cross-pkg.sh, dpkg-buildpackage -a in a build root of their own): their architecture and files, a static musl logger within the budget, and both programs run under qemu-user, the renderer giving this machine's bytes.
#
# Skips an architecture whose build root cannot be made here (not root,
# no binfmt_misc, no apt sources: cross-pkg.sh's exit 3).  The first run
# makes each root (mmdebstrap, a few minutes, cached outside the clone).
. tests/sh/lib/pkg_lib.sh.inc
. tests/sh/lib/logger_size.sh.inc
. tests/sh/lib/cross_render.sh.inc

for t in git dpkg-deb mmdebstrap readelf; do
	if ! command -v "$t" >/dev/null 2>&1; then
		skip "cross-built packages" "no $t (scripts/deps.sh pkg installs it)"
		exit 0
	fi
done
src=$tmp/src
pkg_tree "$src" || { notok "copy of the source tree"; exit 0; }
cache=${CROSS_CACHE:-/var/cache/bootchart/cross}/pkg

# Both architectures build at once: making a root is mostly waiting on
# the mirror and the disk.  Each build's status in $tmp/DEBARCH.rc.
start=$(date +%s)
for a in arm64 armhf; do
	(scripts/cross-pkg.sh "$a" "$src" "$tmp/$a" 2>"$tmp/$a.err"
	echo $? >"$tmp/$a.rc") &
done
wait
echo "# both built in $(($(date +%s) - start)) s"

# one DEBARCH QEMU MACHINE
one() {
	a=$1 q=$2 m=$3 o=$tmp/$1
	rc=$(cat "$tmp/$a.rc")
	if [ "$rc" -eq 3 ]; then
		skip "$a packages" "$(cat "$tmp/$a.err")"
		return
	fi
	if [ "$rc" -ne 0 ]; then
		notok "$a: dpkg-buildpackage -a $a (exit $rc)"
		tail -n 30 "$o/build.log" | sed 's/^/# /'
		return
	fi
	dd=$o/bootchartd_${version}_$a.deb rd=$o/bootchart-render_${version}_$a.deb
	check "$a: bootchartd and bootchart-render packages built" test -f "$dd" -a -f "$rd"
	[ -f "$dd" ] && [ -f "$rd" ] || return
	same "$a: the packages' architecture" \
	    "$(dpkg-deb -f "$dd" Architecture) $(dpkg-deb -f "$rd" Architecture)" "$a $a"
	same "$a: bootchartd's files" "$(deb_files "$dd")" \
	    "$(expected_bootchartd | normalise)"
	same "$a: bootchart-render's files" "$(deb_files "$rd")" \
	    "$(expected_bootchart_render | normalise)"
	x=$o/x
	dpkg-deb -x "$dd" "$x" && dpkg-deb -x "$rd" "$x" ||
	    { notok "$a: dpkg-deb -x"; return; }
	same "$a: ELF machine of both programs" \
	    "$(for f in sbin/bootchartd usr/bin/bootchart-render; do
		readelf -hW "$x/$f" | sed -n 's/^ *Machine: *//p'; done | tr '\n' ' ')" "$m $m "
	if readelf -lW "$x/sbin/bootchartd" | grep -q INTERP; then
		notok "$a: bootchartd statically linked"
	else
		ok "$a: bootchartd statically linked"
	fi
	grep -q 'aarch64-linux-musl-gcc\|arm-linux-musleabihf-gcc' "$o/build.log" &&
	    ok "$a: bootchartd linked by musl's wrapper for $a" ||
	    notok "$a: bootchartd linked by musl's wrapper for $a"
	size=$(stat -c %s "$x/sbin/bootchartd")
	if [ "$size" -le $((LOGGER_MUSL_MAX_KIB * 1024)) ]; then
		ok "$a: packaged bootchartd $size bytes <= $LOGGER_MUSL_MAX_KIB KiB"
	else
		notok "$a: packaged bootchartd $size bytes > $LOGGER_MUSL_MAX_KIB KiB"
	fi
	same "$a: packaged bootchartd runs under qemu-$q" \
	    "$("qemu-$q-static" "$x/sbin/bootchartd" --version 2>&1 | head -n 1)" \
	    "bootchartd $version"
	# The renderer against the build root's libraries, which the
	# Build-Depends pulled in (its Depends line's).
	renders_alike "$a packaged renderer" "qemu-$q-static" "$cache/$a" \
	    "$x/usr/bin/bootchart-render" "$o"
	lintian_clean "$a: lintian: no errors" "$o/bootchart_${version}_$a.changes"
}

one arm64 aarch64 AArch64
one armhf arm ARM

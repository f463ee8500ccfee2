# pkg_deb.sh: dpkg-buildpackage on a clean tree builds bootchartd and bootchart-render; their files, lintian, hardening, and an install and purge on a fake root that leave nothing behind.
. tests/sh/lib/pkg_lib.sh.inc

for t in git dpkg-buildpackage dh dpkg-deb; do
	if ! command -v "$t" >/dev/null 2>&1; then
		skip "Debian packages" "no $t (scripts/deps.sh pkg installs it)"
		exit 0
	fi
done
if [ "$(id -u)" != 0 ]; then
	skip "Debian packages" "dpkg --root needs root"
	exit 0
fi

src=$tmp/b/bootchart-$version
pkg_tree "$src" || { notok "copy of the source tree"; exit 0; }
build_step "dpkg-buildpackage -us -uc -b" "$tmp/build.log" env -C "$src" \
    DEB_BUILD_OPTIONS="parallel=2 ${DEB_BUILD_OPTIONS:-}" \
    dpkg-buildpackage -us -uc -b || exit 0
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
dd=$tmp/b/bootchartd_${version}_$arch.deb
rd=$tmp/b/bootchart-render_${version}_$arch.deb
check "bootchartd and bootchart-render packages built" test -f "$dd" -a -f "$rd"
grep -q '^[0-9]* passed, 0 failed' "$tmp/build.log" &&
	ok "dh_auto_test ran the package's tests" ||
	notok "dh_auto_test ran the package's tests"

same "bootchartd's files" "$(deb_files "$dd")" \
    "$(expected_bootchartd | normalise)"
same "bootchart-render's files" "$(deb_files "$rd")" \
    "$(expected_bootchart_render | normalise)"
check "docs/ left uncompressed in both (cited by their .md names)" sh -c \
    "! (dpkg-deb -c '$dd'; dpkg-deb -c '$rd') | grep -q '/docs/.*\.gz\$' &&
    dpkg-deb -c '$rd' | grep -q ' ./usr/share/doc/bootchart-render/docs/limits.md\$'"
dpkg-deb -e "$dd" "$tmp/ctl"
same "conffiles: the config and the GRUB script" "$(cat "$tmp/ctl/conffiles")" \
    "$(printf '/etc/bootchartd.conf\n/etc/grub.d/42_bootchart')"

dpkg-deb -x "$dd" "$tmp/x"
dpkg-deb -x "$rd" "$tmp/x"
check "packaged bootchartd runs (--version)" "$tmp/x/sbin/bootchartd" --version
check "packaged bootchart-render is stripped" \
    sh -c '! readelf -S "$1" | grep -q "\.symtab"' sh "$tmp/x/usr/bin/bootchart-render"

lintian_clean "lintian: no errors" "$tmp/b/bootchart_${version}_$arch.changes"
# hardening-check reads five protections off the binary.  The other two
# it cannot confirm on bookworm whatever the flags: "stack clash
# protection" needs a function whose frame passes a page (the renderer
# has none) and "control flow integrity" needs the IBT note, which the
# linker drops because glibc's crt1.o and crti.o lack it.  For those two
# the build log shows the flags on every compile of the renderer, and
# the binary shows the endbr64 landing pads -fcf-protection puts at each
# function's entry (docs/packaging.md, Hardening).
if command -v hardening-check >/dev/null 2>&1; then
	hardening-check "$tmp/x/usr/bin/bootchart-render" >"$tmp/hc" 2>&1
	for w in "Position Independent Executable" "Stack protected" \
	    "Fortify Source functions" "Read-only relocations" "Immediate binding"; do
		if grep -q "^ $w: yes" "$tmp/hc"; then
			ok "hardening-check bootchart-render: $w"
		else
			notok "hardening-check bootchart-render: $w"
			sed 's/^/# /' "$tmp/hc"
		fi
	done
else
	skip "hardening-check" "devscripts not installed"
fi
compiles=$(grep -c ' -c renderer/' "$tmp/build.log")
flagged=$(grep ' -c renderer/' "$tmp/build.log" |
    grep -e '-fstack-clash-protection' | grep -c -e '-fcf-protection')
echo "# renderer compiles: $compiles, with both flags: $flagged"
check "every compile of the renderer has -fstack-clash-protection and -fcf-protection" \
    test "$compiles" -gt 0 -a "$compiles" -eq "$flagged"
case $(uname -m) in
x86_64)
	pads=$(objdump -d "$tmp/x/usr/bin/bootchart-render" | grep -c 'endbr64')
	echo "# endbr64 landing pads in bootchart-render: $pads"
	check "bootchart-render has the landing pads of -fcf-protection" test "$pads" -gt 100 ;;
*) skip "landing pads of -fcf-protection" "not x86_64" ;;
esac

# A fake root with an empty dpkg database.  The maintainer scripts run
# without a chroot (DPKG_ROOT set): they leave GRUB to the target.
R=$tmp/root
mkdir -p "$R/var/lib/dpkg/info" "$R/var/lib/dpkg/updates" \
    "$R/var/lib/dpkg/triggers" "$R/boot/grub"
: >"$R/var/lib/dpkg/status"
: >"$R/var/lib/dpkg/available"
echo "# grub.cfg of the fake root" >"$R/boot/grub/grub.cfg"
fake_system "$R"
db='^. [0-9]+ \./var/(lib/dpkg|log)(/|$)'
snapshot "$R" "$db" >"$tmp/before"
D="dpkg --root=$R --force-script-chrootless --force-depends --force-unsafe-io --log=/dev/null"
$D -i "$dd" "$rd" >"$tmp/out" 2>&1
rc=$?
check "dpkg --root -i both packages" test $rc -eq 0
[ $rc -eq 0 ] || sed 's/^/# /' "$tmp/out"
check "postinst leaves update-grub to the fake root, saying so" \
    grep -q 'run update-grub inside' "$tmp/out"
# The documents are checked in the packages above.
got_main=$(installed_files "$R" | grep -v ' /boot/')
want_main=$( (expected_bootchartd; expected_bootchart_render) | grep -v ' DOC/' |
    unitdir /lib/systemd/system | sed 's,^\(.* /usr/share/man/.*\),\1.gz,' | LC_ALL=C sort -k 2)
same "installed files in the fake root" "$got_main" "$want_main"
removes_all "dpkg --root --purge" "$R" "$db" $D --purge bootchartd bootchart-render

# pkg_rpm.sh: rpmbuild -bb bootchart.spec on a clean tree builds bootchartd and bootchart-render RPMs with the files of the Debian packages; an install and erase on a fake root leave nothing behind.
. tests/sh/lib/pkg_lib.sh.inc

for t in git rpmbuild rpm; do
	if ! command -v "$t" >/dev/null 2>&1; then
		skip "RPM packages" "no $t (scripts/deps.sh pkg installs it)"
		exit 0
	fi
done
if [ "$(id -u)" != 0 ]; then
	skip "RPM packages" "rpm --root needs root"
	exit 0
fi

top_dir=$tmp/rpm
mkdir -p "$top_dir/SOURCES"
pkg_tree "$tmp/src/bootchart-$version" &&
    tar -C "$tmp/src" -czf "$top_dir/SOURCES/bootchart-$version.tar.gz" \
    "bootchart-$version" || { notok "source tarball"; exit 0; }
# --nodeps: Fedora's build requirements are not Debian package names.
build_step "rpmbuild -bb bootchart.spec" "$tmp/build.log" rpmbuild -bb \
    --nodeps --define "_topdir $top_dir" --define "_smp_mflags -j2" \
    "$top/bootchart.spec" || exit 0
dr=$(ls "$top_dir"/RPMS/*/bootchartd-"$version"-*.rpm 2>/dev/null | head -n 1)
rr=$(ls "$top_dir"/RPMS/*/bootchart-render-"$version"-*.rpm 2>/dev/null | head -n 1)
check "bootchartd and bootchart-render RPMs built" test -f "$dr" -a -f "$rr"
[ -f "$dr" ] && [ -f "$rr" ] || exit 0

rpm_files() {
	rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$1" 2>/dev/null |
	    normalise
}
same "bootchartd's files (as in the Debian package)" "$(rpm_files "$dr")" \
    "$(expected_bootchartd | normalise)"
same "bootchart-render's files (as in the Debian package)" "$(rpm_files "$rr")" \
    "$(expected_bootchart_render | normalise)"
same "config files: the config and the GRUB script" \
    "$(rpm -qcp "$dr" 2>/dev/null)" \
    "$(printf '/etc/bootchartd.conf\n/etc/grub.d/42_bootchart')"

# A fake root with an empty RPM database.  The scriptlets are not run:
# rpm --root runs them chrooted, and the fake root has no shell (the
# Debian test runs its maintainer scripts).
R=$tmp/root
fake_system "$R"
RPM="rpm --root $R --dbpath /var/lib/rpm"
$RPM --initdb 2>/dev/null
# The package manager's own records aside: its database, and the
# .build-id links it makes and owns (an erase of both packages left an
# empty usr/lib/.build-id/26 once: a directory of the two binaries' links).
db='^. [0-9]+ \./(var/lib/rpm|usr/lib/\.build-id)(/|$)'
snapshot "$R" "$db" >"$tmp/before"
RPM="$RPM --nodeps --noscripts"
# Debian's rpm asks to be told that it installs on purpose.
rpm --help 2>/dev/null | grep -q -- --force-debian && RPM="$RPM --force-debian"
$RPM -i "$dr" "$rr" >"$tmp/out" 2>&1
rc=$?
check "rpm --root -i both packages" test $rc -eq 0
[ $rc -eq 0 ] || sed 's/^/# /' "$tmp/out"
got=$(installed_files "$R")
want=$( (expected_bootchartd; expected_bootchart_render) | grep -v ' DOC/' |
    unitdir /usr/lib/systemd/system | LC_ALL=C sort -k 2)
same "installed files in the fake root" "$got" "$want"
removes_all "rpm --root -e" "$R" "$db" $RPM -e bootchartd bootchart-render

# install_paths.sh: install.sh/uninstall.sh with awkward paths: blanks and backslashes in the root and PREFIX, symlinks in the root resolved inside it (never on the host), stale temporary names, a newline refused, a reinstall under another PREFIX.
. tests/sh/lib/install.inc
# shellcheck disable=SC2046
set -- $(src_args)

# Blanks and a backslash sequence dash's echo would act on.
root="$tmp/my root"
prefix='/opt/b c\cd'
mkdir -p "$root/etc"
snapshot "$root" >"$tmp/orig.snap"
sh "$INSTALL" --root "$root" --prefix "$prefix" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install into '$root' with prefix '$prefix'"
check "renderer in the prefix" cmp -s "$root$prefix/bin/bootchart-render" "$BC_RENDER"
check "man page in the prefix" test -f "$root$prefix/share/man/man8/bootchartd.8"
snapshot "$root" >"$tmp/once.snap"
sh "$INSTALL" --root "$root" --prefix "$prefix" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "second install with those paths"
same_tree "second install changes nothing" "$tmp/once.snap" "$root"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall with those paths"
same_tree "uninstall restores the tree" "$tmp/orig.snap" "$root"

# A reinstall under another PREFIX: uninstall removes both sets.
sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
sh "$INSTALL" --root "$root" --prefix /usr/local --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "reinstall under /usr/local"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall after two prefixes"
same_tree "uninstall removes the files of both installs" "$tmp/orig.snap" "$root"

# A newline in a path cannot be recorded one per line: refused.
rc=0
PREFIX="/opt/a
b" sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1 || rc=$?
check "a newline in PREFIX: exit 1" test $rc -eq 1
same_tree "and nothing written" "$tmp/orig.snap" "$root"

# Merged /usr: relative links inside the root are followed.
root=$tmp/merged
mkdir -p "$root/usr/sbin" "$root/usr/bin" "$root/etc"
ln -s usr/sbin "$root/sbin"
snapshot "$root" >"$tmp/orig.snap"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install into a merged-/usr root"
check "bootchartd lands in /usr/sbin through the /sbin link" \
    cmp -s "$root/usr/sbin/bootchartd" "$BC_LOGGER"
check "the /sbin link stays a link" test -L "$root/sbin"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall from a merged-/usr root"
same_tree "uninstall restores the merged-/usr tree" "$tmp/orig.snap" "$root"

# Absolute links, and .. above the root, mean what they mean inside it
# (as in a chroot): the host's directory they name is never written.
root=$tmp/abs
out=$tmp/outside
mkdir -p "$root/etc" "$root/srv/sysusr" "$root/opt" "$out/bin" "$out/share"
ln -s /srv/sysusr "$root/usr"
ln -s ../../outside/share "$root/opt/share"
snapshot "$out" >"$tmp/out.snap"
snapshot "$root" >"$tmp/orig.snap"
sh "$INSTALL" --root "$root" --prefix /opt --no-bootloader \
    --renderer "$BC_RENDER" --logger "$BC_LOGGER" --conf "$6" >"$tmp/out" 2>&1
rc_is 0 $? "install through absolute and .. links"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >>"$tmp/out" 2>&1
rc_is 0 $? "and again under /usr"
check "/usr/bin goes to /srv/sysusr/bin of the root" \
    cmp -s "$root/srv/sysusr/bin/bootchart-render" "$BC_RENDER"
check "/opt/share goes to /outside/share of the root" \
    test -f "$root/outside/share/man/man8/bootchartd.8"
same_tree "the host directory the links name is untouched" "$tmp/out.snap" "$out"
# Swap the root's /usr for an absolute link to a host copy: uninstall
# resolves it inside the root, where it leads nowhere, and leaves the
# host copy alone.
mv "$root/srv/sysusr" "$out/sysusr"
ln -s "$out/sysusr" "$root/srv/sysusr"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
check "uninstall leaves the host's files behind a swapped link" \
    cmp -s "$out/sysusr/bin/bootchart-render" "$BC_RENDER"
rm -f "$root/srv/sysusr"
mv "$out/sysusr" "$root/srv/sysusr"

# Stale files with the old temporary names, as symlinks to a victim: not
# followed.
root=$tmp/stale
mkdir -p "$root/sbin" "$root/var/lib/bootchart" "$root/etc"
echo victim >"$tmp/victim"
ln -s "$tmp/victim" "$root/sbin/bootchartd.bootchart-tmp"
ln -s "$tmp/victim" "$root/var/lib/bootchart/installed.tmp"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install next to stale temporary-name symlinks"
check "the victim they point to is untouched" \
    test "$(cat "$tmp/victim")" = victim
check "bootchartd is a regular file" \
    test -f "$root/sbin/bootchartd" -a ! -L "$root/sbin/bootchartd"

# install_conflicts.sh: install.sh never replaces a file it did not write (another package's bootchartd, a foreign grub.d script, a symlink, a file changed since): it refuses before writing anything; its own earlier files it replaces; uninstall leaves the others.
. tests/sh/lib/install.inc
# shellcheck disable=SC2046
set -- $(src_args)

root=$tmp/root

# fresh_root: an empty tree with /etc (and /etc/grub.d when $1 is grub).
fresh_root() {
	rm -rf "$root"
	mkdir -p "$root/etc"
	[ "${1:-}" = grub ] && mkdir -p "$root/etc/grub.d"
	return 0
}

# refused WHAT PATH [install.sh options]: install.sh exits 1 naming PATH
# and leaves the tree as it was.
refused() {
	rwhat=$1
	p=$2
	shift 2
	snapshot "$root" >"$tmp/before.snap"
	sh "$INSTALL" --root "$root" "$@" >"$tmp/out" 2>&1
	rc_is 1 $? "$rwhat: install.sh refuses"
	check "$rwhat: the message names $p" grep -qF "$p: " "$tmp/out"
	same_tree "$rwhat: nothing written" "$tmp/before.snap" "$root"
}

# Every file install.sh writes, held by someone else.
for p in /sbin/bootchartd /usr/bin/bootchart-render \
    /usr/share/man/man8/bootchartd.8 /usr/share/man/man1/bootchart-render.1 \
    /usr/share/man/man5/bootchartd.conf.5 /usr/share/doc/bootchart/README \
    /usr/share/doc/bootchart/INSTALL /usr/share/doc/bootchart/README.logger \
    /usr/share/doc/bootchart/bootchart-sample.png \
    /usr/share/bash-completion/completions/bootchart-render \
    /usr/share/bash-completion/completions/bootchartd \
    /usr/share/zsh/vendor-completions/_bootchart-render \
    /usr/share/zsh/vendor-completions/_bootchartd; do
	fresh_root
	mkdir -p "$root${p%/*}"
	printf 'not ours: %s\n' "$p" >"$root$p"
	refused "foreign $p" "$p" --no-bootloader "$@"
done

fresh_root grub
printf '#!/bin/sh\necho "menuentry mine {"\necho "}"\n' >"$root/etc/grub.d/42_bootchart"
refused "foreign /etc/grub.d/42_bootchart" /etc/grub.d/42_bootchart "$@"
snapshot "$root" >"$tmp/orig.snap"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "with --no-bootloader a foreign 42_bootchart is no obstacle"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall succeeds"
same_tree "and leaves the foreign 42_bootchart" "$tmp/orig.snap" "$root"

# A symlink is never ours: not at a program's place, dangling or not.
fresh_root
mkdir -p "$root/sbin" "$root/usr/lib/other"
echo other >"$root/usr/lib/other/bootchartd"
ln -s ../usr/lib/other/bootchartd "$root/sbin/bootchartd"
refused "symlink at /sbin/bootchartd" /sbin/bootchartd --no-bootloader "$@"
fresh_root
mkdir -p "$root/usr/bin"
ln -s /nowhere/bootchart-render "$root/usr/bin/bootchart-render"
refused "dangling symlink at /usr/bin/bootchart-render" \
    /usr/bin/bootchart-render --no-bootloader "$@"
fresh_root
mkdir -p "$root/usr/share/doc/bootchart/README"
refused "directory at a file's place" /usr/share/doc/bootchart/README \
    --no-bootloader "$@"

# A config that is a dangling symlink is an existing config: kept.
fresh_root
ln -s /etc/bootchart/site.conf "$root/etc/bootchartd.conf"
snapshot "$root" >"$tmp/orig.snap"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install with a dangling symlink as config succeeds"
check "the symlink is kept" test -L "$root/etc/bootchartd.conf"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
same_tree "uninstall restores the tree with that symlink" "$tmp/orig.snap" "$root"

# Its own earlier files install.sh replaces; one changed since is no
# longer its own.
fresh_root
sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "first install"
echo "my notes" >>"$root/usr/share/doc/bootchart/README"
refused "README changed since install" /usr/share/doc/bootchart/README \
    --no-bootloader "$@"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "my notes" "$root/usr/share/doc/bootchart/README" &&
    [ ! -e "$root/sbin/bootchartd" ]; then
	ok "uninstall leaves the changed README, removes the rest, exits 1"
else
	notok "uninstall leaves the changed README, removes the rest, exits 1 (rc $rc)"
fi

# A failure midway (here cp failing on one man page) leaves what was
# written recorded: a rerun treats those files as its own, and uninstall
# still restores the tree.
fresh_root
snapshot "$root" >"$tmp/orig.snap"
mkdir -p "$tmp/failbin"
cat >"$tmp/failbin/cp" <<EOC
#!/bin/sh
case "\$*" in
*bootchart-render.1*) exit 1 ;;
esac
exec $(command -v cp) "\$@"
EOC
chmod 755 "$tmp/failbin/cp"
PATH="$tmp/failbin:$PATH" sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 1 $? "install with cp failing midway: exit 1"
check "what it wrote before is recorded" \
    grep -q ' /sbin/bootchartd$' "$root/var/lib/bootchart/installed"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "a rerun completes the install"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall after it"
same_tree "and restores the tree" "$tmp/orig.snap" "$root"

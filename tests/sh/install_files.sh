# install_files.sh: install.sh/uninstall.sh on a fake root without boot loader: files, modes, kept config, idempotence, byte-exact uninstall, make install.
. tests/sh/lib/install.inc
root=$tmp/root
mkdir -p "$root/etc" "$root/usr/share/man/man1"
echo "unrelated page" >"$root/usr/share/man/man1/other.1"
snapshot "$root" >"$tmp/orig.snap"
# shellcheck disable=SC2046
set -- $(src_args)
conf=$6

sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install.sh --root succeeds"

# installed PATH SOURCE MODE
installed() {
	if [ -f "$root$1" ] && cmp -s "$root$1" "$2" &&
	    [ "$(stat -c %a "$root$1")" = "$3" ]; then
		ok "$1 installed, mode $3"
	else
		notok "$1 installed from $2 with mode $3"
	fi
}
installed /sbin/bootchartd "$BC_LOGGER" 755
installed /usr/bin/bootchart-render "$BC_RENDER" 755
installed /etc/bootchartd.conf "$conf" 644
installed /usr/share/man/man8/bootchartd.8 docs/man/bootchartd.8 644
installed /usr/share/man/man1/bootchart-render.1 docs/man/bootchart-render.1 644
installed /usr/share/man/man5/bootchartd.conf.5 docs/man/bootchartd.conf.5 644
installed /usr/share/doc/bootchart/README README 644
installed /usr/share/doc/bootchart/INSTALL INSTALL 644
installed /usr/share/bash-completion/completions/bootchart-render \
    scripts/completion/bash/bootchart-render 644
installed /usr/share/bash-completion/completions/bootchartd \
    scripts/completion/bash/bootchartd 644
installed /usr/share/zsh/vendor-completions/_bootchart-render \
    scripts/completion/zsh/_bootchart-render 644
installed /usr/share/zsh/vendor-completions/_bootchartd \
    scripts/completion/zsh/_bootchartd 644
check "manifest written" test -f "$root/var/lib/bootchart/installed"
# Every document cited as docs/NAME (by the README, README.logger, the
# man pages, --help and the messages in the programs) is installed as
# DOCDIR/docs/NAME (issue 26, item 7).
refs=$( (cat README README.logger docs/man/*.[158]; strings "$BC_RENDER" \
    "$BC_LOGGER") | grep -o 'docs/[a-z][A-Za-z0-9._-]*[A-Za-z0-9]' | sort -u)
missing=""
for r in $refs; do
	[ -f "$root/usr/share/doc/bootchart/$r" ] || missing="$missing $r"
done
echo "# $(echo "$refs" | wc -l) documents cited"
check "every cited docs/NAME is installed under /usr/share/doc/bootchart/ (missing:${missing:- none})" \
    test -z "$missing" -a -n "$refs"
installed /usr/share/doc/bootchart/docs/limits.md docs/limits.md 644
installed /usr/share/doc/bootchart/docs/bootchart.schema.json \
    docs/bootchart.schema.json 644
installed /usr/share/doc/bootchart/docs/sets.schema.json \
    docs/sets.schema.json 644

snapshot "$root" >"$tmp/once.snap"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "second install succeeds"
same_tree "second install changes nothing" "$tmp/once.snap" "$root"

sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall.sh succeeds"
same_tree "uninstall restores the original tree byte for byte" \
    "$tmp/orig.snap" "$root"

# An existing config is never overwritten, and uninstall leaves it.
echo "SAMPLE_PERIOD=0.05 # mine" >"$root/etc/bootchartd.conf"
snapshot "$root" >"$tmp/conf.snap"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >/dev/null 2>&1
check "existing /etc/bootchartd.conf kept by install" \
    grep -q mine "$root/etc/bootchartd.conf"
sh "$UNINSTALL" --root "$root" >/dev/null 2>&1
same_tree "uninstall leaves a config it did not install" "$tmp/conf.snap" "$root"
rm "$root/etc/bootchartd.conf"

# A config install.sh wrote and nobody edited is updated by a reinstall;
# an edited one is kept.
printf 'SAMPLE_PERIOD=0.1\n' >"$tmp/new.conf"
printf 'SAMPLE_PERIOD=0.3\n' >"$tmp/newer.conf"
sh "$INSTALL" --root "$root" --no-bootloader "$@" >/dev/null 2>&1
sh "$INSTALL" --root "$root" --no-bootloader --renderer "$BC_RENDER" \
    --logger "$BC_LOGGER" --conf "$tmp/new.conf" >"$tmp/out" 2>&1
check "reinstall updates an unedited config" cmp -s "$tmp/new.conf" "$root/etc/bootchartd.conf"
echo "# mine" >>"$root/etc/bootchartd.conf"
sh "$INSTALL" --root "$root" --no-bootloader --renderer "$BC_RENDER" \
    --logger "$BC_LOGGER" --conf "$tmp/newer.conf" >"$tmp/out" 2>&1
rc_is 0 $? "reinstall over an edited config succeeds"
check "and keeps the edited config" grep -q "# mine" "$root/etc/bootchartd.conf"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc_is 1 $? "uninstall warns about the edited config"
rm -f "$root/etc/bootchartd.conf"
same_tree "and leaves only it behind" "$tmp/orig.snap" "$root"

# A file changed after install is left in place, with a warning.
sh "$INSTALL" --root "$root" --no-bootloader "$@" >/dev/null 2>&1
echo "PROCESS_ACCOUNTING=yes" >>"$root/etc/bootchartd.conf"
sh "$UNINSTALL" --root "$root" >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q "bootchartd.conf changed" "$tmp/out" &&
    grep -q PROCESS_ACCOUNTING "$root/etc/bootchartd.conf" &&
    [ ! -e "$root/sbin/bootchartd" ]; then
	ok "uninstall keeps a changed config, warns, exits 1"
else
	notok "uninstall keeps a changed config, warns, exits 1 (rc $rc)"
fi
rm -f "$root/etc/bootchartd.conf"

# A missing source fails before anything is written.
rc=0
sh "$INSTALL" --root "$root" --no-bootloader --renderer "$tmp/nope" \
    --logger "$BC_LOGGER" --conf "$conf" >"$tmp/out" 2>&1 || rc=$?
if [ $rc -eq 1 ] && grep -q "$tmp/nope: not found" "$tmp/out"; then
	ok "missing renderer: exit 1 naming the file"
else
	notok "missing renderer: exit 1 naming the file (rc $rc)"
fi
same_tree "missing source writes nothing" "$tmp/orig.snap" "$root"
rc=0
SBINDIR=/usr/sbin sh "$INSTALL" --root "$root" "$@" >"$tmp/out" 2>&1 || rc=$?
check "SBINDIR elsewhere than /sbin with a boot entry: exit 1" test $rc -eq 1
same_tree "and nothing written" "$tmp/orig.snap" "$root"
rc=0
sh "$INSTALL" --root "$root" --bogus >/dev/null 2>&1 || rc=$?
check "unknown option: exit 1" test $rc -eq 1
rc=0
sh "$UNINSTALL" --root "$root" >/dev/null 2>&1 || rc=$?
check "uninstall without a manifest: exit 1" test $rc -eq 1

# Without --debug the programs are installed stripped (the sources are
# left as they are).
sroot=$tmp/stripped
sh "$INSTALL" --root "$sroot" --no-bootloader --renderer "$BC_RENDER" \
    --logger "$BC_LOGGER" --conf "$conf" >"$tmp/out" 2>&1
rc_is 0 $? "install.sh without --debug succeeds"
for p in /sbin/bootchartd /usr/bin/bootchart-render; do
	if readelf -S "$sroot$p" 2>/dev/null | grep -q '\.symtab'; then
		notok "$p installed stripped"
	else
		ok "$p installed stripped (no .symtab)"
	fi
done
check "the built programs are left unstripped" \
    sh -c 'readelf -S "$1" | grep -q "\.symtab"' sh "$BC_RENDER"

# make install/uninstall honour DESTDIR and PREFIX.  Only when the
# in-tree programs are up to date: this test must not start a build.
if [ ! -f scripts/bootchartd.conf ]; then
	skip "make install DESTDIR PREFIX" "scripts/bootchartd.conf not shipped yet (logger branch)"
elif [ -x renderer/bootchart-render ] && [ -x logger/bootchartd ] &&
    make -s -q renderer/bootchart-render logger/bootchartd 2>/dev/null; then
	d=$tmp/destdir
	make -s install DESTDIR="$d" PREFIX=/usr >"$tmp/out" 2>&1
	if [ -x "$d/usr/bin/bootchart-render" ] && [ -x "$d/sbin/bootchartd" ] &&
	    [ -f "$d/usr/share/man/man8/bootchartd.8" ] &&
	    [ -f "$d/usr/share/bash-completion/completions/bootchartd" ] &&
	    [ -f "$d/usr/share/zsh/vendor-completions/_bootchartd" ]; then
		ok "make install DESTDIR=... PREFIX=/usr: /usr/bin, /sbin, man pages, completions"
	else
		notok "make install DESTDIR=... PREFIX=/usr"
		sed 's/^/# /' "$tmp/out"
	fi
	# A staging tree becomes a package: no install.sh state in it.
	check "make install DESTDIR=... writes no manifest or state" \
	    test ! -e "$d/var"
	make -s install DESTDIR="$d" PREFIX=/usr >"$tmp/out" 2>&1
	rc_is 0 $? "make install DESTDIR=... again replaces its files"
	make -s uninstall DESTDIR="$d" >/dev/null 2>&1
	left=$(find "$d" -mindepth 1 | head -n 3)
	check "make uninstall DESTDIR=... removes everything" test -z "$left"
else
	skip "make install DESTDIR PREFIX" "in-tree programs not built or not up to date (run make)"
fi

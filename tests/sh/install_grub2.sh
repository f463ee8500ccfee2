# install_grub2.sh: GRUB 2 boot entry on fake roots: /etc/grub.d script, update-grub/grub-mkconfig stubs, idempotence, uninstall; the script's output passes grub-script-check.
. tests/sh/lib/install.inc
# shellcheck disable=SC2046
set -- $(src_args)

# A Debian-like root: /etc/grub.d, kernels (9 < 10 < 13 only in version
# order), an initrd for the newest, and a grub.cfg.
make_root() {
	mkdir -p "$1/etc/grub.d" "$1/boot/grub"
	printf '#!/bin/sh\nexit 0\n' >"$1/etc/grub.d/10_linux"
	chmod 755 "$1/etc/grub.d/10_linux"
	for v in 6.1.0-9-amd64 6.1.0-10-amd64 6.1.0-13-amd64; do
		echo "kernel $v" >"$1/boot/vmlinuz-$v"
	done
	echo initrd >"$1/boot/initrd.img-6.1.0-13-amd64"
	echo "# grub.cfg as generated before" >"$1/boot/grub/grub.cfg"
}

calls() {
	cat "$1/tmp/calls" 2>/dev/null
}

# Case 1: update-grub present.
r=$tmp/deb
make_root "$r"
if chroot_ready "$r" "GRUB 2 install with update-grub"; then
	stub "$r" /usr/sbin/update-grub </dev/null
	snapshot "$r" >"$tmp/orig.snap"
	sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
	rc_is 0 $? "install with /etc/grub.d succeeds"
	s=$r/etc/grub.d/42_bootchart
	if [ -x "$s" ] && cmp -s "$s" scripts/grub.d/42_bootchart; then
		ok "/etc/grub.d/42_bootchart installed, executable"
	else
		notok "/etc/grub.d/42_bootchart installed, executable"
	fi
	check "update-grub run once" test "$(calls "$r")" = "update-grub "
	snapshot "$r" >"$tmp/once.snap"
	sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
	rc_is 0 $? "second install succeeds"
	same_tree "second install changes no file" "$tmp/once.snap" "$r"
	sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
	rc_is 0 $? "uninstall succeeds"
	check "uninstall runs update-grub after removing the script" \
	    test "$(calls "$r" | wc -l)" -eq 3
	same_tree "uninstall restores the original tree" "$tmp/orig.snap" "$r"
fi

# --files-only installs the script but runs nothing, and says what to run.
r=$tmp/deb-files
make_root "$r"
if chroot_ready "$r" "GRUB 2 install with --files-only"; then
	stub "$r" /usr/sbin/update-grub </dev/null
	sh "$INSTALL" --root "$r" --files-only "$@" >"$tmp/out" 2>&1
	rc_is 0 $? "install --files-only succeeds"
	check "--files-only installs the script" test -x "$r/etc/grub.d/42_bootchart"
	check "--files-only runs no update-grub" test -z "$(calls "$r")"
	check "--files-only names the command to run" \
	    grep -q "now run '/usr/sbin/update-grub'" "$tmp/out"
fi

# Case 2: no update-grub; grub-mkconfig writes the existing grub.cfg.
r=$tmp/mkconfig
make_root "$r"
if chroot_ready "$r" "GRUB 2 install with grub-mkconfig"; then
	stub "$r" /usr/sbin/grub-mkconfig </dev/null
	sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
	rc_is 0 $? "install with grub-mkconfig succeeds"
	check "grub-mkconfig -o /boot/grub/grub.cfg run" \
	    test "$(calls "$r")" = "grub-mkconfig -o /boot/grub/grub.cfg"
fi

# Case 3: neither tool: the user is told what to run.
r=$tmp/bare
make_root "$r"
snapshot "$r" >"$tmp/orig.snap"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install without update-grub succeeds"
check "the user is told to run update-grub" grep -q "run 'update-grub'" "$tmp/out"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
same_tree "uninstall restores the tree without tools" "$tmp/orig.snap" "$r"

# A reinstall with --no-bootloader leaves the entry, so it stays recorded:
# uninstall still removes the script (a left entry would boot into a
# missing /sbin/bootchartd).
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
sh "$INSTALL" --root "$r" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "reinstall with --no-bootloader succeeds"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall after it succeeds"
same_tree "and removes the script the first install wrote" "$tmp/orig.snap" "$r"

# The script's output, run as grub-mkconfig runs it (install.inc).
grub_ready "42_bootchart output" || exit 0
r=$tmp/deb2
make_root "$r"
mkdir -p "$r/etc/default"
printf 'GRUB_CMDLINE_LINUX="console=ttyS0"\nGRUB_CMDLINE_LINUX_DEFAULT="quiet"\n' \
    >"$r/etc/default/grub"
uuid=3e1c9a2b-5d4f-4e0a-9c1b-2f7d8e6a4b10
grub_gen "$r" >"$tmp/entry.cfg"
rc_is 0 $? "42_bootchart runs"
sed 's/^/# /' "$tmp/entry.cfg"
check "output passes grub-script-check" grub-script-check "$tmp/entry.cfg"
# Exact mode's words are the logger's (its kernel-args, tested in
# test_kargs); here: where they go and that EXACT_MODE=no drops them.
: >"$tmp/empty.conf"
exact=$("$BC_LOGGER" kernel-args -c "$tmp/empty.conf")
want=$(printf '%s\n' linux /boot/vmlinuz-6.1.0-13-amd64 "root=UUID=$uuid" ro \
    console=ttyS0 quiet "$exact" init=/sbin/bootchartd)
check "linux line: newest kernel, root UUID, default options, trace words, init" \
    test "$(cfg_words "$tmp/entry.cfg" linux)" = "$want"
nl='
'
case "$nl$exact$nl" in
*"${nl}trace_event=sched:sched_switch,"*"${nl}trace_options=record-tgid,nooverwrite$nl"*"${nl}trace_clock=local$nl"*)
	ok "the trace words: sched_switch, record-tgid and nooverwrite, the local clock" ;;
*) notok "the trace words: sched_switch, record-tgid and nooverwrite, the local clock" ;;
esac
echo "EXACT_MODE=no" >"$tmp/noexact.conf"
grub_gen "$r" BOOTCHART_GRUB_CONF="$tmp/noexact.conf" >"$tmp/entry-noexact.cfg"
want=$(printf '%s\n' linux /boot/vmlinuz-6.1.0-13-amd64 "root=UUID=$uuid" ro \
    console=ttyS0 quiet init=/sbin/bootchartd)
check "EXACT_MODE=no in the config: no trace words" \
    test "$(cfg_words "$tmp/entry-noexact.cfg" linux)" = "$want"
grub_gen "$r" GRUB_CMDLINE_LINUX="console=ttyS0 trace_event=irq:irq_handler_entry trace_buf_size=1M" \
    >"$tmp/entry-user.cfg"
words=$(cfg_words "$tmp/entry-user.cfg" linux)
check "a trace_event= of the user's: one word, the user's event first, ours after" \
    test "$(printf '%s\n' "$words" | grep -c '^trace_event=')" -eq 1
check "  ... irq:irq_handler_entry,sched:sched_switch,..." \
    sh -c 'grep -q "^trace_event=irq:irq_handler_entry,sched:sched_switch,"' <<EOF2
$words
EOF2
check "  ... and the user's trace_buf_size=1M kept, ours not added" \
    test "$(printf '%s\n' "$words" | grep '^trace_buf_size=')" = trace_buf_size=1M
check "initrd line of the newest kernel" \
    test "$(cfg_words "$tmp/entry.cfg" initrd)" = \
    "$(printf '%s\n' initrd /boot/initrd.img-6.1.0-13-amd64)"
check "menu entry titled Bootchart logging" \
    grep -q "^menuentry 'Bootchart logging' " "$tmp/entry.cfg"
check "one menu entry" test "$(grep -c '^menuentry' "$tmp/entry.cfg")" -eq 1

grub_gen "$r" GRUB_DISABLE_LINUX_UUID=true >"$tmp/entry2.cfg"
check "GRUB_DISABLE_LINUX_UUID=true gives root=/dev/sda1" \
    test "$(cfg_words "$tmp/entry2.cfg" linux | sed -n 3p)" = root=/dev/sda1

rm -f "$r"/boot/vmlinuz-*
grub_gen "$r" >"$tmp/entry3.cfg"
rc_is 0 $? "no kernel: 42_bootchart still exits 0"
check "no kernel: no menu entry" test ! -s "$tmp/entry3.cfg"

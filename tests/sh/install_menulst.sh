# install_menulst.sh: legacy GRUB /boot/grub/menu.lst entry on a fake root: the copied default entry, idempotence, byte-exact uninstall.
. tests/sh/lib/install.inc
# shellcheck disable=SC2046
set -- $(src_args)

r=$tmp/legacy
mkdir -p "$r/boot/grub"
m=$r/boot/grub/menu.lst
# A Debian-style menu.lst whose default is the second entry (index 1).
cat >"$m" <<'EOM'
default		1
timeout		5

### BEGIN AUTOMAGIC KERNELS LIST
## ## End Default Options ##

title		Debian GNU/Linux, kernel 2.6.32-5-686
root		(hd0,0)
kernel		/boot/vmlinuz-2.6.32-5-686 root=/dev/sda1 ro quiet
initrd		/boot/initrd.img-2.6.32-5-686

title		Debian GNU/Linux, kernel 2.6.26-2-686
root		(hd0,0)
kernel		/boot/vmlinuz-2.6.26-2-686 root=/dev/sda1 ro quiet
initrd		/boot/initrd.img-2.6.26-2-686

### END DEBIAN AUTOMAGIC KERNELS LIST
EOM
cp "$m" "$tmp/menu.orig"
snapshot "$r" >"$tmp/orig.snap"
# Exact mode's words, as the installed logger gives them for the config
# installed (test_kargs and install_grub2 check what they are).
tw=$("$BC_LOGGER" kernel-args -c scripts/bootchartd.conf | grep '^trace_' |
    tr '\n' ' ' | sed 's/ $//')

sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install with menu.lst succeeds"
cat "$tmp/menu.orig" - >"$tmp/menu.want" <<'EOM'

### BEGIN bootchart entry (added by install.sh, removed by uninstall.sh)
title Bootchart logging
root		(hd0,0)
kernel		/boot/vmlinuz-2.6.26-2-686 root=/dev/sda1 ro quiet init=/sbin/bootchartd TRACE
initrd		/boot/initrd.img-2.6.26-2-686
### END bootchart entry
EOM
sed -i "s/ TRACE\$/ $tw/" "$tmp/menu.want"
if cmp -s "$m" "$tmp/menu.want"; then
	ok "menu.lst gains a copy of default entry 1 titled Bootchart logging"
else
	notok "menu.lst gains a copy of default entry 1"
	diff "$tmp/menu.want" "$m" | sed 's/^/# /'
fi

snapshot "$r" >"$tmp/once.snap"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
rc_is 0 $? "second install succeeds"
same_tree "second install adds nothing" "$tmp/once.snap" "$r"

sh "$UNINSTALL" --root "$r" --no-bootloader >"$tmp/out" 2>&1
rc_is 1 $? "uninstall --no-bootloader refuses while the entry exists"
same_tree "and removes nothing" "$tmp/once.snap" "$r"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall succeeds"
check "menu.lst restored byte for byte" cmp -s "$m" "$tmp/menu.orig"
same_tree "uninstall restores the original tree" "$tmp/orig.snap" "$r"

# No final newline, "default 0" implied: the first entry is copied, and
# uninstall still gives back the exact bytes.
printf 'timeout 3\ntitle Linux\n\tkernel /vmlinuz root=/dev/hda2\n\tinitrd /initrd.img' >"$m"
cp "$m" "$tmp/menu.orig"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install into a menu.lst without final newline"
check "its kernel line gets init=" \
    grep -qxF "	kernel /vmlinuz root=/dev/hda2 init=/sbin/bootchartd $tw" "$m"
check "the original last line stays intact" \
    grep -qxF "	initrd /initrd.img" "$m"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
check "uninstall restores it byte for byte" cmp -s "$m" "$tmp/menu.orig"

# Edited after install: the marked block goes, the user's edit stays.
printf 'default 0\ntitle A\nkernel /a\n' >"$m"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
printf 'title Mine\nkernel /mine\n' >>"$m"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
printf 'default 0\ntitle A\nkernel /a\ntitle Mine\nkernel /mine\n' >"$tmp/menu.want"
if cmp -s "$m" "$tmp/menu.want"; then
	ok "uninstall after a later edit removes only the marked entry"
else
	notok "uninstall after a later edit removes only the marked entry"
	diff "$tmp/menu.want" "$m" | sed 's/^/# /'
fi

# Arguments after "--" go to init, not the kernel: init= goes before.
printf 'title A\nkernel /a ro -- single\n' >"$m"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
check "init= goes before a -- on the kernel line" \
    grep -qxF "kernel /a ro init=/sbin/bootchartd $tw -- single" "$m"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1

# The line's own trace_event= (before the "--") is merged into ours, not
# repeated: a second one would replace the first on 6.1 kernels.
printf 'title A\nkernel /a trace_event=irq:irq_handler_entry ro -- trace_event=x\n' >"$m"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
k=$(grep '^kernel' "$m" | tail -n 1)
check "a trace_event= of the line's: one word, its event first" \
    test "$(printf '%s\n' "$k" | grep -o ' trace_event=irq:irq_handler_entry,sched:sched_switch,' | wc -l)" -eq 1
check "  ... the words after -- left to init" \
    test "${k##* -- }" = "trace_event=x"
check "  ... no other trace_event= before the --" \
    test "$(printf '%s\n' "${k% -- *}" | grep -o 'trace_event=' | wc -l)" -eq 1
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1

# menu.lst as an absolute symlink (Fedora's menu.lst -> grub.conf): the
# file it names inside the root is edited, and restored byte for byte.
rm -f "$m"
ln -s /boot/grub/bc-test-grub.conf "$m"
printf 'default 0\ntitle A\nkernel /a\n' >"$r/boot/grub/bc-test-grub.conf"
snapshot "$r" >"$tmp/orig.snap"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install with menu.lst an absolute symlink"
check "the linked file inside the root gets the entry" \
    grep -qxF "kernel /a init=/sbin/bootchartd $tw" "$r/boot/grub/bc-test-grub.conf"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall"
same_tree "uninstall restores it and the link" "$tmp/orig.snap" "$r"

# No boot loader at all: the user is told what to add.
r=$tmp/none
mkdir -p "$r"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install without any boot loader succeeds"
check "the user is told to add init=/sbin/bootchartd by hand" \
    grep -q "add init=/sbin/bootchartd to the kernel command line by hand" "$tmp/out"

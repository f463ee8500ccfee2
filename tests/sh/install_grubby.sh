# install_grubby.sh: boot entry through grubby (a stub recording its arguments) on a fake Fedora root: arguments, idempotence, uninstall.
. tests/sh/lib/install.inc
# shellcheck disable=SC2046
set -- $(src_args)

r=$tmp/fedora
mkdir -p "$r/etc/grub.d" "$r/boot/loader/entries"
chroot_ready "$r" "grubby boot entry" || exit 0

# The stub answers like grubby for one default kernel and keeps the
# titles of added entries in /boot/loader/entries/added, so --info=ALL
# shows them and --remove-kernel takes them away.
stub "$r" /usr/sbin/grubby <<'EOS'
list=/boot/loader/entries/added
info_default() {
	echo 'index=0'
	echo 'kernel="/boot/vmlinuz-6.5.6-300.fc39.x86_64"'
	echo 'args="ro rhgb quiet"'
	echo 'root="UUID=5b1f0c2e-7a4d-4c8e-9f3a-1d2e3f4a5b6c"'
	echo 'initrd="/boot/initramfs-6.5.6-300.fc39.x86_64.img"'
	echo 'title="Fedora Linux (6.5.6-300.fc39.x86_64) 39"'
}
for a in "$@"; do
	case "$a" in
	--default-kernel) echo /boot/vmlinuz-6.5.6-300.fc39.x86_64 ;;
	--info=DEFAULT) info_default ;;
	--info=ALL) info_default
		i=1
		while read -r t; do
			echo "index=$i"
			echo "title=\"$t\""
			i=$((i + 1))
		done <"$list" ;;
	--title=*) echo "${a#--title=}" >>"$list" ;;
	--remove-kernel=TITLE=*)
		t=${a#--remove-kernel=TITLE=}
		grep -vxF "$t" "$list" >/tmp/list; cat /tmp/list >"$list" ;;
	esac
done
exit 0
EOS
: >"$r/boot/loader/entries/added"
snapshot "$r" >"$tmp/orig.snap"

sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install with grubby succeeds"
add=$(grep -- '--add-kernel' "$r/tmp/calls")
# Exact mode's words as the logger gives them for the default entry's
# arguments (test_kargs and install_grub2 check what they are).
tw=$("$BC_LOGGER" kernel-args -c scripts/bootchartd.conf -- ro rhgb quiet |
    grep '^trace_' | tr '\n' ' ' | sed 's/ $//')
want="grubby --add-kernel=/boot/vmlinuz-6.5.6-300.fc39.x86_64 --copy-default --title=Bootchart logging --args=init=/sbin/bootchartd $tw --initrd=/boot/initramfs-6.5.6-300.fc39.x86_64.img"
if [ "$add" = "$want" ]; then
	ok "grubby --add-kernel with the default kernel, its initrd, title and init"
else
	notok "grubby --add-kernel arguments"
	echo "# got:  $add"
	echo "# want: $want"
fi
check "grubby chosen over /etc/grub.d" test ! -e "$r/etc/grub.d/42_bootchart"

snapshot "$r" >"$tmp/once.snap"
sh "$INSTALL" --root "$r" "$@" >"$tmp/out" 2>&1
rc_is 0 $? "second install succeeds"
check "second install adds no second entry" \
    test "$(grep -c -- '--add-kernel' "$r/tmp/calls")" -eq 1
same_tree "second install changes nothing" "$tmp/once.snap" "$r"

sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall succeeds"
check "uninstall calls grubby --remove-kernel=TITLE=Bootchart logging" \
    grep -qxF "grubby --remove-kernel=TITLE=Bootchart logging" "$r/tmp/calls"
same_tree "uninstall restores the original tree" "$tmp/orig.snap" "$r"

# --no-bootloader never calls grubby.
: >"$r/tmp/calls"
sh "$INSTALL" --root "$r" --no-bootloader "$@" >"$tmp/out" 2>&1
check "--no-bootloader runs no grubby" test ! -s "$r/tmp/calls"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall after --no-bootloader succeeds"
check "uninstall after --no-bootloader runs no grubby" test ! -s "$r/tmp/calls"
same_tree "and restores the tree" "$tmp/orig.snap" "$r"

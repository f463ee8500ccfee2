# install_initramfs.sh: install.sh --initramfs on fake roots with initramfs-tools or dracut (stub generators): hooks installed and recorded, image rebuilt, kept on reinstall, removed and rebuilt on uninstall; the start scripts run bootchartd init only for init=/sbin/bootchartd.
. tests/sh/lib/install.inc
# shellcheck disable=SC2046
set -- $(src_args)

# --- initramfs-tools ---------------------------------------------------
r=$tmp/debian
mkdir -p "$r/etc/initramfs-tools/scripts" "$r/usr/share/initramfs-tools"
chroot_ready "$r" "initramfs hooks" || exit 0
# The stub notes whether our hook is in place when it runs.
stub "$r" /usr/sbin/update-initramfs <<'EOS'
[ -e /etc/initramfs-tools/hooks/bootchart ] && echo "  with hook" >>/tmp/calls
exit 0
EOS
snapshot "$r" >"$tmp/orig.snap"
hook=/etc/initramfs-tools/hooks/bootchart
top_script=/etc/initramfs-tools/scripts/init-top/bootchart

sh "$INSTALL" --root "$r" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install without --initramfs succeeds"
check "no hooks without --initramfs" test ! -e "$r$hook"
check "no initramfs rebuild without --initramfs" test ! -e "$r/tmp/calls"

sh "$INSTALL" --root "$r" --no-bootloader --initramfs "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install --initramfs succeeds"
for f in "$hook" "$top_script"; do
	check "$f installed, mode 755" \
	    sh -c "[ \"\$(stat -c %a '$r$f')\" = 755 ]"
	check "$f recorded" grep -q " $f\$" "$r/var/lib/bootchart/installed"
done
check "manifest records the initramfs-tools hooks" \
    grep -qx 'i initramfs-tools' "$r/var/lib/bootchart/installed"
check "update-initramfs -u -k all ran with the hook in place" \
    sh -c "printf 'update-initramfs -u -k all\n  with hook\n' | cmp -s - '$r/tmp/calls'"

: >"$r/tmp/calls"
sh "$INSTALL" --root "$r" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "reinstall without --initramfs succeeds"
check "reinstall keeps the hooks and rebuilds the initramfs" sh -c \
    "[ -e '$r$hook' ] && grep -qx 'i initramfs-tools' '$r/var/lib/bootchart/installed' &&
     grep -q '^update-initramfs -u -k all' '$r/tmp/calls'"

: >"$r/tmp/calls"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall succeeds"
check "uninstall rebuilt the initramfs after removing the hook" \
    sh -c "printf 'update-initramfs -u -k all\n' | cmp -s - '$r/tmp/calls'"
rm -f "$r/tmp/calls"
same_tree "uninstall restores the tree" "$tmp/orig.snap" "$r"

sh "$INSTALL" --root "$r" --no-bootloader --initramfs --files-only "$@" \
    >"$tmp/out" 2>&1
rc_is 0 $? "install --initramfs --files-only succeeds"
check "--files-only runs no update-initramfs" test ! -e "$r/tmp/calls"
check "--files-only says to run update-initramfs" \
    grep -q "now run 'update-initramfs -u -k all'" "$tmp/out"
sh "$UNINSTALL" --root "$r" --files-only >"$tmp/out" 2>&1

# The init-top script, run in the root with a stub bootchartd: it starts
# the logger only when the last init= is /sbin/bootchartd, and never
# fails the boot.
mkdir -p "$r/proc" "$r/sbin" "$r/etc/initramfs-tools/scripts/init-top"
ln -sf busybox "$r/bin/cat"
cp scripts/initramfs-tools/scripts/init-top/bootchart "$r$top_script"
stub "$r" /sbin/bootchartd <<'EOS'
exit 3
EOS
# start CMDLINE: runs the script; prints its status and the stub's calls.
start() {
	echo "$1" >"$r/proc/cmdline"
	rm -f "$r/tmp/calls"
	chroot "$r" /bin/sh "$top_script" >/dev/null 2>&1
	echo "$? $(cat "$r/tmp/calls" 2>/dev/null)"
}
check "init-top: init=/sbin/bootchartd starts bootchartd init" \
    [ "$(start 'root=/dev/vda ro init=/sbin/bootchartd quiet')" = "0 bootchartd init" ]
check "init-top: a later init= wins" \
    [ "$(start 'init=/sbin/bootchartd init=/sbin/init')" = "0 " ]
check "init-top: no init= starts nothing" [ "$(start 'root=/dev/vda ro')" = "0 " ]
check "init-top: prereqs lists none" \
    [ "$(chroot "$r" /bin/sh "$top_script" prereqs)" = "" ]

# --- dracut ------------------------------------------------------------
r=$tmp/dracut
mkdir -p "$r/usr/lib/dracut/modules.d" "$r/etc/dracut.conf.d"
chroot_ready "$r" "dracut module" || exit 0
stub "$r" /usr/bin/dracut <<'EOS'
exit 0
EOS
snapshot "$r" >"$tmp/orig.snap"
sh "$INSTALL" --root "$r" --no-bootloader --initramfs "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install --initramfs with dracut succeeds"
m=/usr/lib/dracut/modules.d/90bootchart
check "dracut module installed" sh -c \
    "[ -x '$r$m/module-setup.sh' ] && [ -x '$r$m/bootchart-start.sh' ] &&
     grep -q 'add_dracutmodules+=\" bootchart \"' '$r/etc/dracut.conf.d/bootchart.conf'"
check "dracut --regenerate-all --force ran" \
    grep -qx 'dracut --regenerate-all --force' "$r/tmp/calls"
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall with dracut succeeds"
rm -f "$r/tmp/calls"
same_tree "dracut uninstall restores the tree" "$tmp/orig.snap" "$r"

# The dracut hook with a stand-in dracut-lib (getarg, warn).
mkdir -p "$r/lib" "$r/sbin"
ln -sf busybox "$r/bin/cat"
cat >"$r/lib/dracut-lib.sh" <<'EOS'
getarg() { v=""; for a in $(cat /proc/cmdline); do case "$a" in "$1"*) v=${a#"$1"} ;; esac; done; echo "$v"; }
warn() { echo "warn $*" >>/tmp/calls; }
EOS
mkdir -p "$r/proc"
cp scripts/dracut/90bootchart/bootchart-start.sh "$r/hook.sh"
stub "$r" /sbin/bootchartd <<'EOS'
exit 3
EOS
echo "root=/dev/vda init=/sbin/bootchartd" >"$r/proc/cmdline"
rm -f "$r/tmp/calls"
chroot "$r" /bin/sh -c '. /hook.sh' >/dev/null 2>&1
check "dracut hook: starts bootchartd init, warns when it fails" sh -c \
    "printf 'bootchartd init\nwarn bootchart: logging from the initramfs did not start\n' | cmp -s - '$r/tmp/calls'"
echo "root=/dev/vda" >"$r/proc/cmdline"
rm -f "$r/tmp/calls"
chroot "$r" /bin/sh -c '. /hook.sh' >/dev/null 2>&1
check "dracut hook: nothing without init=/sbin/bootchartd" test ! -e "$r/tmp/calls"

# --- neither -----------------------------------------------------------
r=$tmp/bare
mkdir -p "$r"
sh "$INSTALL" --root "$r" --no-bootloader --initramfs "$@" >"$tmp/out" 2>&1
rc_is 1 $? "--initramfs without a generator: exit 1"
check "--initramfs without a generator: says so" \
    grep -q 'no update-initramfs or dracut' "$tmp/out"
check "--initramfs without a generator: no hooks" \
    test ! -e "$r/etc/initramfs-tools/hooks/bootchart"

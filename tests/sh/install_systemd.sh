# install_systemd.sh: install.sh on a fake root with systemd's /etc/systemd/system: bootchartd-done.service, bootchartd-series.service and the drop-ins that make multi-user.target want them are installed and recorded, removed by uninstall; a root without systemd gets none.
. tests/sh/lib/install.inc
# shellcheck disable=SC2046
set -- $(src_args)
unit=/etc/systemd/system/bootchartd-done.service
dropin=/etc/systemd/system/multi-user.target.d/bootchartd-done.conf
sunit=/etc/systemd/system/bootchartd-series.service
sdropin=/etc/systemd/system/multi-user.target.d/bootchartd-series.conf

r=$tmp/systemd
mkdir -p "$r/etc/systemd/system"
snapshot "$r" >"$tmp/orig.snap"
sh "$INSTALL" --root "$r" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install on a systemd root succeeds"
for f in "$unit" "$dropin" "$sunit" "$sdropin"; do
	check "$f installed, mode 644" \
	    sh -c "[ \"\$(stat -c %a '$r$f')\" = 644 ]"
	check "$f recorded" grep -q " $f\$" "$r/var/lib/bootchart/installed"
done
check "the unit writes the file bootchartd waits for, once start-up finished" \
    grep -qx "ExecStart=/bin/sh -c 'systemctl is-system-running --wait >/dev/null 2>&1; : >/run/bootchartd.done'" "$r$unit"
# Type=oneshot would keep its start job in systemd's queue, and start-up
# (an empty queue) would wait for the unit that waits for start-up.
check "the unit's start job ends at once (Type=simple)" \
    grep -qx 'Type=simple' "$r$unit"
check "the unit runs only when bootchartd logs" sh -c \
    "grep -qx 'ConditionKernelCommandLine=|init=/sbin/bootchartd' '$r$unit' &&
     grep -qx 'ConditionPathExists=|/run/bootchartd.pid' '$r$unit'"
# A target is ordered after what it wants, unless that says
# DefaultDependencies=no: with After=default.target that is a cycle, and
# systemd drops the unit to break it (seen in the first distro boot).
check "after default.target, without the target's implicit ordering (no cycle)" \
    sh -c "grep -qx 'After=default.target' '$r$unit' &&
    grep -qx 'DefaultDependencies=no' '$r$unit'"
check "multi-user.target wants the unit" \
    grep -qx 'Wants=bootchartd-done.service' "$r$dropin"
if command -v systemd-analyze >/dev/null 2>&1; then
	check "systemd-analyze verify finds nothing to say of the unit" \
	    sh -c "[ -z \"\$(systemd-analyze verify --man=no '$r$unit' 2>&1)\" ]"
fi
# The series' step: idle unless armed, never holding start-up up (it
# waits minutes for the boot's log, which waits for start-up's end).
check "the series' unit runs only when a series is armed" \
    grep -qx 'ConditionPathExists=/var/lib/bootchart/series' "$r$sunit"
check "the series' unit runs the step, its start job ends at once" sh -c \
    "grep -qx 'ExecStart=/sbin/bootchartd series step' '$r$sunit' &&
    grep -qx 'Type=simple' '$r$sunit' &&
    grep -qx 'DefaultDependencies=no' '$r$sunit'"
check "multi-user.target wants the series' unit" \
    grep -qx 'Wants=bootchartd-series.service' "$r$sdropin"
if command -v systemd-analyze >/dev/null 2>&1; then
	# Only that /sbin/bootchartd is not on this machine may be said.
	check "systemd-analyze verify finds nothing else to say of the series' unit" \
	    sh -c "[ -z \"\$(systemd-analyze verify --man=no '$r$sunit' 2>&1 |
	    grep -v 'Command /sbin/bootchartd is not executable')\" ]"
fi
sh "$UNINSTALL" --root "$r" >"$tmp/out" 2>&1
rc_is 0 $? "uninstall succeeds"
same_tree "uninstall removes the unit and the drop-in (tree as before)" \
    "$tmp/orig.snap" "$r"

r=$tmp/nosystemd
mkdir -p "$r/etc"
sh "$INSTALL" --root "$r" --no-bootloader "$@" >"$tmp/out" 2>&1
rc_is 0 $? "install on a root without systemd succeeds"
check "no unit without /etc/systemd/system" test ! -e "$r/etc/systemd"

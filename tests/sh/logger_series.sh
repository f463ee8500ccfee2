#!/bin/sh
# logger_series.sh: `bootchartd series` on a fake machine (its /proc's boot id and command line, its config, its kept logs, a reboot command that writes a line): armed from one boot, which is not counted; each later boot with its kept log counted and rebooted; the last one ends the series; a boot without a log, the boot menu's bootchart.series=off and `series cancel` (also during the delay) stop it; nothing arms it again; bounds and a damaged state.
set -u
. tests/sh/lib/tap.sh.inc
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac

m=$T/m
mkdir -p "$m/proc/sys/kernel/random" "$m/log/bootchart"
printf 'BOOTLOG_DEST=%s/log/bootchart.tgz\nKEEP_BOOTS=5\n' "$m" >"$m/conf"
echo "root=/dev/sda ro quiet" >"$m/proc/cmdline"

# boot ID: this fake machine now runs boot ID (a uuid); log: it kept one.
boot() {
	echo "$1-1111-2222-3333-444455556666" >"$m/proc/sys/kernel/random/boot_id"
}
log() {
	: >"$m/log/bootchart/20261202-1700$2-$1.tgz"
}
# series ARGS...: the command on the fake machine; its output in $out,
# its status in $rc, the reboots it ran in $m/reboots.
series() {
	out=$("$L" series "$@" -c "$m/conf" --state "$m/state" --proc "$m/proc" \
	    --reboot "echo reboot >>'$m/reboots'" --wait 1 --delay "${DELAY:-0}" \
	    2>&1)
	rc=$?
}
reboots() {
	[ -f "$m/reboots" ] && wc -l <"$m/reboots" | tr -d ' ' || echo 0
}

boot a0000001
series 7
check "more boots than KEEP_BOOTS keeps: refused (1)" [ $rc -eq 1 ]
check "... saying why" sh -c 'printf "%s" "$1" | grep -q "KEEP_BOOTS=5"' sh "$out"
series 0
check "0 boots: refused (1)" [ $rc -eq 1 ]
series 101
check "101 boots: refused (1)" [ $rc -eq 1 ]
check "nothing armed by a refused series" test ! -e "$m/state"
series 3
check "3 boots: armed (0)" [ $rc -eq 0 ]
check "the state says 3 to log, 0 logged, the arming boot" sh -c \
    "grep -qx total=3 '$m/state' && grep -qx done=0 '$m/state' &&
    grep -qx 'last_boot=a0000001-1111-2222-3333-444455556666' '$m/state'"
series 2
check "a second series while one is armed: refused (1)" [ $rc -eq 1 ]
series step
check "a step in the arming boot counts nothing, reboots nothing" \
    sh -c "[ $rc -eq 0 ] && [ $(reboots) -eq 0 ] && grep -qx done=0 '$m/state'"

boot b0000002
log b0000002 01
series step
check "the next boot's log counted, then a reboot" \
    sh -c "[ $rc -eq 0 ] && [ $(reboots) -eq 1 ] && grep -qx done=1 '$m/state'"
series step
check "the same boot's step again: nothing more" \
    sh -c "[ $rc -eq 0 ] && [ $(reboots) -eq 1 ] && grep -qx done=1 '$m/state'"
series status
check "status: 1 of 3" sh -c 'printf "%s" "$1" | grep -q "1 of 3 boots logged"' sh "$out"

boot c0000003
log c0000003 02
series step
boot d0000004
log d0000004 03
series step
check "the third log ends the series: no reboot, the state removed" \
    sh -c "[ $rc -eq 0 ] && [ $(reboots) -eq 2 ] && [ ! -e '$m/state' ]"
check "... saying so" sh -c 'printf "%s" "$1" | grep -q "done: 3 boots"' sh "$out"
boot e0000005
log e0000005 04
series step
check "after the end a step does nothing (nothing arms it again)" \
    sh -c "[ $rc -eq 0 ] && [ $(reboots) -eq 2 ] && [ ! -e '$m/state' ]"

# A boot that left no log stops the series at once.
boot f0000006
series 2
boot f0000007
series step
check "a boot without its log stops the series (2), no reboot" \
    sh -c "[ $rc -eq 2 ] && [ $(reboots) -eq 2 ] && [ ! -e '$m/state' ]"

# The boot menu's word stops it, even with a log.
boot f0000008
series 2
boot f0000009
log f0000009 05
echo "root=/dev/sda ro quiet bootchart.series=off" >"$m/proc/cmdline"
series step
check "bootchart.series=off on the kernel's command line stops it, no reboot" \
    sh -c "[ $rc -eq 0 ] && [ $(reboots) -eq 2 ] && [ ! -e '$m/state' ]"
echo "root=/dev/sda ro quiet" >"$m/proc/cmdline"

# Cancelled from the console during the delay before the reboot.
boot f000000a
series 2
boot f000000b
log f000000b 06
(sleep 1; "$L" series cancel --state "$m/state" >/dev/null 2>&1) &
DELAY=5 series step
wait
check "series cancel during the delay: no reboot" \
    sh -c "[ $rc -eq 0 ] && [ $(reboots) -eq 2 ] && [ ! -e '$m/state' ]"
series cancel
check "cancel with none armed: 0, says so" \
    sh -c 'printf "%s" "$1" | grep -q "none armed"' sh "$out"

# A damaged state is removed rather than obeyed.
printf 'total=banana\n' >"$m/state"
series step
check "a damaged state: removed (2), no reboot" \
    sh -c "[ $rc -eq 2 ] && [ $(reboots) -eq 2 ] && [ ! -e '$m/state' ]"

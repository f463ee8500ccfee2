#!/bin/sh
# logger_init.sh: bootchartd as PID 1 (unshare --pid --fork --mount-proc)
# with a scripted fake boot: init runs as PID 1, the boot's processes
# appear in the rendered tree under the right parents, the tarball
# lands at BOOTLOG_DEST; a bad config, an unwritable destination and a
# tiny TMPFS_SIZE still end with init running; a config that is a FIFO
# does not hold PID 1.  (The delay from bootchartd's start to init's
# exec is measured by make bench.)
set -u
T=${BC_TMP:?}
case $BC_BUILD in /*) B=$BC_BUILD ;; *) B=$(pwd)/$BC_BUILD ;; esac
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
probe=$B/tests/tools/init_probe

if ! unshare --pid --fork --mount-proc true 2>/dev/null; then
	echo "ok - init mode # SKIP unshare --pid not permitted"
	exit 0
fi
mkdir -p "$T/bin" "$T/sbin"
cp /bin/sleep "$T/bin/agetty"
cp /bin/sleep "$T/bin/fsck-fake"
cp /bin/sleep "$T/bin/udevd-fake"
cp /bin/sleep "$T/bin/long-greeter-name-here"

# The fake boot: an rc script with two children, then a getty.  It
# waits until bootchartd reports the end (the logger dies with PID 1).
printf '#!/bin/sh\n%s/bin/fsck-fake 0.4\n%s/bin/udevd-fake 0.6 &\nsleep 0.3\nwait\n' \
    "$T" "$T" >"$T/bin/rcS"
cat >"$T/sbin/init" <<'EOS'
#!/bin/sh
echo "pid=$$ args=$*" >"$CASE/init.ran"
"$TB/rcS"
"$TB/$GETTY" 30 &
i=0
while ! grep -qE 'wrote|cannot write|nothing written|not logging' \
    "$CASE/kmsg" 2>/dev/null && [ $i -lt 300 ]; do
	sleep 0.05; i=$((i + 1))
done
echo "end" >>"$CASE/init.ran"
EOS
# Configs name this as INIT where another source must win; it can never
# fall through to the host's own /sbin/init.
printf '#!/bin/sh\necho "pid=$$ wrong-init" >"$CASE/init.ran"\n' >"$T/sbin/wrong-init"
chmod +x "$T/bin/rcS" "$T/sbin/init" "$T/sbin/wrong-init"

# boot NAME GETTY [BOOTCHART_INIT]: one fake boot with $T/NAME/conf;
# inside the namespace /var/log is $T/NAME/varlog, and $T/NAME/ro (if
# any) is read-only.  Should the logger fall back to /sbin/init, that is
# our fake init too inside the namespace, never the host's (which, as
# systemd, once wiped the shared /tmp).  $BOOT_LIMIT: seconds before
# everything is killed (60); $BINDS: "DIR:MOUNTPOINT ..." bound inside.
boot() {
	CASE=$T/$1
	mkdir -p "$CASE/varlog"
	: >"$CASE/kmsg"
	bootchart_init=${3:-} BINDS=${BINDS:-} \
	CASE=$CASE TB=$T/bin GETTY=$2 PROBE_OUT=$CASE/exec_us \
	    PROBE_EXEC=$T/sbin/init BOOTCHARTD_CONFIG=$CASE/conf \
	    BOOTCHARTD_KMSG=$CASE/kmsg BOOTCHARTD_CMDLINE=$CASE/cmdline \
	    FAKE_INIT=$T/sbin/init \
	    timeout -s KILL "${BOOT_LIMIT:-60}" unshare --pid --fork --kill-child \
	    --mount-proc sh -c '
		if [ -e /sbin/init ]; then
			mount --bind "$FAKE_INIT" /sbin/init || exit 97
		fi
		mount --bind "$CASE/varlog" /var/log || exit 99
		for b in $BINDS; do
			mount --bind "${b%%:*}" "${b#*:}" || exit 96
		done
		if [ -d "$CASE/ro" ]; then
			mount --bind "$CASE/ro" "$CASE/ro" &&
			mount -o remount,ro,bind "$CASE/ro" || exit 98
		fi
		exec "$0" single' "$L" >"$CASE/out.txt" 2>&1
	echo $? >"$CASE/rc"
}

. "$(dirname "$0")/lib/logger_lib.sh.inc"

# 1. A normal fake boot, init found through bootchart_init= in the
# environment (where the kernel puts unknown name=value parameters).
C=$T/normal
mkdir -p "$C/out"
printf 'INIT=%s/sbin/wrong-init\nSAMPLE_PERIOD=0.05\nEXIT_PROC="agetty other"\nSETTLE_TIME=0.2\nMAX_DURATION=20\nBOOTLOG_DEST=%s/out/bootchart.tgz\n' \
    "$T" "$C" >"$C/conf"
echo "root=/dev/vda quiet" >"$C/cmdline"
boot normal agetty "$probe"
check "init ran as PID 1 with the original arguments" \
    grep -q '^pid=1 args=single$' "$C/init.ran"
check "init outlived the logger" grep -q '^end$' "$C/init.ran"
check "tarball at BOOTLOG_DEST" valid_tgz "$C/out/bootchart.tgz"
# Every boot kept (KEEP_BOOTS, 10 by default): the same file linked as
# bootchart/TIME-BOOTID.tgz beside it, this boot's id in its header.
check "no temporary file left" sh -c "[ \$(ls -A '$C/out' | wc -l) = 2 ]"
kept=$(ls "$C/out/bootchart/" 2>/dev/null)
check "the boot's log kept as bootchart/TIME-BOOTID.tgz" sh -c "
    echo '$kept' | grep -Eqx '[0-9]{8}-[0-9]{6}-[0-9a-f]{8}\.tgz' &&
    cmp -s '$C/out/bootchart.tgz' '$C/out/bootchart/$kept'"
bid=$(tar -xzOf "$C/out/bootchart.tgz" header 2>/dev/null | sed -n 's/^system.boot_id = //p')
same "its header names the boot (system.boot_id)" "$bid" \
    "$(cat /proc/sys/kernel/random/boot_id)"
case $kept in *"$(echo "$bid" | tr -d - | cut -c1-8)".tgz) ok "the kept name carries the boot id" ;;
*) notok "the kept name carries the boot id" ;; esac
# Not world-readable (issue 22, finding 6: it was 0644, and held the
# kernel's log under dmesg_restrict and every user's command lines under
# hidepid=): root:adm 0640, as Debian keeps /var/log/kern.log.
grp=root
grep -q '^adm:' /etc/group && grp=adm
same "boot log: owner, group and mode" \
    "$(stat -c '%U %G %a' "$C/out/bootchart.tgz")" "root $grp 640"
if command -v setpriv >/dev/null 2>&1; then
	chmod 755 "$T" "$C" "$C/out"
	check "boot log: another user cannot read it" sh -c "! setpriv \
	    --reuid=65534 --regid=65534 --clear-groups \
	    cat '$C/out/bootchart.tgz' >/dev/null 2>&1"
fi
check "no bootchartd mount visible outside" \
    sh -c "! grep -q bootchartd /proc/self/mountinfo"
check "end of boot by EXIT_PROC" grep -q 'agetty started' "$C/kmsg"
mkdir -p "$C/x"
tar -xzf "$C/out/bootchart.tgz" -C "$C/x" 2>/dev/null
# The boot keys of docs/formats.md; no switch of root happened here.
check "header: bootchart.end = EXIT_PROC agetty" \
    grep -qx 'bootchart.end = EXIT_PROC agetty' "$C/x/header"
check "header: bootchart.log_start in seconds with 6 decimals" \
    grep -qE '^bootchart\.log_start = [0-9]+\.[0-9]{6}$' "$C/x/header"
check "header: bootchart.end_at in seconds with 2 decimals" \
    grep -qE '^bootchart\.end_at = [0-9]+\.[0-9]{2}$' "$C/x/header"
check "header: no bootchart.switch_root (init kept its root)" \
    sh -c "! grep -q '^bootchart.switch_root' '$C/x/header'"
check "header: no bootchart.init_fallback (the init asked for ran)" \
    sh -c "! grep -q '^bootchart.init_fallback' '$C/x/header'"
# The log began before the first sample and ended after EXIT_PROC was seen.
ls=$(sed -n 's/^bootchart.log_start = //p' "$C/x/header")
ea=$(sed -n 's/^bootchart.end_at = //p' "$C/x/header")
first=$(head -1 "$C/x/proc_stat.log")
# (A stamp is the jiffy the sample fell in: up to 0.01 s before its time.)
echo "# log_start $ls s, first sample $first jiffies, end_at $ea s"
check "header: log_start <= first sample <= end_at" awk -v l="$ls" \
    -v f="$first" -v e="$ea" 'BEGIN { exit !(l < (f + 1) / 100 && f / 100 <= e) }'
# The kernel's log as dmesg prints it, when this machine lets root read it.
if dd if=/dev/kmsg iflag=nonblock bs=16k count=1 >/dev/null 2>&1; then
	check "dmesg member: every record line is '[%5lu.%06lu] text'" sh -c "
	    [ -s '$C/x/dmesg' ] && ! grep -vE '^(\[ *[0-9]+\.[0-9]{6}\] | )' '$C/x/dmesg'"
	check "dmesg member: the renderer reads it without a warning" sh -c \
	    "! '$R' --dump-tree '$C/out/bootchart.tgz' 2>&1 >/dev/null | grep -q dmesg"
else
	check "no dmesg member: the header says why" \
	    grep -q '^bootchart.dmesg = unavailable: ' "$C/x/header"
fi
check "header has the kernel options and a release" sh -c \
    "grep -q '^system.kernel.options = root=/dev/vda quiet\$' '$C/x/header' &&
     grep -q '^system.release = ' '$C/x/header'"
check "proc_ps.log is timed blocks" sh -c \
    "head -1 '$C/x/proc_ps.log' | grep -qE '^[0-9]+\$' &&
     [ \$(grep -c '^\$' '$C/x/proc_ps.log') = \$(grep -cE '^[0-9]+\$' '$C/x/proc_ps.log') ]"
parents "$C/out/bootchart.tgz" >"$C/tree"
for pair in "rcS init" "fsck-fake rcS" "udevd-fake rcS" "agetty init" \
    "bootchartd init" "init -"; do
	check "rendered tree: $pair" grep -qx "$pair" "$C/tree"
done
# The delay from bootchartd's start to init's first instruction is a
# timing: make bench measures it (tests/bench/bench_initmode.sh).  What
# holds on any machine: init was exec'd exactly once, after bootchartd
# started.
if [ -s "$C/exec_us" ]; then
	t0=$(sed -n 's/.*logging from \([0-9]*\)\.\([0-9]*\) s.*/\1\2/p' "$C/kmsg")
	t1=$(head -1 "$C/exec_us")
	d=$((t1 - ${t0:-$t1}))
	echo "# delay from bootchartd's start to init's first instruction: $d us"
	check "init exec'd once, after bootchartd started" \
	    [ -n "$t0" -a "$d" -ge 0 -a "$(wc -l <"$C/exec_us")" = 1 ]
else
	echo "not ok - init probe did not run"
fi

# 2. A bad config: warnings naming file:line, defaults, a tarball.
C=$T/badconf
mkdir -p "$C"
printf 'SAMPLE_PERIOD=fast\nTMPFS_SIZE=huge\n((garbage\nBOOTLOG_DEST=rel/x\nSETTLE_TIME=0.1\nEXIT_PROC=agetty\nINIT=%s/sbin/wrong-init\n' \
    "$T" >"$C/conf"
: >"$C/cmdline"
boot badconf agetty "$T/sbin/init"
check "bad config: init ran" grep -q '^pid=1 args=' "$C/init.ran"
check "bad config: warnings name the file and line" \
    grep -q "conf:1: warning: bad value for SAMPLE_PERIOD" "$C/kmsg"
check "bad config: tarball at the default /var/log/bootchart.tgz" \
    valid_tgz "$C/varlog/bootchart.tgz"

# 3. An unwritable destination: init runs, nothing half-written.
C=$T/rodest
mkdir -p "$C/ro"
printf 'INIT=%s/sbin/wrong-init\nSAMPLE_PERIOD=0.05\nSETTLE_TIME=0\nEXIT_PROC=agetty\nWRITE_TIMEOUT=0.3\nBOOTLOG_DEST=%s/ro/b.tgz\n' \
    "$T" "$C" >"$C/conf"
: >"$C/cmdline"
boot rodest agetty "$T/sbin/init"
check "unwritable dest: init ran to its end" grep -q '^end$' "$C/init.ran"
check "unwritable dest: reported" grep -q 'cannot write' "$C/kmsg"
check "unwritable dest: no file left" sh -c "[ -z \"\$(ls -A '$C/ro')\" ]"

# 4. A tiny TMPFS_SIZE: truncated logs, still a valid tarball.
C=$T/tiny
mkdir -p "$C/out"
printf 'INIT=%s/sbin/wrong-init\nSAMPLE_PERIOD=0.01\nTMPFS_SIZE=256k\nMAX_DURATION=20\nEXIT_PROC=none\nBOOTLOG_DEST=%s/out/b.tgz\n' \
    "$T" "$C" >"$C/conf"
: >"$C/cmdline"
boot tiny agetty "$T/sbin/init"
check "tiny tmpfs: init ran" grep -q '^pid=1 args=' "$C/init.ran"
check "tiny tmpfs: valid tarball" valid_tgz "$C/out/b.tgz"
mkdir -p "$C/x"
tar -xzf "$C/out/b.tgz" -C "$C/x" 2>/dev/null
check "tiny tmpfs: header marks truncation" \
    grep -qx 'bootchart.truncated = yes' "$C/x/header"
check "tiny tmpfs: logs within the budget" sh -c \
    "[ \$(cat '$C/x/proc_stat.log' '$C/x/proc_ps.log' '$C/x/proc_diskstats.log' | wc -c) -le 262144 ]"
check "tiny tmpfs: logs end with a complete block" sh -c \
    "[ \"\$(tail -c 2 '$C/x/proc_ps.log' | od -An -c | tr -d ' ')\" = '\\n\\n' ]"
check "tiny tmpfs: renders" sh -c "'$R' --dump-tree '$C/out/b.tgz' >/dev/null 2>&1"
# At 100 Hz a tick served late can fall in the same jiffy as the sample
# before; such a sample would repeat its stamp and lose its block.
check "tiny tmpfs, 100 Hz: every block stamped later than the one before" \
    stamps_increase "$C/out/b.tgz" proc_ps.log 2

# 5. A long EXIT_PROC name matches the kernel's 15-character comm.
C=$T/longname
mkdir -p "$C/out"
printf 'INIT=%s/sbin/wrong-init\nSAMPLE_PERIOD=0.05\nSETTLE_TIME=0\nMAX_DURATION=20\nEXIT_PROC=long-greeter-name-here\nBOOTLOG_DEST=%s/out/b.tgz\n' \
    "$T" "$C" >"$C/conf"
: >"$C/cmdline"
boot longname long-greeter-name-here "$T/sbin/init"
check "long EXIT_PROC name matched by its first 15 characters" \
    grep -q 'long-greeter-na started' "$C/kmsg"

# 6. bootchart_init= only in the command line file: it beats INIT.
C=$T/cmdinit
mkdir -p "$C/out"
printf 'INIT=%s/sbin/wrong-init\nSAMPLE_PERIOD=0.05\nSETTLE_TIME=0\nEXIT_PROC=agetty\nBOOTLOG_DEST=%s/out/b.tgz\n' \
    "$T" "$C" >"$C/conf"
echo "quiet bootchart_init=$T/sbin/init" >"$C/cmdline"
boot cmdinit agetty
check "bootchart_init= read from the kernel command line" \
    grep -q '^pid=1 args=' "$C/init.ran"

# 7. INIT from the config when the command line names none.
C=$T/confinit
mkdir -p "$C/out"
printf 'INIT=%s/sbin/init\nSAMPLE_PERIOD=0.05\nSETTLE_TIME=0\nEXIT_PROC=agetty\nBOOTLOG_DEST=%s/out/b.tgz\n' \
    "$T" "$C" >"$C/conf"
: >"$C/cmdline"
boot confinit agetty
check "INIT from the config" grep -q '^pid=1 args=' "$C/init.ran"
check "INIT from the config: tarball" valid_tgz "$C/out/b.tgz"

# 8. The config is a FIFO nobody writes to (a tty would do the same):
# PID 1 reads the config when neither the environment nor the command
# line names an init, and must not wait for it.  It is refused at once
# (not a regular file), init is found by the fallback (our fake init,
# see boot), and the logger logs with the defaults.
C=$T/fifo
mkdir -p "$C"
rm -f "$C/conf"
mkfifo "$C/conf"
: >"$C/cmdline"
BOOT_LIMIT=40 boot fifo agetty
check "config FIFO: init ran as PID 1" grep -q '^pid=1 args=single$' "$C/init.ran"
check "config FIFO: the logger says it is not a regular file" \
    grep -q 'conf: warning: not a regular file' "$C/kmsg"
check "config FIFO: tarball at the default BOOTLOG_DEST" \
    valid_tgz "$C/varlog/bootchart.tgz"

# 9. bootchart_init= names no file: the kernel's list runs (our fake
# /sbin/init), one line on the console and the header say so.
C=$T/fallback
mkdir -p "$C/out"
printf 'SAMPLE_PERIOD=0.05\nSETTLE_TIME=0\nEXIT_PROC=agetty\nBOOTLOG_DEST=%s/out/b.tgz\n' \
    "$C" >"$C/conf"
: >"$C/cmdline"
BOOTCHARTD_KMSG_READ=/nonexistent/kmsg boot fallback agetty /no/such/init
note='asked /no/such/init, ran /sbin/init (No such file or directory)'
check "fallback: /sbin/init ran as PID 1" grep -q '^pid=1 args=' "$C/init.ran"
check "fallback: one console line says what was asked and what ran" \
    sh -c "[ \$(grep -c 'bootchartd: init fallback: $note\$' '$C/kmsg') = 1 ]"
mkdir -p "$C/x"
tar -xzf "$C/out/b.tgz" -C "$C/x" 2>/dev/null
check "fallback: header has bootchart.init_fallback" \
    grep -qx "bootchart.init_fallback = $note" "$C/x/header"
check "kernel log unreadable: no dmesg member, a header note" sh -c "
    [ ! -e '$C/x/dmesg' ] &&
    grep -qx 'bootchart.dmesg = unavailable: /nonexistent/kmsg: No such file or directory' '$C/x/header'"

# 10. bootchart_init= names bootchartd itself: skipped (it once exec'd
# itself for ever), the kernel's list runs.
C=$T/self
mkdir -p "$C/out"
printf 'SAMPLE_PERIOD=0.05\nSETTLE_TIME=0\nEXIT_PROC=agetty\nBOOTLOG_DEST=%s/out/b.tgz\n' \
    "$C" >"$C/conf"
: >"$C/cmdline"
BOOT_LIMIT=30 boot self agetty "$L"
check "bootchart_init=bootchartd: /sbin/init ran as PID 1" \
    grep -q '^pid=1 args=' "$C/init.ran"
check "bootchart_init=bootchartd: the console line says why" \
    grep -q "bootchartd: init fallback: asked $L, ran /sbin/init (is bootchartd itself)" "$C/kmsg"
check "bootchart_init=bootchartd: one logger, one tarball" sh -c "
    valid_tgz() { tar -tzf \"\$1\" | grep -qx header; }
    valid_tgz '$C/out/b.tgz' && [ \$(grep -c 'logging from' '$C/kmsg') = 1 ]"

# 11. systemd as PID 1 with bootchartd-done.service installed: a getty
# (EXIT_PROC) starts before start-up is finished; logging ends only after
# the unit's file says systemd is done, plus SETTLE_TIME.
C=$T/systemd
mkdir -p "$C/out" "$C/run" "$C/units"
: >"$C/units/bootchartd-done.service"
cat >"$T/sbin/systemd" <<'EOS'
#!/bin/sh
echo "pid=$$ args=$*" >"$CASE/init.ran"
"$TB/agetty" 30 &
sleep 1.5
cut -d' ' -f1 /proc/uptime >"$CASE/done_at"
: >/run/bootchartd.done
i=0
while ! grep -qE 'wrote|cannot write|nothing written' "$CASE/kmsg" 2>/dev/null &&
    [ $i -lt 300 ]; do
	sleep 0.05; i=$((i + 1))
done
echo "end" >>"$CASE/init.ran"
EOS
chmod +x "$T/sbin/systemd"
printf 'SAMPLE_PERIOD=0.05\nSETTLE_TIME=0.3\nEXIT_PROC=agetty\nMAX_DURATION=20\nBOOTLOG_DEST=%s/out/b.tgz\n' \
    "$C" >"$C/conf"
: >"$C/cmdline"
BINDS="$C/run:/run $C/units:/etc/systemd/system" boot systemd agetty "$T/sbin/systemd"
mkdir -p "$C/x"
tar -xzf "$C/out/b.tgz" -C "$C/x" 2>/dev/null
check "systemd: bootchart.end = systemd" grep -qx 'bootchart.end = systemd' "$C/x/header"
check "systemd: the console says start-up finished" \
    grep -q 'systemd start-up finished; stopping in 300 ms' "$C/kmsg"
done_at=$(cat "$C/done_at" 2>/dev/null)
ea=$(sed -n 's/^bootchart.end_at = //p' "$C/x/header")
last=$(awk '/^[0-9]+$/ { t = $1 } END { print t }' "$C/x/proc_stat.log")
echo "# done file at ${done_at:-?} s, end_at ${ea:-?} s, last sample at $last jiffies"
check "systemd: the getty was logged, and logging went on past the done file" \
    sh -c "grep -q '(agetty)' '$C/x/proc_ps.log' &&
    awk -v d='${done_at:-x}' -v e='${ea:-0}' -v l='$last' \
    'BEGIN { exit !(d + 0 > 0 && e + 0.01 >= d && l / 100 >= e + 0.2) }'"

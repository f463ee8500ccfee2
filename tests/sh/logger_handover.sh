#!/bin/sh
# logger_handover.sh: a logger started by `bootchartd init` before the
# root switch (as the initramfs hooks start it) goes on after it: PID 1
# chroots into a new root and runs bootchartd as init there, which finds
# the live logger through its pid file and execs the real init without a
# second logger; the tarball lands in the new root.  In a PID namespace
# (unshare), with busybox as the new root's shell.
set -u
. "$(dirname "$0")/lib/logger_lib.sh.inc"
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac

if ! unshare --pid --fork --mount-proc true 2>/dev/null; then
	echo "ok - root handover # SKIP unshare --pid not permitted"
	exit 0
fi
bb=$(command -v busybox) || { echo "ok - root handover # SKIP no busybox"; exit 0; }
# The new root holds copies of both programs: they must be static.
for f in "$bb" "$L"; do
	if readelf -l "$f" 2>/dev/null | grep -q 'program interpreter'; then
		echo "ok - root handover # SKIP $f is not static (sanitizer build)"
		exit 0
	fi
done

N=$T/newroot
RUN=$T/run
mkdir -p "$N/bin" "$N/sbin" "$N/proc" "$N/dev" "$N/out" "$N/bc-handover" \
    "$N$RUN" "$RUN"
mknod -m 666 "$N/dev/null" c 1 3 ||
    { echo "ok - root handover # SKIP mknod not permitted"; exit 0; }
cp "$bb" "$N/bin/busybox"
for a in sh sleep cat; do ln -s busybox "$N/bin/$a"; done
cp "$L" "$N/sbin/bootchartd"
printf '#!/bin/sh\nsleep 3\n' >"$N/bin/getty-fake"
cat >"$N/sbin/init" <<'EOS'
#!/bin/sh
echo "pid=$$" >/out/init.ran
loggers() {
	n=0
	for f in /proc/[0-9]*/stat; do
		l=""
		read -r l <"$f" 2>/dev/null
		case "$l" in *"(bootchartd)"*) n=$((n + 1)) ;; esac
	done
	echo $n
}
echo "loggers=$(loggers)" >>/out/init.ran
/bin/getty-fake &
# Until the logger has written the tarball and exited (its pid file goes
# last): the namespace ends with this init.
i=0
while { [ ! -f /bc-handover/b.tgz ] || [ "$(loggers)" != 0 ]; } &&
    [ $i -lt 300 ]; do
	sleep 0.05
	i=$((i + 1))
done
echo end >>/out/init.ran
EOS
chmod +x "$N/bin/getty-fake" "$N/sbin/init"
# The destination exists only in the new root.
printf 'SAMPLE_PERIOD=0.05\nEXIT_PROC=getty-fake\nSETTLE_TIME=0.2\nMAX_DURATION=20\nWRITE_TIMEOUT=3\nBOOTLOG_DEST=/bc-handover/b.tgz\n' \
    >"$T/conf"

# PID 1 starts the logger, then switches root as an initramfs does
# (procfs and the pid file's directory carried over) and runs bootchartd
# there as init.
N=$N RUN=$RUN CONF=$T/conf L=$L BOOTCHARTD_RUNDIR=$RUN bootchart_init=/sbin/init \
    timeout -s KILL 60 unshare --pid --fork --kill-child --mount-proc sh -c '
	"$L" init -c "$CONF" || exit 97
	mount -t proc proc "$N/proc" && mount --bind "$RUN" "$N$RUN" || exit 98
	exec chroot "$N" /sbin/bootchartd' >"$T/out.txt" 2>&1
echo "# namespace exit status $?"
sed 's/^/# /' "$T/out.txt"

check "init ran as PID 1 in the new root" grep -qx 'pid=1' "$N/out/init.ran"
check "one logger after the switch (no second one)" \
    grep -qx 'loggers=1' "$N/out/init.ran"
check "init ran to its end" grep -qx end "$N/out/init.ran"
check "tarball written in the new root" valid_tgz "$N/bc-handover/b.tgz"
check "pid file removed at the end" [ ! -e "$RUN/bootchartd.pid" ]
mkdir -p "$T/x"
tar -xzf "$N/bc-handover/b.tgz" -C "$T/x" 2>/dev/null
# PID 1 is the old root's shell in the first sample, init after the switch.
first=$(awk '/^[0-9]+$/ { n++ } n == 1 && /^1 \(/ { print; exit }' \
    "$T/x/proc_ps.log" | sed 's/^1 (\([^)]*\)).*/\1/')
last=$(awk '/^1 \(/ { l = $0 } END { print l }' "$T/x/proc_ps.log" |
    sed 's/^1 (\([^)]*\)).*/\1/')
echo "# PID 1 in the first sample: ${first:-?}; in the last: ${last:-?}"
check "logging crossed the switch (PID 1: sh first, init last)" \
    [ "$first" = sh -a "$last" = init ]
# The `bootchartd init` command waits for the first sample and exits
# before the shell goes on to switch root; on a busy machine it may still
# be exiting in a later sample.  Once PID 1 is no longer that shell, only
# the logger may be a bootchartd besides PID 1.
n=$(awk '/^1 \(/ && !/^1 \(sh\) / { switched = 1 }
	switched && /^[0-9]+ \(bootchartd\) / && $1 != 1 { print $1 }' \
    "$T/x/proc_ps.log" | sort -u | wc -l)
check "one logger in the samples after the switch (got $n)" [ "$n" -eq 1 ]
check "rendered tree holds init" sh -c "'$R' --dump-tree -n '$N/bc-handover/b.tgz' 2>/dev/null | grep -q init"

#!/bin/sh
# logger_stall.sh: a user's process whose command line cannot be read (a FUSE file system that never answers holds its memory map lock) does not stall the logger: it keeps sampling and writes its tarball (issue 22, finding 1).
T=${BC_TMP:?BC_TMP must be set}
L=$BC_LOGGER
case $BC_BUILD in /*) B=$BC_BUILD ;; *) B=$(pwd)/$BC_BUILD ;; esac
F=$B/tests/tools/fusestall

. "$(dirname "$0")/lib/tap.sh.inc"

skip() {
	echo "ok - FUSE stall # SKIP $*"
	exit 0
}
[ "$(id -u)" -eq 0 ] || skip "needs root (the victim runs as uid 65534)"
command -v fusermount3 >/dev/null 2>&1 ||
	skip "no fusermount3 (Debian package fuse3)"
command -v setpriv >/dev/null 2>&1 || skip "no setpriv"
[ -c /dev/fuse ] || skip "no /dev/fuse"
U="setpriv --reuid=65534 --regid=65534 --clear-groups"
S=$T/fuse

# Debian's udev rule opens /dev/fuse to every user (0666); this machine's
# mode is put back at the end, whatever happens.
mode=$(stat -c %a /dev/fuse)
cleanup() {
	[ -s "$S/victim.pid" ] && kill -KILL "$(cat "$S/victim.pid")" 2>/dev/null
	# The server ends on TERM; a watchdog makes sure the wait does
	# (a CI run once waited here to the test's timeout).
	if [ -n "${spid:-}" ]; then
		kill -TERM "$spid" 2>/dev/null
		(sleep 10; kill -KILL "$spid") >/dev/null 2>&1 &
		wd=$!
		wait "$spid" 2>/dev/null
		kill "$wd" 2>/dev/null
	fi
	umount -l "$S/mnt" 2>/dev/null
	chmod "$mode" /dev/fuse
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM
chmod 0666 /dev/fuse
chmod 755 "$T"
mkdir -p "$S/mnt"
chmod 1777 "$S"
chown 65534:65534 "$S/mnt"

# The user's file system: one file whose reads are never answered.
$U "$F" serve "$S/mnt" "$S/served" 2>"$S/serve.err" &
spid=$!
i=0
while [ ! -e "$S/served" ] && kill -0 "$spid" 2>/dev/null && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ -e "$S/served" ] || skip "FUSE cannot be mounted here: $(head -c 200 "$S/serve.err")"

# The profiled command: the victim (uid 65534) stalls its own map lock
# and renames itself every 100 ms, so that a logger describes it again;
# another reader of its command line is shown to wait (the control);
# then two more seconds of logging.
cat >"$T/cmd.sh" <<EOF
$U "$F" victim "$S/mnt/f" "$S/ready" "$S/served.read" 2>"$S/victim.err" &
echo \$! >"$S/victim.pid"
i=0
while [ ! -s "$S/ready" ] && [ \$i -lt 150 ]; do sleep 0.1; i=\$((i + 1)); done
[ -s "$S/ready" ] || exit 0
timeout -s KILL 2 cat /proc/\$(cat "$S/victim.pid")/cmdline >/dev/null 2>&1
echo \$? >"$S/control"
sleep 2
EOF
: >"$T/empty.conf"
# The hang guard: before the fix the logger sat in D state until the
# file system went away, and `start` with it.
timeout -s KILL 120 "$L" start -c "$T/empty.conf" -p 0.05 -o "$T/s.tgz" \
    -- sh "$T/cmd.sh" >"$T/start.out" 2>&1
rc=$?
[ -s "$S/ready" ] || skip "the victim could not stall: $(head -c 200 "$S/victim.err")"
[ "$(cat "$S/control")" != 0 ] ||
	skip "reading the victim's command line did not wait on this kernel"
ok "control: another reader of the victim's command line waited"
check "start returned before the hang guard, status 0 ($rc)" [ "$rc" = 0 ]
if ! tar -xzOf "$T/s.tgz" header >"$T/header" 2>/dev/null; then
	notok "no tarball written: $(tail -n 3 "$T/start.out" | tr '\n' ' ')"
	exit 0
fi
ok "tarball written"
# Samples taken after the stall began (the victim's stamp, in the logs'
# jiffies), and the victim's own stat lines among them under its new names.
since=$(awk '{ print $2 }' "$S/ready")
vpid=$(awk '{ print $1 }' "$S/ready")
tar -xzOf "$T/s.tgz" proc_ps.log >"$T/ps"
after=$(awk -v t="$since" 'BEGIN { s = 1 }
	s && /^[0-9]+$/ { if ($0 + 0 > t) n++; s = 0; next }
	$0 == "" { s = 1 } END { print n + 0 }' "$T/ps")
check "sampling went on during the stall ($after samples after it began)" \
    [ "$after" -ge 2 ]
names=$(awk -v p="$vpid" '$1 == p && $2 ~ /^\(stall[0-9]+\)$/ { print $2 }' \
    "$T/ps" | sort -u | wc -l)
check "the victim's stat lines were read during the stall ($names names)" \
    [ "$names" -ge 2 ]
check "the header says a read timed out" \
    grep -q '^bootchart.procinfo = .*timed out' "$T/header"
# The victim's description was read once, before it stalled itself.
check "the victim's first description is in cmdline2.log" sh -c \
    "tar -xzOf '$T/s.tgz' cmdline2.log | grep -qx '$vpid'"

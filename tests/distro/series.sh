#!/bin/sh
# series.sh: `make check-series`: boots the Debian test
# image in series of boots with bootchartd's own series mechanism
# (`bootchartd series`, bootchartd-series.service), compares the sets'
# logs with `bootchart-render --compare` and runs series-check.sh.
#
#   tests/distro/series.sh [BUILD]          (default build/default)
#
# Three sets of SERIES_BOOTS boots (5) from copies of one image
# (prepare.sh, its config's SETTLE_TIME lowered to 1 s): A as installed
# plus bctest-sleep.service, a oneshot unit, the last job of start-up,
# that runs `sleep 0.5`; B the same unit running `sleep 1.5`; C as A.
# Each copy is armed by writing the series' state (total=N, done=0,
# last_boot=none: the first boot counts) into it with debugfs, with the
# unit and bctest-series-off (series/: bootchartd-series.service's
# ExecStopPost; powers the VM off once the last step removed the state).  qemu runs without -no-reboot: the step's
# `systemctl reboot` restarts the guest with the same kernel and command
# line.  SERIES_JOBS (3) series boot at a time, in the order A B C.
# Env: SERIES_BOOTS (5), SERIES_JOBS (3), SERIES_LIMIT (seconds a series
# may take, 1500), SERIES_ICOUNT (qemu's -icount, "shift=1,sleep=on":
# the guest's clocks count its instructions, 2 ns each, and skip its idle
# time, so that its times do not depend on the host's load; "off": the
# guest's clocks are the host's), SERIES_OUT (build/series),
# SERIES_IMAGE=keep (use SERIES_OUT/image as it is, when there).
# Leaves in SERIES_OUT: image/, A/ B/ C/ (serial.log, logs/*.tgz, wall,
# qemu.rc, cmdline), AB.txt AB.jsonl AC.txt AC.jsonl (the comparisons),
# times, check.tap; prints the TAP lines and "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
b=${1:-build/default}
render=$top/$b/bootchart-render
out=${SERIES_OUT:-build/series}
boots=${SERIES_BOOTS:-5}
jobs=${SERIES_JOBS:-3}
limit=${SERIES_LIMIT:-1500}
icount=${SERIES_ICOUNT:-shift=1,sleep=on}
here=$top/tests/distro

t0=$(date +%s)
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/times" "$out/check.tap"

stamp() {
	echo "$1 $(( $(date +%s) - t0 ))" >>"$out/times"
	echo "== $1 at $(( $(date +%s) - t0 )) s"
}

if [ "${SERIES_IMAGE:-}" = keep ] && [ -s "$out/image/disk.img" ] &&
    grep -qx SETTLE_TIME=1 "$out/image/bootchartd.conf"; then
	echo "== the image of $out/image, as it is (SERIES_IMAGE=keep)"
elif ! tests/distro/prepare.sh -s SETTLE_TIME=1 "$b" "$out/image"; then
	echo "not ok - the series image was made" | tee "$out/check.tap"
	echo "0 passed, 1 failed"
	exit 1
fi
stamp image

# arm SET SECONDS: SET's disk, a copy of the image armed for a series
# whose bctest-sleep.service sleeps SECONDS.
arm() {
	d=$out/$1
	rm -rf "$d"
	mkdir -p "$d/in"
	cp --sparse=always "$out/image/disk.img" "$d/disk.img" || return 1
	printf 'total=%s\ndone=0\nlast_boot=none\n' "$boots" >"$d/in/series"
	sed "s/SECONDS/$2/" "$here/series/bctest-sleep.service" \
	    >"$d/in/bctest-sleep.service"
	s=/etc/systemd/system
	w=$s/multi-user.target.wants
	# debugfs goes on after a failed command: each file is looked at
	# afterwards (/var/lib/bootchart may exist already).
	cat >"$d/in/debugfs" <<-EOF
	mkdir /var/lib/bootchart
	write $d/in/series /var/lib/bootchart/series
	write $d/in/bctest-sleep.service $s/bctest-sleep.service
	symlink $w/bctest-sleep.service $s/bctest-sleep.service
	mkdir $s/bootchartd-series.service.d
	write $here/series/bctest-series-off.conf $s/bootchartd-series.service.d/bctest-series-off.conf
	write $here/series/bctest-series-off /usr/local/sbin/bctest-series-off
	sif /usr/local/sbin/bctest-series-off mode 0100755
	EOF
	debugfs -w -f "$d/in/debugfs" "$d/disk.img" >"$d/in/debugfs.log" 2>&1
	for f in /var/lib/bootchart/series $s/bctest-sleep.service \
	    $w/bctest-sleep.service \
	    $s/bootchartd-series.service.d/bctest-series-off.conf \
	    /usr/local/sbin/bctest-series-off; do
		debugfs -R "stat $f" "$d/disk.img" 2>/dev/null | grep -q '^Inode:' ||
		    { echo "series.sh: $1: $f not written" >&2; return 1; }
	done
}

# boot SET: the series, one qemu run (reboots included), then its logs.
boot() {
	d=$out/$1
	args="$(cat "$out/image/cmdline") console=ttyS0 bctest.series"
	echo "$args" >"$d/cmdline"
	ic=
	[ "$icount" = off ] || ic="-icount $icount"
	start=$(date +%s.%N)
	rc=0
	# No -enable-kvm (it hangs here), no -no-reboot: the series reboots.
	timeout "$limit" qemu-system-x86_64 -m 1024 -smp 1 -nographic \
	    -nic none $ic -kernel "$out/image/vmlinuz" \
	    -initrd "$out/image/initrd.img" \
	    -drive "file=$d/disk.img,format=raw,if=virtio" \
	    -append "$args" </dev/null >"$d/serial.raw" 2>"$d/qemu.err" || rc=$?
	end=$(date +%s.%N)
	echo "$rc" >"$d/qemu.rc"
	echo "$start $end" | awk '{ printf "%.1f\n", $2 - $1 }' >"$d/wall"
	tr -d '\r' <"$d/serial.raw" >"$d/serial.log"
	rm -f "$d/serial.raw"
	[ "$rc" -eq 124 ] && echo "series.sh: $1: qemu timed out after ${limit}s" >&2
	rm -rf "$d/logs" "$d/bootchart"
	debugfs -R "rdump /var/log/bootchart $d" "$d/disk.img" >/dev/null 2>&1
	if [ -d "$d/bootchart" ]; then mv "$d/bootchart" "$d/logs"; else mkdir "$d/logs"; fi
	debugfs -R "cat /var/lib/bootchart/series" "$d/disk.img" \
	    >"$d/state-left" 2>/dev/null
	rm -f "$d/disk.img"
}

sets="A:0.5 B:1.5 C:0.5"
for s in $sets; do
	if ! arm "${s%:*}" "${s#*:}"; then
		echo "not ok - the disk of set ${s%:*} was armed" | tee "$out/check.tap"
		echo "0 passed, 1 failed"
		exit 1
	fi
done
stamp armed

pids= n=0
for s in $sets; do
	set_=${s%:*}
	boot "$set_" &
	pids="$pids $!"
	n=$((n + 1))
	if [ "$n" -ge "$jobs" ]; then
		for p in $pids; do wait "$p"; done
		pids= n=0
	fi
done
for p in $pids; do wait "$p"; done
stamp booted

compare() {
	"$render" -q --compare "$out/$2/logs" "$out/$3/logs" >"$out/$1.txt" \
	    2>"$out/$1.err"
	echo $? >"$out/$1.rc"
	"$render" -q --compare --json "$out/$2/logs" "$out/$3/logs" \
	    >"$out/$1.jsonl" 2>>"$out/$1.err"
	echo $? >"$out/$1.json.rc"
}
compare AB A B
compare AC A C
stamp compared

tests/distro/series-check.sh "$out" "$boots" | tee "$out/check.tap"
stamp checked
p=$(grep -c '^ok' "$out/check.tap")
f=$(grep -c '^not ok' "$out/check.tap")
echo "series of boots: $p passed, $f failed (results in $out; $(cat "$out/times" | tr '\n' ' '))"
echo "$p passed, $f failed"
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]

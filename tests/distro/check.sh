#!/bin/sh
# check.sh: the assertions of the real-distribution boot (TAP), read from
# the results directory run.sh leaves (boot.sh's OUTDIR plus the rendered
# files).  New assertions go here; each reads only the directory.
#
#   tests/distro/check.sh RESULTS RENDERER
#
# RESULTS holds: bootchart.tgz, x/ (its members), bootchart.png,
# render.rc, tree (--dump-tree) and tree-n (--dump-tree -n) with their
# parents (tests/sh/parents.awk), multi-user (monotonic seconds),
# kernel-init (when the kernel ran the initramfs's /init), serial.log,
# journal/, boot.rc.
set -u
r=${1:?usage: check.sh RESULTS RENDERER}
. tests/sh/tap.sh.inc
ps=$r/x/proc_ps.log

# pid1 N: PID 1's name in sample N (1 = first; 0 = last).
pid1() {
	awk -v want="$1" '
	/^[0-9]+$/ { n++; next }
	/^1 \(/ && (want == 0 || n == want) {
		s = $0; sub(/^1 \(/, "", s); sub(/\) [^)]*$/, "", s); name = s
		if (want != 0) { print name; exit }
	}
	END { if (want == 0) print name }' "$ps" 2>/dev/null
}

# sample_time N: the time stamp of sample N (0 = last), in seconds.
sample_time() {
	awk -v want="$1" '/^[0-9]+$/ { n++; t = $1; if (n == want) exit }
	END { printf "%.2f", t / 100 }' "$ps" 2>/dev/null
}

check "the VM booted and powered off by itself" [ "$(cat "$r/boot.rc" 2>/dev/null)" = 0 ]
if [ "$(cat "$r/boot.rc" 2>/dev/null)" != 0 ]; then
	tail -n 30 "$r/serial.log" 2>/dev/null | sed 's/^/# /'
fi
check "/var/log/bootchart.tgz is on the disk" [ -s "$r/bootchart.tgz" ]
for m in header proc_stat.log proc_diskstats.log proc_ps.log; do
	check "tarball holds $m" [ -s "$r/x/$m" ]
done
check "the chart renders (PNG)" sh -c "[ \"\$(cat '$r/render.rc')\" = 0 ] &&
    head -c 8 '$r/bootchart.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
check "--dump-tree reads the boot" [ -s "$r/tree" ]

first=$(pid1 1)
last=$(pid1 0)
echo "# PID 1: '$first' in the first sample, '$last' in the last"
check "systemd is PID 1 in the last sample" [ "$last" = systemd ]
# The initramfs-tools /init is a shell script: its comm is "init".
check "the initramfs's init is PID 1 in the first sample" [ "$first" = init ]
check "logging crossed switch_root (PID 1 init, then systemd)" \
    [ "$first" = init -a "$last" = systemd ]
# The `bootchartd init` command waits for the first sample and may be in
# it; after that the only bootchartd besides PID 1 is the logger.
loggers=$(awk '/^[0-9]+$/ { n++; next }
	n > 1 && /^[0-9]+ \(bootchartd\) / && $1 != 1 { print $1 }' "$ps" |
    sort -u | tr '\n' ' ')
echo "# bootchartd processes after the first sample (PID 1 aside): ${loggers:-none}"
check "only one logger ran" [ "$(echo $loggers | wc -w)" -eq 1 ]

# The services, under systemd in the unpruned tree (names are the
# kernel's 15-character comm: systemd-journald is systemd-journal).
for s in systemd-journal systemd-udevd sshd cron agetty; do
	p=$(awk -F '\t' -v n="$s" '$2 == n && $4 == "systemd" { print $3; exit }' \
	    "$r/tree-n.parents")
	check "tree: $s under systemd" [ "$p" = 1 ]
done

t_first=$(sample_time 1)
t_last=$(sample_time 0)
mu=$(cat "$r/multi-user" 2>/dev/null)
ki=$(cat "$r/kernel-init" 2>/dev/null)
echo "# first sample at ${t_first}s of uptime; the kernel ran the initramfs's /init at ${ki:-?}s"
echo "# last sample at ${t_last}s; multi-user.target reached at ${mu:-?}s (journal)"

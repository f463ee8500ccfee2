#!/bin/sh
# gen_bootlog.sh: the synthetic log generator is deterministic, readable by GNU tar and bsdtar, and self-consistent.
set -u
gen=$BC_BUILD/tests/tools/gen_bootlog
t=$BC_TMP
n=0

ok() { echo "ok - $1"; }
nok() { echo "not ok - $1"; }
check() {	# check NAME COMMAND...: ok when the command succeeds
	name=$1
	shift
	if "$@" >"$t/out" 2>&1; then ok "$name"; else nok "$name"; sed 's/^/# /' "$t/out" | head -20; fi
}

if [ ! -x "$gen" ]; then
	nok "gen_bootlog built ($gen)"
	exit 0
fi

# Determinism: same seed, same bytes; another seed, other bytes.
"$gen" -q -n 200 -s 8 -z 25 --seed 7 --pacct -o "$t/a.tgz" -d "$t/a" &&
    "$gen" -q -n 200 -s 8 -z 25 --seed 7 --pacct -o "$t/b.tgz" &&
    "$gen" -q -n 200 -s 8 -z 25 --seed 8 --pacct -o "$t/c.tgz"
check "generator runs" test -s "$t/a.tgz" -a -s "$t/b.tgz" -a -s "$t/c.tgz"
check "same seed gives identical tarballs" cmp "$t/a.tgz" "$t/b.tgz"
check "another seed gives a different tarball" sh -c "! cmp -s '$t/a.tgz' '$t/c.tgz'"

# Both tar implementations read it, and the members hold what -d wrote.
want="header proc_stat.log proc_diskstats.log proc_ps.log kernel_pacct"
check "GNU tar lists the members" sh -c \
    "[ \"\$(tar -tzf '$t/a.tgz' | tr '\n' ' ')\" = '$want ' ]"
if command -v bsdtar >/dev/null 2>&1; then
	check "bsdtar lists the members" sh -c \
	    "[ \"\$(bsdtar -tzf '$t/a.tgz' | tr '\n' ' ')\" = '$want ' ]"
else
	ok "bsdtar lists the members # SKIP bsdtar not installed"
fi
mkdir -p "$t/x"
check "GNU tar extracts the tarball" tar -xzf "$t/a.tgz" -C "$t/x"
for f in $want; do
	check "tar member $f equals the -d file" cmp "$t/x/$f" "$t/a/$f"
done

# Header keys the renderer shows.
check "header has title, uname, release, cpu count, kernel options" sh -c "
	grep -q '^title = ' '$t/a/header' &&
	grep -q '^system.uname = Linux ' '$t/a/header' &&
	grep -q '^system.release = ' '$t/a/header' &&
	grep -q '^system.cpu = .*(2)\$' '$t/a/header' &&
	grep -q '^system.kernel.options = ' '$t/a/header'"

# /proc/stat and proc_ps agree: every block's process lines parse (52
# fields, the name ends at the last ')'), per-PID CPU never drops, the
# machine's user+system equals the sum of every process's CPU, each CPU's
# line adds up to the uptime, and every one of the -n processes shows up.
cat >"$t/ps.awk" <<'AWK'
FNR == 1 { file++; blk = 0; want_time = 1 }
want_time {
	if ($0 !~ /^[0-9]+$/) { print "bad time line " FILENAME ":" FNR; bad++ }
	if (file == 1 && blk > 0 && $1 <= t) { print "time goes back"; bad++ }
	lastt = t; t = $1; want_time = 0; blk++; next
}
$0 == "" {
	want_time = 1
	if (file == 2) {
		s = 0; for (p in cpu) s += cpu[p]
		if (s != statcpu[blk]) { print "block " blk ": processes " s " /proc/stat " statcpu[blk]; bad++ }
	}
	next
}
file == 1 && $1 == "cpu" {
	if (NF < 8) { print "short cpu line"; bad++ }
	statcpu[blk] = $2 + $3 + $4
	if ($2 < u || $4 < sy || $5 < id || $6 < io) { print "cpu totals drop at " t; bad++ }
	u = $2; sy = $4; id = $5; io = $6; next
}
file == 1 && $1 ~ /^cpu[0-9]/ {
	if ($2 + $3 + $4 + $5 + $6 + $7 + $8 != t) { print "per-CPU total != uptime: " $0; bad++ }
	next
}
file == 2 {
	r = $0; sub(/.*\) /, "", r); nf = split(r, f, " ")
	if (nf != 50 || $1 !~ /^[0-9]+$/ || index($0, " (") == 0) { print "bad line: " $0; bad++ }
	pid = $1
	if (f[1] !~ /^[RSDZ]$/) { print "bad state: " $0; bad++ }
	if (pid in ut) {
		if (f[12] < ut[pid] || f[13] < st[pid]) { print "CPU drops for " pid; bad++ }
		if (f[20] != start[pid]) { print "starttime changes for " pid; bad++ }
		if (blk - seen[pid] != 1) { print "PID " pid " comes back"; bad++ }
		if (f[12] + f[13] - ut[pid] - st[pid] > t - lastt) { print "more CPU than the interval for " pid; bad++ }
	}
	if (f[20] > t) { print "starts after it is seen: " pid; bad++ }
	ut[pid] = f[12]; st[pid] = f[13]; start[pid] = f[20]; seen[pid] = blk; cpu[pid] = f[12] + f[13]
	states[f[1]]++
	nm = $0; sub(/^[0-9]+ \(/, "", nm); sub(/\) [^)]*$/, "", nm)
	if ((pid in name) && name[pid] != nm) renames++
	name[pid] = nm
	if (nm ~ /[ )]/) odd++
}
END {
	np = 0; for (p in ut) np++
	printf "pids %d renames %d odd %d R %d D %d Z %d S %d bad %d\n", np, renames, odd, states["R"], states["D"], states["Z"], states["S"], bad
	exit bad > 0
}
AWK
"$gen" -q -n 400 -s 10 -z 50 --seed 3 --pacct -d "$t/m" >"$t/gen.out" 2>&1 ||
    nok "generator runs for 400 processes"
check "proc_stat.log and proc_ps.log are consistent" \
    awk -f "$t/ps.awk" "$t/m/proc_stat.log" "$t/m/proc_ps.log"
summary=$(awk -f "$t/ps.awk" "$t/m/proc_stat.log" "$t/m/proc_ps.log")
echo "# $summary"
set -- $summary
check "all 400 processes appear in proc_ps.log" [ "$2" -eq 400 ]
check "some processes change name (exec)" [ "$4" -gt 0 ]
check "some names hold spaces or ')'" [ "$6" -gt 0 ]
check "states R, D, Z and S all occur" [ "$8" -gt 0 -a "${10}" -gt 0 -a \
    "${12}" -gt 0 -a "${14}" -gt 0 ]

# Kernel threads hang under kthreadd, the boot under init -> rc -> scripts.
# PF_KTHREAD (0x200000) in the flags marks kernel threads.
check "kernel threads are children of kthreadd (PID 2)" awk '
	{ r = $0; sub(/.*\) /, "", r); split(r, f, " ") }
	$1 > 2 && int(f[7] / 2097152) % 2 == 1 { k++; if (f[2] != 2) bad = 1 }
	END { exit bad || k == 0 }' "$t/m/proc_ps.log"
check "rc is a child of init and has children" sh -c "
	rc=\$(awk '\$2 == \"(rc)\" && \$4 == 1 { print \$1; exit }' '$t/m/proc_ps.log')
	[ -n \"\$rc\" ] && awk -v rc=\"\$rc\" '\$4 == rc { f = 1 } END { exit !f }' '$t/m/proc_ps.log'"

# Disk counters only grow (in-flight I/O aside), I/O time never exceeds
# the interval, and it advances when processes wait in state D.
cat >"$t/disk.awk" <<'AWK'
/^[0-9]+$/ { lastt = t; t = $1; blk++; next }
NF == 20 {
	for (i = 4; i <= 20; i++) if (i != 12 && (($3, i) in v) && $i < v[$3, i]) { print "drops: " $3 " field " i; bad++ }
	if ((($3, 13) in v) && $13 - v[$3, 13] > (t - lastt) * 10) { print "io time > interval: " $0; bad++ }
	if ($3 == "sda" || $3 == "nvme0n1") { if ((($3, 13) in v) && $13 > v[$3, 13]) moved++ }
	for (i = 4; i <= 20; i++) v[$3, i] = $i
	devs[$3] = 1; next
}
NF != 0 { print "bad line: " $0; bad++ }
END {
	if (!("sda" in devs) || !("sda1" in devs) || !("nvme0n1" in devs)) { print "missing device"; bad++ }
	if (moved == 0) { print "disk never busy"; bad++ }
	exit bad > 0
}
AWK
check "proc_diskstats.log counters are monotonic and bounded" \
    awk -f "$t/disk.awk" "$t/m/proc_diskstats.log"
check "disk busy time grows while processes are in D" sh -c "
	awk '/^[0-9]+\$/ { b++ } \$3 == \"D\" { d[b] = 1 } END { for (k in d) print k }' '$t/m/proc_ps.log' | LC_ALL=C sort > '$t/dblk'
	awk '/^[0-9]+\$/ { b++ } \$3 == \"sda\" || \$3 == \"nvme0n1\" { s[b] += \$13 } END { for (k = 2; k <= b; k++) if (s[k] > s[k-1]) print k }' '$t/m/proc_diskstats.log' | LC_ALL=C sort > '$t/busy'
	[ \$(LC_ALL=C comm -23 '$t/dblk' '$t/busy' | grep -cv '^1\$') -eq 0 ]"

# Other shapes: one CPU at 100 Hz (no room between samples for unseen
# processes), four CPUs at 3 Hz (uneven intervals of 33 and 34 ticks).
for v in "-c 1 -z 100 -n 200 -s 5" "-c 4 -z 3 -n 100 -s 30"; do
	cpus=$(echo "$v" | cut -d' ' -f2)
	rm -rf "$t/v"
	# shellcheck disable=SC2086
	"$gen" -q $v --pacct -d "$t/v" >/dev/null 2>&1
	check "consistent logs with $v" sh -c "
		awk -f '$t/ps.awk' '$t/v/proc_stat.log' '$t/v/proc_ps.log' &&
		awk -f '$t/disk.awk' '$t/v/proc_diskstats.log' &&
		grep -q '($cpus)\$' '$t/v/header' &&
		[ \$(grep -c '^cpu[0-9]' '$t/v/proc_stat.log') -eq \$(($cpus * \$(grep -c '^cpu ' '$t/v/proc_stat.log'))) ]"
done

# Accounting: 64-byte v3 records, little-endian, one per exited process.
check "kernel_pacct holds whole 64-byte v3 records" sh -c "
	size=\$(wc -c < '$t/m/kernel_pacct')
	[ \$size -gt 0 ] && [ \$((size % 64)) -eq 0 ] &&
	od -An -v -tu1 -w64 '$t/m/kernel_pacct' | awk '\$2 != 3 { exit 1 }'"
check "without --pacct there is no kernel_pacct" sh -c \
    "! tar -tzf '$t/c.tgz' >/dev/null || true; \"$gen\" -q -n 50 -s 5 -z 10 -o '$t/np.tgz' && ! tar -tzf '$t/np.tgz' | grep -q kernel_pacct"

# Bad usage and unwritable output: distinct exit codes, nothing left behind.
"$gen" -q -n 50 -s 5 -z 1000 -o "$t/bad.tgz" 2>"$t/err"
check "bad option value exits 1 with a message" sh -c \
    "[ $? -eq 1 ] && grep -q 'bad value' '$t/err' && [ ! -e '$t/bad.tgz' ]"
"$gen" -q -n 50 -s 5 -z 10 -o "$t/no/such/dir/x.tgz" 2>"$t/err"
check "unwritable output exits 3, names the file, leaves nothing" sh -c \
    "[ $? -eq 3 ] && grep -q 'x.tgz' '$t/err' && ! ls '$t/no' 2>/dev/null"

# The benchmark size: -n 1500 -s 60 -z 50 gives a proc_ps.log near 90 MB.
if [ "${BC_SAN:-0}" = 1 ]; then
	ok "90 MB case # SKIP slow under sanitizers"
else
	"$gen" -n 1500 -s 60 -z 50 -d "$t/big" >"$t/big.out" 2>&1
	size=$(wc -c < "$t/big/proc_ps.log" 2>/dev/null || echo 0)
	echo "# proc_ps.log of -n 1500 -s 60 -z 50: $size bytes"
	check "the 1500-process, 60 s, 50 Hz proc_ps.log is 80-100 MB" \
	    [ "$size" -ge 80000000 -a "$size" -le 100000000 ]
	rm -rf "$t/big"
fi

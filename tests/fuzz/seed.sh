#!/bin/sh
# seed.sh: builds the fuzzers' seed corpora in DIR from the shared
# reference logs (read in place) and logs made by the tests' own
# generator.  Nothing here is committed: corpora live under build/.
#   usage: seed.sh DIR [GEN_BOOTLOG [GEN_TDAT7 [TDAT_FOREIGN]]]
set -eu

mkdir -p "$1"
out=$(cd "$1" && pwd)
gen=${2:-}
gen7=${3:-}
foreign=${4:-}
top=$(cd "$(dirname "$0")/../.." && pwd)
shared=${BC_SHARED:-$(cd "$top/.." && pwd)/shared}
ex=$shared/data/bootchart-0.9
cut=16384		# seeds stay small: libFuzzer mutates small inputs faster

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out/archive" "$out/logs" "$out/pacct" "$out/config" "$out/chart" \
    "$out/trace"

# logs: kind byte (index into fuzz_logs.c's names[]), split byte, member.
kind_of() {
	case "$1" in
	header) echo 0 ;; proc_stat.log) echo 1 ;; proc_diskstats.log) echo 2 ;;
	proc_ps.log) echo 3 ;; kernel_pacct) echo 4 ;; init_pidname.log) echo 5 ;;
	proc_meminfo.log) echo 6 ;; cmdline2.log) echo 7 ;; paternity.log) echo 8 ;;
	taskstats.log) echo 9 ;; dmesg) echo 10 ;; cgroup.log) echo 11 ;;
	taskstats_exit.log) echo 12 ;;
	*) echo "" ;;
	esac
}

log_seed() {	# file name-tag
	k=$(kind_of "$(basename "$1")")
	[ -n "$k" ] || return 0
	{ printf "\\$(printf %03o "$k")\\177"; head -c $cut "$1"; } \
	    >"$out/logs/$2-$(basename "$1")"
}

# A copy of a log directory with every member cut to $cut bytes, as
# tar, tar.gz and tar.bz2 (the filters a real log comes in).
archive_seeds() {	# dir tag
	d=$tmp/$2
	mkdir -p "$d"
	for f in "$1"/*; do
		[ -n "$(kind_of "$(basename "$f")")" ] || continue
		head -c $cut "$f" >"$d/$(basename "$f")"
	done
	(cd "$d" && tar -cf "$out/archive/$2.tar" --format=ustar ./*)
	(cd "$d" && tar -czf "$out/archive/$2.tgz" ./*)
	(cd "$d" && tar -cjf "$out/archive/$2.tbz2" ./*)
}

for e in example1 example2; do
	[ -d "$ex/$e" ] || continue
	for f in "$ex/$e"/*; do
		log_seed "$f" "$e"
	done
	archive_seeds "$ex/$e" "$e"
done
if [ -f "$ex/example2/kernel_pacct" ]; then
	head -c 4096 "$ex/example2/kernel_pacct" >"$out/pacct/example2"
fi

# The generator's logs: the 0.9 four and kernel_pacct.  (They are made
# in genlogs/: archive_seeds cuts into $tmp/TAG, and cutting a file onto
# itself left the gen archives empty.)
if [ -n "$gen" ] && [ -x "$gen" ]; then
	"$gen" -n 30 -s 4 --pacct -d "$tmp/genlogs" -q >/dev/null 2>&1 || true
	if [ -d "$tmp/genlogs" ]; then
		for f in "$tmp/genlogs"/*; do
			log_seed "$f" gen
		done
		[ -f "$tmp/genlogs/kernel_pacct" ] &&
		    head -c 4096 "$tmp/genlogs/kernel_pacct" >"$out/pacct/gen"
		archive_seeds "$tmp/genlogs" gen
	fi
fi

# fuzz_chart reads archives too: the same seeds, drawn; and a chart of
# 1 500 rows (24 000 px, about a hundred PNG bands) in 4 KB of xz, so
# bands far from the top are painted from the start.
cp "$out"/archive/* "$out/chart/"
mkdir -p "$tmp/tall"
awk 'BEGIN {
	for (b = 0; b < 3; b++) {
		print 100 + 20 * b
		print "1 (init) S 0 1 1 0 -1 0 0 0 0 0 " b " 0 0 0 20 0 1 0 1 0 0"
		for (p = 2; p <= 1500; p++)
			print p " (w" p % 97 ") R " 1 + int(p / 40) " 0 0 0 0 0 " \
			    "0 0 0 0 " 2 * b * (p % 3) " 0 0 0 0 0 0 0 10 0 0"
		print ""
	}
}' >"$tmp/tall/proc_ps.log"
(cd "$tmp/tall" && tar -cJf "$out/chart/tall.txz" proc_ps.log)

# Exit records as bootchartd writes them: a process, its thread, an
# escaped name, a thread group without its own record.
printf '500 500 1 10000000 9000 1000 worker\n500 501 1 5000000 5000 0 w\\012x\n700 701 1 2000 2 0 t\n' \
    >"$tmp/taskstats_exit.log"
log_seed "$tmp/taskstats_exit.log" hand

# No reference log has a kernel log: a few lines of each kind it holds.
printf '[    0.000000] Linux version 6.1.0\n[    0.2] calling  a_init+0x0/0x9 @ 1\n[    0.300000] initcall a_init+0x0/0x9 returned 0 after 1000 usecs\n[    1.000000] initcall m_init+0x0/0x9 [m] returned -5 after 7 usecs\n <6>[    1.100000] Run /init as init process\n[    2.000000] EXT4-fs (vda1): mounted filesystem\n' \
    >"$tmp/dmesg"
log_seed "$tmp/dmesg" hand
# Nor a cgroup.log: as bootchartd writes it, with an escaped byte.
printf '1 /init.scope
412 /system.slice/ssh.service
413 /system.slice/system-getty.slice/getty@tty1.service
500 /user.slice/user-1000.slice/session-2.scope
501 /system.slice/a\012b.service/control
2 /
' \
    >"$tmp/cgroup.log"
log_seed "$tmp/cgroup.log" hand

cp "$top/scripts/bootchartd.conf" "$out/config/shipped.conf"
printf 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet init=/sbin/bootchartd bootchart_init=/sbin/init\n' \
    >"$out/config/cmdline"
printf 'SAMPLE_PERIOD="0.2"\nTMPFS_SIZE=32m\nEXIT_PROC="gdm kdm"\n# c\nBOOTLOG_DEST='"'"'/var/log/x.tgz'"'"'\n' \
    >"$out/config/small.conf"

# Other kernels' traces (tdat_foreign, docs/trace.md): the version 6
# recordings as a big-endian kernel's, a 32-bit one's and both, in v6
# and v7.  They are made in foreign/, the trace seeds' second source.
mkdir -p "$tmp/foreign"
if [ -n "$foreign" ] && [ -x "$foreign" ]; then
	for f in "$top"/tests/fuzz/trace/*-v6.dat; do
		b=$(basename "$f" -v6.dat)
		"$foreign" -b "$f" "$tmp/foreign/$b-be64-v6.dat" >/dev/null
		"$foreign" -b -4 "$f" "$tmp/foreign/$b-be32-v6.dat" >/dev/null
		"$foreign" -4 -7 "$f" "$tmp/foreign/$b-le32-v7.dat" >/dev/null
		"$foreign" -b -4 -7 "$f" "$tmp/foreign/$b-be32-v7.dat" \
		    >/dev/null
	done
fi

# A profile whose trace is its command's alone (bootchart.trace.scope):
# the make fixture's log with the header line a TRACE_SCOPE=command
# recording has, so the scoped paths are seeded.
mk=$top/tests/data/traces/make.tgz
if [ -f "$mk" ] && mkdir -p "$tmp/scoped" &&
    tar -xzf "$mk" -C "$tmp/scoped" 2>/dev/null; then
	pp=$(sed -n 's/^profile.parent = //p' "$tmp/scoped/header")
	printf 'bootchart.trace.scope = command %s\n' "${pp:-1}" \
	    >>"$tmp/scoped/header"
	(cd "$tmp/scoped" && tar -czf "$out/chart/scoped.tgz" *)
fi

# fuzz_chart takes a trace.dat as the member of a one-process log.
for f in "$top"/tests/fuzz/trace/*.dat "$tmp"/foreign/*.dat; do
	[ -f "$f" ] || continue
	cp "$f" "$out/chart/$(basename "$f")"
done

# trace: small real recordings (tests/fuzz/trace/, made by
# tdat_small.py from trace-cmd extract, then trace-cmd convert), behind
# fuzz_trace.c's mode byte: read, dumped, and as the member.
# A version 7 file whose CPU repeats one zstd chunk (gen_tdat7): the
# shape of a hostile trace that unpacks far past its size, kept small.
if [ -n "$gen7" ] && [ -x "$gen7" ]; then
	"$gen7" -c 4 -p 4 -e 3 -o "$tmp/repeat-v7.dat" >/dev/null &&
	    cp "$tmp/repeat-v7.dat" "$out/chart/repeat-v7.dat"
fi
for f in "$top"/tests/fuzz/trace/*.dat "$tmp"/repeat-v7.dat \
    "$tmp"/foreign/*.dat; do
	[ -f "$f" ] || continue
	for m in 0 1 2; do
		{ printf "\\$(printf %03o "$m")"; cat "$f"; } \
		    >"$out/trace/$m-$(basename "$f")"
	done
done

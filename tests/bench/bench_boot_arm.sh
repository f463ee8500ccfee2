#!/bin/sh
# bench_boot_arm.sh: what the logger costs an arm64 boot on a slow CPU: Debian's arm64 kernel in qemu-system-aarch64 (TCG, an emulated Cortex-A57, far slower than a board's), booted without the logger, with it sampling, and with exact mode on, interleaved; medians of BENCH_ARM_RUNS (5) rounds.
#
# Each boot is tests/boot/boot.sh -A aarch64 (busybox initramfs as the
# root, the scripted boot of tests/boot/rootfs).  Printed per kind: the
# kernel's hand-over to init ("Run ... as init process") and the end of
# the scripted boot (BCTEST-RCDONE), both on the guest's clock, their
# ratios to the boot without the logger, and the logger's own CPU time
# (the header's bootchart.trace.cpu in exact mode).  Skips (exit 0) where
# boot_arm.sh would.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
runs=${BENCH_ARM_RUNS:-5}
logger=${BC_LOGGER:-$top/build/default/bootchartd}
for c in aarch64-linux-gnu-gcc qemu-system-aarch64; do
	if ! command -v "$c" >/dev/null 2>&1; then
		echo "bench_boot_arm: skipped (no $c)"
		exit 0
	fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
b=$tmp/aarch64
make -s -j2 ARCH=aarch64 BUILD="$b" >"$tmp/make.log" 2>&1 || {
	echo "bench_boot_arm: make ARCH=aarch64 failed"; cat "$tmp/make.log"; exit 1; }
words=$("$logger" kernel-args | tr '\n' ' ')

# one KIND ROUND: a boot; appends "KIND INIT_S END_S LOGGER_CPU_S".
one() {
	d=$tmp/$1-$2
	case $1 in
	none) set -- "$1" -n ;;
	sampled) set -- "$1" ;;
	exact) set -- "$1" -x "$words" ;;
	esac
	k=$1
	shift
	if ! tests/boot/boot.sh -A aarch64 -b "$b" -t 900 "$@" "$d" \
	    >"$d.out" 2>&1; then
		echo "bench_boot_arm: a $k boot failed:"
		tail -n 5 "$d.out" "$d/serial.log" 2>/dev/null
		return 1
	fi
	init=$(sed -n 's/^\[ *\([0-9.]*\)\] Run .* as init process.*/\1/p' \
	    "$d/serial.log" | head -n 1)
	end=$(sed -n 's/^BCTEST-RCDONE uptime=\([0-9.]*\).*/\1/p' "$d/serial.log")
	cpu=-
	if [ -s "$d/bootchart.tgz" ]; then
		cpu=$(gzip -dc "$d/bootchart.tgz" | tar -xOf - header 2>/dev/null |
		    sed -n 's/^bootchart\.trace\.cpu = \([0-9.]*\).*/\1/p')
	fi
	echo "$k ${init:-?} ${end:-?} ${cpu:--}" >>"$tmp/rows"
}

i=1
while [ "$i" -le "$runs" ]; do
	for k in none sampled exact; do
		one "$k" "$i" || exit 1
	done
	i=$((i + 1))
done
awk -v runs="$runs" '
function median(k, c,   n, i, j, t, a) {
	n = 0
	for (i = 1; i <= cnt[k]; i++) a[++n] = v[k, c, i]
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ cnt[$1]++; for (c = 2; c <= 4; c++) v[$1, c, cnt[$1]] = $c }
END {
	printf "arm64 boot in qemu TCG (emulated Cortex-A57), medians of %d interleaved rounds:\n", runs
	ni = median("none", 2); ne = median("none", 3)
	split("none sampled exact", ks, " ")
	for (i = 1; i <= 3; i++) {
		k = ks[i]
		printf "  %-8s init at %6.3f s (x%.3f)   end of the boot %6.3f s (x%.3f)", k,
		    median(k, 2), median(k, 2) / ni, median(k, 3), median(k, 3) / ne
		if (k == "exact") printf "   the logger'"'"'s CPU %.3f s", median(k, 4)
		printf "\n"
	}
}' "$tmp/rows"

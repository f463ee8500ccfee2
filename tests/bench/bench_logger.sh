#!/bin/sh
# bench_logger.sh: bootchartd's CPU per process-sample with 1000 sleeping
# processes (exec'd sleep: real address layouts) at 50 Hz for 10 s, against the floor (pread of open
# /proc/PID/stat descriptors) and the naive way (open/read/close), all
# measured in this run; plus bootchartd's peak RSS.  With BOOTCHART2_SRC
# (bootchart2's source tree, or a git directory of it: it is not
# packaged in Debian) its bootchart-collector is built here and measured
# too, in its normal setting (taskstats as root, the rate asked for).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
b=${BC_BUILD:-build/default}
case $b in /*) ;; *) b=$top/$b ;; esac
out=${BC_BENCH_DIR:-$top/build/bench}/bench_logger.tgz
mkdir -p "$(dirname "$out")"
export BOOTCHARTD_RUNDIR=$(dirname "$out")
# build_collector SRC DIR: DIR/bootchart-collector from SRC's collector/
# as its Makefile builds it (-O2 here, as a distribution would).  Its
# library directory must be one level under its LIBDIR (it mirrors the
# path inside its tmpfs to chroot there): $pkg, under /run; bench_logger
# runs it in a mount namespace of its own, so its mounts stay there.
pkg=/run/bc2bench-$$
build_collector() {
	if [ -d "$1/collector" ]; then
		cp -r "$1/collector" "$2/" || return 1
	else
		git --git-dir="$1" archive HEAD collector 2>/dev/null |
		    tar -x -C "$2" || return 1
	fi
	mkdir -p "$pkg/tmpfs" &&
	cc -O2 -pthread -DEARLY_PREFIX='""' -DLIBDIR='"/run"' \
	    -DPKGLIBDIR="\"$pkg\"" -DPROGRAM_PREFIX='""' \
	    -DPROGRAM_SUFFIX='""' -DVERSION='"bench"' -w \
	    -o "$2/bootchart-collector" "$2"/collector/*.c
}
# 1000 processes at 50 Hz log about 16 MB/s: room for the whole run.
export BENCH_CONF=$BOOTCHARTD_RUNDIR/bench_logger.conf
printf 'TMPFS_SIZE=1g\n' >"$BENCH_CONF"
unset BENCH_COLLECTOR
bc2=""
if [ -n "${BOOTCHART2_SRC:-}" ]; then
	bc2=$(mktemp -d) || exit 1
	if ! build_collector "$BOOTCHART2_SRC" "$bc2"; then
		echo "bench_logger: cannot build bootchart2's collector from" \
		    "$BOOTCHART2_SRC" >&2
		rm -rf "$bc2"
		exit 1
	fi
	export BENCH_COLLECTOR=$bc2/bootchart-collector
else
	echo "bootchart2's collector: not measured (set BOOTCHART2_SRC to" \
	    "its source, e.g. a clone of github.com/xrmx/bootchart)"
fi
"$b/tests/tools/bench_logger" "$b/bootchartd" "$out" \
    "${BENCH_NPROC:-1000}" "${BENCH_HZ:-50}" "${BENCH_SECONDS:-10}"
rc=$?
rm -f "$out" "$BENCH_CONF"
rm -rf "$out.bc2" ${bc2:+"$bc2" "$pkg"}
exit $rc

#!/bin/sh
# bench_logger.sh: bootchartd's CPU per process-sample with 1000 sleeping
# processes at 50 Hz for 10 s, against the floor (pread of open
# /proc/PID/stat descriptors) and the naive way (open/read/close), all
# measured in this run; plus bootchartd's peak RSS.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
b=${BC_BUILD:-build/default}
case $b in /*) ;; *) b=$top/$b ;; esac
out=${BC_BENCH_DIR:-$top/build/bench}/bench_logger.tgz
mkdir -p "$(dirname "$out")"
export BOOTCHARTD_RUNDIR=$(dirname "$out")
# 1000 processes at 50 Hz log about 16 MB/s: room for the whole run.
export BENCH_CONF=$BOOTCHARTD_RUNDIR/bench_logger.conf
printf 'TMPFS_SIZE=1g\n' >"$BENCH_CONF"
"$b/tests/tools/bench_logger" "$b/bootchartd" "$out" \
    "${BENCH_NPROC:-1000}" "${BENCH_HZ:-50}" "${BENCH_SECONDS:-10}"
rc=$?
rm -f "$out" "$BENCH_CONF"
exit $rc

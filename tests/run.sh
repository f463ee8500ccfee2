#!/bin/sh
# run.sh: runs every unit test and script test against one or more build
# directories and prints one summary line "N passed, N failed[, N skipped]".
#
# Unit tests are cmocka binaries (TAP output); script tests are
# tests/sh/*.sh printing TAP lines ("ok - ...", "not ok - ...",
# "ok - ... # SKIP why").  A script that exits non-zero without printing
# a failure counts as one failure.  Environment passed to scripts:
#   BC_BUILD   build directory      BC_RENDER  renderer binary
#   BC_LOGGER  logger binary        BC_SAN     1 under sanitizers
#   BC_SHARED  ../shared (reference data, read in place)
#   BC_TMP     a scratch directory removed afterwards
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
[ $# -gt 0 ] || set -- build/default
only=${TESTS:-}		# optional substring filter on test names

pass=0 fail=0 skip=0
failed_names=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Reads TAP on stdin, updates counters; echoes failures and skips.
count() {
	name=$1
	while IFS= read -r line; do
		case "$line" in
		"not ok"*)
			fail=$((fail + 1))
			failed_names="$failed_names
  $name: $line"
			echo "  $line" ;;
		"ok"*"# SKIP"*|"ok"*"# skip"*)
			skip=$((skip + 1))
			echo "  $line" ;;
		"ok"*)
			pass=$((pass + 1)) ;;
		esac
	done
}

# Counts one test program's TAP output in $log, given its name and exit
# status; a program that failed without saying "not ok" is one failure.
judge() {
	count "$1" <"$log"
	if [ "$2" -ne 0 ] && ! grep -q '^not ok' "$log"; then
		fail=$((fail + 1))
		failed_names="$failed_names
  $1: exit status $2"
		tail -n 30 "$log"
	elif grep -q '^not ok' "$log"; then
		grep -v '^ok' "$log" | tail -n 40
	fi
}

timeout_for() {
	case "$1" in
	*boot*) echo 1500 ;;
	harden_caps) echo 1200 ;;	# GBs at every cap: 6 min on a busy machine
	*) echo 600 ;;
	esac
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=86}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=87}
export BC_SHARED=${BC_SHARED:-$(cd "$top/.." && pwd)/shared}

for b in "$@"; do
	case "$b" in
	*asan*) san=1 ;;
	*) san=0 ;;
	esac
	echo "== tests against $b (sanitizers: $san)"
	for t in "$b"/tests/test_*; do
		[ -x "$t" ] || continue
		n=$(basename "$t")
		case "$n" in *.o|*.d) continue ;; esac
		[ -n "$only" ] && case "$n" in *"$only"*) ;; *) continue ;; esac
		echo "-- $n"
		CMOCKA_MESSAGE_OUTPUT=TAP BC_SHARED=$BC_SHARED BC_SAN=$san \
		    timeout "$(timeout_for "$n")" "$t" >"$log" 2>&1
		judge "$b/$n" $?
	done
	for t in tests/sh/*.sh; do
		[ -f "$t" ] || continue
		n=$(basename "$t" .sh)
		[ -n "$only" ] && case "$n" in *"$only"*) ;; *) continue ;; esac
		echo "-- $n"
		tmp=$(mktemp -d)
		BC_BUILD=$b BC_RENDER=$top/$b/bootchart-render \
		    BC_LOGGER=$top/$b/bootchartd BC_SAN=$san BC_TMP=$tmp \
		    timeout "$(timeout_for "$n")" sh "$t" >"$log" 2>&1
		rc=$?
		rm -rf "$tmp"
		judge "$b/$n" $rc
	done
done

if [ $fail -gt 0 ]; then
	echo "failures:$failed_names"
fi
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]

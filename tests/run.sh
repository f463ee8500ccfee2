#!/bin/sh
# run.sh: runs every unit test and script test against one or more build
# directories and prints one summary line "N passed, N failed[, N skipped]".
#
#   usage: run.sh [-j N] [--fast] [--pkg] [-t NAME] [BUILD_DIR...]
#     -j N     run N tests at once (default 1); the report keeps the order
#     --fast   leave out the qemu boots (boot_*) and the fuzz smoke run,
#              which take minutes; make check runs them
#     --pkg    the package builds (pkg_*: make check-pkg), left out
#              otherwise (minutes each, and they build their own tree)
#     -t NAME  only the test called NAME (test_bootlog, cli_options, ...)
#   TESTS=STRING in the environment keeps the tests whose name contains it.
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

usage() {
	echo "usage: run.sh [-j N] [--fast] [--pkg] [-t NAME] [BUILD_DIR...]" >&2
	exit 1
}

njobs=1 fast=0 pkg=0 exact=""
while [ $# -gt 0 ]; do
	case "$1" in
	-j) [ $# -ge 2 ] || usage; njobs=$2; shift 2 ;;
	-j*) njobs=${1#-j}; shift ;;
	--fast) fast=1; shift ;;
	--pkg) pkg=1; shift ;;
	-t) [ $# -ge 2 ] || usage; exact=$2; shift 2 ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
done
case "$njobs" in ''|*[!0-9]*|0) usage ;; esac
[ $# -gt 0 ] || set -- build/default
only=${TESTS:-}		# optional substring filter on test names

pass=0 fail=0 skip=0
failed_names="" notrun=""
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# An interrupt stops the starting of tests, then the running ones:
# timeout forwards TERM to the test's whole process group.
producer=""
stop() {
	[ -n "$producer" ] && kill -TERM "$producer"
	for f in "$dir"/*.pid; do
		[ -f "$f" ] && kill -TERM "$(cat "$f")"
	done
	exit 130
} 2>/dev/null
trap stop INT TERM

# Reads TAP on stdin, updates counters; echoes failures and skips.
count() {
	name=$1
	while IFS= read -r line; do
		case "$line" in
		"not ok"*"# SKIP"*|"ok"*"# SKIP"*|"ok"*"# skip"*)
			# cmocka writes a skipped test as "not ok N # SKIP".
			skip=$((skip + 1))
			echo "  $line" ;;
		"not ok"*)
			fail=$((fail + 1))
			failed_names="$failed_names
  $name: $line"
			echo "  $line" ;;
		"ok"*)
			pass=$((pass + 1)) ;;
		esac
	done
}

# Counts one test program's TAP output in file $2, given its name and
# exit status $3; a program that failed without saying "not ok" is one
# failure.
judge() {
	count "$1" <"$2"
	if [ "$3" -ne 0 ] && ! grep -q '^not ok' "$2"; then
		fail=$((fail + 1))
		failed_names="$failed_names
  $1: exit status $3"
		tail -n 30 "$2"
	elif grep -q '^not ok' "$2"; then
		grep -av '^ok' "$2" | tail -n 40
	fi
}

timeout_for() {
	case "$1" in
	*boot*|pkg_*) echo 1500 ;;
	harden_caps) echo 1200 ;;	# GBs at every cap: 6 min on a busy machine
	*) echo 600 ;;
	esac
}

# Whether the test called $1 runs; notes what --fast leaves out.
selected() {
	if [ -n "$exact" ]; then
		[ "$1" = "$exact" ]
		return
	fi
	if [ -n "$only" ]; then
		case "$1" in *"$only"*) ;; *) return 1 ;; esac
	fi
	case "$1" in
	pkg_*) [ $pkg -eq 1 ] || return 1 ;;
	esac
	if [ $fast -eq 1 ]; then
		case "$1" in
		boot_*|fuzz_smoke)
			case " $notrun " in *" $1 "*) ;; *) notrun="$notrun $1" ;; esac
			return 1 ;;
		esac
	fi
	return 0
}

# Runs job $1 (build $2, test name $3, program $4): TAP into $dir/$1.log,
# then the exit status into $dir/$1.rc once the log is complete.  The
# test does not inherit the FIFOs below.
run_job() {
	case "$2" in
	*asan*) san=1 ;;
	*) san=0 ;;
	esac
	case "$4" in
	*.sh)
		tmp=$(mktemp -d)
		BC_BUILD=$2 BC_RENDER=$top/$2/bootchart-render \
		    BC_LOGGER=$top/$2/bootchartd BC_SAN=$san BC_TMP=$tmp \
		    timeout "$(timeout_for "$3")" sh "$4" >"$dir/$1.log" 2>&1 \
		    3>&- 4>&- &
		;;
	*)
		tmp=""
		if [ -x "$4" ]; then
			CMOCKA_MESSAGE_OUTPUT=TAP BC_SHARED=$BC_SHARED \
			    BC_SAN=$san timeout "$(timeout_for "$3")" "$4" \
			    >"$dir/$1.log" 2>&1 3>&- 4>&- &
		else
			echo "not ok - $4 not built (make tests)" \
			    >"$dir/$1.log" &
		fi
		;;
	esac
	echo $! >"$dir/$1.pid"
	wait $!
	rc=$?
	rm -f "$dir/$1.pid"
	[ -n "$tmp" ] && rm -rf "$tmp"
	# After an interrupt $dir may be gone: nothing to say then.
	{ echo $rc >"$dir/$1.rc.new" && mv "$dir/$1.rc.new" "$dir/$1.rc"; } \
	    2>/dev/null
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=86}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=87}
export BC_SHARED=${BC_SHARED:-$(cd "$top/.." && pwd)/shared}

# The job list, in report order: "number build name program".
n=0
for b in "$@"; do
	# One binary per source: a stale binary of a renamed test is not run.
	for t in tests/unit/test_*.c; do
		[ -f "$t" ] || continue
		name=$(basename "$t" .c)
		selected "$name" || continue
		n=$((n + 1))
		echo "$n $b $name $b/tests/$name"
	done
	for t in tests/sh/*.sh; do
		[ -f "$t" ] || continue
		name=$(basename "$t" .sh)
		selected "$name" || continue
		n=$((n + 1))
		echo "$n $b $name $t"
	done
done >"$dir/jobs"

# Starts the jobs, at most $njobs at a time: FIFO "slots" holds the free
# slots; each job ends by a line into FIFO "done", where the report waits.
mkfifo "$dir/slots" "$dir/done" || exit 1
exec 4<>"$dir/done"
(
	exec 3<>"$dir/slots"
	i=0
	while [ $i -lt "$njobs" ]; do echo >&3; i=$((i + 1)); done
	while read -r id b name prog; do
		read -r _ <&3
		( run_job "$id" "$b" "$name" "$prog"; echo >&3; echo >&4 ) &
	done <"$dir/jobs"
	wait
	: >"$dir/all-done"
	echo >&4
) &
producer=$!

# Reports each job in order as soon as it is done.
cur=""
while read -r id b name prog; do
	case "$b" in
	"$cur") ;;
	*asan*) cur=$b; echo "== tests against $b (sanitizers: 1)" ;;
	*) cur=$b; echo "== tests against $b (sanitizers: 0)" ;;
	esac
	echo "-- $name"
	# all-done comes after the last job: then a missing status is one
	# that could not be written, a failure, never a hang.
	while [ ! -f "$dir/$id.rc" ] && [ ! -f "$dir/all-done" ]; do
		read -r _ <&4
	done
	rc=$(cat "$dir/$id.rc" 2>/dev/null) || rc=1
	judge "$b/$name" "$dir/$id.log" "$rc"
done <"$dir/jobs"
wait

if [ -n "$exact" ] && [ "$n" -eq 0 ]; then
	echo "run.sh: no test called $exact in $*" >&2
	exit 1
fi
if [ -n "$notrun" ]; then
	echo "not run (--fast; make check runs them):$notrun"
fi
if [ $fail -gt 0 ]; then
	echo "failures:$failed_names"
fi
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]

# fuzz_smoke.sh: a short libFuzzer run of every target on its seed corpus (about a minute and a quarter in all).
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${FUZZ_SMOKE_SECONDS:-15}
targets="archive logs pacct config chart"

# The fuzzers carry their own ASan+UBSan build: once is enough.
if [ "${BC_SAN:-0}" = 1 ]; then
	for t in $targets; do
		echo "ok - fuzz_$t # SKIP run once, in the plain pass"
	done
	exit 0
fi
fb=$top/$BC_BUILD/fuzz
for t in $targets; do
	FUZZ_BUILD=$fb "$top/tests/fuzz/run.sh" "$secs" "$t" \
	    >"$BC_TMP/fuzz.out" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' \
	    "$BC_TMP/fuzz.out" | tail -n 1)
	case $rc in
	0)	echo "ok - fuzz_$t: ${runs:-?} runs in $secs s, no finding" ;;
	77)	echo "ok - fuzz_$t # SKIP clang without libFuzzer" ;;
	*)	echo "not ok - fuzz_$t: exit $rc after ${runs:-?} runs"
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written' \
		    "$BC_TMP/fuzz.out" | head -n 6 | sed 's/^/# /' ;;
	esac
done

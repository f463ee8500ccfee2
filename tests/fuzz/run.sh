#!/bin/sh
# run.sh: builds the libFuzzer targets (clang, ASan+UBSan) and runs each
# for SECONDS on its seed corpus.  `make fuzz FUZZ_SECONDS=N` calls it.
#   usage: run.sh [SECONDS] [TARGET...]  (targets: archive logs pacct config chart trace)
# Env: FUZZ_BUILD (default build/fuzz), FUZZ_CC (clang).
# Exit 0 when no target found a crash, 1 when one did, 77 when clang has
# no libFuzzer.  Crash inputs are left in $FUZZ_BUILD/crashes/.
set -u

secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-archive logs pacct config chart trace}
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
fb=${FUZZ_BUILD:-build/fuzz}
clang=${FUZZ_CC:-clang}
san="-fsanitize=address,undefined -fno-sanitize-recover=all"

# No libFuzzer, no fuzzing: tell the caller so it can skip.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);\n
int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
    >"$probe/p.c"
if ! "$clang" -fsanitize=fuzzer $san -o "$probe/p" "$probe/p.c" \
    >/dev/null 2>&1; then
	echo "run.sh: $clang has no libFuzzer" >&2
	exit 77
fi

# The project's objects, instrumented for coverage (fuzzer-no-link).
# procev.c's netlink message puts data after struct cn_msg, whose last
# member is a flexible array: gcc accepts that, clang warns.  CFLAGS
# replaces the Makefile's default (-O1 -g under SAN=1), so it says it again.
make -s BUILD="$fb" CC="$clang" SAN=1 WERROR=1 \
    CFLAGS="-O1 -g -fsanitize=fuzzer-no-link -Wno-gnu-variable-sized-type-not-at-end" \
    "$fb/librender.a" "$fb/liblogger.a" "$fb/libbc.a" \
    "$fb/tests/tools/gen_bootlog" "$fb/tests/tools/gen_tdat7" \
    "$fb/tests/tools/tdat_foreign" >&2 || exit 2
pkgs="libarchive cairo fontconfig zlib libzstd libgvc"
# Every stage folder, as the Makefile's include path has them.
inc=$(for d in renderer/*/ logger/*/; do printf ' -I%s' "${d%/}"; done)
for t in $targets; do
	src=tests/fuzz/fuzz_$t.c
	bin=$fb/fuzz_$t
	[ -f "$src" ] || { echo "run.sh: no target $t" >&2; exit 2; }
	# shellcheck disable=SC2046
	"$clang" -std=c11 -D_GNU_SOURCE -g -O1 -Wall -Wextra -Werror \
	    -fsanitize=fuzzer $san -Isrc $inc \
	    $(pkg-config --cflags $pkgs) -o "$bin" "$src" \
	    "$fb/librender.a" "$fb/liblogger.a" "$fb/libbc.a" \
	    $(pkg-config --libs $pkgs) -lm -pthread || exit 2
done

corpus=$fb/corpus
tests/fuzz/seed.sh "$fb/seeds" "$fb/tests/tools/gen_bootlog" \
    "$fb/tests/tools/gen_tdat7" "$fb/tests/tools/tdat_foreign" || exit 2
mkdir -p "$fb/crashes"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# A slow input is a finding: -timeout is a few times the costliest input
# the caps allow.  For the parsers that is well under a second; for
# fuzz_chart a 33 KB .txz of 20 000 rows (the vector chart cap) drawn
# whole as SVG takes 5.4 s of CPU under ASan, 13 s of wall time on the
# loaded 2-core machine (docs/fuzzing.md).
timeout_of() {
	case $1 in
	chart|trace) echo 30 ;;
	*) echo 10 ;;
	esac
}
found=0
for t in $targets; do
	mkdir -p "$corpus/$t"
	# Committed reproducers of fixed findings are seeds too.
	extra=""
	[ -d "tests/fuzz/regress/$t" ] && extra=tests/fuzz/regress/$t
	echo "== fuzz_$t: $secs s" >&2
	# -rss_limit_mb and -malloc_limit_mb turn a missing cap into a finding.
	"$fb/fuzz_$t" -max_total_time="$secs" \
	    -timeout="$(timeout_of "$t")" -rss_limit_mb=1024 \
	    -malloc_limit_mb=512 -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix="$fb/crashes/$t-" \
	    "$corpus/$t" "$fb/seeds/$t" $extra >"$fb/fuzz_$t.log" 2>&1
	rc=$?
	grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' \
	    "$fb/fuzz_$t.log" | tail -n 2 >&2
	if [ $rc -ne 0 ]; then
		found=1
		echo "fuzz_$t: FINDING (exit $rc), see $fb/fuzz_$t.log" >&2
		grep -E 'ERROR|SUMMARY|runtime error' "$fb/fuzz_$t.log" |
		    head -n 5 >&2
	fi
done
exit $found

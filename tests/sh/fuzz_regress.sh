#!/bin/sh
# fuzz_regress.sh: every committed reproducer of a fuzz_chart finding (tests/fuzz/regress/chart/) renders as a chart, a summary and a critical path with exit 0 or a clean error (2), in the plain build and under ASan+UBSan (exit 86/87 there: a finding back), without waiting for clang's libFuzzer.
. "$(dirname "$0")/lib/tap.sh.inc"

T=$BC_TMP
R=$BC_RENDER
n=0
for f in tests/fuzz/regress/chart/*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	name=${f##*/}
	for out in "-f png -o $T/c.png" "--summary" "--critical-path"; do
		# shellcheck disable=SC2086
		"$R" $out "$f" >"$T/out" 2>"$T/err"
		rc=$?
		check "$name, $out: exit 0 or 2, no sanitizer report (exit $rc)" \
		    sh -c "[ $rc -eq 0 -o $rc -eq 2 ] && ! grep -q 'runtime error\|Sanitizer' '$T/err'"
	done
done
check "reproducers found ($n)" [ "$n" -gt 0 ]

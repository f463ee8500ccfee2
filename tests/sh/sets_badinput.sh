#!/bin/sh
# sets_badinput.sh: sets of logs given badly, on the recorded sets of tests/data/sets/: a log that does not read is said in one warning naming it and left out (the table and the boot rows say so); a set of profiles against a boot is refused in one line (exit 2), as is a set whose every log failed or was discarded; usage errors exit 1 with one message (and the --help hint); --regression exits 5 for a slower item, 8 when the end needs more boots, 0 otherwise.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
D=$(pwd)/tests/data/sets

# run ARGS...: the renderer from inside $D; rc, $T/out, $T/err.
run() {
	(cd "$D" && "$R" "$@" >"$T/out" 2>"$T/err")
	rc=$?
}

# A log cut short: half of a's first, made here.
head -c 6000 "$D/a/run-01.tgz" >"$T/cut.tgz"
run --compare "$T/cut.tgz" a/run-02.tgz a/run-03.tgz a/run-04.tgz -- b
check "a truncated log in set A: exit 0, one line on stderr" \
    [ $rc -eq 0 -a "$(wc -l <"$T/err")" -eq 1 ]
check "  the line names the file, why, and that it was left out of set A" \
    grep -Eq "^bootchart-render: warning: $T/cut\.tgz(:[a-z_.]+)?: truncated or corrupt archive.*; left out of set A\$" "$T/err"
check "  the table: set A has 3 profiles of 4, 1 did not read" \
    grep -q '^# set A: 3 profiles of 4 (.*), 1 did not read$' "$T/out"
check "  the table: the log left out of A, by name and why" \
    grep -Eq "^# left out of A: $T/cut\.tgz(:[a-z_.]+)?: truncated or corrupt archive" "$T/out"
check "  the table: each item has 3 values of A" \
    sh -c "grep -E '^(phase|process) ' '$T/out' | awk '\$0 !~ / 3 +[0-9.]+ +6 / { exit 1 }'"
run --json --compare "$T/cut.tgz" a/run-02.tgz a/run-03.tgz a/run-04.tgz -- b
check "  --json: its boot row read false, its error said; the others read" \
    python3 -c '
import json, sys
boots = [r for r in map(json.loads, open(sys.argv[1])) if r["row"] == "boot"]
cut = [r for r in boots if r["path"].endswith("cut.tgz")]
sys.exit(not (len(cut) == 1 and cut[0]["read"] is False and
    "truncated" in cut[0]["error"] and cut[0]["kind"] is None and
    all(r["read"] and r["error"] is None for r in boots if r not in cut)))' \
    "$T/out"

run --compare "$T/cut.tgz" -- b
check "every log of set A failed: exit 2, the warning and one error line" \
    [ $rc -eq 2 -a "$(wc -l <"$T/err")" -eq 2 -a ! -s "$T/out" ]
check "  the error: set A, no log left, 1 did not read" \
    grep -q '^bootchart-render: set A: no log left of 1 (1 did not read, 0 discarded by --discard-first)$' "$T/err"
run --discard-first 6 --compare a b
check "--discard-first 6 of six: exit 2, one line saying so" \
    sh -c "[ $rc -eq 2 ] && [ \$(wc -l <'$T/err') -eq 1 ] && grep -q 'set A: no log left of 6 (0 did not read, 6 discarded' '$T/err'"

run --compare a -- ../sample-boot.tgz
check "profiles against a boot: exit 2, one line" \
    [ $rc -eq 2 -a "$(wc -l <"$T/err")" -eq 1 -a ! -s "$T/out" ]
check "  naming a profile's log and the boot's, 'one kind'" \
    grep -q "^bootchart-render: a/run-01.tgz is a profile's log and ../sample-boot.tgz a boot's: sets compare logs of one kind\$" "$T/err"
run --compare a/run-01.tgz ../sample-boot.tgz -- b
check "a boot among set A's profiles: exit 2, one line" \
    [ $rc -eq 2 -a "$(wc -l <"$T/err")" -eq 1 ]

# usage NAME PATTERN ARGS...: exit 1, one message matching, the hint.
usage() {
	name=$1 pat=$2
	shift 2
	run "$@"
	if [ $rc -eq 1 ] && [ ! -s "$T/out" ] && [ "$(wc -l <"$T/err")" -eq 2 ] &&
	    head -n 1 "$T/err" | grep -Eq "^bootchart-render: $pat" &&
	    sed -n 2p "$T/err" | grep -q -- "--help"; then
		ok "usage: $name: exit 1, one message, the --help hint"
	else
		notok "usage: $name (exit $rc: $(head -c 200 "$T/err"))"
	fi
}
usage "--discard-first without sets" "--discard-first.* go with sets" \
    --discard-first 1 a/run-01.tgz
usage "--floor with one log" "--discard-first, --floor" --floor 5 a/run-01.tgz
usage "--compare A -- (no set B)" "--compare A\.\.\. -- B\.\.\.: each set needs" \
    --compare a --
usage "--compare -- B (no set A)" "--compare A\.\.\. -- B\.\.\.: each set needs" \
    --compare -- b
usage "-f with sets" "sets write a table" -f svg --compare a -- b
usage "--summary with sets" "sets write a table" --summary --compare a b
usage "--fdr 0" "" --fdr 0 --compare a b
usage "--discard-first x" "" --discard-first x --compare a b
usage "--regression runnable: over sets" "--regression over sets judges wall or cpu, not runnable" \
    --regression runnable:10 --compare a b

# --regression over sets.
run --regression 100 --compare a b
check "--regression 100, a against b: exit 5, the table written" \
    [ $rc -eq 5 -a -s "$T/out" ]
check "  one line: the most shifted slower item, its shift and CI" \
    sh -c "[ \$(wc -l <'$T/err') -eq 1 ] && grep -Eq '^bootchart-render: slower: process fx-nap \\(duration\\) by \\+300\\.0 ms \\[\\+280\\.0, \\+330\\.0\\], q [0-9.]+ \\(and 2 more\\)\$' '$T/err'"
run --regression 400 --compare a b
check "--regression 400, a against b (shifts of 300 ms): exit 0, nothing said" \
    [ $rc -eq 0 -a ! -s "$T/err" ]
run --regression 100 --compare a c
check "--regression 100, a against its repeat c: exit 8 (the end needs more boots), one line" \
    sh -c "[ $rc -eq 8 ] && [ \$(wc -l <'$T/err') -eq 1 ] && grep -q 'need more boots' '$T/err'"
run --regression 100 --json --compare a c
check "  the same with --json: exit 8, the JSON Lines written" \
    [ $rc -eq 8 -a -s "$T/out" ]
run --compare a c
check "a against c without --regression: exit 0" [ $rc -eq 0 ]
# --regression METRIC:MS over sets: b's three slower items are times
# (fx-nap sleeps longer: its CPU did not move), so wall fails as before
# and cpu passes; cpu leaves the end's "need more boots" out.
run --regression wall:100 --compare a b
check "--regression wall:100, a against b: exit 5, the same line" \
    sh -c "[ $rc -eq 5 ] && grep -q 'slower: process fx-nap (duration) by +300.0 ms' '$T/err'"
run --regression cpu:100 --compare a b
check "--regression cpu:100, a against b (no CPU item slower): exit 0, nothing said" \
    [ $rc -eq 0 -a ! -s "$T/err" ]
run --regression cpu:100 --compare a c
check "--regression cpu:100, a against c: exit 0 (the end is a time)" [ $rc -eq 0 ]

#!/bin/sh
# compare_words.sh: --compare's text words a profile as --summary does (docs/summary.md): two profiles (tests/data/traces' pipe and chain) have the summary's profile milestones, "end" and "duration", and no boot words; two boots keep "end of boot" and "boot time"; a boot beside a profile has a boot's rows in words that fit both.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
R=$BC_RENDER
D=tests/data/traces
B=tests/data/sample-boot.tgz

# labels: the milestone rows' names (between "milestone" and the end reasons).
labels() {
	awk '/^  milestone / { on = 1; next } on && (/^  end reason/ || /^$/) { exit }
	    on && !/zero \(uptime\)/ { sub(/^  /, ""); sub(/ +[-+0-9.]+( .*)?$/, "")
	    sub(/ +-( .*)?$/, ""); print }' "$1" | tr '\n' '|'
}

"$R" --compare "$D/pipe.tgz" "$D/chain.tgz" >"$T/pp" 2>"$T/err"
rc=$?
same "two profiles: exit 0, no message" "$rc $(cat "$T/err")" "0 "
same "two profiles: the profile's milestones" "$(labels "$T/pp")" \
    "start (first process)|logging start|end|duration|"
check "two profiles: no boot words" sh -c \
    '! grep -Eq "end of boot|boot time|kernel end|switch_root" "$1"' _ "$T/pp"
"$R" --summary "$D/pipe.tgz" >"$T/sum"
same "... the single log's summary has the same rows" "$(labels "$T/pp")" \
    "$(labels "$T/sum")"

"$R" --compare "$B" "$B" >"$T/bb"
same "two boots: a boot's milestones" "$(labels "$T/bb")" \
    "start (first process)|kernel end|logging start|switch_root|end of boot|boot time|"
"$R" --compare "$B" "$D/pipe.tgz" >"$T/bp"
same "a boot and a profile: a boot's rows, end and duration" "$(labels "$T/bp")" \
    "start (first process)|kernel end|logging start|switch_root|end|duration|"

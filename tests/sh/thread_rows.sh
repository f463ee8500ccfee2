#!/bin/sh
# thread_rows.sh: with --threads a thread's row, which hangs under its process as a child's would, is labelled as a thread ("thread spinner"), its process's row and every process's not: on the recorded threads fixture (tests/data/traces/threads.tgz: wakeload's spinner and napper), in the SVG and the page.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
R=$BC_RENDER
L=tests/data/traces/threads.tgz

"$R" --threads -f svg -o "$T/t.svg" "$L" 2>"$T/err"
rc=$?
same "--threads -f svg: exit 0, no message" "$rc $(cat "$T/err")" "0 "
for t in spinner napper; do
	check "the $t thread's row is labelled 'thread $t'" \
	    grep -q ">thread $t</text>" "$T/t.svg"
done
check "the process's row is not" sh -c \
    'grep -q ">[^<]*wakeload threads</text>" "$1" &&
    ! grep -q ">thread [^<]*wakeload" "$1"' _ "$T/t.svg"
# Exactly the thread rows: two, as --json's rows with thread_of say.
"$R" --threads --json "$L" >"$T/t.json"
n=$(grep -o '"thread_of": [0-9]' "$T/t.json" | wc -l)
same "as many 'thread' labels as --json's threads ($n)" \
    "$(grep -o '>thread [^<]*</text>' "$T/t.svg" | wc -l)" "$n"
"$R" -f svg -o "$T/p.svg" "$L"
check "without --threads no row says thread" sh -c \
    '! grep -q ">thread [^<]*</text>" "$1"' _ "$T/p.svg"
"$R" --threads -f html -o "$T/t.html" "$L"
check "the page's rows say it too" grep -q ">thread spinner</text>" "$T/t.html"

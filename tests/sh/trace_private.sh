#!/bin/sh
# trace_private.sh: the trace verbs' files show kernel addresses
# (unnamed functions, stacks, events' fields): from a log not
# world-readable (bootchartd writes root:adm 0640) they are created 0600,
# whatever the umask; from a world-readable log, 0666 less the umask as
# any output.  Charts keep the umask's mode either way.
set -u
T=${BC_TMP:?}
R=$BC_RENDER
. "$(dirname "$0")/lib/tap.sh.inc"

SRC=tests/data/traces/pipe.tgz
[ -s "$SRC" ] || { echo "ok - trace_private # SKIP no $SRC"; exit 0; }
cp "$SRC" "$T/log.tgz"
umask 022

mode() { stat -c %a "$1"; }

chmod 0640 "$T/log.tgz"
for v in --dump-events --wakeups --critical-path; do
	n=$T/p$v
	"$R" -q $v -o "$n" "$T/log.tgz"
	check "log 0640: $v -o FILE: 0600 ($(mode "$n"))" [ "$(mode "$n")" = 600 ]
done
"$R" -q -f png -o "$T/p.png" "$T/log.tgz"
check "log 0640: -f png: the umask's 644 ($(mode "$T/p.png"))" \
    [ "$(mode "$T/p.png")" = 644 ]

chmod 0644 "$T/log.tgz"
for v in --dump-events --wakeups --critical-path; do
	n=$T/w$v
	"$R" -q $v -o "$n" "$T/log.tgz"
	check "log 0644: $v -o FILE: the umask's 644 ($(mode "$n"))" \
	    [ "$(mode "$n")" = 644 ]
done
# From standard input, whose file is not known: private.
"$R" -q --dump-events -o "$T/stdin.txt" - <"$T/log.tgz"
check "log on standard input: 0600 ($(mode "$T/stdin.txt"))" \
    [ "$(mode "$T/stdin.txt")" = 600 ]

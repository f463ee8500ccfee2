#!/bin/sh
# dump_stacks.sh: --dump-events prints a kernel stack as trace-cmd report does: every frame the record holds (as many as its size field says, past the 8 its format declares) as unsigned hex addresses; with trace-cmd, the same frames as trace-cmd report's on the recorded fixtures.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
R=$BC_RENDER
LIB=$(dirname "$0")/lib
D=tests/data/traces

"$R" --dump-events "$D/pipe.tgz" >"$T/pipe.dump" 2>"$T/err"
check "--dump-events of pipe.tgz exits 0, no message" \
    sh -c '[ $1 = 0 ] && [ ! -s "$2" ]' _ $? "$T/err"
awk -F'\t' '$4 == "kernel_stack"' "$T/pipe.dump" >"$T/stacks"
check "pipe.tgz has kernel stacks" [ -s "$T/stacks" ]
# size=N then caller={0x...,...} with N addresses.
awk -F'\t' '{ n = $5; sub(/^size=/, "", n); c = $6; sub(/^caller=\{/, "", c)
    sub(/\}$/, "", c); k = split(c, a, ",")
    if (k != n) { print "frames " k " size " n; exit 1 }
    for (i = 1; i <= k; i++) if (a[i] !~ /^0x[0-9a-f]+$/) { print a[i]; exit 1 } }' \
    "$T/stacks" >"$T/bad"
check "every stack has as many frames as its size, each in hex" \
    sh -c '[ ! -s "$1" ]' _ "$T/bad"
sed 's/^/# /' "$T/bad"
check "a stack of more than 8 frames is printed whole" \
    grep -q 'size=12	caller={0xffffffff813ac1b5,[^}]*,0xffffffff81000130}' "$T/stacks"
check "no address is negative" sh -c '! grep -q "caller={[^}]*-" "$1"' _ "$T/stacks"

if command -v trace-cmd >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
	for name in pipe chain threads; do
		tar -xzOf "$D/$name.tgz" trace.dat >"$T/$name.dat"
		"$R" --dump-events "$T/$name.dat" >"$T/$name.events" 2>/dev/null
		trace-cmd report -t -i "$T/$name.dat" >"$T/$name.report" 2>/dev/null
		if python3 "$LIB/stacks_compare.py" "$T/$name.report" \
		    "$T/$name.events" >"$T/$name.cmp"; then
			ok "$name: every stack's frames are trace-cmd report's ($(cat "$T/$name.cmp"))"
		else
			notok "$name: every stack's frames are trace-cmd report's"
			head -n 20 "$T/$name.cmp" | sed 's/^/# /'
		fi
	done
else
	ok "stacks against trace-cmd report # SKIP no trace-cmd or python3"
fi

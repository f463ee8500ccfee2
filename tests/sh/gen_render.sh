#!/bin/sh
# gen_render.sh: the renderer reads generated logs cleanly, and kernel_pacct re-attaches orphans of unsampled parents.
set -u
gen=$BC_BUILD/tests/tools/gen_bootlog
t=$BC_TMP

if [ ! -x "$gen" ] || ! "$BC_RENDER" --help 2>/dev/null | grep -q -- --dump-tree; then
	echo "ok - renderer reads generated logs # SKIP renderer or generator without --dump-tree"
	exit 0
fi
check() {
	name=$1
	shift
	if "$@" >"$t/out" 2>&1; then echo "ok - $name"; else echo "not ok - $name"; sed 's/^/# /' "$t/out" | head -20; fi
}
# Roots of a pre-order dump with child counts in column 5.
roots() {
	awk -F '\t' '{ if (sp == 0) r++; else st[sp]--
		if ($5 > 0) st[++sp] = $5
		while (sp > 0 && st[sp] == 0) sp-- } END { print r + 0 }' "$1"
}

"$gen" -q -n 300 -s 10 -z 50 --seed 5 -o "$t/plain.tgz" -d "$t/plain" &&
    "$gen" -q -n 300 -s 10 -z 50 --seed 5 --pacct -o "$t/acct.tgz"
"$BC_RENDER" --dump-tree "$t/plain.tgz" >"$t/plain.tree" 2>"$t/plain.err"
check "--dump-tree on a generated log exits 0" [ $? -eq 0 ]
check "no warning on a generated log" [ ! -s "$t/plain.err" ]
check "the tree starts at init (PID 1)" sh -c "head -1 '$t/plain.tree' | grep -q '^1	init	'"
"$BC_RENDER" --dump-tree "$t/plain" >"$t/dir.tree" 2>&1
check "a directory of the same logs gives the same tree" cmp "$t/plain.tree" "$t/dir.tree"

# Helpers forked by a subshell that lived between two samples name a
# parent proc_ps.log never shows: roots without accounting, re-attached
# through the subshell's accounting record with it (docs/tree.md step 2).
orphans=$(awk 'FNR == 1 || /^[0-9]+$/ || $0 == "" { next }
	{ seen[$1] = 1; pp[$1] = $0 }
	END { for (p in pp) { r = pp[p]; sub(/.*\) /, "", r); split(r, f, " ")
		if (f[2] != 0 && !(f[2] in seen)) n++ } print n + 0 }' "$t/plain/proc_ps.log")
echo "# processes whose logged parent was never sampled: $orphans"
"$BC_RENDER" --no-prune --dump-tree "$t/plain.tgz" >"$t/np.tree" 2>&1
"$BC_RENDER" --no-prune --dump-tree "$t/acct.tgz" >"$t/acct.tree" 2>&1
r1=$(roots "$t/np.tree")
r2=$(roots "$t/acct.tree")
echo "# roots without accounting: $r1, with: $r2"
check "the generated log has orphans of unsampled parents" [ "$orphans" -gt 0 ]
check "without kernel_pacct each is a root besides init and kthreadd" \
    [ "$r1" -eq $((orphans + 2)) ]
check "with kernel_pacct only init and kthreadd are roots" [ "$r2" -eq 2 ]

#!/bin/sh
# call_circles.sh: no two files of a program call each other, directly or around a circle (issue 21): from the objects' defined and undefined symbols (nm), per program (the renderer with src/, the logger with src/).
. tests/sh/lib/tap.sh.inc

B=${BC_BUILD:?BC_BUILD must be set}
if ! command -v nm >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
	ok "call circles # SKIP needs nm and python3"
	exit 0
fi
# circles DIR...: prints each circle of object files, then "N objects".
circles() {
	python3 - "$@" <<'PY'
import glob, os, subprocess, sys
objs = [o for d in sys.argv[1:] for o in glob.glob(os.path.join(d, "**", "*.o"), recursive=True)]
defs, undef = {}, {}
for o in objs:
    out = subprocess.run(["nm", o], capture_output=True, text=True).stdout
    defs[o] = {p[2] for p in (l.split() for l in out.splitlines()) if len(p) == 3 and p[1] in "TDBR"}
    undef[o] = {p[1] for p in (l.split() for l in out.splitlines()) if len(p) == 2 and p[0] == "U"}
owner = {s: o for o, d in defs.items() for s in d}
calls = {o: {owner[s] for s in undef[o] if s in owner and owner[s] != o} for o in objs}
# Strongly connected components (Tarjan): a component of two or more files is a circle.
index, low, stack, on, found, n = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in calls[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1:
            found.append(sorted(comp))
sys.setrecursionlimit(100000)
for o in objs:
    if o not in index:
        visit(o)
for c in found:
    print(" ".join(c))
print(len(objs), "objects")
PY
}
for prog in renderer logger; do
	out=$(cd "$B" && circles "$prog" src)
	n=$(echo "$out" | tail -n 1)
	circ=$(echo "$out" | sed '$d' | head -n 3 | tr '\n' ';')
	check "$prog: no call circle among its $n (${circ:-none})" \
	    sh -c '[ -z "$1" ] && [ "$2" -gt 20 ]' _ "$circ" "${n%% *}"
done

#!/bin/sh
# wakegraph_stacks.sh: a wake-up graph edge's tooltip is the kernel stack of that edge's own waits (its longest wait's), not its waiter's commonest stack for the reason, which another waker's waits or another state may have made: on every recorded fixture (tests/data/traces/*.tgz) each edge of one wait has for tooltip a stack --wakeups lists for its waiter (unless it lists its 3 longest and this is not one), at least as long as the wait, and no stack is claimed by more such edges than it has waits.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
R=$BC_RENDER
D=tests/data/traces

command -v python3 >/dev/null 2>&1 || { ok "edge stacks # SKIP no python3"; exit 0; }
for t in "$D"/*.tgz; do
	name=$(basename "$t" .tgz)
	"$R" --wake-graph -f dot "$t" >"$T/$name.dot" &&
	    "$R" --wakeups "$t" >"$T/$name.wk" ||
	    { notok "$name: --wake-graph and --wakeups"; continue; }
	if python3 - "$T/$name.dot" "$T/$name.wk" >"$T/$name.out" <<'PY'
import re, sys
dot, wk = sys.argv[1], sys.argv[2]
pid = {}
edges = []
for line in open(dot, encoding="utf-8"):
    # A profile's command's nodes are filled: attributes after the label.
    m = re.match(r'\t"(p\d+)" \[label="(.*?) (\d+)"(?:, [^\]]*)?\];$', line)
    if m:
        pid[m.group(1)] = m.group(3)
        continue
    m = re.match(r'\t"([^"]+)" -> "(p\d+)" \[label="(?:\S+ )?([SD]) (\d+), '
                 r'([0-9.]+) ms, max [0-9.]+ ms"(?:, tooltip="(.*)")?\];$', line)
    if m:
        edges.append((m.group(2), m.group(3), int(m.group(4)),
                      float(m.group(5)), m.group(6)))
stacks, listed = {}, {}
for line in open(wk, encoding="utf-8"):
    c = line.rstrip("\n").split("\t")
    if c[0] == "stack":
        stacks[(c[1], c[7])] = (int(c[4]), float(c[6]))
        listed[c[1]] = listed.get(c[1], 0) + 1
claimed, bad, n = {}, [], 0
for waiter, state, count, total, tip in edges:
    if count != 1 or tip is None:
        continue
    n += 1
    key = (pid[waiter], tip.replace('\\\\', '\\'))
    # --wakeups lists a waiter's 3 stacks of the most time: past them, unknown.
    if key not in stacks and listed.get(key[0], 0) >= 3:
        continue
    if key not in stacks or stacks[key][1] + 0.001 < total:
        bad.append("pid %s %s %.3f ms: %s not its stack" % (key[0], state,
                   total, tip))
    claimed[key] = claimed.get(key, 0) + 1
for key, k in claimed.items():
    if key in stacks and k > stacks[key][0]:
        bad.append("pid %s: %s claimed by %d single-wait edges, "
                   "it has %d waits" % (key[0], key[1], k, stacks[key][0]))
print("%d single-wait edges with a stack" % n)
for b in bad[:10]:
    print(b)
sys.exit(1 if bad else 0)
PY
	then
		ok "$name: each edge's stack is its own wait's ($(head -1 "$T/$name.out"))"
	else
		notok "$name: each edge's stack is its own wait's"
		sed 's/^/# /' "$T/$name.out"
	fi
done

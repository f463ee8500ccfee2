#!/usr/bin/env python3
"""funcgraph_check.py: our function_graph calls and table against trace-cmd report -R (the oracle), for trace_functions.sh.

usage: funcgraph_check.py REPORT KALLSYMS CALLS TABLE
  REPORT    trace-cmd report -R -i F        (funcgraph_exit lines)
  KALLSYMS  trace-cmd dump --kallsyms -i F  (to group names sharing an address)
  CALLS     trace_decode -c F               (our calls, nested)
  TABLE     bootchart-render --functions F  (our table)
Prints TAP lines.
"""
import bisect
import collections
import re
import sys

EXIT = re.compile(r"-(\d+)\s+\[\d+\].*funcgraph_exit:\s+func=(\S+) "
                  r"depth=(-?\d+) overrun=\d+ calltime=([0-9a-f]+) "
                  r"rettime=([0-9a-f]+)")


def tap(ok, what, detail=""):
    print(("ok - " if ok else "not ok - ") + what)
    if not ok and detail:
        for line in str(detail).splitlines()[:20]:
            print("# " + line)


def name_groups(ksyms):
    """(base, group) from trace-cmd dump --kallsyms's text at ksyms:
    base(name) turns an address trace-cmd could not name exactly into
    the name below it, as trace-cmd does; group maps a name to the names
    sharing its address (a module's init code, reused), "|"-joined:
    neither reader can tell them apart."""
    at = collections.defaultdict(set)
    with open(ksyms) as f:
        for line in f:
            w = line.split()
            if len(w) >= 3 and re.fullmatch(r"[0-9a-f]+", w[0]):
                at[w[0]].add(w[2])
    # trace-cmd names an address no symbol starts at by the one below it,
    # but none above the last (we print the address): ours likewise.
    addrs = sorted(int(a, 16) for a in at)
    below = {int(a, 16): sorted(s)[0] for a, s in at.items()}

    def base(name):
        if not name.startswith("0x"):
            return name
        if int(name, 16) in below:
            return below[int(name, 16)]
        i = bisect.bisect_right(addrs, int(name, 16))
        return below[addrs[i - 1]] if 0 < i < len(addrs) else name
    group = {}
    for s in at.values():
        for n in s:
            group[n] = "|".join(sorted(s)) if n not in group else \
                "|".join(sorted(set(group[n].split("|")) | s))
    return base, lambda n: group.get(n, n)


def main():
    report, ksyms, calls, table = sys.argv[1:5]
    # The oracle's calls: (pid, depth, call, return) and each one's name.
    ref = collections.Counter()
    names = []
    with open(report) as f:
        for line in f:
            m = EXIT.search(line)
            if m:
                pid, name, depth = int(m[1]), m[2], int(m[3])
                call, ret = int(m[4], 16), int(m[5], 16)
                ref[(pid, depth, call, ret)] += 1
                names.append((name, ret - call))
    base, group = name_groups(ksyms)
    # Ours.
    v = []
    with open(calls) as f:
        for line in f:
            w = line.split("\t")
            if len(w) == 7:
                v.append((int(w[1]), int(w[2]), int(w[3]), int(w[4]),
                          int(w[5])))
    got = collections.Counter((p, d, c, r) for p, d, c, r, _ in v)
    tap(len(ref) > 0, "trace-cmd lists function_graph calls (%d)" %
        sum(ref.values()))
    tap(got == ref, "every call trace-cmd lists is ours, none more "
        "(%d calls)" % sum(got.values()),
        "missing %s\nextra %s" % (list((ref - got).items())[:5],
                                  list((got - ref).items())[:5]))
    bad = []
    inner = collections.Counter()
    for i, (p, d, c, r, up) in enumerate(v):
        if up < 0:
            continue
        pp, pd, pc, pr, _ = v[up]
        inner[up] += r - c
        if not (pp == p and pd <= d and pc <= c and r <= pr):
            bad.append((i, v[i], v[up]))
    tap(not bad, "calls nest: each inside its parent's [call, return], "
        "no shallower (%d with a parent)" % sum(1 for x in v if x[4] >= 0),
        bad[:5])
    over = [(i, inner[i], v[i][3] - v[i][2]) for i in inner
            if inner[i] > v[i][3] - v[i][2]]
    tap(not over, "each call's children add up to no more than its time",
        over[:5])
    deep = max((d for _, d, _, _ in ref), default=-1)
    print("# deepest call: depth %d" % deep)
    # The table: calls and total per function (group), as trace-cmd's.
    want = collections.defaultdict(lambda: [0, 0])
    for n, ns in names:
        k = group(n)
        want[k][0] += 1
        want[k][1] += ns
    have = collections.defaultdict(lambda: [0, 0, 0])
    with open(table) as f:
        for line in f:
            if not line.startswith("function\t"):
                continue
            w = line.rstrip("\n").split("\t")
            k = group(base(w[1]))
            ms, us = w[3].split(".")
            have[k][0] += int(w[2])
            have[k][1] += int(ms) * 1000 + int(us)
            have[k][2] += 1
    # Each row's total is its ns cut to the us: rows of one name (static
    # functions of one name, names sharing an address) lose < 1 us each.
    diff = []
    for k in set(want) | set(have):
        c, ns = want.get(k, [0, 0])
        h = have.get(k, [0, 0, 1])
        if h[0] != c or not 0 <= ns // 1000 - h[1] < h[2]:
            diff.append((k, [c, ns // 1000], h))
    tap(not diff, "the table's calls and totals per function are trace-cmd's "
        "(%d functions)" % len(want), "\n".join(map(str, diff[:10])))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""fnexport_check.py: --call-graph's text and DOT, -f folded and -f speedscope against trace-cmd report -R of the same trace.dat (the oracle), for trace_fnexport.sh.

usage: fnexport_check.py DIR ROOT
  DIR holds: report (trace-cmd report -R -i F), ksyms (trace-cmd dump
  --kallsyms -i F), and ours: table (--functions), cg (--call-graph ROOT),
  dot (... -f dot), folded (--functions -f folded), folded.below
  (--call-graph ROOT -f folded), ss.json (--functions -f speedscope),
  ss.below.json (--call-graph ROOT -f speedscope), page.html (-f html;
  a log's, not a bare trace.dat's) with cg.heavy (--call-graph of the
  root of the most time),
  and schema.json (speedscope's file format, tests/sh/lib).
The oracle nests trace-cmd's calls itself: per thread (a pid; pid 0 one
per CPU), by call time, the longer first, each inside the nearest call
holding its [call, return]; a call overlapping one without being inside
it, or inside a deeper one, is left out (docs/trace.md).
Prints TAP lines.
"""
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from funcgraph_check import name_groups, tap  # noqa: E402

EXIT = re.compile(r"-(\d+)\s+\[(\d+)\].*funcgraph_exit:\s+func=(\S+) "
                  r"depth=(-?\d+) overrun=\d+ calltime=(?:0x)?([0-9a-f]+) "
                  r"rettime=(?:0x)?([0-9a-f]+)")


class Call:
    __slots__ = ("thread", "key", "depth", "call", "ret", "up", "kids",
                 "level")

    def __init__(self, thread, key, depth, call, ret):
        self.thread, self.key, self.depth = thread, key, depth
        self.call, self.ret = call, ret
        self.up, self.kids, self.level = None, 0, None

    def dur(self):
        return self.ret - self.call


def oracle(d, key):
    """trace-cmd's calls, nested, in thread and time order."""
    calls = []
    with open(os.path.join(d, "report")) as f:
        for line in f:
            m = EXIT.search(line)
            if m and int(m[4]) >= 0 and int(m[6], 16) >= int(m[5], 16):
                pid, cpu = int(m[1]), int(m[2])
                thread = "pid %d" % pid if pid else "idle, CPU %d" % cpu
                calls.append(Call(thread, key(m[3]), int(m[4]),
                                  int(m[5], 16), int(m[6], 16)))
    order = {}
    calls.sort(key=lambda c: (order.setdefault(c.thread, len(order)),
                              c.call, -c.ret, c.depth))
    kept, stack, prev = [], [], None
    for c in calls:
        if c.thread != prev:
            stack, prev = [], c.thread
        while stack and not (stack[-1].call <= c.call and
                             c.ret <= stack[-1].ret):
            if stack[-1].ret > c.call:
                break
            stack.pop()
        if stack and not (stack[-1].call <= c.call and c.ret <= stack[-1].ret):
            continue    # overlapping
        if stack and stack[-1].depth > c.depth:
            continue    # inside a deeper call
        c.up = stack[-1] if stack else None
        if c.up:
            c.up.kids += c.dur()
        kept.append(c)
        stack.append(c)
    return kept


def us_rows(text):
    """'12.345' (ms, three decimals) -> 12345 us."""
    ms, us = text.split(".")
    return int(ms) * 1000 + int(us)


def check_graph(d, calls, key, root):
    r = key(root)
    for c in calls:
        if c.up is not None and c.up.level is not None:
            c.level = c.up.level + 1
        elif c.key == r:
            c.level = 0
    want = collections.defaultdict(lambda: [0, 0, 0, 1 << 30])
    edges = collections.Counter()
    root_ns = 0
    for c in calls:
        if c.level is None:
            continue
        w = want[c.key]
        w[0] += 1
        w[1] += c.dur()
        w[2] += max(0, c.dur() - c.kids)
        w[3] = min(w[3], c.level)
        if c.level == 0:
            root_ns += c.dur()
        else:
            edges[(c.up.key, c.key)] += c.up is not None
    have = collections.defaultdict(lambda: [0, 0, 0, 1 << 30, 0])
    hedges = collections.Counter()
    head = None
    rows = {}
    with open(os.path.join(d, "cg")) as f:
        for line in f:
            if line.startswith("# call graph below"):
                head = line
            if not line.startswith("function\t"):
                continue
            w = line.rstrip("\n").split("\t")
            k = key(w[1])
            rows[w[1]] = w
            h = have[k]
            h[0] += int(w[2])
            h[1] += us_rows(w[3])
            h[2] += us_rows(w[4])
            h[3] = min(h[3], int(re.split("[-,]", w[5])[0]))
            h[4] += 1
            for link in w[7].split(",") if w[7] != "-" else []:
                callee, n = link.rsplit(":", 1)
                hedges[(k, key(callee))] += int(n)
    tap(len(want) > 0, "the oracle has calls below %s (%d functions, %d calls)"
        % (root, len(want), sum(w[0] for w in want.values())))
    m = re.search(r": (\d+) functions, \d+ calls of it, ([0-9.]+) ms", head or "")
    tap(m is not None and 0 <= root_ns // 1000 - us_rows(m[2]) < 1,
        "--call-graph: the root's time is trace-cmd's (%.3f ms)" % (root_ns / 1e6),
        head)
    diff = []
    for k in set(want) | set(have):
        w, h = want.get(k), have.get(k)
        if w is None or h is None or w[0] != h[0] or w[3] != h[3] or \
                not 0 <= w[1] // 1000 - h[1] < h[4] or \
                not 0 <= w[2] // 1000 - h[2] < h[4]:
            diff.append((k, w, h))
    tap(not diff, "--call-graph: per function the calls, total, self and "
        "shallowest depth of trace-cmd's calls (%d functions)" % len(want),
        "\n".join(map(str, diff[:10])))
    tap(hedges == edges, "--call-graph: callers and callees with their call "
        "counts are trace-cmd's (%d edges)" % len(edges),
        "missing %s\nextra %s" % (list((edges - hedges).items())[:5],
                                  list((hedges - edges).items())[:5]))
    check_dot(d, rows, key)
    return root_ns


def check_dot(d, rows, key):
    node = re.compile(r'^\t"n(\d+)" \[label="(.*) ([0-9.]+) ms", '
                      r'margin="([0-9.]+),([0-9.]+)", '
                      r'fillcolor="#([0-9a-f]{6})", tooltip="(.*)"\];$')
    edge = re.compile(r'^\t"n(\d+)" -> "n(\d+)" \[label="(\d+)"')
    nodes, dedges = {}, collections.Counter()
    with open(os.path.join(d, "dot")) as f:
        text = f.read()
    for line in text.splitlines():
        m = node.match(line)
        if m:
            nodes[m[1]] = m
        m = edge.match(line)
        if m:
            dedges[(m[1], m[2])] += int(m[3])
    ok = text.startswith("digraph callgraph {") and len(nodes) == len(rows)
    bad = [m[2] for m in nodes.values() if m[2] not in rows or
           rows[m[2]][3] != m[3] or not m[7].startswith(
               "%s: %s calls, total %s ms, self %s ms" %
               (m[2], rows[m[2]][2], rows[m[2]][3], rows[m[2]][4]))]
    tap(ok and not bad, "-f dot: a node per function of the text, its time "
        "and numbers as the row's (%d nodes)" % len(nodes), bad[:5])
    want = collections.Counter()
    for w in rows.values():
        for link in w[7].split(",") if w[7] != "-" else []:
            callee, n = link.rsplit(":", 1)
            want[(w[1], callee)] += int(n)
    byid = {i: m[2] for i, m in nodes.items()}
    have = collections.Counter({(byid[a], byid[b]): n
                                for (a, b), n in dedges.items()})
    tap(have == want, "-f dot: an edge caller -> callee per callee of the "
        "text, labelled with its calls (%d)" % len(want))
    # Shallower, bigger: the margins never grow with the shallowest depth.
    by_depth = sorted((int(re.split("[-,]", rows[m[2]][5])[0]),
                       float(m[4]), float(m[5])) for m in nodes.values())
    mono = all(a[1] >= b[1] and a[2] >= b[2] for a, b in
               zip(by_depth, by_depth[1:]) if a[0] < b[0])
    tap(mono and by_depth[0][1] > by_depth[-1][1] if len(set(
        x[0] for x in by_depth)) > 1 else mono,
        "-f dot: nodes shallower are bigger (margins by depth)")
    # Red for time, faded by callees: of two functions with no callee
    # time, the longer is redder; a function all in callees is paler
    # than any all in itself.
    leaf = sorted((us_rows(rows[m[2]][3]), int(m[6][0:2], 16),
                   int(m[6][2:4], 16)) for m in nodes.values()
                  if rows[m[2]][3] == rows[m[2]][4])
    redder = all(a[1] <= b[1] and a[2] >= b[2] for a, b in zip(leaf, leaf[1:]))
    tap(redder, "-f dot: of the functions all self time, the longer is "
        "redder (%d)" % len(leaf))
    light = lambda c: min(int(c[i:i + 2], 16) for i in (0, 2, 4))  # noqa
    faded = [light(m[6]) for m in nodes.values()
             if us_rows(rows[m[2]][4]) * 20 < us_rows(rows[m[2]][3])]
    solid = [light(m[6]) for m in nodes.values()
             if rows[m[2]][3] == rows[m[2]][4]]
    tap(not faded or not solid or min(faded) > max(solid),
        "-f dot: functions of > 95 %% in callees paler than those of none "
        "(%d, %d)" % (len(faded), len(solid)))


def folded(path, key):
    lines = collections.Counter()
    nlines = collections.Counter()
    with open(path) as f:
        for line in f:
            stack, n = line.rstrip("\n").rsplit(" ", 1)
            k = tuple(key(x) for x in stack.split(";"))
            lines[k] += int(n)
            nlines[k] += 1
    return lines, nlines


def stacks_of(calls, below):
    want = collections.Counter()
    path = {}
    for c in calls:
        if below and c.level is None:
            continue
        up = path.get(id(c.up), ()) if c.up is not None and (
            not below or c.level > 0) else ()
        path[id(c)] = up + (c.key,)
        want[path[id(c)]] += max(0, c.dur() - c.kids)
    return want


def check_folded(d, calls, key, root_ns):
    total = sum(c.dur() for c in calls if c.up is None)
    table = 0
    nrows = 0
    with open(os.path.join(d, "table")) as f:
        for line in f:
            if line.startswith("function\t"):
                table += us_rows(line.split("\t")[6])
                nrows += 1
    for name, below, want_ns in (("folded", False, total),
                                 ("folded.below", True, root_ns)):
        have, n = folded(os.path.join(d, name), key)
        s = sum(have.values())
        tap(s == (want_ns + 500) // 1000, "-f %s: the counts add up to the "
            "traced time, %d us (trace-cmd: %d ns)" % (name, s, want_ns))
        want = stacks_of(calls, below)
        bad = [(k, have.get(k), want.get(k)) for k in set(have) | set(want)
               if abs(have.get(k, 0) * 1000 - want.get(k, 0)) >
               1000 * max(1, n.get(k, 0))]
        tap(not bad, "-f %s: each stack's count is its self time in trace-cmd's "
            "calls, to the us (%d stacks)" % (name, len(want)),
            "\n".join(map(str, bad[:10])))
        if not below:
            tap(0 <= s - table <= nrows, "-f folded adds up to --functions' "
                "self times (%d us, table %d us)" % (s, table))


def events_of(prof, frames):
    """The calls of a profile's events; a list of problems."""
    out, stack, bad, last = [], [], [], None
    for e in prof["events"]:
        if last is not None and e["at"] < last:
            bad.append("time goes back at %s" % e)
        last = e["at"]
        if e["type"] == "O":
            stack.append(e)
        elif not stack or stack[-1]["frame"] != e["frame"]:
            bad.append("unbalanced close %s" % e)
        else:
            o = stack.pop()
            out.append((prof["name"], frames[o["frame"]], o["at"], e["at"],
                        len(stack)))
    if stack:
        bad.append("%d opened, never closed" % len(stack))
    ev = prof["events"]
    if ev and not (prof["startValue"] <= ev[0]["at"] and
                   ev[-1]["at"] <= prof["endValue"]):
        bad.append("events outside [startValue, endValue]")
    return out, bad


def check_speedscope(d, calls, key, below):
    import jsonschema
    name = "ss.below.json" if below else "ss.json"
    doc = json.load(open(os.path.join(d, name)))
    schema = json.load(open(os.path.join(d, "schema.json")))
    try:
        jsonschema.validate(doc, schema, cls=jsonschema.Draft7Validator)
        err = None
    except jsonschema.ValidationError as e:
        err = e.message
    tap(err is None, "-f speedscope (%s): valid by speedscope's file-format "
        "schema" % name, err)
    frames = [key(f["name"]) for f in doc["shared"]["frames"]]
    have, bad = collections.Counter(), []
    per = collections.Counter()
    odd = [p["name"] for p in doc["profiles"]
           if p["type"] != "evented" or p["unit"] != "nanoseconds"]
    tap(doc["profiles"] and not odd, "-f speedscope (%s): %d evented "
        "profiles in ns, one per thread" % (name, len(doc["profiles"])), odd)
    for p in doc["profiles"]:
        got, b = events_of(p, frames)
        bad += b
        for t, k, o, c, lv in got:
            have[(t, k, o, c)] += 1
            if lv == 0:
                per[t] += c - o
    tap(not bad, "-f speedscope (%s): every O closed by a C of its frame, "
        "properly nested, times non-decreasing" % name, "\n".join(bad[:10]))
    want = collections.Counter((c.thread, c.key, c.call, c.ret) for c in calls
                               if not below or c.level is not None)
    tap(have == want, "-f speedscope (%s): its calls are trace-cmd's, to "
        "the ns (%d)" % (name, sum(want.values())),
        "missing %s\nextra %s" % (list((want - have).items())[:5],
                                  list((have - want).items())[:5]))
    wper = collections.Counter()
    for c in calls:
        if (c.up is None and not below) or (below and c.level == 0):
            wper[c.thread] += c.dur()
    tap(per == wper, "-f speedscope (%s): each thread's traced time is "
        "trace-cmd's (%d threads)" % (name, len(wper)), (per, wper))


def check_html(d, key, calls):
    # The page's call graph: below the root of the most time.
    t = collections.Counter()
    for c in calls:
        if c.up is None:
            t[c.key] += c.dur()
    heavy = max(t.items(), key=lambda x: x[1])[0] if t else None
    page = open(os.path.join(d, "page.html")).read()
    i = page.find('<section id="calls" class="graph">')
    sec = page[i:page.find("</section>", i)] if i >= 0 else ""
    tips = re.findall(r'<g class="wn"><title>([^<:]+): (\d+) calls, total '
                      r'([0-9.]+) ms, self ([0-9.]+) ms, \d+ % in callees, '
                      r'depths ([0-9,-]+) below the root', sec)
    rows = {}
    with open(os.path.join(d, "cg.heavy")) as f:
        for line in f:
            if line.startswith("function\t"):
                w = line.split("\t")
                rows[w[1]] = (w[2], w[3], w[4])
    ok = tips and all(rows.get(n) == (a, b, c) for n, a, b, c, _ in tips)
    top = [n for n, _, _, _, dp in tips if re.match(r"0\b", dp)]
    top = len(top) == 1 and key(top[0]) == heavy
    tap(bool(ok and top), "-f html: the call graph below the root of the most "
        "time (%s), each box's tooltip its --call-graph numbers (%d boxes)"
        % (heavy, len(tips)))


def main():
    d, root = sys.argv[1:3]
    base, group = name_groups(os.path.join(d, "ksyms"))

    def key(n):
        return group(base(n))
    calls = oracle(d, key)
    root_ns = check_graph(d, calls, key, root)
    check_folded(d, calls, key, root_ns)
    check_speedscope(d, calls, key, False)
    check_speedscope(d, calls, key, True)
    if os.path.exists(os.path.join(d, "page.html")):
        check_html(d, key, calls)


if __name__ == "__main__":
    main()

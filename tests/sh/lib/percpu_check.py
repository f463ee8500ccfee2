#!/usr/bin/env python3
# percpu_check.py: --per-cpu's strips (the SVG's tooltips) against trace-cmd report's switches of the same trace (tests/sh/trace_percpu.sh live, tests/sh/trace_fixtures.sh on a recording).
#   usage: percpu_check.py [--live] SVG JSON EVENTS REPORT
# Prints TAP lines; exits 1 when one fails.
import json, re, sys
from collections import defaultdict

# With --live only what holds of any run: the kernel leaves switches
# out under load (docs/trace.md), and then trace-cmd's bounds of a
# task's time are not the task's; each pinned yes stays on its CPU.
live = sys.argv[1] == "--live"
if live:
    del sys.argv[1]
svg, js, events, report = sys.argv[1:5]
ok = True
def check(what, cond):
    global ok
    print(("ok - " if cond else "not ok - ") + what)
    ok = ok and cond

# The trace clock to uptime: bootchartd's clock-sync marker.
toff = None
for line in open(events):
    f = line.split("\t")
    if len(f) > 5 and f[3] == "print" and "clock_sync start boottime_ns=" in f[5]:
        toff = int(re.search(r"boottime_ns=(\d+)", f[5]).group(1)) - int(f[0])
        break
m = json.load(open(js))["milestones"]
lo = m["zero_uptime_ms"] * 1e6
hi = lo + m["end_ms"] * 1e6

# trace-cmd's switches: each task's runs on each CPU, clipped to the
# chart.  A switch that puts a task on a CPU may be missing (6.18 leaves
# some out, docs/trace.md): its run then began after the CPU's last
# switch, and after the task was last woken or left a CPU: at most
# (hi) and at least (lo) that long.
ran = defaultdict(float)          # (cpu, pid) -> ns, at most
busy = defaultdict(float)         # cpu -> ns, at most
least = defaultdict(float)        # cpu -> ns, at least
first = {}                        # cpu -> its first switch, ns of uptime
since = {}
cur = {}
off = defaultdict(int)            # pid -> last woken or off a CPU
last = 0
stamp = re.compile(r"\[(\d+)\]\s+(\d+)\.(\d+): (\S+):")
pat = re.compile(r"sched_switch:\s+.*?:(\d+) \[-?\d+\] \S+ ==> .*?:(\d+) \[")
woke = re.compile(r"sched_waking:.* pid=(\d+) ")

def clip(a, b):
    return max(0, min(b, hi) - max(a, lo))

def add(cpu, pid, a, b, known):
    if pid == 0:
        return
    ran[(cpu, pid)] += clip(a, b)
    busy[cpu] += clip(a, b)
    least[cpu] += clip(a if known else max(a, off[pid]), b)

for line in open(report):
    t = stamp.search(line)
    if not t:
        continue
    cpu = int(t.group(1))
    ts = int(t.group(2)) * 10**9 + int(t.group(3).ljust(9, "0")) + toff
    last = max(last, ts)
    if t.group(4) == "sched_waking":
        w = woke.search(line)
        if w:
            off[int(w.group(1))] = ts
        continue
    g = pat.search(line) if t.group(4) == "sched_switch" else None
    if not g:
        continue
    prev, nxt = int(g.group(1)), int(g.group(2))
    first.setdefault(cpu, ts)
    if cpu in since:
        add(cpu, prev, since[cpu], ts, cur[cpu] == prev)
    off[prev] = ts
    since[cpu], cur[cpu] = ts, nxt
# What still ran at the trace's end ran to its last event.
for cpu in since:
    add(cpu, cur[cpu], since[cpu], last, True)

# The strips' tooltips.
tips = re.findall(r"<title>cpu(\d+) [0-9.]+-[0-9.]+ s: (.*?) \((\d+)\) ran ([0-9.]+) ms of ([0-9.]+) ms busy", open(svg).read())
# A live run's busy series is the renderer's only where it agrees with
# /proc/stat's samples within 10 % (docs/trace.md); refused, it draws no
# strips and says why, and nothing here can be held against them.
if live and not tips and not json.load(open(js))["series"].get("busy"):
    print("ok - no strips: the renderer refused this run's busy series "
          "(its warning says why) # SKIP")
    sys.exit(0)
check("tooltips of the strips (%d)" % len(tips), len(tips) > 0)
our_busy = defaultdict(float)
our_ran = defaultdict(float)
names = {}
for cpu, comm, pid, r, b in tips:
    cpu, pid = int(cpu), int(pid)
    our_busy[cpu] += float(b) * 1e6
    our_ran[(cpu, pid)] += float(r) * 1e6
    names[pid] = comm
for cpu in sorted(busy):
    # Before a CPU's first switch its task is not known to trace-cmd's
    # reading here: that part may be ours only.
    head = max(0, first[cpu] - lo)
    what = ("cpu%d busy %.3f ms, trace-cmd's switches %.3f to %.3f ms (+ %.3f ms before its first)"
            % (cpu, our_busy[cpu] / 1e6, least[cpu] / 1e6, busy[cpu] / 1e6, head / 1e6))
    if live:
        print("# " + what)
    else:
        check(what, 0.99 * least[cpu] - 2e6 <= our_busy[cpu] <= 1.01 * busy[cpu] + 2e6 + head)
bad = [(c, p, our_ran[(c, p)] / 1e6, ran.get((c, p), 0) / 1e6) for (c, p) in our_ran
       if our_ran[(c, p)] > ran.get((c, p), 0) + 1e4 + max(0, first.get(c, lo) - lo)]
print("# tasks said to run longer than trace-cmd shows: %s" % bad[:3])
if not live:
    check("no task said to run on a CPU longer than trace-cmd shows (%s)" % bad[:3], not bad)
# A column is its busiest task's: on a loaded machine another task may
# take each of a yes's.
yes = sorted(p for p, n in names.items() if n == "yes")
print("# yes named in the strips: %s" % yes)
if not live:
    check("both yes named in the strips (%s)" % yes, len(yes) >= 2)
for p in yes:
    cpus = sorted(c for (c, q) in our_ran if q == p)
    theirs = sorted(c for (c, q) in ran if q == p)
    check("yes %d holds pixels of cpu %s, trace-cmd shows it on %s" % (p, cpus, theirs),
          len(cpus) == 1 and cpus == theirs)
# The key under the strips: "NAME PID" texts after its heading, each
# beside a swatch of its task's strips' colour, the most time first.
doc = open(svg).read()
head = re.search(r'<text x="[0-9.]+" y="([0-9.]+)"[^>]*>most time on the CPUs:</text>', doc)
check("the strips have a key", head is not None)
if head:
    keys = re.findall(r'<text x="([0-9.]+)" y="%s"[^>]*>(\S+) (\d+)</text>'
                      % re.escape(head.group(1)), doc)
    swatch = {round(float(x), 1): c for x, c in re.findall(
        r'<rect x="([0-9.]+)" y="[0-9.]+" width="10" height="10" class="(k\d+)"/>', doc)}
    strip = {}
    for c, pid in re.findall(r'<rect [^>]*class="(k\d+)"><title>cpu\d+ [^<]*\((\d+)\) ran', doc):
        strip.setdefault(int(pid), set()).add(c)
    good = [swatch.get(round(float(x) - 14, 1)) in strip.get(int(p), ())
            for x, n, p in keys]
    print("# key: %s" % ", ".join("%s %s" % (n, p) for x, n, p in keys))
    check("each task of the key (%d) beside its strips' colour" % len(keys),
          len(keys) > 0 and all(good))
    if not live:
        total = defaultdict(float)
        for (c, q), t in ran.items():
            total[q] += t
        top = sorted(total, key=lambda q: -total[q])[:2]
        check("the key's first two are trace-cmd's two of most time (%s)"
              % top, sorted(int(p) for x, n, p in keys[:2]) == sorted(top))
sys.exit(0 if ok else 1)

#!/usr/bin/env python3
# exports_check.py: bootchart-render's -f perfetto and -f chrome-json of one
# traced log against their references, as TAP lines (tests/sh/trace_exports.sh).
#   perfetto OURS.txt REPORT.txt REPORT.json TID TGID
#     OURS: -f perfetto; REPORT.txt: trace-cmd report -N -l of the same
#     trace.dat (the oracle: the kernel's own print formats, no plugins);
#     REPORT.json: --json -n of the log; TID of a thread of process TGID.
#   chrome OURS.json SCHEMA.json REPORT.json WAKER WAKEE [REPORT.txt]
#     a flow from thread WAKER to thread WAKEE must be there; with
#     trace-cmd's report (REPORT.txt) it says when the kernel left out
#     the switch that put WAKER on its CPU (the arrow is due all the
#     same: the model infers that run).
import collections
import json
import re
import sys

# comm-pid (tgid) [cpu] flags secs.usecs: event: body
OURS = re.compile(r"^\s*(.*)-(\d+)\s+\(\s*(\d+|-+)\)\s+\[(\d+)\]\s+(\S{5})\s+"
                  r"(\d+\.\d{6}):\s+(\S+):\s+(.*)$")
# trace-cmd report -l: comm-pid cpu+flags secs.usecs: event: body
REF = re.compile(r"^\s*(.*)-(\d+)\s+(\d+)(\S{5})\s+(\d+\.\d{6}):\s+"
                 r"(sched_switch|sched_waking):\s+(.*)$", re.S)
SCHED = ("sched_switch", "sched_waking")
TX_PID = 4194305

n = 0


def tap(ok, what, diag=None):
    global n
    n += 1
    print(("ok - " if ok else "not ok - ") + what)
    if diag and not ok:
        print("# " + str(diag)[:2000])


# Any event line of trace-cmd report -l, sched or not.
EVENT = re.compile(r"^\s*(.*)-(\d+)\s+(\d+)(\S{5})\s+(\d+\.\d{6}):\s+\S+:",
                   re.S)
# The last field of the two events: a body without it was cut by a
# newline in one of its task names.
LAST = {"sched_switch": "next_prio=", "sched_waking": "target_cpu="}


def report_events(path):
    """trace-cmd report's events, one string each.  It prints a task
    name as it is, so a name with newlines (another test's hostile
    names, running beside a live recording) breaks its event over
    lines: a body without its last field goes on over the next lines,
    and the lines just before an event's line begin its leading name
    (at most 15 bytes: 16 pieces)."""
    def open_body(e):
        return any(" %s: " % ev in e and last not in e.split(" %s: " % ev, 1)[1]
                   for ev, last in LAST.items())
    out, cur, pre = [], None, []
    for ln in open(path, encoding="utf-8", errors="replace").read().split("\n"):
        if cur is not None and open_body(cur):
            cur += "\n" + ln
            continue
        joined = "\n".join(pre + [ln])
        if EVENT.match(joined):
            if cur is not None:
                out.append(cur)
            cur, pre = joined, []
            continue
        if cur is not None:
            out.append(cur)
            cur = None
        pre = (pre + [ln])[-15:]
    if cur is not None:
        out.append(cur)
    return out


def page_escape(s):
    """Our exports' escape of a task name (src/escape.c, the page's):
    tab, newline and return as \\t \\n \\r, other controls as \\xHH."""
    named = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}
    return "".join(named.get(c, "\\x%02x" % ord(c))
                   if ord(c) < 0x20 or ord(c) == 0x7f else c for c in s)



def perfetto(ours_path, ref_path, rep_path, tid, tgid):
    lines = open(ours_path, encoding="utf-8", errors="replace").read()
    lines = lines.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    tap(lines[:1] == ["# tracer: nop"], "perfetto: starts '# tracer: nop'")
    body = [ln for ln in lines if not ln.startswith("#")]
    m = re.search(r"entries-in-buffer/entries-written: (\d+)/(\d+)",
                  "\n".join(lines[:4]))
    tap(m is not None and int(m.group(1)) == len(body),
        "perfetto: the header counts its %d lines" % len(body))
    parsed = [OURS.match(ln) for ln in body]
    tap(all(parsed), "perfetto: every line has the tgid column's layout",
        [ln for ln, p in zip(body, parsed) if not p][:3])
    parsed = [p for p in parsed if p]
    ev = [(int(p[2]), int(p[4]), p[5], p[6], p[7], " ".join(p[8].split()))
          for p in parsed if p[7] in SCHED]
    # Ours writes a task name's spaces, '=' and '|' as '_' (TX_FIELD,
    # tracexp_token: the text format splits its fields at them);
    # trace-cmd prints them as they are (Chromium's "ChromeDriver IO").
    # Its control bytes as escapes (page_escape), which trace-cmd prints
    # raw.
    BAD = str.maketrans(" =|", "___")
    def tok(s):
        return re.sub(r"((?:prev_|next_)?comm=)(.*?)(?= (?:prev_|next_)?pid=)",
                      lambda m: m[1] + page_escape(m[2]).translate(BAD), s,
                      flags=re.S)
    ref = []
    for ln in report_events(ref_path):
        r = REF.match(ln)
        if r:
            ref.append((int(r[2]), int(r[3]), r[4], r[5], r[6],
                        " ".join(tok(r[7]).split())))
    counts = collections.Counter(e[4] for e in ev)
    print("# %d sched_switch, %d sched_waking; trace-cmd %d events" %
          (counts["sched_switch"], counts["sched_waking"], len(ref)))
    tap(len(ev) == len(ref) and len(ev) > 0,
        "perfetto: as many sched_switch/sched_waking lines as trace-cmd "
        "report (%d, %d)" % (len(ev), len(ref)))
    # The need-resched column: ours is the kernel's letter (n, N, p, b,
    # B, l, L: docs/exports.md); trace-cmd 3.1.6 prints N whenever the
    # need-resched bit is set, else '.'.  The bit is what is compared.
    # The irqs-off column likewise: the kernel's D (irqs and bottom
    # halves off) and b (bottom halves off) are the bottom-half bit
    # 3.1.6 does not read: it prints d and '.'.  Rare, as a waking with
    # both off needs a wake-up from inside a spin_lock_bh with irqs off:
    # a loaded run met three.
    def nr(e):
        f = e[2]
        irq = {"D": "d", "b": "."}.get(f[0], f[0])
        return e[:2] + (irq + ("N" if f[1] in "nNbB" else ".") + f[2:],) + e[3:]
    bad = [(a, b) for a, b in zip(ev, ref) if nr(a) != nr(b)]
    tap(not bad, "perfetto: event for event: pid, CPU, flags, time (us), "
        "name, fields (prev_state letters) as trace-cmd report -N -l",
        bad[:3])
    # The tgid column: the thread's lines name its process.
    tg = {p[3] for p in parsed if int(p[2]) == tid}
    tap(tg == {str(tgid)}, "perfetto: thread %d's lines give tgid %d" %
        (tid, tgid), tg)
    # Marker slices: balanced per pseudo thread, the path's as --json's.
    marks = [(int(p[2]), p[8]) for p in parsed
             if p[7] == "tracing_mark_write"]
    depth = collections.Counter()
    ok = True
    for t, b in marks:
        depth[t] += 1 if b.startswith("B|") else -1
        ok = ok and depth[t] >= 0 and depth[t] <= 1 and \
            b.split("|")[1] == str(TX_PID)
    tap(ok and not any(depth.values()),
        "perfetto: marker slices B|pid|name / E|pid, balanced, not nested")
    rep = json.load(open(rep_path))
    cp = rep["critical_path"]
    cats = [b.split("|")[2].split(" ")[0] for t, b in marks
            if t == TX_PID and b.startswith("B|")]
    want = [s["category"] for s in cp["segments"]] if cp else []
    tap(cats == want and len(want) > 0,
        "perfetto: one slice per critical path segment, in --json's order "
        "(%d)" % len(want), (cats[:5], want[:5]))
    tap(any(t == TX_PID + 1 and b.startswith("B|") for t, b in marks),
        "perfetto: the milestones as slices")


# Times are µs with 3 decimals (whole ns); as doubles of ~4e10 µs a sum
# is off by ~1e-5 µs: a tenth of a ns is no overlap.
EPS_US = 1e-4


def intervals_ok(xs):
    xs = sorted(xs)
    return all(b[0] >= a[0] + a[1] - EPS_US for a, b in zip(xs, xs[1:]))


def inside(xs, ts):
    return any(s < ts < s + d for s, d in xs)



def same_path(a, b):
    """Whether two lists of segment lengths (ms, in time order) are the
    same path: -f chrome-json's slices have the trace's ns, --json's
    segments whole µs of uptime, so a segment under a µs may be there on
    one side only (its ends fell in one µs of the other's clock); every
    other pairs off in order, as long within 2.1 µs.  Also returns how
    many were passed over."""
    i = j = left = 0
    while i < len(a) and j < len(b):
        if abs(a[i] - b[j]) <= 0.0021:
            i += 1
            j += 1
        elif a[i] < 0.001:
            i += 1
            left += 1
        elif b[j] <= 0.001:
            j += 1
            left += 1
        else:
            return False, left
    rest = [x for x in a[i:]] + [x for x in b[j:]]
    return all(x <= 0.001 for x in rest), left + len(rest)

def waker_switched_in(ref_path, waker, wakee):
    """Whether the last switch on the CPU where waker woke wakee, before
    that waking, put waker there (trace-cmd report -N -l's lines)."""
    last = {}
    for line in open(ref_path, errors="replace"):
        m = REF.match(line)
        if not m:
            continue
        cpu, ev, body = m.group(3), m.group(6), m.group(7)
        if ev == "sched_switch":
            nxt = re.search(r"next_pid=(\d+)", body)
            last[cpu] = int(nxt.group(1)) if nxt else -1
        elif (int(m.group(2)) == waker and
              re.search(r"\bpid=%d\b" % wakee, body)):
            return last.get(cpu) == waker
    return True


def chrome(ours_path, schema_path, rep_path, waker, wakee, ref_path=None):
    import jsonschema
    doc = json.load(open(ours_path))
    err = None
    try:
        jsonschema.validate(doc, json.load(open(schema_path)))
    except jsonschema.ValidationError as e:
        err = e.message
    tap(err is None, "chrome-json: valid against the Trace Event Format "
        "schema", err)
    ev = doc["traceEvents"]
    slices = collections.defaultdict(list)
    for e in ev:
        if e["ph"] == "X":
            slices[(e["pid"], e["tid"])].append((e["ts"], e["dur"]))
    tap(all(intervals_ok(v) for v in slices.values()),
        "chrome-json: each thread's slices do not overlap")
    flows = collections.defaultdict(list)
    for e in ev:
        if e["ph"] in "sf":
            flows[e["id"]].append(e)
    ends_ok = all(sorted(e["ph"] for e in v) == ["f", "s"]
                  for v in flows.values())
    bound = all(inside(slices[(e["pid"], e["tid"])], e["ts"])
                for v in flows.values() for e in v)
    print("# %d flows" % len(flows))
    tap(ends_ok and len(flows) > 0, "chrome-json: every flow has one start "
        "and one end")
    tap(bound, "chrome-json: every flow end lies inside a running slice of "
        "its thread")
    pair = any(sorted(e["ph"] for e in v) == ["f", "s"] and
               [e["tid"] for e in sorted(v, key=lambda e: e["ph"])[::-1]] ==
               [waker, wakee] for v in flows.values())
    # The pid filter often loses the switch that put the writer on its
    # CPU: the model infers that run from the writer's own events
    # (tboot_sched.c, claim_cpu), so the arrow is due either way.
    if ref_path and not waker_switched_in(ref_path, waker, wakee):
        print("# the kernel left out the writer's switch-in (trace-cmd's "
              "report has none): the arrow starts in the inferred run")
    tap(pair, "chrome-json: the pipe's writer %d wakes its reader %d" %
        (waker, wakee))
    rep = json.load(open(rep_path))
    run = collections.Counter()
    for (pid, tid), v in slices.items():
        if pid != TX_PID:
            run[pid] += sum(d for s, d in v)
    bad = []
    checked = 0
    for p in rep["processes"]:
        if p["cpu_source"] != "trace":
            continue
        ms = (p["cpu_user_s"] + p["cpu_sys_s"]) * 1000
        checked += 1
        if abs(run[p["pid"]] / 1000 - ms) > 1.0:
            bad.append((p["pid"], p["name"], run[p["pid"]] / 1000, ms))
    print("# %d processes' running time compared" % checked)
    tap(checked > 0 and not bad, "chrome-json: each process's running "
        "slices add up to its exact CPU time in --json (1 ms)", bad[:5])
    cp = rep["critical_path"]
    segs = [s for s in cp["segments"] if s["end_ms"] > s["start_ms"]]
    path = sorted(slices[(TX_PID, TX_PID)])
    durs_ok, left = same_path([d / 1000 for t, d in path],
                              [s["end_ms"] - s["start_ms"] for s in segs])
    tap(durs_ok and len(segs) > 0, "chrome-json: one critical-path slice "
        "per segment of --json's path, each as long (%d; %d under a "
        "microsecond on one side only)" % (len(segs), left),
        "chrome %d slices, --json %d segments" % (len(path), len(segs)))
    total = sum(d for t, d in path) / 1000
    span = cp["end_ms"] - cp["start_ms"] - cp["unexplained_ms"]
    tap(abs(total - span) <= 0.001 * (len(segs) + 1),
        "chrome-json: the critical-path track adds up to the path "
        "(%.3f ms of %.3f)" % (total, span))
    tap(any(e["ph"] == "i" and e.get("cat") == "milestone" for e in ev),
        "chrome-json: the milestones as instant events")


if __name__ == "__main__":
    if sys.argv[1] == "perfetto":
        perfetto(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]),
                 int(sys.argv[6]))
    else:
        chrome(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]),
               int(sys.argv[6]), sys.argv[7] if len(sys.argv) > 7 else None)

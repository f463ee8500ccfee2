#!/usr/bin/env python3
# tdat_compare.py: bootchart-render --dump-events against trace-cmd report
# -R -t (the oracle) on one trace.dat: the same count of every event name,
# and the same sched_* events in the same order, with equal timestamp (ns),
# CPU, pid and key fields; with --all, every event and every field.
# With --reports the second file is a trace-cmd report too (a trace
# rewritten for another kernel against the one it was made from).
# Prints "NAME COUNT" per event name on success.
#   usage: tdat_compare.py [--all] [--reports] REPORT.txt DUMP.txt
import re
import sys

KEYS = ("prev_pid", "next_pid", "prev_state", "pid", "child_pid", "filename")
# [BUFFER: ]COMM-PID [CPU] SECS.NSECS: NAME: FIELDS
LINE = re.compile(r"^(?:\S+: )?\s*(.*)-(\d+)\s+\[(\d+)\]\s+(\d+)\.(\d{9}): "
                  r"(\w+):\s*(.*)$")
FIELD = re.compile(r"(?:^| )(\w+)=")


def report_fields(text):
    marks = list(FIELD.finditer(text))
    out = {}
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        out[m.group(1)] = text[m.end():end]
    return out


def key_of(name, fields):
    return tuple((k, norm(fields[k])) for k in KEYS if k in fields)


def norm(v):
    # trace-cmd prints a long of 4 bytes (a 32-bit kernel's) in hex.
    if re.fullmatch(r"0x[0-9a-f]+", v):
        return int(v, 16)
    return int(v) if re.fullmatch(r"-?\d+", v) else v


def read_report(path):
    events = []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = LINE.match(line.rstrip("\n"))
        if not m:
            continue
        ts = int(m.group(4)) * 1000000000 + int(m.group(5))
        events.append((ts, int(m.group(3)), int(m.group(2)), m.group(6),
                       report_fields(m.group(7))))
    return events


def read_dump(path):
    events = []
    for line in open(path, encoding="utf-8", errors="replace"):
        cols = line.rstrip("\n").split("\t")
        fields = dict(c.split("=", 1) for c in cols[4:])
        events.append((int(cols[0]), int(cols[1]), int(cols[2]), cols[3],
                       fields))
    return events


def counts(events):
    c = {}
    for e in events:
        c[e[3]] = c.get(e[3], 0) + 1
    return c


def sched(events, every):
    if every:
        return [(e[0], e[1], e[2], e[3],
                 tuple(sorted((k, norm(v)) for k, v in e[4].items())))
                for e in events]
    return [(e[0], e[1], e[2], e[3], key_of(e[3], e[4])) for e in events
            if e[3].startswith("sched_")]


def main():
    args = sys.argv[1:]
    every = "--all" in args
    reports = "--reports" in args
    args = [a for a in args if a not in ("--all", "--reports")]
    rep = read_report(args[0])
    dump = read_report(args[1]) if reports else read_dump(args[1])
    bad = 0
    cr, cd = counts(rep), counts(dump)
    if cr != cd:
        print("event counts differ: trace-cmd %s, ours %s" % (cr, cd))
        bad = 1
    sr, sd = sched(rep, every), sched(dump, every)
    if len(sr) != len(sd):
        print("sched_* events: trace-cmd %d, ours %d" % (len(sr), len(sd)))
        bad = 1
    for i, (a, b) in enumerate(zip(sr, sd)):
        if a != b:
            print("sched_* event %d differs:\n  trace-cmd %s\n  ours      %s"
                  % (i, a, b))
            bad = 1
            break
    if not rep:
        print("trace-cmd reported no events")
        bad = 1
    if not bad:
        for name in sorted(cr):
            print(name, cr[name])
    sys.exit(bad)


if __name__ == "__main__":
    main()

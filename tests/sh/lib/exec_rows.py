#!/usr/bin/env python3
"""exec_rows.py: whether each exec of a program in a trace is a process row of its own: prints "GOT WANT ALL".

usage: exec_rows.py JSON REPORT PATH NAME
JSON is bootchart-render --json of the trace, REPORT trace-cmd report of
it.  WANT: the sched_process_exec events of PATH; GOT: the processes of
JSON named NAME whose pid is one of theirs.  Counted by those pids: a
recording of the whole system holds runs of NAME that other programs
made meanwhile, or that exec'd before it began, which are no runs of the
test's.  ALL: the processes of JSON named NAME, whoever ran them (the
chart draws a row for each).
"""
import json
import re
import sys


def main():
    js, report, path, name = sys.argv[1:5]
    pat = re.compile(r"sched_process_exec:.*filename=" + re.escape(path) +
                     r" pid=(\d+)")
    pids = []
    with open(report, errors="replace") as f:
        for line in f:
            m = pat.search(line)
            if m:
                pids.append(int(m.group(1)))
    with open(js) as f:
        procs = json.load(f)["processes"]
    want = set(pids)
    named = [p for p in procs if p["name"] == name]
    got = sum(1 for p in named if p["pid"] in want)
    print(got, len(pids), len(named))


main()

#!/usr/bin/env python3
# stacks_compare.py: the kernel stacks of bootchart-render --dump-events
# against trace-cmd report's (plain, not -R: -R prints only the 8 frames
# the format declares, as bytes): every kernel_stack event's frames, in
# order, the same addresses (a frame with no symbol is a bare address).  Prints the count of stacks and frames.
#   usage: stacks_compare.py REPORT.txt DUMP.txt
import re
import sys

FRAME = re.compile(r"^=> (?:.*\(([0-9a-f]+)\)|([0-9a-f]+))$")


def read_report(path):
    stacks, cur = [], None
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = FRAME.match(line)
        if m and cur is not None:
            cur.append(int(m.group(1) or m.group(2), 16))
            continue
        cur = None
        if " kernel_stack: " in line:
            cur = []
            stacks.append(cur)
    return stacks


def read_dump(path):
    stacks = []
    for line in open(path, encoding="utf-8", errors="replace"):
        cols = line.rstrip("\n").split("\t")
        if len(cols) < 4 or cols[3] != "kernel_stack":
            continue
        fields = dict(c.split("=", 1) for c in cols[4:])
        stacks.append([int(a, 16) for a in
                       fields["caller"].strip("{}").split(",") if a])
    return stacks


def main():
    theirs, ours = read_report(sys.argv[1]), read_dump(sys.argv[2])
    if not theirs or len(theirs) != len(ours):
        print("stacks: trace-cmd %d, ours %d" % (len(theirs), len(ours)))
        sys.exit(1)
    for i, (a, b) in enumerate(zip(theirs, ours)):
        if a != b:
            print("stack %d differs:\n  trace-cmd %s\n  ours      %s"
                  % (i, [hex(x) for x in a], [hex(x) for x in b]))
            sys.exit(1)
    print(len(ours), sum(len(s) for s in ours))


main()

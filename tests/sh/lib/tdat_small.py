#!/usr/bin/env python3
# tdat_small.py: a small copy of a trace.dat version 6 (little-endian) for
# seeds and fixtures: only the formats of the systems named (ftrace: its
# own, print and funcgraph_*, kept), no kallsyms or
# printk formats, at most N pages per CPU, an instance's data (the
# last BUFFER option's) as the top buffer's; trace-cmd reads the copy as it
# reads the original (tests/sh/trace_decode.sh checks that).
#   usage: tdat_small.py IN.dat OUT.dat [FIRST:]PAGES SYSTEM...
# (FIRST: the pages from that one on, 0 the first.)
import struct
import sys


class Reader:
    def __init__(self, data):
        self.d, self.p = data, 0

    def take(self, n):
        b = self.d[self.p:self.p + n]
        if len(b) != n:
            sys.exit("tdat_small.py: truncated at %d" % self.p)
        self.p += n
        return b

    def num(self, fmt):
        return struct.unpack("<" + fmt, self.take(struct.calcsize(fmt)))[0]

    def cstr(self):
        e = self.d.index(b"\0", self.p)
        s = self.d[self.p:e]
        self.p = e + 1
        return s


def main():
    src, dst = sys.argv[1], sys.argv[2]
    first, _, npages = sys.argv[3].rpartition(":")
    first, npages = int(first or 0), int(npages)
    keep = set(a.encode() for a in sys.argv[4:])
    r = Reader(open(src, "rb").read())
    head = r.take(10)
    if r.cstr() != b"6":
        sys.exit("tdat_small.py: not version 6")
    endian, lsize, page = r.num("B"), r.num("B"), r.num("I")
    if endian != 0:
        sys.exit("tdat_small.py: big-endian")
    out = bytearray(head + b"6\0" + struct.pack("<BBI", endian, lsize, page))
    for tag in (b"header_page\0", b"header_event\0"):
        if r.take(len(tag)) != tag:
            sys.exit("tdat_small.py: no " + tag.decode())
        n = r.num("Q")
        out += tag + struct.pack("<Q", n) + r.take(n)
    ftrace = [r.take(r.num("Q")) for _ in range(r.num("I"))]
    if b"ftrace" not in keep:            # ftrace formats: dropped
        ftrace = []
    out += struct.pack("<I", len(ftrace))
    for t in ftrace:
        out += struct.pack("<Q", len(t)) + t
    systems = []
    for _ in range(r.num("I")):
        name, texts = r.cstr(), []
        for _ in range(r.num("I")):
            texts.append(r.take(r.num("Q")))
        if name in keep:
            systems.append((name, texts))
    out += struct.pack("<I", len(systems))
    for name, texts in systems:
        out += name + b"\0" + struct.pack("<I", len(texts))
        for t in texts:
            out += struct.pack("<Q", len(t)) + t
    r.take(r.num("I"))                   # kallsyms
    r.take(r.num("I"))                   # printk formats
    out += struct.pack("<II", 0, 0)
    n = r.num("Q")
    out += struct.pack("<Q", n) + r.take(n)
    ncpu = r.num("I")
    out += struct.pack("<I", ncpu)
    tag = r.take(10)
    inst = None
    if tag == b"options  \0":
        # Kept but BUFFER and CPUSTAT: an instance's data becomes the top's.
        out += tag
        while True:
            oid = r.num("H")
            if oid == 0:
                out += struct.pack("<H", 0)
                break
            opt = r.take(r.num("I"))
            if oid == 3:
                inst = struct.unpack_from("<Q", opt)[0]
            elif oid != 2:
                out += struct.pack("<HI", oid, len(opt)) + opt
        tag = r.take(10)
    if tag != b"flyrecord\0":
        sys.exit("tdat_small.py: no flyrecord")
    if inst is not None:
        r.p = inst + 10
    cpus = [(r.num("Q"), r.num("Q")) for _ in range(ncpu)]
    out += tag
    table = len(out)
    out += bytes(16 * ncpu)
    data = []
    for off, size in cpus:
        skip = min(size, first * page)
        data.append(r.d[off + skip:off + min(size, skip + npages * page)])
    pos = (len(out) + page - 1) // page * page
    for i, d in enumerate(data):
        struct.pack_into("<QQ", out, table + 16 * i, pos if d else 0, len(d))
        out += bytes(pos - len(out)) + d
        pos = (len(out) + page - 1) // page * page
    open(dst, "wb").write(bytes(out))


main()

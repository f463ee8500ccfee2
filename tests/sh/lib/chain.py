#!/usr/bin/env python3
# chain.py: the critical path's chain (tests/sh/critical_path.sh live, tests/tools/record-traces.sh for the recorded chain.tgz): B sleeps 0.3 s and writes a pipe A reads; A then spins 200 ms and fsyncs 64 KiB.  Each window, on CLOCK_BOOTTIME ns, goes to DIR/m.a and DIR/m.b as "what pid start end"; A's CPU time as "cpu pid 0 ns".
#   usage: chain.py DIR
import os, sys, time

d = sys.argv[1]
B = time.CLOCK_BOOTTIME
def now():
    return time.clock_gettime_ns(B)
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    os.close(r)
    a = now(); time.sleep(0.3); b = now()
    with open(os.path.join(d, "m.b"), "w") as f:
        f.write("sleep %d %d %d\n" % (os.getpid(), a, b))
    os.write(w, b"x")
    os._exit(0)
os.close(w)
a = now(); os.read(r, 1); b = now()
x = 0
c = now(); c0 = time.thread_time_ns()
while now() - c < 200000000:
    x += 1
d_ = now(); d0 = time.thread_time_ns()
fd = os.open(os.path.join(d, "synced"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
    0o644)
os.write(fd, b"y" * 65536)
e = now(); os.fsync(fd); g = now()
os.close(fd)
os.waitpid(pid, 0)
with open(os.path.join(d, "m.a"), "w") as f:
    f.write("read %d %d %d\nbusy %d %d %d\nfsync %d %d %d\ncpu %d 0 %d\n" %
        (os.getpid(), a, b, os.getpid(), c, d_, os.getpid(), e, g,
        os.getpid(), d0 - c0))

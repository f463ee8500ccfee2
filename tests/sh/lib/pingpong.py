# pingpong.py SECONDS [BOUNCES_PER_S|target]: two processes bounce a byte through two pipes for SECONDS, a switch and a wake-up per bounce: a flood of scheduler events (record-traces.sh's cut fixture, trace_cut.sh); with BOUNCES_PER_S, no faster than that; `target` is exact mode's target rate (trace_rate.sh, bench_trace_rate.sh).
import os, sys, time
# Issue 42's target, 100 000 events a second, with some room: a bounce
# is about five events with their stacks (two switches, two wake-ups,
# and the writes' and reads' share), so about 107 000 events a second.
TARGET = 21000
r, w = os.pipe()
r2, w2 = os.pipe()
start = time.time()
end = start + float(sys.argv[1])
arg = sys.argv[2] if len(sys.argv) > 2 else "0"
rate = float(TARGET if arg == "target" else arg)
if os.fork() == 0:
    while os.read(r, 1) == b"x":
        os.write(w2, b"x")
    os._exit(0)
n = 0
while time.time() < end:
    os.write(w, b"x")
    os.read(r2, 1)
    n += 1
    # Throttled: every 100 bounces, wait for the time they were due.
    if rate > 0 and n % 100 == 0:
        ahead = start + n / rate - time.time()
        if ahead > 0:
            time.sleep(ahead)
os.write(w, b"q")

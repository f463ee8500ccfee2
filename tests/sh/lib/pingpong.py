# pingpong.py SECONDS [BOUNCES_PER_S]: two processes bounce a byte through two pipes for SECONDS, a switch and a wake-up per bounce: a flood of scheduler events (record-traces.sh's cut fixture, trace_cut.sh, trace_rate.sh); with BOUNCES_PER_S, no faster than that (bench_trace_rate.sh's steady rate).
import os, sys, time
r, w = os.pipe()
r2, w2 = os.pipe()
start = time.time()
end = start + float(sys.argv[1])
rate = float(sys.argv[2]) if len(sys.argv) > 2 else 0
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

# pingpong.py SECONDS: two processes bounce a byte through two pipes for SECONDS, a switch and a wake-up per bounce: a flood of scheduler events (record-traces.sh's cut fixture, trace_cut.sh).
import os, sys, time
r, w = os.pipe()
r2, w2 = os.pipe()
end = time.time() + float(sys.argv[1])
if os.fork() == 0:
    while os.read(r, 1) == b"x":
        os.write(w2, b"x")
    os._exit(0)
while time.time() < end:
    os.write(w, b"x")
    os.read(r2, 1)
os.write(w, b"q")

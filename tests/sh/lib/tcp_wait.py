# tcp_wait.py OUT: a client waits in recv on loopback for a server (its child) that sleeps 0.2 s before it answers, then lives 0.3 s on; the client exits at once, writing "client PID", "server PID", "wait_ms MS" (its send to its recv's end) to OUT (record-traces.sh's tcp fixture).
import os
import socket
import sys
import time

srv = socket.socket()
srv.bind(("127.0.0.1", 0))
srv.listen(1)
port = srv.getsockname()[1]
pid = os.fork()
if pid == 0:
    c, _ = srv.accept()
    c.recv(1)
    time.sleep(0.2)
    c.send(b"y")
    time.sleep(0.3)
    os._exit(0)
cl = socket.create_connection(("127.0.0.1", port))
t0 = time.time()
cl.send(b"x")
cl.recv(1)
with open(sys.argv[1], "w") as f:
    f.write("client %d\nserver %d\nwait_ms %.3f\n"
            % (os.getpid(), pid, (time.time() - t0) * 1000))

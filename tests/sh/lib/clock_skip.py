#!/usr/bin/python3
"""clock_skip.py: how far a thread's CPU clock may fall short of, or run
past, its running spans in a trace, read from `trace-cmd report` (the
oracle).  For the tests that set one against the other (trace_threads.sh,
trace_states.sh, trace_exact.sh: lib/logger_lib.sh.inc's clock_skip).

usage: clock_skip.py REPORT.txt TID...
prints one line per TID: "TID LOST GAINED", in seconds.

When a wake-up preempts the running thread, the kernel's wakeup_preempt()
skips the next update of the runqueue's clock ("a useless back-to-back
clock update", kernel/sched/core.c): the preempted thread's CPU time
stops at the wake-up, the thread that preempted it is charged from
there, while the trace has the switch itself.  So a thread's clock may
fall short of its spans by LOST: for each switch off a CPU while still
runnable (R, R+), the time from the latest waking of the thread put on
the CPU to the switch; and run past them by GAINED: the same, for the
switches that put it on a CPU after such a waking of its own, each at
most one tick (a tick between updates the clock).  Both are bounds: the
clock update comes after the waking event, on the target CPU, and a
preemption the tick made skips nothing.  A recording with a pid filter
(bootchartd's default scope, the command's tree) lacks the wakings of
tasks outside it: a preemption by one of those, which last left a CPU
asleep, adds to LOST the whole span it ended (at most a tick), since its
waking came somewhere in that span.  What such a task did between two
recorded switches is not seen either, so a test that holds a thread's
clock to its spans records the whole system (TRACE_SCOPE=system), where
every waking and switch is there.  Measured here, a spinner beside
three busy shells, eight runs: its spans 2.2 to 6.9 ms past its clock
(in 129 to 183 ms), LOST 3.0 to 10.9 ms (one run 3.8 ms past with LOST
3.5 ms: the tests' 2 % and steal allowance hold the rest)."""
import gzip
import os
import re
import sys

LINE = re.compile(r"\s*.*?-\d+\s+\[(\d+)\]\s+([\d.]+): (\w+):\s+(.*)")
SWITCH = re.compile(r".*?:(\d+) \[-?\d+\] (\S+) ==> .*?:(\d+) \[")
WAKING = re.compile(r"comm=.* pid=(\d+) ")


def tick():
    """The kernel's tick in seconds (CONFIG_HZ), else 10 ms, the longest."""
    for path, opener in (("/proc/config.gz", gzip.open),
                         ("/boot/config-" + os.uname().release, open)):
        try:
            with opener(path, "rt") as f:
                for line in f:
                    if line.startswith("CONFIG_HZ="):
                        return 1.0 / int(line.split("=")[1])
        except (OSError, ValueError):
            continue
    return 0.01


def main():
    cap = tick()
    tids = [int(t) for t in sys.argv[2:]]
    lost = dict.fromkeys(tids, 0.0)
    gained = dict.fromkeys(tids, 0.0)
    woken = {}      # thread -> when last woken (sched_waking)
    oncpu = {}      # cpu -> since when its thread has run
    left = {}       # thread -> its state when it last left a CPU
    for line in open(sys.argv[1], errors="replace"):
        m = LINE.match(line)
        if m is None:
            continue
        cpu, ts, event, rest = int(m.group(1)), float(m.group(2)), \
            m.group(3), m.group(4)
        if event == "sched_waking":
            w = WAKING.match(rest)
            if w is not None:
                woken[int(w.group(1))] = ts
            continue
        if event != "sched_switch":
            continue
        s = SWITCH.match(rest)
        if s is None:
            continue
        prev, state, nxt = int(s.group(1)), s.group(2), int(s.group(3))
        since = oncpu.get(cpu)
        at = woken.pop(nxt, None)
        # Preempted by a thread woken while prev ran here.
        if state.startswith("R") and at is not None and since is not None \
                and at >= since:
            if prev in lost:
                lost[prev] += min(ts - at, cap)
            if nxt in gained:
                gained[nxt] += min(ts - at, cap)
        # Preempted by a thread that last left a CPU asleep (or was never
        # seen to leave one) and whose waking the trace lacks: a task
        # outside a recording's pid filter, whose wakings the kernel
        # leaves out.  Its waking came while prev ran (a skip asked for
        # before prev's switch-in is spent by it), so the clock lost at
        # most prev's span here.
        elif state.startswith("R") and at is None and since is not None \
                and prev in lost and nxt != 0 \
                and not left.get(nxt, "").startswith("R"):
            lost[prev] += min(ts - since, cap)
        left[prev] = state
        oncpu[cpu] = ts
    for t in tids:
        print("%d %.6f %.6f" % (t, lost[t], gained[t]))


if __name__ == "__main__":
    main()

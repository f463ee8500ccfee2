#!/usr/bin/env python3
# states_check.py: --json's per-process state seconds (running_s, runnable_s, blocked_io_s, sleeping_s) on a recorded trace: they add up to each row's life as traced, and one process's running_s is trace-cmd report's sched_switch time on a CPU (tests/sh/trace_fixtures.sh).
#   usage: states_check.py life NAME JSON
#          states_check.py running NAME JSON REPORT PID
# REPORT: `trace-cmd report -t` of the log's trace.dat.  Prints TAP
# lines; exits 1 when one fails.
import json, re, sys

STATES = ("running_s", "runnable_s", "blocked_io_s", "sleeping_s")
ok = True


def check(what, cond):
    global ok
    print(("ok - " if cond else "not ok - ") + what)
    ok = ok and cond


def traced(js):
    return [p for p in json.load(open(js))["processes"] if "running_s" in p]


def life(name, js):
    """Each state 3 decimals, duration_ms whole: 4 ms of rounding at most.
    A row alive when the trace ended has its states up to that end, the
    same for every such row, short of its box (which the samples end)."""
    rows = traced(js)
    short, ends = [], set()
    for p in rows:
        s = sum(p[k] for k in STATES) * 1000
        if abs(s - p["duration_ms"]) > 4:
            short.append((p["pid"], p["name"], round(s, 3), p["duration_ms"]))
            ends.add(round(p["start_ms"] + s))
    print("# %s: %d traced rows, %d whole, %d the trace ended first (%s)" %
          (name, len(rows), len(rows) - len(short), len(short),
           ", ".join("%s %s %.3f of %d ms" % r for r in short[:3])))
    check("%s: every traced row has its four states" % name, len(rows) > 0 and
          all(all(k in p for k in STATES) for p in rows))
    check("%s: the four states add up to each row's life as traced" % name,
          all(s <= d + 4 for _, _, s, d in short) and
          (not ends or max(ends) - min(ends) <= 4))


SWITCH = re.compile(r"\[(\d+)\]\s+([\d.]+):\s+sched_switch:\s+.*:(-?\d+) "
                    r"\[-?\d+\] \S+ ==> .*:(-?\d+) \[-?\d+\]")
EXIT = re.compile(r"\[(\d+)\]\s+([\d.]+):\s+sched_process_exit:.* pid=(\d+) ")


def on_cpu(report, pid):
    """Seconds thread pid spent on a CPU, switch in to switch out, up to
    its exit (where its life, and so its states, end)."""
    on, total, runs = {}, 0.0, 0
    for line in open(report):
        m = EXIT.search(line)
        if m and int(m.group(3)) == pid:
            cpu = int(m.group(1))
            if cpu in on:
                total += float(m.group(2)) - on.pop(cpu)
            break
        m = SWITCH.search(line)
        if not m:
            continue
        cpu, t = int(m.group(1)), float(m.group(2))
        if int(m.group(3)) == pid and cpu in on:
            total += t - on.pop(cpu)
            runs += 1
        if int(m.group(4)) == pid:
            on[cpu] = t
    return total, runs


def running(name, js, report, pid):
    row = [p for p in traced(js) if p["pid"] == pid]
    theirs, runs = on_cpu(report, pid)
    mine = row[0]["running_s"] if row else -1
    print("# %s: pid %d running %.3f s, trace-cmd's switches %.6f s (%d runs)"
          % (name, pid, mine, theirs, runs))
    # running_s has 3 decimals; the spans are whole µs each.
    check("%s: pid %d's running_s is its time on a CPU in trace-cmd's "
          "switches (1 ms)" % (name, pid),
          runs > 0 and abs(mine - theirs) <= 0.001 + runs * 2e-6)


if sys.argv[1] == "life":
    life(*sys.argv[2:4])
else:
    running(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
sys.exit(0 if ok else 1)

#!/usr/bin/env python3
# trace_oracle.py: a bare trace.dat's --json against trace-cmd report -R -t
# of the same file (the oracle), as TAP lines (tests/sh/trace_alone.sh,
# trace_blockdisk.sh, trace_instances.sh).
#   disk REPORT.txt OURS.json
#     series.disk bin for bin: 200 ms bins from the report's first event;
#     bytes read and written = the sectors x 512 of the block_rq_complete
#     events stamped in the bin (rwbs R, W; discards and flushes neither),
#     util = the busiest disk's time with a request issued (block_rq_issue)
#     and not completed nor requeued, keyed by (dev, sector).
#   cpu REPORT.txt OURS.json NAME...
#     the running time of each process that ran a NAME (-n --json's rows of
#     its pid together: an exec makes a row of its own) against the sum of
#     its sched_switch intervals, switch-in to switch-out on one CPU; and
#     totals.cpu_busy_s against every CPU's time not in its idle task
#     (pid 0) from the report's first event to its last.
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exports_check import tap  # noqa: E402
from tdat_compare import read_report  # noqa: E402

BIN_NS = 200000000


def spread(bins, t0, a, b):
    """Adds [a, b) to bins of BIN_NS from t0, split where it crosses."""
    while a < b:
        i = (a - t0) // BIN_NS
        end = min(b, t0 + (i + 1) * BIN_NS)
        bins[i] += end - a
        a = end


def disk_ref(ev):
    t0, last = ev[0][0], ev[-1][0]
    n = (last - t0) // BIN_NS + 1
    rd, wr, busy = [0] * n, [0] * n, {}
    open_, since = set(), {}
    count = {}
    for ts, _cpu, _pid, name, f in ev:
        if not name.startswith("block_rq_"):
            continue
        key = (int(f["dev"]), int(f["sector"]))
        dev = key[0]
        if name == "block_rq_issue" and key not in open_:
            open_.add(key)
            count[dev] = count.get(dev, 0) + 1
            if count[dev] == 1:
                since[dev] = ts
        if name == "block_rq_complete":
            op = f["rwbs"].strip()
            nb = int(f["nr_sector"]) * 512
            if "R" in op:
                rd[(ts - t0) // BIN_NS] += nb
            elif "W" in op:
                wr[(ts - t0) // BIN_NS] += nb
        if name in ("block_rq_complete", "block_rq_requeue") and \
                key in open_:
            open_.discard(key)
            count[dev] -= 1
            if count[dev] == 0:
                spread(busy.setdefault(dev, [0] * n), t0, since[dev], ts)
    for dev, c in count.items():
        if c > 0:
            spread(busy.setdefault(dev, [0] * n), t0, since[dev], last)
    util = [max([b[i] for b in busy.values()] + [0]) / BIN_NS
            for i in range(n)]
    return rd, wr, util


def disk(rep_path, ours_path):
    ev = sorted(read_report(rep_path), key=lambda e: e[0])
    ours = json.load(open(ours_path))
    series = ours["series"]["disk"]
    nblk = sum(1 for e in ev if e[3].startswith("block_rq_"))
    rd, wr, util = disk_ref(ev)
    print("# %d block events; trace-cmd: read %d, written %d bytes in %d "
          "bins" % (nblk, sum(rd), sum(wr), len(rd)))
    tap(len(series) == len(rd), "disk: a sample per 200 ms bin from the "
        "first event to the last (%d, trace-cmd %d)" % (len(series),
                                                        len(rd)))
    # bytes / 0.2 s is a whole number: the JSON's integer rate is exact.
    bad = [(i, s, r, w) for i, (s, r, w) in enumerate(zip(series, rd, wr))
           if s["read_bytes_per_s"] != r * 5 or
           s["write_bytes_per_s"] != w * 5 or s["interval_ms"] != 200]
    tap(not bad, "disk: each bin's bytes read and written are trace-cmd's "
        "completed sectors x 512", bad[:3])
    tot = ours["totals"]
    tap(tot["disk_read_bytes"] == sum(rd) and
        tot["disk_write_bytes"] == sum(wr),
        "disk: the totals are trace-cmd's (read %d, written %d)" %
        (sum(rd), sum(wr)), (tot["disk_read_bytes"],
                             tot["disk_write_bytes"]))
    # --json writes util to 4 decimals: within half a unit of the 4th.
    bad = [(i, s["util"], u) for i, (s, u) in enumerate(zip(series, util))
           if abs(s["util"] - u) > 0.00005 + 1e-9]
    tap(not bad, "disk: each bin's util is the busiest disk's time with "
        "a request in flight (issue to completion), to 4 decimals", bad[:3])


def cpu_ref(ev):
    """Each pid's running time and every CPU's busy time, each as what
    the switches say for certain and what they leave open: a switch-out
    of a thread the CPU's last switch did not put there (a switch-in the
    kernel did not record, or before the CPU's first switch) says it ran
    for some of the time since, not how much."""
    t0, last = ev[0][0], ev[-1][0]
    run, vague, cur = {}, {}, {}
    busy = [0, 0]
    for ts, cpu, _pid, name, f in ev:
        if name != "sched_switch":
            continue
        prev, nxt = int(f["prev_pid"]), int(f["next_pid"])
        had, since = cur.get(cpu, (None, t0))
        sure = had == prev
        if prev != 0:
            into = run if sure else vague
            into[prev] = into.get(prev, 0) + ts - since
        # Busy for sure when the switch pairs.  Unpaired, with a task
        # on either side, the CPU was busy for some or all of it: all
        # when both are tasks, but ours then gives the one the last
        # switch put there no time past it (tboot_sched.c's ran_since
        # starts the one leaving after its wake-up, the other's run is
        # never closed), so up to all of it is the allowance.
        if sure:
            busy[0] += ts - since if prev != 0 else 0
        elif prev != 0 or (had is not None and had != 0):
            busy[1] += ts - since
        cur[cpu] = (nxt, ts)
    for p, s in cur.values():
        if p != 0:
            run[p] = run.get(p, 0) + last - s
            busy[0] += last - s
    return run, vague, busy


def cpu(rep_path, ours_path, names):
    ev = sorted(read_report(rep_path), key=lambda e: e[0])
    ours = json.load(open(ours_path))
    run, vague, busy = cpu_ref(ev)
    for name in names:
        cpu_name(ours["processes"], run, vague, name)
    # The bins' shares are floats (7 digits): far below the 3 decimals.
    tot = ours["totals"]["cpu_busy_s"]
    lo, hi = busy[0] / 1e9, (busy[0] + busy[1]) / 1e9
    tap(lo - 0.0005 - 1e-6 <= tot <= hi + 0.0005 + 1e-6,
        "cpu: the CPU total is every CPU's time out of its idle task in "
        "trace-cmd report (%.3f s, %.3f s unpaired; ours %.3f)" %
        (lo, busy[1] / 1e9, tot))


def cpu_name(procs, run, vague, name):
    pids = {p["pid"] for p in procs if p["name"] == name}
    got = {}
    for p in procs:
        if p["pid"] in pids:
            got[p["pid"]] = got.get(p["pid"], 0) + p["cpu_user_s"] + \
                p["cpu_sys_s"]
    # cpu_*_s are to the ms (3 decimals), each row rounded: half a ms
    # each; ours is whole us of the ns (under a us more).  Between what
    # the switches say for certain and that plus what they leave open.
    bad = []
    for pid, s in got.items():
        eps = 0.0005 * sum(1 for p in procs if p["pid"] == pid) + 1e-6
        lo = run.get(pid, 0) / 1e9
        if not lo - eps <= s <= lo + vague.get(pid, 0) / 1e9 + eps:
            bad.append((pid, s, lo, vague.get(pid, 0) / 1e9))
    print("# %s: %d processes, %.6f s of their runs not paired in the "
          "switches" % (name, len(pids),
                        sum(vague.get(p, 0) for p in pids) / 1e9))
    tap(len(pids) > 0 and not bad, "cpu: each %s process's CPU time is its "
        "sched_switch runs' in trace-cmd report (to the ms)" % name,
        bad[:3])


if __name__ == "__main__":
    if sys.argv[1] == "disk":
        disk(sys.argv[2], sys.argv[3])
    else:
        cpu(sys.argv[2], sys.argv[3], sys.argv[4:])

#!/usr/bin/env python3
# sets_check.py: what must hold of sets' JSON Lines, recomputed from the rows themselves (tests/sh/sets_fixtures.sh): medians, links, Benjamini-Hochberg, the Hodges-Lehmann shift, and the fixtures' verdicts.
#
#   sets_check.py rows FILE.jsonl          every row's own consistency
#   sets_check.py slower FILE.jsonl SHIFT KIND:NAME:METRIC...
#                                          each item slower, its shift's
#                                          CI containing SHIFT (ms)
#   sets_check.py unchanged FILE.jsonl     no item slower or faster
#   sets_check.py discarded FILE.jsonl K   the first K logs of each set
#                                          discarded, the others read
# Prints TAP lines.
import json
import statistics
import sys
from collections import defaultdict

bad = 0


def tap(ok, what, why=""):
    global bad
    if ok:
        print("ok - " + what)
    else:
        bad = 1
        print("not ok - " + what + (": " + why if why else ""))


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def close(x, y):
    return abs(x - y) <= 1e-9 * max(1.0, abs(y))


def key(r):
    return (r["kind"], r["name"], r["metric"])


def values(rows):
    """Each item's values per set, by boot index: from the item rows."""
    v = defaultdict(dict)
    for r in rows:
        if r["row"] == "item":
            v[key(r) + (r["set"],)][r["boot"]] = r["ms"]
    return v


def bh(p):
    """Benjamini-Hochberg as R's p.adjust(p, "BH"), written from its definition."""
    k = len(p)
    order = sorted(range(k), key=lambda i: p[i], reverse=True)
    q = [0.0] * k
    run = 1.0
    for rank_from_top, i in enumerate(order):
        rank = k - rank_from_top
        run = min(run, p[i] * k / rank)
        q[i] = run
    return q


def hl(a, b):
    """Hodges-Lehmann: the median of all differences b - a."""
    return statistics.median([y - x for x in a for y in b])


def check_rows(path):
    rows = load(path)
    v = values(rows)
    name = path.rsplit("/", 1)[-1]
    # Medians, n, min and max of every stat row from the item rows; the
    # min, lower middle and max values' boots.
    errs = []
    nstat = 0
    for r in rows:
        if r["row"] != "stat":
            continue
        nstat += 1
        x = v[key(r) + (r["set"],)]
        s = sorted(x.values())
        if r["n"] != len(s):
            errs.append("%s %s: n %d, %d item rows" % (key(r), r["set"], r["n"], len(s)))
            continue
        if r["median"] != statistics.median(s):
            errs.append("%s %s: median %r, python %r" % (key(r), r["set"], r["median"], statistics.median(s)))
        if r["min"] != s[0] or r["max"] != s[-1]:
            errs.append("%s %s: min/max" % (key(r), r["set"]))
        lower = s[(len(s) - 1) // 2]
        for link, want in (("min_boot", s[0]), ("median_boot", lower), ("max_boot", s[-1])):
            if x.get(r[link]) != want:
                errs.append("%s %s: %s %r has %r, not %r" % (key(r), r["set"], link, r[link], x.get(r[link]), want))
    tap(nstat > 0 and not errs, "%s: %d stat rows: n, median (python's statistics.median), min, max from the item rows; min_boot, median_boot (the lower middle), max_boot give them" % (name, nstat), "; ".join(errs[:5]))

    cmps = [r for r in rows if r["row"] == "cmp"]
    errs = []
    for r in cmps:
        a = list(v[key(r) + ("A",)].values())
        b = list(v[key(r) + ("B",)].values())
        if (r["n_a"], r["n_b"]) != (len(a), len(b)):
            errs.append("%s: n_a, n_b" % (key(r),))
        elif not close(r["shift"], hl(a, b)):
            errs.append("%s: shift %r, python %r" % (key(r), r["shift"], hl(a, b)))
        if not r["shift_lo"] <= r["shift"] <= r["shift_hi"]:
            errs.append("%s: shift outside its CI" % (key(r),))
        if r["p"] != min(r["p_mw"], r["p_ks"]):
            errs.append("%s: p is not the smaller of p_mw, p_ks" % (key(r),))
        if not close(r["dmedian"], statistics.median(b) - statistics.median(a)):
            errs.append("%s: dmedian" % (key(r),))
    tap(cmps and not errs, "%s: %d cmp rows: n_a, n_b, the Hodges-Lehmann shift (python, all pairs) and dmedian from the item rows; p the smaller of p_mw, p_ks; the shift within its CI" % (name, len(cmps)), "; ".join(errs[:5]))

    q = bh([r["p"] for r in cmps])
    worst = max([abs(qi - r["q"]) for qi, r in zip(q, cmps)] or [0])
    tap(cmps and all(r["q"] >= r["p"] for r in cmps) and worst <= 1e-12,
        "%s: every q >= p, and Benjamini-Hochberg recomputed from the cmp rows' p equals q (largest difference %.3g)" % (name, worst))

    boots = [r for r in rows if r["row"] == "boot"]
    used = {(r["set"], r["index"]) for r in boots if r["read"]}
    stray = [r for r in rows if r["row"] == "item" and (r["set"], r["boot"]) not in used]
    tap(boots and not stray, "%s: every item row's boot is a boot row that read (%d boots)" % (name, len(boots)))


def check_slower(path, shift, items):
    rows = load(path)
    cmp = {key(r): r for r in rows if r["row"] == "cmp"}
    for it in items:
        k = tuple(it.split(":"))
        r = cmp.get(k)
        if r is None:
            tap(False, "%s: %s compared" % (path, it))
            continue
        tap(r["verdict"] == "slower" and r["shift_lo"] <= shift <= r["shift_hi"],
            "%s: %s slower, its shift %g ms [%g, %g] containing %g ms" % (path.rsplit("/", 1)[-1], it, r["shift"], r["shift_lo"], r["shift_hi"], shift),
            "verdict %s" % r["verdict"])


def check_unchanged(path):
    rows = load(path)
    cmps = [r for r in rows if r["row"] == "cmp"]
    moved = [key(r) for r in cmps if r["verdict"] in ("slower", "faster")]
    tap(cmps and not moved, "%s: no item slower or faster after Benjamini-Hochberg (%d compared)" % (path.rsplit("/", 1)[-1], len(cmps)), str(moved))


def check_discarded(path, k):
    rows = load(path)
    boots = [r for r in rows if r["row"] == "boot"]
    ok = bool(boots)
    for r in boots:
        first = r["index"] < k
        ok = ok and r["discarded"] == first and r["read"] == (not first) and (r["kind"] is None) == first
    per_set = defaultdict(int)
    for r in boots:
        per_set[r["set"]] += r["read"]
    given = defaultdict(int)
    for r in boots:
        given[r["set"]] += 1
    ok = ok and all(per_set[s] == given[s] - k for s in ("A", "B"))
    ns = {r["n"] for r in rows if r["row"] == "stat"}
    tap(ok and ns == {given["A"] - k} == {given["B"] - k},
        "%s: the first %d log(s) of each set discarded, not read, the others read; every stat row's n %s" % (path.rsplit("/", 1)[-1], k, sorted(ns)))


def main():
    what, path = sys.argv[1], sys.argv[2]
    if what == "rows":
        check_rows(path)
    elif what == "slower":
        check_slower(path, float(sys.argv[3]), sys.argv[4:])
    elif what == "unchanged":
        check_unchanged(path)
    elif what == "discarded":
        check_discarded(path, int(sys.argv[3]))
    else:
        sys.exit("usage: sets_check.py rows|slower|unchanged|discarded FILE ...")
    return bad


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# cpath_check.py: what holds of any --critical-path report, as TAP lines
# (tests/sh/trace_fixtures.sh, tests/sh/critical_path.sh).
#   cpath_check.py NAME DEFAULT.cpath VERBOSE.cpath [REPORT.json]
# DEFAULT: --critical-path; VERBOSE: with -v; REPORT: --json of the log.
# The raw segments (-v) follow one another over the header's span; the
# category totals are the segments' sums (within half a µs of rounding
# per segment) and add up to the span, their shares are the segments'
# and add up to 100 % (± 0.1); the merged rows
# cover the same span as the raw ones; --json's by_category and span are
# the text's.
import json
import re
import sys

US = 0.000001  # one µs in s


def slack(n):
    """What n printed times, each rounded to the µs, may be off by."""
    return US / 2 * n + US


def rows(path):
    head, out = None, []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if head is None and line.startswith("# critical path to "):
            head = line
        if line and not line.startswith("#"):
            out.append(line.split("\t"))
    return head, out


def span_of(head):
    m = re.search(r": (-?[0-9.]+) to (-?[0-9.]+) s on the chart "
                  r"\(its 0 at ([0-9.]+) s ", head or "")
    return tuple(float(x) for x in m.groups()) if m else None


def kind(rs, k):
    return [r for r in rs if r[0] == k]


def report(ok, what, note=None):
    print(("ok" if ok else "not ok") + " - " + what)
    if note:
        print("# " + note)


def follow(name, seg, span, what):
    """Rows one after the other from the span's start to its end."""
    gaps = [i for i in range(1, len(seg)) if seg[i][1] != seg[i - 1][2]]
    ok = bool(seg) and not gaps and \
        abs(float(seg[0][1]) - span[0]) <= US and \
        abs(float(seg[-1][2]) - span[1]) <= US
    report(ok, "%s: %s cover the span, one after the other, no gap (%d)" %
           (name, what, len(seg)),
           "first gap at row %d" % gaps[0] if gaps else None)


def categories(name, cat, seg, total):
    """The category rows: the segments' sums, adding up to the span."""
    span_s = float(total[1])
    by, count = {}, {}
    for s in seg:
        by[s[4]] = by.get(s[4], 0.0) + float(s[3]) / 1e3
        count[s[4]] = count.get(s[4], 0) + 1
    got = {c[1]: float(c[2]) for c in cat}
    bad = [c for c in by if c not in got or
           abs(by[c] - got[c]) > slack(count[c] + 1)]
    report(not bad and set(got) == set(by),
           "%s: each category's total is its segments' sum" % name,
           "differs: " + ", ".join(bad) if bad else None)
    tot = sum(got.values())
    # Summed in ns before printing: off by each row's rounding alone.
    report(abs(tot - span_s) <= slack(len(cat) + 1),
           "%s: the category totals add up to the span (%.6f of %.6f s)" %
           (name, tot, span_s))
    pct = [float(c[3].rstrip("%")) for c in cat]
    # A share as printed against the segments' own: its rounding, and
    # their µs each.
    near = span_s <= 0 or all(
        abs(p - 100.0 * by.get(c[1], 0.0) / span_s) <=
        0.005 + 1e-6 + 100.0 * slack(count.get(c[1], 0) + 1) / span_s
        for p, c in zip(pct, cat))
    report(abs(sum(pct) - 100.0) <= 0.1 and near,
           "%s: the shares are the segments' and add up to 100 %% (%.2f)" %
           (name, sum(pct)))
    order = [float(c[2]) for c in cat]
    report(order == sorted(order, reverse=True),
           "%s: the categories come the most first" % name)


def merged(name, mrg, seg, span):
    follow(name, mrg, span, "the merged rows")
    n = sum(int(m[7]) for m in mrg)
    same = all(mrg[i][4:6] != mrg[i - 1][4:6] or mrg[i][6] != mrg[i - 1][6]
               for i in range(1, len(mrg)))
    report(n == len(seg) and same,
           "%s: the merged rows hold every segment (%d in %d rows), "
           "no two alike one after the other" % (name, n, len(mrg)))


def against_json(name, path, cat, span):
    c = json.load(open(path))["critical_path"]
    jc = {k["category"]: (k["ms"], k["percent"]) for k in c["by_category"]}
    tc = {k[1]: (float(k[2]) * 1e3, float(k[3].rstrip("%"))) for k in cat}
    ok = set(jc) == set(tc) and all(
        abs(jc[k][0] - tc[k][0]) <= 0.0015 and abs(jc[k][1] - tc[k][1])
        <= 0.005 for k in jc)
    ok = ok and [k["category"] for k in c["by_category"]] == \
        [k[1] for k in cat]
    report(ok, "%s: --json's by_category is the text's" % name)
    ok = abs(c["start_ms"] - span[0] * 1e3) <= 0.0015 and \
        abs(c["end_ms"] - span[1] * 1e3) <= 0.0015
    report(ok, "%s: --json's span is the text's, on the chart's time base"
           % name)


def main(argv):
    name, dflt, verbose = argv[1:4]
    head, dr = rows(dflt)
    vhead, vr = rows(verbose)
    span = span_of(head)
    report(span is not None and head == vhead,
           "%s: the header gives the span on the chart's base" % name)
    if span is None:
        return
    seg, total = kind(vr, "segment"), kind(dr, "total")
    report(len(total) == 1 and kind(dr, "segment") == [] and
           kind(vr, "merged") == [],
           "%s: one total row; raw segments only with -v" % name)
    if len(total) != 1:
        return
    follow(name, seg, span, "the raw segments (-v)")
    categories(name, kind(dr, "category"), seg, total[0])
    merged(name, kind(dr, "merged"), seg, span)
    waited = kind(vr, "waited")
    tot = sum(float(w[4]) for w in waited)
    report(abs(tot - float(total[0][1])) <= slack(len(waited) + 1) and
           kind(dr, "waited") == waited[:10],
           "%s: -v's waited rows add up to the span; the default's are "
           "its first 10" % name)
    if len(argv) > 4:
        against_json(name, argv[4], kind(dr, "category"), span)


if __name__ == "__main__":
    main(sys.argv)

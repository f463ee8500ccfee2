#!/usr/bin/python3
"""bands_check.py: the -f html page's bands of rows (renderer/paint/svg.c)
against -f svg's chart of the same log, which has none.  Prints TAP lines;
run by report_html.sh.

usage: bands_check.py PAGE.html CHART.svg

The page's bands tile the process area from its top (data-top) down, each
holding the rows and dotted-line pieces within its extent; joined where
they meet, the pieces are -f svg's dotted lines, vertical for vertical
and stub for stub, each piece's dots in step with its whole line's; the
rows are -f svg's, in the same order."""
import re
import sys

SEG = re.compile(r"M([-0-9.]+) ([-0-9.]+)([VH])([-0-9.]+)")


def tap(good, what):
    print("%s - %s" % ("ok" if good else "not ok", what), flush=True)


def chart(text):
    """The <svg> of the chart (the page has other, smaller ones)."""
    at = text.index("<svg")
    if 'id="chart"' in text:
        at = text.index('<svg id="chart"')
    return text[at:text.index("</svg>", at)]


def dotted(svg, offsets=None):
    """Verticals (x, y0, y1) and stubs (y, x0, x1) of class dp paths;
    offsets, when given, gets each vertical's stroke-dashoffset."""
    vert, stub = [], []
    for attrs, d in re.findall(r'<path class="dp"([^>]*) d="([^"]*)"', svg):
        m = re.search(r"stroke-dashoffset:([-0-9.]+)", attrs)
        for x, y, op, to in SEG.findall(d):
            if op == "V":
                vert.append((float(x), float(y), float(to)))
                if offsets is not None:
                    offsets[vert[-1]] = float(m.group(1)) if m else 0.0
            else:
                stub.append((float(y), float(x), float(to)))
    return vert, stub


def joined(vert):
    """Verticals at one x that meet end to start made one."""
    out = []
    for x, a, b in sorted(vert):
        if out and out[-1][0] == x and abs(out[-1][2] - a) < 1e-6:
            out[-1] = (x, out[-1][1], b)
        else:
            out.append((x, a, b))
    return out


def titles(svg):
    return [t.split("\n")[0] for t in
            re.findall(r'<g class="r"[^>]*><title>([^<]*)', svg)]


def main():
    page = chart(open(sys.argv[1], encoding="utf-8").read())
    whole = chart(open(sys.argv[2], encoding="utf-8").read())
    top = float(re.search(r'data-top="([-0-9.]+)"', page).group(1))
    parts = re.split(r'<g class="rc" data-y0="([-0-9.]+)" '
                     r'data-y1="([-0-9.]+)">', page)
    spans = [(float(parts[i]), float(parts[i + 1]))
             for i in range(1, len(parts), 3)]
    bodies = [parts[i + 2] for i in range(1, len(parts), 3)]
    tap(len(spans) >= 5, "the page has bands of rows (%d)" % len(spans))
    tiled = spans and spans[0][0] == top and all(
        spans[i][1] == spans[i + 1][0] for i in range(len(spans) - 1))
    tap(bool(tiled), "the bands tile the process area from its top")
    out = 0
    for (y0, y1), body in zip(spans, bodies):
        v, s = dotted(body)
        ys = [y for _, a, b in v for y in (a, b)] + [y for y, _, _ in s]
        ys += [float(y) for y in re.findall(r'<rect x="[-0-9.]+" '
                                            r'y="([-0-9.]+)"[^>]*class="pb"',
                                            body)]
        out += sum(1 for y in ys if y < y0 - 1e-6 or y > y1 + 1e-6)
    tap(out == 0, "each band's rows and dotted lines are within it "
        "(%d outside)" % out)
    offsets = {}
    pv, ps = dotted(page, offsets)
    wv, ws = dotted(whole)
    pj, wj = joined(pv), joined(wv)
    tap(len(pv) > len(wv) and pj == sorted(wv),
        "the bands' dotted verticals, joined, are -f svg's (%d pieces, "
        "%d joined, %d in the svg)" % (len(pv), len(pj), len(wv)))
    # svg.css dots a line 1 on, 2 off from its start: a piece starting d
    # below its line's start is offset d mod 3, so the dots stay put.
    off = 0
    for x, a, b in pv:
        start = next(j[1] for j in pj if j[0] == x and j[1] <= a < j[2])
        if abs(offsets[(x, a, b)] - (a - start) % 3) > 1e-6:
            off += 1
    tap(off == 0, "each piece's dots where its whole line has them (%d "
        "pieces out of step)" % off)
    tap(sorted(ps) == sorted(ws), "the same stubs (%d, %d in the svg)" %
        (len(ps), len(ws)))
    pt, wt = titles(page), titles(whole)
    tap(len(pt) > 100 and pt == wt, "the same rows in the same order "
        "(%d, %d in the svg)" % (len(pt), len(wt)))


if __name__ == "__main__":
    main()

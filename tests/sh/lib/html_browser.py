#!/usr/bin/python3
"""html_browser.py: checks a -f html page in Debian's chromium, headless,
driven by chromedriver over W3C WebDriver (HTTP and JSON from the standard
library, no client package).  Prints TAP lines; run by report_html.sh.

usage: html_browser.py CHROMEDRIVER CHROMIUM PAGE.html CHART.png REPORT.json
       PNGDIFF MAX_MEAN LABEL QUERY SHOT_DIR
       html_browser.py --show-time CHROMEDRIVER CHROMIUM PAGE.html RUNS
       html_browser.py --shot CHROMEDRIVER CHROMIUM PAGE.html OUT.png
       html_browser.py --controls CHROMEDRIVER CHROMIUM PAGE.html LONG
       QUERY PIDS
       html_browser.py --zoom-time CHROMEDRIVER CHROMIUM PAGE.html RUNS
       html_browser.py --functions CHROMEDRIVER CHROMIUM PAGE.html
       FUNCTIONS.txt QUERY [SHOT.png]
       html_browser.py --bands CHROMEDRIVER CHROMIUM PAGE.html FAR
       html_browser.py --keys CHROMEDRIVER CHROMIUM PAGE.html
       html_browser.py --graph CHROMEDRIVER CHROMIUM PAGE.html EDGES SHOT.png
       html_browser.py --labels CHROMEDRIVER CHROMIUM PAGE.html
The second form (make bench) prints the seconds from navigation to the
first frame painted after the load event, median of RUNS fresh loads.
The third makes docs/report-html.png from the bundled sample's page:
searching "svc", the pointer on svc-net.  The fourth checks the page's
controls in a window narrower than the chart: the chart fits it, the
details area keeps its height over the row labelled LONG (a long
command line) and clears off the chart, searching QUERY (text of
command lines or units) marks exactly the rows of PIDS (comma-
separated), Enter scrolls up or down only, and the summary's top lists
sort by a column and lead to the chart's row, and scrolled down the
bar keeps the title and the time axis.  The fifth (make bench)
prints the milliseconds from a wheel event that zooms to the second
frame after it (the zoomed frame painted), median of RUNS steps in and
out.  The sixth checks the kernel's functions' table against
--functions's text of the same log (FUNCTIONS.txt): the same rows in
the same order, sorting by calls, and the filter QUERY showing exactly
the functions whose names hold it; SHOT.png gets a picture of it.  The
seventh checks the bands of rows on a page of hundreds of rows: those
out of view out of the layout, shown by scrolling with their rows
zoomed and their labels where a zoom step puts them, search's Enter
reaching FAR (a row's name) from a band out of view, and a printout of
every row.  The eighth checks the keyboard's zoom and pan: + and -
about the middle, the arrows by a tenth, 0 resetting, and none of them
while typing in the search box; and that the bar is at most 125 px
high, its details three lines.  The ninth checks the wake-up graph
(graph() says what); the tenth the rows' labels of a compare page
zoomed and panned (labels() says what).
LABEL: a process name drawn as a row label (the hover check);
QUERY: a search text (the search check)."""
import base64
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

ELEM = "element-6066-11e4-a52e-4f735466cecf"


def tap(good, what):
    print("%s - %s" % ("ok" if good else "not ok", what), flush=True)


class Driver:
    """One chromedriver and one browser session."""

    def __init__(self, chromedriver, chromium, width, height):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        self.base = "http://127.0.0.1:%d" % port
        # No proxy from the environment for a local port.
        self.http = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        self.proc = subprocess.Popen([chromedriver, "--port=%d" % port],
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        self.sid = None
        for _ in range(300):
            try:
                if self.req("GET", "/status").get("ready"):
                    break
            except (OSError, RuntimeError):
                pass
            time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--font-render-hinting=none",
                "--window-size=%d,%d" % (width, height)]
        caps = {"browserName": "chrome",
                "goog:chromeOptions": {"binary": chromium, "args": args},
                "goog:loggingPrefs": {"browser": "ALL"}}
        v = self.req("POST", "/session",
                     {"capabilities": {"alwaysMatch": caps}})
        self.sid = v["sessionId"]

    def req(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        rq = urllib.request.Request(self.base + path, data=data,
                                    method=method,
                                    headers={"Content-Type":
                                             "application/json"})
        try:
            with self.http.open(rq, timeout=120) as f:
                return json.load(f)["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError("%s %s: %s" % (method, path,
                                              e.read().decode()[:300]))

    def s(self, method, path, body=None):
        return self.req(method, "/session/%s%s" % (self.sid, path), body)

    def js(self, script, *args):
        return self.s("POST", "/execute/sync",
                      {"script": script, "args": list(args)})

    def find(self, css):
        v = self.s("POST", "/element", {"using": "css selector", "value": css})
        if ELEM not in v:
            raise RuntimeError("find %s: %r" % (css, v))
        return v[ELEM]

    def actions(self, *sources):
        self.s("POST", "/actions", {"actions": list(sources)})
        self.s("DELETE", "/actions")

    def quit(self):
        try:
            if self.sid:
                self.s("DELETE", "")
        finally:
            self.proc.terminate()
            self.proc.wait()


def until(fn, secs=10):
    """fn() until it is true or secs pass (waiting, not timing)."""
    end = time.monotonic() + secs
    v = fn()
    while not v and time.monotonic() < end:
        time.sleep(0.05)
        v = fn()
    return v


def console_errors(d):
    try:
        logs = d.s("POST", "/se/log", {"type": "browser"})
    except RuntimeError as e:
        return ["cannot read the console: %s" % e]
    return [e["message"] for e in logs if e.get("level") == "SEVERE"]


def check_render(d, a):
    d.s("POST", "/url", {"url": "file://" + os.path.abspath(a["page"])})
    until(lambda: d.js("return document.readyState") == "complete")
    errs = console_errors(d)
    tap(not errs, "the page loads with no console error%s" %
        ("" if not errs else ": " + "; ".join(errs)[:300]))
    n = d.js("return [document.querySelectorAll('#chart text').length,"
             "document.querySelectorAll('#chart g.r').length,"
             "document.querySelectorAll('#chart g.r > title').length]")
    tap(n[0] > 0 and n[1] == n[2] and n[1] > 0,
        "real text (%d <text>) and a <title> on every row (%d of %d)" %
        (n[0], n[2], n[1]))


def check_pixels(d, a):
    shot = base64.b64decode(d.s("GET", "/element/%s/screenshot" %
                                d.find("#chart")))
    path = os.path.join(a["shots"], "browser.png")
    with open(path, "wb") as f:
        f.write(shot)
    out = subprocess.run([a["pngdiff"], path, a["png"]],
                         capture_output=True, text=True)
    m = re.search(r"mean=([0-9.]+)", out.stdout)
    mean = float(m.group(1)) if m else None
    tap(mean is not None and mean <= a["max_mean"],
        "the chart's screenshot matches our PNG: mean pixel difference "
        "%s (at most %s) %s" % (mean, a["max_mean"],
                               (out.stdout + out.stderr).strip()))


def row_box(d, label):
    return d.js("""
        for (const t of document.querySelectorAll('#chart g.r > text'))
            if (t.textContent === arguments[0])
                return t.parentNode.querySelector('rect.pb');
        return null;""", label)


def point_at(d, origin, x=0, y=0):
    d.actions({"type": "pointer", "id": "mouse",
               "parameters": {"pointerType": "mouse"},
               "actions": [{"type": "pointerMove", "duration": 0,
                            "origin": origin, "x": x, "y": y}]})


def wheel(d, x, y, dy):
    """A wheel turn of dy at (x, y) of the window."""
    d.actions({"type": "wheel", "id": "wheel",
               "actions": [{"type": "scroll", "x": x, "y": y,
                            "deltaX": 0, "deltaY": dy, "duration": 0,
                            "origin": "viewport"}]})


def drag(d, x, y, *dxs):
    """The left button pressed at (x, y) of the window, moved sideways by
    each of dxs from there in turn, then let go."""
    moves = [{"type": "pointerMove", "duration": 0, "origin": "viewport",
              "x": x + dx, "y": y} for dx in dxs]
    d.actions({"type": "pointer", "id": "mouse",
               "parameters": {"pointerType": "mouse"},
               "actions": [{"type": "pointerMove", "duration": 0,
                            "origin": "viewport", "x": x, "y": y},
                           {"type": "pointerDown", "button": 0}] + moves +
                          [{"type": "pointerUp", "button": 0}]})


def check_hover(d, a, procs):
    pids = [p["pid"] for p in procs if p["name"] == a["label"]]
    box = row_box(d, a["label"])
    if box is None or len(pids) != 1:
        tap(False, "hover: one row labelled %s (json has %d)" %
            (a["label"], len(pids)))
        return
    point_at(d, {ELEM: box[ELEM]})
    want = "pid %d," % pids[0]
    info = until(lambda: want in d.js(
        "return document.getElementById('info').textContent") and
        d.js("return document.getElementById('info').textContent"))
    title = d.js("return arguments[0].closest('g.r').querySelector('title')"
                 ".textContent", box)
    tap(bool(info) and want in title,
        "hovering %s's box shows its tooltip with %s (shown: %r)" %
        (a["label"], want.rstrip(","), (info or "")[:80]))


def check_search(d, a, procs):
    q = d.find("#q")
    d.s("POST", "/element/%s/value" % q, {"text": a["query"]})
    until(lambda: d.js("return document.getElementById('hits')"
                       ".textContent") != "")
    rows = d.js("""return Array.from(document.querySelectorAll('#chart g.r'))
        .map(g => [g.querySelector('title').textContent,
                   g.classList.contains('hit'),
                   getComputedStyle(g).opacity]);""")
    q = a["query"].lower()
    want = sorted(p["pid"] for p in procs if q in p["name"].lower())
    got = sorted(int(re.search(r"\npid (\d+),", t).group(1))
                 for t, hit, _ in rows if hit)
    dimmed = all((op == "1") == hit for _, hit, op in rows)
    tap(len(rows) == len(procs) and got == want and len(want) > 0,
        "searching %r highlights exactly the %d rows whose name holds it "
        "(got pids %s)" % (a["query"], len(want), got[:12]))
    tap(dimmed, "the other rows are dimmed, the matches are not")


def span(d):
    v = d.js("const s = document.getElementById('span').dataset;"
             "return [+s.t0, +s.t1];")
    return tuple(v)


def label_width(d):
    return d.js("const t = document.querySelector('#chart g.r > text');"
                "return t ? t.getBoundingClientRect().width : 0;")


def check_zoom(d, a):
    before = span(d)
    w0 = label_width(d)
    at = d.js("""const s = document.getElementById('chart');
        const r = s.getBoundingClientRect();
        window.scrollTo(0, 0);
        const x0 = +s.dataset.x0, pw = +(s.dataset.plotw || s.dataset.pw);
        return [Math.round(r.left + x0 + pw / 2),
                Math.round(r.top + +s.dataset.top * 0.6)];""")
    wheel(d, at[0], at[1], -600)
    after = until(lambda: span(d) != before and span(d)) or before
    w1 = label_width(d)
    labels = d.js("return Array.from(document.querySelectorAll("
                  "'#chart .ax2 text')).map(t => t.textContent)")
    tap(len(labels) >= 2, "zoomed, the time axis is labelled anew (%s)" %
        " ".join(labels))
    tap(after[1] - after[0] < before[1] - before[0] and
        after[0] >= before[0] and after[1] <= before[1],
        "a wheel zoom narrows the visible time span (%.3f-%.3f s to "
        "%.3f-%.3f s)" % (before + after))
    tap(abs(w1 - w0) < 0.5, "labels keep their size zoomed (%.1f px, "
        "then %.1f px)" % (w0, w1))
    # Every row keeps a label in the plot area, its box in view or not.
    out = d.js("""const s = document.getElementById('chart');
        const r = s.getBoundingClientRect(), f = r.width / +s.getAttribute('width');
        const lo = r.left + +s.dataset.x0 * f - 1;
        const hi = r.left + (+s.dataset.x0 + +(s.dataset.plotw || s.dataset.pw)) * f + 1;
        const ts = Array.from(s.querySelectorAll('g.r text'));
        return [ts.length, ts.filter(t => {
            const b = t.getBoundingClientRect();
            return b.left < lo || b.right > hi; }).length];""")
    tap(out[0] > 0 and out[1] == 0, "zoomed, every row's label is in the "
        "plot area (%d of %d outside)" % (out[1], out[0]))
    # One grid line per new label, at the label, none of the layout's shown.
    lines = d.js("""const g = document.querySelector('#chart path.g2');
        const xs = g ? (g.getAttribute('d').match(/M[-0-9.]+/g) || [])
            .map(m => +m.slice(1)) : [];
        const ls = Array.from(document.querySelectorAll('#chart .ax2 text'))
            .map(t => +t.getAttribute('x'));
        const shown = Array.from(document.querySelectorAll(
            '#chart .z path.gd, #chart .z path.gm'))
            .filter(p => getComputedStyle(p).display !== 'none').length;
        return [xs, ls, shown];""")
    tap(len(lines[0]) == len(lines[1]) and len(lines[0]) >= 2 and
        all(abs(x - l) <= 1 for x, l in zip(lines[0], lines[1])) and
        lines[2] == 0,
        "zoomed, each new label has its grid line (%d lines, %d labels, "
        "%d of the layout's shown)" % (len(lines[0]), len(lines[1]),
                                      lines[2]))
    # The hatch tile is painted in a zoomed layer: its pattern is
    # counter-scaled, so layer scale x pattern scale is 1 on screen.
    scales = d.js("""const m = t => t && t.baseVal.numberOfItems ?
            t.baseVal.consolidate().matrix.a : 1;
        return [m(document.querySelector('#chart g.z').transform),
                m(document.getElementById('hatch').patternTransform)];""")
    tap(scales[0] > 1 and abs(scales[0] * scales[1] - 1) < 1e-6,
        "the hatch keeps its size zoomed (layer x%.2f, tile x%.4f)" %
        tuple(scales))
    drag(d, at[0], at[1], 150)
    panned = until(lambda: span(d) != after and span(d)) or after
    tap(panned[0] < after[0] and
        abs((panned[1] - panned[0]) - (after[1] - after[0])) < 0.002,
        "dragging pans to earlier times (%.3f-%.3f s)" % panned)
    d.s("POST", "/element/%s/click" % d.find("#reset"), {})
    back = until(lambda: span(d) == before and span(d)) or span(d)
    tap(back == before, "reset shows the whole span again")


def check_fit(d, a, layout_w):
    """In a window wider than the layout the chart is as wide as the page,
    the time axis and its frames take the extra width, the texts keep
    their size, and the whole span is shown."""
    g = d.js("""const s = document.getElementById('chart');
        const r = s.getBoundingClientRect();
        const fr = Array.from(s.querySelectorAll('rect.fr'))
            .map(e => e.getBoundingClientRect().width)
            .filter(w => w > 50);	/* not the legend's swatches */
        const t = s.querySelector('g.r > text');
        return [r.width, document.documentElement.clientWidth,
                +s.dataset.plotw, +s.dataset.pw, fr,
                t ? getComputedStyle(t).fontSize : '',
                t ? t.getCTM().a : 0,
                document.documentElement.scrollWidth];""")
    extra = g[1] - layout_w
    tap(abs(g[0] - g[1]) <= 1 and g[7] <= g[1],
        "fit: the chart is as wide as a wider page (%.0f of %d px, layout "
        "%d)" % (g[0], g[1], layout_w))
    tap(abs(g[2] - (g[3] + extra)) <= 1 and g[4] and
        all(abs(w - g[2]) <= 2 for w in g[4]),
        "fit: the time axis and the charts' frames take the extra %d px "
        "(axis %.0f px, frames %s)" % (extra, g[2],
                                       " ".join("%.0f" % w for w in g[4])))
    tap(abs(g[6] - 1) < 1e-6, "fit: the rows' labels drawn at their size "
        "(scale %.3f, %s)" % (g[6], g[5]))
    t0, t1 = span(d)
    whole = d.js("const s = document.getElementById('chart').dataset;"
                 "const o = +(s.o || 0);"
                 "return [o / 1000, (o + +s.pw / +s.pxms) / 1000];")
    tap(abs(t0 - whole[0]) < 0.002 and
        abs(t1 - whole[1]) < 0.002 and "zoom" not in d.js(
            "return document.getElementById('span').textContent"),
        "fit: the whole span shown, unzoomed (%.3f-%.3f s)" % (t0, t1))


def show_time(argv):
    driver, chromium, page, runs = argv
    d = Driver(driver, chromium, 1600, 1000)
    times = []
    try:
        for _ in range(int(runs)):
            d.s("POST", "/url", {"url": "about:blank"})
            d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
            times.append(d.s("POST", "/execute/async", {"args": [],
                "script": "const done = arguments[0];"
                          "requestAnimationFrame(() => requestAnimationFrame("
                          "() => done(performance.now() / 1000)));"}))
    finally:
        d.quit()
    times.sort()
    print("%.3f" % times[len(times) // 2])


def zoom_time(argv):
    driver, chromium, page, runs = argv
    d = Driver(driver, chromium, 1600, 1000)
    times = []
    try:
        d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
        until(lambda: d.js("return document.readyState") == "complete")
        for i in range(int(runs)):
            times.append(d.s("POST", "/execute/async", {
                "args": [-120 if i % 2 == 0 else 120],
                "script": """const dy = arguments[0], done = arguments[1];
                const svg = document.getElementById('chart');
                const r = svg.getBoundingClientRect();
                const s = r.width / +svg.getAttribute('width');
                requestAnimationFrame(() => {
                    const t0 = performance.now();
                    svg.dispatchEvent(new WheelEvent('wheel', {
                        clientX: r.left + r.width / 2,
                        clientY: r.top + +svg.dataset.top * 0.5 * s,
                        deltaY: dy, bubbles: true, cancelable: true}));
                    requestAnimationFrame(() => requestAnimationFrame(
                        () => done(performance.now() - t0)));
                });"""}))
    finally:
        d.quit()
    times.sort()
    print("%.1f" % times[len(times) // 2])


def shot(argv):
    driver, chromium, page, out = argv
    d = Driver(driver, chromium, 860, 900)
    try:
        d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
        d.s("POST", "/element/%s/value" % d.find("#q"), {"text": "svc"})
        point_at(d, {ELEM: row_box(d, "svc-net")[ELEM]})
        d.js("window.scrollTo(0, 0)")
        until(lambda: "svc-net" in d.js(
            "return document.getElementById('info').textContent"))
        with open(out, "wb") as f:
            f.write(base64.b64decode(d.s("GET", "/screenshot")))
    finally:
        d.quit()


def geometry(d):
    return d.js("""const i = document.getElementById('info');
        const c = document.getElementById('chart');
        return [i.getBoundingClientRect().height,
                c.getBoundingClientRect().top + window.scrollY,
                c.getBoundingClientRect().width, window.innerWidth,
                document.documentElement.scrollWidth];""")


def controls(argv):
    driver, chromium, page, long_label, query, pids = argv
    want = sorted(int(p) for p in pids.split(","))
    d = Driver(driver, chromium, 640, 700)
    try:
        d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
        until(lambda: d.js("return document.readyState") == "complete")
        g0 = geometry(d)
        tap(g0[2] <= g0[3] and g0[4] <= g0[3],
            "the chart fits a narrower window (chart %.0f px, window %d "
            "px, page %d px wide)" % (g0[2], g0[3], g0[4]))
        box = row_box(d, long_label)
        if box is None:
            tap(False, "a row labelled %s" % long_label)
            return
        d.js("arguments[0].scrollIntoView({block: 'center'})", box)
        g0 = geometry(d)
        point_at(d, {ELEM: box[ELEM]})
        shown = until(lambda: "command: " in d.js(
            "return document.getElementById('info').textContent"))
        g1 = geometry(d)
        tap(bool(shown) and abs(g1[0] - g0[0]) < 0.5 and
            abs(g1[1] - g0[1]) < 0.5,
            "a long command line in the details moves nothing (details "
            "%.1f then %.1f px high, chart at %.1f then %.1f)" %
            (g0[0], g1[0], g0[1], g1[1]))
        point_at(d, "viewport", 5, 5)
        left = until(lambda: d.js(
            "return !document.querySelector('#chart g.r.cur') && "
            "!document.getElementById('info').textContent"
            ".includes('command: ')"))
        tap(bool(left), "the details clear when the pointer leaves the rows")
        d.js("window.scrollTo(0, 0)")
        q = d.find("#q")
        d.s("POST", "/element/%s/value" % q, {"text": query})
        until(lambda: d.js("return document.getElementById('hits')"
                           ".textContent") != "")
        got = sorted(int(re.search(r"\npid (\d+),", t).group(1))
                     for t in d.js("""return Array.from(
            document.querySelectorAll('#chart g.r.hit'))
            .map(g => g.querySelector('title').textContent);"""))
        tap(got == want, "searching %r marks the rows of its command "
            "lines and units: pids %s (want %s)" % (query, got, want))
        d.s("POST", "/element/%s/value" % q, {"text": "\ue007"})
        seen = until(lambda: d.js("""const r = document.querySelector(
            '#chart g.r.hit rect.pb').getBoundingClientRect();
            return window.scrollY > 0 && r.top >= 0 &&
                r.bottom <= window.innerHeight;"""))
        sx = d.js("return [window.scrollX, document.getElementById('view')"
                  ".scrollLeft]")
        tap(bool(seen) and sx == [0, 0], "Enter brings the match into view "
            "scrolling down only (scrollX %s, the chart's %s)" % tuple(sx))
        check_tables(d)
        check_strip(d)
        errs = console_errors(d)
        tap(not errs, "no console error%s" %
            ("" if not errs else ": " + "; ".join(errs)[:300]))
    finally:
        d.quit()


def check_strip(d):
    """Scrolled down, the bar keeps the title and the time axis."""
    d.js("window.scrollTo(0, document.body.scrollHeight)")
    got = until(lambda: d.js("""const a = document.getElementById('axis');
        if (getComputedStyle(a).visibility !== 'visible')
            return null;
        const mine = Array.from(a.querySelectorAll('text'));
        const theirs = Array.from(document.querySelectorAll(
            '#chart text.ax'));
        const t = document.getElementById('title').getBoundingClientRect();
        const c = document.querySelector('#chart text.ax')
            .getBoundingClientRect();
        return [mine.map(e => e.textContent).join(' '),
                theirs.map(e => e.textContent).join(' '),
                mine.map(e => e.getBoundingClientRect().x),
                theirs.map(e => e.getBoundingClientRect().x),
                document.getElementById('title').textContent ===
                    document.title && t.top >= 0 && t.bottom > t.top,
                c.bottom < 0];"""))
    if not got:
        tap(False, "scrolled down, the bar shows the time axis")
        return
    apart = max(abs(a - b) for a, b in zip(got[2], got[3])) \
        if got[2] and len(got[2]) == len(got[3]) else None
    tap(got[5] and got[0] == got[1] and got[0] != "" and apart is not None
        and apart < 1.5 and got[4],
        "scrolled down past the chart's axis, the bar keeps the title and "
        "the axis labels (%s) at their x (%.2f px apart at most)" %
        (got[0], apart if apart is not None else -1))


def top_pids(d):
    """The pid column of the summary's first top list, top to bottom."""
    return d.js("""const t = document.querySelector('#summary table.top');
        const col = Array.from(t.rows[0].cells)
            .findIndex(c => c.textContent === 'pid');
        return Array.from(t.rows).slice(1).filter(r => r.dataset.i)
            .map(r => +r.cells[col].textContent);""")


def check_tables(d):
    """The summary's top lists sort by a column and link to the chart."""
    head = d.js("""const t = document.querySelector('#summary table.top');
        return Array.from(t.rows[0].cells)
            .find(c => c.textContent === 'pid');""")
    d.s("POST", "/element/%s/click" % head[ELEM], {})
    down = top_pids(d)
    d.s("POST", "/element/%s/click" % head[ELEM], {})
    up = top_pids(d)
    tap(len(down) > 1 and down == sorted(down, reverse=True) and
        up == sorted(up), "a top list sorts by pid, largest first, then "
        "the other way (%s, then %s)" % (down[:4], up[:4]))
    row = d.js("""return Array.from(document.querySelector(
        '#summary table.top').rows).find(r => r.dataset.i);""")
    d.js("arguments[0].scrollIntoView({block: 'center'})", row)
    d.s("POST", "/element/%s/click" % row[ELEM], {})
    got = until(lambda: d.js("""const g = document.querySelector(
            '#chart g.r.cur');
        if (!g)
            return null;
        const r = g.querySelector('rect.pb').getBoundingClientRect();
        return [g.querySelector('title').textContent,
                r.top >= 0 && r.bottom <= window.innerHeight,
                document.getElementById('info').textContent];"""))
    want = "pid %d," % up[0]
    tap(bool(got) and want in got[0] and got[1] and want in got[2],
        "clicking a top list's row brings that process's chart row into "
        "view, marked, with its details (%s)" % want.rstrip(","))


def fn_rows(d):
    """The functions' table as shown: its visible rows' cells."""
    return d.js("""return Array.from(document.querySelectorAll(
        '#functions table.fn tr')).slice(1).filter(r => !r.hidden)
        .map(r => Array.from(r.cells).map(c => c.textContent));""")


def functions(argv):
    driver, chromium, page, text, query = argv[:5]
    want = []
    with open(text, encoding="utf-8") as f:
        for line in f:
            if line.startswith("function\t"):
                want.append(line.rstrip("\n").split("\t")[1:])
    d = Driver(driver, chromium, 1100, 900)
    try:
        d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
        shown = fn_rows(d)
        tap(len(want) > 0 and shown == want, "the page's table is "
            "--functions's, row for row (%d rows)" % len(shown))
        head = d.js("""return Array.from(document.querySelector(
            '#functions table.fn').rows[0].cells)
            .find(c => c.textContent === 'calls');""")
        d.s("POST", "/element/%s/click" % head[ELEM], {})
        calls = [int(r[1]) for r in fn_rows(d)]
        tap(len(calls) > 1 and calls == sorted(calls, reverse=True) and
            calls != [int(r[1]) for r in want], "clicking calls sorts by "
            "it, most first (%s)" % calls[:4])
        d.s("POST", "/element/%s/value" % d.find("#fnq"), {"text": query})
        names = sorted(r[0] for r in fn_rows(d))
        expect = sorted(r[0] for r in want if query in r[0].lower())
        tap(len(expect) > 0 and names == expect, "filtering '%s' shows "
            "exactly its %d functions" % (query, len(expect)))
        if len(argv) > 5:
            d.js("document.getElementById('functions').scrollIntoView()")
            with open(argv[5], "wb") as f:
                f.write(base64.b64decode(d.s("GET", "/screenshot")))
    finally:
        d.quit()


def band_state(d):
    """[shown as page.js's rule has it, shown, of all] bands, and the
    zoom's x scale (the layers', 1 unzoomed)."""
    return d.js("""const s = document.getElementById('chart');
        const r = s.getBoundingClientRect(), f = r.width / +s.getAttribute('width');
        const h = window.innerHeight / f, y0 = -r.top / f - h, y1 = y0 + 3 * h;
        const bs = Array.from(s.querySelectorAll('g.rc'));
        const shown = bs.map(g => getComputedStyle(g).display !== 'none');
        const want = bs.map(g => +g.dataset.y1 > y0 && +g.dataset.y0 < y1);
        const t = s.querySelector('g.z').transform.baseVal;
        return [want.filter((w, i) => w === shown[i]).length,
                shown.filter(x => x).length, bs.length,
                t.numberOfItems ? t.consolidate().matrix.a : 1];""")


# The chart (s), its plot's ends on screen (lo, hi) and the labels of
# the rows of the bands shown (ts): what the label checks start from.
SHOWN_LABELS = """const s = document.getElementById('chart');
    const r = s.getBoundingClientRect(), f = r.width / +s.getAttribute('width');
    const lo = r.left + +s.dataset.x0 * f - 1;
    const hi = r.left + (+s.dataset.x0 + +(s.dataset.plotw || s.dataset.pw)) * f + 1;
    const ts = Array.from(s.querySelectorAll('g.rc g.r > text'))
        .filter(e => getComputedStyle(e.closest('g.rc')).display !== 'none');"""


def shown_labels(d):
    """[labels shown, those outside the plot area, those drawn scaled
    (their x scale to the chart's own pixels not 1)] of the rows of
    shown bands."""
    return d.js(SHOWN_LABELS + """
        return [ts.length, ts.filter(e => { const b = e.getBoundingClientRect();
                return b.left < lo || b.right > hi; }).length,
            ts.filter(e => Math.abs(e.getCTM().a - 1) > 1e-6).length];""")


def bands(argv):
    """A page of hundreds of rows in a small window: the bands out of
    view are out of the layout, scrolling shows the others with their
    labels placed for the zoom of the moment, and search's Enter
    reaches a row of a band that was out of view."""
    driver, chromium, page, far = argv
    d = Driver(driver, chromium, 900, 700)
    try:
        d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
        until(lambda: d.js("return document.readyState") == "complete")
        st = band_state(d)
        tap(st[0] == st[2] and 0 < st[1] < st[2],
            "loaded, the bands near the window are shown, the others out "
            "of the layout (%d of %d shown, %d as the rule has it)" %
            (st[1], st[2], st[0]))
        loaded = d.js("""return [0, 0, Array.from(document.querySelectorAll(
            '#chart g.rc:not(.off) g.r > text'))
            .map(t => Math.round(t.getBoundingClientRect().left * 10))];""")
        at = d.js("""const s = document.getElementById('chart');
            const r = s.getBoundingClientRect(), f = r.width / +s.getAttribute('width');
            return [Math.round(r.left + (+s.dataset.x0 + +(s.dataset.plotw || s.dataset.pw) / 2) * f),
                    Math.round(r.top + +s.dataset.top * 0.6 * f)];""")
        before = span(d)
        wheel(d, at[0], at[1], -600)
        until(lambda: span(d) != before)
        lab = shown_labels(d)
        k = band_state(d)[3]
        tap(k > 1 and lab[0] > 0 and lab[1] == 0 and lab[2] == 0,
            "zoomed x%.2f at the top, the shown rows' labels are in the "
            "plot at their size (%d labels, %d outside, %d scaled)" %
            ((k,) + tuple(lab)))
        d.js("""const r = document.getElementById('chart').getBoundingClientRect();
            window.scrollTo(0, window.scrollY + r.bottom - window.innerHeight);""")
        last = until(lambda: d.js("""const bs = document.querySelectorAll(
            '#chart g.rc'); return getComputedStyle(bs[bs.length - 1])
            .display !== 'none';"""))
        st = band_state(d)
        lab = shown_labels(d)
        tap(bool(last) and st[0] == st[2] and lab[0] > 0 and lab[1] == 0 and
            lab[2] == 0, "scrolled to the chart's end, the bands there are shown "
            "(%d of %d), their labels placed for the zoom (%d labels, %d "
            "outside, %d scaled)" % (st[1], st[2], lab[0], lab[1], lab[2]))
        # What the bands shown by the scroll drew, against what a zoom
        # step draws there: a drag there and back places every shown
        # band anew, as apply() does.
        drawn = """const s = document.getElementById('chart');
            const m = e => e.getAttribute('transform') || '';
            const z = m(s.querySelector('g.z'));
            const gs = Array.from(s.querySelectorAll('g.rc:not(.off) g.s'));
            return [gs.length, gs.filter(g => m(g) !== z).length,
                Array.from(s.querySelectorAll('g.rc:not(.off) g.r > text'))
                    .map(t => Math.round(t.getBoundingClientRect().left * 10))];"""
        before_drag = d.js(drawn)
        box = d.js("""const t = Array.from(document.querySelectorAll(
            '#chart g.rc:not(.off) g.r > text')).map(e => e.getBoundingClientRect())
            .filter(r => r.top > 200 && r.bottom < window.innerHeight - 20)[0];
            return [Math.round(t.left + t.width / 2), Math.round(t.top + t.height / 2)];""")
        drag(d, box[0], box[1], 40, 0)
        until(lambda: d.js(drawn)[2] == before_drag[2], 2)
        after_drag = d.js(drawn)
        tap(before_drag[0] > 0 and before_drag[1] == 0 and
            before_drag[2] == after_drag[2],
            "there, the rows follow the zoom (%d scaled groups, %d not as "
            "the charts) and the labels stand where a zoom step puts them "
            "(%d labels)" % (before_drag[0], before_drag[1],
                             len(before_drag[2])))
        d.s("POST", "/element/%s/click" % d.find("#reset"), {})
        until(lambda: span(d) == before)
        d.js("window.scrollTo(0, 0)")
        until(lambda: band_state(d)[0] == band_state(d)[2])
        lab = shown_labels(d)
        back = d.js(drawn)[2]
        tap(lab[0] > 0 and lab[2] == 0 and back == loaded[2],
            "reset at the end, the top's labels are unzoomed when shown "
            "again, where they were at load (%d labels, %d scaled, %d "
            "moved)" % (lab[0], lab[2],
                        sum(1 for x, y in zip(back, loaded[2]) if x != y) +
                        abs(len(back) - len(loaded[2]))))
        q = d.find("#q")
        d.s("POST", "/element/%s/value" % q, {"text": far})
        until(lambda: d.js("return document.getElementById('hits')"
                           ".textContent") != "")
        d.s("POST", "/element/%s/value" % q, {"text": "\ue007"})
        seen = until(lambda: d.js("""const g = document.querySelector(
            '#chart g.r.hit'); const r = g.querySelector('rect.pb')
            .getBoundingClientRect();
            return getComputedStyle(g.closest('g.rc')).display !== 'none'
                && r.height > 0 && r.top >= 0 &&
                r.bottom <= window.innerHeight;"""))
        tap(bool(seen), "Enter brings %s, from a band out of view, into "
            "view" % far)
        # Printed, the whole chart: every row's label is in the PDF.
        want = d.js("return document.querySelectorAll('#chart g.r > text')"
                    ".length")
        pdf = os.path.join(os.path.dirname(os.path.abspath(page)),
                           "bands.pdf")
        with open(pdf, "wb") as f:
            f.write(base64.b64decode(d.s("POST", "/print", {})))
        try:
            text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True,
                                  text=True).stdout
            got = len(re.findall(r"\b(?:init|svc-\d+|job-\d+-\d+)\b", text))
            tap(got >= want, "a printout has every row's label (%d names "
                "for %d rows)" % (got, want))
        except OSError:
            tap(True, "a printout has every row's label # SKIP no pdftotext "
                "(poppler-utils)")
        back = band_state(d)
        tap(back[0] == back[2] and back[1] < back[2], "after printing, "
            "the bands out of view leave the layout again (%d of %d shown)"
            % (back[1], back[2]))
        errs = console_errors(d)
        tap(not errs, "no console error%s" %
            ("" if not errs else ": " + "; ".join(errs)[:300]))
    finally:
        d.quit()


def key(d, k):
    d.actions({"type": "key", "id": "kb",
               "actions": [{"type": "keyDown", "value": k},
                           {"type": "keyUp", "value": k}]})


def open_page(d, page):
    """page loaded, its script's span shown."""
    d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
    until(lambda: d.js("return document.readyState") == "complete")
    until(lambda: span(d)[1] > 0)


def keys(argv):
    """The keyboard zooms and pans as the wheel and a drag do."""
    driver, chromium, page = argv
    d = Driver(driver, chromium, 1200, 800)
    try:
        open_page(d, page)
        bar = d.js("return [document.getElementById('bar')"
                   ".getBoundingClientRect().height, document.getElementById("
                   "'info').getBoundingClientRect().height]")
        tap(bar[0] <= 125 and bar[1] <= 45, "the bar takes %.0f px, its "
            "details three lines (%.0f px)" % tuple(bar))
        whole = span(d)
        width = whole[1] - whole[0]
        key(d, "+")
        z = until(lambda: span(d) != whole and span(d)) or whole
        mid = (whole[0] + whole[1]) / 2
        tap(z[1] - z[0] < width * 0.7 and
            abs((z[0] + z[1]) / 2 - mid) < width * 0.01,
            "+ zooms about the middle (%.3f-%.3f s to %.3f-%.3f s)" %
            (whole + z))
        key(d, "\ue014")
        r = until(lambda: span(d) != z and span(d)) or z
        step = (r[0] - z[0]) / (z[1] - z[0])
        tap(0.08 < step < 0.12 and abs((r[1] - r[0]) - (z[1] - z[0])) <
            width * 0.001, "the right arrow pans later by a tenth of the "
            "view (%.3f-%.3f s, %.2f of it)" % (r + (step,)))
        key(d, "\ue012")
        back = until(lambda: span(d) != r and span(d)) or r
        tap(abs(back[0] - z[0]) < width * 0.001, "the left arrow pans back "
            "(%.3f-%.3f s)" % back)
        key(d, "-")
        out = until(lambda: span(d) == whole and span(d))
        tap(bool(out), "- zooms out to the whole span (%s)" % (span(d),))
        key(d, "+")
        key(d, "+")
        until(lambda: span(d) != whole)
        key(d, "0")
        tap(bool(until(lambda: span(d) == whole)), "0 resets the zoom")
        q = d.find("#q")
        d.s("POST", "/element/%s/value" % q, {"text": "+-0"})
        time.sleep(0.3)
        tap(span(d) == whole and d.js("return document.getElementById("
            "'q').value") == "+-0", "typed in the search box, + - 0 are "
            "text, not zoom")
        errs = console_errors(d)
        tap(not errs, "no console error%s" %
            ("" if not errs else ": " + "; ".join(errs)[:300]))
    finally:
        d.quit()


def graph(argv):
    """The wake-up graph in a 1280 px window: its text drawn at 9 px or
    more (12 px labels scaled), the edges the page's DOT has, each edge's
    tooltip with its state, count and longest wait; SHOT gets the graph's
    section as shown."""
    driver, chromium, page, edges, shot_out = argv
    d = Driver(driver, chromium, 1280, 1000)
    try:
        d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
        g = d.js("""const s = document.getElementById('wakegraph');
            if (!s) return null;
            s.scrollIntoView();
            const sec = s.parentElement, r = s.getBoundingClientRect();
            const titles = [...s.querySelectorAll('g.we > title')]
                .map(t => t.textContent);
            return {px: 12 * r.width / s.viewBox.baseVal.width,
                    w: r.width, page: document.documentElement.clientWidth,
                    scrolls: sec.scrollWidth > sec.clientWidth,
                    edges: titles.length, titles: titles};""")
        if g is None:
            tap(False, "graph: the page has a wake-up graph")
            return
        print("# %d edges, %.0f px wide in a %d px page (%s), text %.2f px"
              % (g["edges"], g["w"], g["page"],
                 "scrolls" if g["scrolls"] else "fits", g["px"]))
        tap(g["px"] >= 8.99, "graph: its text at 9 px or more (%.2f)"
            % g["px"])
        tap(g["edges"] == int(edges), "graph: %s edges drawn (%d)"
            % (edges, g["edges"]))
        tip = re.compile(r" woke .*: .* ms\n[SD] \d+, [0-9.]+ ms, max "
                         r"[0-9.]+ ms")
        tap(all(tip.search(t) for t in g["titles"]),
            "graph: every edge's tooltip has its state, count and longest "
            "wait")
        sec = d.find("#wake")
        with open(shot_out, "wb") as f:
            f.write(base64.b64decode(d.s("GET", "/element/%s/screenshot"
                                         % sec)))
    finally:
        d.quit()


def label_places(d):
    """[labels shown, outside the plot, over their own box where one of
    its sides had room (data-beside pages: labels stay beside)]."""
    return d.js(SHOWN_LABELS + """
        let out = 0, over = 0;
        for (const t of ts) {
            const b = t.getBoundingClientRect();
            if (b.left < lo || b.right > hi)
                out++;
            const box = t.closest('g.r').querySelector('rect.pb');
            if (!box || t.classList.contains('tm'))
                continue;
            const x = box.getBoundingClientRect();
            const a = Math.max(x.left, lo), z = Math.min(x.right, hi);
            const room = Math.max(a - lo, hi - z);
            if (z > a && b.left < z && b.right > a && room > b.width + 8)
                over++;
        }
        return [ts.length, out, over];""")


def labels(argv):
    """Zoomed and panned, every row's label is in the plot area; on a
    page whose labels stay beside their boxes (the compare chart), none
    is drawn over its box where a side had room."""
    driver, chromium, page = argv
    d = Driver(driver, chromium, 1200, 900)
    try:
        open_page(d, page)
        beside = d.js("return document.getElementById('chart')"
                      ".dataset.beside === '1'")
        tap(beside, "labels: the page keeps its rows' labels beside "
            "(data-beside)")
        for step, keys in (("zoomed x3.4", "+++"), ("panned later",
                           "\ue014\ue014\ue014"), ("panned to the end",
                           "\ue014" * 12), ("back to the start",
                           "\ue012" * 20), ("unzoomed", "0")):
            was = span(d)
            for c in keys:
                key(d, c)
            until(lambda: span(d) != was, 2)
            time.sleep(0.2)
            n = label_places(d)
            tap(n[0] > 0 and n[1] == 0 and n[2] == 0,
                "labels, %s (%.3f-%.3f s): every row's label in the plot, "
                "none over its box with room beside (%d labels, %d outside, "
                "%d over)" % ((step,) + span(d) + tuple(n)))
    finally:
        d.quit()


MODES = {"--functions": functions, "--show-time": show_time, "--shot": shot, "--zoom-time": zoom_time,
         "--controls": controls, "--bands": bands, "--keys": keys,
         "--graph": graph, "--labels": labels}


def main():
    if sys.argv[1] in MODES:
        MODES[sys.argv[1]](sys.argv[2:])
        return
    keys = ["chromedriver", "chromium", "page", "png", "json", "pngdiff",
            "max_mean", "label", "query", "shots"]
    a = dict(zip(keys, sys.argv[1:]))
    a["max_mean"] = float(a["max_mean"])
    with open(a["json"]) as f:
        procs = json.load(f)["processes"]
    size = re.search(r'<svg id="chart"[^>]* width="(\d+)" height="(\d+)"',
                     open(a["page"], encoding="utf-8").read())
    # As wide as the chart: the page draws it as the PNG is.
    d = Driver(a["chromedriver"], a["chromium"], int(size.group(1)),
               int(size.group(2)) + 400)
    try:
        check_render(d, a)
        check_pixels(d, a)
        check_hover(d, a, procs)
        check_search(d, a, procs)
        check_zoom(d, a)
    finally:
        d.quit()
    # A window twice as wide: the chart fills it, its texts at their size.
    d = Driver(a["chromedriver"], a["chromium"], 2 * int(size.group(1)),
               int(size.group(2)) + 400)
    try:
        check_render(d, a)
        check_fit(d, a, int(size.group(1)))
        check_zoom(d, a)
    finally:
        d.quit()


if __name__ == "__main__":
    main()

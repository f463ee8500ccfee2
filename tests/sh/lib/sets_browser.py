#!/usr/bin/python3
"""sets_browser.py: the sets' page (-f html with sets) in Debian's
chromium, headless, through html_browser.py's driver.  Prints TAP lines;
run by sets_html.sh.

usage: sets_browser.py CHROMEDRIVER CHROMIUM PAGE.html WIDTH SHOT.png

At WIDTH px: the page loads with no console error and no horizontal
scroll; the items' table shows the headline and changed rows, and the
"show all" box shows every row; the median boots' chart is drawn and its
script ran (the bar's span filled).  SHOT.png gets the whole page, for a
person to look at."""
import base64
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from html_browser import Driver, console_errors, tap, until  # noqa: E402


def shown_rows(d):
    return d.js("""return Array.from(document.querySelectorAll(
        'table.items tbody tr')).filter(r => r.getBoundingClientRect()
        .height > 0).length""")


def main():
    driver, chromium, page, width, out = sys.argv[1:]
    width = int(width)
    d = Driver(driver, chromium, width, 1000)
    try:
        d.s("POST", "/url", {"url": "file://" + os.path.abspath(page)})
        until(lambda: d.js("return document.readyState") == "complete")
        errs = console_errors(d)
        tap(not errs, "at %d px the page loads with no console error%s" %
            (width, "" if not errs else ": " + "; ".join(errs)[:300]))
        geo = d.js("return [document.documentElement.scrollWidth, "
                   "window.innerWidth]")
        tap(geo[0] <= geo[1], "at %d px no horizontal scroll (the page "
            "%d px wide in %d)" % (width, geo[0], geo[1]))
        want = d.js("""const rs = document.querySelectorAll(
            'table.items tbody tr');
            return [rs.length, Array.from(rs).filter(
                r => !r.classList.contains('extra')).length]""")
        few = shown_rows(d)
        d.s("POST", "/element/%s/click" % d.find("#all"), {})
        every = shown_rows(d)
        tap(few == want[1] and every == want[0] and few < every,
            "the table shows %d rows, %d with 'show all' (of %d)" %
            (few, every, want[0]))
        d.s("POST", "/element/%s/click" % d.find("#all"), {})
        drawn = until(lambda: d.js("""const s = document.getElementById(
            'span'); return document.querySelectorAll('#chart g.r')
            .length > 0 && s && s.textContent !== ''"""))
        tap(bool(drawn), "the median boots' chart is drawn and its script "
            "ran")
        h = d.js("return document.documentElement.scrollHeight")
        d.s("POST", "/window/rect", {"width": width, "height": min(h, 8000)})
        with open(out, "wb") as f:
            f.write(base64.b64decode(d.s("GET", "/screenshot")))
    finally:
        d.quit()


if __name__ == "__main__":
    main()

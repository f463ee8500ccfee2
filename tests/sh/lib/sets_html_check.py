#!/usr/bin/python3
"""sets_html_check.py: the structure of the sets' page (-f html with
sets) against the JSON Lines of the same sets.  Prints TAP lines; run by
sets_html.sh.

usage: sets_html_check.py PAGE.html SETS.jsonl TABLE.txt BASE

The page parses as HTML with every element closed in order and no id
twice; its items' table has one row per item (the tested ones per cmp
row, each with that row's verdict), in the text table's order (TABLE.txt:
-v's), those without the class "extra" being the table's rows without
-v; each set's min, median and max link to the log the stat row's
min_boot, median_boot and max_boot name, whose link is the path as
given (BASE "-") or file:// BASE/path for a relative path; the median
boots' section links to the logs of the end's median_boot."""
import json
import sys
import urllib.parse
from html.parser import HTMLParser

VOID = {"meta", "link", "input", "br", "img", "hr", "wbr", "col", "area",
        "base", "embed", "source", "track"}


def tap(good, what):
    print("%s - %s" % ("ok" if good else "not ok", what), flush=True)


class Page(HTMLParser):
    """The page's elements, checked for nesting, and its items' rows."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.ids = [], [], {}
        self.rows, self.row, self.cell, self.medians = [], None, None, []
        self.section = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids[a["id"]] = self.ids.get(a["id"], 0) + 1
        if tag == "section":
            self.section = a.get("id")
        if tag not in VOID:
            self.stack.append(tag)
        cls = a.get("class", "").split()
        if tag == "tr" and self.section == "items" and "tbody" in self.stack:
            self.row = {"cls": cls, "cells": [], "links": []}
            self.rows.append(self.row)
        elif tag == "td" and self.row is not None:
            self.cell = {"cls": cls, "text": "", "links": []}
            self.row["cells"].append(self.cell)
        elif tag == "a" and self.cell is not None:
            self.cell["links"].append((a.get("href"), a.get("title")))
        elif tag == "a" and self.section == "medians":
            self.medians.append((a.get("href"), a.get("title")))

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids[a["id"]] = self.ids.get(a["id"], 0) + 1

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes <%s> at line %d" %
                               (tag, self.stack[-1] if self.stack else "",
                                self.getpos()[0]))
            if tag in self.stack:
                while self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag == "td":
            self.cell = None
        elif tag == "tr":
            self.row = None
        elif tag == "section":
            self.section = None

    def handle_data(self, data):
        if self.cell is not None and "plot" not in self.cell["cls"]:
            self.cell["text"] += data


def load(path):
    boots, stats, cmps, items = {}, {}, {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            key = (r.get("kind"), r.get("name"), r.get("metric"))
            if r["row"] == "boot":
                boots[(r["set"], r["index"])] = r["path"]
            elif r["row"] == "stat":
                stats[key + (r["set"],)] = r
                if key not in items:
                    items.append(key)
            elif r["row"] == "cmp":
                cmps[key] = r
    return boots, stats, cmps, items


def href_of(path, base):
    if base != "-" and not path.startswith("/"):
        path = base + "/" + path
    q = urllib.parse.quote(path, safe="/-._~")
    if base != "-" or path.startswith("/"):
        return "file://" + q
    return "./" + q if ":" in path else q


def row_key(row):
    """(kind, name, metric) from the item cell's "kind name (metric)"."""
    text = row["cells"][0]["text"]
    kind, rest = text.split(" ", 1)
    name, metric = rest.rsplit(" (", 1)
    return (kind, name, metric.rstrip(")"))


def check_rows(p, cmps, items, table):
    keys = [row_key(r) for r in p.rows]
    tap(sorted(keys) == sorted(items) and len(keys) == len(items),
        "one row per item (%d rows, %d items)" % (len(keys), len(items)))
    tested = [r for r in p.rows if row_key(r) in cmps]
    bad = [row_key(r) for r in tested if cmps[row_key(r)]["verdict"] not in
           r["cells"][-1]["text"]]
    tap(len(tested) == len(cmps) and not bad, "a row with its verdict per "
        "cmp row (%d of %d; wrong: %s)" % (len(tested), len(cmps), bad[:3]))
    lines = [ln for ln in table if not ln.startswith(("#", "item "))]
    shown = [r for r in p.rows if "extra" not in r["cls"]]
    order = all(ln.startswith(("%s %s (%s)" % k) if len(
        "%s %s (%s)" % k) <= 40 else k[0] + " ") for ln, k in
        zip(lines, keys))
    tap(len(lines) == len(keys) and order, "the rows in the text table's "
        "order (%d rows, %d lines)" % (len(keys), len(lines)))
    short = [r for r in p.rows if row_key(r)[0] in ("phase", "critical") or
             (row_key(r) in cmps and cmps[row_key(r)]["verdict"] in
              ("slower", "faster"))]
    tap(shown == short and shown == p.rows[:len(shown)], "the rows shown "
        "first are the headline and the changed (%d)" % len(shown))


def check_links(p, boots, stats, base):
    bad, n = [], 0
    for r in p.rows:
        key = row_key(r)
        for side, cell in (("A", r["cells"][3]), ("B", r["cells"][5])):
            st = stats.get(key + (side,))
            want = [] if st is None else [
                boots[(side, st[k])] for k in
                ("min_boot", "median_boot", "max_boot")]
            got = cell["links"]
            n += len(got)
            if [t for _, t in got] != want or \
                    [h for h, _ in got] != [href_of(w, base) for w in want]:
                bad.append((key, side, got, want))
    tap(n > 0 and not bad, "each set's min, median and max link to the "
        "logs the JSON names (%d links; wrong: %s)" % (n, bad[:2]))
    want = [boots[(s, stats[("phase", "end", "time", s)]["median_boot"])]
            for s in "AB"]
    got = p.medians[:2]
    tap([t for _, t in got] == want and [h for h, _ in got] ==
        [href_of(w, base) for w in want], "the median boots are the end's "
        "median_boot of each set (%s)" % [t for _, t in got])


def main():
    page, jsonl, table, base = sys.argv[1:]
    p = Page()
    with open(page, encoding="utf-8") as f:
        p.feed(f.read())
    p.close()
    dup = [i for i, n in p.ids.items() if n > 1]
    tap(not p.errors and not p.stack and not dup, "the page's elements "
        "close in order, no id twice (%s; open: %s; twice: %s)" %
        (p.errors[:3], p.stack, dup))
    boots, stats, cmps, items = load(jsonl)
    with open(table, encoding="utf-8") as f:
        tbl = f.read().splitlines()
    check_rows(p, cmps, items, tbl)
    check_links(p, boots, stats, base)


if __name__ == "__main__":
    main()

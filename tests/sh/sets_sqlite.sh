#!/bin/sh
# sets_sqlite.sh: the JSON Lines of sets load as they are into SQLite (the sqlite3 shell, its JSON functions), and docs/sets.md's SQLite recipe, run as written there, gives every stat row's n and median (odd and even n) from the item rows.  Skips without sqlite3.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
D=$(pwd)/tests/data/sets

if ! command -v sqlite3 >/dev/null 2>&1; then
	ok "SQLite reproduces the medians # SKIP no sqlite3 (scripts/deps.sh installs it)"
	exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
	ok "SQLite reproduces the medians # SKIP no python3"
	exit 0
fi

# The recipe: the first ```sql block after the "### SQLite" heading.
awk '/^### SQLite/ { on = 1 } on && /^```sql$/ { inb = 1; next }
    inb && /^```$/ { exit } inb { print }' docs/sets.md >"$T/recipe.sql"
check "docs/sets.md has an SQLite recipe reading rows.jsonl" \
    grep -q '^\.import rows\.jsonl ' "$T/recipe.sql"

# median FILE WHAT OPTIONS...: the sets' rows as FILE, the recipe's
# medians against its stat rows.
median() {
	f=$1 label=$2
	shift 2
	(cd "$D" && "$R" --json "$@" >"$T/$f") || { notok "$label: rendered"; return; }
	rm -f "$T/rows.jsonl"
	cp "$T/$f" "$T/rows.jsonl"
	(cd "$T" && sqlite3 :memory: <recipe.sql >"$T/$f.sql" 2>"$T/$f.sqlerr")
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s "$T/$f.sqlerr" ]; then
		ok "$label: sqlite3 runs the recipe"
	else
		notok "$label: sqlite3 runs the recipe (exit $rc: $(head -c 200 "$T/$f.sqlerr"))"
	fi
	python3 - "$T/$f" "$T/$f.sql" "$label" <<'PY'
import json, sys
stat = {}
for r in map(json.loads, open(sys.argv[1])):
    if r["row"] == "stat":
        stat[(r["set"], r["kind"], r["name"], r["metric"])] = (r["n"], r["median"])
sql = {}
for line in open(sys.argv[2]):
    s, kind, name, metric, n, med = line.rstrip("\n").split("\t")
    sql[(s, kind, name, metric)] = (int(n), float(med))
bad = [k for k in stat if k not in sql or sql[k][0] != stat[k][0] or
       abs(sql[k][1] - stat[k][1]) > 1e-9 * max(1.0, abs(stat[k][1]))]
ns = sorted({v[0] for v in stat.values()})
print(("ok" if stat and not bad and len(sql) == len(stat) else "not ok") +
      " - %s: SQL's n and median of each of %d items and sets are the stat rows' (n %s)%s"
      % (sys.argv[3], len(stat), ns, ": " + str(bad[:3]) if bad else ""))
PY
}
median ab.jsonl "six a side (even n)" --compare a b
median ab.d1.jsonl "five a side (odd n)" --discard-first 1 --compare a b
median a3c4.jsonl "three against four" --compare a/run-01.tgz a/run-02.tgz \
    a/run-03.tgz -- c/run-01.tgz c/run-02.tgz c/run-03.tgz c/run-04.tgz

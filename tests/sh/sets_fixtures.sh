#!/bin/sh
# sets_fixtures.sh: sets of recorded profiles (tests/data/sets/, made by tests/tools/record-sets.sh): the table, the -v table and the JSON Lines byte for byte as blessed; every JSON row valid against docs/sets.schema.json, whose schema is SETS_SCHEMA_VERSION; what the rows say recomputed from the rows (medians, links, Hodges-Lehmann, Benjamini-Hochberg); a sleep made 300 ms longer is slower, its shift's CI containing the recorded difference; a set against its own repeat changes nothing; --discard-first; --drop-outliers leaves out the values flagged beyond Tukey's fences; the table's columns aligned; the README's example is the table.  Needs no root.
set -u
. "$(dirname "$0")/lib/tap.sh.inc"
T=${BC_TMP:?}
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
LIB=$(pwd)/tests/sh/lib
D=tests/data/sets

# Each output tests/tools/record-sets.sh blesses, rendered from inside
# $D by the sets' directory names as it blessed them.
render() { # FILE OPTIONS...
	out=$1
	shift
	(cd "$D" && "$R" "$@" >"$T/$out" 2>"$T/$out.err")
	rc=$?
	if [ $rc -eq 0 ] && [ ! -s "$T/$out.err" ] && cmp -s "$T/$out" "$D/$out"; then
		ok "$out: $* as blessed, status 0, no message"
	else
		notok "$out: $* as blessed, status 0, no message (status $rc)"
		head -n 3 "$T/$out.err" | sed 's/^/# /'
		diff "$D/$out" "$T/$out" | head -n 20 | sed 's/^/# /'
	fi
}
render ab.table --compare a b
render ab.vtable -v --compare a b
render ab.jsonl --json --compare a b
render ac.vtable -v --compare a c
render ac.jsonl --json --compare a c
render ab.d1.jsonl --json --discard-first 1 --compare a b

# The directories and the logs given one by one are the same sets.
(cd "$D" && "$R" --json --compare a/*.tgz -- b/*.tgz >"$T/ab.files.jsonl" 2>&1)
check "--compare a/*.tgz -- b/*.tgz: the rows of --compare a b" \
    cmp -s "$T/ab.files.jsonl" "$D/ab.jsonl"

n=$(ls "$D"/a/*.tgz "$D"/b/*.tgz "$D"/c/*.tgz | wc -l)
size=$(cat "$D"/a/*.tgz "$D"/b/*.tgz "$D"/c/*.tgz | wc -c)
check "the fixtures: 18 logs, under 600 KB together ($n, $size bytes)" \
    [ "$n" -eq 18 -a "$size" -lt 600000 ]

# The schema: its "schema" const is the program's SETS_SCHEMA_VERSION,
# and every row of every output is valid.
ver=$(sed -n 's/^#define SETS_SCHEMA_VERSION \([0-9]*\).*/\1/p' \
    renderer/export/sets_out.h)
if ! command -v python3 >/dev/null 2>&1; then
	ok "the rows against docs/sets.schema.json, recomputed # SKIP no python3"
	exit 0
fi
const=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["properties"]["schema"]["const"])' \
    docs/sets.schema.json)
check "docs/sets.schema.json's schema ($const) is SETS_SCHEMA_VERSION ($ver)" \
    [ -n "$ver" -a "$const" = "$ver" ]
if python3 -c 'import jsonschema' 2>/dev/null; then
	python3 - "$T" docs/sets.schema.json <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator.check_schema(schema)
val = jsonschema.Draft202012Validator(schema)
for name in ("ab.jsonl", "ac.jsonl", "ab.d1.jsonl"):
    rows = [json.loads(l) for l in open(sys.argv[1] + "/" + name)]
    errs = [e.message for r in rows for e in val.iter_errors(r)]
    kinds = sorted({r["row"] for r in rows})
    print(("ok" if not errs and kinds == ["boot", "cmp", "item", "stat"]
           else "not ok") + " - %s: each of %d rows (%s) valid against "
          "docs/sets.schema.json%s" % (name, len(rows), ", ".join(kinds),
          ": " + errs[0][:200] if errs else ""))
# The schema refuses what no row may be: a wrong version, an unknown
# row, a missing field.
row = json.loads(open(sys.argv[1] + "/ab.jsonl").readline())
wrong = [dict(row, schema=2), dict(row, row="other"),
         {k: v for k, v in row.items() if k != "path"}]
print(("ok" if all(not val.is_valid(w) for w in wrong) else "not ok") +
      " - the schema refuses schema 2, an unknown row, a boot row without path")
PY
else
	ok "the rows against docs/sets.schema.json # SKIP no python3-jsonschema"
fi

# What the rows say, from the rows (tests/sh/lib/sets_check.py).
for f in ab.jsonl ac.jsonl ab.d1.jsonl; do
	python3 "$LIB/sets_check.py" rows "$T/$f"
done
# The recorded difference: fx-nap slept a's seconds in set a and b's in
# set b (the naps file the recording wrote), in ms.
shift=$(awk '{ s[$1] = $2 } END { printf "%.0f", (s["b"] - s["a"]) * 1000 }' \
    "$D/naps")
check "the recorded difference of b and a: 300 ms ($shift)" [ "$shift" = 300 ]
python3 "$LIB/sets_check.py" slower "$T/ab.jsonl" "$shift" \
    process:fx-nap:duration phase:end:time
python3 "$LIB/sets_check.py" unchanged "$T/ac.jsonl"
python3 "$LIB/sets_check.py" discarded "$T/ab.d1.jsonl" 1
check "--discard-first 1: the table says the first of each set was discarded" \
    sh -c "cd '$D' && '$R' --discard-first 1 --compare a b | grep -c '^# set [AB]: 5 profiles of 6 (.*), the first 1 discarded\$' | grep -qx 2"

# --drop-outliers: each set's values flagged "outlier" (beyond Tukey's
# fences of them all, recomputed here from the item rows) are those
# left out: n + dropped is the rows', dropped the flagged ones'.
(cd "$D" && "$R" --json --drop-outliers --compare a b) >"$T/ab.drop.jsonl"
check "--drop-outliers: the flagged values, fences recomputed, are those dropped" \
    python3 - "$T/ab.drop.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
vals, flags = {}, {}
for r in rows:
    if r["row"] == "item":
        k = (r["set"], r["kind"], r["name"], r["metric"])
        vals.setdefault(k, []).append(r["ms"])
        flags[k] = flags.get(k, 0) + r["outlier"]
def q7(v, p):
    v = sorted(v); h = (len(v) - 1) * p; i = int(h)
    return v[i] + (h - i) * (v[min(i + 1, len(v) - 1)] - v[i])
ok, dropped = True, 0
for r in rows:
    if r["row"] != "stat":
        continue
    k = (r["set"], r["kind"], r["name"], r["metric"])
    v = vals[k]
    iqr = q7(v, 0.75) - q7(v, 0.25)
    out = sum(x < q7(v, 0.25) - 1.5 * iqr or x > q7(v, 0.75) + 1.5 * iqr
              for x in v)
    ok &= out == flags[k] == r["dropped"] and r["n"] + r["dropped"] == len(v)
    dropped += r["dropped"]
sys.exit(not (ok and dropped > 0))
PY

# The table as a user reads it: every row's columns where the header's
# are (the verdict's column), the verdicts those of the cmp rows.
python3 - "$T/ab.vtable" "$T/ac.vtable" <<'PY'
import sys
for path in sys.argv[1:]:
    lines = [l.rstrip("\n") for l in open(path) if not l.startswith("#")]
    head, rows = lines[0], lines[1:]
    at = head.index("verdict")
    words = ("slower", "faster", "same", "need more boots")
    bad = [r for r in rows if not any(r[at:].startswith(w) for w in words)
           or r[at - 2:at] != "  "]
    print(("ok" if rows and not bad else "not ok") +
          " - %s: %d rows, each verdict in the header's column %d%s" %
          (path.rsplit("/", 1)[-1], len(rows), at,
           ": " + bad[0] if bad else ""))
PY

# The README's example is this table as the program writes it.
sed 's/^/    /' "$D/ab.table" >"$T/readme.table"
check "the README shows ab.table as written (indented 4)" python3 -c '
import sys
sys.exit(open(sys.argv[2]).read() not in open(sys.argv[1]).read())' \
    README "$T/readme.table"

#!/bin/sh
# profile_compare.sh: issue 26 item 4, --compare of two real profiles of `make -j2` (bootchartd start) on a generated 6-file project, the second with the Makefile's order reversed: each log from its own zero, each compiler paired with its own file, titled as profiles, --json valid and holding the pairs, --regression's exit status.
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
case $BC_BUILD in /*) GEN=$BC_BUILD ;; *) GEN=$(pwd)/$BC_BUILD ;; esac
GEN=$GEN/tests/tools/gen_bootlog
SCHEMA=$(pwd)/docs/compare.schema.json
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"

. "$(dirname "$0")/lib/logger_lib.sh.inc"

if ! command -v cc >/dev/null || ! command -v make >/dev/null ||
    ! command -v python3 >/dev/null; then
	ok "--compare of two profiles # SKIP cc, make or python3 missing (scripts/deps.sh installs them)"
	exit 0
fi

# 6 files, each a few tenths of a second of -O2 work, so every compiler
# is sampled several times at 20 Hz (as profile_make.sh's).
P=$T/proj
mkdir -p "$P"
for i in 1 2 3 4 5 6; do
	awk -v i="$i" 'BEGIN { for (f = 0; f < 40; f++) {
		printf "int f%d_%d(int x) { int y = x;", i, f
		for (k = 0; k < 20; k++)
			printf " y = y * %d + (y >> %d) ^ %d;", k + 3, k % 7 + 1, f + k
		print " return y; }" } }' >"$P/f$i.c"
done
# make and cc run as "cmpmake" and "cmpcc" (links): a profile is the
# earliest process of the command's name, and keeps other jobs'
# processes (docs/tree.md); profile_make.sh runs make and cc while this
# test does, and neither should take the other's for its own.
mkdir -p "$T/bin"
ln -s "$(command -v make)" "$T/bin/cmpmake"
ln -s "$(command -v cc)" "$T/bin/cmpcc"
# makefile OBJS...: make builds the objects in this order, two at a time.
makefile() {
	printf 'OBJS = %s\nall: $(OBJS)\n%%.o: %%.c\n\tcmpcc -O2 -c -o $@ $<\n' "$*" \
	    >"$P/Makefile"
}
# profile OUT: a profile of `cmpmake -j2` from scratch.
profile() {
	rm -f "$P"/*.o
	(cd "$P" && PATH=$T/bin:$PATH "$L" start -c "$T/empty.conf" -p 0.05 \
	    -o "$1" -- cmpmake -j2) >"$1.out" 2>&1
}
makefile f1.o f2.o f3.o f4.o f5.o f6.o
profile "$T/a.tgz"
makefile f6.o f5.o f4.o f3.o f2.o f1.o
profile "$T/b.tgz"
check "two profiles of make -j2 written" \
    sh -c "valid_tgz() { tar -tzf \"\$1\" | grep -qx header; };
    valid_tgz '$T/a.tgz' && valid_tgz '$T/b.tgz' && [ -e '$P/f1.o' ]"

# Each log alone, as --json sees it: the reference for what follows.
"$R" --json "$T/a.tgz" >"$T/a.json" 2>"$T/a.err" &&
    "$R" --json "$T/b.tgz" >"$T/b.json" 2>"$T/b.err"
check "--json of each profile" [ $? = 0 ]
# The order really differs: f1 compiled before f6 in a, after it in b.
check "the compile order differs (f1 first in a, f6 first in b)" python3 -c '
import json, re, sys
def starts(path):
    s = {}
    P = json.load(open(path))["processes"]
    for p in P:
        m = re.fullmatch(r"cmpcc -O2 -c -o (f[1-6])\.o f[1-6]\.c", p["cmdline"] or "")
        # children of make only: a cc forks children of its name until they exec.
        if p["name"] == "cmpcc" and m and p["parent"] is not None and \
            P[p["parent"]]["name"] == "cmpmake":
            s[m.group(1)] = p["start_ms"]
    return s
a, b = starts(sys.argv[1]), starts(sys.argv[2])
print("# a:", sorted(a, key=a.get), "b:", sorted(b, key=b.get))
sys.exit(0 if len(a) == len(b) == 6 and a["f1"] < a["f6"] and
    b["f6"] < b["f1"] else 1)' "$T/a.json" "$T/b.json"

# The table.
"$R" --compare "$T/a.tgz" "$T/b.tgz" >"$T/cmp" 2>"$T/cmp.err"
rc=$?
check "--compare: exit 0 (exit $rc)" [ "$rc" -eq 0 ]
same "title: two profiles of one command" "$(head -n 1 "$T/cmp")" \
    "Comparison of profiles of cmpmake -j2"
# zero (uptime): each profile's start, --json's zero_uptime_ms.
zeros=$(python3 -c '
import json, sys
print(" ".join("%.3f" % (json.load(open(p))["milestones"]["zero_uptime_ms"] / 1000)
    for p in sys.argv[1:]))' "$T/a.json" "$T/b.json")
same "zero of each log: its first process (from --json)" \
    "$(awk '$1 == "zero" { print $3, $4 }' "$T/cmp")" "$zeros"
same "start and logging start at 0 in both" \
    "$(awk '/^  (start|logging start) / { print $(NF - 2), $(NF - 1) }' "$T/cmp")" \
    "0.000 0.000
0.000 0.000"
# Alignment: a compiler's start moves by less than a profile lasts (on
# uptime every start moved by the time between the two runs).  Other
# jobs' processes, kept by design (docs/tree.md), are not ours to judge.
check "every listed compiler's start moved by less than a profile's length" python3 -c '
import json, sys
longest = max(json.load(open(p))["milestones"]["duration_ms"]
    for p in sys.argv[2:]) / 1000
on = bad = 0
for line in open(sys.argv[1]):
    if line.startswith("started "):
        on = 1
        continue
    if on and not line.strip():
        break
    w = line.split()
    if on and len(w) > 5 and w[5].startswith("cmpmake>") and abs(float(w[2])) >= longest:
        print("# moved too far:", line.rstrip())
        bad = 1
sys.exit(bad)' "$T/cmp" "$T/a.json" "$T/b.json"
# Rows that moved name their compiler's file; none names two.
check "each listed cc row names one file, in brackets" \
    sh -c "! grep -E 'cmpmake>cmpcc \\[' '$T/cmp' | grep -vE 'cmpmake>cmpcc \\[cmpcc -O2 -c -o (f[1-6])\\.o f[1-6]\\.c\\]\$' | grep -q ."

# The JSON: valid (against the schema where jsonschema is installed),
# and its pairs are those of the logs.
"$R" --compare --json "$T/a.tgz" "$T/b.tgz" >"$T/c.json" 2>"$T/c.err"
rc=$?
check "--compare --json: exit 0 (exit $rc), parses" \
    sh -c "[ $rc -eq 0 ] && python3 -c 'import json, sys; json.load(open(sys.argv[1]))' '$T/c.json'"
if python3 -c 'import jsonschema' 2>/dev/null; then
	check "  valid against docs/compare.schema.json" python3 -c '
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
jsonschema.Draft202012Validator(schema).validate(json.load(open(sys.argv[2])))' \
	    "$SCHEMA" "$T/c.json"
else
	ok "  valid against docs/compare.schema.json # SKIP no python3-jsonschema"
fi
# Each cc of a file (its PID and start in a's and b's --json) is paired
# with the cc of that file; starts from each zero; the delta their
# difference.
check "  each cc -O2 -c -o fN.o fN.c paired with its own file, times from each zero" python3 -c '
import json, re, sys
c = json.load(open(sys.argv[1]))
def ccs(path):
    d = json.load(open(path))
    z = d["milestones"]["zero_uptime_ms"]
    out = {}
    P = d["processes"]
    for p in P:
        m = re.fullmatch(r"cmpcc -O2 -c -o (f[1-6])\.o f[1-6]\.c", p["cmdline"] or "")
        if p["name"] == "cmpcc" and m and p["parent"] is not None and \
            P[p["parent"]]["name"] == "cmpmake":
            out[m.group(1)] = (p["pid"], p["start_ms"], p["duration_ms"])
    return out, z
a, za = ccs(sys.argv[2])
b, zb = ccs(sys.argv[3])
ok = (c["old"]["milestones"]["zero_uptime_ms"] == za and
    c["new"]["milestones"]["zero_uptime_ms"] == zb)
seen = set()
for p in c["pairs"]:
    if p["name"] != "cmpcc" or p["path"] != "cmpmake>cmpcc":
        continue
    o, n = p["old"], p["new"]
    m = re.fullmatch(r"cmpcc -O2 -c -o (f[1-6])\.o f[1-6]\.c", (n or o)["cmdline"] or "")
    if not m or o is None or n is None:
        print("# unpaired:", p)
        ok = False
        continue
    f = m.group(1)
    seen.add(f)
    want_o, want_n = a[f], b[f]
    got_o = (o["pid"], o["start_ms"], o["duration_ms"])
    got_n = (n["pid"], n["start_ms"], n["duration_ms"])
    # start_ms from the zero is rounded once, --json rounds each: 1 ms.
    close = lambda g, w: g[0] == w[0] and abs(g[1] - w[1]) <= 1 and g[2] == w[2]
    if not (close(got_o, want_o) and close(got_n, want_n) and
        abs(p["start_delta_ms"] - (n["start_ms"] - o["start_ms"])) <= 1 and
        p["duration_delta_ms"] == n["duration_ms"] - o["duration_ms"]):
        print("# %s: got %s %s, want %s %s" % (f, got_o, got_n, want_o, want_n))
        ok = False
print("# files paired:", sorted(seen))
sys.exit(0 if ok and len(seen) == 6 else 1)' "$T/c.json" "$T/a.json" "$T/b.json"
check "  every matched compiler's start moved by less than a profile's length" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
longest = max(c[k]["milestones"]["duration_ms"] for k in ("old", "new"))
moved = [abs(p["start_delta_ms"]) for p in c["pairs"] if p["start_delta_ms"]
    is not None and p["path"].startswith("cmpmake>")]
print("# largest move %d ms, longest profile %d ms" % (max(moved or [0]), longest))
sys.exit(0 if moved and max(moved) < longest else 1)' "$T/c.json"
check "  counts add up to the pairs; statuses by threshold_ms" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
t = c["threshold_ms"]
def status(p):
    if p["old"] is None: return "appeared"
    if p["new"] is None: return "disappeared"
    if abs(p["start_delta_ms"]) > t or abs(p["duration_delta_ms"]) > t: return "changed"
    return "same"
k = {}
for p in c["pairs"]:
    k[status(p)] = k.get(status(p), 0) + 1
    if status(p) != p["status"]:
        print("# status", p["id"], p["status"], status(p)); sys.exit(1)
sys.exit(0 if all(c["counts"][s] == k.get(s, 0) for s in c["counts"]) and
    c["regression"] is None and c["title"] == "Comparison of profiles of cmpmake -j2" else 1)' "$T/c.json"

# The chart: titled, one row per file labelled with its command line.
"$R" --compare -f svg -o "$T/c.svg" "$T/a.tgz" "$T/b.tgz" 2>"$T/svg.err"
rc=$?
check "--compare -f svg: exit 0 (exit $rc), titled" \
    sh -c "[ $rc -eq 0 ] && grep -q '>Comparison of profiles of cmpmake -j2<' '$T/c.svg'"
n=$(grep -oE '>cmpcc -O2 -c -o f[1-6]\.o f[1-6]\.c( \([^<]*\))?<' "$T/c.svg" |
    sed 's/ (.*//' | sort -u | wc -l)
check "  one cc row label per file ($n of 6)" [ "$n" -eq 6 ]

# --regression: 5 and one line when the new log grew at all (0 ms)
# where the JSON says something grew; 0 and nothing said with a day.
for dir in "a b" "b a"; do
	set -- $dir
	"$R" --compare --json --regression 0 "$T/$1.tgz" "$T/$2.tgz" \
	    >"$T/r.json" 2>"$T/r.err"
	rc=$?
	want=$(python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
grew = c["delta"]["end_ms"] > 0 or any(p["duration_delta_ms"] is not None
    and p["duration_delta_ms"] > 0 for p in c["pairs"])
print(5 if grew and c["regression"]["regressed"] else 0 if not grew and
    not c["regression"]["regressed"] else "inconsistent")' "$T/r.json")
	check "--regression 0, $1 then $2: exit $want as the pairs say (exit $rc)" \
	    [ "$rc" = "$want" ]
	if [ "$rc" -eq 5 ]; then
		check "  one line on stderr saying what regressed" \
		    sh -c "[ \$(wc -l <'$T/r.err') -eq 1 ] && grep -q '^bootchart-render: regression (threshold 0.000 s): total time ' '$T/r.err'"
	fi
done
"$R" --compare --regression 86400000 "$T/a.tgz" "$T/b.tgz" >"$T/r.out" 2>"$T/r.err"
rc=$?
check "--regression 86400000: exit 0, nothing said (exit $rc)" \
    sh -c "[ $rc -eq 0 ] && [ ! -s '$T/r.err' ] && cmp -s '$T/r.out' '$T/cmp'"
"$R" --compare -f png --regression 0 -o "$T/r.png" "$T/a.tgz" "$T/a.tgz" 2>"$T/r.err"
rc=$?
check "a profile against itself, -f png --regression 0: exit 0, chart written (exit $rc)" \
    sh -c "[ $rc -eq 0 ] && [ -s '$T/r.png' ] && [ ! -s '$T/r.err' ]"
"$R" --regression 10 "$T/a.tgz" >/dev/null 2>"$T/r.err"
rc=$?
check "--regression without --compare: usage error (exit $rc)" \
    sh -c "[ $rc -eq 1 ] && grep -q 'regression goes with --compare' '$T/r.err'"
"$R" --compare --json -f svg "$T/a.tgz" "$T/b.tgz" >/dev/null 2>"$T/r.err"
rc=$?
check "--compare --json -f svg: usage error (exit $rc)" [ "$rc" -eq 1 ]

# A mix says so: a generated boot, then a profile.
if [ -x "$GEN" ]; then
	"$GEN" -q -n 20 -s 10 -z 5 --seed 3 -d "$T/boot" >/dev/null 2>&1
	"$R" --compare "$T/boot" "$T/b.tgz" 2>/dev/null >"$T/mix"
	same "a boot, then a profile: the title says so" "$(head -n 1 "$T/mix")" \
	    "Comparison of a boot with a profile of cmpmake -j2"
	"$R" --compare "$T/boot" "$T/boot" 2>/dev/null >"$T/boots"
	same "two boots: Boot comparison" "$(head -n 1 "$T/boots")" "Boot comparison"
else
	ok "titles of a mix and of boots # SKIP gen_bootlog not built"
fi

#!/bin/sh
# trace_badmember.sh: a trace.dat member cut or invalid costs the log its
# trace and nothing else (docs/errors.md, "trace.dat").  From a recorded
# traced log (tests/data/traces/pipe.tgz, trace.dat its last member, as
# bootchartd writes it) come damaged ones: the member shortened inside a
# whole tar at several offsets (its headers, the first CPU's pages, the
# last CPU's), the gzip stream ended inside the member at two offsets
# (power lost while the tarball was written), the tar itself cut inside
# it, and the member replaced by bytes with trace.dat's magic and junk
# after.  Each must chart as the log without its trace does: exit 0, a
# PNG, one warning naming ARCHIVE:trace.dat; --json says trace_unusable
# and why, --summary and the chart say it, -f html and --compare work.
# Every output of the trace alone (the verbs, -f perfetto, -f
# chrome-json, folded stacks, speedscope) exits 2 with one line naming
# the member.  Under sanitizers (BC_SAN) any finding fails the exit
# checks (run.sh's exit codes 86, 87).
set -u
T=${BC_TMP:?}
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
. "$(dirname "$0")/lib/tap.sh.inc"

SRC=tests/data/traces/pipe.tgz
[ -s "$SRC" ] || { echo "ok - trace_badmember # SKIP no $SRC"; exit 0; }
command -v python3 >/dev/null 2>&1 ||
    { echo "ok - trace_badmember # SKIP no python3"; exit 0; }

python3 - "$SRC" "$T" <<'PY' || { notok "damaged logs made"; exit 1; }
import gzip, io, sys, tarfile, zlib
src, out = sys.argv[1], sys.argv[2]
with tarfile.open(src) as t:
    members = [(m, t.extractfile(m).read()) for m in t.getmembers() if m.isfile()]
assert members[-1][0].name == "trace.dat", "trace.dat is not the last member"
def tar(pairs):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for m, d in pairs:
            i = tarfile.TarInfo(m.name)
            i.size, i.mode, i.mtime = len(d), m.mode, m.mtime
            t.addfile(i, io.BytesIO(d))
    return buf.getvalue()
def write(name, raw):
    with open(f"{out}/{name}.tgz", "wb") as f:
        f.write(raw)
def with_trace(data):
    return tar([(m, data if m.name == "trace.dat" else d) for m, d in members])
trace = members[-1][1]
whole = tar(members)
with tarfile.open(fileobj=io.BytesIO(whole)) as t:
    m = t.getmember("trace.dat")
start, size = m.offset_data, m.size
write("none", gzip.compress(tar(members[:-1])))
# The member shortened, the tar whole: headers, CPU 0's pages, the last CPU's.
for pct in (3, 50, 97):
    write(f"short{pct}", gzip.compress(with_trace(trace[:size * pct // 100])))
# The gzip stream ended (not closed) inside the member.
z = gzip.compress(whole)
for pct in (10, 80):
    want, d, n, at = start + size * pct // 100, zlib.decompressobj(31), 0, 0
    while n <= want:
        n += len(d.decompress(z[at:at + 64]))
        at += 64
    write(f"gzcut{pct}", z[:at - 64])
# The tar cut inside the member, then compressed whole.
write("tarcut", gzip.compress(whole[:start + size // 3]))
# trace.dat's magic, then junk: read as a trace, failing inside it.
write("magic", gzip.compress(with_trace(b"\x17\x08\x44tracing6\0" + bytes(range(256)) * 40)))
PY

"$R" -q --dump-tree "$T/none.tgz" >"$T/none.tree" 2>/dev/null
"$R" -q --json "$SRC" >"$T/good.json" 2>/dev/null
check "a log whose trace reads has no trace_unusable" python3 -c '
import json, sys
assert "trace_unusable" not in json.load(open(sys.argv[1]))
' "$T/good.json"

# one_warning NAME ERRFILE: one line, a warning naming the member.
one_warning() {
	[ "$(wc -l <"$2")" = 1 ] &&
	    grep -q "warning: .*/$1\.tgz:trace\.dat: .*; the chart is drawn without the trace$" "$2"
}

# charts NAME: what the log without its trace gives, and says why.
charts() {
	f=$T/$1.tgz
	"$R" -f png -o "$T/$1.png" "$f" 2>"$T/err"
	rc=$?
	check "$1: -f png: exit 0, a PNG, one warning ($(head -n 1 "$T/err"))" \
	    sh -c "[ $rc = 0 ] && [ \"\$(head -c 4 '$T/$1.png' | tail -c 3)\" = PNG ]" &&
	    check "$1: -f png: the warning names the member" one_warning "$1" "$T/err"
	"$R" -f svg -o "$T/$1.svg" "$f" 2>/dev/null
	check "$1: -f svg: the chart says the trace is not usable" \
	    grep -q 'trace not usable, every time from samples: ' "$T/$1.svg"
	"$R" -f html -o "$T/$1.html" "$f" 2>"$T/err"
	check "$1: -f html: exit 0, written" sh -c "[ $? = 0 ] && [ -s '$T/$1.html' ]"
	check "$1: -f html: one warning naming the member" one_warning "$1" "$T/err"
	"$R" --json "$f" >"$T/$1.json" 2>"$T/err"
	rc=$?
	check "$1: --json: exit 0, trace_unusable names the member" \
	    python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert sys.argv[2] == "0"
assert "trace.dat" in j["trace_unusable"]["why"], j.get("trace_unusable")
assert j["critical_path"] is None and "trace_cut" not in j
' "$T/$1.json" "$rc"
	"$R" --summary "$f" >"$T/$1.sum" 2>/dev/null
	rc=$?
	check "$1: --summary: exit 0, says it" sh -c "[ $rc = 0 ] &&
	    grep -q '^trace: not usable, every time from samples: .*trace\.dat: ' '$T/$1.sum'"
	"$R" -q --dump-tree "$f" >"$T/$1.tree" 2>/dev/null
	check "$1: the processes of the log without its trace" \
	    cmp -s "$T/$1.tree" "$T/none.tree"
	"$R" -q --compare "$SRC" "$f" >/dev/null 2>&1
	check "$1: --compare with the good log: exit 0" [ $? = 0 ]
}

# trace_only NAME: every output of the trace alone, exit 2 and one line.
trace_only() {
	f=$T/$1.tgz
	for v in --dump-events --wakeups --wake-graph --functions \
	    "--call-graph schedule" --critical-path "-f perfetto" \
	    "-f chrome-json" "--functions -f folded" "--functions -f speedscope"; do
		# shellcheck disable=SC2086
		(cd "$T" && "$R" $v "$f" >"$T/out" 2>"$T/err")
		rc=$?
		check "$1: $v: exit 2, one line naming the member ($(head -n 1 "$T/err"))" \
		    sh -c "[ $rc = 2 ] && [ \$(wc -l <'$T/err') = 1 ] &&
		        grep -q '$1\.tgz:trace\.dat: ' '$T/err' && ! grep -q warning '$T/err'"
	done
	check "$1: no export file made" \
	    sh -c "! ls '$T'/*.perfetto.txt '$T'/*.chrome.json >/dev/null 2>&1"
}

for bad in short3 short50 short97 gzcut10 gzcut80 tarcut magic; do
	charts $bad
	trace_only $bad
done

if python3 -c "import jsonschema" 2>/dev/null; then
	check "--json of a log with trace_unusable validates against the schema" \
	    python3 -c '
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
' "$T/gzcut80.json" docs/bootchart.schema.json
else
	ok "--json against the schema # SKIP no python3-jsonschema"
fi

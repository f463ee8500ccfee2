#!/bin/sh
# trace_damaged.sh: a bad trace.dat never costs the sampled chart.  From
# a recorded traced log (tests/data/traces/pipe.tgz) three damaged ones
# are made: its trace.dat replaced by bytes that are no trace, the
# archive cut in the middle of trace.dat (a disk full or the power lost
# while the logger wrote it), the same with trace.dat before the
# members of the system's CPU, disks and memory (lost with it).  Each
# charts (-f png, -f html, --json, --summary: exit 0, one warning naming
# the member and saying the chart is drawn without the trace, the same
# processes as the members before the cut without a trace); the trace's
# verbs (--dump-events, --wakeups, --critical-path) and its exports
# (-f perfetto, -f chrome-json), which have nothing to give without it,
# exit 2 with the member's error alone (tests/sh/trace_badmember.sh
# takes every output and more damages).
set -u
T=${BC_TMP:?}
R=$BC_RENDER
. "$(dirname "$0")/lib/tap.sh.inc"

SRC=tests/data/traces/pipe.tgz
[ -s "$SRC" ] || { echo "ok - trace_damaged # SKIP no $SRC"; exit 0; }
command -v python3 >/dev/null 2>&1 ||
    { echo "ok - trace_damaged # SKIP no python3"; exit 0; }

# The damaged logs, and the log without its trace (what each must chart).
python3 - "$SRC" "$T" <<'PY' || { notok "damaged logs made"; exit 1; }
import gzip, io, sys, tarfile
src, out = sys.argv[1], sys.argv[2]
with tarfile.open(src) as t:
    members = [(m, t.extractfile(m).read()) for m in t.getmembers() if m.isfile()]
def tar(pairs):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for m, d in pairs:
            i = tarfile.TarInfo(m.name)
            i.size, i.mode, i.mtime = len(d), m.mode, m.mtime
            t.addfile(i, io.BytesIO(d))
    return buf.getvalue()
def cut(pairs):
    raw = tar(pairs)
    with tarfile.open(fileobj=io.BytesIO(raw)) as t:
        m = t.getmember("trace.dat")
    return raw[:m.offset_data + m.size // 2]
def write(name, raw):
    with open(f"{out}/{name}.tgz", "wb") as f:
        f.write(gzip.compress(raw))
trace = [p for p in members if p[0].name == "trace.dat"]
rest = [p for p in members if p[0].name != "trace.dat"]
ps = [p for p in rest if p[0].name in ("header", "proc_ps.log")]
others = [p for p in rest if p not in ps]
write("none", tar(rest))
write("nonemid", tar(ps))
write("junk", tar([(m, b"no trace here\n" * 300 if m.name == "trace.dat" else d)
                   for m, d in members]))
write("cut", cut(rest + trace))
write("cutmid", cut(ps + trace + others))
PY

"$R" -q --dump-tree "$T/none.tgz" >"$T/none.tree" 2>/dev/null
"$R" -q --dump-tree "$T/nonemid.tgz" >"$T/nonemid.tree" 2>/dev/null
for bad in junk cut cutmid; do
	f=$T/$bad.tgz
	want=none
	[ $bad = cutmid ] && want=nonemid
	for o in png html; do
		"$R" -f "$o" -o "$T/$bad.$o" "$f" 2>"$T/err"
		check "$bad: -f $o: exit 0, written" sh -c "[ $? = 0 ] && [ -s '$T/$bad.$o' ]"
		n=$(wc -l <"$T/err")
		check "$bad: -f $o: one warning, naming trace.dat ($(head -n 1 "$T/err"))" \
		    sh -c "[ $n = 1 ] && grep -q 'trace.dat.*warning\|warning: .*trace.dat' '$T/err' &&
		        grep -q 'the chart is drawn without the trace' '$T/err'"
	done
	"$R" -q --json "$f" >"$T/$bad.json" 2>/dev/null
	check "$bad: --json: exit 0" [ $? = 0 ]
	"$R" -q --summary "$f" >/dev/null 2>&1
	check "$bad: --summary: exit 0" [ $? = 0 ]
	"$R" -q --dump-tree "$f" >"$T/$bad.tree" 2>/dev/null
	check "$bad: the processes of the members before it without a trace" \
	    cmp -s "$T/$bad.tree" "$T/$want.tree"
	for v in --dump-events --wakeups --critical-path; do
		"$R" $v "$f" >/dev/null 2>"$T/err"
		rc=$?
		check "$bad: $v: exit 2, one line naming trace.dat ($(head -n 1 "$T/err"))" \
		    sh -c "[ $rc = 2 ] && [ \$(wc -l <'$T/err') = 1 ] &&
		        grep -q 'trace.dat' '$T/err'"
	done
	for e in perfetto chrome-json; do
		"$R" -f $e -o "$T/x.$e" "$f" >/dev/null 2>"$T/err"
		rc=$?
		check "$bad: -f $e: exit 2, one line naming trace.dat, nothing written ($(head -n 1 "$T/err"))" \
		    sh -c "[ $rc = 2 ] && [ \$(wc -l <'$T/err') = 1 ] &&
		        grep -q 'trace.dat: ' '$T/err' && ! grep -q warning '$T/err' &&
		        [ ! -e '$T/x.$e' ]"
	done
done

#!/bin/sh
# trace_fnexport.sh: issue 25 items 4 and 6 against trace-cmd report -R of the same trace.dat (tests/sh/lib/fnexport_check.py): --call-graph's rows, callers and callees, its DOT's nodes, edges, sizes and colours, -f folded's counts and -f speedscope's events (validated by speedscope's file-format schema) on a trace.dat of function_graph calls built by gen_tracedat -f, then on the distro boot traced with function_graph when make check-distro left it (build/distro/functions/bootchart.tgz).  Also: -f svg, png, html draw it; a function not in the trace is one line, exit 6.  Skips without trace-cmd, python3 or python3-jsonschema.
. "$(dirname "$0")/lib/fnlog.sh.inc"

need_oracle
python3 -c "import jsonschema" 2>/dev/null ||
    skip "no python3-jsonschema"

# Our outputs of trace.dat $1 (a bare trace.dat or a log) into directory
# $2, with root $3, and trace-cmd's of the trace.dat $4; then the checks.
outputs() {
	log=$1 d=$2 root=$3 dat=$4
	mkdir -p "$d"
	trace-cmd report -R -i "$dat" >"$d/report" 2>/dev/null ||
	    notok "trace-cmd report -R reads $dat"
	trace-cmd dump --kallsyms -i "$dat" >"$d/ksyms" 2>/dev/null ||
	    notok "trace-cmd dump --kallsyms reads $dat"
	cp "$LIB/speedscope-schema.json" "$d/schema.json"
	"$R" -q --functions "$log" >"$d/table"
	check "--functions: status 0" [ $? -eq 0 ]
	"$R" --call-graph "$root" "$log" >"$d/cg" 2>"$d/cg.err"
	check "--call-graph $root: status 0" [ $? -eq 0 ]
	same "--call-graph $root: no warning" "$(cat "$d/cg.err")" ""
	"$R" -q --call-graph "$root" -f dot "$log" >"$d/dot"
	check "--call-graph -f dot: status 0" [ $? -eq 0 ]
	"$R" -q --functions -f folded "$log" >"$d/folded"
	check "--functions -f folded: status 0" [ $? -eq 0 ]
	"$R" -q --call-graph "$root" -f folded "$log" >"$d/folded.below"
	check "--call-graph -f folded: status 0" [ $? -eq 0 ]
	"$R" -q --functions -f speedscope "$log" >"$d/ss.json"
	check "--functions -f speedscope: status 0" [ $? -eq 0 ]
	"$R" -q --call-graph "$root" -f speedscope "$log" >"$d/ss.below.json"
	check "--call-graph -f speedscope: status 0" [ $? -eq 0 ]
	# A log's page (a bare trace.dat has no chart) has the call graph of
	# the heaviest root: --call-graph's of that root (the oracle checks
	# which).
	case $log in
	*.tgz)
		"$R" -q -f html -o "$d/page.html" "$log"
		check "-f html: status 0" [ $? -eq 0 ]
		heavy=$(awk -F '\t' '$1 == "function" && $8 == "0" { print $2; exit }' \
		    "$d/table")
		"$R" -q --call-graph "$heavy" "$log" >"$d/cg.heavy" ;;
	esac
	python3 "$LIB/fnexport_check.py" "$d" "$root"
	# Drawn: a PNG and an SVG of the same layout.
	"$R" -q --call-graph "$root" -f png -o "$d/cg.png" "$log"
	check "--call-graph -f png: status 0, a PNG" \
	    sh -c "head -c 8 '$d/cg.png' | od -An -c | grep -q 'P   N   G'"
	"$R" -q --call-graph "$root" -f svg -o "$d/cg.svg" "$log"
	check "--call-graph -f svg: status 0, an SVG" grep -q '<svg' "$d/cg.svg"
	# A function the trace has no call of: one line, exit 6.
	"$R" --call-graph no_such_function "$log" >"$d/none" 2>"$d/none.err"
	rc=$?
	same "--call-graph of no traced function: exit 6" "$rc" 6
	check "... one line naming the log and the function" sh -c \
	    "[ \$(wc -l <'$d/none.err') -eq 1 ] && grep -q 'no call of no_such_function' '$d/none.err' && [ ! -s '$d/none' ]"
}

"$B/tests/tools/gen_tracedat" -f "$T/f.dat" || { notok "gen_tracedat -f"; exit 1; }
outputs "$T/f.dat" "$T/synth" foo_init "$T/f.dat"
outputs "$T/f.dat" "$T/synth-helper" helper "$T/f.dat"

[ -s "$F" ] || skip "the distro boot: no $F (DISTRO_FUNCTIONS=1 make check-distro makes it)"
mkdir -p "$T/x" && tar -xzf "$F" -C "$T/x" trace.dat ||
    { notok "$F has a trace.dat"; exit 1; }
outputs "$F" "$T/boot" do_one_initcall "$T/x/trace.dat"

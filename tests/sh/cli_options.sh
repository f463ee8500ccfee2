#!/bin/sh
# cli_options.sh: usage errors exit 1, --help lists every option,
# --version, output file naming.
. "$(dirname "$0")/lib/cli_lib.sh.inc"

T=$BC_TMP
need_shared
make_ex1_dir "$T/logs" || { notok "copy example1"; exit 1; }
(cd "$T/logs" && tar czf "$T/boot1.tgz" header proc_stat.log proc_diskstats.log proc_ps.log)

usage() {	# usage NAME ARGS...: exit 1, a message and the --help hint
	name=$1
	shift
	run_render "$T/u.out" "$T/u.err" "$@"
	if [ "$rc" -eq 1 ] && grep -q "^bootchart-render: " "$T/u.err" &&
	    grep -q -- "--help" "$T/u.err" && [ ! -s "$T/u.out" ]; then
		ok "usage error: $name"
	else
		notok "usage error: $name (exit $rc: $(head -c 200 "$T/u.err"))"
	fi
}
usage "unknown long option" --bogus "$T/boot1.tgz"
usage "unknown short option" -x "$T/boot1.tgz"
usage "missing argument" "$T/boot1.tgz" -f
usage "unknown format" -f gif "$T/boot1.tgz"
usage "unknown format after the input" "$T/boot1.tgz" --format=jpeg
usage "width not a number" --width abc "$T/boot1.tgz"
usage "width too small" --width 5 "$T/boot1.tgz"
usage "width too large" --width 99999 "$T/boot1.tgz"
usage "missing --annotate argument" "$T/boot1.tgz" --annotate

# --threads on a log without a trace: one warning, the same tree.
"$R" --threads --dump-tree "$T/boot1.tgz" >"$T/th.out" 2>"$T/th.err"
th_rc=$?
"$R" --dump-tree "$T/boot1.tgz" >"$T/th0.out" 2>/dev/null
check "--threads without a trace: status 0, the same tree" \
    sh -c 'test "$1" -eq 0 -a -s "$2" && cmp -s "$2" "$3"' _ "$th_rc" \
    "$T/th.out" "$T/th0.out"
check "--threads without a trace: one warning naming the log" \
    test "$(grep -c "boot1.tgz: warning: --threads: no kernel trace" "$T/th.err")" -eq 1

usage "--compare -f json (a chart or the table)" --compare -f json "$T/boot1.tgz" "$T/boot1.tgz"
usage "-o with --dump-tree and -t" --dump-tree -t -o "$T/x" "$T/boot1.tgz"
usage "--wakeups with --summary" --wakeups --summary "$T/boot1.tgz"
usage "--min-count without --wakeups" --min-count 2 "$T/boot1.tgz"
usage "--min-count 0" --wakeups --min-count 0 "$T/boot1.tgz"
usage "--min-time not a number" --wakeups --min-time x "$T/boot1.tgz"
usage "--min-time to four decimals" --wakeups --min-time 1.2345 "$T/boot1.tgz"
usage "--min-time without its whole part" --wakeups --min-time .5 "$T/boot1.tgz"
usage "-f dot without --wake-graph" -f dot "$T/boot1.tgz"
usage "--window without its end" --window 5 "$T/boot1.tgz"
usage "--window backwards" --window 5:3 "$T/boot1.tgz"
usage "--window empty" --window 3:3 "$T/boot1.tgz"
usage "--window not numbers" --window a:b "$T/boot1.tgz"
usage "--window of three" --window 1:2:3 "$T/boot1.tgz"
usage "--window to seven decimals" --window 1.0000001:2 "$T/boot1.tgz"
usage "--window with --compare" --window 1:2 --compare "$T/boot1.tgz" "$T/boot1.tgz"
usage "--functions with --json" --functions --json "$T/boot1.tgz"
usage "--functions with --min-count" --functions --min-count 2 "$T/boot1.tgz"
usage "--min-time without --wakeups or --functions" --min-time 2 "$T/boot1.tgz"
usage "--wake-graph -f pdf" --wake-graph -f pdf "$T/boot1.tgz"
usage "--wake-graph -f folded" --wake-graph -f folded "$T/boot1.tgz"
usage "-f folded without --functions or --call-graph" -f folded "$T/boot1.tgz"
usage "-f speedscope without --functions or --call-graph" -f speedscope "$T/boot1.tgz"
usage "--functions -f png" --functions -f png "$T/boot1.tgz"
usage "--functions -f dot" --functions -f dot "$T/boot1.tgz"
usage "--functions -f folded --min-time" --functions -f folded --min-time 1 "$T/boot1.tgz"
usage "--call-graph without a function" --call-graph "" "$T/boot1.tgz"
usage "--call-graph with --functions" --call-graph f --functions "$T/boot1.tgz"
usage "--call-graph -f pdf" --call-graph f -f pdf "$T/boot1.tgz"
usage "--call-graph --min-time" --call-graph f --min-time 1 "$T/boot1.tgz"
# A log without trace.dat: bad input (2), one line saying so.
no_trace() {
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$T/u.err")" -eq 1 ] &&
	    [ ! -s "$T/u.out" ] &&
	    grep -q "no kernel trace (trace.dat) in this log" "$T/u.err"
}
run_render "$T/u.out" "$T/u.err" --wakeups "$T/boot1.tgz"
check "--wakeups without a trace: exit 2, one line" no_trace
run_render "$T/u.out" "$T/u.err" --functions "$T/boot1.tgz"
check "--functions without a trace: exit 2, one line" no_trace
run_render "$T/u.out" "$T/u.err" --call-graph f -f dot "$T/boot1.tgz"
check "--call-graph without a trace: exit 2, one line" no_trace

# The outputs table (src/outputs.def): -f names every output, and the
# report options are its shorthands; an unknown name lists them all.
run_render "$T/u.out" "$T/u.err" -f gif "$T/boot1.tgz"
check "unknown format: the table's names" grep -q \
    "(png, svg, svgz, eps, pdf, svg-glyphs, html, json, summary, tree, boot-time, perfetto, chrome-json, dot, folded, speedscope)" "$T/u.err"
for pair in "json --json" "summary --summary" "tree --dump-tree" "boot-time -t"; do
	set -- $pair
	"$R" -q -f "$1" "$T/boot1.tgz" >"$T/f.out" 2>&1
	"$R" -q "$2" "$T/boot1.tgz" >"$T/s.out" 2>&1
	check "-f $1 writes what $2 writes" sh -c "[ -s '$T/f.out' ] && cmp -s '$T/f.out' '$T/s.out'"
done
"$R" -q --dump-tree -t "$T/boot1.tgz" >"$T/tt.out" 2>&1
{ "$R" -q --dump-tree "$T/boot1.tgz"; "$R" -q -t "$T/boot1.tgz"; } >"$T/tt2.out" 2>&1
check "--dump-tree -t: the tree, then the boot time" cmp -s "$T/tt.out" "$T/tt2.out"

run_render "$T/h.out" "$T/h.err" --help
check "--help exits 0" [ "$rc" -eq 0 ]
for o in --format --output --width --title --show-pid --show-all \
    --crop-after --annotate --no-prune --boot-time --dump-tree --quiet \
    --verbose --help --version -f -o -n -t -q -v -h -V; do
	check "--help lists $o" grep -q -- "$o[ ,]" "$T/h.out"
done
run_render "$T/h2.out" "$T/h2.err" -h
check "-h is --help" cmp -s "$T/h.out" "$T/h2.out"
run_render "$T/v.out" "$T/v.err" --version
check "--version prints name and version" \
    grep -Eq '^bootchart-render [0-9]+\.[0-9]+' "$T/v.out"
check "--version prints a copyright and a licence line" \
    sh -c 'grep -q "^Copyright " "$1" && grep -q "^License: " "$1"' sh "$T/v.out"

# Output naming needs the chart writer; skip while it is a stub.
run_render "$T/o.out" "$T/o.err" -o "$T/probe.png" "$T/boot1.tgz"
if grep -q "not built in yet" "$T/o.err"; then
	for n in "boot1.tgz -> boot1.png" "dir/ -> dir.svg" "-o FILE" \
	    "default dir is ."; do
		ok "output naming: $n # SKIP chart writer not merged yet"
	done
	exit 0
fi
mkdir -p "$T/out" "$T/cwd"
run_render "$T/o.out" "$T/o.err" -o "$T/out" "$T/boot1.tgz"
check "output naming: boot1.tgz -> boot1.png" [ -s "$T/out/boot1.png" ]
run_render "$T/o.out" "$T/o.err" "$T/logs/" -f svg -o "$T/out"
check "output naming: dir/ -> dir.svg" [ -s "$T/out/logs.svg" ]
run_render "$T/o.out" "$T/o.err" -f pdf -o "$T/out/x.pdf" "$T/boot1.tgz"
check "output naming: -o FILE" [ -s "$T/out/x.pdf" ]
(cd "$T/cwd" && "$R" "$T/boot1.tgz" >/dev/null 2>&1)
check "output naming: default dir is ." [ -s "$T/cwd/boot1.png" ]

# Without -f, -o's file name ending says the format (any case; .json and
# .txt are -f json's and -f summary's); -f wins over the name; the
# report options write their own whatever the name; a name that ends in
# no format's gets the PNG as before.
magic() {	# magic FILE: what the first bytes say it is
	case $(head -c 8 "$1" | od -An -c | tr -d ' \n') in
	*PNG*) echo png ;;
	%PDF*) echo pdf ;;
	%!PS*) echo eps ;;
	037213*) echo gzip ;;
	\<\?xml* | \<svg*) echo svg ;;
	\<\!DOCTYP* | \<\!doctyp* | \<html*) echo html ;;
	\{*) echo json ;;
	*) echo other ;;
	esac
}
mkdir -p "$T/out/sub"
for c in "x.svg svg" "x.SVG svg" "x.svgz gzip" "x.pdf pdf" "x.Eps eps" \
    "x.html html" "x.png png" "x.json json" "x.gif png" "x png" ".svg png" \
    "sub/.svg png"; do
	set -- $c
	rm -f "$T/out/$1"
	run_render "$T/o.out" "$T/o.err" -o "$T/out/$1" "$T/boot1.tgz"
	check "-o $1 without -f: a $2 file (exit $rc)" \
	    sh -c '[ "$1" -eq 0 ] && [ "$2" = "$3" ]' _ "$rc" \
	    "$(magic "$T/out/$1")" "$2"
done
run_render "$T/o.out" "$T/o.err" -o "$T/out/s.txt" "$T/boot1.tgz"
run_render "$T/o.out" "$T/o.err" --summary -o "$T/out/s2.txt" "$T/boot1.tgz"
check "-o s.txt without -f: the summary, as --summary writes it" \
    cmp -s "$T/out/s.txt" "$T/out/s2.txt"
run_render "$T/o.out" "$T/o.err" -f png -o "$T/out/y.svg" "$T/boot1.tgz"
check "-f png -o y.svg: -f wins, a PNG" [ "$(magic "$T/out/y.svg")" = png ]
run_render "$T/o.out" "$T/o.err" --json -o "$T/out/r.svg" "$T/boot1.tgz"
check "--json -o r.svg: the JSON report" [ "$(magic "$T/out/r.svg")" = json ]
run_render "$T/o.out" "$T/o.err" --compare -o "$T/out/cmp.pdf" \
    "$T/boot1.tgz" "$T/boot1.tgz"
check "--compare -o cmp.pdf: the comparison drawn as PDF" \
    [ "$(magic "$T/out/cmp.pdf")" = pdf ]
run_render "$T/o.out" "$T/o.err" -o "$T/out/t.chrome.json" "$T/boot1.tgz"
check "-o t.chrome.json of a log without a trace: the Chrome trace refused (exit 2)" \
    sh -c '[ "$1" -eq 2 ] && grep -q "no kernel trace" "$2"' _ "$rc" "$T/o.err"

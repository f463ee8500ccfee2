# harden_caps.sh: every cap of src/caps.h, the line and the header value limit at its limit, generated as a stream: refused naming the cap, and where cheap accepted just under it; peak RSS asserted, time printed.
. "$(dirname "$0")/lib/cli_lib.sh.inc"
. "$(dirname "$0")/lib/measure.sh.inc"

T=$BC_TMP
GEN=$BC_BUILD/tests/tools/capgen
MEASURE=$BC_BUILD/tests/tools/measure
RSS_MAX_KB=512000	# 500 MB: memory is behaviour, so it is asserted
# Under ASan the freed buffers a growing array leaves wait in its
# quarantine (256 MB by default) and count in the peak: 4 000 001
# pacct records measured 493 MB there against 221 MB in the plain
# build.  A small quarantine keeps the peak the program's own.
if [ "${BC_SAN:-0}" = 1 ]; then
	export ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=16"
fi
# A hang guard only; times are printed, never asserted.  It counts CPU
# seconds (ulimit -t), not wall time: on a busy machine a case waits for
# the CPU far longer than it computes (every case takes under 10 s of
# CPU).  A wall-clock guard, much longer, catches a case that blocks.
GUARD=60
WALL_GUARD=600

# Cases marked big take seconds and hundreds of MB in the plain build;
# under ASan (several times slower, RSS inflated by its shadow memory)
# they are left to the plain pass.
big() {
	[ "${BC_SAN:-0}" = 1 ] || return 1
	ok "$1 # SKIP big case: run in the plain pass only"
	return 0
}

# guarded ARGS...: the renderer with ARGS under measure and the hang guard.
guarded() {
	"$MEASURE" -o "$T/m" -- sh -c 'ulimit -t "$0"; exec "$@"' \
	    "$GUARD" timeout "$WALL_GUARD" "$R" "$@"
}

# run_case NAME INPUT ARGS...: runs the renderer on INPUT ("gen SHAPE..."
# streams capgen's tar into standard input, else a file) under measure
# and the hang guard; sets st, wall, cpu, rss and prints the figures.
run_case() {
	name=$1 input=$2
	shift 2
	rm -f "$T/m" "$T/err"
	case $input in
	gen\ *)
		# shellcheck disable=SC2086
		"$GEN" ${input#gen } 2>"$T/gen.err" |
		    guarded "$@" - >"$T/out" 2>"$T/err" ;;
	*)
		guarded "$@" "$input" >"$T/out" 2>"$T/err" ;;
	esac
	[ -s "$T/gen.err" ] && echo "# capgen: $(head -c 200 "$T/gen.err")"
	st=$(measure_value status "$T/m")
	wall=$(measure_value wall_max_s "$T/m")
	cpu=$(measure_value cpu_median_s "$T/m")
	rss=$(measure_value maxrss_kb "$T/m")
	: "${st:=?}" "${wall:=?}" "${cpu:=?}" "${rss:=0}"
	echo "# $name: $wall s wall, $cpu s CPU, $((rss / 1024)) MB peak RSS"
	# 124: timeout's wall guard; 128 + SIGXCPU (24) or SIGKILL: the CPU one.
	case $st in
	124|152|137)
		notok "$name: still running after the hang guard (${GUARD} s of CPU or ${WALL_GUARD} s)"
		st=124
		return ;;
	esac
	check "$name: peak RSS $((rss / 1024)) MB (limit 500 MB)" \
	    [ "$rss" -le "$RSS_MAX_KB" ]
}

# refused NAME PATTERN INPUT ARGS...: exit 2, one line on standard error
# naming the cap (PATTERN, grep -E), in the words of every cap.
refused() {
	name=$1 pat=$2
	shift 2
	run_case "$name" "$@"
	[ "$st" = 124 ] && return
	if [ "$st" = 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] &&
	    grep -Eq "$pat" "$T/err"; then
		ok "$name: exit 2, $(cat "$T/err")"
	else
		notok "$name: exit $st, want 2 and /$pat/; stderr:" \
		    "$(head -c 300 "$T/err")"
		return
	fi
	check "$name: the message says \"over this program's limit\"" \
	    grep -q "over this program's limit (see docs/limits.md)" "$T/err"
}

# accepted NAME INPUT ARGS...: exit 0 (a chart, when one is asked for).
accepted() {
	name=$1
	shift
	run_case "$name" "$@"
	[ "$st" = 124 ] && return
	if [ "$st" = 0 ]; then
		ok "$name: exit 0"
	else
		notok "$name: exit $st, want 0; stderr: $(head -c 300 "$T/err")"
	fi
}

PNG="-o $T/chart.png"
SVG="-f svg -o $T/chart.svg"
HTML="-f html -o $T/chart.html"

# ---- the input ----

# CAP_INPUT_BYTES: 4 GiB over all inputs.  Members of 1 GiB of zeros
# (unknown, so read through and dropped) through a pipe; the fourth is
# refused from its header, as it would end past the cap.
refused "input bytes: 4 GiB + 1 MiB" \
    'more than 4294967296 bytes of log data' "gen zeros 4097" -t
accepted "input bytes: 4 GiB - 1 MiB" "gen zeros 4095" $PNG

# CAP_RATIO: MIB MiB whose 64 KiB blocks start with K random bytes, then
# zeros; gzip -6 makes about 211:1 of K=215, 193:1 of K=240.  The ratio
# is measured here, and the case is only valid on its side of 200:1.
# It is judged only past CAP_RATIO_FLOOR (256 MiB; the one member's tar
# header says how far it goes): 320 MiB is refused, 64 MiB read.
ratio_case() {	# name MIB K want
	"$GEN" noise "$2" "$3" | gzip -6 -c >"$T/noise.tgz" || {
		notok "$1: cannot make the input"
		return
	}
	# gzip -l: compressed and uncompressed sizes (below 4 GiB here).
	r=$(gzip -l "$T/noise.tgz" | awk 'NR == 2 { print int($2 / $1) }')
	if [ "$3" -lt 230 ]; then
		lo=200 hi=230
	else
		lo=170 hi=199
	fi
	if [ "$r" -lt "$lo" ] || [ "$r" -gt "$hi" ]; then
		notok "$1: input compressed $r:1, not $lo to $hi:1"
	elif [ "$4" = 2 ]; then
		refused "$1 ($r:1)" 'noise\.bin: .*200:1' \
		    "$T/noise.tgz" -t
	else
		accepted "$1 ($r:1)" "$T/noise.tgz" $PNG
	fi
	rm -f "$T/noise.tgz"
}
ratio_case "compression ratio over 200:1, 320 MiB" 320 215 2
ratio_case "compression ratio under 200:1, 320 MiB" 320 240 0
ratio_case "compression ratio over 200:1 under the floor, 64 MiB" 64 215 0

refused "archive members: 10 001" 'more than 10000 archive members' \
    "gen members 10001" -t
accepted "archive members: 10 000" "gen members 10000" $PNG

# LINESPLIT_MAX: a proc_ps.log line of 1 MiB + 1 byte, its second line.
refused "line length: 1 MiB + 1" 'proc_ps\.log:2: .*line.*1048576' \
    "gen line 1048577" -t
accepted "line length: 1 MiB" "gen line 1048576" $PNG

# The header value limit: 64 KiB.
refused "header value: 64 KiB + 1" 'header:1: .*header value.*65536' \
    "gen header-value 65537" -t
accepted "header value: 64 KiB" "gen header-value 65536" $PNG

refused "header keys: 1 001" 'header:1001: more than 1000 header keys' \
    "gen header-keys 1001" -t
accepted "header keys: 1 000" "gen header-keys 1000" $PNG

# ---- processes and samples ----

# CAP_PROCS: in one block (the million and first is refused), and a
# million each sampled once (two blocks), as far as the tree.
refused "processes: 1 000 001" \
    'proc_ps\.log:1000002: more than 1000000 processes' \
    "gen ps 1000001 1 100 20 busy" -t
big "processes: 1 000 000 in two blocks" ||
    accepted "processes: 1 000 000 in two blocks" \
    "gen ps 1000000 2 100 20 busy" -t

# CAP_STAMP_JIFFIES: 20 years; a chart spanning all of them is drawn.
refused "time stamp: 20 years + 1 jiffy" \
    'time stamp 63072000001 is more than 20 years of uptime' \
    "gen ps 2 2 63071999901 100 busy" -t
accepted "time stamp: 20 years, a PNG spanning them" \
    "gen ps 2 2 1 63071999999 busy" $PNG
accepted "time stamp: 20 years, an SVG spanning them" \
    "gen ps 2 2 1 63071999999 busy" $SVG

# CAP_BLOCKS, in proc_ps.log; at the cap, each timed log is drawn with a
# step at every block (CPU use alternating).
refused "blocks: 1 000 001 in proc_ps.log" \
    'proc_ps\.log:3000001: more than 1000000 sample blocks' \
    "gen ps 1 1000001 100 1 busy" -t
accepted "blocks: 1 000 000 in proc_ps.log" \
    "gen ps 1 1000000 100 1 alt" $PNG
big "blocks: 1 000 000 in proc_stat.log" ||
    accepted "blocks: 1 000 000 in proc_stat.log" "gen stat 1000000" $PNG
big "blocks: 1 000 000 in proc_diskstats.log" ||
    accepted "blocks: 1 000 000 in proc_diskstats.log" \
    "gen disk 1000000 1" $PNG

# CAP_SAMPLES: 17 processes in 941 178 blocks are 16 000 009 samples
# (the first block gives none); 20 in 800 001 are 16 000 000: 810 MB
# of proc_ps.log through a pipe.  At the cap, distinct names are drawn
# as they are; same-named siblings are merged into one row.
big "process samples: 16 000 009" ||
    refused "process samples: 16 000 009" \
    'proc_ps\.log:[0-9]+: more than 16000000 process samples' \
    "gen ps 17 941178 100 2 idle" -t
big "process samples: 16 000 000" ||
    accepted "process samples: 16 000 000" "gen ps 20 800001 100 2 busy" \
    $PNG
big "process samples: 16 000 000 of same-named siblings (merged)" ||
    accepted "process samples: 16 000 000 of same-named siblings (merged)" \
    "gen siblings 19 800001 busy" $PNG

# ---- fork records, names, command lines ----

refused "fork records: 4 000 001 in kernel_pacct" \
    'kernel_pacct: more than 4000000 fork records' "gen pacct 4000001" -t
big "fork records: 4 000 000 in kernel_pacct" ||
    accepted "fork records: 4 000 000 in kernel_pacct" \
    "gen pacct 4000000" $PNG
refused "fork records: 4 000 001 in paternity.log" \
    'paternity\.log:4000001: more than 4000000 fork records' \
    "gen paternity 4000001" -t
big "fork records: 4 000 000 in paternity.log" ||
    accepted "fork records: 4 000 000 in paternity.log" \
    "gen paternity 4000000" $PNG

refused "names: 1 000 001" 'init_pidname\.log:1000001: more than 1000000 names' \
    "gen pidnames 1000001" -t
accepted "names: 1 000 000" "gen pidnames 1000000" $PNG
refused "command lines: 1 000 001" \
    'cmdline2\.log:4000004: more than 1000000 command lines' \
    "gen cmdlines 1000001 1" -t
accepted "command lines: 1 000 000" "gen cmdlines 1000000 1" $PNG

# CAP_TEXT_BYTES: 4 096-byte command lines keep 4 097 bytes each;
# 65 520 of them are 268 435 440 bytes (under 256 MiB), 65 521 are
# 268 439 537 (over).
big "command line bytes: 65 521 of 4 KiB (over 256 MiB)" ||
    refused "command line bytes: 65 521 of 4 KiB (over 256 MiB)" \
    'cmdline2\.log:[0-9]+: more than 268435456 bytes of command lines' \
    "gen cmdlines 65521 4096" -t
big "command line bytes: 65 520 of 4 KiB" ||
    accepted "command line bytes: 65 520 of 4 KiB" \
    "gen cmdlines 65520 4096" --show-all $PNG

# CAP_NAME_BYTES: names are cut at 4 095 bytes and count 4 096 each;
# 65 536 of them are exactly 256 MiB, the 65 537th is refused.
big "name bytes: 65 537 names of 4 KiB (over 256 MiB)" ||
    refused "name bytes: 65 537 names of 4 KiB (over 256 MiB)" \
    'proc_ps\.log:65538: more than 268435456 bytes of process names' \
    "gen longnames 65537 5000" -t
big "name bytes: 65 536 names of 4 KiB" ||
    accepted "name bytes: 65 536 names of 4 KiB" \
    "gen longnames 65536 4095" -t

# ---- the chart ----

# Rows: -n keeps every process, each a row.
refused "chart rows: 50 001" 'more than 50000 rows in a chart' \
    "gen ps 50001 3 100 20 busy" -n $PNG
big "chart rows: 50 000" ||
    accepted "chart rows: 50 000" "gen ps 50000 3 100 20 busy" -n $PNG
refused "vector chart rows: 20 001" 'more than 20000 rows in a vector chart' \
    "gen ps 20001 3 100 20 busy" -n $SVG
big "vector chart rows: 20 000" ||
    accepted "vector chart rows: 20 000" "gen ps 20000 3 100 20 busy" -n \
    $SVG
# -f svg-glyphs (cairo's SVG, every glyph a shape) has half the rows.
refused "glyph chart rows: 10 001" 'more than 10000 rows in a chart of glyphs' \
    "gen ps 10001 3 100 20 busy" -n -f svg-glyphs -o "$T/chart.svg"
# -f html has the vector caps too (docs/html.md).
refused "html chart rows: 20 001" 'more than 20000 rows in a vector chart' \
    "gen ps 20001 3 100 20 busy" -n $HTML
big "html chart rows: 20 000" ||
    accepted "html chart rows: 20 000" "gen ps 20000 3 100 20 busy" -n \
    $HTML

# Cells: CPU use alternates at every block, 3 px apart (1 000 samples in
# 3 100 px), so every sample is a cell: rows x 1 000 cells.
big "chart cells: 4 001 000" ||
    refused "chart cells: 4 001 000" 'more than 4000000 sample cells' \
    "gen ps 4001 1001 100 20 alt" -n --width 3100 $PNG
big "chart cells: 4 000 000" ||
    accepted "chart cells: 4 000 000" "gen ps 4000 1001 100 20 alt" -n \
    --width 3100 $PNG
refused "vector chart cells: 251 000" 'more than 250000 sample cells' \
    "gen ps 251 1001 100 20 alt" -n --width 3100 $SVG
big "vector chart cells: 250 000" ||
    accepted "vector chart cells: 250 000" \
    "gen ps 250 1001 100 20 alt" -n --width 3100 $SVG
big "vector chart cells: 250 000 as PDF" ||
    accepted "vector chart cells: 250 000 as PDF" \
    "gen ps 250 1001 100 20 alt" -n --width 3100 -f pdf -o "$T/chart.pdf"
big "html chart cells: 250 000" ||
    accepted "html chart cells: 250 000" \
    "gen ps 250 1001 100 20 alt" -n --width 3100 $HTML

# Caps together: the most rows with the longest labels, the most cells
# with the longest names (a label is cut once, in the glyphs that fit:
# layout/measure.c).  Within 500 MB (asserted) and 10 s of CPU (printed).
big "rows x labels: 50 000 rows of 4 KiB names (PNG)" ||
    accepted "rows x labels: 50 000 rows of 4 KiB names (PNG)" \
    "gen longnames 50000 4095" -n $PNG
big "rows x labels: 20 000 rows of 4 KiB names (HTML)" ||
    accepted "rows x labels: 20 000 rows of 4 KiB names (HTML)" \
    "gen namedps 20000 13 4000" -n $HTML
big "rows x command lines: 20 000 rows, --show-all, 4 000-byte command lines (PNG)" ||
    accepted "rows x command lines: 20 000 rows, --show-all, 4 000-byte command lines (PNG)" \
    "gen rowcmdlines 20000 4000" -n --show-all $PNG
big "rows x command lines: 20 000 rows, --show-all, 4 000-byte command lines (HTML)" ||
    accepted "rows x command lines: 20 000 rows, --show-all, 4 000-byte command lines (HTML)" \
    "gen rowcmdlines 20000 4000" -n --show-all $HTML
big "rows x labels: 20 000 rows of 4 KiB names (SVG)" ||
    accepted "rows x labels: 20 000 rows of 4 KiB names (SVG)" \
    "gen namedps 20000 13 4000" -n $SVG
big "rows x labels: 20 000 rows of 4 KiB names (SVGZ)" ||
    accepted "rows x labels: 20 000 rows of 4 KiB names (SVGZ)" \
    "gen namedps 20000 13 4000" -n -f svgz -o "$T/chart.svgz"
big "rows x command lines: 20 000 rows, --show-all, 4 000-byte command lines (SVG)" ||
    accepted "rows x command lines: 20 000 rows, --show-all, 4 000-byte command lines (SVG)" \
    "gen rowcmdlines 20000 4000" -n --show-all $SVG
big "rows x labels: 20 000 rows of 4 KiB names (PDF)" ||
    accepted "rows x labels: 20 000 rows of 4 KiB names (PDF)" \
    "gen namedps 20000 13 4000" -n -f pdf -o "$T/chart.pdf"
big "rows x labels: 10 000 rows of 4 KiB names (SVG of glyphs)" ||
    accepted "rows x labels: 10 000 rows of 4 KiB names (SVG of glyphs)" \
    "gen namedps 10000 13 4000" -n -f svg-glyphs -o "$T/chart.svg"
big "cells x names: 250 000 cells of 4 KiB-named rows (SVG)" ||
    accepted "cells x names: 250 000 cells of 4 KiB-named rows (SVG)" \
    "gen namedps 250 1001 4000" -n --width 3100 $SVG
big "cells x names: 250 000 cells of 4 KiB-named rows (HTML)" ||
    accepted "cells x names: 250 000 cells of 4 KiB-named rows (HTML)" \
    "gen namedps 250 1001 4000" -n --width 3100 $HTML
big "cells x names: 4 000 000 cells of 255-byte-named rows (PNG)" ||
    accepted "cells x names: 4 000 000 cells of 255-byte-named rows (PNG)" \
    "gen namedps 4000 1001 255" -n --width 3100 $PNG

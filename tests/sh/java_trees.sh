#!/bin/sh
# java_trees.sh: --dump-tree against the Java 0.9 renderer's final trees of
# the reference logs: pid, name, start, children, samples exact, duration
# within 5 ms.  Boot logs give the Java tree with or without --strict; a
# log of one command (busybox-bootchartd) gives it with --strict.
. tests/sh/lib/tap.sh.inc

S=$BC_SHARED/data
T=$BC_TMP

# same_tree REFERENCE DUMP: prints the first differing rows, fails on any.
same_tree() {
	awk -F '\t' 'NR == FNR { p[FNR] = $1; n[FNR] = $2; s[FNR] = $3;
		d[FNR] = $4; c[FNR] = $5; m[FNR] = $6; rows = FNR; next }
	{ got = FNR
	  if ($1 != p[FNR] || $2 != n[FNR] || $3 != s[FNR] || $5 != c[FNR] ||
	      $6 != m[FNR] || $4 - d[FNR] > 5 || d[FNR] - $4 > 5) {
		if (shown++ < 5) print "# row " FNR ": " $0 " | want " p[FNR] " " n[FNR] " " s[FNR] " " d[FNR] " " c[FNR] " " m[FNR]
		bad = 1 } }
	END { if (got != rows) { print "# rows " got " != " rows; bad = 1 }
	      exit bad }' "$1" "$2"
}

# case NAME LOG REFERENCE OPTIONS...
tree_case() {
	name=$1 log=$2 ref=$3
	shift 3
	if [ ! -e "$log" ] || [ ! -e "$ref" ]; then
		ok "$name # SKIP $S not found (../shared must sit beside the clone)"
		return
	fi
	"$BC_RENDER" --dump-tree "$@" "$log" >"$T/dump" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq 0 ] && same_tree "$ref" "$T/dump" >"$T/diff"; then
		ok "$name"
	else
		notok "$name (exit $rc)"
		cat "$T/diff"
		sed 's/^/# /' "$T/err" | head -n 3
	fi
}

EX1=$S/bootchart-0.9/example1
tree_case "example1: Java's final tree" "$EX1" \
    "$EX1/extract.processtree.5.log"
tree_case "example1 --strict: Java's final tree" "$EX1" \
    "$EX1/extract.processtree.5.log" --strict
tree_case "busybox-bootchartd --strict: Java's final tree" \
    "$S/busybox-bootchartd/bootlog.tgz" \
    "$S/busybox-bootchartd/java-processtree.log" --strict
# Android's init logs whole command lines as names (issue 14 item 1).
tree_case "android-10: Java's final tree, names over 63 bytes" \
    "$S/android-10/bootchart.tgz" "$S/android-10/java-processtree.log"

#!/bin/sh
# cli_archives.sh: the same --dump-tree from every archive flavour made by
# GNU tar and bsdtar, and from a directory; example1's tree and boot time
# against the Java renderer's extract.
. "$(dirname "$0")/lib/cli_lib.sh.inc"

T=$BC_TMP
need_shared
make_ex1_dir "$T/logs" || { notok "copy example1"; exit 1; }
mkdir -p "$T/nested/bootchart" && cp "$T/logs/"* "$T/nested/bootchart/"

run_render "$T/dir.dump" "$T/dir.err" --dump-tree "$T/logs"
check "directory: --dump-tree exits 0" [ "$rc" -eq 0 ]
check "directory: tree is not empty" [ -s "$T/dir.dump" ]

# Java's final tree: same rows, durations within 5 ms.
compare_extract() {
	awk -F '\t' 'NR == FNR { p[FNR] = $1; n[FNR] = $2; s[FNR] = $3;
		d[FNR] = $4; c[FNR] = $5; m[FNR] = $6; rows = FNR; next }
	{ got = FNR
	  if ($1 != p[FNR] || $2 != n[FNR] || $3 != s[FNR] || $5 != c[FNR] ||
	      $6 != m[FNR] || $4 - d[FNR] > 5 || d[FNR] - $4 > 5) {
		print "row " FNR ": " $0; bad = 1 } }
	END { if (got != rows) { print "rows " got " != " rows; bad = 1 }
	      exit bad }' "$EX1/extract.processtree.5.log" "$1"
}
check "--dump-tree example1/ equals extract.processtree.5.log" \
    compare_extract "$T/dir.dump"

flavour() {	# flavour NAME FILE CREATE-COMMAND...
	name=$1 file=$2
	shift 2
	if ! (cd "$T/logs" && "$@") >/dev/null 2>&1; then
		notok "$name: create archive"
		return
	fi
	run_render "$T/a.dump" "$T/a.err" --dump-tree "$file"
	if [ "$rc" -eq 0 ] && cmp -s "$T/a.dump" "$T/dir.dump"; then
		ok "$name: same tree as the directory"
	else
		notok "$name: exit $rc, $(head -c 200 "$T/a.err")"
	fi
}
M="header proc_stat.log proc_diskstats.log proc_ps.log"
flavour "GNU tar gzip" "$T/a.tgz" tar czf "$T/a.tgz" $M
flavour "GNU tar bzip2" "$T/a.tar.bz2" tar cjf "$T/a.tar.bz2" $M
flavour "GNU tar xz" "$T/a.tar.xz" tar cJf "$T/a.tar.xz" $M
flavour "GNU tar plain" "$T/a.tar" tar cf "$T/a.tar" $M
flavour "GNU tar ./ prefix" "$T/b.tgz" tar czf "$T/b.tgz" .
flavour "bsdtar gzip" "$T/c.tgz" bsdtar czf "$T/c.tgz" $M
flavour "bsdtar pax xz" "$T/c.tar.xz" bsdtar cJf "$T/c.tar.xz" --format pax $M
flavour "bsdtar ustar plain" "$T/c.tar" bsdtar cf "$T/c.tar" --format ustar $M
if command -v zstd >/dev/null 2>&1; then
	flavour "GNU tar zstd" "$T/a.tar.zst" tar --zstd -cf "$T/a.tar.zst" $M
else
	ok "GNU tar zstd # SKIP no zstd"
fi
# Members below a directory, and a name that lies about the content.
flavour "GNU tar subdirectory" "$T/n.tgz" tar czf "$T/n.tgz" -C "$T/nested" bootchart
flavour "gzip content named .tar" "$T/lie.tar" sh -c "tar czf '$T/lie.tar' $M"

# Android's bootchart packs the 0.9 files into a tarball the same way.
flavour "Android layout" "$T/android.tgz" tar czf "$T/android.tgz" \
    header proc_stat.log proc_ps.log proc_diskstats.log

# Options after the input (GNU argument permutation).
run_render "$T/p.dump" "$T/p.err" "$T/a.tgz" --dump-tree
check "options after the input" cmp -s "$T/p.dump" "$T/dir.dump"

# Boot time: the span of Java's final tree, printed as M:SS.ss.
want_ms=$(awk -F '\t' 'NR == 1 || $3 < lo { lo = $3 }
	$3 + $4 > hi { hi = $3 + $4 } END { print hi - lo }' \
    "$EX1/extract.processtree.5.log")
run_render "$T/t.out" "$T/t.err" -t "$T/a.tgz"
got=$(cat "$T/t.out")
got_ms=$(echo "$got" | awk -F '[:.]' 'NF == 3 { print ($1 * 60 + $2) * 1000 + $3 * 10 }')
if [ "$rc" -eq 0 ] && [ -n "$got_ms" ] &&
    [ $((got_ms - want_ms)) -le 10 ] && [ $((want_ms - got_ms)) -le 10 ]; then
	ok "-t prints the boot time ($got for ${want_ms} ms)"
else
	notok "-t: exit $rc, got '$got', want about ${want_ms} ms"
fi
check "-t format is M:SS.ss" sh -c "echo '$got' | grep -Eq '^[0-9]+:[0-5][0-9]\.[0-9][0-9]$'"

# Several inputs are merged: header from one, the rest from the other.
mkdir -p "$T/only_header" "$T/no_header"
cp "$T/logs/header" "$T/only_header/"
cp "$T/logs/proc_ps.log" "$T/logs/proc_stat.log" "$T/no_header/"
run_render "$T/m.dump" "$T/m.err" --dump-tree "$T/only_header" "$T/no_header"
check "two directories merge into one trace" cmp -s "$T/m.dump" "$T/dir.dump"
# The same member twice: the first wins, with a warning.
run_render "$T/d.dump" "$T/d.err" --dump-tree "$T/logs" "$T/a.tgz"
check "duplicate member: first wins" cmp -s "$T/d.dump" "$T/dir.dump"
check "duplicate member: warned" grep -q "duplicate log ignored" "$T/d.err"

# example2 with its kernel_pacct, through a tarball.
mkdir -p "$T/ex2"
cp "$EX2/"* "$T/ex2/"
(cd "$T/ex2" && tar czf "$T/ex2.tgz" header proc_stat.log proc_diskstats.log proc_ps.log kernel_pacct)
run_render "$T/e2a.dump" "$T/e2a.err" --dump-tree "$T/ex2.tgz"
run_render "$T/e2b.dump" "$T/e2b.err" --dump-tree "$T/ex2"
check "example2 tarball and directory agree" sh -c \
    "[ $rc -eq 0 ] && [ -s '$T/e2a.dump' ] && cmp -s '$T/e2a.dump' '$T/e2b.dump'"

# A plain log file given directly is read as what its name says.
run_render "$T/f.out" "$T/f.err" -t "$T/logs/proc_ps.log"
check "a bare proc_ps.log is accepted" [ "$rc" -eq 0 ]

# -v names skipped members.
echo hi >"$T/logs/notes.txt"
(cd "$T/logs" && tar czf "$T/v.tgz" notes.txt $M)
run_render "$T/v.out" "$T/v.err" -v -t "$T/v.tgz"
check "-v names an unknown member" grep -q "notes.txt: unknown member" "$T/v.err"
run_render "$T/q.out" "$T/q.err" -t "$T/v.tgz"
check "without -v unknown members are silent" [ ! -s "$T/q.err" ]

# "-" reads an archive from standard input.
"$R" --dump-tree - <"$T/a.tgz" >"$T/s.dump" 2>"$T/s.err"
check "archive on standard input" cmp -s "$T/s.dump" "$T/dir.dump"
echo junk | "$R" -t - >/dev/null 2>"$T/s.err"
rc=$?
check "junk on standard input: exit 2, one line" sh -c \
    "[ $rc -eq 2 ] && [ \$(wc -l <'$T/s.err') -eq 1 ] && grep -q '(stdin): not a log archive' '$T/s.err'"
# Standard input is an input of its own, like a second path: the same
# log in both is the duplicate warning, not "the archive holds it twice".
cp "$T/a.tgz" "$T/b.tgz"
"$R" --dump-tree "$T/a.tgz" - <"$T/b.tgz" >"$T/s2.dump" 2>"$T/s2.err"
rc=$?
check "a.tgz - <b.tgz: first wins, exit 0" sh -c \
    "[ $rc -eq 0 ] && cmp -s '$T/s2.dump' '$T/dir.dump'"
check "a.tgz - <b.tgz: duplicate warned as for a.tgz b.tgz" \
    grep -q "(stdin):.*duplicate log ignored" "$T/s2.err"

# A FIFO (a shell's <(...), /dev/stdin on a pipe, mkfifo) is read as a
# stream, as "-" is; with no writer it is empty: an error at once, never
# a wait (issue 26, item 7).  A device is refused at once.
mkfifo "$T/fifo"
cat "$T/a.tgz" >"$T/fifo" &
writer=$!
timeout -s KILL 60 "$R" --dump-tree "$T/fifo" >"$T/f.dump" 2>"$T/f.err"
rc=$?
wait $writer
check "a FIFO with a writer: read as a stream, the same tree ($rc)" sh -c \
    "[ $rc -eq 0 ] && cmp -s '$T/f.dump' '$T/dir.dump'"
cat "$T/a.tgz" | timeout -s KILL 60 "$R" --dump-tree /dev/stdin \
    >"$T/f.dump" 2>"$T/f.err"
rc=$?
check "/dev/stdin on a pipe (as <(...) gives): the same tree ($rc)" sh -c \
    "[ $rc -eq 0 ] && cmp -s '$T/f.dump' '$T/dir.dump'"
timeout -s KILL 60 "$R" -t "$T/fifo" >/dev/null 2>"$T/f.err"
rc=$?
check "a FIFO with no writer: exit 2 at once, one line naming it ($rc)" sh -c \
    "[ $rc -eq 2 ] && [ \$(wc -l <'$T/f.err') -eq 1 ] && grep -q 'fifo: not a log archive' '$T/f.err'"
timeout -s KILL 60 "$R" -t /dev/null >/dev/null 2>"$T/f.err"
rc=$?
check "a device: exit 2, one line ($rc)" sh -c \
    "[ $rc -eq 2 ] && grep -qx 'bootchart-render: /dev/null: not a regular file, FIFO or directory' '$T/f.err'"
mkdir -p "$T/fdir"
cp "$T/logs/"* "$T/fdir/"
rm -f "$T/fdir/header"
mkfifo "$T/fdir/header"
timeout -s KILL 60 "$R" --dump-tree "$T/fdir" >/dev/null 2>"$T/f.err"
check "a FIFO member in a directory: skipped, not waited for" [ $? -eq 0 ]

# A bootchart2 layout: taskstats.log instead of proc_ps.log, with
# paternity.log and cmdline2.log (written here in the collector's format).
mkdir -p "$T/b2"
printf 'version = 0.14.4\ntitle = b2\nsystem.cpu = model name : X\nsystem.cpu.num = 2\n' \
    >"$T/b2/header"
awk 'BEGIN { for (b = 0; b < 20; b++) { print 100 + b * 2
	print "1 0 init " (b * 1000000) " 0 0"
	if (b >= 2) print "42 1 udevd " (b * 3000000) " " (b * 1000) " 0"
	if (b >= 4 && b < 15) print "43 1 modprobe " (b * 500000) " 0 0"
	print "" } }' >"$T/b2/taskstats.log"
printf '42 1\n43 42\n' >"$T/b2/paternity.log"
printf '43\n:/sbin/modprobe\n:modprobe\0-b\0snd\0\n\n' >"$T/b2/cmdline2.log"
(cd "$T/b2" && tar czf "$T/b2.tgz" header taskstats.log paternity.log cmdline2.log)
run_render "$T/b2.dump" "$T/b2.err" -n --dump-tree "$T/b2.tgz"
check "bootchart2 taskstats archive: exit 0" [ "$rc" -eq 0 ]
# A sample per line but the first block's (its counters go back to
# before logging): a process's first line is its work since the block
# before (issue 26, item 5: it was dropped); modprobe's logged ppid is 1
# but paternity.log says udevd forked it.
check "bootchart2: init has 19 samples, one child" \
    grep -q "^1	init	1000	[0-9]*	1	19$" "$T/b2.dump"
check "bootchart2: paternity puts modprobe under udevd; 18 samples, all its lines" \
    grep -q "^42	udevd	1040	[0-9]*	1	18$" "$T/b2.dump"
check "bootchart2: modprobe has 11 samples, all its lines" \
    grep -q "^43	modprobe	1080	[0-9]*	0	11$" "$T/b2.dump"

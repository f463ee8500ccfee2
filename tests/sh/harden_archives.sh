# harden_archives.sh: hostile tarballs through the renderer: traversal names, links, devices, bombs, odd names in SVG, 10 000 processes.
. "$(dirname "$0")/lib/cli_lib.sh.inc"
. "$(dirname "$0")/lib/measure.sh.inc"

T=$BC_TMP
TOOLS=$BC_BUILD/tests/tools
mkdir -p "$T/work" "$T/out"

sample_for_ex1 || { notok "unpack the sample"; exit 1; }

# Members named ../../../../tmp/X/... and /tmp/X/...: read as logs by
# their base name, nothing written anywhere but the chart.
evil=/tmp/bc-harden-evil-$$
rm -rf "$evil"
tar -C "$EX1" -P --transform "s,^,../../../..$evil/," -czf "$T/trav.tgz" \
    header proc_stat.log 2>/dev/null
tar -C "$EX1" -P --transform "s,^,$evil/abs/," -czf "$T/abs.tgz" \
    proc_ps.log proc_diskstats.log 2>/dev/null
tar -tzf "$T/trav.tgz" | grep -q '^\.\./\.\./' &&
    tar -tzf "$T/abs.tgz" | grep -q '^/tmp/' ||
    notok "test archives keep ../ and absolute names"
(cd "$T/work" && "$R" -o "$T/out/chart.png" "$T/trav.tgz" "$T/abs.tgz" \
    >"$T/trav.out" 2>"$T/trav.err")
rc=$?
check "../ and absolute member names: rendered (exit $rc)" [ "$rc" -eq 0 ]
check "  nothing created under $evil" [ ! -e "$evil" ]
check "  nothing created in the working directory" \
    [ -z "$(ls -A "$T/work")" ]
check "  only the chart in the output directory" \
    [ "$(ls -A "$T/out")" = "chart.png" ]
rm -rf "$evil"

# Symlink, FIFO and device members named proc_ps.log are never opened
# or followed: without a regular proc_ps.log there is no process log.
mkdir -p "$T/links"
cp "$EX1/header" "$T/links/header"
ln -s "$EX1/proc_ps.log" "$T/links/proc_ps.log"
tar -C "$T/links" -czf "$T/symlink.tgz" header proc_ps.log
expect_error "symlink member to a real log: not followed" 2 \
    'symlink.tgz: no proc_ps.log' "$T/symlink.tgz"
rm "$T/links/proc_ps.log"
if mkfifo "$T/links/proc_ps.log" 2>/dev/null; then
	tar -C "$T/links" -czf "$T/fifo.tgz" header proc_ps.log
	expect_error "FIFO member: skipped, no hang" 2 'no proc_ps.log' \
	    "$T/fifo.tgz"
	rm "$T/links/proc_ps.log"
else
	ok "FIFO member # SKIP mkfifo failed"
fi
if mknod "$T/links/proc_ps.log" c 1 5 2>/dev/null; then
	tar -C "$T/links" -czf "$T/dev.tgz" header proc_ps.log
	expect_error "character device member (/dev/zero's numbers): skipped" \
	    2 'no proc_ps.log' "$T/dev.tgz"
	rm "$T/links/proc_ps.log"
else
	ok "device member # SKIP mknod not permitted"
fi
# A proc_ps.log directory member holding a file: still no process log.
mkdir -p "$T/links/proc_ps.log"
cp "$EX1/proc_stat.log" "$T/links/proc_ps.log/proc_stat.log"
tar -C "$T/links" -czf "$T/dir.tgz" header proc_ps.log
expect_error "proc_ps.log that is a directory: not a log" 2 \
    'no proc_ps.log' "$T/dir.tgz"

# The same member twice (tar -r appends): an error, not a guess.
tar -C "$EX1" -cf "$T/dup.tar" header proc_ps.log
tar -C "$EX1" -rf "$T/dup.tar" proc_ps.log
expect_error "duplicate proc_ps.log member: error naming both" 2 \
    'dup.tar:proc_ps.log: the archive holds this log twice \(also as .*dup.tar:proc_ps.log\)' \
    "$T/dup.tar"

# Decompression bombs: 3 GiB of one byte in a 3 MB .tgz.  Refused with
# exit 2 at low memory, after a bounded amount of decompressed data.
bomb() {	# what member fill pattern
	what=$1
	"$TOOLS/mkbomb" "$2" 3072 "$3" "$T/bomb.tgz" || {
		notok "$what: mkbomb failed"
		return
	}
	"$TOOLS/measure" -o "$T/bomb.m" -- "$R" -q --dump-tree "$T/bomb.tgz" \
	    >/dev/null 2>"$T/bomb.err"
	st=$(measure_value status "$T/bomb.m")
	wall=$(measure_value wall_max_s "$T/bomb.m")
	rss=$(measure_value maxrss_kb "$T/bomb.m")
	if [ "$st" = 2 ] && grep -Eq "$4" "$T/bomb.err"; then
		ok "$what: exit 2 ($(cat "$T/bomb.err"))"
	else
		notok "$what: status $st, stderr $(head -c 300 "$T/bomb.err")"
	fi
	# The time is reported, not asserted (a busy machine would fail a
	# bound): the refusal comes after a fixed amount of data (the ratio
	# cap's 16 MiB, one 1 MiB line), which the messages above show.
	echo "# $what: refused in $wall s"
	check "$what: peak RSS $rss kB (limit 64 MiB)" [ "$rss" -lt 65536 ]
}
bomb "zeros in an unknown member" junk.bin 0 'decompression bomb'
bomb "newlines as proc_ps.log" proc_ps.log 10 'decompression bomb'
bomb "zeros as proc_ps.log" proc_ps.log 0 'line longer than'
"$TOOLS/mkbomb" proc_ps.log 5120 0 "$T/bomb5.tgz"
"$TOOLS/measure" -o "$T/bomb.m" -- "$R" -q --dump-tree "$T/bomb5.tgz" \
    >/dev/null 2>"$T/bomb.err"
check "5 GiB member: refused from its header (over the 4 GiB cap)" \
    grep -q 'more than 4294967296 bytes of log data' "$T/bomb.err"
check "  exit 2" grep -q 'status=2' "$T/bomb.m"

# NUL, invalid UTF-8, markup and control bytes in names: the SVG stays
# well-formed XML and valid UTF-8.
mkdir -p "$T/odd"
printf 'title = bad \377\376 <title> & "q" ]]> \001\n' >"$T/odd/header"
for b in 100 120 140 160; do
	u=$((b - 90))
	printf '%s\n' "$b"
	printf '1 (init) S 0 1 1 0 -1 0 0 0 0 0 %s 3 0 0 20 0 1 0 1 0 0\n' "$u"
	printf '7 (a\000b) R 1 7 7 0 -1 0 0 0 0 0 %s 3 0 0 20 0 1 0 5 0 0\n' "$u"
	printf '8 (\377\376\200bad) R 1 8 8 0 -1 0 0 0 0 0 %s 1 0 0 20 0 1 0 5 0 0\n' "$u"
	printf '9 (<x>&amp;]]>\033[31m) R 1 9 9 0 -1 0 0 0 0 0 %s 1 0 0 20 0 1 0 5 0 0\n' "$u"
	printf '10 (\342\202\254uro \360\237\230\200) R 1 10 10 0 -1 0 0 0 0 0 %s 1 0 0 20 0 1 0 5 0 0\n' "$u"
	printf '\n'
done >"$T/odd/proc_ps.log"
bad=proc_$(printf '\377')ps.log
cp "$T/odd/proc_ps.log" "$T/odd/$bad"
run_render "$T/odd.out" "$T/odd.err" -f svg -o "$T/odd.svg" "$T/odd"
check "odd bytes in names: SVG written (exit $rc)" [ "$rc" -eq 0 ]
if command -v xmllint >/dev/null 2>&1; then
	check "  SVG is well-formed XML (xmllint)" xmllint --noout "$T/odd.svg"
else
	ok "  SVG is well-formed XML # SKIP no xmllint"
fi
check "  SVG is valid UTF-8 (iconv)" \
    sh -c "iconv -f UTF-8 -t UTF-8 '$T/odd.svg' >/dev/null"
# A member name with bad bytes, through a tar: the message stays printable.
tar -C "$T/odd" -cf "$T/odd.tar" header "$bad"
expect_error "member name with invalid UTF-8: only unknown, no process log" \
    2 'no proc_ps.log' "$T/odd.tar"

# 10 000 processes alive in each of three samples, every one charted.
awk 'BEGIN {
	for (b = 0; b < 3; b++) {
		print 100 + 20 * b
		print "1 (init) S 0 1 1 0 -1 0 0 0 0 0 " b " 0 0 0 20 0 1 0 1 0 0"
		for (p = 2; p < 10002; p++)
			print p " (w" p ") S 1 " p " " p " 0 -1 0 0 0 0 0 " \
			    b * (p % 3) " 0 0 0 20 0 1 0 10 0 0"
		print ""
	}
}' >"$T/many.log"
mkdir -p "$T/many"
mv "$T/many.log" "$T/many/proc_ps.log"
cp "$EX1/header" "$T/many/header"
run_render "$T/many.dump" "$T/many.err" --dump-tree --no-prune "$T/many"
n=$(wc -l <"$T/many.dump")
check "10 000 live processes: tree of $n rows, want 10001 (exit $rc)" \
    [ "$rc" -eq 0 -a "$n" -eq 10001 ]
# 160 000 pixels tall: every format draws it.
for f in png svg pdf; do
	run_render "$T/many.out" "$T/many.err" --no-prune -f $f \
	    -o "$T/many.$f" "$T/many"
	check "10 000 rows as $f: written (exit $rc)" \
	    [ "$rc" -eq 0 -a -s "$T/many.$f" ]
done
if command -v xmllint >/dev/null 2>&1; then
	check "  10 000-row SVG is well-formed XML" \
	    xmllint --noout --huge "$T/many.svg"
fi

#!/bin/sh
# cli_badinput.sh: every bad input gives exit 2 and ONE line on stderr
# naming the file (and line); odd but valid input still renders.
. "$(dirname "$0")/lib/cli_lib.sh.inc"

T=$BC_TMP
need_shared
make_ex1_dir "$T/logs" || { notok "copy example1"; exit 1; }
M="header proc_stat.log proc_diskstats.log proc_ps.log"
(cd "$T/logs" && tar czf "$T/good.tgz" $M)

# tgz_with NAME: a tarball of the logs in $T/w (a copy of example1 that
# the caller has changed).
fresh() { rm -rf "$T/w"; make_ex1_dir "$T/w"; }
tgz_with() { (cd "$T/w" && tar czf "$T/$1" $(ls)); }

printf 'this is not a tarball\n' >"$T/junk.tgz"
expect_error "not an archive" 2 "^bootchart-render: .*junk\.tgz: not a log archive" \
    -t "$T/junk.tgz"
: >"$T/zero.tgz"
expect_error "empty file" 2 "zero\.tgz: not a log archive" -t "$T/zero.tgz"
head -c 60000 "$T/good.tgz" >"$T/cut.tgz"
expect_error "truncated gzip" 2 "cut\.tgz(:[a-z_.]+)?: truncated" -t "$T/cut.tgz"
(cd "$T/logs" && tar cjf "$T/good.tbz" $M && tar cJf "$T/good.txz" $M &&
    tar cf "$T/good.tar" $M)
head -c 20000 "$T/good.tbz" >"$T/cut.tbz"
expect_error "truncated bzip2 (cut inside the first block)" 2 \
    "cut\.tbz(:[a-z_.]+)?: truncated or corrupt archive" -t "$T/cut.tbz"
head -c 20000 "$T/good.txz" >"$T/cut.txz"
expect_error "truncated xz" 2 "cut\.txz(:[a-z_.]+)?: truncated or corrupt" \
    -t "$T/cut.txz"
head -c 700000 "$T/good.tar" >"$T/cut.tar"
expect_error "truncated plain tar" 2 "cut\.tar:[a-z_.]+: truncated or corrupt" \
    -t "$T/cut.tar"
gzip -c "$T/logs/header" >"$T/header.gz"
expect_error "gzip of a non-tar file" 2 "header\.gz: compressed data is not a tar" \
    -t "$T/header.gz"
tar czf "$T/empty.tgz" -T /dev/null
expect_error "empty archive" 2 "empty\.tgz: no proc_ps\.log" -t "$T/empty.tgz"
(cd "$T/logs" && tar czf "$T/nops.tgz" header proc_stat.log)
expect_error "archive without proc_ps.log" 2 "nops\.tgz: no proc_ps\.log" \
    -t "$T/nops.tgz"
expect_error "missing file" 2 "nothere\.tgz: No such file" -t "$T/nothere.tgz"
mkdir -p "$T/emptydir"
expect_error "directory without logs" 2 "emptydir: no proc_ps\.log" -t "$T/emptydir"

# Non-numeric time stamp in the 3rd block of proc_ps.log: old loggers
# cut a line at a newline in a process name, so the block goes on, with
# a warning naming file:line (docs/errors.md).
fresh
awk 'BEGIN { b = 0 } /^[0-9]+$/ { b++; if (b == 3) { print "12x4"; line = NR; next } }
    { print }' "$EX1/proc_ps.log" >"$T/w/proc_ps.log"
line=$(grep -n '^12x4$' "$T/w/proc_ps.log" | cut -d: -f1)
tgz_with stamp.tgz
run_render "$T/s.out" "$T/s.err" -t "$T/stamp.tgz"
check "non-numeric time stamp after the first block: exit 0 (got $rc)" \
    [ "$rc" -eq 0 ]
check "... warned with file:line" grep -q \
    "stamp\.tgz:proc_ps\.log:$line: warning: blank line inside a block" \
    "$T/s.err"
fresh
awk '/^[0-9]+$/ { b++; if (b == 3) { print "abc"; next } } { print }' \
    "$EX1/proc_stat.log" >"$T/w/proc_stat.log"
line=$(grep -n '^abc$' "$T/w/proc_stat.log" | cut -d: -f1)
tgz_with stamp2.tgz
expect_error "non-numeric time stamp in proc_stat.log" 2 \
    "stamp2\.tgz:proc_stat\.log:$line: " -t "$T/stamp2.tgz"

# A time stamp going backwards: that block is dropped with a warning.
fresh
awk '/^[0-9]+$/ { b++; if (b == 5) { print "100"; next } } { print }' \
    "$EX1/proc_ps.log" >"$T/w/proc_ps.log"
line=$(grep -n '^100$' "$T/w/proc_ps.log" | cut -d: -f1)
tgz_with back.tgz
expect_error "time stamp going backwards: warning, exit 0" 0 \
    "back\.tgz:proc_ps\.log:$line: warning: .*does not advance" -t "$T/back.tgz"

run_render "$T/q.out" "$T/q.err" -q -t "$T/back.tgz"
check "-q silences warnings" sh -c "[ $rc -eq 0 ] && [ ! -s '$T/q.err' ]"

# The last line cut short (a crash while logging): warned, still rendered.
fresh
head -c 1000000 "$EX1/proc_ps.log" >"$T/w/proc_ps.log"
printf '1234 (cut' >>"$T/w/proc_ps.log"
tgz_with short.tgz
expect_error "line cut short: warning, exit 0" 0 \
    "short\.tgz:proc_ps\.log:[0-9]+: warning: " -t "$T/short.tgz"

# comm with spaces and ')', and a 64-bit PID.
fresh
{
	printf '100\n'
	printf '1 (init) S 0 0 0 0 -1 0 0 0 0 0 1 2 0 0 20 0 1 0 5\n'
	printf '5000000000 (a) b (c)) R 1 0 0 0 -1 0 0 0 0 0 1 2 0 0 20 0 1 0 50\n\n'
	printf '150\n'
	printf '1 (init) S 0 0 0 0 -1 0 0 0 0 0 9 2 0 0 20 0 1 0 5\n'
	printf '5000000000 (a) b (c)) R 1 0 0 0 -1 0 0 0 0 0 30 2 0 0 20 0 1 0 50\n\n'
	printf '200\n'
	printf '1 (init) S 0 0 0 0 -1 0 0 0 0 0 9 2 0 0 20 0 1 0 5\n\n'
} >"$T/w/proc_ps.log"
tgz_with odd.tgz
run_render "$T/odd.out" "$T/odd.err" -n --dump-tree "$T/odd.tgz"
check "comm with spaces and ')' kept whole" \
    grep -q "^5000000000	a) b (c)	" "$T/odd.out"
check "64-bit PID: exit 0" [ "$rc" -eq 0 ]

# One block only: no samples, a warning, no crash.
fresh
printf '100\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 1 2 0 0 20 0 1 0 5\n\n' \
    >"$T/w/proc_ps.log"
tgz_with oneblock.tgz
expect_error "one block only: warning, exit 0" 0 \
    "oneblock\.tgz:proc_ps\.log: warning: " -t "$T/oneblock.tgz"

# kernel_pacct whose size is not a multiple of 64.
fresh
head -c 6436 "$BC_SHARED/data/bootchart-0.9/example2/kernel_pacct" >"$T/w/kernel_pacct"
tgz_with pacct.tgz
expect_error "kernel_pacct size not a multiple of 64: warning" 0 \
    "pacct\.tgz:kernel_pacct: warning: 36 bytes" -t "$T/pacct.tgz"

# A line longer than any /proc line: an error, not a huge allocation.
fresh
{ printf '100\n'; head -c 2000000 /dev/zero | tr '\0' 'a'; printf '\n\n'; } \
    >"$T/w/proc_stat.log"
tgz_with long.tgz
expect_error "line too long" 2 "long\.tgz:proc_stat\.log:2: line longer" \
    -t "$T/long.tgz"

# Control bytes in a member name are not echoed raw.
mkdir -p "$T/esc"
cp "$T/logs/header" "$T/esc/$(printf 'x\033[31my')"
(cd "$T/esc" && tar czf "$T/esc.tgz" *)
run_render "$T/esc.out" "$T/esc.err" -v -t "$T/esc.tgz"
check "control bytes in member names are hidden" \
    sh -c "! grep -q \"$(printf '\033')\" '$T/esc.err'"

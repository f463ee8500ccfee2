# harden_output.sh: the chart file: planted symlinks at the temporary name, failures leave no file and the old one intact.
. "$(dirname "$0")/lib/cli_lib.sh.inc"

T=$BC_TMP
LOGS=$T/logs
sample_for_ex1 || notok "unpack the sample"
make_ex1_dir "$LOGS" || notok "copy example1 logs"
O=$T/o
mkdir -p "$O"
echo keep >"$T/victim"

# The temporary name is ".BASE.XXXXXX" with XXXXXX from the clock, the
# PID and the try number (chart.c).  With the clock fixed by a preloaded
# shim and the renderer as PID 1 of a new PID namespace, the names are
# known in advance, so links can be planted at exactly those names.
cat >"$T/fixclock.c" <<'EOF'
#include <time.h>
int clock_gettime(clockid_t c, struct timespec *ts);
int clock_gettime(clockid_t c, struct timespec *ts)
{
	(void)c;
	ts->tv_sec = 1000;
	ts->tv_nsec = 0;
	return 0;
}
EOF
shim=""
if cc -shared -fPIC -o "$T/fixclock.so" "$T/fixclock.c" 2>/dev/null &&
    unshare --pid --fork true 2>/dev/null; then
	shim=$T/fixclock.so
fi
# tmp_name BASE TRY: the name chart.c tries first, second, ...
tmp_name() {
	printf '.%s.%06x' "$1" $(((65536 ^ ($2 * 2654435761)) & 16777215))
}
render_pid1() {	# OUT ERR ARGS...
	out=$1 err=$2
	shift 2
	unshare --pid --fork env LD_PRELOAD="$shim" \
	    ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" \
	    "$R" "$@" >"$out" 2>"$err"
	rc=$?
}

if [ -z "$shim" ]; then
	ok "planted symlinks at the temporary name # SKIP no cc or unshare"
else
	# One link at the first name: skipped (O_EXCL|O_NOFOLLOW), the
	# second name is used, the link and its target stay as they were.
	ln -s "$T/victim" "$O/$(tmp_name chart.svg 0)"
	render_pid1 "$T/p.out" "$T/p.err" -f svg -o "$O/chart.svg" "$LOGS"
	check "link at the first temporary name: chart written (exit $rc)" \
	    [ "$rc" -eq 0 -a -f "$O/chart.svg" ]
	check "  link target untouched" grep -qx keep "$T/victim"
	check "  planted link left as it was" \
	    [ "$(readlink "$O/$(tmp_name chart.svg 0)")" = "$T/victim" ]
	check "  no other file left" [ "$(ls -A "$O" | wc -l)" -eq 2 ]
	rm -f "$O"/.chart.svg.* "$O/chart.svg"

	# Links (to the victim, and dangling) at all 100 names: the chart
	# is not written, nothing is followed or created.
	echo old >"$O/chart.svg"
	i=0
	while [ $i -lt 100 ]; do
		if [ $((i % 2)) -eq 0 ]; then
			ln -s "$T/victim" "$O/$(tmp_name chart.svg $i)"
		else
			ln -s "$T/created" "$O/$(tmp_name chart.svg $i)"
		fi
		i=$((i + 1))
	done
	render_pid1 "$T/p.out" "$T/p.err" -f svg -o "$O/chart.svg" "$LOGS"
	check "links at every temporary name: exit 3 (exit $rc)" [ "$rc" -eq 3 ]
	check "  message names the path" \
	    grep -q "chart.svg: cannot create a temporary file" "$T/p.err"
	check "  link target untouched" grep -qx keep "$T/victim"
	check "  dangling link target not created" [ ! -e "$T/created" ]
	check "  previous chart untouched" grep -qx old "$O/chart.svg"
	check "  no file added" [ "$(ls -A "$O" | wc -l)" -eq 101 ]
	rm -f "$O"/.chart.svg.* "$O/chart.svg"
fi

# Bad input: exit 2, the previous chart at that path is untouched.
echo old >"$O/chart.png"
printf 'not a log\n' >"$T/junk.tgz"
run_render "$T/b.out" "$T/b.err" -o "$O/chart.png" "$T/junk.tgz"
check "bad input: exit 2 (exit $rc)" [ "$rc" -eq 2 ]
check "  previous chart untouched" grep -qx old "$O/chart.png"
check "  no file added" [ "$(ls -A "$O")" = chart.png ]

# The output path is a symlink or a FIFO: refused, not replaced.
ln -s "$T/victim" "$O/link.png"
expect_error "output path is a symlink: refused" 3 \
    'link.png: exists and is not a regular file \(a symbolic link\)' \
    -o "$O/link.png" "$LOGS"
check "  link kept, target untouched" \
    [ -L "$O/link.png" -a "$(cat "$T/victim")" = keep ]
if mkfifo "$O/fifo.png" 2>/dev/null; then
	expect_error "output path is a FIFO: refused" 3 \
	    'fifo.png: exists and is not a regular file' \
	    -o "$O/fifo.png" "$LOGS"
	check "  FIFO kept" [ -p "$O/fifo.png" ]
fi

# No space left: exit 3, the temporary file removed, the old chart kept.
if unshare --mount true 2>/dev/null; then
	unshare --mount sh -c '
		mkdir -p "$1/small" &&
		mount -t tmpfs -o size=64k tmpfs "$1/small" || exit 99
		echo old >"$1/small/chart.png"
		"$2" -o "$1/small/chart.png" "$3" 2>"$1/full.err"
		echo "rc=$?"
		cat "$1/small/chart.png"
		ls -A "$1/small" | wc -l
	' sh "$T" "$R" "$LOGS" >"$T/full.out"
	check "full file system: exit 3" grep -qx 'rc=3' "$T/full.out"
	check "  message says why" grep -q 'No space left' "$T/full.err"
	check "  previous chart untouched, no temporary file left" \
	    sh -c "sed -n '2,3p' '$T/full.out' | tr '\n' ' ' | grep -qx 'old 1 '"
else
	ok "full file system # SKIP no unshare --mount"
fi

# A missing directory: exit 3, nothing created.
expect_error "missing output directory: exit 3" 3 'nodir/x.png' \
    -o "$O/nodir/x.png" "$LOGS"
check "  nothing created" [ ! -e "$O/nodir" ]

# SIGINT, SIGTERM or SIGXCPU while the chart is being written: the temporary
# file goes with the renderer, the old chart stays.  A tall chart keeps
# the renderer writing long enough to catch it at it: the signal is sent
# once the temporary file is there, whatever the machine's speed.
mkdir -p "$T/tall"
awk 'BEGIN { for (b = 1; b <= 3; b++) { print b
	print "1 (init) S 0 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 0"
	for (p = 2; p < 20002; p++)
		printf "%d (busy%d) R 1 1 1 0 -1 0 0 0 0 0 %d 0 0 0 20 0 1 0 0\n", p, p, b
	print "" } }' >"$T/tall/proc_ps.log"
for sig in TERM INT XCPU; do
	S=$T/sig$sig
	mkdir -p "$S"
	echo old >"$S/chart.png"
	# A shell starts background jobs with SIGINT ignored, and no shell
	# can undo that: perl (essential in Debian) puts it back.
	perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' \
	    "$R" -o "$S/chart.png" "$T/tall" 2>"$S/err" &
	pid=$!
	n=0
	while [ -z "$(ls -A "$S" | grep '^\.chart\.png\.')" ] &&
	    kill -0 $pid 2>/dev/null && [ $n -lt 6000 ]; do
		sleep 0.01
		n=$((n + 1))
	done
	seen=$(ls -A "$S" | grep -c '^\.chart\.png\.')
	kill -s $sig $pid 2>/dev/null
	wait $pid
	rc=$?
	if [ "$seen" -eq 0 ]; then
		ok "SIG$sig while writing # SKIP the chart was done before its temporary file was seen"
		continue
	fi
	check "SIG$sig while writing: killed by it (exit $rc)" \
	    [ "$rc" -gt 128 ]
	check "  temporary file removed, old chart kept" \
	    sh -c "[ \"\$(ls -A '$S')\" = 'chart.png
err' ] && grep -qx old '$S/chart.png'"
done

# Out of file size (ulimit -f) while writing: the renderer dies of
# SIGXFSZ, and its temporary file first (the tall chart is 40 MB of PNG).
# SIGXCPU (ulimit -t) is sent by hand above, as the time it takes is
# the machine's.
limit_case() {	# NAME ULIMIT-OPTION VALUE SIGNAL-NUMBER
	S=$T/lim$1
	mkdir -p "$S"
	echo old >"$S/chart.png"
	sh -c 'ulimit '"$2 $3"' && exec "$@"' sh "$R" -o "$S/chart.png" \
	    "$T/tall" 2>"$S/err"
	rc=$?
	check "$1 while writing: killed by it (exit $rc, want $((128 + $4)))" \
	    [ "$rc" -eq $((128 + $4)) ]
	check "  temporary file removed, old chart kept" \
	    sh -c "[ \"\$(ls -A '$S')\" = 'chart.png
err' ] && grep -qx old '$S/chart.png'"
}
# 512-byte blocks in dash (1 KiB in bash): a few KB either way.
limit_case SIGXFSZ -f 8 25

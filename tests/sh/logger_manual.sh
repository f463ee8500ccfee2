#!/bin/sh
# logger_manual.sh: `bootchartd start CMD` (status passed through, the
# command's children in the rendered tree), `start`/`stop` without a
# command, an ordinary user, accounting as root, option errors, a
# process name that holds line breaks.
set -u
T=${BC_TMP:?}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
# Our own pid file place: other test runs may be logging at the same time.
export BOOTCHARTD_RUNDIR=$T
# No system config: only options and built-in defaults.
printf '# empty\n' >"$T/empty.conf"

. "$(dirname "$0")/lib/logger_lib.sh.inc"

# 1. start CMD: exit status, profile.process, children in the tree.
cp /bin/sleep "$T/child-a"
cp /bin/sleep "$T/child-b"
cat >"$T/work.sh" <<EOS
#!/bin/sh
$T/child-a 0.4 &
$T/child-b 0.5
wait
exit 7
EOS
chmod +x "$T/work.sh"
"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/a.tgz" -- "$T/work.sh" \
    >"$T/a.out" 2>&1
rc=$?
check "start CMD passes the exit status on (7)" [ $rc = 7 ]
check "start CMD wrote the tarball" valid_tgz "$T/a.tgz"
# Root's log holds every user's command lines: root and the log readers
# (adm, where there is one) only (issue 22, finding 6; it was 0644).
grp=root
grep -q '^adm:' /etc/group && grp=adm
[ "$(id -u)" = 0 ] && same "root's log: owner, group and mode" \
    "$(stat -c '%U %G %a' "$T/a.tgz")" "root $grp 640"
mkdir -p "$T/a"
tar -xzf "$T/a.tgz" -C "$T/a" 2>/dev/null
check "header names profile.process" \
    grep -qx 'profile.process = work.sh' "$T/a/header"
parents "$T/a.tgz" >"$T/a.tree"
check "tree: child-a under the command" grep -qx 'child-a work.sh' "$T/a.tree"
check "tree: child-b under the command" grep -qx 'child-b work.sh' "$T/a.tree"
# (bootchartd itself started before logging began: profile mode folds
# it into its parent, docs/tree.md step 4.)
check "tree: the command is kept" grep -q '^work.sh ' "$T/a.tree"
check "no pid file left" [ ! -e "$T/bootchartd.pid" ]

"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/s.tgz" -- sh -c 'kill -TERM $$' \
    >/dev/null 2>&1
check "a command killed by SIGTERM gives 143" [ $? = 143 ]
"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/n.tgz" -- /nonexistent/cmd \
    >/dev/null 2>&1
check "a missing command gives 127" [ $? = 127 ]

# 1b. A profile is never lost (issue 26, item 1): a destination that
# cannot take the log is one line and status 3 before the command runs;
# the run never waits the boot's WRITE_TIMEOUT; a run that writes no
# tarball fails.
mkdir -p "$T/gone"
: >"$T/afile"
for dest in "$T/no/such/dir/x.tgz" "$T" "$T/afile/x.tgz"; do
	rm -f "$T/ran"
	"$L" start -c "$T/empty.conf" -p 0.05 -o "$dest" -- \
	    sh -c ": >'$T/ran'" >"$T/d.out" 2>&1
	rc=$?
	check "start -o $dest: status 3 ($rc)" [ $rc = 3 ]
	check "start -o $dest: the command did not run" [ ! -e "$T/ran" ]
	check "start -o $dest: one line naming it" sh -c \
	    "[ \$(wc -l <'$T/d.out') = 1 ] && grep -qF '$dest: ' '$T/d.out'"
	sed 's/^/# /' "$T/d.out"
done
"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/no/such/dir/x.tgz" \
    >"$T/d.out" 2>&1
check "start without a command, -o in a missing directory: status 3" [ $? = 3 ]
check "start without a command: no logger left" [ ! -e "$T/bootchartd.pid" ]
# The directory goes away during the run: no wait, no tarball, status 3
# (timeout: the boot's WRITE_TIMEOUT is 120 s).
timeout -s KILL 60 "$L" start -c "$T/empty.conf" -p 0.05 \
    -o "$T/gone/x.tgz" -- sh -c "sleep 0.2; rmdir '$T/gone'" \
    >"$T/d.out" 2>&1
rc=$?
check "directory removed during the run: status 3, at once ($rc)" [ $rc = 3 ]
check "directory removed during the run: says no tarball was written" \
    grep -q 'no tarball written' "$T/d.out"
if command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
	rm -f "$T/ran"
	chmod 755 "$T"
	(cd / && timeout -s KILL 60 setpriv --reuid=nobody --regid=nogroup \
	    --clear-groups "$L" start -c "$T/empty.conf" -- \
	    sh -c ": >'$T/ran'" >"$T/d.out" 2>&1)
	rc=$?
	check "ordinary user in /: status 3 at once ($rc)" [ $rc = 3 ]
	check "ordinary user in /: says it cannot write there" \
	    grep -qx 'bootchartd: /bootchart.tgz: cannot create files in /: Permission denied; nothing started' \
	    "$T/d.out"
	sed 's/^/# /' "$T/d.out"
else
	echo "ok - ordinary user in / # SKIP no setpriv or no user nobody"
fi

# 2. start/stop without a command.
t_start=$(date +%s%N)
"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/b.tgz" >"$T/b.out" 2>&1
rc=$?
t_back=$(date +%s%N)
check "start returns at once (status 0)" [ $rc = 0 ]
echo "# start returned after $(( (t_back - t_start) / 1000 )) us"
check "pid file written" [ -s "$T/bootchartd.pid" ]
"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/b2.tgz" >"$T/b2.out" 2>&1
check "a second start is refused (status 1)" [ $? = 1 ]
check "a second start: an error, not a warning" \
    grep -qx "bootchartd: already running (pid [0-9]*)" "$T/b2.out"
sleep 0.5
out=$("$L" stop -c "$T/empty.conf")
rc=$?
check "stop succeeds" [ $rc = 0 ]
check "stop prints the tarball's path" [ "$out" = "$T/b.tgz" ]
check "stop waited for a valid tarball" valid_tgz "$T/b.tgz"
check "pid file removed" [ ! -e "$T/bootchartd.pid" ]
# How many samples 0.5 s gives depends on the machine's load (the rate
# is measured in make bench); that they advance and outlive start does not.
n=$(tar -xzOf "$T/b.tgz" proc_stat.log | grep -cE '^[0-9]+$')
check "start/stop: $n samples at increasing times, more than the first" \
    stamps_increase "$T/b.tgz" proc_stat.log 2
"$L" stop -c "$T/empty.conf" >/dev/null 2>&1
check "stop with no logger fails (status 1)" [ $? = 1 ]
# At 100 Hz on a busy machine a tick served late falls into the jiffy of
# the sample before; logged, it would repeat that stamp and the renderer
# would drop its block.
"$L" start -c "$T/empty.conf" -p 0.01 -o "$T/h.tgz" -- sleep 2 >/dev/null 2>&1
check "100 Hz for 2 s: every block stamped later than the one before" \
    stamps_increase "$T/h.tgz" proc_stat.log 2

# 3. An ordinary user: private temporary directory, no accounting.
if command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
	mkdir -p "$T/user/tmp"
	chmod 777 "$T/user" "$T/user/tmp"
	chmod 755 "$T"
	(cd "$T/user" && TMPDIR=$T/user/tmp BOOTCHARTD_RUNDIR=$T/user \
	    setpriv --reuid=nobody --regid=nogroup --clear-groups \
	    "$L" start -c "$T/empty.conf" -p 0.05 --acct -- sleep 0.3 \
	    >"$T/user/out" 2>&1)
	rc=$?
	check "ordinary user: status 0" [ $rc = 0 ]
	check "ordinary user: ./bootchart.tgz by default" \
	    valid_tgz "$T/user/bootchart.tgz"
	check "ordinary user: no kernel_pacct" \
	    sh -c "! tar -tzf '$T/user/bootchart.tgz' | grep -q kernel_pacct"
	check "ordinary user, --acct: a warning on stderr" \
	    grep -q 'warning: process accounting needs root' "$T/user/out"
	check "ordinary user, --acct: the header says why there is none" \
	    sh -c "tar -xzOf '$T/user/bootchart.tgz' header |
	    grep -qx 'bootchart.acct = off (needs root)'"
	check "ordinary user: temporary directory removed" \
	    [ -z "$(ls -A "$T/user/tmp")" ]
	check "ordinary user: owns the tarball" \
	    [ "$(stat -c %U "$T/user/bootchart.tgz")" = nobody ]
	same "ordinary user: the tarball is theirs alone (whatever the umask)" \
	    "$(stat -c %a "$T/user/bootchart.tgz")" 600

	# `stop` stops a logger of its own user only (issue 22, finding 5):
	# root's pid file naming a user's logger (stale, a PID reused) does
	# not make root stop it.
	mkdir -p "$T/user2" "$T/forged"
	chmod 777 "$T/user2"
	(cd "$T/user2" && BOOTCHARTD_RUNDIR=$T/user2 setpriv --reuid=nobody \
	    --regid=nogroup --clear-groups "$L" start -c "$T/empty.conf" \
	    -p 0.1 -o "$T/user2/u.tgz" >"$T/user2/out" 2>&1)
	upid=$(head -n 1 "$T/user2/bootchartd-$(id -u nobody).pid" 2>/dev/null)
	printf '%s\n%s\n' "${upid:-0}" "$T/forged/x.tgz" \
	    >"$T/forged/bootchartd.pid"
	BOOTCHARTD_RUNDIR=$T/forged timeout -s KILL 30 "$L" stop \
	    -c "$T/empty.conf" >"$T/forged/out" 2>&1
	rc=$?
	check "stop: a user's logger named in root's pid file is not root's (status 1: $rc)" \
	    [ $rc = 1 ]
	check "stop: the user's logger still runs" \
	    grep -q '(bootchartd) [^ZX]' "/proc/${upid:-0}/stat"
	(cd "$T/user2" && BOOTCHARTD_RUNDIR=$T/user2 setpriv --reuid=nobody \
	    --regid=nogroup --clear-groups "$L" stop -c "$T/empty.conf" \
	    >/dev/null 2>&1)
	rc=$?
	check "stop: its own user stops it (status 0: $rc)" sh -c \
	    "[ $rc = 0 ] && tar -tzf '$T/user2/u.tgz' >/dev/null 2>&1"
else
	echo "ok - ordinary user # SKIP no setpriv or no user nobody"
fi

# 4. Root with accounting, in its own PID namespace (accounting is per
# namespace, so the host is not touched).  The fork events that go with
# accounting are tested live in test_procev and the qemu boot.
if unshare --pid --fork --mount-proc true 2>/dev/null; then
	# sh stays PID 1 (a second command keeps it from exec'ing).
	BOOTCHARTD_RUNDIR=$T timeout -s KILL 60 unshare --pid --fork \
	    --kill-child --mount-proc sh -c '"$0" start -c "$1" -p 0.05 \
	    --acct -o "$2" -- sh -c "/bin/true; /bin/true; sleep 0.3"
	    exit $?' "$L" "$T/empty.conf" "$T/c.tgz" >"$T/c.out" 2>&1
	check "accounting: status 0" [ $? = 0 ]
	tar -tzf "$T/c.tgz" >"$T/c.list" 2>/dev/null
	check "accounting: kernel_pacct in the tarball" \
	    grep -qx kernel_pacct "$T/c.list"
	size=$(tar -tvzf "$T/c.tgz" kernel_pacct 2>/dev/null | awk '{print $3}')
	check "accounting: whole 64-byte v3 records (${size:-0} bytes)" \
	    [ "${size:-0}" -gt 0 -a $(( ${size:-1} % 64 )) = 0 ]
	check "accounting: renders" sh -c "'$R' --dump-tree '$T/c.tgz' >/dev/null"
	# The process events connector refuses listeners outside the initial
	# PID namespace: the header says so and the logs are complete anyway.
	mkdir -p "$T/c"
	tar -xzf "$T/c.tgz" -C "$T/c" header 2>/dev/null
	check "accounting in a PID namespace: header says paternity unavailable" \
	    grep -q '^bootchart.paternity = unavailable: ' "$T/c/header"
	check "accounting in a PID namespace: no paternity.log" \
	    sh -c "! grep -qx paternity.log '$T/c.list'"
	check "accounting: no tmpfs left" \
	    sh -c "! grep -q bootchartd /proc/self/mountinfo"
else
	echo "ok - accounting # SKIP unshare --pid not permitted"
fi

# 5. Usage errors.
"$L" start -p 0.001 -- true >/dev/null 2>&1
check "period below 0.01 s: status 1" [ $? = 1 ]
"$L" start -c "$T/missing.conf" -- true >/dev/null 2>&1
check "missing -c file: status 2" [ $? = 2 ]
"$L" frobnicate >/dev/null 2>&1
check "unknown command: status 1" [ $? = 1 ]
"$L" start --bogus >/dev/null 2>&1
check "unknown option: status 1" [ $? = 1 ]
check "-V prints the version" sh -c "'$L' -V | grep -q '^bootchartd '"
check "--version prints a copyright and a licence line" \
    sh -c "'$L' --version | grep -q '^Copyright ' && '$L' --version | grep -q '^License: '"
check "-h prints usage" sh -c "'$L' -h | grep -q 'bootchartd start'"

# 6. `init` from an init script: a background logger that stops by
# itself at EXIT_PROC, then runs AUTO_RENDER (a stand-in renderer that
# records its arguments) with an output src/outputs.def names (html was
# once refused as a "bad value"), the file named with that output's ending.
mkdir -p "$T/fakebin"
printf '#!/bin/sh\necho "$@" >"%s/render.args"\n' "$T" >"$T/fakebin/bootchart-render"
chmod +x "$T/fakebin/bootchart-render"
cp /bin/sleep "$T/exitme-now"
printf 'SAMPLE_PERIOD=0.05\nEXIT_PROC=exitme-now\nSETTLE_TIME=0.1\nMAX_DURATION=20\nAUTO_RENDER=yes\nAUTO_RENDER_FORMAT=html\nAUTO_RENDER_DIR=%s\n' \
    "$T" >"$T/init.conf"
PATH=$T/fakebin:$PATH "$L" init -c "$T/init.conf" -o "$T/i.tgz" \
    >"$T/i.out" 2>&1
check "init: returns at once (status 0)" [ $? = 0 ]
"$T/exitme-now" 0.3
i=0
while [ ! -s "$T/render.args" ] && [ $i -lt 100 ]; do
	sleep 0.1; i=$((i + 1))
done
check "init: stopped by itself at EXIT_PROC" sh -c \
    "tar -xzOf '$T/i.tgz' header | grep -qx 'bootchart.end = EXIT_PROC exitme-now'"
check "init: AUTO_RENDER ran the renderer" \
    grep -qx -- "-f html -o $T/bootchart.html $T/i.tgz" "$T/render.args"

# 7. Out of descriptors (an ordinary user with a hard limit of 24):
# new PIDs are read with open/read/close, none is missed.
if command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
	mkdir -p "$T/fd"
	chmod 777 "$T/fd"
	(cd "$T/fd" && BOOTCHARTD_RUNDIR=$T/fd TMPDIR=$T/fd sh -c \
	    'ulimit -n 24 && exec setpriv --reuid=nobody --regid=nogroup \
	    --clear-groups "$0" start -c "$1" -p 0.05 -o "$2" -- sleep 0.3' \
	    "$L" "$T/empty.conf" "$T/fd/f.tgz" >"$T/fd/out" 2>&1)
	check "few descriptors: status 0" [ $? = 0 ]
	n=$(tar -xzOf "$T/fd/f.tgz" proc_ps.log 2>/dev/null |
	    awk 'NF == 0 { if (c > m) m = c; c = 0; next } NF > 1 { c++ }
	    END { print m + 0 }')
	all=$(ls /proc | grep -c '^[0-9]')
	check "few descriptors: $n processes per sample (~$all running)" \
	    [ "$n" -gt 30 ]
else
	echo "ok - few descriptors # SKIP no setpriv or no user nobody"
fi

# 8. Any user can put newlines into its name (/proc/self/comm), and the
# kernel copies it raw into /proc/PID/stat: a name like "x\n\n99999999\n"
# would forge a time stamp.  The logger escapes the name (\ooo), the
# renderer decodes it: no forged block, no refused log.
cat >"$T/forge.sh" <<'EOS'
#!/bin/sh
( printf 'x\n\n99999999\n' >/proc/self/comm; sleep 0.6; : ) &
wait
EOS
chmod +x "$T/forge.sh"
"$L" start -c "$T/empty.conf" -p 0.05 -o "$T/forge.tgz" -- "$T/forge.sh" \
    >"$T/forge.out" 2>&1
check "forged name: start CMD status 0" [ $? = 0 ]
tar -xzOf "$T/forge.tgz" proc_ps.log >"$T/forge.ps" 2>/dev/null
check "forged name: no forged time stamp in proc_ps.log" \
    sh -c "! grep -qx 99999999 '$T/forge.ps'"
check "forged name: proc_ps.log holds only stamps, stat lines and block ends" \
    awk 'BEGIN { s = 1 }
	s { if ($0 !~ /^[0-9]+$/) exit 1; s = 0; next }
	$0 == "" { s = 1; next }
	$0 !~ /^[0-9]+ \(.*\) [A-Za-z] / { exit 1 }' "$T/forge.ps"
"$R" --dump-tree -n "$T/forge.tgz" >"$T/forge.tree" 2>"$T/forge.err"
rc=$?
check "forged name: the renderer reads the log without a message (status $rc)" \
    sh -c "[ $rc = 0 ] && [ ! -s '$T/forge.err' ]"
sed 's/^/# /' "$T/forge.err"
# The tree names the process as it named itself: the decoded bytes, or
# the same \ooo escape if the renderer escapes what it prints.
sed -z 's/\n/\\n/g' "$T/forge.tree" >"$T/forge.flat"
tab=$(printf '\t')
check "forged name: the tree shows the process by its decoded name" \
    sh -c "grep -qF '${tab}x\\n\\n99999999\\n${tab}' '$T/forge.flat' ||
	grep -qF '${tab}x\\012\\01299999999\\012${tab}' '$T/forge.flat'"

# 9. `start` without -o writes ./bootchart.tgz for every user, root
# included: BOOTLOG_DEST holds the last boot's log and is left to init
# mode and `bootchartd init`.
if [ "$(id -u)" = 0 ]; then
	mkdir -p "$T/b8/var" "$T/b8/cwd"
	echo "last boot" >"$T/b8/var/bootchart.tgz"
	printf 'BOOTLOG_DEST=%s/b8/var/bootchart.tgz\n' "$T" >"$T/b8.conf"
	(cd "$T/b8/cwd" && "$L" start -c "$T/b8.conf" -p 0.05 -- sleep 0.2 \
	    >"$T/b8/out" 2>&1)
	check "root, start CMD without -o: status 0" [ $? = 0 ]
	check "root, start CMD without -o: ./bootchart.tgz written" \
	    valid_tgz "$T/b8/cwd/bootchart.tgz"
	rm -f "$T/b8/cwd/bootchart.tgz"
	(cd "$T/b8/cwd" && "$L" start -c "$T/b8.conf" -p 0.05 >/dev/null 2>&1)
	out=$("$L" stop -c "$T/b8.conf" 2>&1)
	check "root, start/stop without -o: stop names ./bootchart.tgz" \
	    [ "$out" = "$T/b8/cwd/bootchart.tgz" ]
	check "root, start/stop without -o: ./bootchart.tgz written" \
	    valid_tgz "$T/b8/cwd/bootchart.tgz"
	check "root, start without -o: the boot log is untouched" \
	    grep -qx 'last boot' "$T/b8/var/bootchart.tgz"
else
	echo "ok - start as root keeps the boot log # SKIP not root"
fi

# 10. Without XDG_RUNTIME_DIR an ordinary user's pid file lives in
# /tmp/bootchartd-UID/, a directory only that user can write.  Another
# user can no longer block `start` by creating the pid file first (it
# was /tmp/bootchartd-UID.pid), and a file, directory or symlink planted
# under the directory's name is refused with a message, never used.
# Two uids nobody uses, through setpriv, as root.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	U=$((40000 + $$ % 20000))
	A=$((U + 1))
	P=/tmp/bootchartd-$U
	run_as() {
		uid=$1
		shift
		(cd "$T/u10" && env -u XDG_RUNTIME_DIR -u BOOTCHARTD_RUNDIR \
		    setpriv --reuid="$uid" --regid="$uid" --clear-groups "$@")
	}
	# refused WHAT: `start` as U fails with status 3, naming $P.
	refused() {
		run_as "$U" "$L" start -c "$T/empty.conf" -p 0.05 \
		    -o "$T/u10/r.tgz" >"$T/u10/r.out" 2>&1
		rc=$?
		# A logger that did start must not outlive the test.
		[ "$rc" = 0 ] && run_as "$U" "$L" stop -c "$T/empty.conf" \
		    >/dev/null 2>&1
		check "pid directory: $1 refused (status $rc)" [ "$rc" = 3 ]
		check "pid directory: $1: the message names $P" \
		    grep -q "$P" "$T/u10/r.out"
		rm -rf "$P"
	}
	mkdir -p "$T/u10"
	chmod 777 "$T/u10"
	chmod 755 "$T"
	rm -rf "$P" "$P.pid"
	run_as "$A" sh -c "echo 1 >'$P.pid'"
	run_as "$U" "$L" start -c "$T/empty.conf" -p 0.05 -o "$T/u10/a.tgz" \
	    >"$T/u10/a.out" 2>&1
	check "pid file: another user's $P.pid does not block start" [ $? = 0 ]
	check "pid file: $P/ made for the user, mode 0700" \
	    [ "$(stat -c '%u %a' "$P" 2>/dev/null)" = "$U 700" ]
	out=$(run_as "$U" "$L" stop -c "$T/empty.conf" 2>&1)
	check "pid file: stop finds the logger through it" \
	    [ "$out" = "$T/u10/a.tgz" ]
	rm -rf "$P" "$P.pid"
	run_as "$A" mkdir -m 777 "$P"
	refused "another user's directory"
	run_as "$A" sh -c "echo x >'$P'"
	refused "another user's file"
	mkdir -p "$T/u10/mine"
	chown "$U" "$T/u10/mine"
	chmod 700 "$T/u10/mine"
	run_as "$A" ln -s "$T/u10/mine" "$P"
	refused "a symlink to the user's own directory"
	run_as "$U" mkdir -m 755 "$P"
	refused "the user's own directory open to others (0755)"
	rm -rf "$P" "$P.pid"
else
	echo "ok - private pid directory # SKIP not root or no setpriv"
fi

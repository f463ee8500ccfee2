#!/bin/sh
# logger_flood.sh: a user cannot fill the log budget through what the logger writes of their processes (issue 22, finding 2): 50 processes with 4 KB of control-byte arguments and an executable path of control bytes rename themselves every 100 ms; the log keeps the whole run and every process of the system is described.
set -u
T=${BC_TMP:?BC_TMP must be set}
case $BC_LOGGER in /*) L=$BC_LOGGER ;; *) L=$(pwd)/$BC_LOGGER ;; esac
case $BC_RENDER in /*) R=$BC_RENDER ;; *) R=$(pwd)/$BC_RENDER ;; esac
case $BC_BUILD in /*) B=$BC_BUILD ;; *) B=$(pwd)/$BC_BUILD ;; esac

. "$(dirname "$0")/lib/tap.sh.inc"

if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null 2>&1; then
	ok "flood # SKIP needs root and setpriv (the attacker is uid 65534)"
	exit 0
fi
U="setpriv --reuid=65534 --regid=65534 --clear-groups"
chmod 755 "$T"

# The attacker's program under a path of control bytes (14 names of 250
# bytes, about 3.5 KB), and 16 arguments of 250 control bytes each:
# before, each rename logged both again, every byte escaped to four.
seg=$(awk 'BEGIN { for (i = 0; i < 250; i++) printf "%c", 11 + i % 20 }')
d=$T/x
i=0
while [ $i -lt 14 ]; do
	d=$d/$seg
	i=$((i + 1))
done
mkdir -p "$d"
cp "$B/tests/tools/renamer" "$d/renamer"
chmod -R a+rX "$T/x"
for k in 1 2 3 4 5 6 7 8; do
	cp /bin/sleep "$T/legit-$k"
done

cat >"$T/cmd.sh" <<EOF
seg='$seg'
n=0
while [ \$n -lt 50 ]; do
	$U "$d/renamer" 100 "\$seg" "\$seg" "\$seg" "\$seg" "\$seg" "\$seg" \\
	    "\$seg" "\$seg" "\$seg" "\$seg" "\$seg" "\$seg" "\$seg" "\$seg" \\
	    "\$seg" "\$seg" &
	echo \$! >>"$T/attackers"
	n=\$((n + 1))
done
sleep 0.5
# The system's own processes, started while the attack goes on (each its
# own name, so that the exec after the fork is seen as one), 0.4 s apart,
# each living 2 s: a sample late by a second under a loaded sanitizer
# build still sees each of them.
k=1
while [ \$k -le 8 ]; do
	"$T/legit-\$k" 2 &
	sleep 0.4
	k=\$((k + 1))
done
wait \$!
kill -KILL \$(cat "$T/attackers")
EOF
printf 'TMPFS_SIZE=16m\n' >"$T/conf"
timeout -s KILL 120 "$L" start -c "$T/conf" -p 0.2 -o "$T/f.tgz" \
    -- sh "$T/cmd.sh" >"$T/out" 2>&1
check "start: status 0" [ $? = 0 ]
if ! tar -xzOf "$T/f.tgz" header >"$T/header" 2>/dev/null; then
	notok "no tarball: $(tail -n 3 "$T/out" | tr '\n' ' ')"
	exit 0
fi
tar -xzOf "$T/f.tgz" cmdline2.log >"$T/cmdline2" 2>/dev/null
tar -xzOf "$T/f.tgz" proc_ps.log >"$T/ps" 2>/dev/null

check "the log kept the whole run: ended by the command's end" \
    grep -qx 'bootchart.end = stopped' "$T/header"
check "not truncated" sh -c "! grep -q '^bootchart.truncated' '$T/header'"
# What the attack must not take: a description of each system process the
# samples saw (the samples themselves are the load's: a process they
# never saw has nothing to describe).
missing="" seen=0
k=1
while [ $k -le 8 ]; do
	if grep -aq "(legit-$k)" "$T/ps"; then
		seen=$((seen + 1))
		grep -aq "^:$T/legit-$k" "$T/cmdline2" ||
		    missing="$missing legit-$k"
	fi
	k=$((k + 1))
done
echo "# the samples saw $seen of the 8 system processes"
check "the samples saw the system's processes ($seen of 8)" [ "$seen" -gt 0 ]
check "every process of the system seen is described (missing:${missing:- none})" \
    [ -z "$missing" ]
# A field escaped is cut at 4 KiB (a whole escape), not made 4 times longer.
long=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' \
    "$T/cmdline2")
check "no record field longer than 4 KiB escaped (longest line $long)" \
    [ "$long" -le 4097 ]
# Re-logging on renames is bounded: at most 8 descriptions a process.
most=$(awk 'NR == FNR { a[$1] = 1; next } ($0 in a) { n[$0]++ }
	END { for (p in n) if (n[p] > m) m = n[p]; print m + 0 }' \
    "$T/attackers" "$T/cmdline2")
check "an attacker's process described at most 8 times ($most)" \
    [ "$most" -le 8 ]
check "the header says records were left out for their owner's share" \
    grep -Eq '^bootchart.procinfo = .* [1-9][0-9]* over their owner' \
    "$T/header"
# Finding 3: the renderer reads what our logger wrote under the attack
# (its members compress far past 200:1) and draws it.
"$R" -f png -o "$T/f.png" "$T/f.tgz" >"$T/render.out" 2>&1
check "the renderer draws the attack's log (status $?: $(head -c 200 "$T/render.out" | tr -c '[:print:]' ' '))" \
    [ -s "$T/f.png" ]
ratio=$(gzip -l "$T/f.tgz" | awk 'NR == 2 { print int($2 / $1) }')
printf '# the attack log: compressed %s:1\n' "$ratio"

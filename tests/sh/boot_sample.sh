#!/bin/sh
# boot_sample.sh: the committed qemu boot (tests/data/sample-boot.tgz) reads
# and renders in both builds; its tree has the scripted boot's real shape.
. tests/boot/tap.sh

s=tests/data/sample-boot.tgz
w=$BC_TMP
members=$(tar -tzf "$s" 2>/dev/null | sed 's|^\./||' | sort | tr '\n' ' ')
check "sample holds the six logs (got: $members)" \
    [ "$members" = "header kernel_pacct paternity.log proc_diskstats.log proc_ps.log proc_stat.log " ]

for mode in pruned unpruned; do
	opt=""
	[ "$mode" = unpruned ] && opt=-n
	"$BC_RENDER" --dump-tree $opt "$s" >"$w/tree" 2>"$w/err"
	rc=$?
	check "--dump-tree ($mode) reads the sample without a message" \
	    sh -c "[ $rc -eq 0 ] && [ ! -s '$w/err' ]"
	sed 's/^/# /' "$w/err"
	awk -f tests/sh/lib/parents.awk "$w/tree" >"$w/parents"
	check "$mode: rcS runs under init (PID 1)" \
	    grep -q "	rcS	1	init\$" "$w/parents"
	# helper lives less than two sample periods: pruning removes it.
	svcs="mount-fs load-modules cpu-step svc-net svc-cron io-step start-bcdaemon boot-done"
	[ "$mode" = unpruned ] && svcs="$svcs helper"
	for p in $svcs; do
		check "$mode: $p runs under rcS" \
		    grep -Eq "^[0-9]+	$p	[0-9]+	rcS\$" "$w/parents"
	done
	check "$mode: dd runs under io-step" \
	    grep -Eq "^[0-9]+	dd	[0-9]+	io-step\$" "$w/parents"
	# Its parent exited at once: only paternity.log's fork-time record
	# keeps the double-forked daemon under it (acct says init).
	check "$mode: bcdaemon runs under start-bcdaemon" \
	    grep -Eq "^[0-9]+	bcdaemon	[0-9]+	start-bcdaemon\$" "$w/parents"
done

"$BC_RENDER" -f png -o "$w/s.png" "$s" >"$w/err" 2>&1
check "sample renders to PNG" \
    sh -c "head -c 8 '$w/s.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
"$BC_RENDER" -f svg -o "$w/s.svg" "$s" >>"$w/err" 2>&1
check "sample renders to SVG" xmllint --noout "$w/s.svg"
sed 's/^/# /' "$w/err"

#!/bin/sh
# kernel_lane.sh: a hand-made boot log with a dmesg member and bootchartd 0.2's header keys renders in every format; idle kernel threads leave the tree.
. "$(dirname "$0")/lib/cli_lib.sh.inc"

T=$BC_TMP
have() { command -v "$1" >/dev/null 2>&1; }

# A 3 s log from 3.0 s of uptime: init (systemd after the switch at
# 4.0 s), kthreadd, a kernel thread that runs (3), one that never does
# (4), udevd; the kernel's log with initcall_debug, milestones and one
# line without a time stamp (line 5).
mk_log() {
	d=$1
	mkdir -p "$d" || return 1
	cat >"$d/header" <<-EOF
	version = 0.2.0
	title = Boot chart for kernel-lane (test)
	system.uname = Linux 6.1.0-99-amd64 #1 SMP x86_64
	system.kernel.options = root=/dev/vda1 ro initcall_debug
	bootchart.log_start = 2.950000
	bootchart.switch_root = 4.00
	EOF
	awk 'BEGIN { for (t = 300; t <= 600; t += 20) {
		k = (t - 300) / 20
		print t
		printf "1 (%s) S 0 1 1 0 -1 0 0 0 0 0 %d 5 0 0 20 0 1 0 30\n",
		    t < 400 ? "init" : "systemd", 10 + k
		print "2 (kthreadd) S 0 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 1"
		print "3 (kworker/0:0) S 2 0 0 0 -1 0 0 0 0 0 " k " 0 0 0 20 0 1 0 1"
		print "4 (ksoftirqd/0) S 2 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 1"
		if (t >= 320)
			print "150 (udevd) R 1 150 150 0 -1 0 0 0 0 0 " 3 * k " 1 0 0 20 0 1 0 310"
		print ""
	} }' >"$d/proc_ps.log" &&
	awk 'BEGIN { for (t = 300; t <= 600; t += 20) {
		k = (t - 300) / 20
		print t
		print "cpu  " 10 * k " 0 " 5 * k " " 100 * k " " 2 * k " 0 0 0"
		print ""
	} }' >"$d/proc_stat.log" &&
	awk 'BEGIN { for (t = 300; t <= 600; t += 20) {
		k = (t - 300) / 20
		print t
		print " 254       0 vda " 10 * k " 0 " 800 * k " 5 " 2 * k " 0 " 80 * k " 3 0 " 9 * k " 12"
		print ""
	} }' >"$d/proc_diskstats.log" &&
	cat >"$d/dmesg" <<-EOF
	[    0.000000] Linux version 6.1.0-99-amd64 (test) #1 SMP
	[    0.100000] calling  acpi_init+0x0/0x4a0 @ 1
	[    0.500000] initcall acpi_init+0x0/0x4a0 returned 0 after 400000 usecs
	[    0.600000] initcall pci_subsys_init+0x0/0x70 returned 0 after 90000 usecs
	this line has no time stamp
	[    0.700000] Trying to unpack rootfs image as initramfs...
	[    1.200000] Freeing unused kernel image (initmem) memory: 2612K
	[    1.210000] Run /init as init process
	[    3.900000] EXT4-fs (vda1): mounted filesystem with ordered data mode. Quota mode: none.
	[    4.100000] systemd[1]: systemd 252 running in system mode
	EOF
	printf '150 /system.slice/systemd-udevd.service\n1 /init.scope\n' \
	    >"$d/cgroup.log" &&
	printf '150\n:/usr/lib/systemd/systemd-udevd\n:udevd\0--daemon\0\n\n' \
	    >"$d/cmdline2.log"
}

mk_log "$T/log" || notok "hand-made log written"
(cd "$T/log" && tar -czf "$T/log.tgz" header proc_ps.log proc_stat.log \
    proc_diskstats.log dmesg cgroup.log cmdline2.log) ||
    notok "hand-made log archived"

for f in png svg svgz eps pdf; do
	run_render "$T/o" "$T/e" -f "$f" -o "$T/k.$f" "$T/log.tgz"
	if [ "$rc" -eq 0 ] && [ -s "$T/k.$f" ]; then
		ok "a log with a dmesg member renders as $f"
	else
		notok "a log with a dmesg member renders as $f (exit $rc: $(head -c 200 "$T/e"))"
	fi
done
# The one bad line of the kernel's log, named by member and line, once.
check "one warning, naming dmesg's line 5" sh -c \
    "[ \$(wc -l <'$T/e') -eq 1 ] && grep -q 'log.tgz:dmesg:5: warning: expected' '$T/e'"

check "PNG is a PNG" sh -c "file '$T/k.png' | grep -q 'PNG image data'"
if have xmllint; then
	check "SVG is well-formed XML" xmllint --noout "$T/k.svg"
	gzip -dc "$T/k.svgz" >"$T/unz.svg"
	check "SVGZ holds well-formed SVG" xmllint --noout "$T/unz.svg"
else
	ok "SVG checks # SKIP xmllint missing"
fi
if have gs; then
	gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=nullpage "$T/k.eps" >"$T/gs.out" 2>&1
	st=$?
	check "EPS renders in ghostscript without errors" sh -c \
	    "[ $st -eq 0 ] && ! grep -q Error '$T/gs.out'"
else
	ok "EPS renders # SKIP gs missing"
fi
if have pdfinfo; then
	check "PDF reads" pdfinfo "$T/k.pdf"
else
	ok "PDF reads # SKIP pdfinfo missing"
fi

# -f html: the hatch of the span before logging zooms with the charts,
# but the legend's "not logged" swatch (hatched too) must stay put: it is
# painted outside the zoomed layers (g.z), over its swatch.
run_render "$T/o" "$T/e" -q -f html -o "$T/k.html" "$T/log.tgz"
check "a log with a dmesg member renders as html" [ "$rc" -eq 0 ]
hatch=$(python3 - "$T/k.html" <<'PY'
import re, sys
import xml.etree.ElementTree as ET
page = open(sys.argv[1], encoding="utf-8").read()
svg = ET.fromstring(re.search(r'<svg id="chart".*?</svg>', page, re.S).group(0))
ns = "{http://www.w3.org/2000/svg}"
def walk(el, zoomed, out):
    z = zoomed or "z" in el.get("class", "").split()
    if el.tag == ns + "rect":
        box = tuple(el.get(k) for k in ("x", "y", "width", "height"))
        out.append((el.get("class", ""), z, box))
    for c in el:
        walk(c, z, out)
rects = []
walk(svg, False, rects)
inside = sum(1 for c, z, _ in rects if c == "ht" and z)
outside = [b for c, z, b in rects if c == "ht" and not z]
plain = {b for c, z, b in rects if c != "ht" and not z}
print(inside, len(outside), sum(1 for b in outside if b in plain))
PY
)
echo "# hatched rects: zoomed, unzoomed, unzoomed over a swatch: $hatch"
set -- $hatch
check "html: the span before logging hatched in the zoomed charts" [ "${1:-0}" -ge 3 ]
check "html: the legend's hatched swatch outside the zoomed layers" \
    [ "${2:-0}" -eq 1 -a "${3:-0}" -eq 1 ]

# One owner for the milestones (renderer/analysis/milestones.c): the
# chart, --json and --summary give the header's switch_root and log
# start and the kernel's "Run /init" as the kernel's end.
ms=$("$R" -q --json "$T/log.tgz" | python3 -c 'import json, sys
m = json.load(sys.stdin)["milestones"]
print(m["kernel_end_ms"], m["log_start_ms"], m["switch_root_ms"])')
same "--json: kernel end, log start, switch_root" "$ms" "1210 2950 4000"
"$R" -q --summary "$T/log.tgz" >"$T/sum" 2>&1
got=$(sed -n 's/^  \(kernel end\|logging start\|switch_root\) *\([0-9.]*\).*/\2/p' "$T/sum" | tr '\n' ' ')
same "--summary: the same three" "$got" "1.210 2.950 4.000 "
"$BC_BUILD/tests/tools/layout_dump" "$T/log.tgz" >"$T/lay" 2>/dev/null
check "chart: the switch_root mark and the log start line" sh -c \
    "grep -qx 'text	switch_root' '$T/lay' && grep -qx 'text	logging from 2.95 s (uptime)' '$T/lay'"
# One registry of members: a directory reads what its tarball holds.
"$R" -q --json "$T/log" >"$T/dir.json" 2>&1
"$R" -q --json "$T/log.tgz" >"$T/tgz.json" 2>&1
check "--json of the directory equals the tarball's" cmp -s "$T/dir.json" "$T/tgz.json"
check "the directory's cgroup.log gives udevd its unit" \
    grep -q '"unit": "systemd-udevd.service"' "$T/dir.json"

# The tree: the kernel thread that never ran is gone (bootchart.log_start),
# kept with --strict and -n; the one that ran stays.
pids() { cut -f1 | tr '\n' ' '; }
got=$("$R" -q --dump-tree "$T/log.tgz" | pids)
same "idle kernel thread pruned" "$got" "1 150 2 3 "
got=$("$R" -q --strict --dump-tree "$T/log.tgz" | pids)
same "--strict keeps it" "$got" "1 150 2 3 4 "
got=$("$R" -q -n --dump-tree "$T/log.tgz" | pids)
same "-n keeps it" "$got" "1 150 2 3 4 "
grep -v '^bootchart\.log_start' "$T/log/header" >"$T/h" && cp "$T/h" "$T/log/header"
got=$("$R" -q --dump-tree "$T/log" | pids)
same "without bootchart.log_start it stays" "$got" "1 150 2 3 4 "

# The directory of the same logs reads dmesg too: the same chart.
run_render "$T/o" "$T/e" -q -f svg -o "$T/dir.svg" "$T/log"
check "a directory with dmesg renders" [ "$rc" -eq 0 ]

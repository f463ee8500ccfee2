#!/bin/sh
# boot_faults.sh: fault boots through bootchartd in qemu; whatever goes
# wrong with the logger, the kernel's init must still start.
. tests/boot/tap.sh
skip_under_sanitizers "qemu fault boots through bootchartd"

w=$BC_TMP

# An invalid config: the logger warns, takes its defaults and execs init.
vmboot "$w/badconf" -f "$BOOT_DIR/bad.conf" -x "bctest.wait=3"
check "invalid config: init still reaches its marker as PID 1" \
    marker "$w/badconf" '^BCTEST-INIT pid=1 comm=init$'
marker "$w/badconf" '^BCTEST-INIT' || show_console "$w/badconf"

# bootchart_init= names the init to run; it must be PID 1.
vmboot "$w/custom" -x "bootchart_init=/sbin/custom-init bctest.wait=3"
check "bootchart_init=: the custom init runs as PID 1" \
    marker "$w/custom" '^BCTEST-CUSTOM-INIT pid=1 comm=custom-init$'
check "bootchart_init=: the scripted init follows it as PID 1" \
    marker "$w/custom" '^BCTEST-INIT pid=1 comm=init$'
marker "$w/custom" '^BCTEST-CUSTOM-INIT' || show_console "$w/custom"

# /var/log read-only: the logger waits (bounded), gives up, and says so.
# WRITE_TIMEOUT (default 120 s) keeps the test short.
vmboot "$w/rolog" -e WRITE_TIMEOUT=5 -x "bctest.rolog bctest.wait=40"
check "read-only /var/log: init still reaches its marker as PID 1" \
    marker "$w/rolog" '^BCTEST-INIT pid=1 comm=init$'
check "read-only /var/log: the boot runs to its end" \
    marker "$w/rolog" '^BCTEST-DONE'
check "read-only /var/log: no tarball is sent" \
    marker "$w/rolog" '^BCTEST-NOTGZ'
check "read-only /var/log: the logger says it gives up on the console" \
    marker "$w/rolog" 'bootchartd.*(cannot|can.t|fail|gave up|giving up).*(/var/log|bootchart\.tgz)'
grep -E '^bootchartd|\] bootchartd' "$w/rolog/serial.log" | sed 's/^/# console: /'
marker "$w/rolog" '^BCTEST-DONE' || show_console "$w/rolog"

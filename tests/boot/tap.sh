# tap.sh: helpers for the boot tests in tests/sh/boot_*.sh (sourced).
BOOT_DIR=tests/boot

. tests/sh/lib/tap.sh.inc

# The VM runs the static logger; the sanitizer build has none.
skip_under_sanitizers() {
	if [ "${BC_SAN:-0}" = 1 ]; then
		echo "ok - $1 # SKIP sanitizer build"
		exit 0
	fi
}

# vmboot OUTDIR [boot.sh options]: one boot; its console log is kept for
# failure reports.
vmboot() {
	d=$1
	shift
	"$BOOT_DIR/boot.sh" -b "$BC_BUILD" "$@" "$d" >"$d.out" 2>&1
}

# show_console OUTDIR: the last console lines as TAP comments.
show_console() {
	{
		cat "$1.out"
		sed '/^BCTEST-TGZ-BEGIN/,/^BCTEST-TGZ-END/d' "$1/serial.log" |
		    tail -n 25
	} 2>/dev/null | sed 's/^/# /'
}

# marker OUTDIR REGEX: the console shows a line matching REGEX.
marker() {
	grep -Eq "$2" "$1/serial.log" 2>/dev/null
}

# The guest's uptime at a marker, in seconds.
marker_uptime() {
	sed -n "s/^$2 uptime=\\([0-9.]*\\).*/\\1/p" "$1/serial.log" | head -n 1
}

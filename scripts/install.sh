#!/bin/sh
# install.sh: installs the built bootchartd and bootchart-render, config, man pages and docs, and adds the "Bootchart logging" boot entry.
#
# Everything written is recorded in ROOT/var/lib/bootchart/installed so
# that uninstall.sh removes exactly that.  See docs/install.md.
set -u

prog=install.sh
top=$(cd "$(dirname "$0")/.." && pwd) || exit 1
. "$top/scripts/install-lib.sh"

usage() {
	cat <<EOF
usage: $prog [--root DIR] [--prefix DIR] [--no-bootloader] [--files-only]
                  [--initramfs] [--debug] [--staging] [--renderer FILE]
                  [--logger FILE] [--conf FILE]
  --root DIR        install into the system tree DIR (default \$DESTDIR or /)
  --prefix DIR      prefix for bin/, share/man, share/doc (default \$PREFIX or /usr)
  --no-bootloader   do not add the "Bootchart logging" boot entry
  --files-only      copy files only, run no program (print what to run)
  --initramfs       also start logging in the initramfs (initramfs-tools or
                    dracut hooks) and rebuild it; kept on reinstall
  --debug           install the programs unstripped (default: stripped)
  --staging         fill a staging tree for a package (make install
                    DESTDIR=): files only, replaced freely, no manifest,
                    no boot entry; uninstall.sh --staging empties it
  --list            print the paths --staging would install, install nothing
  --renderer FILE   bootchart-render binary (default renderer/bootchart-render)
  --logger FILE     bootchartd binary (default logger/bootchartd)
  --conf FILE       config installed as /etc/bootchartd.conf
                    (default scripts/bootchartd.conf; an existing one is kept)
Environment: DESTDIR PREFIX BINDIR SBINDIR MANDIR DOCDIR SYSCONFDIR
             BASHCOMPDIR ZSHCOMPDIR STRIP
EOF
}

renderer="$top/renderer/bootchart-render"
logger="$top/logger/bootchartd"
conf="$top/scripts/bootchartd.conf"
bootloader=1
files_only=0
initramfs=0
debug=0
staging=0
list=0
ROOT=${DESTDIR:-}
prefix=${PREFIX:-/usr}

while [ $# -gt 0 ]; do
	case "$1" in
	--root) [ $# -ge 2 ] || usage_error "--root needs a directory"
		ROOT=$2; shift ;;
	--root=*) ROOT=${1#--root=} ;;
	--prefix) [ $# -ge 2 ] || usage_error "--prefix needs a directory"
		prefix=$2; shift ;;
	--prefix=*) prefix=${1#--prefix=} ;;
	--no-bootloader) bootloader=0 ;;
	--files-only) files_only=1 ;;
	--initramfs) initramfs=1 ;;
	--debug) debug=1 ;;
	--staging) staging=1; files_only=1; bootloader=0 ;;
	--list) list=1 ;;
	--renderer) [ $# -ge 2 ] || usage_error "--renderer needs a file"
		renderer=$2; shift ;;
	--logger) [ $# -ge 2 ] || usage_error "--logger needs a file"
		logger=$2; shift ;;
	--conf) [ $# -ge 2 ] || usage_error "--conf needs a file"
		conf=$2; shift ;;
	-h|--help) usage; exit 0 ;;
	*) usage_error "unknown argument: $1" ;;
	esac
	shift
done

# install_program SRC DEST: a program, stripped unless --debug, as
# install -s does (the copy is stripped, never SRC).
install_program() {
	if [ "$debug" -eq 1 ] || [ "$pass" != write ]; then
		install_file "$1" "$2" 755
		return 0
	fi
	cp -- "$1" "$scratch" && "${STRIP:-strip}" -- "$scratch" ||
	    die "$1: cannot strip it (--debug installs it as it is)"
	install_file "$scratch" "$2" 755
}

# Everything install.sh writes, in both passes (install-lib.sh): the
# check pass only notes what is in the way, so that a refusal writes
# nothing; the write pass installs.
install_all() {
	install_program "$logger" "$SBINDIR/bootchartd"
	install_program "$renderer" "$BINDIR/bootchart-render"
	# A config the last run wrote and nobody edited since is replaced
	# (a new version's defaults arrive); any other existing one is kept.
	# A staging tree is the packager's: everything in it is replaced.
	if [ "$staging" -eq 0 ] && ! is_ours "$SYSCONFDIR/bootchartd.conf" && {
	    root_has -e "$SYSCONFDIR/bootchartd.conf" ||
	    root_has -L "$SYSCONFDIR/bootchartd.conf"; }; then
		if [ "$pass" = write ]; then
			manifest_keep "$SYSCONFDIR/bootchartd.conf"
			say "kept existing $SYSCONFDIR/bootchartd.conf"
		fi
	else
		install_file "$conf" "$SYSCONFDIR/bootchartd.conf" 644
	fi
	for f in $MAN_PAGES; do
		b=${f##*/}
		install_file "$top/$f" "$MANDIR/man${b##*.}/$b" 644
	done
	for f in $DOC_FILES; do
		install_file "$top/$f" "$DOCDIR/${f##*/}" 644
	done
	for f in $OPTIONAL_DOCS; do
		[ -f "$top/$f" ] || continue
		install_file "$top/$f" "$DOCDIR/${f##*/}" 644
	done
	for f in $(ref_docs "$top"); do
		install_file "$top/$f" "$DOCDIR/$f" 644
	done
	for f in $BASH_COMPLETIONS; do
		install_file "$top/$f" "$BASHCOMPDIR/${f##*/}" 644
	done
	for f in $ZSH_COMPLETIONS; do
		install_file "$top/$f" "$ZSHCOMPDIR/${f##*/}" 644
	done
	add_systemd_units
	if [ $initramfs -eq 1 ]; then
		add_initramfs
	fi
	if [ $bootloader -eq 1 ]; then
		add_boot_entry "$grub_script"
	fi
}

if [ "$list" -eq 1 ]; then
	staging=1 bootloader=0
	set_root "$ROOT"
	set_dirs "$prefix"
	pass=list
	install_all
	exit 0
fi

# Check every source before writing anything, so a missing file never
# leaves a half-done install.
for f in "$renderer" "$logger"; do
	if [ ! -f "$f" ] || [ ! -x "$f" ]; then
		die "$f: not found or not executable (run make first)"
	fi
done
[ -f "$conf" ] || die "$conf: config file not found"
for f in $MAN_PAGES $DOC_FILES $BASH_COMPLETIONS $ZSH_COMPLETIONS; do
	[ -f "$top/$f" ] || die "$top/$f: not found"
done
for pair in $IRT_FILES $DRACUT_FILES $SYSTEMD_FILES; do
	[ -f "$top/scripts/${pair%%:*}" ] || die "$top/scripts/${pair%%:*}: not found"
done
grub_script="$top/scripts/grub.d/$GRUB_SCRIPT"
[ -f "$grub_script" ] || die "$grub_script: not found"
set_root "$ROOT"
set_dirs "$prefix"
# The boot entries name /sbin/bootchartd (the kernel needs a fixed path).
if [ "$bootloader" -eq 1 ] &&
    [ "$(in_root "$SBINDIR")" != "$(in_root /sbin)" ]; then
	usage_error "the boot entry starts /sbin/bootchartd, not one in SBINDIR=$SBINDIR: add --no-bootloader"
fi

manifest_begin
# The initramfs holds a copy of bootchartd: once hooked, every reinstall
# installs the hooks again and rebuilds it.
grep -q '^i ' "$old_manifest" && initramfs=1
conflicts=0
pass="check"
install_all
if [ "$conflicts" -gt 0 ]; then
	die "nothing installed: install.sh never replaces a file it did not write; move the files named above away (or install elsewhere: --root, --prefix) and run it again"
fi
pass="write"
if [ -n "$R" ]; then
	mkdir -p -- "$R" || die "$R: cannot create"
fi
install_all
manifest_commit
[ "$status" -eq 0 ] && say "done"
exit "$status"

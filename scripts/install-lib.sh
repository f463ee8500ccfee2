# install-lib.sh: functions shared by install.sh and uninstall.sh (sourced, not run): paths, manifest, boot-loader entry.
# shellcheck shell=sh

# Installed set; the file lists are relative to the source tree.
MAN_PAGES="docs/man/bootchartd.8 docs/man/bootchart-render.1 docs/man/bootchartd.conf.5"
DOC_FILES="README INSTALL"
OPTIONAL_DOCS="README.logger docs/bootchart-sample.png"
GRUB_SCRIPT=42_bootchart
GRUB_D=/etc/grub.d
MENU_LST=/boot/grub/menu.lst
ENTRY_TITLE="Bootchart logging"
INIT_ARG="init=/sbin/bootchartd"
STATE=/var/lib/bootchart
MANIFEST=$STATE/installed
MENU_ADDED=$STATE/menu.lst.added
# Initramfs hooks (install.sh --initramfs): source under scripts/, target.
IRT_FILES="initramfs-tools/hooks/bootchart:/etc/initramfs-tools/hooks/bootchart
initramfs-tools/scripts/init-top/bootchart:/etc/initramfs-tools/scripts/init-top/bootchart"
DRACUT_FILES="dracut/90bootchart/module-setup.sh:/usr/lib/dracut/modules.d/90bootchart/module-setup.sh
dracut/90bootchart/bootchart-start.sh:/usr/lib/dracut/modules.d/90bootchart/bootchart-start.sh
dracut/bootchart.conf:/etc/dracut.conf.d/bootchart.conf"
MARK_BEGIN="### BEGIN bootchart entry (added by install.sh, removed by uninstall.sh)"
MARK_END="### END bootchart entry"

status=0

say() {
	echo "$prog: $*"
}

warn() {
	echo "$prog: warning: $*" >&2
	status=1
}

die() {
	echo "$prog: $*" >&2
	exit 1
}

usage_error() {
	echo "$prog: $*" >&2
	echo "try '$prog --help'" >&2
	exit 1
}

# R is the root prefix put before every absolute path ("" for /).
set_root() {
	case "${1:-/}" in
	/) R="" ;;
	/*) R=${1%/} ;;
	*) mkdir -p "$1" && R=$(cd "$1" && pwd) || die "$1: cannot use as root" ;;
	esac
	if [ -n "$R" ] && [ ! -d "$R" ]; then
		mkdir -p "$R" || die "$R: cannot create"
	fi
}

set_dirs() {
	BINDIR=${BINDIR:-$1/bin}
	SBINDIR=${SBINDIR:-/sbin}
	MANDIR=${MANDIR:-$1/share/man}
	DOCDIR=${DOCDIR:-$1/share/doc/bootchart}
	SYSCONFDIR=${SYSCONFDIR:-/etc}
}

# The manifest lines: "d DIR" (a directory we created), "f CRC SIZE FILE"
# (a file we wrote, with its cksum then), "b KIND [FILE]" (a boot entry),
# "i KIND" (initramfs hooks: initramfs-tools or dracut).
# A reinstall carries over the directory and boot lines of the last run.
manifest_begin() {
	old_manifest=$(mktemp) || die "mktemp failed"
	new_manifest=$(mktemp) || die "mktemp failed"
	trap 'rm -f "$old_manifest" "$new_manifest"' EXIT
	if [ -f "$R$MANIFEST" ]; then
		cp "$R$MANIFEST" "$old_manifest" || die "$R$MANIFEST: cannot read"
		grep '^d ' "$old_manifest" >>"$new_manifest"
	fi
	mkdirs "$STATE"
}

# Writes the manifest in a fixed order (directories, files, boot
# entries) so a reinstall gives the same bytes.
manifest_commit() {
	for k in d f b i; do
		awk -v k="$k" '$1 == k && !seen[$0]++' "$new_manifest"
	done >"$R$MANIFEST.tmp" &&
	    chmod 644 "$R$MANIFEST.tmp" &&
	    mv "$R$MANIFEST.tmp" "$R$MANIFEST" ||
	    die "$R$MANIFEST: cannot write"
}

manifest_add() {
	echo "$*" >>"$new_manifest"
}

# Records FILE as ours again when the last run had installed it.
manifest_keep() {
	awk -v f="$1" '$1 == "f" && $4 == f' "$old_manifest" >>"$new_manifest"
}

old_boot_entry() {
	awk -v k="$1" '$1 == "b" && $2 == k' "$old_manifest"
}

# Creates each missing component of directory $1 under the root.
mkdirs() {
	p=""
	old_ifs=$IFS
	IFS=/
	set -f
	# shellcheck disable=SC2086
	set -- $1
	set +f
	IFS=$old_ifs
	for c in "$@"; do
		[ -n "$c" ] || continue
		p="$p/$c"
		[ -d "$R$p" ] && continue
		mkdir "$R$p" || die "$R$p: cannot create directory"
		grep -Fqx "d $p" "$new_manifest" || manifest_add "d $p"
	done
}

# install_file SRC DEST MODE: copies through a temporary file and a
# rename, so a running binary is replaced, never overwritten in place.
install_file() {
	mkdirs "${2%/*}"
	tmp="$R$2.bootchart-tmp"
	cp "$1" "$tmp" && chmod "$3" "$tmp" && mv -f "$tmp" "$R$2" || {
		rm -f "$tmp"
		die "$R$2: cannot install"
	}
	set -- "$2" "$(cksum <"$R$2")"
	manifest_add "f $2 $1"
	say "installed $1"
}

# Writes the text in $2 to state file $1 and records it.
write_state() {
	printf '%s' "$2" >"$R$1" || die "$R$1: cannot write"
	set -- "$1" "$(cksum <"$R$1")"
	manifest_add "f $2 $1"
}

# Prints the path (inside the root) of program $1, if the root has it.
root_tool() {
	for d in /usr/sbin /sbin /usr/bin /bin; do
		if [ -x "$R$d/$1" ]; then
			echo "$d/$1"
			return 0
		fi
	done
	return 1
}

# Runs a program of the target system: inside it when it is not /.
run_root() {
	if [ -z "$R" ]; then
		"$@"
	else
		chroot "$R" "$@"
	fi
}

in_root_hint() {
	[ -n "$R" ] && printf ' (inside %s, e.g. with chroot)' "$R"
}

# Runs command line $1 in the root, or with --files-only says to.
run_or_say() {
	if [ "$files_only" -eq 1 ]; then
		say "now run '$1'$(in_root_hint)"
		return 0
	fi
	say "running $1"
	# shellcheck disable=SC2086
	run_root $1 || warn "'$1' failed; run it again by hand"
}

# Regenerates grub.cfg after a change in /etc/grub.d, or says how to.
update_grub() {
	cmd=""
	if t=$(root_tool update-grub); then
		cmd="$t"
	elif t=$(root_tool grub-mkconfig) && [ -f "$R/boot/grub/grub.cfg" ]; then
		cmd="$t -o /boot/grub/grub.cfg"
	elif t=$(root_tool grub2-mkconfig) && [ -f "$R/boot/grub2/grub.cfg" ]; then
		cmd="$t -o /boot/grub2/grub.cfg"
	fi
	if [ -z "$cmd" ]; then
		say "now run 'update-grub' or 'grub-mkconfig -o /boot/grub/grub.cfg'$(in_root_hint)"
		return 0
	fi
	run_or_say "$cmd"
}

# Adds the boot entry with the first boot-loader tool the root has.
add_boot_entry() {
	if g=$(root_tool grubby); then
		add_grubby "$g"
	elif [ -d "$R$GRUB_D" ]; then
		add_grub2 "$1"
	elif [ -f "$R$MENU_LST" ]; then
		add_menu_lst
	else
		say "no grubby, $GRUB_D or $MENU_LST found: add $INIT_ARG to the kernel command line by hand (see INSTALL)"
	fi
}

grubby_has_entry() {
	run_root "$1" --info=ALL 2>/dev/null |
	    grep -q "^title=\"\{0,1\}$ENTRY_TITLE\"\{0,1\}\$"
}

add_grubby() {
	if [ "$files_only" -eq 1 ]; then
		say "now run: grubby --add-kernel=\"\$(grubby --default-kernel)\" --copy-default --title=\"$ENTRY_TITLE\" --args=\"$INIT_ARG\" --initrd=INITRD-OF-DEFAULT$(in_root_hint)"
		return 0
	fi
	if grubby_has_entry "$1"; then
		old_boot_entry grubby >>"$new_manifest"
		say "boot entry \"$ENTRY_TITLE\" already present (grubby)"
		return 0
	fi
	kernel=$(run_root "$1" --default-kernel) && [ -n "$kernel" ] ||
	    { warn "grubby: no default kernel; boot entry not added"; return 0; }
	initrd=$(run_root "$1" --info=DEFAULT | sed -n 's/^initrd=//p' |
	    tr -d '"' | awk '{ print $1; exit }')
	set -- "$1" --add-kernel="$kernel" --copy-default \
	    --title="$ENTRY_TITLE" --args="$INIT_ARG"
	[ -n "$initrd" ] && set -- "$@" --initrd="$initrd"
	if ! run_root "$@"; then
		warn "grubby failed; boot entry not added"
		return 0
	fi
	manifest_add "b grubby"
	say "added boot entry \"$ENTRY_TITLE\" with grubby ($kernel)"
}

add_grub2() {
	install_file "$1" "$GRUB_D/$GRUB_SCRIPT" 755
	manifest_add "b grub2"
	update_grub
}

# Prints the default entry of menu.lst $1 renamed, with the init argument
# appended to its kernel line.  Trailing blank and comment lines are not
# part of an entry.
menu_lst_entry() {
	awk -v title="$ENTRY_TITLE" -v arg="$INIT_ARG" '
	/^[ \t]*default[ \t=]/ && n == 0 {
		v = $0; sub(/^[ \t]*default[ \t=]+/, "", v)
		if (v ~ /^[0-9]+/) want = v + 0
	}
	/^[ \t]*title[ \t=]/ { n++; in_entry = (n - 1 == want)
		if (in_entry) { lines[++k] = "title " title; last = k; next } }
	!in_entry { next }
	/^[ \t]*kernel[ \t=]/ { sub(/[ \t\r]*$/, ""); lines[++k] = $0 " " arg; last = k; next }
	{ lines[++k] = $0; if ($0 !~ /^[ \t]*(#|$)/) last = k }
	END { for (i = 1; i <= last; i++) print lines[i] }
	' "$1"
}

add_menu_lst() {
	f="$R$MENU_LST"
	if grep -q "^[ 	]*title[ 	=]\{1,\}${ENTRY_TITLE}[ 	]*\$" "$f"; then
		old_boot_entry menulst >>"$new_manifest"
		grep -q "^f .* $MENU_ADDED\$" "$old_manifest" &&
		    manifest_keep "$MENU_ADDED"
		say "boot entry \"$ENTRY_TITLE\" already present in $MENU_LST"
		return 0
	fi
	entry=$(menu_lst_entry "$f")
	case "$entry" in
	*"$INIT_ARG"*) ;;
	*) warn "$MENU_LST: no default entry with a kernel line; boot entry not added"
	   return 0 ;;
	esac
	# A file without a final newline gets one, so the block starts on a
	# line of its own; the saved text lets uninstall cut exactly this.
	nl=""
	[ -s "$f" ] && [ -n "$(tail -c 1 "$f")" ] && nl="
"
	added="$nl
$MARK_BEGIN
$entry
$MARK_END
"
	write_state "$MENU_ADDED" "$added"
	printf '%s' "$added" >>"$f" || die "$f: cannot write"
	manifest_add "b menulst"
	say "added boot entry \"$ENTRY_TITLE\" to $MENU_LST"
}

# The initramfs generator of the root: initramfs-tools or dracut.
initramfs_kind() {
	if root_tool update-initramfs >/dev/null; then
		echo initramfs-tools
	elif root_tool dracut >/dev/null; then
		echo dracut
	else
		return 1
	fi
}

# Rebuilds the initramfs images of kind $1, or says how to.
regen_initramfs() {
	case "$1" in
	initramfs-tools) cmd="update-initramfs -u -k all" ;;
	dracut) cmd="dracut --regenerate-all --force" ;;
	*) return 0 ;;
	esac
	run_or_say "$cmd"
}

# Installs the hooks that start bootchartd in the initramfs, and rebuilds it.
add_initramfs() {
	kind=$(initramfs_kind) || {
		warn "--initramfs: no update-initramfs or dracut in the root; hooks not installed"
		return 0
	}
	case "$kind" in
	initramfs-tools) list=$IRT_FILES ;;
	dracut) list=$DRACUT_FILES ;;
	esac
	for pair in $list; do
		case "${pair#*:}" in
		*.conf) mode=644 ;;
		*) mode=755 ;;
		esac
		install_file "$top/scripts/${pair%%:*}" "${pair#*:}" "$mode"
	done
	manifest_add "i $kind"
	regen_initramfs "$kind"
}

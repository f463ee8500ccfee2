#!/bin/sh
# uninstall.sh: removes what install.sh recorded in ROOT/var/lib/bootchart/installed, boot entry included.
set -u

prog=uninstall.sh
top=$(cd "$(dirname "$0")/.." && pwd) || exit 1
. "$top/scripts/install-lib.sh"

usage() {
	cat <<EOF2
usage: $prog [--root DIR] [--no-bootloader] [--files-only] [--staging]
  --root DIR        the system tree install.sh wrote to (default \$DESTDIR or /)
  --no-bootloader   do not touch the boot loader: fails, removing nothing,
                    when install.sh added a boot entry (it would start the
                    removed bootchartd)
  --files-only      remove files only, run no program (print what to run)
  --staging         empty a staging tree that install.sh --staging filled
                    (it has no manifest): its files, then the directories
                    left empty; needs --root or DESTDIR
Files changed since they were installed are left in place with a warning.
EOF2
}

bootloader=1
files_only=0
staging=0
ROOT=${DESTDIR:-}
while [ $# -gt 0 ]; do
	case "$1" in
	--root) [ $# -ge 2 ] || usage_error "--root needs a directory"
		ROOT=$2; shift ;;
	--root=*) ROOT=${1#--root=} ;;
	--no-bootloader) bootloader=0 ;;
	--files-only) files_only=1 ;;
	--staging) staging=1 ;;
	-h|--help) usage; exit 0 ;;
	*) usage_error "unknown argument: $1" ;;
	esac
	shift
done
set_root "$ROOT"

# A staging tree's files are those install.sh lists (same environment,
# so the same PREFIX and directories); its directories go when empty,
# up to the root.
unstage() {
	[ -n "$R" ] || usage_error "--staging needs --root DIR or DESTDIR"
	list=$(sh "$top/scripts/install.sh" --list --root "$R") ||
	    die "install.sh --list failed"
	printf '%s\n' "$list" | while IFS= read -r path; do
		p=$R$(in_root "$path" nofollow) || continue
		if [ -f "$p" ] || [ -L "$p" ]; then
			rm -f -- "$p" && say "removed $path"
		fi
		d=${path%/*}
		while [ -n "$d" ] && rmdir -- "$R$d" 2>/dev/null; do
			d=${d%/*}
		done
	done
}
if [ "$staging" -eq 1 ]; then
	unstage
	exit "$status"
fi

man=$R$(in_root "$MANIFEST" nofollow) || die "$R$MANIFEST: too many symbolic links"
if [ ! -f "$man" ] || [ -L "$man" ]; then
	die "$man: not found (nothing installed by install.sh here)"
fi
keep=$(mktemp) || die "mktemp failed"
trap 'rm -f "$keep"' EXIT

# Removes FILE (resolved in the root, as install.sh wrote it) when its
# cksum still is the recorded "CRC SIZE".
remove_file() {
	rf=$R$(in_root "$1" nofollow) ||
	    { warn "$R$1: too many symbolic links; left in place"; return 0; }
	[ -e "$rf" ] || [ -L "$rf" ] || return 0
	if [ -L "$rf" ] || [ ! -f "$rf" ] || [ "$(cksum <"$rf")" != "$2" ]; then
		warn "$1 changed since it was installed; left in place"
		return 0
	fi
	rm -f -- "$rf" || { warn "$rf: cannot remove"; return 0; }
	say "removed $1"
}

remove_grubby() {
	g=$(root_tool grubby) || { warn "grubby not found; remove the \"$ENTRY_TITLE\" entry by hand"; return 0; }
	if [ "$files_only" -eq 1 ]; then
		say "now run: grubby --remove-kernel=\"TITLE=$ENTRY_TITLE\"$(in_root_hint)"
		return 0
	fi
	run_root "$g" --remove-kernel="TITLE=$ENTRY_TITLE" ||
	    warn "grubby --remove-kernel failed; remove the entry by hand"
	say "removed boot entry \"$ENTRY_TITLE\" with grubby"
}

remove_grub2() {
	s="$GRUB_D/$GRUB_SCRIPT"
	sum=$(manifest_sum "$man" "$s")
	[ -n "$sum" ] && remove_file "$s" "$sum"
	root_has -e "$s" && return 0
	update_grub
}

# Cuts the text install.sh appended when the file still ends with it;
# otherwise deletes the marked block wherever it now is.  The file is
# rewritten in place (same inode, mode and owner; a symlink to it stays).
remove_menu_lst() {
	f=$R$(in_root "$MENU_LST") || return 0
	a=$R$(in_root "$MENU_ADDED" nofollow) || a=""
	[ -f "$f" ] || return 0
	if [ -f "$a" ] && [ ! -L "$a" ]; then
		fsize=$(wc -c <"$f")
		asize=$(wc -c <"$a")
		if [ "$fsize" -ge "$asize" ] &&
		    tail -c "$asize" "$f" | cmp -s - "$a"; then
			tmp=$(mktemp) || die "mktemp failed"
			if ! head -c $((fsize - asize)) "$f" >"$tmp" ||
			    ! cat "$tmp" >"$f"; then
				warn "$f: cannot rewrite"
			fi
			rm -f "$tmp"
			say "removed boot entry \"$ENTRY_TITLE\" from $MENU_LST"
			return 0
		fi
	fi
	grep -Fqx "$MARK_BEGIN" "$f" || {
		warn "$MENU_LST: bootchart entry markers not found; check it by hand"
		return 0
	}
	tmp=$(mktemp) || die "mktemp failed"
	if ! BC_BEGIN=$MARK_BEGIN BC_END=$MARK_END awk '
	$0 == ENVIRON["BC_BEGIN"] { skip = 1; if (blank > 0) blank--; next }
	skip { if ($0 == ENVIRON["BC_END"]) skip = 0; next }
	/^$/ { blank++; next }
	{ for (; blank > 0; blank--) print ""; print }
	END { for (; blank > 0; blank--) print "" }
	' "$f" >"$tmp" || ! cat "$tmp" >"$f"; then
		warn "$f: cannot rewrite"
	fi
	rm -f "$tmp"
	say "removed boot entry \"$ENTRY_TITLE\" from $MENU_LST (file had changed)"
}

if grep -q '^b ' "$man" && [ $bootloader -eq 0 ]; then
	die "a boot entry was installed and would start the removed bootchartd: run without --no-bootloader"
fi
while read -r kind rest; do
	[ "$kind" = b ] || continue
	case "$rest" in
	grubby) remove_grubby ;;
	grub2) remove_grub2 ;;
	menulst) remove_menu_lst ;;
	*) warn "$man: unknown boot entry kind '$rest'" ;;
	esac
done <"$man"

# A path is the rest of its line, blanks included.
while IFS= read -r line; do
	case "$line" in
	"f "*) ;;
	*) continue ;;
	esac
	sum=${line#f }
	path=${sum#* * }
	sum=${sum%" $path"}
	remove_file "$path" "$sum"
done <"$man"

# Rebuilt without the hooks (now removed), so no initramfs starts a
# removed bootchartd.
for kind in $(awk '$1 == "i" { print $2 }' "$man"); do
	regen_initramfs "$kind"
done

# Directories we created, deepest first; those now holding other files stay.
manifest_paths "$man" d | awk '{ print length($0), $0 }' | sort -rn >"$keep"
rm -f -- "$man" || die "$man: cannot remove"
while IFS= read -r line; do
	dir=${line#* }
	d=$(in_root "$dir" nofollow) || continue
	[ -d "$R$d" ] && [ ! -L "$R$d" ] && rmdir -- "$R$d" 2>/dev/null &&
	    say "removed $dir/"
done <"$keep"
[ "$status" -eq 0 ] && say "done"
exit "$status"

# install-lib.sh: functions shared by install.sh and uninstall.sh (sourced, not run): paths, manifest, boot-loader entry.
# shellcheck shell=sh

# Installed set; the file lists are relative to the source tree.
MAN_PAGES="docs/man/bootchartd.8 docs/man/bootchart-render.1 docs/man/bootchartd.conf.5"
DOC_FILES="README INSTALL"
OPTIONAL_DOCS="README.logger docs/bootchart-sample.png"
# The documents the others cite as docs/NAME (the README, the man pages,
# --help, messages): installed as DOCDIR/docs/NAME, so that each
# reference resolves from the documents' directory.  Globs, expanded in
# the source tree (ref_docs).
REF_DOCS="docs/*.md docs/*.png docs/*.schema.json"
BASH_COMPLETIONS="scripts/completion/bash/bootchart-render scripts/completion/bash/bootchartd"
ZSH_COMPLETIONS="scripts/completion/zsh/_bootchart-render scripts/completion/zsh/_bootchartd"
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
# systemd's end of boot (docs/logger.md) and a series' step (bootchartd
# series, docs/sets.md): the units, and the drop-ins that make
# multi-user.target want them (regular files, unlike .wants links).
SYSTEMD_FILES="systemd/bootchartd-done.service:/etc/systemd/system/bootchartd-done.service
systemd/bootchartd-done.conf:/etc/systemd/system/multi-user.target.d/bootchartd-done.conf
systemd/bootchartd-series.service:/etc/systemd/system/bootchartd-series.service
systemd/bootchartd-series.conf:/etc/systemd/system/multi-user.target.d/bootchartd-series.conf"
MARK_BEGIN="### BEGIN bootchart entry (added by install.sh, removed by uninstall.sh)"
MARK_END="### END bootchart entry"

status=0
nl='
'

# Messages go through printf: dash's echo would act on a backslash in a
# path.
say() {
	printf '%s: %s\n' "$prog" "$*"
}

warn() {
	printf '%s: warning: %s\n' "$prog" "$*" >&2
	status=1
}

# A failure in install.sh's write pass still records what was written, so
# that a rerun takes those files for its own and uninstall removes them.
die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	if [ "${pass:-}" = write ]; then
		pass=failed
		manifest_commit
	fi
	exit 1
}

usage_error() {
	printf '%s: %s\n' "$prog" "$*" >&2
	printf "try '%s --help'\n" "$prog" >&2
	exit 1
}

# The manifest holds one path per line.
no_newline() {
	case "$2" in
	*"$nl"*) die "$1: a path with a newline is not supported" ;;
	esac
}

# R is the root prefix put before every absolute path ("" for /).  It is
# not created here: uninstall never writes it, install.sh only once it
# has checked everything.
set_root() {
	no_newline "root directory" "$1"
	case "${1:-/}" in
	/*) R=$1 ;;
	*) R=$PWD/$1 ;;
	esac
	while [ "${R%/}" != "$R" ]; do
		R=${R%/}
	done
}

set_dirs() {
	BINDIR=${BINDIR:-$1/bin}
	SBINDIR=${SBINDIR:-/sbin}
	MANDIR=${MANDIR:-$1/share/man}
	DOCDIR=${DOCDIR:-$1/share/doc/bootchart}
	SYSCONFDIR=${SYSCONFDIR:-/etc}
	# Where bash-completion loads a command's completion on demand, and
	# the zsh function directory Debian's zsh searches.
	BASHCOMPDIR=${BASHCOMPDIR:-$1/share/bash-completion/completions}
	ZSHCOMPDIR=${ZSHCOMPDIR:-$1/share/zsh/vendor-completions}
	for v in BINDIR SBINDIR MANDIR DOCDIR SYSCONFDIR BASHCOMPDIR ZSHCOMPDIR; do
		eval "d=\$$v"
		no_newline "$v" "$d"
		case "$d" in
		/*) ;;
		*) die "$v=$d: not an absolute path" ;;
		esac
	done
}

# in_root PATH [nofollow]: prints PATH with the symlinks in it resolved
# the way the kernel resolves them after chroot to the root: an absolute
# target starts again at the root, ".." stops there.  Files under a root
# are read and written only through this, so a link in the target tree
# never leads to the host's files.  With nofollow, a link as the last
# component is left as it is (it is then the file itself).
in_root() {
	if [ -z "$R" ]; then
		printf '%s\n' "$1"
		return 0
	fi
	ir_todo=$1
	ir_done=""
	ir_links=0
	while [ -n "$ir_todo" ]; do
		case "$ir_todo" in
		*/*) ir_c=${ir_todo%%/*}; ir_todo=${ir_todo#*/} ;;
		*) ir_c=$ir_todo; ir_todo="" ;;
		esac
		case "$ir_c" in
		""|.) continue ;;
		..) ir_done=${ir_done%/*}; continue ;;
		esac
		if [ -L "$R$ir_done/$ir_c" ] &&
		    { [ -n "$ir_todo" ] || [ "${2:-}" != nofollow ]; }; then
			ir_links=$((ir_links + 1))
			[ "$ir_links" -le 40 ] || return 1
			ir_t=$(readlink -- "$R$ir_done/$ir_c") || return 1
			case "$ir_t" in
			/*) ir_done="" ;;
			esac
			ir_todo="$ir_t/$ir_todo"
		else
			ir_done="$ir_done/$ir_c"
		fi
	done
	printf '%s\n' "${ir_done:-/}"
}

# The manifest lines: "d DIR" (a directory we created), "f CRC SIZE FILE"
# (a file we wrote, with its cksum then), "b KIND" (a boot entry).  A path
# is the rest of its line, blanks included; awk gets it through ENVIRON,
# which, unlike -v, keeps backslashes.

# manifest_sum MANIFEST FILE: the recorded "CRC SIZE" of FILE.
manifest_sum() {
	BC_PATH=$2 awk '$1 == "f" { p = $0; sub(/^f [^ ]+ [^ ]+ /, "", p)
		if (p == ENVIRON["BC_PATH"]) { print $2, $3; exit } }' "$1"
}

# manifest_paths MANIFEST KIND: the paths of the "d" or "f" lines.
manifest_paths() {
	awk -v k="$2" 'BEGIN { re = k == "f" ? "^f [^ ]+ [^ ]+ " : "^d " }
	    $1 == k { p = $0; sub(re, "", p); print p }' "$1"
}

# Reads the last run's manifest (the files it says are ours) into
# $old_manifest; the directory lines carry over as they are.
manifest_begin() {
	old_manifest=$(mktemp) || die "mktemp failed"
	new_manifest=$(mktemp) || die "mktemp failed"
	scratch=$(mktemp) || die "mktemp failed"
	trap 'rm -f "$old_manifest" "$new_manifest" "$scratch"' EXIT
	trap 'die "interrupted"' HUP INT TERM
	m=$R$(in_root "$MANIFEST" nofollow) || die "$R$MANIFEST: too many symbolic links"
	if [ -L "$m" ] || { [ -e "$m" ] && [ ! -f "$m" ]; }; then
		die "$m: not a regular file"
	fi
	if [ -f "$m" ]; then
		cp -- "$m" "$old_manifest" || die "$m: cannot read"
		grep '^d ' "$old_manifest" >>"$new_manifest"
	fi
	return 0
}

# is_ours FILE: FILE (resolved in the root) is the regular file the last
# run recorded, unchanged since.
is_ours() {
	io_p=$R$(in_root "$1" nofollow) || return 1
	[ -f "$io_p" ] && [ ! -L "$io_p" ] || return 1
	io_sum=$(manifest_sum "$old_manifest" "$1")
	[ -n "$io_sum" ] && [ "$(cksum <"$io_p")" = "$io_sum" ]
}

# Writes the manifest in a fixed order (directories, files, boot
# entries) so a reinstall gives the same bytes.  Files and boot entries
# of the last run that this one did not write again are still there and
# still ours (say, after a reinstall with --no-bootloader or another
# PREFIX), so they stay recorded for uninstall.
manifest_commit() {
	# A staging tree becomes a package: the package manager keeps its
	# list; a manifest there would be installed with it.
	[ "${staging:-0}" -eq 1 ] && return 0
	while IFS= read -r line; do
		case "$line" in
		"f "*) f=${line#f * * } ;;
		*) continue ;;
		esac
		if [ -z "$(manifest_sum "$new_manifest" "$f")" ] && is_ours "$f"; then
			printf '%s\n' "$line"
		fi
	done <"$old_manifest" >>"$new_manifest"
	awk 'NR == FNR { if ($1 == "b") have[$2] = 1; next }
	    $1 == "b" && !($2 in have)' "$new_manifest" "$old_manifest" \
	    >>"$new_manifest"
	mkdirs "$STATE"
	dir=$(in_root "$STATE")
	tmp=$(mktemp "$R$dir/.installed.XXXXXX") || die "$R$dir: cannot write"
	for k in d f b i; do
		awk -v k="$k" '$1 == k && !seen[$0]++' "$new_manifest"
	done >"$tmp" &&
	    chmod 644 "$tmp" && mv -f -- "$tmp" "$R$dir/${MANIFEST##*/}" || {
		rm -f -- "$tmp"
		die "$R$MANIFEST: cannot write"
	}
}

manifest_add() {
	printf '%s\n' "$*" >>"$new_manifest"
}

# Records FILE as ours again when the last run had installed it.
manifest_keep() {
	ks=$(manifest_sum "$old_manifest" "$1")
	[ -z "$ks" ] || manifest_add "f $ks $1"
}

old_boot_entry() {
	awk -v k="$1" '$1 == "b" && $2 == k' "$old_manifest"
}

# The two passes of install.sh: "check" only notes what is in the way
# (so a refusal writes nothing), "write" installs.
conflict() {
	printf '%s: %s\n' "$prog" "$*" >&2
	conflicts=$((conflicts + 1))
}

# check_free FILE: in the check pass, notes FILE when something is at its
# place that is not the file the last run wrote: another package's
# program, a file changed since, a symlink, a directory.
check_free() {
	[ "${staging:-0}" -eq 1 ] && return 0
	cf_p=$R$(in_root "$1" nofollow) ||
	    { conflict "$1: too many symbolic links"; return 0; }
	[ -e "$cf_p" ] || [ -L "$cf_p" ] || return 0
	is_ours "$1" && return 0
	if [ -n "$(manifest_sum "$old_manifest" "$1")" ]; then
		conflict "$R$1: changed since install.sh wrote it; not replacing it"
	else
		conflict "$R$1: exists and was not written by install.sh; not replacing it"
	fi
}

# Creates each missing component of directory $1 (resolved in the root).
mkdirs() {
	md=$(in_root "$1") || die "$R$1: too many symbolic links"
	p=""
	old_ifs=$IFS
	IFS=/
	set -f
	# shellcheck disable=SC2086
	set -- $md
	set +f
	IFS=$old_ifs
	for c in "$@"; do
		[ -n "$c" ] || continue
		p="$p/$c"
		[ -d "$R$p" ] && [ ! -L "$R$p" ] && continue
		if [ "$pass" = check ]; then
			[ -e "$R$p" ] || [ -L "$R$p" ] || return 0
			conflict "$R$p: exists and is not a directory"
			return 0
		fi
		mkdir -- "$R$p" || die "$R$p: cannot create directory"
		grep -Fqx "d $p" "$new_manifest" || manifest_add "d $p"
	done
}

# install_file SRC DEST MODE: copies through a new temporary file and a
# rename, so a running binary is replaced, never overwritten in place, and
# no existing name is written through.
# ref_docs TOP: the files of REF_DOCS, relative to TOP, one per line.
ref_docs() {
	(cd "$1" && for f in $REF_DOCS; do [ -f "$f" ] && printf '%s\n' "$f"; done)
}

install_file() {
	if [ "$pass" = list ]; then
		printf '%s\n' "$2"
		return 0
	fi
	mkdirs "${2%/*}"
	if [ "$pass" = check ]; then
		check_free "$2"
		return 0
	fi
	dir=$(in_root "${2%/*}") || die "$R${2%/*}: too many symbolic links"
	dir=${dir%/}
	tmp=$(mktemp "$R$dir/.bootchart.XXXXXX") || die "$R$dir: cannot write"
	if ! cp -- "$1" "$tmp" || ! chmod "$3" "$tmp" ||
	    ! mv -f -- "$tmp" "$R$dir/${2##*/}"; then
		rm -f -- "$tmp"
		die "$R$2: cannot install"
	fi
	manifest_add "f $(cksum <"$R$dir/${2##*/}") $2"
	say "installed $2"
}

# Installs the text in $2 as state file $1.
write_state() {
	printf '%s' "$2" >"$scratch" || die "$scratch: cannot write"
	install_file "$scratch" "$1" 644
}

# Prints the path (inside the root) of program $1, if the root has it.
root_tool() {
	for d in /usr/sbin /sbin /usr/bin /bin; do
		rt=$(in_root "$d/$1") || continue
		if [ -f "$R$rt" ] && [ -x "$R$rt" ]; then
			printf '%s\n' "$d/$1"
			return 0
		fi
	done
	return 1
}

# root_has TEST PATH: test(1) TEST on PATH resolved in the root (but for
# -L, which asks about the last component itself).
root_has() {
	if [ "$1" = -L ]; then
		rh_p=$(in_root "$2" nofollow) || return 1
	else
		rh_p=$(in_root "$2") || return 1
	fi
	test "$1" "$R$rh_p"
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

# Regenerates grub.cfg after a change in /etc/grub.d, or says how to.
update_grub() {
	if t=$(root_tool update-grub); then
		set -- "$t"
	elif t=$(root_tool grub-mkconfig) && root_has -f /boot/grub/grub.cfg; then
		set -- "$t" -o /boot/grub/grub.cfg
	elif t=$(root_tool grub2-mkconfig) && root_has -f /boot/grub2/grub.cfg; then
		set -- "$t" -o /boot/grub2/grub.cfg
	else
		say "now run 'update-grub' or 'grub-mkconfig -o /boot/grub/grub.cfg'$(in_root_hint)"
		return 0
	fi
	run_or_say "$@"
}

# Runs a command in the root, or with --files-only says to.
run_or_say() {
	if [ "$files_only" -eq 1 ]; then
		say "now run '$*'$(in_root_hint)"
		return 0
	fi
	say "running $*"
	run_root "$@" || warn "'$*' failed; run it again by hand"
}

# Adds the boot entry with the first boot-loader tool the root has.
add_boot_entry() {
	if g=$(root_tool grubby); then
		add_grubby "$g"
	elif root_has -d "$GRUB_D"; then
		add_grub2 "$1"
	elif root_has -f "$MENU_LST"; then
		add_menu_lst
	elif [ "$pass" = write ]; then
		say "no grubby, $GRUB_D or $MENU_LST found: add $INIT_ARG to the kernel command line by hand (see INSTALL)"
	fi
}

# Prints exact mode's trace words for a kernel line holding words $@:
# the logger's (bootchartd kernel-args, as the root's config says), its
# trace_* words only, merged with any the line has (docs/trace.md).
exact_args() {
	ea_conf=$R$(in_root "$SYSCONFDIR/bootchartd.conf")
	[ -f "$ea_conf" ] || ea_conf=$conf
	ea_words=$("$logger" kernel-args -c "$ea_conf" -- "$@") || {
		warn "$logger kernel-args failed: boot entry without exact mode"
		return 0
	}
	# Not the words after a "--": those are init's.
	printf '%s\n' "$ea_words" | sed '/^--$/,$d' | grep '^trace_' |
	    tr '\n' ' ' | sed 's/ $//'
}

grubby_has_entry() {
	run_root "$1" --info=ALL 2>/dev/null |
	    grep -q "^title=\"\{0,1\}$ENTRY_TITLE\"\{0,1\}\$"
}

add_grubby() {
	[ "$pass" = write ] || return 0
	if [ "$files_only" -eq 1 ]; then
		say "now run: grubby --add-kernel=\"\$(grubby --default-kernel)\" --copy-default --title=\"$ENTRY_TITLE\" --args=\"$INIT_ARG $(exact_args)\" --initrd=INITRD-OF-DEFAULT$(in_root_hint)"
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
	# grubby replaces a key the copied entry has with ours, merged.
	args=$(run_root "$1" --info=DEFAULT | sed -n 's/^args=//p' | tr -d '"' |
	    head -n 1)
	# shellcheck disable=SC2086 # the kernel splits them at blanks too
	trace=$(set -f; exact_args $args)
	set -- "$1" --add-kernel="$kernel" --copy-default \
	    --title="$ENTRY_TITLE" --args="$INIT_ARG${trace:+ $trace}"
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
	[ "$pass" = write ] || return 0
	manifest_add "b grub2"
	update_grub
}

# Prints the default entry of menu.lst $1 renamed, with the init argument
# and words $2 added to its kernel line: at the end, or before a "--"
# (the kernel hands what follows to init).  Words $2 are exact mode's
# trace words, merged with the line's own, which are dropped.  Trailing
# blank and comment lines are not part of an entry.
menu_lst_entry() {
	BC_TITLE=$ENTRY_TITLE BC_ARG="$INIT_ARG${2:+ $2}" BC_DROP=${2:+1} awk '
	/^[ \t]*default[ \t=]/ && n == 0 {
		v = $0; sub(/^[ \t]*default[ \t=]+/, "", v)
		if (v ~ /^[0-9]+/) want = v + 0
	}
	/^[ \t]*title[ \t=]/ { n++; in_entry = (n - 1 == want)
		if (in_entry) { lines[++k] = "title " ENVIRON["BC_TITLE"]; last = k; next } }
	!in_entry { next }
	/^[ \t]*kernel[ \t=]/ {
		sub(/[ \t\r]*$/, "")
		if (ENVIRON["BC_DROP"] != "") {
			head = $0; tail = ""
			if (match(head, /[ \t]--([ \t]|$)/)) {
				tail = substr(head, RSTART); head = substr(head, 1, RSTART - 1)
			}
			while (match(head, /[ \t]trace_(event|options|buf_size|clock)=[^ \t]*/))
				head = substr(head, 1, RSTART - 1) substr(head, RSTART + RLENGTH)
			$0 = head tail
		}
		if (match($0, /[ \t]--([ \t]|$)/))
			$0 = substr($0, 1, RSTART - 1) " " ENVIRON["BC_ARG"] substr($0, RSTART)
		else
			$0 = $0 " " ENVIRON["BC_ARG"]
		lines[++k] = $0; last = k; next
	}
	{ lines[++k] = $0; if ($0 !~ /^[ \t]*(#|$)/) last = k }
	END { for (i = 1; i <= last; i++) print lines[i] }
	' "$1"
}

add_menu_lst() {
	f=$R$(in_root "$MENU_LST")
	if grep -q "^[ 	]*title[ 	=]\{1,\}${ENTRY_TITLE}[ 	]*\$" "$f"; then
		[ "$pass" = write ] || return 0
		old_boot_entry menulst >>"$new_manifest"
		manifest_keep "$MENU_ADDED"
		say "boot entry \"$ENTRY_TITLE\" already present in $MENU_LST"
		return 0
	fi
	entry=$(menu_lst_entry "$f")
	# shellcheck disable=SC2046,SC2086 # the kernel line's words
	trace=$(set -f; exact_args $(printf '%s\n' "$entry" |
	    sed -n 's/^[ 	]*kernel[ 	=]\{1,\}//p'))
	[ -z "$trace" ] || entry=$(menu_lst_entry "$f" "$trace")
	case "$entry" in
	*"$INIT_ARG"*) ;;
	*) [ "$pass" = write ] &&
	       warn "$MENU_LST: no default entry with a kernel line; boot entry not added"
	   return 0 ;;
	esac
	# A file without a final newline gets one, so the block starts on a
	# line of its own; the saved text lets uninstall cut exactly this.
	mnl=""
	[ -s "$f" ] && [ -n "$(tail -c 1 "$f")" ] && mnl=$nl
	added="$mnl
$MARK_BEGIN
$entry
$MARK_END
"
	write_state "$MENU_ADDED" "$added"
	[ "$pass" = write ] || return 0
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
	initramfs-tools) run_or_say update-initramfs -u -k all ;;
	dracut) run_or_say dracut --regenerate-all --force ;;
	esac
}

# Installs the systemd units (both passes) when the root has systemd's
# configuration directory; elsewhere EXIT_PROC ends the boot.
add_systemd_units() {
	root_has -d /etc/systemd/system || return 0
	for pair in $SYSTEMD_FILES; do
		install_file "$top/scripts/${pair%%:*}" "${pair#*:}" 644
	done
}

# Installs the hooks that start bootchartd in the initramfs (both
# passes), and in the write pass records them and rebuilds it.
add_initramfs() {
	kind=$(initramfs_kind) || {
		[ "$pass" = write ] && warn "--initramfs: no update-initramfs or dracut in the root; hooks not installed"
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
	[ "$pass" = write ] || return 0
	manifest_add "i $kind"
	regen_initramfs "$kind"
}

# install_grubquote.sh: 42_bootchart with hostile kernel file names and command lines (backslashes, quotes, $(...), backticks, blanks, --): the entry passes grub-script-check and GRUB's parser gives exactly the expected words.
. tests/sh/lib/install.inc
grub_ready "42_bootchart quoting" || exit 0

nl='
'
uuid=3e1c9a2b-5d4f-4e0a-9c1b-2f7d8e6a4b10
r=$tmp/hostile
mkdir -p "$r/boot" "$r/etc/default"
# The newest kernel by version has every character dash's echo or a
# quoting slip would mangle; a still newer name with a newline in it
# cannot be listed one per line and must be passed over.
old=6.1.0-9-amd64
new="6.1.0-13 it's \"q\" \$(echo pwned) \`echo pwned\` \${HOME} a\\cb x\\ny"
echo old >"$r/boot/vmlinuz-$old"
echo new >"$r/boot/vmlinuz-$new"
echo initrd >"$r/boot/initrd.img-$new"
echo nl >"$r/boot/vmlinuz-6.1.0-99${nl}x"
# As in /etc/default/grub: single quotes keep every character literal
# when grub-mkconfig sources the file.
cat >"$r/etc/default/grub" <<EOG
GRUB_CMDLINE_LINUX='console=ttyS0,115200  a\\cb	x\\ny it'\\''s q="two words" \$(touch $tmp/pwned) \`touch $tmp/pwned\` \${HOME} \\\\'
GRUB_CMDLINE_LINUX_DEFAULT='quiet -- single'
EOG

grub_gen "$r" >"$tmp/entry.cfg"
rc_is 0 $? "42_bootchart runs on hostile names and settings"
sed 's/^/# /' "$tmp/entry.cfg"
check "output passes grub-script-check" grub-script-check "$tmp/entry.cfg"
check "no \$(...) or backtick was run" test ! -e "$tmp/pwned"
check "one menu entry" test "$(grep -c '^menuentry' "$tmp/entry.cfg")" -eq 1

# Exact mode's words, as the logger gives them (test_kargs checks them).
: >"$tmp/empty.conf"
exact=$("$BC_LOGGER" kernel-args -c "$tmp/empty.conf")
# The settings' words, split at blanks as the kernel splits them, each
# passed literally (through the logger's kernel-args too); ours go
# before "--" (the kernel hands what follows
# to init).
# shellcheck disable=SC2016,SC1003 # literal $, backticks, backslashes
want=$(printf '%s\n' linux "/boot/vmlinuz-$new" "root=UUID=$uuid" ro \
    console=ttyS0,115200 'a\cb' 'x\ny' "it's" 'q="two' 'words"' \
    '$(touch' "$tmp/pwned)" '`touch' "$tmp/pwned\`" '${HOME}' '\\' \
    quiet "$exact" init=/sbin/bootchartd -- single)
got=$(cfg_words "$tmp/entry.cfg" linux)
same "linux line: the newest kernel, every argument literal, init before --" \
    "$got" "$want"
got=$(cfg_words "$tmp/entry.cfg" initrd)
same "initrd line: the newest kernel's initrd" "$got" \
    "$(printf '%s\n' initrd "/boot/initrd.img-$new")"
grep 'Loading Linux' "$tmp/entry.cfg" >"$tmp/msg.cfg"
got=$(cfg_words "$tmp/msg.cfg" echo)
same "first message names the kernel version literally" "$got" \
    "$(printf '%s\n' echo "Loading Linux $new with bootchartd ...")"

# Without "--" ours is last: a later init= wins over one in the settings.
printf "GRUB_CMDLINE_LINUX='init=/bin/sh'\n" >"$r/etc/default/grub"
grub_gen "$r" >"$tmp/entry2.cfg"
got=$(cfg_words "$tmp/entry2.cfg" linux)
same "init= in the settings: ours comes last" "$got" \
    "$(printf '%s\n' linux "/boot/vmlinuz-$new" "root=UUID=$uuid" ro \
    init=/bin/sh "$exact" init=/sbin/bootchartd)"

# A file name GRUB's device preamble and the message line both carry.
rm -f "$r/boot/vmlinuz-$new" "$r/boot/initrd.img-$new"
echo plain >"$r/boot/vmlinuz-6.1.0-13-amd64"
: >"$r/etc/default/grub"
grub_gen "$r" >"$tmp/entry3.cfg"
check "plain names and empty settings pass grub-script-check" \
    grub-script-check "$tmp/entry3.cfg"
got=$(cfg_words "$tmp/entry3.cfg" linux)
same "empty settings: no empty words" "$got" \
    "$(printf '%s\n' linux /boot/vmlinuz-6.1.0-13-amd64 "root=UUID=$uuid" ro \
    "$exact" init=/sbin/bootchartd)"

# A removed (not purged) package leaves the script: no logger, no entry.
grub_gen "$r" BOOTCHART_GRUB_LOGGER="$tmp/no-such-bootchartd" >"$tmp/entry4.cfg"
rc_is 0 $? "42_bootchart without the logger succeeds"
check "and generates no entry" test ! -s "$tmp/entry4.cfg"

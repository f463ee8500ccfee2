#!/bin/sh
# harden_escape.sh: bytes from logs never reach the terminal raw: process
# names in --dump-tree and names in messages come out escaped.
. tests/sh/lib/tap.sh.inc

T=$BC_TMP
mkdir -p "$T/log"
# A name with ESC, BEL, a tab and a newline: the kernel allows all of
# them in comm, and old loggers wrote them as they were.
esc=$(printf '\033')
bel=$(printf '\007')
name="x${esc}]0;pwned${bel}	y"
for b in 100 120 140; do
	printf '%s\n' "$b"
	printf '1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1\n'
	printf '7 (%s) R 1 7 7 0 -1 0 0 0 0 0 %s 3 0 0 20 0 1 0 2\n' "$name" "$b"
	printf '\n'
done >"$T/log/proc_ps.log"

# bytes FILE: the control bytes in FILE other than tab and newline.
bytes() {
	od -An -tx1 -v "$1" | tr ' ' '\n' | grep -E '^(0[0-8b-f]|1[0-9a-f]|7f)$' | sort -u | tr '\n' ' '
}

"$BC_RENDER" --dump-tree -n "$T/log" >"$T/tree" 2>"$T/err"
rc=$?
check "--dump-tree of a hostile name: exit 0 (got $rc)" [ "$rc" -eq 0 ]
check "--dump-tree prints no control byte (found: $(bytes "$T/tree"))" \
    [ -z "$(bytes "$T/tree")" ]
check "--dump-tree shows the name escaped" \
    grep -qF 'x\x1b]0;pwned\x07\ty' "$T/tree"
check "each row keeps its six columns" \
    awk -F '\t' 'NF != 6 { bad = 1 } END { exit bad }' "$T/tree"

# A member name with ESC in an archive, and a header key that is too
# long: both end up in messages.
mkdir -p "$T/arc"
cp "$T/log/proc_ps.log" "$T/arc/"
printf 'x' >"$T/arc/evil${esc}[2J.log"
awk 'BEGIN { printf "k\033[31m = "; for (i = 0; i < 70000; i++) printf "v"; print "" }' \
    >"$T/arc/header"
(cd "$T/arc" && tar cf "$T/a.tar" proc_ps.log "evil${esc}[2J.log")
"$BC_RENDER" -v -t "$T/a.tar" >/dev/null 2>"$T/err1"
check "a member name in a -v message has no control byte (found: $(bytes "$T/err1"))" \
    [ -z "$(bytes "$T/err1")" ]
check "the member name is shown escaped" grep -qF 'evil\x1b[2J.log' "$T/err1"
(cd "$T/arc" && tar cf "$T/b.tar" header proc_ps.log)
"$BC_RENDER" -t "$T/b.tar" >/dev/null 2>"$T/err2"
rc=$?
check "a header key in an error: exit 2, no control byte (exit $rc, found: $(bytes "$T/err2"))" \
    sh -c "[ $rc -eq 2 ] && [ -z '$(bytes "$T/err2")' ]"
check "the header key is shown escaped" grep -qF 'k\x1b[31m' "$T/err2"

# Bidirectional controls and line/paragraph separators ("Trojan Source"):
# RLO (U+202E), LRI (U+2066), PDI (U+2069), LS (U+2028) in a name turn
# what a reader sees around; --summary, --dump-tree and --compare show
# them as \xHH.
mkdir -p "$T/bidi"
bidi=$(printf 'ok\342\200\256gnp.exe\342\201\246x\342\201\251\342\200\250y')
# bidi_log DIR FIRST: init, and the named process busy from block FIRST.
bidi_log() {
	mkdir -p "$1"
	for b in 100 120 140 160 180 200 220 240; do
		printf '%s\n' "$b"
		printf '1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1\n'
		[ "$b" -ge "$2" ] && printf '8 (%s) R 1 8 8 0 -1 0 0 0 0 0 %s 3 0 0 20 0 1 0 %s\n' \
		    "$bidi" "$b" "$2"
		printf '\n'
	done >"$1/proc_ps.log"
}
bidi_log "$T/bidi" 100
bidi_log "$T/bidi2" 160
# rawbidi FILE: 1 when FILE holds one of those characters' bytes raw.
rawbidi() {
	grep -q "$(printf '\342\200[\250\251\252\253\254\255\256]\|\342\201[\246\247\250\251]')" "$1"
}
"$BC_RENDER" -q --summary "$T/bidi" >"$T/b.sum" 2>&1
"$BC_RENDER" -q --dump-tree -n "$T/bidi" >"$T/b.tree" 2>&1
"$BC_RENDER" -q --compare --threshold 0 "$T/bidi" "$T/bidi2" >"$T/b.cmp" 2>&1
for f in sum tree cmp; do
	check "--$f: no bidi control or separator raw" sh -c "! { $(command -v grep) -q '$(printf '\342\200\256')' '$T/b.$f' || $(command -v grep) -q '$(printf '\342\201\246')' '$T/b.$f' || $(command -v grep) -q '$(printf '\342\200\250')' '$T/b.$f'; }"
done
check "--dump-tree shows them escaped" grep -qF 'ok\xe2\x80\xaegnp.exe\xe2\x81\xa6x\xe2\x81\xa9\xe2\x80\xa8y' "$T/b.tree"
check "--summary shows them escaped" grep -qF 'ok\xe2\x80\xaegnp.exe' "$T/b.sum"
check "--compare shows them escaped" grep -qF 'ok\xe2\x80\xaegnp.exe' "$T/b.cmp"

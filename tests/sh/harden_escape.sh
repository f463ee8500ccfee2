#!/bin/sh
# harden_escape.sh: bytes from logs never reach the terminal raw: process
# names in --dump-tree and names in messages come out escaped.
. tests/sh/tap.sh.inc

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

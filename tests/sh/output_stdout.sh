#!/bin/sh
# output_stdout.sh: -o - writes every chart format to standard output as a stream (through a pipe) with the bytes -o FILE writes, creates no file named "-", and a full standard output is exit 3.
. "$(dirname "$0")/lib/tap.sh.inc"

T=$BC_TMP
R=$BC_RENDER
L=$(pwd)/tests/data/sample-boot.tgz
mkdir -p "$T/cwd"
cd "$T/cwd" || exit 1

# Without the lines that hold the time of writing (EPS, PDF).
undated() {
	LC_ALL=C grep -av 'CreationDate' "$1"
}
for f in png svg svgz eps pdf; do
	"$R" -f "$f" -o "$T/file.$f" "$L" 2>"$T/err"
	"$R" -f "$f" -o - "$L" 2>>"$T/err" | cat >"$T/pipe.$f"
	undated "$T/file.$f" >"$T/a"
	undated "$T/pipe.$f" >"$T/b"
	if [ -s "$T/a" ] && cmp -s "$T/a" "$T/b"; then
		ok "-f $f -o -: through a pipe, the bytes of -o FILE"
	else
		notok "-f $f -o -: through a pipe, the bytes of -o FILE"
		head -n 3 "$T/err" | sed 's/^/# /'
	fi
done
check "no file named - (nor any other) in the working directory" \
    [ -z "$(ls -A "$T/cwd")" ]
"$R" -o - "$L" >/dev/full 2>"$T/full"
rc=$?
check "-o - to a full standard output: exit 3 (exit $rc), one line naming it" \
    sh -c "[ $rc -eq 3 ] && grep -q 'standard output: No space left' '$T/full' && [ \$(wc -l <'$T/full') -eq 1 ]"
# The file stays written atomically: a directory at the path is refused.
mkdir -p "$T/adir"
"$R" --json -o "$T/adir" "$L" >/dev/null 2>"$T/dir"
rc=$?
check "--json -o DIR: exit 3, not replaced (exit $rc)" \
    sh -c "[ $rc -eq 3 ] && grep -q 'adir: exists and is not a regular file (a directory)' '$T/dir'"

# Binary formats are not poured onto a terminal; text ones are.
if command -v script >/dev/null 2>&1; then
	script -qec "'$R' -o - '$L'; echo rc=\$?" /dev/null >"$T/tty" 2>&1
	check "-o - with PNG on a terminal: refused, exit 1" \
	    sh -c "grep -q 'not writing png to a terminal' '$T/tty' && grep -q 'rc=1' '$T/tty'"
	script -qec "'$R' -f svg -o - '$L'; echo rc=\$?" /dev/null >"$T/tty" 2>&1
	check "-o - with SVG on a terminal: written" \
	    sh -c "grep -q '<svg' '$T/tty' && grep -q 'rc=0' '$T/tty'"
else
	ok "-o - on a terminal # SKIP no script(1)"
fi

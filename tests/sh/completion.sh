# completion.sh: the bash and zsh completions of bootchart-render and bootchartd run on command lines (options, formats, files, subcommands, a command after --), and exactly the long options of each program's --help offered, so the lists cannot drift.
# shellcheck source=tests/sh/lib/tap.sh.inc
. "$(dirname "$0")/lib/tap.sh.inc"
skip() { echo "ok - $1 # SKIP $2"; }
tmp=${BC_TMP:?BC_TMP not set}
top=$(pwd)
BR=scripts/completion/bash/bootchart-render
BD=scripts/completion/bash/bootchartd

# A working directory with paths to complete, and two commands on PATH.
w=$tmp/w
mkdir -p "$w/bootdir" "$w/outdir" "$tmp/bin"
: >"$w/boot.tgz"
: >"$w/out.png"
: >"$w/--odd"
for c in bcfakecmd1 bcfakecmd2; do
	printf '#!/bin/sh\n' >"$tmp/bin/$c"
	chmod 755 "$tmp/bin/$c"
done

# comp FILE FUNCTION WORD...: the candidates, one per line, sorted.
comp() {
	cf=$1
	cfn=$2
	shift 2
	(cd "$w" && PATH="$tmp/bin:$PATH" bash "$top/tests/sh/lib/complete.bash" \
	    "$top/$cf" "$cfn" "$@")
}

# offers WHAT WANT FILE FUNCTION WORD...: TAP line, WANT one per line.
offers() {
	ow=$1
	want=$2
	shift 2
	same "$ow" "$(comp "$@")" "$want"
}
lines() {
	[ $# -eq 0 ] || printf '%s\n' "$@"
}

# The formats: every -f name of the renderer's one table (src/outputs.def,
# as its unknown-format message lists them).
formats=$("$BC_RENDER" -f '?' 2>&1 | sed -n 's/.*(\(.*\)).*/\1/p' |
    tr -d ',' | tr ' ' '\n' | LC_ALL=C sort)
check "the renderer's table lists its -f names" test -n "$formats"
sformats=$(printf '%s\n' "$formats" | grep '^s')

R="$BR _bootchart_render bootchart-render"
D="$BD _bootchartd bootchartd"
# shellcheck disable=SC2086 # $R and $D are three words each
{
offers "render: --f" "$(lines --fdr --floor --floor-percent --format --functions)" $R --f
offers "render: --s" "$(lines --show-all --show-pid --strict --summary)" $R --s
offers "render: formats after -f: the table's" "$formats" $R -f ""
offers "render: formats after --format" "$sformats" $R --format s
offers "render: --format=s split at =" "$sformats" $R --format = s
offers "render: --format= split at =" "$formats" $R --format =
offers "render: --format=s one word" "$(printf '%s\n' "$sformats" | sed 's/^/--format=/')" $R --format=s
offers "render: files and directories after -o" "$(lines out.png outdir)" $R -o ou
offers "render: files and directories as paths" "$(lines boot.tgz bootdir)" $R -q bo
offers "render: nothing after --width" "" $R --width ""
offers "render: a path after --, not an option" "$(lines --odd)" $R -- --o
offers "bootchartd: the commands" "$(lines --help --version -V -h init kernel-args start stop)" $D ""
offers "bootchartd: st" "$(lines start stop)" $D st
offers "bootchartd start: long options" \
    "$(lines -- --acct --functions --functions-depth --functions-threshold --help --no-acct --period --trace --verbose --version)" $D start --
offers "bootchartd stop: its options" "$(lines -c -o)" $D stop -
offers "bootchartd init: --a" "$(lines --acct)" $D init --a
offers "bootchartd start: files after -c" "$(lines boot.tgz bootdir)" $D start -c bo
offers "bootchartd stop: files after -o" "$(lines out.png outdir)" $D stop -o ou
offers "bootchartd start: nothing after -p" "" $D start -p ""
offers "bootchartd start: nothing after --functions" "" $D start --functions ""
offers "bootchartd start: nothing after --functions-depth" "" $D start --functions-depth ""
offers "bootchartd start: a command after --functions F" \
    "$(lines bcfakecmd1 bcfakecmd2)" $D start --functions ksys_read bcfake
offers "bootchartd start: a command after --" "$(lines bcfakecmd1 bcfakecmd2)" $D start -- bcfake
offers "bootchartd start: a command after options" \
    "$(lines bcfakecmd1 bcfakecmd2)" $D start -v -p 1 -c x.conf bcfake
offers "bootchartd start: a command after --period=1 split at =" \
    "$(lines bcfakecmd1 bcfakecmd2)" $D start --period = 1 bcfake
offers "bootchartd start: the command's arguments are files" \
    "$(lines boot.tgz bootdir)" $D start -- bcfakecmd1 -x bo
offers "bootchartd start: an option after the command is its argument" \
    "$(lines --odd)" $D start bcfakecmd1 --o
}

# Every long option of --help is offered, and nothing else: the lists
# cannot drift from the programs.
help_longs() {
	"$1" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | LC_ALL=C sort -u
}
render_help=$(help_longs "$BC_RENDER")
logger_help=$(help_longs "$BC_LOGGER")
check "bootchart-render --help lists long options" test -n "$render_help"
check "bootchartd --help lists long options" test -n "$logger_help"
# shellcheck disable=SC2086
same "bash: bootchart-render offers exactly the long options of its --help" \
    "$render_help" "$(comp $R -- | grep -v '^--$')"
# shellcheck disable=SC2086
same "bash: bootchartd start/init offer exactly the long options of its --help" \
    "$logger_help" "$({ comp $D start --; comp $D init --; } |
    grep -v '^--$' | LC_ALL=C sort -u)"

# zsh: the same through a real interactive zsh (complete.zsh); the guard
# timeout only keeps a broken completion from hanging the run.
if ! command -v zsh >/dev/null 2>&1; then
	skip "zsh completion" "zsh not installed (Debian zsh)"
	exit 0
fi
zcomp() {
	(cd "$w" && PATH="$tmp/bin:$PATH" timeout 60 zsh -f \
	    "$top/tests/sh/lib/complete.zsh" "$top/scripts/completion/zsh" \
	    "$tmp/zcompdump" "$1")
}
zoffers() {
	same "$1" "$(zcomp "$3")" "$2"
}
zoffers "zsh render: --s" "$(lines --show-all --show-pid --strict --summary)" "bootchart-render --s"
zoffers "zsh render: formats after -f: the table's" "$formats" "bootchart-render -f "
zoffers "zsh render: --format=s" "$sformats" "bootchart-render --format=s"
zoffers "zsh render: files and directories after -o" "$(lines out.png outdir)" "bootchart-render -o ou"
zoffers "zsh render: files and directories as paths" "$(lines boot.tgz bootdir)" "bootchart-render -q bo"
zoffers "zsh bootchartd: the commands" "$(lines init kernel-args start stop)" "bootchartd "
zoffers "zsh bootchartd stop: its options" "$(lines -c -o)" "bootchartd stop -"
zoffers "zsh bootchartd start: files after -c" "$(lines boot.tgz bootdir)" "bootchartd start -c bo"
zoffers "zsh bootchartd start: a command after --" "$(lines bcfakecmd1 bcfakecmd2)" "bootchartd start -- bcfake"
zoffers "zsh bootchartd start: a command after options" \
    "$(lines bcfakecmd1 bcfakecmd2)" "bootchartd start -v --period=1 -c x.conf bcfake"
zoffers "zsh bootchartd start: the command's arguments are files" \
    "$(lines boot.tgz bootdir)" "bootchartd start -- bcfakecmd1 -x bo"
same "zsh: bootchart-render offers exactly the long options of its --help" \
    "$render_help" "$(zcomp "bootchart-render --" | grep -vx -e --odd)"
same "zsh: bootchartd start/init offer exactly the long options of its --help" \
    "$logger_help" "$({ zcomp "bootchartd start --"; zcomp "bootchartd init --"; } |
    LC_ALL=C sort -u)"

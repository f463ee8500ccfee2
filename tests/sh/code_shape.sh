#!/bin/sh
# code_shape.sh: the product's code keeps its shape: no file over 700 lines, no function over 60, no two files of one name but main.c, and each program's stage folders in layers (each includes only the folders below it: no include cycle among them).
. "$(dirname "$0")/lib/tap.sh.inc"
cd "$(dirname "$0")/../.." || exit 1

FILE_MAX=700
FUNC_MAX=60
# The logger's folders from the bottom up: a file includes headers of
# its own folder and of folders before it, never after (boot and cmd,
# the two ways in, include neither the other).
LOGGER_LAYERS="config store sources run boot cmd"
# The renderer's, the same way, every folder named (a folder left out
# counts as an offender): the trace's reader, the log as logged, its
# parsers and archives, the trace's model, the tree, what is computed
# once, the layout, the painters, the outputs, the page, the options.
RENDERER_LAYERS="decode model parse input exact tree analysis layout paint export html cli"

files=$(find renderer logger src -name '*.[ch]' | sort)

# Files over FILE_MAX lines.
long=$(for f in $files; do
	n=$(wc -l <"$f")
	[ "$n" -gt $FILE_MAX ] && printf ' %s (%d)' "$f" "$n"
done)
check "no file over $FILE_MAX lines (over:${long:- none})" [ -z "$long" ]

# Functions over FUNC_MAX lines, from the '{' in column 0 to the '}'
# in column 0, named by the last line before that starts a declarator.
big=$(for f in $files; do
	awk -v f="$f" -v max=$FUNC_MAX '
	/^[A-Za-z_][A-Za-z0-9_]*\(/ { name = $0; sub(/\(.*/, "", name) }
	/^\{/ { start = FNR }
	/^\}/ && start { n = FNR - start + 1
		if (n > max) printf " %s:%s (%d)", f, name, n
		start = 0 }' "$f"
done)
check "no function over $FUNC_MAX lines (over:${big:- none})" [ -z "$big" ]

# One file per name, so that an include names one file.
twins=$(for f in $files; do echo "${f##*/} $f"; done | grep -v '^main\.c ' |
    sort | awk '$1 == prev { printf " %s %s", was, $2 } { prev = $1; was = $2 }')
check "no two files share a name but main.c (shared:${twins:- none})" \
    [ -z "$twins" ]

# edges PROG: "FROM TO FILE" for each include of a header of another of
# PROG's folders.
edges() {
	find "$1" -mindepth 2 -name '*.h' | awk -F/ '{ print $NF, $(NF - 1) }' \
	    >"$T/headers"
	find "$1" -mindepth 2 -name '*.[ch]' | sort | while read -r f; do
		dir=${f%/*}
		sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | while read -r h; do
			to=$(awk -v h="$h" '$1 == h { print $2 }' "$T/headers")
			[ -n "$to" ] && [ "$to" != "${dir##*/}" ] &&
			    echo "${dir##*/} $to $f"
		done
	done | sort -u
}

# cycles EDGES: the includes between two folders that each reach the
# other, transitively.
cycles() {
	awk '{ e[$1, $2] = 1; d[$1] = d[$2] = 1; via[$1, $2] = $3 }
	END {
		for (k in d) for (i in d) for (j in d)
			if (e[i, k] && e[k, j]) e[i, j] = 1
		for (i in d) for (j in d)
			if (i != j && e[i, j] && e[j, i] && via[i, j] != "")
				printf " %s->%s (%s)", i, j, via[i, j]
	}' "$1"
}

# upward EDGES ORDER: the includes of a folder after them in ORDER, or
# of a folder ORDER does not name.
upward() {
	awk -v order="$2" 'BEGIN { n = split(order, o, " ")
		for (i = 1; i <= n; i++) at[o[i]] = i }
	!($1 in at) || !($2 in at) || at[$2] > at[$1] {
		printf " %s includes a header of %s", $3, $2 }' "$1"
}

if [ -n "${BC_TMP:-}" ]; then
	T=$BC_TMP
else
	T=$(mktemp -d) && trap 'rm -rf "$T"' EXIT
fi
edges logger >"$T/logger.edges"
n=$(wc -l <"$T/logger.edges")
circ=$(cycles "$T/logger.edges")
check "logger: no include cycle among its folders ($n includes across; cycles:${circ:- none})" \
    sh -c '[ -z "$1" ] && [ "$2" -gt 20 ]' _ "$circ" "$n"
up=$(upward "$T/logger.edges" "$LOGGER_LAYERS")
check "logger: each folder includes only those below it ($LOGGER_LAYERS; upward:${up:- none})" \
    [ -z "$up" ]
if [ -n "$RENDERER_LAYERS" ]; then
	edges renderer >"$T/renderer.edges"
	circ=$(cycles "$T/renderer.edges")
	check "renderer: no include cycle among its folders (cycles:${circ:- none})" \
	    [ -z "$circ" ]
	up=$(upward "$T/renderer.edges" "$RENDERER_LAYERS")
	check "renderer: each folder includes only those below it ($RENDERER_LAYERS; upward:${up:- none})" \
	    [ -z "$up" ]
fi

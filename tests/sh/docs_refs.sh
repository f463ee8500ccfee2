#!/bin/sh
# docs_refs.sh: every docs/ file the code, scripts and docs cite exists, and nothing cites a specification or notes outside the repository (issue 21: the docs own the formats).
. tests/sh/lib/tap.sh.inc

T=${BC_TMP:?BC_TMP must be set}
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	ok "docs references # SKIP not a git checkout"
	exit 0
fi
# The tracked text files that can cite a doc (the golden hashes cannot).
git ls-files | grep -v '^tests/golden/' | grep -Ev '\.(png|tgz|gz)$' \
    >"$T/files"
# Every docs/NAME.EXT cited, with the file citing it.
xargs grep -HoE 'docs/[A-Za-z0-9_-]+(/[A-Za-z0-9_.-]+)*\.(md|json|png)' \
    <"$T/files" 2>/dev/null | sort -u >"$T/refs"
n=$(wc -l <"$T/refs")
missing=$(cut -d: -f2 "$T/refs" | sort -u | while read -r ref; do
	[ -e "$ref" ] || printf ' %s (in %s)' "$ref" \
	    "$(grep -F ":$ref" "$T/refs" | head -n 1 | cut -d: -f1)"
done)
check "$n citations of docs/, each file there (missing:${missing:- none})" \
    sh -c '[ -z "$1" ] && [ "$2" -gt 50 ]' _ "$missing" "$n"
# The product's specification and our notes live outside the clone: the
# repository's docs say it all in our words (docs/formats.md, docs/tree.md).
outside=$(xargs grep -nE 'SPEC §|SPEC\.md|notes/formats|formats-v2' \
    <"$T/files" 2>/dev/null | grep -v '^tests/sh/docs_refs.sh:' | head -n 3)
check "no citation of SPEC or notes/ (${outside:-none})" [ -z "$outside" ]
# Markdown links between docs resolve.
broken=$(for f in docs/*.md; do
	grep -oE '\]\([A-Za-z0-9_.-]+\.md(#[^)]*)?\)' "$f" |
	    sed 's/^](\([^)#]*\).*/\1/' | while read -r l; do
		[ -e "docs/$l" ] || printf ' %s (in %s)' "$l" "$f"
	done
done)
check "links between docs resolve (broken:${broken:- none})" [ -z "$broken" ]
# INSTALL names every package scripts/deps.sh installs (issue 26 item 7).
pkgs=$(awk '/^[A-Z_]*_PKGS="/ { on = 1; sub(/^[A-Z_]*_PKGS="/, "") }
    on { end = sub(/"$/, ""); print; if (end) on = 0 }' scripts/deps.sh |
    tr ' ' '\n' | grep -v '^$' | sort -u)
absent=$(for p in $pkgs; do
	grep -qw -- "$p" INSTALL || printf ' %s' "$p"
done)
check "INSTALL lists the $(echo "$pkgs" | wc -l) packages of scripts/deps.sh (absent:${absent:- none})" \
    sh -c '[ -z "$1" ] && [ "$2" -gt 30 ]' _ "$absent" "$(echo "$pkgs" | wc -l)"

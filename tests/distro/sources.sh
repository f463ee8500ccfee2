#!/bin/sh
# sources.sh: prints, as one deb822 file, the apt sources of this machine
# that serve Debian 12 (suite bookworm*), read from /etc/apt/sources.list
# and /etc/apt/sources.list.d/*.list and *.sources at run time, so the
# distro image comes from the mirror this machine is set up to use.
#
#   tests/distro/sources.sh [APT_ETC]     (APT_ETC defaults to /etc/apt)
# Exit status: 0, or 2 when no enabled bookworm source was found.
set -eu

etc=${1:-/etc/apt}
suite_re='^bookworm(-[a-z]+)?$'

# One-line entries: "deb [opts] URI SUITE COMP...".
one_line() {
	awk -v re="$suite_re" '
	{ sub(/#.*/, "") }
	$1 != "deb" { next }
	{
		opts = ""; i = 2
		if ($2 ~ /^\[/) {
			while (i <= NF) { opts = opts " " $i; if ($i ~ /\]$/) break; i++ }
			i++
		}
		uri = $i; suite = $(i + 1); comps = ""
		for (j = i + 2; j <= NF; j++) comps = comps " " $j
		if (suite !~ re) next
		sb = ""
		if (match(opts, /signed-by=[^] ]*/))
			sb = substr(opts, RSTART + 10, RLENGTH - 10)
		printf "Types: deb\nURIs: %s\nSuites: %s\nComponents:%s\n", uri, suite, comps
		if (sb != "") printf "Signed-By: %s\n", sb
		print ""
	}' "$@"
}

# deb822 stanzas: keeps enabled "deb" ones, with only their bookworm suites.
deb822() {
	awk -v re="$suite_re" '
	function flush(   n, i, s, out) {
		if (types ~ /(^| )deb( |$)/ && enabled != "no" && uris != "") {
			n = split(suites, s, /[ \t]+/); out = ""
			for (i = 1; i <= n; i++) if (s[i] ~ re) out = out " " s[i]
			if (out != "") {
				printf "Types: deb\nURIs: %s\nSuites:%s\nComponents: %s\n", uris, out, comps
				if (sb != "") printf "Signed-By: %s\n", sb
				print ""
			}
		}
		types = uris = suites = comps = sb = enabled = ""; key = ""
	}
	/^[ \t]*#/ { next }
	/^[ \t]*$/ { flush(); next }
	/^[ \t]/ { next }	# continuation (an inline key block): not needed
	{
		key = tolower($1); sub(/:$/, "", key)
		v = $0; sub(/^[^:]*:[ \t]*/, "", v); sub(/[ \t]+$/, "", v)
		if (key == "types") types = v
		else if (key == "uris") uris = v
		else if (key == "suites") suites = v
		else if (key == "components") comps = v
		else if (key == "signed-by") sb = v
		else if (key == "enabled") enabled = tolower(v)
	}
	END { flush() }' "$@"
}

out=$(
	for f in "$etc/sources.list" "$etc"/sources.list.d/*.list; do
		[ -f "$f" ] && one_line "$f"
	done
	for f in "$etc"/sources.list.d/*.sources; do
		[ -f "$f" ] && deb822 "$f"
	done
	true
)
if [ -z "$out" ]; then
	echo "sources.sh: no enabled bookworm source in $etc" >&2
	exit 2
fi
printf '%s\n' "$out"

# man_pages.sh: lints the man pages (mandoc, groff); checks that every option of the programs' --help is in their man page and README, and every config key in bootchartd.conf(5).
top=$(pwd)
man=$top/docs/man

. "$(dirname "$0")/lib/tap.sh.inc"

# Prints the page as plain text: mandoc's overstrike bold/underline removed.
page_text() {
	mandoc -T ascii "$1" | sed 's/.\x08//g'
}

lint() {
	page=$1
	if ! command -v mandoc >/dev/null 2>&1; then
		echo "ok - mandoc lint $page # SKIP mandoc not installed"
	else
		out=$(mandoc -T lint "$man/$page" 2>&1)
		if [ -z "$out" ]; then ok "mandoc -T lint $page"; else
			notok "mandoc -T lint $page"; echo "$out" | sed 's/^/# /'; fi
	fi
	if ! command -v groff >/dev/null 2>&1; then
		echo "ok - groff lint $page # SKIP groff not installed"
		return
	fi
	out=$(groff -ww -z -man "$man/$page" 2>&1)
	if [ -z "$out" ]; then ok "groff -ww -z -man $page"; else
		notok "groff -ww -z -man $page"; echo "$out" | sed 's/^/# /'; fi
}

# Prints each option word (-x, --long) of a --help text, once.
help_options() {
	grep -oE '(^|[^A-Za-z0-9_/.-])--?[A-Za-z][A-Za-z0-9-]*' |
	    sed -E 's/^[^-]*//' | sort -u
}

# check_options NAME BINARY PAGE: every option of `BINARY --help` is in
# PAGE and in the README.
check_options() {
	name=$1 bin=$2 page=$3
	if [ ! -x "$bin" ]; then
		notok "$name --help: $bin not built"
		return
	fi
	help=$("$bin" --help 2>&1)
	rc=$?
	if [ $rc -ne 0 ]; then
		notok "$name --help exits 0 (got $rc: $(echo "$help" | head -n 1))"
		return
	fi
	opts=$(echo "$help" | help_options)
	if [ -z "$opts" ]; then
		notok "$name --help lists options"
		return
	fi
	text=$(page_text "$man/$page")
	missing=""
	for o in $opts; do
		echo "$text" | grep -qE -- "(^|[^A-Za-z0-9-])$o([^A-Za-z0-9-]|\$)" ||
		    missing="$missing $o"
	done
	if [ -z "$missing" ]; then
		ok "$page documents all $(echo "$opts" | wc -l) options of $name --help"
	else
		notok "$page lacks options of $name --help:$missing"
	fi
	missing=""
	for o in $opts; do
		grep -qE -- "(^|[^A-Za-z0-9-])$o([^A-Za-z0-9-]|\$)" README ||
		    missing="$missing $o"
	done
	if [ -z "$missing" ]; then
		ok "README lists all options of $name --help"
	else
		notok "README lacks options of $name --help:$missing"
	fi
}

# The README's first two commands stay `make demo` and `make check`.
first=$(grep -E '^    [a-z]' README | head -n 2 | awk '{ print $1, $2 }' | tr '\n' ';')
if [ "$first" = "make demo;make check;" ]; then
	ok "README's first two commands are make demo and make check"
else
	notok "README's first two commands are make demo and make check (got $first)"
fi

for p in bootchart-render.1 bootchartd.8 bootchartd.conf.5; do
	if [ -f "$man/$p" ]; then ok "$p exists"; else notok "$p exists"; continue; fi
	lint "$p"
done

check_options bootchart-render "$BC_RENDER" bootchart-render.1
check_options bootchartd "$BC_LOGGER" bootchartd.8

# Every key of the shipped config file, set or commented out, is documented.
conf=$top/scripts/bootchartd.conf
if [ ! -f "$conf" ]; then
	echo "ok - config keys documented # SKIP scripts/bootchartd.conf not present"
else
	keys=$(sed -nE 's/^[# ]*(export +)?([A-Z][A-Z0-9_]*)=.*/\2/p' "$conf" | sort -u)
	text=$(page_text "$man/bootchartd.conf.5")
	missing=""
	for k in $keys; do
		echo "$text" | grep -qw -- "$k" || missing="$missing $k"
	done
	if [ -n "$keys" ] && [ -z "$missing" ]; then
		ok "bootchartd.conf.5 documents all keys of scripts/bootchartd.conf"
	else
		notok "bootchartd.conf.5 documents the keys of scripts/bootchartd.conf (missing:${missing:- no keys found})"
	fi
fi

# The README's list of config keys is exactly the keys the parser
# accepts (logger/config/config.c compares each key with a string literal).
parser=$(sed -n 's/.*strcmp(key, "\([A-Z][A-Z0-9_]*\)").*/\1/p' \
    "$top/logger/config/config.c" | LC_ALL=C sort -u)
readme=$(awk '/^The keys of \/etc\/bootchartd.conf \(/ { on = 1 }
	on { print } on && /\)/ { exit }' "$top/README" |
    sed 's/^.*(//; s/).*$//' | tr ', ' '\n\n' | grep . | LC_ALL=C sort -u)
if [ -z "$parser" ]; then
	notok "config keys found in logger/config/config.c"
else
	same "README lists every config key the parser accepts, and no other" \
	    "$readme" "$parser"
fi
# bootchartd(8), not README.logger (not installed everywhere), is what
# the help points to.
check "bootchartd --help points to bootchartd(8)" \
    sh -c '"$1" --help | grep -q "bootchartd(8)" && ! "$1" --help | grep -q README' \
    sh "$BC_LOGGER"

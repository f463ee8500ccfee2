#!/bin/sh
# record-sets.sh: records the three sets of profiles of tests/data/sets/ with our own bootchartd and blesses their expected outputs (tests/sh/sets_fixtures.sh compares against them).
#
#   usage: tests/tools/record-sets.sh [--bless] [BUILD_DIR]
#     (no option)  record the sets again (root: the logger's private
#                  tmpfs), then bless
#     --bless      only rewrite the expected outputs from BUILD_DIR's
#                  renderer (default build/default), the logs kept
#
# Run from the top of the tree after `make`.  Each log is
#   NAP=S bootchartd start -c EMPTY -p 0.01 -o SET/run-NN.tgz -- sh -c 'fx-nap; :'
# where fx-nap is a small program compiled here that sleeps the seconds
# of $NAP: its command line is the same in every run, so that the sets
# line it up as one item, and only the environment says how long it
# sleeps.  a: NAP=0.2, b: NAP=0.5, c: NAP=0.2 (a again).  Six runs a
# set, recorded round by round (a, b, c, a, b, c, ...) so that whatever
# the machine was doing falls on the three sets alike.  Untraced, one
# sample every 10 ms: times are multiples of 10 ms.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
D=tests/data/sets
RUNS=6

bless_only=0
case ${1:-} in
--bless) bless_only=1; shift ;;
-*) echo "usage: $0 [--bless] [BUILD_DIR]" >&2; exit 1 ;;
esac
B=${1:-build/default}
R=$top/$B/bootchart-render
L=$top/$B/bootchartd
[ -x "$R" ] || { echo "$0: no $R (make first)" >&2; exit 1; }

# The expected outputs, rendered from inside $D by the sets' bare
# directory names, as sets_fixtures.sh renders them, so that no path of
# the checkout enters them.
bless() {
	(cd "$D" &&
	"$R" --compare a b >ab.table &&
	"$R" -v --compare a b >ab.vtable &&
	"$R" --json --compare a b >ab.jsonl &&
	"$R" -v --compare a c >ac.vtable &&
	"$R" --json --compare a c >ac.jsonl &&
	"$R" --json --discard-first 1 --compare a b >ab.d1.jsonl) ||
	    { echo "$0: rendering the sets failed" >&2; exit 1; }
	echo "blessed $D"
}

if [ $bless_only -eq 1 ]; then
	bless
	exit 0
fi

[ "$(id -u)" -eq 0 ] || { echo "$0: recording needs root" >&2; exit 1; }
command -v cc >/dev/null 2>&1 || { echo "$0: needs cc" >&2; exit 1; }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export BOOTCHARTD_RUNDIR=$T
printf '# empty\n' >"$T/empty.conf"
cat >"$T/nap.c" <<'EOC'
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <time.h>
int main(void) {
	const char *s = getenv("NAP");
	double d = s != NULL ? strtod(s, NULL) : 0;
	struct timespec t = { (time_t)d, (long)((d - (time_t)d) * 1e9) };
	return nanosleep(&t, NULL) != 0;
}
EOC
cc -O2 -o "$T/fx-nap" "$T/nap.c" || exit 1
# By its bare name through PATH: no path of this machine's in the logs'
# command lines.
PATH=$T:$PATH
export PATH

# Each set and the seconds fx-nap sleeps in it; the naps file keeps
# them for the test's expected shift (b's minus a's).
SETS="a:0.2 b:0.5 c:0.2"
rm -rf "$D/a" "$D/b" "$D/c"
mkdir -p "$D/a" "$D/b" "$D/c"
for s in $SETS; do echo "${s%%:*} ${s#*:}"; done >"$D/naps"
i=1
while [ $i -le $RUNS ]; do
	for s in $SETS; do
		set=${s%%:*}
		out=$D/$set/run-0$i.tgz
		NAP=${s#*:} "$L" start -c "$T/empty.conf" -p 0.01 -o "$T/run.tgz" \
		    -- sh -c 'fx-nap; :' >"$T/out" 2>"$T/err" ||
		    { cat "$T/err"; exit 1; }
		cp "$T/run.tgz" "$out"
		chmod 644 "$out"
	done
	i=$((i + 1))
done
echo "recorded on $(uname -r) ($(uname -m), $(nproc) CPUs): $(du -sh "$D" | cut -f1)"
bless

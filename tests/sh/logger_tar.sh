#!/bin/sh
# logger_tar.sh: bootchartd's tar.gz writer, read back by GNU tar, by
# libarchive (bsdtar) and by Python's tarfile with identical names,
# sizes, modes and bytes.
set -u
T=$BC_TMP
case $BC_BUILD in /*) B=$BC_BUILD ;; *) B=$(pwd)/$BC_BUILD ;; esac
mk=$B/tests/tools/tarw_mk
mkdir -p "$T/in" "$T/gnu" "$T/bsd"
cd "$T/in" || exit 1

# Sizes around the 512-byte block edges, an empty file, a binary one.
: >empty
head -c 511 /dev/urandom >b511
head -c 512 /dev/urandom >b512
head -c 513 /dev/urandom >b513
head -c 300000 /dev/urandom >big
printf '1 (init) S 0\n' >proc_ps.log
chmod 600 b511; chmod 640 b512; chmod 755 b513
files="empty b511 b512 b513 big proc_ps.log"
args=""
for f in $files; do args="$args $f=$T/in/$f"; done
# shellcheck disable=SC2086
if "$mk" "$T/out.tgz" $args; then
	echo "ok - writer made an archive"
else
	echo "not ok - writer failed"; exit 0
fi

gnu=$(tar -tvzf "$T/out.tgz" | awk '{print $6, $3, $1}')
bsd=$(bsdtar -tvzf "$T/out.tgz" | awk '{print $9, $5, $1}')
want=$(for f in $files; do
	printf '%s %s %s\n' "$f" "$(stat -c %s "$f")" "$(stat -c %A "$f")"
done)
[ "$gnu" = "$want" ] && echo "ok - GNU tar lists names, sizes, modes" ||
	{ echo "not ok - GNU tar listing"; echo "$gnu"; echo "want:"; echo "$want"; }
[ "$bsd" = "$want" ] && echo "ok - libarchive lists names, sizes, modes" ||
	{ echo "not ok - libarchive listing"; echo "$bsd"; }

(cd "$T/gnu" && tar -xzf "$T/out.tgz") &&
	echo "ok - GNU tar extracts without error" ||
	echo "not ok - GNU tar extraction"
(cd "$T/bsd" && bsdtar -xzf "$T/out.tgz") &&
	echo "ok - libarchive extracts without error" ||
	echo "not ok - libarchive extraction"
same=1
for f in $files; do
	cmp -s "$f" "$T/gnu/$f" || same=0
	cmp -s "$f" "$T/bsd/$f" || same=0
	[ "$(stat -c %a "$f")" = "$(stat -c %a "$T/gnu/$f")" ] || same=0
done
[ $same = 1 ] && echo "ok - extracted bytes and modes identical" ||
	echo "not ok - extracted contents differ"
# GNU tar's own integrity check: no "lone zero block" or trailing garbage.
if tar -tzf "$T/out.tgz" --warning=all >/dev/null 2>"$T/warn" &&
    [ ! -s "$T/warn" ]; then
	echo "ok - GNU tar reports no warnings"
else
	echo "not ok - GNU tar warnings: $(cat "$T/warn")"
fi
gzip -t "$T/out.tgz" && echo "ok - gzip -t accepts the stream" ||
	echo "not ok - gzip -t"
# The stream is gzip members of TARW_MEMBER bytes of tar each (tarw.h):
# this archive (over 300 KB) spans two, read as one stream by the tools
# above and by Python's tarfile as bootchart2's pybootchartgui opens it
# ('r:*'): the same names, sizes and bytes.
if command -v python3 >/dev/null 2>&1; then
	py=$(python3 - "$T/out.tgz" "$T/in" <<'EOP'
import sys, tarfile, zlib
path, src = sys.argv[1], sys.argv[2]
data, members = open(path, 'rb').read(), 0
while data:
    d = zlib.decompressobj(31)
    d.decompress(data)
    data, members = d.unused_data, members + 1
bad = []
with tarfile.open(path, 'r:*') as tf:
    for m in tf.getmembers():
        if tf.extractfile(m).read() != open(src + '/' + m.name, 'rb').read():
            bad.append(m.name)
    names = ' '.join(tf.getnames())
print(members, names, 'differ:' + ','.join(bad) if bad else 'same')
EOP
	)
	case $py in
	[2-9]*" empty b511 b512 b513 big proc_ps.log same")
		echo "ok - Python's tarfile reads the ${py%% *} gzip members as one archive" ;;
	*) echo "not ok - Python's tarfile: $py" ;;
	esac
else
	echo "ok - Python's tarfile # SKIP no python3"
fi

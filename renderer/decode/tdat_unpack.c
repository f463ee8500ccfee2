/* tdat_unpack.c: the decompression of trace.dat v7 sections and chunks: zstd and zlib through their libraries, bounded by the caps. */
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "caps.h"
#include "tdat_int.h"

static int
unzstd(struct tdat *t, const uint8_t *in, size_t n, uint8_t *out,
    size_t outlen, uint64_t off)
{
	size_t r = ZSTD_decompress(out, outlen, in, n);

	if (ZSTD_isError(r))
		return tdat_fail(t, off, "zstd: %s", ZSTD_getErrorName(r));
	if (r != outlen)
		return tdat_fail(t, off, "zstd: %zu bytes where %zu were "
		    "declared", r, outlen);
	return 0;
}

static int
unzlib(struct tdat *t, const uint8_t *in, size_t n, uint8_t *out,
    size_t outlen, uint64_t off)
{
	uLongf got = (uLongf)outlen;
	int r;

	if (n > ULONG_MAX)
		return tdat_fail(t, off, "zlib: too big");
	r = uncompress(out, &got, in, (uLong)n);
	if (r == Z_MEM_ERROR)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	if (r != Z_OK)
		return tdat_fail(t, off, "zlib: %s", r == Z_BUF_ERROR ?
		    "more data than declared" : "corrupt data");
	if (got != outlen)
		return tdat_fail(t, off, "zlib: %lu bytes where %zu were "
		    "declared", (unsigned long)got, outlen);
	return 0;
}

/*
 * Judged from the sizes the file declares, before anything is
 * unpacked: a bomb is refused at open, not after its first gigabyte of
 * events has been written out.  The budget is the source's (what the
 * user handed us: a 62 KB tarball holding a 13 MB trace.dat, which
 * unpacked to 1 GiB, had 200:1 of the member and 17 000:1 of the
 * tarball).
 */
int
tdat_declare(struct tdat *t, const char *part, uint64_t off, uint64_t csize,
    uint64_t usize)
{
	t->d->line = 0;
	if (usize > (uint64_t)CAP_RATIO_SLACK &&
	    usize / (csize ? csize : 1) >= CAP_RATIO)
		return cap_error(t->d, "%s at offset %llu: %llu bytes unpack "
		    "to %llu, more than %d:1 (a decompression bomb?)", part,
		    (unsigned long long)off, (unsigned long long)csize,
		    (unsigned long long)usize, CAP_RATIO);
	if (usize > t->unpack_cap - t->declared)
		return cap_error(t->d, "%s at offset %llu unpacks to %llu "
		    "bytes, %llu with the parts before: more than the %llu "
		    "that %llu bytes read may expand to (a decompression "
		    "bomb?)", part, (unsigned long long)off,
		    (unsigned long long)usize,
		    (unsigned long long)(t->declared + usize),
		    (unsigned long long)(t->unpack_cap + t->src.expanded),
		    (unsigned long long)t->src.handed);
	t->declared += usize;
	return 0;
}

int
tdat_unpack(struct tdat *t, const uint8_t *in, size_t n, uint8_t *out,
    size_t outlen, uint64_t off)
{
	if (outlen > t->unpack_cap - t->unpacked)
		return cap_error(t->d, "offset %llu: trace.dat decompresses "
		    "to more than %llu bytes (a decompression bomb?)",
		    (unsigned long long)off,
		    (unsigned long long)t->unpack_cap);
	t->unpacked += outlen;
	if (strcmp(t->comp, "zstd") == 0)
		return unzstd(t, in, n, out, outlen, off);
	if (strcmp(t->comp, "zlib") == 0)
		return unzlib(t, in, n, out, outlen, off);
	return tdat_fail(t, off, "compressed data, but the file's "
	    "compression is \"%s\"", t->comp);
}

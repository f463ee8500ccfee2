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

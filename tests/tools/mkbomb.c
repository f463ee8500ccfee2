/* mkbomb.c: test tool: writes a decompression bomb, a .tgz whose one member holds GiBs of one byte value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "tarw.h"

#define CHUNK (16u << 20)	/* one gzip member per 16 MiB of data */

static void
usage(void)
{
	fprintf(stderr, "usage: mkbomb NAME MIB FILL-BYTE OUT.tgz\n"
	    "  one tar member NAME of MIB mebibytes of FILL-BYTE, made of\n"
	    "  concatenated gzip members (gzip -dc reads it whole)\n");
}

/* The gzip form of len bytes at p, best compression; NULL on error. */
static unsigned char *
gzip_of(const unsigned char *p, size_t len, size_t *outlen)
{
	z_stream z;
	size_t cap = len / 100 + 4096;
	unsigned char *out;

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9,
	    Z_DEFAULT_STRATEGY) != Z_OK)
		return NULL;
	cap = deflateBound(&z, (uLong)len);
	if ((out = malloc(cap)) == NULL) {
		deflateEnd(&z);
		return NULL;
	}
	z.next_in = (unsigned char *)p;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	if (deflate(&z, Z_FINISH) != Z_STREAM_END) {
		deflateEnd(&z);
		free(out);
		return NULL;
	}
	*outlen = z.total_out;
	deflateEnd(&z);
	return out;
}

static int
put(FILE *f, const unsigned char *p, size_t len)
{
	size_t gzlen;
	unsigned char *gz = gzip_of(p, len, &gzlen);
	int rc;

	if (gz == NULL)
		return -1;
	rc = fwrite(gz, 1, gzlen, f) == gzlen ? 0 : -1;
	free(gz);
	return rc;
}

int
main(int argc, char **argv)
{
	unsigned char hdr[512], end[1024];
	unsigned char *data, *gz;
	unsigned long long mib, left;
	size_t gzlen;
	FILE *f;

	if (argc != 5) {
		usage();
		return 1;
	}
	mib = strtoull(argv[2], NULL, 10);
	if ((data = malloc(CHUNK)) == NULL || (f = fopen(argv[4], "wb")) ==
	    NULL) {
		perror("mkbomb");
		return 1;
	}
	memset(data, (int)strtol(argv[3], NULL, 0), CHUNK);
	if (tarw_header(hdr, argv[1], 0644, 0, mib << 20) != 0) {
		fprintf(stderr, "mkbomb: %s: name too long or size too large\n",
		    argv[1]);
		return 1;
	}
	memset(end, 0, sizeof(end));
	/* Every full chunk compresses the same: compress it once. */
	if (put(f, hdr, sizeof(hdr)) != 0 ||
	    (gz = gzip_of(data, CHUNK, &gzlen)) == NULL)
		return 1;
	for (left = mib << 20; left >= CHUNK; left -= CHUNK)
		if (fwrite(gz, 1, gzlen, f) != gzlen)
			return 1;
	if ((left > 0 && put(f, data, (size_t)left) != 0) ||
	    put(f, end, sizeof(end)) != 0 || fclose(f) != 0) {
		perror(argv[4]);
		return 1;
	}
	free(gz);
	free(data);
	return 0;
}

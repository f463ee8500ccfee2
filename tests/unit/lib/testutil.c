/* testutil.c: helpers shared by the unit tests (paths under ../shared, whole-file reads). */
#include <stdio.h>
#include <stdlib.h>

#include "testutil.h"

const char *
shared_path(const char *rel)
{
	static char buf[4096];
	const char *base = getenv("BC_SHARED");

	snprintf(buf, sizeof(buf), "%s/%s", base ? base : "../shared", rel);
	return buf;
}

char *
read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *nb;
	size_t n = 0, cap = 0, r;

	if (f == NULL)
		return NULL;
	for (;;) {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 131072;
			if ((nb = realloc(buf, cap + 1)) == NULL) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (r == 0)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

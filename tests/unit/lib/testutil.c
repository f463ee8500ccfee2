/* testutil.c: helpers shared by the unit tests (paths under ../shared, whole-file reads). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "input.h"
#include "testutil.h"

/*
 * A clone without ../shared beside it has no reference logs: the tests
 * that read them are skipped, not failed, with the reason said once.
 */
const char *
shared_path(const char *rel)
{
	static char buf[4096];
	static int told;
	const char *base = getenv("BC_SHARED");
	struct stat st;

	if (base == NULL)
		base = "../shared";
	snprintf(buf, sizeof(buf), "%s/data", base);
	if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
		if (!told++)
			printf("# %s not found: tests of the reference logs "
			    "are skipped (../shared must sit beside the "
			    "clone)\n", buf);
		skip();
	}
	snprintf(buf, sizeof(buf), "%s/%s", base, rel);
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

int
read_memory_log(struct bootlog *t, const void *buf, size_t len,
    const char *label, struct diag *d)
{
	struct tracefile tf = { 0 };
	int r = input_read_memory(t, &tf, buf, len, label, d);

	tracefile_free(&tf);
	return r;
}

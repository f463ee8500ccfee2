/* tracefs_text.c: what tracefs's control files read as: the choice in brackets of a list (trace_clock), a buffer's size (buffer_size_kb). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracefs_text.h"

int
tracefs_chosen(const char *text, char *out, size_t cap)
{
	const char *a = strchr(text, '['), *b = a != NULL ? strchr(a, ']') :
	    NULL;

	if (b == NULL)
		return -1;
	snprintf(out, cap, "%.*s", (int)(b - a - 1), a + 1);
	return 0;
}

uint64_t
tracefs_size_kb(const char *text)
{
	const char *x = strstr(text, "expanded:");

	return strtoull(x != NULL ? x + 9 : text, NULL, 10);
}

/* bytes.c: numbers in files: a field of a trace's byte order, a hex address in kallsyms' text. */
#include <string.h>

#include "bytes.h"

int
bytes_host_big(void)
{
	const uint16_t one = 1;

	return *(const uint8_t *)&one == 0;
}

/* A trace's fields are 1, 2, 4 or 8 bytes: those are one load each. */
static int
bytes_load(const uint8_t *p, size_t size, int big, uint64_t *v)
{
	uint16_t v16;
	uint32_t v32;

	if (big != bytes_host_big())
		return -1;
	switch (size) {
	case 1: *v = p[0]; return 0;
	case 2: memcpy(&v16, p, 2); *v = v16; return 0;
	case 4: memcpy(&v32, p, 4); *v = v32; return 0;
	case 8: memcpy(v, p, 8); return 0;
	default: return -1;
	}
}

uint64_t
bytes_uint(const uint8_t *p, size_t size, int big)
{
	uint64_t v = 0;
	size_t i;

	if (bytes_load(p, size, big, &v) == 0)
		return v;
	for (i = 0; i < size && i < 8; i++)
		v |= (uint64_t)p[big ? size - 1 - i : i] << (8 * i);
	return v;
}

size_t
bytes_hex(const char *p, const char *e, uint64_t *v)
{
	size_t n = 0;
	int c, d;

	*v = 0;
	for (; p < e && n < 17; p++, n++) {
		c = *p;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			break;
		*v = *v << 4 | (uint64_t)d;
	}
	return n;
}

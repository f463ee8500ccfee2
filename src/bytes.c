/* bytes.c: numbers in files: a field of a trace's byte order, a hex address in kallsyms' text. */
#include "bytes.h"

uint64_t
bytes_uint(const uint8_t *p, size_t size, int big)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < size && i < 8; i++)
		v |= (uint64_t)p[big ? size - 1 - i : i] << (8 * i);
	return v;
}

int
bytes_host_big(void)
{
	const uint16_t one = 1;

	return *(const uint8_t *)&one == 0;
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

/* jsonw.c: the pieces of our JSON outputs: strings from log bytes, numbers, whole-millisecond times. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "utf8.h"

/*
 * RFC 8259 strings from log bytes: valid UTF-8 passes, every control
 * (C0, DEL, C1) and U+2028/U+2029 (which break JavaScript) become
 * \uXXXX, so the output is safe on a terminal; each byte that is not
 * part of valid UTF-8 becomes U+FFFD.
 */
void
json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, k;
	uint32_t cp;

	if (s == NULL) {
		fputs("null", f);
		return;
	}
	putc('"', f);
	for (n = strlen(s); n > 0; p += k, n -= k) {
		k = 1;
		if (*p == '"' || *p == '\\') {
			putc('\\', f);
			putc(*p, f);
		} else if (*p >= 0x20 && *p < 0x7f)
			putc(*p, f);
		else if (*p < 0x80)
			fprintf(f, "\\u%04x", *p);
		else if ((k = utf8_decode(p, n, &cp)) == 0) {
			fputs("\\ufffd", f);
			k = 1;
		} else if (utf8_is_control(cp))
			fprintf(f, "\\u%04" PRIx32, cp);
		else
			fwrite(p, 1, k, f);
	}
	putc('"', f);
}

/* JSON has no NaN or infinity; the parsers never make them, but be safe. */
void
json_num(FILE *f, double v, int decimals)
{
	if (!isfinite(v))
		v = 0;
	fprintf(f, "%.*f", decimals, v);
}

/*
 * The fewest significant digits (15 to 17) that read back as the same
 * double: a reader recomputing from the rows (a q from the p-values, a
 * median from the values) gets our numbers exactly, not ten digits'.
 */
void
json_real(FILE *f, double v)
{
	char buf[32];
	int digits;

	if (!isfinite(v)) {
		fputs("null", f);
		return;
	}
	if (v == 0)
		v = 0.0;	/* no "-0" */
	for (digits = 15; digits < 17; digits++) {
		snprintf(buf, sizeof(buf), "%.*g", digits, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	fprintf(f, "%.*g", digits, v);
}

void
json_key_real(FILE *f, const char *key, double v)
{
	fprintf(f, ", \"%s\": ", key);
	json_real(f, v);
}

/* A time as the schema's whole milliseconds (rounded half away from 0). */
void
json_ms(FILE *f, usec_t t)
{
	int64_t ms = t >= 0 ? (t + USEC_PER_MS / 2) / USEC_PER_MS :
	    -((-t + USEC_PER_MS / 2) / USEC_PER_MS);

	fprintf(f, "%" PRId64, ms);
}

void
json_ms_or_null(FILE *f, int known, usec_t t)
{
	if (known)
		json_ms(f, t);
	else
		fputs("null", f);
}

/* `, "KEY": VALUE` after the first member of an object. */
void
json_key_string(FILE *f, const char *key, const char *v)
{
	fprintf(f, ", \"%s\": ", key);
	json_string(f, v);
}

void
json_key_ms(FILE *f, const char *key, usec_t t)
{
	fprintf(f, ", \"%s\": ", key);
	json_ms(f, t);
}

void
json_key_num(FILE *f, const char *key, double v, int decimals)
{
	fprintf(f, ", \"%s\": ", key);
	json_num(f, v, decimals);
}

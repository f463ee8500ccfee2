/* pidstat.c: parse one /proc/[PID]/stat line, and escape its name for a log (shared by logger and renderer). */
#include <string.h>

#include "pidstat.h"

/* Below this many digits a value cannot overflow int64_t. */
#define SAFE_DIGITS 18

/*
 * Reads a decimal number at *p (optional '-'); advances *p.  This runs
 * about twenty times per line of a log that may be hundreds of MB, so
 * the overflow check is only paid on long numbers.
 */
static int
number(const char **p, const char *end, int64_t *out, int allow_neg)
{
	const char *s = *p, *first;
	int neg = 0;
	uint64_t v = 0;

	if (s < end && *s == '-' && allow_neg) {
		neg = 1;
		s++;
	}
	first = s;
	while (s < end && (unsigned)(*s - '0') <= 9) {
		if (s - first >= SAFE_DIGITS && v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
		s++;
	}
	if (s == first || v > (uint64_t)INT64_MAX)
		return -1;
	*out = neg ? -(int64_t)v : (int64_t)v;
	*p = s;
	return 0;
}

/* Steps over a number whose value is not needed; 0, or -1 if none. */
static int
skip_number(const char **p, const char *end)
{
	const char *s = *p;

	if (s < end && *s == '-')
		s++;
	if (s >= end || (unsigned)(*s - '0') > 9)
		return -1;
	while (s < end && (unsigned)(*s - '0') <= 9)
		s++;
	*p = s;
	return 0;
}

static void
skip_spaces(const char **p, const char *end)
{
	while (*p < end && (**p == ' ' || **p == '\t'))
		(*p)++;
}

/* 1 for the bytes a logged name holds only as \ooo. */
static int
must_escape(unsigned char c)
{
	return c < 0x20 || c == 0x7f || c == '\\';
}

static int
is_octal(char c)
{
	return c >= '0' && c <= '7';
}

size_t
log_escape(char *dst, const char *src, size_t n, int keep_nul)
{
	size_t i, k = 0;
	unsigned char c;

	for (i = 0; i < n; i++) {
		c = (unsigned char)src[i];
		if (!must_escape(c) || (c == 0 && keep_nul)) {
			dst[k++] = (char)c;
			continue;
		}
		dst[k++] = '\\';
		dst[k++] = (char)('0' + (c >> 6));
		dst[k++] = (char)('0' + (c >> 3 & 7));
		dst[k++] = (char)('0' + (c & 7));
	}
	return k;
}

size_t
log_unescape(char *dst, size_t cap, const char *p, size_t len)
{
	const char *end = p + len;
	size_t n = 0;

	if (cap == 0)
		return 0;
	while (p < end && n < cap - 1) {
		if (*p == '\\' && end - p >= 4 && p[1] >= '0' &&
		    p[1] <= '3' && is_octal(p[2]) && is_octal(p[3])) {
			dst[n++] = (char)((p[1] - '0') << 6 |
			    (p[2] - '0') << 3 | (p[3] - '0'));
			p += 4;
		} else
			dst[n++] = *p++;
	}
	dst[n] = '\0';
	return n;
}

size_t
log_label(char *dst, size_t cap, const char *p, size_t len)
{
	size_t i, n = log_unescape(dst, cap, p, len);

	for (i = 0; i < n; i++)
		if ((unsigned char)dst[i] < 0x20 || dst[i] == 0x7f)
			dst[i] = ' ';
	return n;
}

/* Copies the name [p, end) into out->comm, decoding \ooo when `decode`. */
static void
copy_name(const char *p, const char *end, struct pidstat *out, int decode)
{
	size_t n = (size_t)(end - p);

	/* Nearly every name holds no escape. */
	if (!decode || memchr(p, '\\', n) == NULL) {
		if (n >= sizeof(out->comm))
			n = sizeof(out->comm) - 1;
		memcpy(out->comm, p, n);
		out->comm[n] = '\0';
		return;
	}
	log_unescape(out->comm, sizeof(out->comm), p, n);
}

int
pidstat_name_at(const char *line, size_t len, size_t *open, size_t *close)
{
	const char *o = memchr(line, '(', len), *c;

	if (o == NULL || (c = memrchr(o, ')', (size_t)(line + len - o))) ==
	    NULL)
		return -1;
	*open = (size_t)(o - line);
	*close = (size_t)(c - line);
	return 0;
}

size_t
pidstat_escape(char *line, size_t len, size_t room)
{
	char *open, *close, *src, *dst;
	size_t k = 0, o, c0;
	unsigned char c;

	if (pidstat_name_at(line, len, &o, &c0) != 0)
		return len;
	open = line + o;
	close = line + c0;
	for (src = open + 1; src < close; src++)
		k += must_escape((unsigned char)*src);
	if (k == 0)
		return len;
	if (len + 3 * k > room)
		return 0;
	/* The rest of the line moves right; the name is rewritten backwards. */
	memmove(close + 3 * k, close, (size_t)(line + len - close));
	dst = close + 3 * k;
	for (src = close - 1; src > open; src--) {
		c = (unsigned char)*src;
		if (!must_escape(c)) {
			*--dst = (char)c;
			continue;
		}
		*--dst = (char)('0' + (c & 7));
		*--dst = (char)('0' + (c >> 3 & 7));
		*--dst = (char)('0' + (c >> 6));
		*--dst = '\\';
	}
	return len + 3 * k;
}

/* The value a hidden field takes (1-based field number), or 0: kept. */
static char
hidden_as(int field, const char *v, size_t n)
{
	if (field == 26 || field == 27)
		return n == 1 && v[0] == '0' ? '0' : '1';
	if ((field >= 28 && field <= 30) || (field >= 45 && field <= 51))
		return '0';
	return 0;
}

size_t
pidstat_hide_addresses(char *line, size_t len)
{
	char *r, *w, *end = line + len;
	size_t n, open, close;
	int field = 2;
	char as;

	if (pidstat_name_at(line, len, &open, &close) != 0)
		return len;
	/* Fields after the name, each a space and a value, rewritten forward. */
	for (r = w = line + close + 1; r < end && *r == ' ';) {
		field++;
		for (n = 1; r + n < end && r[n] != ' ' && r[n] != '\n'; n++)
			;
		as = hidden_as(field, r + 1, n - 1);
		if (as != 0 && n > 1) {
			w[0] = ' ';
			w[1] = as;
			w += 2;
		} else {
			memmove(w, r, n);
			w += n;
		}
		r += n;
	}
	memmove(w, r, (size_t)(end - r));
	return (size_t)(w - line) + (size_t)(end - r);
}

static int
parse(const char *line, size_t len, struct pidstat *out, const char **why,
    int decode)
{
	const char *p = line, *end = line + len;
	size_t o, c;
	int64_t v, field[20];
	int i, rc;

	out->state = 0;
	out->ppid = 0;
	out->utime = out->stime = out->starttime = 0;
	out->comm[0] = '\0';
	skip_spaces(&p, end);
	if (number(&p, end, &out->pid, 0) != 0 || out->pid <= 0) {
		*why = "bad PID";
		return -1;
	}
	if (pidstat_name_at(p, (size_t)(end - p), &o, &c) != 0) {
		*why = "no command name in parentheses";
		return -1;
	}
	copy_name(p + o + 1, p + c, out, decode);

	p += c + 1;
	skip_spaces(&p, end);
	if (p >= end || *p == ' ') {
		*why = "line cut short";
		return -1;
	}
	out->state = *p++;
	/* Fields 1..19 after the name: ppid ... starttime. */
	for (i = 1; i <= 19; i++) {
		skip_spaces(&p, end);
		if (p >= end) {
			*why = "line cut short";
			return -1;
		}
		/* Only ppid, utime, stime and starttime are kept. */
		if (i == 1 || i == 11 || i == 12 || i == 19) {
			rc = number(&p, end, &v, 1);
			field[i] = v;
		} else
			rc = skip_number(&p, end);
		if (rc != 0) {
			*why = "non-numeric field";
			return -1;
		}
	}
	out->ppid = field[1];
	if (field[11] < 0 || field[12] < 0 || field[19] < 0) {
		*why = "negative CPU time";
		return -1;
	}
	out->utime = (uint64_t)field[11];
	out->stime = (uint64_t)field[12];
	out->starttime = (uint64_t)field[19];
	return 0;
}

int
pidstat_parse(const char *line, size_t len, struct pidstat *out,
    const char **why)
{
	return parse(line, len, out, why, 1);
}

int
pidstat_parse_raw(const char *line, size_t len, struct pidstat *out,
    const char **why)
{
	return parse(line, len, out, why, 0);
}

long
pidstat_uid(const char *status, size_t len)
{
	const char *end = status + len, *u;
	long v = 0;
	int digits = 0;

	/* The first line is "Name:", so the Uid line follows a newline. */
	if ((u = memmem(status, len, "\nUid:", 5)) == NULL)
		return -1;
	for (u += 5; u < end && (*u == '\t' || *u == ' '); u++)
		;
	for (; u < end && *u >= '0' && *u <= '9' && digits < 10; u++)
		v = v * 10 + (*u - '0'), digits++;
	return digits > 0 ? v : -1;
}

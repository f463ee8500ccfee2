/* pidstat.c: parse one /proc/[PID]/stat line (shared by logger and renderer). */
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

int
pidstat_parse(const char *line, size_t len, struct pidstat *out,
    const char **why)
{
	const char *p = line, *end = line + len, *open, *close;
	int64_t v, field[20];
	size_t n;
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
	open = memchr(p, '(', (size_t)(end - p));
	close = open ? memrchr(open, ')', (size_t)(end - open)) : NULL;
	if (open == NULL || close == NULL) {
		*why = "no command name in parentheses";
		return -1;
	}
	n = (size_t)(close - open - 1);
	if (n >= sizeof(out->comm))
		n = sizeof(out->comm) - 1;
	memcpy(out->comm, open + 1, n);
	out->comm[n] = '\0';

	p = close + 1;
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

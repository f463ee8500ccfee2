/* sets_limits.c: the --thresholds file of sets of logs: "KIND NAME (METRIC) MS" per line, as the text table names each item, '#' comments (docs/sets.md). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "sets_limits.h"
#include "slurp.h"

/* The file's size cap: SETS_LIMITS_MAX lines of a long name. */
#define LIMITS_FILE_MAX ((size_t)SETS_LIMITS_MAX * 256)

/* Trims blanks at both ends of [*s, *e). */
static void
trim(const char **s, const char **e)
{
	while (*s < *e && (**s == ' ' || **s == '\t'))
		(*s)++;
	while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t' ||
	    (*e)[-1] == '\r'))
		(*e)--;
}

/*
 * One line [s, e) into l: the kind up to the first blank, the MS after
 * the last, the metric in the parentheses before it, the name between.
 * NULL, or what is wrong.
 */
static const char *
parse_line(const char *s, const char *e, struct set_limit *l)
{
	const char *k, *ms, *open, *close;
	char num[64], *end;

	for (k = s; k < e && *k != ' ' && *k != '\t'; k++)
		;
	if ((l->kind = item_kind_named(s, (size_t)(k - s))) < 0)
		return "the kind is not phase, critical, critical-process, "
		    "unit, initcall or process";
	for (ms = e; ms > k && ms[-1] != ' ' && ms[-1] != '\t'; ms--)
		;
	if (ms <= k || (size_t)(e - ms) >= sizeof(num))
		return "no MS (milliseconds, a number >= 0) at the end";
	memcpy(num, ms, (size_t)(e - ms));
	num[e - ms] = '\0';
	errno = 0;
	l->ms = strtod(num, &end);
	if (errno != 0 || *end != '\0' || !isfinite(l->ms) || l->ms < 0)
		return "no MS (milliseconds, a number >= 0) at the end";
	close = ms;
	trim(&k, &close);
	if (close == k || close[-1] != ')' ||
	    (open = memrchr(k, '(', (size_t)(close - k))) == NULL ||
	    (l->metric = item_metric_named(open + 1,
	    (size_t)(close - open - 2))) < 0)
		return "no (time), (start), (duration) or (cpu) before MS";
	trim(&k, &open);
	if (open == k)
		return "no name";
	l->name = strndup(k, (size_t)(open - k));
	return l->name == NULL ? "out of memory" : NULL;
}

int
sets_limits_parse(struct set_limits *ls, const char *buf, size_t len,
    const char *label, struct diag *d)
{
	const char *p = buf, *end = buf + len, *nl, *s, *e, *why;
	struct set_limit l;
	long line = 0;

	memset(ls, 0, sizeof(*ls));
	for (; p < end; p = nl + 1) {
		line++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		s = p;
		e = nl;
		trim(&s, &e);
		if (s == e || *s == '#')
			continue;
		memset(&l, 0, sizeof(l));
		if (memchr(s, '\0', (size_t)(e - s)) != NULL)
			why = "a NUL byte";
		else if (ls->n >= SETS_LIMITS_MAX)
			why = "more lines than SETS_LIMITS_MAX";
		else
			why = parse_line(s, e, &l);
		if (why == NULL && grow_array((void **)&ls->v, &ls->cap, ls->n,
		    sizeof(*ls->v)) != 0)
			why = "out of memory";
		if (why != NULL) {
			free(l.name);
			return diag_error_status(d, EXIT_BADINPUT, "%s:%ld: %s",
			    label, line, why);
		}
		ls->v[ls->n++] = l;
	}
	return 0;
}

int
sets_limits_read(struct set_limits *ls, const char *path, struct diag *d)
{
	size_t len;
	char *buf;
	int rc;

	memset(ls, 0, sizeof(*ls));
	if ((buf = slurp_at(AT_FDCWD, path, LIMITS_FILE_MAX, &len)) == NULL)
		return diag_error_status(d, EXIT_BADINPUT, "%s: %s", path,
		    errno != 0 ? strerror(errno) : "cannot read");
	rc = sets_limits_parse(ls, buf, len, path, d);
	free(buf);
	return rc;
}

struct set_limit *
sets_limit_of(const struct set_limits *ls, const struct set_item *it)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		if (ls->v[i].kind == it->kind && ls->v[i].metric == it->metric &&
		    strcmp(ls->v[i].name, it->name) == 0)
			return &ls->v[i];
	return NULL;
}

void
sets_limits_free(struct set_limits *ls)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		free(ls->v[i].name);
	free(ls->v);
	memset(ls, 0, sizeof(*ls));
}

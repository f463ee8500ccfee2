/* tdat_meta.c: trace.dat's pid names (saved_cmdlines) and option texts. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tdat_int.h"

int
tdat_set_text(struct tdat *t, char **dst, const uint8_t *p, size_t len)
{
	const uint8_t *nul = memchr(p, '\0', len);
	char *s;

	if (nul != NULL)
		len = (size_t)(nul - p);
	while (len > 0 && (p[len - 1] == '\n' || p[len - 1] == ' '))
		len--;
	if (len > CAP_TRACE_NAME * 16)
		len = CAP_TRACE_NAME * 16;
	if ((s = strndup((const char *)p, len)) == NULL)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	free(*dst);
	*dst = s;
	return 0;
}

/* "PID COMM": 0 and the parts, or -1 when the line is not that. */
static int
cmdline(const char *p, const char *end, int *pid, const char **comm)
{
	long v = 0;
	int digits = 0;

	for (; p < end && *p >= '0' && *p <= '9' && digits < 10; p++, digits++)
		v = v * 10 + (*p - '0');
	if (digits == 0 || v > INT32_MAX || p == end || *p != ' ')
		return -1;
	*pid = (int)v;
	*comm = p + 1;
	return 0;
}

static int
by_pid(const void *a, const void *b)
{
	const struct tcmdline *x = a, *y = b;

	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

int
tdat_cmdlines(struct tdat *t, const char *text, size_t len, uint64_t off)
{
	const char *p = text, *end = text + len, *nl, *comm;
	struct tcmdline c;
	size_t n;

	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (cmdline(p, nl, &c.pid, &comm) != 0)
			continue;	/* trace-cmd skips such lines too */
		if (cap_check(t->d, t->ncmds, CAP_TRACE_CMDLINES,
		    "saved command lines") != 0)
			return -1;
		n = (size_t)(nl - comm);
		if (n > CAP_TRACE_NAME)
			n = CAP_TRACE_NAME;
		if (grow_array((void **)&t->cmds, &t->cmds_cap, t->ncmds,
		    sizeof(*t->cmds)) != 0 ||
		    (c.comm = strndup(comm, n)) == NULL)
			return diag_error_status(t->d, EXIT_NOMEM,
			    "out of memory");
		t->cmds[t->ncmds++] = c;
	}
	if (t->ncmds > 1)
		qsort(t->cmds, t->ncmds, sizeof(*t->cmds), by_pid);
	return 0;
}

const char *
tdat_comm(const struct tdat *t, int pid)
{
	const struct tcmdline *c;
	struct tcmdline key;

	key.pid = pid;
	if (t->ncmds == 0 || (c = bsearch(&key, t->cmds, t->ncmds,
	    sizeof(*t->cmds), by_pid)) == NULL)
		return NULL;
	return c->comm;
}

/* logparse.c: the parse stage's state over one log: staged texts, cap counters, the finish. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "logparse.h"

void
logparse_init(struct logparse *lp, struct bootlog *t)
{
	memset(lp, 0, sizeof(*lp));
	lp->log = t;
}

static void
texts_free(struct pidtexts *v)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		free(v->v[i].text);
	free(v->v);
	memset(v, 0, sizeof(*v));
}

void
logparse_free(struct logparse *lp)
{
	texts_free(&lp->names);
	texts_free(&lp->cmdlines);
	texts_free(&lp->units);
	tracefile_free(&lp->trace);
}

int
logparse_add_text(struct pidtexts *v, int64_t pid, const char *text)
{
	char *s;

	if (grow_array((void **)&v->v, &v->cap, v->n, sizeof(*v->v)) != 0)
		return -1;
	if ((s = strdup(text)) == NULL)
		return -1;
	v->v[v->n].pid = pid;
	v->v[v->n].text = s;
	v->n++;
	return 0;
}

int
logparse_count_name(struct logparse *lp, struct diag *d, const char *name)
{
	if (cap_check(d, lp->name_bytes, CAP_NAME_BYTES,
	    "bytes of process names") != 0)
		return -1;
	lp->name_bytes += strlen(name) + 1;
	return 0;
}

void
logparse_clear_processes(struct logparse *lp)
{
	bootlog_clear_processes(lp->log);
	lp->nsamples = lp->name_bytes = 0;
	lp->ps_blocks = 0;
}

enum text_kind { TEXT_NAME, TEXT_CMDLINE, TEXT_UNIT };

/*
 * Applies PID-keyed texts to the newest process of each PID; a later
 * entry for the same PID wins because it is applied last (bootchartd
 * logs a process again after an exec).
 */
static int
apply_texts(struct bootlog *t, const struct pidtexts *v, enum text_kind kind)
{
	struct process *p;
	char *s, **field;
	size_t i;

	for (i = 0; i < v->n; i++) {
		if ((p = bootlog_find_pid(t, v->v[i].pid)) == NULL)
			continue;
		if (kind == TEXT_NAME) {
			if (process_set_name(p, v->v[i].text) != 0)
				return -1;
			continue;
		}
		field = kind == TEXT_CMDLINE ? &p->cmdline : &p->unit;
		if ((s = strdup(v->v[i].text)) == NULL)
			return -1;
		free(*field);
		*field = s;
	}
	return 0;
}

int
logparse_finish(struct logparse *lp, struct diag *d)
{
	struct bootlog *t = lp->log;
	int rc = 0;

	/* Java's int division in whole milliseconds. */
	if (lp->ps_blocks > 0)
		t->sample_period_us = (t->ps_first_us <= t->ps_last_us ?
		    (t->ps_last_us - t->ps_first_us) / USEC_PER_MS /
		    lp->ps_blocks : 0) * USEC_PER_MS;
	if (bootlog_finish(t, d) != 0)
		rc = -1;
	else if (apply_texts(t, &lp->names, TEXT_NAME) != 0 ||
	    apply_texts(t, &lp->cmdlines, TEXT_CMDLINE) != 0 ||
	    apply_texts(t, &lp->units, TEXT_UNIT) != 0)
		rc = diag_error_status(d, EXIT_NOMEM, "out of memory");
	else if (logparse_apply_acct(t, d) != 0)
		rc = -1;
	logparse_free(lp);
	return rc;
}

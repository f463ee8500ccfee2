/* sets_items.c: the pieces of reading sets that a worker process and the reading process share: a log read into its items and idents, its items merged into the sets' table, an item's sets summarised and compared (docs/sets.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "report.h"
#include "sets_int.h"

static const char *const ident_names[SID_COUNT] = {
	[SID_HOST] = "host",
	[SID_KERNEL] = "kernel", [SID_CMDLINE] = "command line",
	[SID_CLOCKSOURCE] = "clocksource", [SID_FIRMWARE] = "firmware",
	[SID_VERSION] = "bootchartd version", [SID_BOOT_ID] = "boot id",
};

const char *
set_name(int side)
{
	return side == SET_A ? "A" : "B";
}

const char *
set_ident_name(int ident)
{
	return ident >= 0 && ident < SID_COUNT ? ident_names[ident] : "?";
}

static char *
dup_or_null(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

/* The kernel's release: system.uname's second word ("Linux 6.1.0-9 ..."). */
static char *
kernel_release(const struct bootlog *t)
{
	const char *u = bootlog_header(t, "system.uname"), *e;

	if (u == NULL || (u = strchr(u, ' ')) == NULL)
		return NULL;
	u++;
	e = u + strcspn(u, " ");
	return e > u ? strndup(u, (size_t)(e - u)) : NULL;
}

/* The machine: the title's "Boot chart for HOST (DATE)", every logger's. */
static char *
host_of(const struct bootlog *t)
{
	static const char lead[] = "Boot chart for ";
	const char *s = bootlog_header(t, "title"), *e;

	if (s == NULL || strncmp(s, lead, sizeof(lead) - 1) != 0)
		return NULL;
	s += sizeof(lead) - 1;
	if ((e = strstr(s, " (")) == NULL)
		e = s + strlen(s);
	return e > s ? strndup(s, (size_t)(e - s)) : NULL;
}

static void
idents(struct set_boot *sb, const struct bootlog *t)
{
	sb->ident[SID_HOST] = host_of(t);
	sb->ident[SID_KERNEL] = kernel_release(t);
	sb->ident[SID_CMDLINE] = dup_or_null(bootlog_header(t,
	    "system.kernel.options"));
	sb->ident[SID_CLOCKSOURCE] = dup_or_null(bootlog_header(t,
	    "system.clocksource"));
	sb->ident[SID_FIRMWARE] = dup_or_null(bootlog_header(t,
	    "system.firmware"));
	sb->ident[SID_VERSION] = dup_or_null(bootlog_header(t, "version"));
	sb->ident[SID_BOOT_ID] = dup_or_null(bootlog_header(t,
	    "system.boot_id"));
}

/* Appends one value to an item's side. */
static int
add_value(struct set_item *it, int side, size_t boot, double ms)
{
	if (grow_array((void **)&it->v[side], &it->cap[side], it->n[side],
	    sizeof(*it->v[side])) != 0)
		return -1;
	it->v[side][it->n[side]++] = (struct set_value){ boot, ms };
	return 0;
}

static int
key_cmp(const struct set_item *t, const struct item *i)
{
	struct item k = { t->kind, t->metric, t->name, 0, 0 };

	return item_cmp(&k, i);
}

/*
 * Merges one boot's items (sorted, one per key) into the table (sorted):
 * a new table, the names of new items taken from the boot's list.
 */
int
sets_merge(struct sets *s, struct item_list *l, int side, size_t boot)
{
	struct set_item *out;
	size_t i = 0, j = 0, n = 0;
	int c, rc = 0;

	if ((out = calloc(s->nitems + l->n + 1, sizeof(*out))) == NULL)
		return -1;
	while (i < s->nitems || j < l->n) {
		c = i == s->nitems ? 1 : j == l->n ? -1 :
		    key_cmp(&s->items[i], &l->v[j]);
		if (c < 0) {
			out[n++] = s->items[i++];
			continue;
		}
		if (c > 0) {
			out[n] = (struct set_item){ .kind = l->v[j].kind,
			    .metric = l->v[j].metric, .name = l->v[j].name };
			l->v[j].name = NULL;
		} else
			out[n] = s->items[i++];
		if (add_value(&out[n++], side, boot, l->v[j++].ms) != 0) {
			rc = -1;
			break;
		}
	}
	/* On no memory the table stays whole (what is left copied over). */
	while (i < s->nitems)
		out[n++] = s->items[i++];
	free(s->items);
	s->items = out;
	s->nitems = s->cap = n;
	return rc;
}

/*
 * A log that did not read: its line kept for the outputs and said as a
 * warning (bad input); 0, or -1 when the error is not the log's.
 */
static int
left_out(struct set_boot *sb, struct diag *d)
{
	char why[32];

	if (d->status != EXIT_BADINPUT)
		return -1;
	if ((sb->error = strdup(d->msg)) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	snprintf(why, sizeof(why), "left out of set %s", set_name(sb->side));
	return diag_demote(d, why);
}

int
sets_read_items(struct set_boot *sb, const struct boot_opts *bo,
    struct item_list *l, struct diag *d)
{
	char *paths[1] = { sb->path };
	struct boot_read b;
	struct report r;
	int rc = -1;

	memset(l, 0, sizeof(*l));
	boot_read_init(&b);
	if (boot_read_paths(&b, paths, 1, bo, d) != 0) {
		boot_read_free(&b);
		return left_out(sb, d) == 0 ? 1 : -1;
	}
	idents(sb, &b.log);
	sb->profile = b.ms.profile;
	if (report_make(&r, &b.view, 0, d) == 0) {
		if (bootitems_make(l, &r) == 0)
			rc = 0;
		else
			diag_error_status(d, EXIT_NOMEM, "out of memory");
		report_free(&r);
	}
	boot_read_free(&b);
	return rc;
}

/*
 * A side's values into x (n + 1 doubles), summarised into it->sum[side];
 * with drop, those outside Tukey's fences of them all are left out of x
 * and of the summary, and counted in it->dropped[side].  The count kept.
 */
static size_t
side_values(struct set_item *it, int side, double *x, int drop)
{
	struct stats_summary all;
	size_t i, n = it->n[side], k = 0;

	for (i = 0; i < n; i++)
		x[i] = it->v[side][i].ms;
	if (n == 0)
		return 0;
	stats_summarise(x, n, &all, NULL);
	it->sum[side] = all;
	it->dropped[side] = 0;
	if (!drop || all.noutliers == 0)
		return n;
	for (i = 0; i < n; i++)
		if (x[i] >= all.lo_fence && x[i] <= all.hi_fence)
			x[k++] = x[i];
	it->dropped[side] = n - k;
	stats_summarise(x, k, &it->sum[side], NULL);
	return k;
}

int
sets_compare_item(struct set_item *it, const struct sets_opts *o)
{
	double *x[SET_SIDES] = { NULL, NULL };
	size_t n[SET_SIDES] = { 0, 0 };
	int side, rc = 0;

	for (side = 0; side < SET_SIDES && rc == 0; side++) {
		if ((x[side] = calloc(it->n[side] + 1, sizeof(double))) == NULL)
			rc = -1;
		else
			n[side] = side_values(it, side, x[side],
			    o->drop_outliers);
	}
	if (rc == 0 && n[SET_A] > 0 && n[SET_B] > 0) {
		enum stats_err e = stats_compare(x[SET_A], n[SET_A], x[SET_B],
		    n[SET_B], &o->stats, &it->cmp);

		it->tested = e == STATS_OK;
		rc = e == STATS_NOMEM ? -1 : 0;
	}
	free(x[SET_A]);
	free(x[SET_B]);
	return rc;
}

/* bootitems.h: one boot's items (phases, the critical path, initcalls, units, processes) named by what they are, so that sets of boots line them up (docs/sets.md). */
#ifndef BC_BOOTITEMS_H
#define BC_BOOTITEMS_H

#include <stddef.h>

#include "report.h"

/* What an item is; the order is the tables' (the critical path first). */
enum item_kind {
	ITEM_PHASE,		/* the boot's phases and its end */
	ITEM_CRIT,		/* a category's time on the critical path */
	ITEM_CRITPROC,		/* a process's time on the critical path */
	ITEM_UNIT,		/* a systemd unit (its processes) */
	ITEM_INITCALL,		/* a kernel initcall */
	ITEM_PROC,		/* a process, by name, command line, occurrence */
	ITEM_KINDS
};

/* What is measured, in ms: when it began, how long it took, its CPU. */
enum item_metric { MET_TIME, MET_START, MET_DURATION, MET_CPU, MET_COUNT };

struct item {
	int kind;		/* enum item_kind */
	int metric;		/* enum item_metric */
	char *name;		/* owned; with kind and metric the key */
	double ms;
	size_t seq;		/* the order it was made in (bootitems.c) */
};

struct item_list {
	struct item *v;
	size_t n, cap;
};

/* "phase", "critical", ...: the kind's name in the outputs. */
const char *item_kind_name(int kind);
/* "time", "start", "duration", "cpu". */
const char *item_metric_name(int metric);
/* The kind or metric of that name (n bytes), or -1: a file naming items. */
int item_kind_named(const char *s, size_t n);
int item_metric_named(const char *s, size_t n);
/* By kind, name, then metric: how sets line items up. */
int item_cmp(const struct item *, const struct item *);

/*
 * The items of one boot read into a report (its times from the chart's
 * 0).  0, or -1 on no memory (the list then holds what was made; free
 * it).
 */
int bootitems_make(struct item_list *, const struct report *);
void bootitems_free(struct item_list *);

#endif

/* tboot_kernel.c: tboot's handlers of the kernel's own work: initcalls (named after the modules they init), workqueue items, disk completions, function_graph's calls. */
#include <stdio.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot_int.h"

/* A thread's module not yet initialised: a newer load replaces it (no init). */
int
tb_on_module_load(struct build *b, const struct tevent *ev)
{
	size_t i, n = b->nmod < MODLOADS ? b->nmod : MODLOADS;
	struct modload *m = NULL;

	for (i = 0; i < n && m == NULL; i++)
		if (b->mod[i].pid == ev->pid)
			m = &b->mod[i];
	if (m == NULL)
		m = &b->mod[b->nmod++ % MODLOADS];
	m->pid = ev->pid;
	tb_text(b, H_MODULE, F_MODULE_NAME, ev, m->name, sizeof(m->name));
	return 0;
}

/*
 * The module thread pid loaded and has not run the init of yet, taken
 * (module_load comes right before the module's initcall, on the same
 * thread); NULL: the initcall is the kernel's own.
 */
static const char *
take_module(struct build *b, int pid)
{
	size_t i, n = b->nmod < MODLOADS ? b->nmod : MODLOADS;
	struct modload *m;

	for (i = 0; i < n; i++) {
		m = &b->mod[(b->nmod - 1 - i) % MODLOADS];
		if (m->pid == pid && m->name[0] != '\0') {
			m->pid = -1;
			return m->name;
		}
	}
	return NULL;
}

/*
 * An initcall's name.  A module's is the module's: its init function is
 * freed once it ran, and kallsyms, read at the end, may give its
 * address to a module loaded later (efi_pstore's init was named
 * efi_pstore_erase).  The kernel's own: its function, when kallsyms
 * has that very address.
 */
static void
name_call(struct build *b, struct tinitcall *ic, const struct open_ic *o)
{
	uint64_t off = 0;
	const char *name = tdat_sym(b->td, o->func, &off);

	if (o->module[0] != '\0')
		snprintf(ic->func, sizeof(ic->func), "%s [module init]",
		    o->module);
	else if (name != NULL && off == 0)
		snprintf(ic->func, sizeof(ic->func), "%s", name);
	else
		snprintf(ic->func, sizeof(ic->func), "0x%llx",
		    (unsigned long long)o->func);
}

int
tb_on_initcall_start(struct build *b, const struct tevent *ev)
{
	struct open_ic *o;
	const char *mod;

	if (grow_array((void **)&b->open, &b->opencap, b->nopen,
	    sizeof(*b->open)) != 0)
		return -1;
	o = &b->open[b->nopen++];
	memset(o, 0, sizeof(*o));
	if ((mod = take_module(b, ev->pid)) != NULL)
		snprintf(o->module, sizeof(o->module), "%s", mod);
	o->pid = ev->pid;
	o->func = (uint64_t)tb_num(b, H_IC_START, F_IC_FUNC, ev);
	o->start = ev->ts_ns;
	/* A thread runs one initcall at a time: bound what hostile input holds. */
	if (b->nopen > CAP_TRACE_INITCALLS) {
		diag_warn(b->d, "more than %d initcalls started and not "
		    "finished: those are left out", CAP_TRACE_INITCALLS);
		b->nopen = 0;
	}
	return 0;
}

int
tb_on_wq_start(struct build *b, const struct tevent *ev)
{
	return twork_start(&b->wq, ev->pid, (uint64_t)tb_num(b, H_WQ_START, F_WQ_FUNC,
	    ev), ev->ts_ns);
}

/*
 * A disk request completed: a D wait an interrupt ends across one is
 * the disk's (the critical path).  The times come in order (a forged
 * file's out of order ones only make that answer approximate).
 */
int
tb_on_block_done(struct build *b, const struct tevent *ev)
{
	struct tboot *ps = b->ps;
	int64_t n = tb_num(b, H_BLOCK_DONE, F_BLK_NSECT, ev);
	char rwbs[16];

	tb_text(b, H_BLOCK_DONE, F_BLK_RWBS, ev, rwbs, sizeof(rwbs));
	if (tdisk_done(&ps->blk, ps->first_ns, (uint32_t)tb_num(b,
	    H_BLOCK_DONE, F_BLK_DEV, ev), (uint64_t)tb_num(b, H_BLOCK_DONE,
	    F_BLK_SECTOR, ev), n > 0 ? (uint64_t)n : 0, rwbs, ev->ts_ns) != 0)
		return -1;
	if (ps->nbdone >= CAP_TRACE_BLOCK_DONE)
		return 0;
	if (grow_array((void **)&ps->bdone, &ps->bdonecap, ps->nbdone,
	    sizeof(*ps->bdone)) != 0)
		return -1;
	ps->bdone[ps->nbdone++] = ev->ts_ns;
	return 0;
}

/* A request went to its disk: the disk is busy until it completes. */
int
tb_on_block_issue(struct build *b, const struct tevent *ev)
{
	return tdisk_issue(&b->ps->blk, b->ps->first_ns, (uint32_t)tb_num(b,
	    H_BLOCK_ISSUE, F_BLK_DEV, ev), (uint64_t)tb_num(b, H_BLOCK_ISSUE,
	    F_BLK_SECTOR, ev), ev->ts_ns);
}

/* A request back to its queue (the driver was busy): off the disk. */
int
tb_on_block_requeue(struct build *b, const struct tevent *ev)
{
	return tdisk_requeue(&b->ps->blk, b->ps->first_ns,
	    (uint32_t)tb_num(b, H_BLOCK_REQUEUE, F_BLK_DEV, ev),
	    (uint64_t)tb_num(b, H_BLOCK_REQUEUE, F_BLK_SECTOR, ev), ev->ts_ns);
}

/* A worker is a kernel thread: its own process entry. */
int
tb_on_wq_end(struct build *b, const struct tevent *ev)
{
	struct tproc *p;

	if (!tb_valid_pid(ev->pid))
		return 0;
	if ((p = tb_proc_of(b, ev->pid, ev->ts_ns)) == NULL)
		return -1;
	p->work_last_ns = ev->ts_ns;
	return twork_end(&b->wq, ev->pid, (size_t)(p - b->ps->v),
	    (uint64_t)tb_num(b, H_WQ_END, F_WQ_FUNC, ev), ev->ts_ns);
}

/* The finish closes its thread's open start of the same function. */
int
tb_on_initcall_finish(struct build *b, const struct tevent *ev)
{
	uint64_t func = (uint64_t)tb_num(b, H_IC_FINISH, F_IC_FUNC, ev);
	struct tboot *tb = b->ps;
	struct tinitcall *ic;
	size_t i;

	for (i = b->nopen; i-- > 0;)
		if (b->open[i].pid == ev->pid && b->open[i].func == func)
			break;
	if (i == (size_t)-1 || tb->nic >= CAP_TRACE_INITCALLS)
		return 0;
	if (grow_array((void **)&tb->ic, &tb->iccap, tb->nic,
	    sizeof(*tb->ic)) != 0)
		return -1;
	ic = &tb->ic[tb->nic++];
	ic->start_ns = b->open[i].start;
	ic->end_ns = ev->ts_ns;
	name_call(b, ic, &b->open[i]);
	b->open[i] = b->open[--b->nopen];
	return 0;
}

/* A function_graph return: the call it ends (tfunc.c nests them later). */
int
tb_on_fg_exit(struct build *b, const struct tevent *ev)
{
	const struct tfield *const *f = b->h[H_FG_EXIT].f;

	if (f[F_FG_FUNC] == NULL || f[F_FG_DEPTH] == NULL ||
	    f[F_FG_CALLTIME] == NULL || f[F_FG_RETTIME] == NULL)
		return 0;
	return tcalls_exit(&b->ps->calls, ev->pid, ev->cpu,
	    (uint64_t)tfield_int(f[F_FG_FUNC], ev),
	    tfield_int(f[F_FG_DEPTH], ev),
	    (uint64_t)tfield_int(f[F_FG_CALLTIME], ev),
	    (uint64_t)tfield_int(f[F_FG_RETTIME], ev),
	    f[F_FG_OVERRUN] != NULL ?
	    (uint64_t)tfield_int(f[F_FG_OVERRUN], ev) : 0);
}

/* An entry says no more than its exit will (calltime); counted only. */
int
tb_on_fg_entry(struct build *b, const struct tevent *ev)
{
	(void)ev;
	b->ps->calls.entries++;
	return 0;
}

/* tboot_int.h: what tboot's files share (not for outside renderer/exact/tboot*.c): the one pass's state, the handlers by family, the helpers under them. */
#ifndef BC_TBOOT_INT_H
#define BC_TBOOT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "tboot.h"
#include "tcrit.h"
#include "trace.h"
#include "tstates.h"
#include "twake.h"
#include "twork.h"

#define MODLOADS	64	/* udev loads modules from a few workers at once */
/*
 * Times past 2^62 ns (146 years) are forged; keeping below it keeps
 * every sum and difference of two times within int64_t.
 */
#define TBOOT_NS_MAX	((int64_t)1 << 62)

/*
 * Who runs on one CPU since when; pid -1: not known yet.  blocked: the
 * thread its last switch put to sleep, whose stack comes next (-1 none).
 */
struct oncpu {
	int pid;
	int64_t since;
	int blocked;
	int prev;		/* who its last switch took off it */
	int64_t last;		/* its last event's time */
};

/* The handlers' handles (tboot.c's handlers[]): what each reads its fields through. */
enum { H_SWITCH, H_NEWTASK, H_FORK, H_EXEC, H_RENAME, H_EXIT, H_PRINT,
    H_IC_START, H_IC_FINISH, H_WAKING, H_WAKEUP_NEW, H_MODULE, H_WQ_START,
    H_WQ_END, H_FG_EXIT, H_FG_ENTRY, H_KSTACK, H_BLOCK_DONE, H_BLOCK_ISSUE,
    H_BLOCK_REQUEUE, H_COUNT };
#define H_FIELDS	5
/*
 * The fields each handler reads, by name: the place of each in its
 * handler's `fields` (tboot.c's handlers[]), what tb_num and tb_text
 * take.  sched_waking and sched_wakeup_new share theirs.
 */
enum {
	F_SW_PREV_PID = 0, F_SW_NEXT_PID, F_SW_PREV_STATE,
	F_NEWTASK_PID = 0, F_NEWTASK_FLAGS, F_NEWTASK_COMM,
	F_FORK_PARENT = 0, F_FORK_CHILD, F_FORK_COMM,
	F_EXEC_PID = 0, F_EXEC_FILE,
	F_RENAME_PID = 0, F_RENAME_COMM,
	F_EXIT_PID = 0, F_EXIT_COMM, F_EXIT_GROUP_DEAD,
	F_PRINT_BUF = 0,
	F_IC_FUNC = 0,
	F_WAKE_PID = 0, F_WAKE_FLAGS,
	F_MODULE_NAME = 0,
	F_WQ_FUNC = 0,
	F_FG_FUNC = 0, F_FG_DEPTH, F_FG_CALLTIME, F_FG_RETTIME, F_FG_OVERRUN,
	F_KSTACK_SIZE = 0, F_KSTACK_CALLER,
	F_BLK_DEV = 0, F_BLK_SECTOR, F_BLK_NSECT, F_BLK_RWBS
};

struct build;
typedef int (*handler_fn)(struct build *, const struct tevent *);

/* An event we read: its format and the fields its handler takes. */
struct handler {
	const char *system, *name;
	handler_fn fn;
	const char *fields[H_FIELDS];
};

struct hstate {
	const struct tfmt *fmt;
	const struct tfield *f[H_FIELDS];
};

struct build {
	struct tboot *ps;
	struct tdat *td;
	struct diag *d;
	/* What is known of each thread id (and group id), by id. */
	struct tid_map {
		/*
		 * its group + 1; 0: not known; -(group + 1): exited, its
		 * last events to come (its futex wake of a joiner, its last
		 * switch)
		 */
		int32_t tgid;
		int32_t cur;	/* as a group: its newest entry of ps->v + 1 */
		int64_t off;	/* when last seen off a CPU or woken */
	} *ids;
	size_t pidcap;
	int scope;		/* the trace holds this pid's tree alone; 0: all */
	struct oncpu *cpu;
	size_t ncpu;
	struct hstate h[H_COUNT];
	uint8_t *by_fmt;	/* a format's place -> its H_*, or H_COUNT */
	struct tstates st;	/* the threads' states as they change */
	struct tworks wq;	/* the workers' work items */
	struct twakes wk;	/* the waits and their wakers */
	struct tcrits cr;	/* the threads' records for the critical path */
	/* Initcalls started and not finished, per thread (async ones overlap). */
	struct open_ic {
		int pid;
		uint64_t func;
		int64_t start;
		char module[56];	/* a module's init: its name; "" */
	} *open;
	/* The module each of the last MODLOADS loading threads loaded. */
	struct modload { int pid; char name[56]; } mod[MODLOADS];
	size_t nmod;
	size_t nopen, opencap;
};

/* Shared by the handlers (tboot_procs.c): the maps, the processes, the fields. */
int tb_pid_room(struct build *, int pid);
int tb_group_of(const struct build *, int pid);
int tb_valid_pid(int64_t pid);
int tb_pid_take(struct build *, int64_t pid);
void tb_set_comm(struct tproc *, const char *);
struct tproc *tb_new_proc(struct build *, int pid, int64_t start,
    int64_t at);
struct tproc *tb_proc_of(struct build *, int pid, int64_t at);
int64_t tb_num(const struct build *, size_t h, size_t i,
    const struct tevent *);
void tb_text(const struct build *, size_t h, size_t i, const struct tevent *,
    char *out, size_t cap);

/* The scheduler's events (tboot_sched.c). */
int tb_see_cpu(struct build *, const struct tevent *);
int tb_runs_now(struct build *, const struct tevent *);
int tb_ran(struct build *, int pid, int cpu, int64_t from, int64_t to);
int tb_crit(struct build *, int kind, int tid, int other, int state,
    int64_t at);
int tb_thread_state(struct build *, int tid, int64_t at, int st);
int tb_on_switch(struct build *, const struct tevent *);
int tb_on_waking(struct build *, const struct tevent *);
int tb_on_wakeup_new(struct build *, const struct tevent *);
int tb_on_kstack(struct build *, const struct tevent *);

/* Processes' lives: births, names, exits, markers (tboot_life.c). */
int tb_on_newtask(struct build *, const struct tevent *);
int tb_on_fork(struct build *, const struct tevent *);
int tb_on_exec(struct build *, const struct tevent *);
int tb_on_rename(struct build *, const struct tevent *);
int tb_on_exit_ev(struct build *, const struct tevent *);
int tb_on_print(struct build *, const struct tevent *);

/* The kernel's work: initcalls, workqueues, disks, calls (tboot_kernel.c). */
int tb_on_module_load(struct build *, const struct tevent *);
int tb_on_initcall_start(struct build *, const struct tevent *);
int tb_on_initcall_finish(struct build *, const struct tevent *);
int tb_on_wq_start(struct build *, const struct tevent *);
int tb_on_wq_end(struct build *, const struct tevent *);
int tb_on_block_done(struct build *, const struct tevent *);
int tb_on_block_issue(struct build *, const struct tevent *);
int tb_on_block_requeue(struct build *, const struct tevent *);
int tb_on_fg_exit(struct build *, const struct tevent *);
int tb_on_fg_entry(struct build *, const struct tevent *);

#endif

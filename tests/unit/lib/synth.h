/* synth.h: hand-built traces and trees for the chart tests. */
#ifndef BC_SYNTH_H
#define BC_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#include "proctree.h"
#include "bootlog.h"
#include "boot.h"

/*
 * A trace and its final tree, built by hand: `all` owns every process,
 * `nodes` the tree node standing for each (same index).  The nodes show
 * their processes' samples, so a test may still change those.
 */
struct synth {
	struct bootlog t;
	struct exact x;		/* a trace's model, filled by hand (have 0: none) */
	struct proctree tree;
	struct process **all;
	struct pnode **nodes;
	size_t n, cap;
};

/* strdup that aborts when out of memory. */
char *xstrdup(const char *s);

/*
 * Times given to synth_* are in milliseconds (short to write); the
 * model holds them as usec_t (src/usec.h).  Kernel events are in µs.
 */
void synth_init(struct synth *s, int period_ms);
void synth_header(struct synth *s, const char *key, const char *value);
/*
 * A process living [start, start + dur) with one sample per period,
 * all in `state` with CPU load `load`; parent NULL makes it a root.
 */
struct process *synth_proc(struct synth *s, struct process *parent,
    int64_t pid, const char *name, int64_t start, int64_t dur, char state,
    double load);
void synth_cpu(struct synth *s, int64_t time, double user, double sys,
    double io);
void synth_disk(struct synth *s, int64_t time, double util, double bps);
/* A meminfo sample in kB; swap_used of a 1 GiB swap. */
void synth_mem(struct synth *s, int64_t time, int64_t total, int64_t free_kb,
    int64_t buffers, int64_t cached, int64_t swap_used);
/* An event of the kernel's log (enum kev_kind, enum kev_milestone). */
void synth_kevent(struct synth *s, int kind, int milestone, const char *text,
    int64_t time_us, int64_t dur_us);
void synth_free(struct synth *s);
/* The view of the scene's log, its model and tree, with milestones ms. */
#define SYNTH_BOOT(s, ms)	(&(struct boot){ &(s)->t, &(s)->x, &(s)->tree, (ms), NULL, NULL })
/*
 * The small reference scene: 20 s; CPU >= 90 % busy during 0-5 s,
 * I/O wait 90 % during 5-10 s; "busy" runs 1-5 s, "iowait" is in D
 * during 5-10 s, "zomb" is a zombie during 12-14 s, one name is hostile.
 */
void synth_small(struct synth *s);
/*
 * A big scene: n processes over `secs` seconds with long names, random
 * starts and lives, parents chosen among earlier processes (deep and
 * wide at once), CPU and disk samples every period.
 */
void synth_large(struct synth *s, size_t n, int64_t secs, unsigned seed);

#endif

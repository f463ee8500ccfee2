/* members.h: the one registry of log members: every file a bootchart log may hold, its kind, how bootchartd writes it, and who else does. */
#ifndef BC_MEMBERS_H
#define BC_MEMBERS_H

#include <stddef.h>

/* The kinds of member, one per entry of members[] (plus the unknown). */
enum logkind {
	LK_UNKNOWN = 0,
	LK_HEADER, LK_PROC_PS, LK_TASKSTATS, LK_PACCT, LK_PATERNITY,
	LK_PIDNAME, LK_CMDLINE2, LK_CGROUP, LK_PROC_STAT, LK_DISKSTATS,
	LK_MEMINFO, LK_DMESG, LK_TRACE, LK_TASKEXIT,
	LK_NKINDS		/* how many kinds there are */
};

/* Who writes a member (docs/formats.md has each one's format). */
enum {
	BY_BOOTCHART = 1 << 0,	/* bootchart 0.9's shell logger */
	BY_BOOTCHART2 = 1 << 1,	/* bootchart2's collector */
	BY_ANDROID = 1 << 2,	/* Android init's bootchart */
	BY_BUSYBOX = 1 << 3,	/* busybox's bootchartd */
	BY_BOOTCHARTD = 1 << 4	/* ours */
};

/* How bootchartd fills a member it writes. */
enum member_form {
	MF_NONE,		/* not written by bootchartd */
	MF_SAMPLE,		/* a part of every sample: timed blocks, or
				 * records of the processes new in it */
	MF_STREAM,		/* written as its source delivers it, apart
				 * from the samples (accounting, fork events) */
	MF_END			/* made once when logging ends (header, dmesg) */
};

struct member {
	const char *name;	/* base name inside the archive */
	enum logkind kind;
	unsigned writers;	/* BY_* */
	enum member_form form;
};

/*
 * Every known member, in the order a directory of logs is read and
 * bootchartd's tarball holds them: the header first (it says what the
 * rest is), proc_ps.log before taskstats.log (which it replaces), the
 * records that name and parent processes before the system-wide series.
 */
extern const struct member members[];
extern const size_t nmembers;

/* The entry of a member's base name ("x/y/proc_ps.log" counts), or NULL. */
const struct member *member_named(const char *path);
/* The entry of a kind; NULL for LK_UNKNOWN. */
const struct member *member_of(enum logkind);

#endif

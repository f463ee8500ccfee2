/* session.h: one logging run: set up the log store, sample until the end, write the tarball. */
#ifndef BCD_SESSION_H
#define BCD_SESSION_H

#include <limits.h>
#include <stdint.h>
#include <sys/resource.h>

#include "config.h"
#include "diag.h"
#include "procev.h"

enum bcd_mode {
	MODE_INIT,	/* PID 1's child: the kernel ran us as init */
	MODE_BOOT,	/* `bootchartd init` from an init script */
	MODE_START	/* `bootchartd start [CMD]` */
};

enum { LOG_STAT, LOG_DISK, LOG_PS, LOG_N };

struct session {
	struct config cfg;
	struct diag *d;		/* messages: /dev/kmsg or stderr */
	enum bcd_mode mode;
	char dest[PATH_MAX];	/* absolute path of the tarball */
	char profile[64];	/* basename(CMD) for profile.process */
	int want_tmpfs;		/* root: a private tmpfs and procfs */
	int acct_wanted;
	int verbose;
	uint64_t t0_us;		/* CLOCK_BOOTTIME when bootchartd started */
	int ready_fd;		/* gets one byte after the first sample */
	char pidfile[PATH_MAX];	/* removed at the end; "" for none */

	/* Set up by session_run. */
	char base[PATH_MAX];	/* tmpfs mount point or private directory */
	int mounted;		/* a tmpfs is mounted on base (own namespace) */
	int made_dir;		/* base was created by us */
	int procmounted;	/* our procfs is at base/proc */
	int procfd;
	int dirfd;		/* where the logs are */
	int fd[LOG_N];
	uint64_t size[LOG_N];
	int pacctfd;		/* kernel_pacct, read side; -1 without */
	int acct_on;
	char acct_note[160];	/* why accounting is missing */
	struct procev pe;	/* fork events, with accounting */
	int patfd;		/* paternity.log; -1 without */
	uint64_t patsize;	/* its bytes stored */
	int pe_wanted;		/* the header says what became of it */
	int nsfd;		/* mount namespace to write from; -1: ours */
	int sigfd, timerfd;
	uint64_t used;		/* bytes of logs so far */
	int truncated;
	uint64_t samples, proc_samples;
	uint64_t scans;		/* samples that listed the procfs directory */
	uint64_t t_first_us, t_end_us;	/* CLOCK_MONOTONIC */
	struct rusage ru_sampled;	/* own usage when sampling ended */
	const char *why_end;
	char exit_name[CONFIG_COMM_LEN + 1];
};

/* Fills defaults (the caller then sets cfg, mode, dest...). */
void session_init(struct session *, struct diag *);
/*
 * The whole logging run.  Returns an exit status (EXIT_OK when the
 * tarball was written).  Never returns early without cleaning up.
 */
int session_run(struct session *);

/* Reads a small file (a /proc file or /etc/os-release) relative to dirfd. */
char *slurp_at(int dirfd, const char *path, size_t max, size_t *len);

#endif

/* session.h: one logging run: sample on a timer until the end, then write the header and the tarball. */
#ifndef BCD_SESSION_H
#define BCD_SESSION_H

#include "config.h"
#include "diag.h"
#include "spare.h"

enum bcd_mode {
	MODE_INIT,	/* PID 1's child: the kernel ran us as init */
	MODE_BOOT,	/* `bootchartd init` from an init script */
	MODE_START	/* `bootchartd start [CMD]` */
};

/* What the caller decides about a run; the config says the rest. */
struct session {
	enum bcd_mode mode;
	const char *profile;	/* basename(CMD) for profile.process; NULL */
	const char *profile_cmd;	/* CMD escaped, for profile.command; NULL */
	int profile_parent;	/* the PID that forks CMD, for profile.parent; 0 */
	int ready_fd;		/* gets one byte after the first sample; -1 */
	const char *init_note;	/* init mode: the init fallback; NULL */
	struct spare spare;	/* `init` from an initramfs: argv[0]'s mark */
	int trace;		/* `start --trace`: our instance, the whole system */
	const char *functions;	/* `start --functions F,...`: function_graph too */
};

/*
 * The whole logging run into cfg->dest.  Returns an exit status
 * (EXIT_OK when the tarball was written); closes s->ready_fd.  Never
 * returns early without cleaning up.
 */
int session_run(struct session *, const struct config *, struct diag *);

#endif

/* bootwatch.h: what a boot log watches besides the samples: the switch to the real root and systemd's end of start-up. */
#ifndef BCD_BOOTWATCH_H
#define BCD_BOOTWATCH_H

#include <stdint.h>
#include <sys/types.h>

/*
 * It touches BOOT_DONE_FILE.  install.sh puts it in /etc/systemd/system,
 * the packages in /lib/systemd/system (Debian) or /usr/lib/systemd/system.
 */
#define DONE_UNIT_NAME	"bootchartd-done.service"

struct bootwatch {
	int procfd;		/* our procfs (not owned) */
	int root_known;		/* init's root at the start was read */
	dev_t root_dev;
	ino_t root_ino;
	uint64_t switch_root;	/* stamp (jiffies) of the first sample after; 0 */
	int systemd;		/* PID 1 is systemd and the done unit is installed */
};

/* Notes init's root (/proc/1/root) before the first sample. */
void bootwatch_init(struct bootwatch *, int procfd);
/*
 * After each sample stamped `jiffies`: notes the first one at which
 * init's root differs from the start's, and whether systemd is PID 1
 * with bootchartd-done.service installed (then systemd, not EXIT_PROC,
 * ends the boot).  A few path lookups; nothing that can block.
 */
void bootwatch_sample(struct bootwatch *, uint64_t jiffies);
/* 1 once systemd's start-up has finished (BOOT_DONE_FILE exists in init's root). */
int bootwatch_done(const struct bootwatch *);

#endif

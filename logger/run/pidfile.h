/* pidfile.h: how `bootchartd stop` finds the running logger. */
#ifndef BCD_PIDFILE_H
#define BCD_PIDFILE_H

#include <stddef.h>
#include <sys/types.h>

#include "pidstat.h"

/*
 * The pid file's path: in $BOOTCHARTD_RUNDIR (tests), /run (root),
 * $XDG_RUNTIME_DIR, else /tmp/bootchartd-UID/, a directory of this user
 * that no one else may enter (made, mode 0700, when `make` is set).
 * Returns 0, or -1 with errno (ENOENT: no such directory yet) and why
 * set, buf then naming the directory.
 */
int pidfile_path(char *buf, size_t len, int make, char *why, size_t wlen);
/*
 * Creates the file holding "PID\nDEST\n".  Returns 0, 1 when a live
 * logger already owns it (*other set), or -1 (errno).
 */
int pidfile_create(const char *path, pid_t pid, const char *dest,
    pid_t *other);
/* Reads it back; returns 0 or -1. */
int pidfile_read(const char *path, pid_t *pid, char *dest, size_t dlen);
/*
 * 1 when pid runs, is called bootchartd (not a zombie) and is ours:
 * its real uid is our real uid (a user cannot pass for root's logger,
 * nor root stop a user's).
 */
int is_logger(pid_t pid);
/* pid's /proc/PID/stat line, parsed raw.  0, or -1. */
int pid_stat(pid_t pid, struct pidstat *);
/* pid's real uid (/proc/PID/status), or -1. */
long pid_uid(pid_t pid);

#endif

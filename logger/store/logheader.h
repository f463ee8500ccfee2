/* logheader.h: the tarball's `header` member (docs/formats.md). */
#ifndef BCD_LOGHEADER_H
#define BCD_LOGHEADER_H

#include <stddef.h>

#include "config.h"
#include "runstats.h"

/* Bytes of one value (a longer one is cut). */
#define HEADER_VALUE_MAX	4096
/* Bytes of profile.command: room for the rest of its line besides. */
#define PROFILE_CMD_MAX		(HEADER_VALUE_MAX - 96)

/*
 * Builds the header text into a malloc'd buffer.  procfd is our procfs
 * (cpuinfo, cmdline); /etc/os-release is read from the current root,
 * so call it from the booted system's mount namespace.  NULL: no memory.
 */
char *header_build(const struct run_report *, const struct config *,
    int procfd, size_t *len);

/* Copies the value of "model name" (or a fallback) and the CPU count. */
void cpuinfo_summary(const char *buf, size_t len, char *model, size_t msz,
    int *ncpu);

#endif

/* feed.h: a log member fed to its parser in chunks, as an archive delivers it; in libtest.a. */
#ifndef BC_FEED_H
#define BC_FEED_H

#include <stddef.h>

#include "logparse.h"
#include "parse.h"
#include "bootlog.h"

/*
 * A fresh log, the parse stage's state over it, and a diag whose
 * warnings are counted, not printed.
 */
void setup_trace(struct bootlog *t, struct logparse *lp, struct diag *d);
/*
 * Parses len bytes as a member of kind `kind` in chunks of `step` bytes
 * (results must not depend on the split); the caller names the file in
 * d.  0, or -1 with d set.
 */
int feed_chunked(struct logparse *lp, struct diag *d, enum logkind kind,
    const void *buf, size_t len, size_t step);

#endif

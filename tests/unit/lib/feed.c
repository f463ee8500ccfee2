/* feed.c: a log member fed to its parser in chunks, as an archive delivers it; in libtest.a. */
#include <stddef.h>

#include "testutil.h"
#include "feed.h"

void
setup_trace(struct bootlog *t, struct logparse *lp, struct diag *d)
{
	bootlog_init(t);
	logparse_init(lp, t);
	diag_init(d, "test");
	d->out = NULL;		/* warnings are counted, not printed */
}

int
feed_chunked(struct logparse *lp, struct diag *d, enum logkind kind,
    const void *buf, size_t len, size_t step)
{
	const char *p = buf;
	struct logstream *ls;
	size_t off, n;

	ls = logstream_open(lp, kind, d);
	assert_non_null(ls);
	for (off = 0; off < len; off += n) {
		n = len - off < step ? len - off : step;
		if (logstream_feed(ls, p + off, n) != 0) {
			logstream_abort(ls);
			return -1;
		}
	}
	return logstream_close(ls);
}

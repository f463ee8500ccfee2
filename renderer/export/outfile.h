/* outfile.h: where an output goes: a file written atomically (temporary, fsync, rename) or standard output. */
#ifndef BC_OUTFILE_H
#define BC_OUTFILE_H

#include <signal.h>
#include <stdio.h>

#include "diag.h"
#include "sink.h"

/*
 * The signals that remove the temporary file before the renderer dies:
 * every signal whose default is to end the process and that can be
 * caught (outfile.c lists them).
 */
#define OUTFILE_NSIGS 18

struct outfile {
	const char *path;	/* as given; "-" is standard output */
	const char *shown;	/* for messages: the path, or "standard output" */
	int fd;			/* raw writes (charts) ... */
	FILE *f;		/* ... or buffered ones (text), never both */
	int to_stdout;
	int private;		/* created 0600, not 0666 less the umask */
	sigset_t oldmask;
	/*
	 * f's bytes, counted against limit (CAP_OUTPUT_BYTES; a test may
	 * lower it after the open): past it every write fails (EFBIG), the
	 * cap's error is recorded in d (EXIT_OUTCAP) and a file is removed.
	 */
	uint64_t written, limit;
	int over;
	struct diag *d;
	struct sink sink;	/* f's writes to fd, whole */
};

/*
 * Opens path for writing: "-" is standard output as it is; anything
 * else must be missing or a regular file (a symlink, device or
 * directory is refused, exit status 3), and gets a temporary file in
 * its directory, removed if SIGINT, SIGTERM or SIGHUP comes before
 * outfile_close().  0, or -1 with diag set.
 */
int outfile_open(struct outfile *, const char *path, struct diag *);
/*
 * The same, the file created 0600 when private: what it holds (kernel
 * addresses, say) came from a log its owner kept from others.
 */
int outfile_open_mode(struct outfile *, const char *path, int private,
    struct diag *);

/*
 * ok: flushes and, for a file, fsyncs and renames the temporary file
 * over the path.  !ok (the caller failed): removes the temporary file;
 * what went to standard output stays there.  0, or -1 with diag set
 * (status 3) when the output could not be written.
 */
int outfile_close(struct outfile *, int ok, struct diag *);

#endif

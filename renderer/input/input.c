/* input.c: read log tarballs and directories of logs into a boot log, as streams. */
#include <sys/stat.h>

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "caps.h"
#include "input.h"
#include "parse.h"
#include "tracedat.h"

#define READ_CHUNK (1024 * 1024)	/* big reads: fewer syscalls, fewer feeds */
#define NKINDS LK_NKINDS
#define SHOWN_MAX 256

/* libarchive's "unrecognized or invalid format" errno. */
#ifdef EFTYPE
#define ERRNO_FORMAT EFTYPE
#else
#define ERRNO_FORMAT EILSEQ
#endif

struct input {
	struct logparse lp;		/* the log being read (lp.log) */
	struct diag *d;
	char seen[NKINDS][SHOWN_MAX * 2];	/* where each kind was read from */
	int seen_in[NKINDS];		/* and in which input (from 1) */
	int ninput;			/* inputs opened so far */
	char *buf;			/* READ_CHUNK bytes for plain files */
	int64_t bytes_before;		/* data read from earlier inputs */
	int64_t reach;			/* what this archive can expand to */
	int64_t trace_unpack;		/* what its trace.dat's sections unpack to */
	int ended;			/* this archive ended inside its trace.dat */
};

/*
 * CAP_INPUT_BYTES over all inputs, and the compression ratio: a
 * decompression bomb is refused after CAP_RATIO_SLACK bytes, long
 * before it reaches the byte cap, if it can expand past
 * CAP_RATIO_FLOOR (in->reach, from the members' tar headers); below
 * the floor the bytes are bounded anyway, and no ratio is suspicious.
 */
static int
too_much_data(struct input *in)
{
	in->d->line = 0;
	return cap_error(in->d, "more than %lld bytes of log data",
	    (long long)CAP_INPUT_BYTES);
}

/* The archive's bytes so far, a compressed trace.dat's budget's base. */
static void
note_source(struct input *in, struct archive *a)
{
	in->lp.src.handed = (uint64_t)archive_filter_bytes(a, -1);
	in->lp.src.expanded = (uint64_t)archive_filter_bytes(a, 0) +
	    (uint64_t)in->trace_unpack;
}

/*
 * The expansion counts what the archive's trace.dat's sections unpack
 * to (its budget was judged against this archive): so are later members.
 */
static int
check_volume(struct input *in, struct archive *a, int64_t more)
{
	int64_t out = archive_filter_bytes(a, 0), raw, all;

	in->d->line = 0;
	if (more > CAP_INPUT_BYTES - in->bytes_before - out)
		return too_much_data(in);
	all = out + in->trace_unpack;
	if (archive_filter_count(a) <= 1 || all <= CAP_RATIO_SLACK ||
	    (all <= CAP_RATIO_FLOOR && in->reach <= CAP_RATIO_FLOOR))
		return 0;
	raw = archive_filter_bytes(a, -1);
	if (raw > 0 && all / raw >= CAP_RATIO)
		return cap_error(in->d, "compressed more than %d:1 (a "
		    "decompression bomb, not a log)", CAP_RATIO);
	return 0;
}

/*
 * Reads past a member that is not parsed.  libarchive would skip it by
 * decompressing it in one call; reading it here keeps the checks on.
 */
static int
drain_member(struct input *in, struct archive *a)
{
	const void *buf;
	size_t size;
	la_int64_t off;
	int r;

	if (archive_filter_count(a) <= 1)
		return 0;	/* not compressed: libarchive seeks past it */
	for (;;) {
		r = archive_read_data_block(a, &buf, &size, &off);
		if (r == ARCHIVE_EOF)
			return 0;
		if (r != ARCHIVE_OK && r != ARCHIVE_WARN)
			return 0;	/* the next header reports it */
		if (check_volume(in, a, 0) != 0)
			return -1;
	}
}

/*
 * A member or path as shown in messages: without "./", cut to fit.
 * Messages escape what a terminal could act on (diag.c).
 */
static void
shown_name(char *dst, size_t cap, const char *name)
{
	while (name[0] == '.' && name[1] == '/')
		name += 2;
	snprintf(dst, cap, "%s", name);
}

/*
 * Across inputs the first log of a kind wins: a second proc_ps.log
 * from another archive is skipped with a warning, as two process logs
 * cannot be merged into one timeline.  Inside one archive a second one
 * is an error: which of the two is the real log cannot be told, and tar
 * would keep the last while a stream reader has already used the first.
 * Returns 1 to read, 0 to skip, -1 on that error.
 */
static int
claim(struct input *in, enum logkind kind, const char *where)
{
	if (in->seen[kind][0] != '\0' && in->seen_in[kind] == in->ninput) {
		in->d->line = 0;
		return diag_error(in->d, "the archive holds this log twice "
		    "(also as %s)", in->seen[kind]);
	}
	if (in->seen[kind][0] != '\0') {
		diag_warn(in->d, "duplicate log ignored (already read %s)",
		    in->seen[kind]);
		return 0;
	}
	snprintf(in->seen[kind], sizeof(in->seen[kind]), "%s", where);
	in->seen_in[kind] = in->ninput;
	return 1;
}

/* libarchive's message, which may be NULL or quote member names. */
static void
archive_text(struct archive *a, char *msg, size_t cap)
{
	const char *s = archive_error_string(a);

	shown_name(msg, cap, s ? s : "unknown error");
}

static void
archive_warned(struct input *in, struct archive *a)
{
	char msg[SHOWN_MAX];

	archive_text(a, msg, sizeof(msg));
	diag_warn(in->d, "%s", msg);
}

static int
archive_failed(struct input *in, struct archive *a, const char *what)
{
	char msg[SHOWN_MAX];

	archive_text(a, msg, sizeof(msg));
	in->d->line = 0;
	if (archive_errno(a) == ENOMEM)
		return diag_error_status(in->d, EXIT_NOMEM, "out of memory");
	return diag_error(in->d, "%s: %s", what, msg);
}

/*
 * The archive ended inside a member (the error recorded): when that was
 * the trace.dat of a chart's reading (a disk full or the power lost
 * while the logger wrote it), the warning says so, no member is read
 * after it, and the rest of the log is drawn.  0, or -1.
 */
static int
cut_in_trace(struct input *in, enum logkind kind)
{
	if (kind != LK_TRACE || !in->lp.trace_optional ||
	    bootlog_drop_trace(in->lp.log, in->d) != 0)
		return -1;
	in->ended = 1;
	return 0;
}

/* Streams the current member's data blocks into its parser. */
static int
read_member(struct input *in, struct archive *a, enum logkind kind)
{
	struct logstream *ls;
	const void *buf;
	size_t size;
	la_int64_t off, want = 0;
	int r;

	if ((ls = logstream_open(&in->lp, kind, in->d)) == NULL)
		return -1;
	for (;;) {
		r = archive_read_data_block(a, &buf, &size, &off);
		if (r == ARCHIVE_EOF)
			break;
		if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
			logstream_abort(ls);
			archive_failed(in, a, "truncated or corrupt archive");
			return cut_in_trace(in, kind);
		}
		if (off != want) {
			logstream_abort(ls);
			in->d->line = 0;
			return diag_error(in->d, "sparse member not supported");
		}
		want = off + (la_int64_t)size;
		if (check_volume(in, a, 0) != 0 ||
		    logstream_feed(ls, buf, size) != 0) {
			logstream_abort(ls);
			return -1;
		}
	}
	note_source(in, a);
	if (logstream_close(ls) != 0)
		return -1;
	if (kind == LK_TRACE && in->lp.trace.td != NULL)
		in->trace_unpack = (int64_t)tdat_unpack_total(in->lp.trace.td);
	return 0;
}

static int
archive_entry_in(struct input *in, struct archive *a, struct archive_entry *e,
    const char *label)
{
	const char *path = archive_entry_pathname(e);
	char shown[SHOWN_MAX];
	enum logkind kind;

	/* A size the header does not give can be anything. */
	in->reach = INT64_MAX;
	if (archive_entry_size_is_set(e) && archive_entry_size(e) >= 0 &&
	    archive_entry_size(e) <= CAP_INPUT_BYTES)
		in->reach = archive_filter_bytes(a, 0) + in->trace_unpack +
		    archive_entry_size(e);
	if (path == NULL)
		return drain_member(in, a);
	shown_name(shown, sizeof(shown), path);
	diag_set_file(in->d, "%s:%s", label, shown);
	/* The size in the member's header refuses a huge one at once. */
	if (archive_entry_size_is_set(e) &&
	    check_volume(in, a, archive_entry_size(e)) != 0)
		return -1;
	if (archive_entry_filetype(e) != AE_IFREG) {
		diag_info(in->d, "%s:%s: not a regular file; skipped", label,
		    shown);
		return drain_member(in, a);
	}
	if ((kind = logkind_of(path)) == LK_UNKNOWN) {
		diag_info(in->d, "%s:%s: unknown member; skipped", label, shown);
		return drain_member(in, a);
	}
	switch (claim(in, kind, in->d->file)) {
	case 0:
		return drain_member(in, a);
	case 1:
		return read_member(in, a, kind);
	default:
		return -1;
	}
}

/*
 * Reads every member of an opened archive.  Returns 0, -1 (diag set),
 * or 1 when the data is not an archive at all (nothing was read).
 */
static int
archive_members(struct input *in, struct archive *a, const char *label)
{
	struct archive_entry *e;
	size_t nread = 0;
	int r, first = 1;

	in->reach = 0;
	in->trace_unpack = 0;
	in->ended = 0;
	for (;;) {
		diag_set_file(in->d, "%s", label);
		if (check_volume(in, a, 0) != 0)
			return -1;
		r = archive_read_next_header(a, &e);
		if (r == ARCHIVE_EOF) {
			in->bytes_before += archive_filter_bytes(a, 0);
			return 0;
		}
		if (r == ARCHIVE_WARN)
			archive_warned(in, a);
		else if (r != ARCHIVE_OK) {
			/* Only an uncompressed unknown format is "not an archive". */
			if (first && archive_errno(a) == ERRNO_FORMAT &&
			    archive_filter_count(a) <= 1)
				return 1;
			return archive_failed(in, a, first ?
			    "not a log archive" : "truncated or corrupt archive");
		}
		first = 0;
		if (cap_check(in->d, nread++, CAP_MEMBERS,
		    "archive members") != 0)
			return -1;
		if (archive_entry_in(in, a, e, label) != 0)
			return -1;
		if (in->ended) {
			in->bytes_before += archive_filter_bytes(a, 0);
			return 0;
		}
	}
}

/*
 * Compression and format are found from the content, never the name.
 * Only tar is enabled: the raw and text formats libarchive also knows
 * (raw, mtree) would accept any junk as an "archive".
 */
static struct archive *
new_reader(struct input *in)
{
	char msg[SHOWN_MAX];
	struct archive *a;

	if ((a = archive_read_new()) == NULL) {
		diag_error_status(in->d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	/* Missing ones fall back to external programs (ARCHIVE_WARN) or fail later. */
	archive_read_support_filter_gzip(a);
	archive_read_support_filter_bzip2(a);
	archive_read_support_filter_xz(a);
	archive_read_support_filter_lzma(a);
	archive_read_support_filter_zstd(a);
	archive_read_support_filter_lz4(a);
	archive_read_support_filter_compress(a);
	if (archive_read_support_format_tar(a) != ARCHIVE_OK) {
		archive_text(a, msg, sizeof(msg));
		diag_error(in->d, "libarchive: %s", msg);
		archive_read_free(a);
		return NULL;
	}
	return a;
}

/*
 * Open already reads the start of the data to pick the filters and the
 * format.  Returns 1 for plain data in no known format ("not an
 * archive"), else -1 with the reason.
 */
static int
open_failed(struct input *in, struct archive *a)
{
	if (archive_errno(a) == ERRNO_FORMAT && archive_filter_count(a) <= 1)
		return 1;
	if (archive_errno(a) == ERRNO_FORMAT)
		return diag_error(in->d, "compressed data is not a tar archive");
	return archive_failed(in, a, "truncated or corrupt archive");
}

/* A file that is not an archive, read as the log its name says. */
static int
plain_file(struct input *in, int fd, const char *path, enum logkind kind)
{
	struct logstream *ls;
	ssize_t n;
	int c;

	if ((c = claim(in, kind, in->d->file)) <= 0)
		return c;
	if ((ls = logstream_open(&in->lp, kind, in->d)) == NULL)
		return -1;
	/* A plain file is what the user handed us, as it is. */
	in->lp.src.handed = in->lp.src.expanded = 0;
	for (;;) {
		n = read(fd, in->buf, READ_CHUNK);
		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			logstream_abort(ls);
			in->d->line = 0;
			return diag_error(in->d, "%s", strerror(errno));
		}
		in->bytes_before += n;
		in->lp.src.handed += (uint64_t)n;
		in->lp.src.expanded += (uint64_t)n;
		if (in->bytes_before > CAP_INPUT_BYTES) {
			logstream_abort(ls);
			return too_much_data(in);
		}
		if (logstream_feed(ls, in->buf, (size_t)n) != 0) {
			logstream_abort(ls);
			return -1;
		}
	}
	return logstream_close(ls);
}

/*
 * Opens a log's path without waiting: a FIFO's open would wait for a
 * writer.  *fifo says it is one (then the descriptor blocks again, to
 * be read as a stream).  A device or socket is refused.
 */
static int
open_input(struct input *in, const char *path, int *fdp, int *fifo)
{
	struct stat st;
	int fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		return diag_error(in->d, "%s", strerror(errno));
	if (fstat(fd, &st) != 0 || !(S_ISREG(st.st_mode) ||
	    S_ISFIFO(st.st_mode))) {
		close(fd);
		return diag_error(in->d, "not a regular file, FIFO or "
		    "directory");
	}
	*fifo = S_ISFIFO(st.st_mode);
	if (*fifo && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
		close(fd);
		return diag_error(in->d, "%s", strerror(errno));
	}
	*fdp = fd;
	return 0;
}

/* The archive on fd: 0, 1 when it is not an archive, or -1. */
static int
archive_in(struct input *in, int fd, const char *label)
{
	struct archive *a;
	int rc;

	if ((a = new_reader(in)) == NULL)
		return -1;
	if (archive_read_open_fd(a, fd, READ_CHUNK) != ARCHIVE_OK)
		rc = open_failed(in, a);
	else
		rc = archive_members(in, a, label);
	archive_read_free(a);
	return rc;
}

/*
 * An archive read as it comes, never sought: standard input ("-"), a
 * FIFO, a shell's <(...).  Never a directory or a bare log.
 */
static int
stream_in(struct input *in, int fd, const char *label)
{
	int rc = archive_in(in, fd, label);

	if (rc == 1)
		rc = diag_error(in->d, "not a log archive (tar, optionally "
		    "compressed)");
	return rc;
}

/*
 * The kind of a file that is no archive: its name's, else a trace.dat
 * by its magic (trace-cmd's recordings have any name).
 */
static enum logkind
plain_kind(int fd, const char *path)
{
	char magic[TDAT_MAGIC_LEN];
	enum logkind kind = logkind_of(path);

	if (kind != LK_UNKNOWN)
		return kind;
	if (pread(fd, magic, sizeof(magic), 0) == (ssize_t)sizeof(magic) &&
	    memcmp(magic, TDAT_MAGIC, sizeof(magic)) == 0)
		return LK_TRACE;
	return LK_UNKNOWN;
}

static int
file_in(struct input *in, const char *path, const char *label)
{
	enum logkind kind;
	int fd = -1, rc, fifo;

	if (open_input(in, path, &fd, &fifo) != 0)
		return -1;
	rc = fifo ? stream_in(in, fd, label) : archive_in(in, fd, label);
	if (rc == 1) {
		kind = plain_kind(fd, path);
		diag_set_file(in->d, "%s", label);
		if (kind == LK_TRACE)	/* a path: the input, never left out */
			in->lp.trace_optional = 0;
		if (kind == LK_UNKNOWN || lseek(fd, 0, SEEK_SET) != 0)
			rc = diag_error(in->d, "not a log archive (tar, "
			    "optionally compressed) nor a directory");
		else
			rc = plain_file(in, fd, path, kind);
	}
	close(fd);
	return rc;
}

static int
dir_in(struct input *in, const char *dir, const char *label)
{
	char path[4096];
	size_t i;
	int fd, rc;
	struct stat st;

	/* The registry's order: the header first, proc_ps.log before taskstats.log. */
	for (i = 0; i < nmembers; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, members[i].name);
		diag_set_file(in->d, "%s/%s", label, members[i].name);
		/* Without waiting: a FIFO there is skipped below. */
		if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
			if (errno == ENOENT)
				continue;
			return diag_error(in->d, "%s", strerror(errno));
		}
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
			diag_info(in->d, "%s: not a regular file; skipped",
			    in->d->file);
			close(fd);
			continue;
		}
		rc = plain_file(in, fd, path, members[i].kind);
		close(fd);
		if (rc != 0)
			return -1;
	}
	return 0;
}

static int
path_in(struct input *in, const char *path)
{
	char label[SHOWN_MAX];
	struct stat st;
	size_t n;

	/* Counted first: claim() tells two inputs from one by this number. */
	in->ninput++;
	if (strcmp(path, "-") == 0) {
		diag_set_file(in->d, "(stdin)");
		return stream_in(in, STDIN_FILENO, "(stdin)");
	}
	shown_name(label, sizeof(label), path);
	/* "logs/" names its files "logs/header", not "logs//header". */
	n = strlen(label);
	while (n > 1 && label[n - 1] == '/')
		label[--n] = '\0';
	diag_set_file(in->d, "%s", label);
	if (stat(path, &st) != 0)
		return diag_error(in->d, "%s", strerror(errno));
	if (S_ISDIR(st.st_mode))
		return dir_in(in, path, label);
	return file_in(in, path, label);
}

/* Names the input in end-of-read messages: "a.tgz" or "a.tgz, b.tgz". */
static void
label_all(struct input *in, char *const *paths, size_t npaths)
{
	char one[SHOWN_MAX], all[sizeof(in->d->file)];
	size_t i, len = 0;

	all[0] = '\0';
	for (i = 0; i < npaths && len + 3 < sizeof(all); i++) {
		shown_name(one, sizeof(one), paths[i]);
		len += (size_t)snprintf(all + len, sizeof(all) - len, "%s%s",
		    i ? ", " : "", one);
	}
	diag_set_file(in->d, "%s", all);
}

/*
 * The trace.dat member, if any, handed to the caller (tf), then the
 * checks of a log to chart and the log's finish.
 */
static int
finish(struct input *in, struct tracefile *tf, char *const *paths,
    size_t npaths, int whole)
{
	*tf = in->lp.trace;
	memset(&in->lp.trace, 0, sizeof(in->lp.trace));
	if (in->lp.log->ps_source == PS_NONE && tf->td != NULL)
		in->lp.log->ps_source = PS_TRACE;	/* its events: processes */
	if (!whole)
		return 0;
	label_all(in, paths, npaths);
	if (in->lp.log->ps_source == PS_NONE)
		return diag_error(in->d, "no proc_ps.log (nor taskstats.log) "
		    "found");
	return logparse_finish(&in->lp, in->d);
}

/* optional: the reading can do without a trace.dat that does not read. */
static int
input_begin(struct input *in, struct bootlog *t, struct diag *d, int optional)
{
	memset(in, 0, sizeof(*in));
	logparse_init(&in->lp, t);
	in->lp.trace_optional = optional;
	in->d = d;
	if ((in->buf = malloc(READ_CHUNK)) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}

/* Every path's members into t and tf; whole: a chart's checks and finish too. */
static int
read_paths(struct bootlog *t, struct tracefile *tf, char *const *paths,
    size_t npaths, struct diag *d, int whole, int trace_needed)
{
	static char *const fallback[] = { (char *)DEFAULT_INPUT };
	struct input *in;
	size_t i;
	int rc = 0;

	if (npaths == 0) {
		paths = fallback;
		npaths = 1;
	}
	if ((in = malloc(sizeof(*in))) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	if (input_begin(in, t, d, whole && !trace_needed) != 0) {
		free(in);
		return -1;
	}
	for (i = 0; i < npaths && rc == 0; i++)
		rc = path_in(in, paths[i]);
	if (rc == 0)
		rc = finish(in, tf, paths, npaths, whole);
	logparse_free(&in->lp);
	free(in->buf);
	free(in);
	return rc;
}

int
input_read(struct bootlog *t, struct tracefile *tf, char *const *paths,
    size_t npaths, int trace_optional, struct diag *d)
{
	return read_paths(t, tf, paths, npaths, d, 1, !trace_optional);
}

int
input_read_members(struct bootlog *t, struct tracefile *tf,
    char *const *paths, size_t npaths, struct diag *d)
{
	return read_paths(t, tf, paths, npaths, d, 0, 1);
}

int
input_read_memory(struct bootlog *t, struct tracefile *tf, const void *buf,
    size_t len, const char *label, struct diag *d)
{
	char *const paths[] = { (char *)label };
	struct archive *a;
	struct input *in;
	int rc;

	if ((in = malloc(sizeof(*in))) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	if (input_begin(in, t, d, 1) != 0) {
		free(in);
		return -1;
	}
	diag_set_file(d, "%s", label);
	in->ninput = 1;
	if ((a = new_reader(in)) == NULL)
		rc = -1;
	else if (archive_read_open_memory(a, buf, len) != ARCHIVE_OK)
		rc = open_failed(in, a);
	else
		rc = archive_members(in, a, label);
	if (a != NULL)
		archive_read_free(a);
	if (rc == 1)
		rc = diag_error(d, "not a log archive (tar, optionally "
		    "compressed)");
	if (rc == 0)
		rc = finish(in, tf, paths, 1, 1);
	logparse_free(&in->lp);
	free(in->buf);
	free(in);
	return rc;
}

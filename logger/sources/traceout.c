/* traceout.c: exact mode's trace.dat member: the formats, the kernel's texts and the drained pages gathered for tdatw.c's layout, then handed to the store as pieces (packed pages unpacked on the way). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "grow.h"
#include "kcmdlines.h"
#include "ksyms.h"
#include "logfiles.h"
#include "slurp.h"
#include "tchunk.h"
#include "tdatw.h"
#include "tracefs_text.h"
#include "traceout.h"

#define KALLSYMS_MAX	(64 << 20)	/* bytes of /proc/kallsyms */

/* Everything a tdat_in points to, freed by free_in. */
struct in_store {
	struct tdat_in in;
	struct tdat_text *ftrace, *fmts, *stats;
	struct tdat_system *sys;
	char **names;
	uint64_t *sizes;
	struct utsname u;
	char uname[4 * 65 + 4];
};

void
traceout_init(struct traceout *m)
{
	memset(m, 0, sizeof(*m));
}

static void
free_in(struct in_store *s)
{
	size_t i, n;

	for (i = 0; i < s->in.nftrace; i++)
		free((void *)s->ftrace[i].p);
	for (n = 0, i = 0; i < s->in.nsys; i++)
		n += s->sys[i].n;
	for (i = 0; i < n; i++)
		free((void *)s->fmts[i].p);
	free((void *)s->in.header_page.p);
	free((void *)s->in.header_event.p);
	free(s->ftrace);
	free(s->fmts);
	free(s->stats);
	free(s->sys);
	free(s->names);
	free(s->sizes);
}

/* qsort: "sys/event" names by system, then event. */
static int
name_order(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A format file read into *txt; 0 or -1. */
static int
read_text(int dirfd, const char *path, struct tdat_text *txt)
{
	size_t len;
	char *s = slurp_exact_at(dirfd, path, TRACEFS_TEXT_MAX, &len);

	if (s == NULL)
		return -1;
	txt->p = s;
	txt->len = len;
	return 0;
}

/* The ftrace system's formats (print, function, ...), all of them. */
static int
ftrace_formats(int rootfd, struct in_store *s)
{
	char path[NAME_MAX + 32];
	struct dirent *e;
	size_t cap = 0;
	DIR *dir;
	int fd = openat(rootfd, "events/ftrace", O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC);

	if (fd < 0 || (dir = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((e = readdir(dir)) != NULL) {
		snprintf(path, sizeof(path), "%s/format", e->d_name);
		if (e->d_name[0] == '.' || (s->in.nftrace == cap &&
		    grow_array((void **)&s->ftrace, &cap, s->in.nftrace,
		    sizeof(*s->ftrace)) != 0))
			continue;
		if (read_text(dirfd(dir), path, &s->ftrace[s->in.nftrace]) == 0)
			s->in.nftrace++;
	}
	closedir(dir);
	return s->in.nftrace > 0 ? 0 : -1;
}

/* The "sys/event\n" lines of events cut into n sorted names. */
static int
event_names(struct obuf *events, struct in_store *s, size_t *n)
{
	char *p;
	size_t i;

	for (*n = 0, p = events->p; p < events->p + events->len; p++)
		*n += *p == '\n';
	if (*n == 0 || (s->names = calloc(*n, sizeof(*s->names))) == NULL ||
	    (s->fmts = calloc(*n, sizeof(*s->fmts))) == NULL ||
	    (s->sys = calloc(*n, sizeof(*s->sys))) == NULL)
		return -1;
	for (i = 0, p = events->p; i < *n; i++) {
		s->names[i] = p;
		p = memchr(p, '\n', (size_t)(events->p + events->len - p));
		*p++ = '\0';
	}
	qsort(s->names, *n, sizeof(*s->names), name_order);
	return 0;
}

/* The enabled events' formats, grouped by system. */
static int
event_formats(int rootfd, struct obuf *events, struct in_store *s)
{
	char path[256], *slash;
	size_t n, i;

	if (event_names(events, s, &n) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "events/%s/format", s->names[i]);
		if (read_text(rootfd, path, &s->fmts[i]) != 0)
			return -1;
		slash = strchr(s->names[i], '/');
		*slash = '\0';
		if (s->in.nsys == 0 || strcmp(s->sys[s->in.nsys - 1].name,
		    s->names[i]) != 0)
			s->sys[s->in.nsys++] = (struct tdat_system){
			    .name = s->names[i], .fmt = &s->fmts[i] };
		s->sys[s->in.nsys - 1].n++;
	}
	return 0;
}

/*
 * The kernel's pid list (it keeps a few hundred), what of it no task's
 * name can have forged (kcmdlines.h), then every one we saw.
 */
static int
read_cmdlines(struct traceout *m, int rootfd, const struct obuf *names,
    struct in_store *s)
{
	struct tdat_text cmd = { 0 };
	size_t len;

	if (read_text(rootfd, "saved_cmdlines", &cmd) != 0)
		cmd.len = 0;
	if ((m->texts[2] = malloc(cmd.len + names->len + 1)) == NULL) {
		free((void *)cmd.p);
		return -1;
	}
	if (cmd.len > 0)
		memcpy(m->texts[2], cmd.p, cmd.len);
	free((void *)cmd.p);
	len = kcmdlines_keep(m->texts[2], cmd.len, names->p, names->len);
	if (names->len > 0)
		memcpy(m->texts[2] + len, names->p, names->len);
	s->in.cmdlines = (struct tdat_text){ m->texts[2], len + names->len };
	return 0;
}

/* kallsyms, printk formats, the pid list, the clock: m->texts. */
static int
read_texts(struct traceout *m, const struct traceinst *ti,
    const struct obuf *names, struct in_store *s, int procfd)
{
	size_t len;

	m->texts[0] = slurp_exact_at(procfd, "kallsyms", KALLSYMS_MAX, &len);
	s->in.kallsyms = (struct tdat_text){ m->texts[0], m->texts[0] ? len :
	    0 };
	m->texts[1] = slurp_exact_at(ti->rootfd, "printk_formats",
	    TRACEFS_TEXT_MAX, &len);
	s->in.printk = (struct tdat_text){ m->texts[1], m->texts[1] ? len :
	    0 };
	if (read_cmdlines(m, ti->rootfd, names, s) != 0)
		return -1;
	m->texts[3] = slurp_exact_at(ti->bufd, "trace_clock", TRACEFS_TEXT_MAX,
	    &len);
	s->in.clock = (struct tdat_text){ m->texts[3], m->texts[3] ? len : 0 };
	return read_text(ti->rootfd, "events/header_page",
	    &s->in.header_page) != 0 || read_text(ti->rootfd,
	    "events/header_event", &s->in.header_event) != 0 ? -1 : 0;
}

/*
 * kallsyms cut to the functions the pages point at (ksyms.h); whole
 * when the page's layout cannot be read.  0, or -1 (no memory, a read
 * error).
 */
static int
cut_kallsyms(struct traceout *m, const struct tracedrain *d,
    struct in_store *s)
{
	struct tchunk z;
	struct ksyms k;
	size_t i, n = 0;
	int r = 0;

	memset(&z, 0, sizeof(z));
	memset(&k, 0, sizeof(k));
	if (s->in.kallsyms.p == NULL || ksyms_page(&k, s->in.header_page.p,
	    s->in.header_page.len) != 0)
		return 0;
	for (i = 0; i < s->in.nftrace; i++)
		ksyms_format(&k, s->ftrace[i].p, s->ftrace[i].len);
	for (i = 0; i < s->in.nsys; i++)
		n += s->sys[i].n;
	for (i = 0; i < n; i++)
		ksyms_format(&k, s->fmts[i].p, s->fmts[i].len);
	for (i = 0; i < d->ncpu && r == 0; i++)
		r = tchunk_each(&z, d->cpu[i].outfd, d->cpu[i].size,
		    ksyms_chunk, &k);
	tchunk_free(&z);
	if (r == 0)
		s->in.kallsyms.len = ksyms_cut(&k, m->texts[0],
		    s->in.kallsyms.len);
	ksyms_free(&k);
	return r;
}

/* The file's fixed parts: the system, the writer, the CPUs' sizes. */
static int
describe(struct in_store *s, const struct tracedrain *d)
{
	size_t i;

	if (uname(&s->u) == 0)
		snprintf(s->uname, sizeof(s->uname), "%s %s %s %s",
		    s->u.sysname, s->u.nodename, s->u.release, s->u.machine);
	s->in.uname = (struct tdat_text){ s->uname, strlen(s->uname) };
	s->in.version = (struct tdat_text){ "bootchartd " BC_VERSION,
	    strlen("bootchartd " BC_VERSION) };
	s->in.page_size = d->page;
	s->in.ncpu = (uint32_t)d->ncpu;
	if ((s->stats = calloc(d->ncpu, sizeof(*s->stats))) == NULL ||
	    (s->sizes = calloc(d->ncpu, sizeof(*s->sizes))) == NULL)
		return -1;
	for (i = 0; i < d->ncpu; i++) {
		s->stats[i] = (struct tdat_text){ d->cpu[i].stats,
		    d->cpu[i].stats != NULL ? d->cpu[i].statslen : 0 };
		s->sizes[i] = tracedrain_pages_of(d, i);
	}
	s->in.stats = s->stats;
	s->in.cpu_size = s->sizes;
	return 0;
}

/* The layout, then each CPU's pages and their padding to a page. */
static void
add_pieces(struct traceout *m, const struct tracedrain *d,
    struct store *st)
{
	size_t i, np = 0;

	m->pieces[np++] = (struct tarw_piece){ .mem = m->prefix.p, .fd = -1,
	    .len = m->prefix.len };
	for (i = 0; i < d->ncpu; i++) {
		m->pieces[np++] = (struct tarw_piece){ .fd = d->cpu[i].outfd,
		    .len = tracedrain_pages_of(d, i), .packed =
		    d->cpu[i].size };
		m->pieces[np++] = (struct tarw_piece){ .fd = -1,
		    .len = tdat_cpu_pad(tracedrain_pages_of(d, i), d->page) };
	}
	/* Kernel addresses: as private as the rest of the log, no more. */
	store_end_pieces(st, LK_TRACE, m->pieces, np, 0640);
}

int
traceout_build(struct traceout *m, struct traceinst *ti,
    const struct tracedrain *d, const struct obuf *names, struct store *st,
    int procfd, char *why)
{
	struct in_store s;
	int r = -1;

	memset(&s, 0, sizeof(s));
	if (describe(&s, d) != 0 || (m->pieces = calloc(1 + 2 * d->ncpu,
	    sizeof(*m->pieces))) == NULL)
		goto out;
	if (ftrace_formats(ti->rootfd, &s) != 0 ||
	    event_formats(ti->rootfd, &ti->events, &s) != 0 ||
	    read_texts(m, ti, names, &s, procfd) != 0 ||
	    cut_kallsyms(m, d, &s) != 0)
		goto out;
	s.in.ftrace = s.ftrace;
	s.in.sys = s.sys;
	if (tdat_prefix(&s.in, &m->prefix) != 0)
		goto out;
	add_pieces(m, d, st);
	r = 0;
out:
	if (r != 0)
		snprintf(why, TRACE_WHY, "off: cannot make %s: %s", LOG_TRACE,
		    errno != 0 ? strerror(errno) : "no memory");
	free_in(&s);
	return r;
}

void
traceout_free(struct traceout *m)
{
	int k;

	for (k = 0; k < 4; k++) {
		free(m->texts[k]);
		m->texts[k] = NULL;
	}
	free(m->pieces);
	m->pieces = NULL;
	obuf_free(&m->prefix);
}

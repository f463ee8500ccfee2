/* tdat_file.c: the layout of a trace.dat, version 6 (sequential) and 7 (sections found through options, possibly compressed), up to the per-CPU data. */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "caps.h"
#include "grow.h"
#include "tdat_int.h"
#include "tracedat.h"

/* A part of the file as read: in the file, or unpacked into `owned`. */
struct tpart {
	const uint8_t *p;
	size_t len;
	uint64_t off;		/* file offset of the part (or its section) */
	uint8_t *owned;
};

/* A BUFFER option, kept until the formats and the page layout are known. */
struct tbufopt {
	uint8_t *data;
	size_t len;
	uint64_t off;
};

/* What the v7 options point to (0: absent). */
struct tv7 {
	uint64_t sec[TDAT_OPT_CMDLINES + 1];
	struct tbufopt *bufs;
	size_t nbufs, bufs_cap;
};

static void
part_free(struct tpart *s)
{
	free(s->owned);
	s->owned = NULL;
}

/* ---- the parts both versions share, in the order v6 has them ---- */

static int
header_texts(struct tdat *t, struct tcur *c)
{
	const uint8_t *tag, *text;
	uint64_t n;

	if (tcur_bytes(c, sizeof(TDAT_HEADER_PAGE), &tag) != 0 ||
	    memcmp(tag, TDAT_HEADER_PAGE, sizeof(TDAT_HEADER_PAGE)) != 0)
		return tdat_fail(t, tcur_off(c), "no header_page");
	if (tcur_u64(c, &n) != 0 || n > c->len - c->pos ||
	    tcur_bytes(c, (size_t)n, &text) != 0)
		return tdat_short(t, c, "header_page");
	if (tfmt_header_page(t, (const char *)text, (size_t)n,
	    tcur_off(c) - n) != 0)
		return -1;
	if (tcur_bytes(c, sizeof(TDAT_HEADER_EVENT), &tag) != 0 ||
	    memcmp(tag, TDAT_HEADER_EVENT, sizeof(TDAT_HEADER_EVENT)) != 0)
		return tdat_fail(t, tcur_off(c), "no header_event");
	if (tcur_u64(c, &n) != 0 || n > c->len - c->pos ||
	    tcur_bytes(c, (size_t)n, &text) != 0)
		return tdat_short(t, c, "header_event");
	return 0;
}

/* `count` format texts, each a u64 size and the text, of one system. */
static int
format_files(struct tdat *t, struct tcur *c, const char *system,
    uint32_t count)
{
	const uint8_t *text;
	uint64_t n;
	uint32_t i;

	for (i = 0; i < count; i++) {
		if (tcur_u64(c, &n) != 0 || n > c->len - c->pos ||
		    tcur_bytes(c, (size_t)n, &text) != 0)
			return tdat_short(t, c, "event format");
		if (tfmt_parse(t, system, (const char *)text, (size_t)n,
		    tcur_off(c) - n) != 0)
			return -1;
	}
	return 0;
}

static int
ftrace_formats(struct tdat *t, struct tcur *c)
{
	uint32_t count;

	if (tcur_u32(c, &count) != 0)
		return tdat_short(t, c, "ftrace formats");
	return format_files(t, c, "ftrace", count);
}

static int
event_formats(struct tdat *t, struct tcur *c)
{
	uint32_t nsys, count, i;
	const char *sys;

	if (tcur_u32(c, &nsys) != 0)
		return tdat_short(t, c, "event systems");
	for (i = 0; i < nsys; i++) {
		if (tcur_str(c, CAP_TRACE_NAME, &sys) != 0)
			return tdat_fail(t, tcur_off(c), "bad system name");
		if (tcur_u32(c, &count) != 0)
			return tdat_short(t, c, "event count");
		if (format_files(t, c, sys, count) != 0)
			return -1;
	}
	return 0;
}

/* printk formats: a u32 size and text, not used. */
static int
skip_u32_text(struct tdat *t, struct tcur *c, const char *what)
{
	const uint8_t *text;
	uint32_t n;

	if (tcur_u32(c, &n) != 0 || tcur_bytes(c, n, &text) != 0)
		return tdat_short(t, c, what);
	return 0;
}

static int
cmdlines(struct tdat *t, struct tcur *c)
{
	const uint8_t *text;
	uint64_t n;

	if (tcur_u64(c, &n) != 0 || n > c->len - c->pos ||
	    tcur_bytes(c, (size_t)n, &text) != 0)
		return tdat_short(t, c, "cmdlines");
	return tdat_cmdlines(t, (const char *)text, (size_t)n,
	    tcur_off(c) - n);
}

/* ---- options ---- */

/* "[local] global ...": the bracketed one. */
static int
trace_clock(struct tdat *t, const uint8_t *p, size_t len)
{
	const uint8_t *open = memchr(p, '[', len), *close;

	if (open == NULL || (close = memchr(open, ']',
	    len - (size_t)(open - p))) == NULL)
		return tdat_set_text(t, &t->clock, p, len);
	return tdat_set_text(t, &t->clock, open + 1, (size_t)(close - open - 1));
}

static int
keep_buffer(struct tdat *t, struct tv7 *v, const uint8_t *p, uint32_t size,
    uint64_t off)
{
	struct tbufopt b;

	if (cap_check(t->d, v->nbufs, CAP_TRACE_BUFFERS, "trace buffers") != 0)
		return -1;
	if (grow_array((void **)&v->bufs, &v->bufs_cap, v->nbufs,
	    sizeof(*v->bufs)) != 0 || (b.data = malloc(size ? size : 1)) ==
	    NULL)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	memcpy(b.data, p, size);
	b.len = size;
	b.off = off;
	v->bufs[v->nbufs++] = b;
	return 0;
}

/* One option; *next gets DONE's offset (v7). */
static int
option(struct tdat *t, struct tv7 *v, uint16_t id, const uint8_t *p,
    uint32_t size, uint64_t off, uint64_t *next)
{
	switch (id) {
	case TDAT_OPT_TRACECLOCK:
		return trace_clock(t, p, size);
	case TDAT_OPT_UNAME:
		return tdat_set_text(t, &t->uname, p, size);
	case TDAT_OPT_CPUCOUNT:
		if (size >= 4)
			t->cpucount = (int)(bytes_uint(p, 4, t->big) &
			    0x7fffffff);
		return 0;
	case TDAT_OPT_BUFFER:
		return keep_buffer(t, v, p, size, off);
	case TDAT_OPT_DONE:
		if (size >= 8)
			*next = bytes_uint(p, 8, t->big);
		return 0;
	default:
		if (t->version >= 7 && id >= TDAT_OPT_HEADER_INFO &&
		    id <= TDAT_OPT_CMDLINES && size >= 8)
			v->sec[id] = bytes_uint(p, 8, t->big);
		return 0;
	}
}

/*
 * Options up to DONE: in v6 a u16 0 with no size ends them; in v7 the
 * DONE option carries the next section's offset.
 */
static int
options(struct tdat *t, struct tv7 *v, struct tcur *c, uint64_t *next)
{
	const uint8_t *p;
	uint32_t size;
	uint16_t id;
	size_t n;

	*next = 0;
	for (n = 0;; n++) {
		if (cap_check(t->d, n, CAP_TRACE_OPTIONS, "options") != 0)
			return -1;
		if (tcur_u16(c, &id) != 0)
			return tdat_short(t, c, "options");
		if (id == TDAT_OPT_DONE && t->version < 7)
			return 0;
		if (tcur_u32(c, &size) != 0 || tcur_bytes(c, size, &p) != 0)
			return tdat_short(t, c, "option");
		if (option(t, v, id, p, size, tcur_off(c) - size, next) != 0)
			return -1;
		if (id == TDAT_OPT_DONE)
			return 0;
	}
}

/* ---- v7 sections ---- */

/* A section as messages name it. */
static const char *
section_name(uint16_t id)
{
	static const char *const names[] = {
		[TDAT_OPT_DONE] = "options section",
		[TDAT_OPT_HEADER_INFO] = "header section",
		[TDAT_OPT_FTRACE_EVENTS] = "ftrace formats section",
		[TDAT_OPT_EVENT_FORMATS] = "event formats section",
		[TDAT_OPT_KALLSYMS] = "kallsyms section",
		[TDAT_OPT_PRINTK] = "printk formats section",
		[TDAT_OPT_CMDLINES] = "cmdlines section",
	};

	if (id < sizeof(names) / sizeof(names[0]) && names[id] != NULL)
		return names[id];
	return "section";
}

/*
 * The section at off: {u16 id, u16 flags, u32 string, u64 size}, then its
 * data, which a compressed one has as {u32 size, u32 unpacked size, data}.
 */
static int
section(struct tdat *t, uint64_t off, uint16_t want, struct tpart *s)
{
	uint16_t id, flags;
	uint32_t str, csize, usize;
	const uint8_t *p;
	struct tcur c;
	uint64_t size;

	memset(s, 0, sizeof(*s));
	s->off = off;
	if (off >= t->len)
		return tdat_fail(t, off, "section past the end of the file");
	tcur_init(&c, t, t->buf + off, t->len - (size_t)off, off);
	if (tcur_u16(&c, &id) != 0 || tcur_u16(&c, &flags) != 0 ||
	    tcur_u32(&c, &str) != 0 || tcur_u64(&c, &size) != 0)
		return tdat_short(t, &c, "section header");
	if (id != want)
		return tdat_fail(t, off, "section %u where %u was expected",
		    id, want);
	if (size > c.len - c.pos)
		return tdat_short(t, &c, "section");
	if (!(flags & TDAT_SEC_COMPRESSED)) {
		s->p = c.p + c.pos;
		s->len = (size_t)size;
		return 0;
	}
	if (tcur_u32(&c, &csize) != 0 || tcur_u32(&c, &usize) != 0 ||
	    tcur_bytes(&c, csize, &p) != 0)
		return tdat_short(t, &c, "compressed section");
	if (usize > CAP_TRACE_SECTION)
		return cap_error(t->d, "offset %llu: a section of %u bytes",
		    (unsigned long long)off, usize);
	if (tdat_declare(t, section_name(id), off, csize, usize) != 0)
		return -1;
	if ((s->owned = malloc(usize ? usize : 1)) == NULL)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	if (tdat_unpack(t, p, csize, s->owned, usize, off) != 0) {
		part_free(s);
		return -1;
	}
	s->p = s->owned;
	s->len = usize;
	return 0;
}

/*
 * The flags of a BUFFER section, whose data is not unpacked whole: a
 * compressed one holds each CPU's data as compressed chunks.
 */
static int
section_flags(struct tdat *t, uint64_t off, uint16_t *flags)
{
	struct tcur c;
	uint16_t id;

	if (off >= t->len)
		return tdat_fail(t, off, "section past the end of the file");
	tcur_init(&c, t, t->buf + off, t->len - (size_t)off, off);
	if (tcur_u16(&c, &id) != 0 || tcur_u16(&c, flags) != 0)
		return tdat_short(t, &c, "section header");
	if (id != TDAT_OPT_BUFFER)
		return tdat_fail(t, off, "section %u where %u was expected",
		    id, TDAT_OPT_BUFFER);
	return 0;
}

/* Every options section, from the first, following DONE. */
static int
v7_options(struct tdat *t, struct tv7 *v, uint64_t off)
{
	struct tpart s;
	struct tcur c;
	uint64_t next;
	size_t n;
	int rc;

	for (n = 0; off != 0; n++, off = next) {
		if (cap_check(t->d, n, CAP_TRACE_OPTIONS, "options sections")
		    != 0)
			return -1;
		if (section(t, off, TDAT_OPT_DONE, &s) != 0)
			return -1;
		tcur_init(&c, t, s.p, s.len, s.off);
		rc = options(t, v, &c, &next);
		part_free(&s);
		if (rc != 0)
			return -1;
	}
	return 0;
}

typedef int (*part_reader)(struct tdat *, struct tcur *);

/* The section an option named, read by fn; absent ones are skipped. */
static int
v7_part(struct tdat *t, const struct tv7 *v, int id, part_reader fn,
    int needed)
{
	struct tpart s;
	struct tcur c;
	int rc;

	if (v->sec[id] == 0)
		return needed ? tdat_fail(t, 0, "no option %d (the section "
		    "of the headers)", id) : 0;
	if (section(t, v->sec[id], (uint16_t)id, &s) != 0)
		return -1;
	tcur_init(&c, t, s.p, s.len, s.off);
	rc = fn(t, &c);
	part_free(&s);
	return rc;
}

static int
read_kallsyms(struct tdat *t, struct tcur *c)
{
	const uint8_t *text;
	uint32_t n;

	if (tcur_u32(c, &n) != 0 || tcur_bytes(c, n, &text) != 0)
		return tdat_short(t, c, "kallsyms");
	return tdat_syms(t, (const char *)text, n);
}

static int
read_printk(struct tdat *t, struct tcur *c)
{
	return skip_u32_text(t, c, "printk formats");
}

/*
 * A v7 BUFFER option: {u64 section, name, clock, u32 page size, u32
 * cpus, per CPU {u32 id, u64 offset, u64 size}}.
 */
static int
v7_buffer(struct tdat *t, const struct tbufopt *b, int bufno)
{
	const char *name, *clock;
	uint32_t page, ncpu, cpu, i;
	uint64_t sec, off, size;
	uint16_t flags;
	struct tcur c;

	tcur_init(&c, t, b->data, b->len, b->off);
	if (tcur_u64(&c, &sec) != 0 || tcur_str(&c, CAP_TRACE_NAME, &name) != 0
	    || tcur_str(&c, CAP_TRACE_NAME, &clock) != 0 ||
	    tcur_u32(&c, &page) != 0 || tcur_u32(&c, &ncpu) != 0)
		return tdat_short(t, &c, "BUFFER option");
	if (ncpu > 0 && (t->clock == NULL || bufno == 0) &&
	    tdat_set_text(t, &t->clock, (const uint8_t *)clock,
	    strlen(clock)) != 0)
		return -1;
	if (ncpu == 0)
		return 0;
	if (section_flags(t, sec, &flags) != 0)
		return -1;
	for (i = 0; i < ncpu; i++) {
		if (tcur_u32(&c, &cpu) != 0 || tcur_u64(&c, &off) != 0 ||
		    tcur_u64(&c, &size) != 0)
			return tdat_short(t, &c, "BUFFER option's CPUs");
		if (tstream_add(t, bufno, (int)(cpu & 0x7fffffff), off, size,
		    flags & TDAT_SEC_COMPRESSED) != 0)
			return -1;
	}
	return 0;
}

static void
v7_free(struct tv7 *v)
{
	size_t i;

	for (i = 0; i < v->nbufs; i++)
		free(v->bufs[i].data);
	free(v->bufs);
}

static int
v7_rest(struct tdat *t, struct tv7 *v, struct tcur *c)
{
	const char *name, *ver;
	uint64_t first;
	size_t i;

	if (tcur_str(c, CAP_TRACE_NAME, &name) != 0 ||
	    tcur_str(c, CAP_TRACE_NAME, &ver) != 0 || tcur_u64(c, &first) != 0)
		return tdat_short(t, c, "compression header");
	snprintf(t->comp, sizeof(t->comp), "%s", name);
	if (strcmp(name, "none") != 0 && strcmp(name, "zstd") != 0 &&
	    strcmp(name, "zlib") != 0)
		return tdat_fail(t, 0, "compression \"%.40s\" not supported",
		    name);
	if (v7_options(t, v, first) != 0 ||
	    v7_part(t, v, TDAT_OPT_HEADER_INFO, header_texts, 1) != 0 ||
	    v7_part(t, v, TDAT_OPT_FTRACE_EVENTS, ftrace_formats, 0) != 0 ||
	    v7_part(t, v, TDAT_OPT_EVENT_FORMATS, event_formats, 0) != 0 ||
	    v7_part(t, v, TDAT_OPT_KALLSYMS, read_kallsyms, 0) != 0 ||
	    v7_part(t, v, TDAT_OPT_PRINTK, read_printk, 0) != 0 ||
	    v7_part(t, v, TDAT_OPT_CMDLINES, cmdlines, 0) != 0)
		return -1;
	for (i = 0; i < v->nbufs; i++)
		if (v7_buffer(t, &v->bufs[i], (int)i) != 0)
			return -1;
	return 0;
}

/* ---- v6 ---- */

/* "flyrecord\0" then per CPU {u64 offset, u64 size}. */
static int
v6_flyrecord(struct tdat *t, struct tcur *c, uint32_t ncpu, int bufno)
{
	const uint8_t *tag;
	uint64_t off, size;
	uint32_t i;

	if (tcur_bytes(c, TDAT_TAG_LEN, &tag) != 0 ||
	    memcmp(tag, TDAT_FLYRECORD_TAG, TDAT_TAG_LEN) != 0)
		return tdat_fail(t, tcur_off(c), "no flyrecord");
	for (i = 0; i < ncpu; i++) {
		if (tcur_u64(c, &off) != 0 || tcur_u64(c, &size) != 0)
			return tdat_short(t, c, "flyrecord");
		if (tstream_add(t, bufno, (int)i, off, size, 0) != 0)
			return -1;
	}
	return 0;
}

/* A v6 BUFFER option: {u64 offset, name}; at offset, a flyrecord. */
static int
v6_buffer(struct tdat *t, const struct tbufopt *b, uint32_t ncpu, int bufno)
{
	struct tcur c;
	uint64_t off;

	if (b->len < 8)
		return tdat_fail(t, b->off, "short BUFFER option");
	off = bytes_uint(b->data, 8, t->big);
	if (off >= t->len)
		return tdat_fail(t, b->off, "BUFFER past the end of the file");
	tcur_init(&c, t, t->buf + off, t->len - (size_t)off, off);
	return v6_flyrecord(t, &c, ncpu, bufno);
}

static int
v6_rest(struct tdat *t, struct tv7 *v, struct tcur *c)
{
	const uint8_t *tag;
	uint64_t next;
	uint32_t ncpu;
	size_t i;

	if (header_texts(t, c) != 0 || ftrace_formats(t, c) != 0 ||
	    event_formats(t, c) != 0 || read_kallsyms(t, c) != 0
	    || skip_u32_text(t, c, "printk formats") != 0 ||
	    cmdlines(t, c) != 0)
		return -1;
	if (tcur_u32(c, &ncpu) != 0)
		return tdat_short(t, c, "CPU count");
	if (ncpu > CAP_TRACE_CPUS)
		return cap_error(t->d, "offset %llu: %u CPUs",
		    (unsigned long long)tcur_off(c), ncpu);
	if (c->len - c->pos >= TDAT_TAG_LEN &&
	    memcmp(c->p + c->pos, TDAT_OPTIONS_TAG, TDAT_TAG_LEN) == 0) {
		(void)tcur_bytes(c, TDAT_TAG_LEN, &tag);
		if (options(t, v, c, &next) != 0)
			return -1;
	}
	if (c->len - c->pos >= TDAT_TAG_LEN &&
	    memcmp(c->p + c->pos, TDAT_LATENCY_TAG, TDAT_TAG_LEN) == 0)
		return 0;	/* text only: no events */
	if (v6_flyrecord(t, c, ncpu, 0) != 0)
		return -1;
	for (i = 0; i < v->nbufs; i++)
		if (v6_buffer(t, &v->bufs[i], ncpu, (int)i + 1) != 0)
			return -1;
	return 0;
}

/* The 10 bytes of magic, the version, endianness, long size, page size. */
static int
file_header(struct tdat *t, struct tcur *c)
{
	const uint8_t *magic, *b;
	const char *ver;
	uint32_t page;

	if (tcur_bytes(c, TDAT_MAGIC_LEN, &magic) != 0 ||
	    memcmp(magic, TDAT_MAGIC, TDAT_MAGIC_LEN) != 0)
		return tdat_fail(t, 0, "not a trace.dat (no magic)");
	if (tcur_str(c, 8, &ver) != 0)
		return tdat_short(t, c, "version");
	if (strcmp(ver, "6") == 0)
		t->version = 6;
	else if (strcmp(ver, "7") == 0)
		t->version = 7;
	else
		return tdat_fail(t, TDAT_MAGIC_LEN, "version \"%.8s\" not "
		    "supported (%d to %d are)", ver, TDAT_VERSION_MIN,
		    TDAT_VERSION_MAX);
	if (tcur_bytes(c, 2, &b) != 0)
		return tdat_short(t, c, "file header");
	if (b[0] > 1 || (b[1] != 4 && b[1] != 8))
		return tdat_fail(t, tcur_off(c) - 2, "bad endianness or long "
		    "size");
	t->big = c->big = b[0];
	if (tcur_u32(c, &page) != 0)
		return tdat_short(t, c, "file header");
	(void)page;	/* header_page gives the page's layout and size */
	return 0;
}

int
tdat_read_file(struct tdat *t)
{
	struct tv7 v;
	struct tcur c;
	int rc;

	memset(&v, 0, sizeof(v));
	snprintf(t->comp, sizeof(t->comp), "none");
	tcur_init(&c, t, t->buf, t->len, 0);
	if (file_header(t, &c) != 0)
		return -1;
	rc = t->version >= 7 ? v7_rest(t, &v, &c) : v6_rest(t, &v, &c);
	v7_free(&v);
	return rc;
}

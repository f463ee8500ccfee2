/* tdat_foreign.c: rewrites a recorded trace.dat (version 6, little-endian, 8-byte longs: an x86-64 kernel's) as a big-endian kernel's (-b) and/or a 32-bit kernel's (-4: 4-byte longs and pointers, its page header), in version 6 or 7 (-7, uncompressed): the foreign traces the reader is tested on (tests/sh/trace_foreign.sh, docs/trace.md "Other kernels' traces"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tdat_foreign.h"
#include "tracedat.h"

/* A bounds-checked reader of the input (little-endian). */
struct in {
	const uint8_t *b;
	size_t len, pos;
};

struct tsys {
	const char *name;
	size_t first, count;
};

/* The input as read: pointers into its bytes. */
struct trace {
	uint32_t psize, ncpu;
	struct tf_span hpage, hevent, kallsyms, printk, cmdlines;
	struct tf_span clocktext;	/* v6: after the CPUs' table */
	struct tf_fmt *fmts;
	size_t nfmts, nftrace;
	struct tsys *sys;
	size_t nsys;
	uint16_t optid[TF_MAXOPTS];
	struct tf_span opt[TF_MAXOPTS];
	int nopts;
	struct tf_span cpu[TF_MAXCPU];
	char clock[32];
};

static const uint8_t *
take(struct in *c, size_t n, const char *what)
{
	const uint8_t *p = c->b + c->pos;

	if (c->len - c->pos < n)
		tf_die("input truncated (%s)", what);
	c->pos += n;
	return p;
}

static uint64_t
num(struct in *c, size_t n, const char *what)
{
	return tf_le(take(c, n, what), n);
}

/* A u32 or u64 size, then that many bytes. */
static struct tf_span
sized(struct in *c, size_t n, const char *what)
{
	struct tf_span s;
	uint64_t size = num(c, n, what);

	if (size > c->len - c->pos)
		tf_die("input truncated (%s)", what);
	s.len = (size_t)size;
	s.p = take(c, s.len, what);
	return s;
}

static void
tag(struct in *c, const char *t, size_t n)
{
	if (memcmp(take(c, n, t), t, n) != 0)
		tf_die("no \"%s\" where the file has it", t);
}

static void
add_formats(struct trace *tr, struct in *c, const char *system, size_t count)
{
	struct tf_fmt *m;
	size_t i;

	tr->fmts = realloc(tr->fmts, (tr->nfmts + count + 1) * sizeof(*m));
	if (tr->fmts == NULL)
		tf_die("out of memory");
	for (i = 0; i < count; i++) {
		m = &tr->fmts[tr->nfmts++];
		memset(m, 0, sizeof(*m));
		m->system = system;
		m->text = sized(c, 8, "event format");
	}
}

static void
read_systems(struct trace *tr, struct in *c)
{
	uint32_t i, n = (uint32_t)num(c, 4, "systems");
	const uint8_t *nul;
	const char *name;
	size_t count;

	if ((tr->sys = calloc(n + 1, sizeof(*tr->sys))) == NULL)
		tf_die("out of memory");
	for (i = 0; i < n; i++) {
		nul = memchr(c->b + c->pos, '\0', c->len - c->pos);
		if (nul == NULL)
			tf_die("input truncated (system name)");
		name = (const char *)take(c, (size_t)(nul - (c->b + c->pos)) +
		    1, "system name");
		count = (size_t)num(c, 4, "format count");
		if (count > c->len)
			tf_die("a system of %zu formats", count);
		tr->sys[tr->nsys++] = (struct tsys){ name, tr->nfmts, count };
		add_formats(tr, c, name, count);
	}
}

/* The bracketed clock of TRACECLOCK's text, for v7's BUFFER option. */
static void
keep_clock(struct trace *tr, struct tf_span s)
{
	const char *p = (const char *)s.p, *o = memchr(p, '[', s.len), *e;

	if (o == NULL || (e = memchr(o, ']', s.len - (size_t)(o - p))) ==
	    NULL || e - o - 1 >= (long)sizeof(tr->clock))
		return;
	memcpy(tr->clock, o + 1, (size_t)(e - o - 1));
	tr->clock[e - o - 1] = '\0';
}

/* v6 options up to the u16 0: the ones whose bytes convert are kept. */
static void
read_options(struct trace *tr, struct in *c)
{
	uint16_t id;
	struct tf_span s;

	while ((id = (uint16_t)num(c, 2, "options")) != TDAT_OPT_DONE) {
		s = sized(c, 4, "option");
		if (id == TDAT_OPT_BUFFER)
			tf_die("an instance's buffer (not converted)");
		if (id == TDAT_OPT_TRACECLOCK)
			keep_clock(tr, s);
		if (id != TDAT_OPT_DATE && id != TDAT_OPT_CPUSTAT &&
		    id != TDAT_OPT_TRACECLOCK && id != TDAT_OPT_UNAME &&
		    id != TDAT_OPT_CPUCOUNT && id != TDAT_OPT_VERSION &&
		    id != TDAT_OPT_TRACEID) {
			fprintf(stderr, "tdat_foreign: option %u dropped\n", id);
			continue;
		}
		if (tr->nopts == TF_MAXOPTS)
			tf_die("more than %d options", TF_MAXOPTS);
		tr->optid[tr->nopts] = id;
		tr->opt[tr->nopts++] = s;
	}
}

static void
read_head(struct trace *tr, struct in *c)
{
	const uint8_t *h;

	tag(c, TDAT_MAGIC, TDAT_MAGIC_LEN);
	h = take(c, 4, "file header");
	if (memcmp(h, "6\0", 2) != 0 || h[2] != 0 || h[3] != 8)
		tf_die("the input must be version 6, little-endian, 8-byte "
		    "longs (trace-cmd convert --file-version 6 makes one)");
	tr->psize = (uint32_t)num(c, 4, "page size");
	if (tr->psize < 64 || tr->psize > (1U << 20))
		tf_die("a page of %u bytes", tr->psize);
	tag(c, TDAT_HEADER_PAGE, sizeof(TDAT_HEADER_PAGE));
	tr->hpage = sized(c, 8, "header_page");
	tag(c, TDAT_HEADER_EVENT, sizeof(TDAT_HEADER_EVENT));
	tr->hevent = sized(c, 8, "header_event");
}

static void
read_trace(struct trace *tr, struct in *c)
{
	uint32_t i;

	read_head(tr, c);
	tr->nftrace = (size_t)num(c, 4, "ftrace formats");
	if (tr->nftrace > c->len)
		tf_die("%zu ftrace formats", tr->nftrace);
	add_formats(tr, c, "ftrace", tr->nftrace);
	read_systems(tr, c);
	tr->kallsyms = sized(c, 4, "kallsyms");
	tr->printk = sized(c, 4, "printk formats");
	tr->cmdlines = sized(c, 8, "cmdlines");
	tr->ncpu = (uint32_t)num(c, 4, "CPU count");
	if (tr->ncpu > TF_MAXCPU)
		tf_die("%u CPUs", tr->ncpu);
	if (c->len - c->pos >= TDAT_TAG_LEN && memcmp(c->b + c->pos,
	    TDAT_OPTIONS_TAG, TDAT_TAG_LEN) == 0) {
		c->pos += TDAT_TAG_LEN;
		read_options(tr, c);
	}
	tag(c, TDAT_FLYRECORD_TAG, TDAT_TAG_LEN);
	for (i = 0; i < tr->ncpu; i++) {
		uint64_t off = num(c, 8, "flyrecord"), size = num(c, 8,
		    "flyrecord");

		if (off > c->len || size > c->len - off || size % tr->psize)
			tf_die("cpu %u: data not whole pages in the file", i);
		tr->cpu[i] = (struct tf_span){ c->b + off, (size_t)size };
	}
	/* trace-cmd dump --clock reads a u64 size and the clock's text. */
	tr->clocktext = sized(c, 8, "the clock after flyrecord");
}

/* ---- writing ---- */

/* A u32 or u64 size, then the bytes. */
static void
put_sized(struct tf_out *o, const void *p, size_t len, size_t n)
{
	tf_num(o, len, n);
	tf_bytes(o, p, len);
}

/* kallsyms of a 32-bit kernel: each address's low 8 hex digits. */
static void
put_kallsyms(struct tf_out *o, const struct trace *tr, int lsize)
{
	const char *p = (const char *)tr->kallsyms.p, *e = p + tr->kallsyms.len;
	struct tf_out t = { NULL, 0, 0, o->big };
	const char *nl;
	size_t h;

	if (lsize == 8) {
		put_sized(o, p, tr->kallsyms.len, 4);
		return;
	}
	for (; p < e; p = nl) {
		nl = memchr(p, '\n', (size_t)(e - p));
		nl = nl != NULL ? nl + 1 : e;
		h = strspn(p, "0123456789abcdefABCDEF");
		if (h > 8 && p + h < nl)
			p += h - 8;
		tf_bytes(&t, p, (size_t)(nl - p));
	}
	put_sized(o, t.p, t.len, 4);
	free(t.p);
}

static void
put_format(struct tf_out *o, const struct tf_fmt *m,
    const struct tf_target *t)
{
	struct tf_out x = { NULL, 0, 0, o->big };

	tf_fmt_text(m, t, &x);
	put_sized(o, x.p, x.len, 8);
	free(x.p);
}

static void
put_headers(struct tf_out *o, const struct trace *tr,
    const struct tf_target *t)
{
	struct tf_out x = { NULL, 0, 0, o->big };

	tf_bytes(o, TDAT_HEADER_PAGE, sizeof(TDAT_HEADER_PAGE));
	if (t->lsize == 8)
		tf_bytes(&x, tr->hpage.p, tr->hpage.len);
	else
		tf_header_page(t, tr->psize, &x);
	put_sized(o, x.p, x.len, 8);
	free(x.p);
	tf_bytes(o, TDAT_HEADER_EVENT, sizeof(TDAT_HEADER_EVENT));
	put_sized(o, tr->hevent.p, tr->hevent.len, 8);
}

static void
put_ftrace(struct tf_out *o, const struct trace *tr,
    const struct tf_target *t)
{
	size_t i;

	tf_num(o, tr->nftrace, 4);
	for (i = 0; i < tr->nftrace; i++)
		put_format(o, &tr->fmts[i], t);
}

static void
put_systems(struct tf_out *o, const struct trace *tr,
    const struct tf_target *t)
{
	size_t i, k;

	tf_num(o, tr->nsys, 4);
	for (i = 0; i < tr->nsys; i++) {
		tf_bytes(o, tr->sys[i].name, strlen(tr->sys[i].name) + 1);
		tf_num(o, tr->sys[i].count, 4);
		for (k = 0; k < tr->sys[i].count; k++)
			put_format(o, &tr->fmts[tr->sys[i].first + k], t);
	}
}

/* The options kept, their numbers in the target's order. */
static void
put_options(struct tf_out *o, const struct trace *tr)
{
	int i;

	for (i = 0; i < tr->nopts; i++) {
		tf_num(o, tr->optid[i], 2);
		if (tr->optid[i] == TDAT_OPT_CPUCOUNT ||
		    tr->optid[i] == TDAT_OPT_TRACEID) {
			tf_num(o, tr->opt[i].len, 4);
			tf_num(o, tf_le(tr->opt[i].p, tr->opt[i].len > 8 ? 8 :
			    tr->opt[i].len), tr->opt[i].len);
		} else
			put_sized(o, tr->opt[i].p, tr->opt[i].len, 4);
	}
}

/* Every CPU's pages, page-aligned; their offsets and sizes. */
static void
put_pages(struct tf_out *o, const struct trace *tr,
    const struct tf_target *t, uint64_t *off, struct tf_stats *s)
{
	uint8_t *page = malloc(tr->psize);
	size_t at;
	uint32_t i;

	if (page == NULL)
		tf_die("out of memory");
	tf_align(o, tr->psize);
	for (i = 0; i < tr->ncpu; i++) {
		off[i] = o->len;
		for (at = 0; at < tr->cpu[i].len; at += tr->psize) {
			tf_page(tr->cpu[i].p + at, tr->psize, page, t,
			    tr->fmts, tr->nfmts, s);
			tf_bytes(o, page, tr->psize);
		}
	}
	free(page);
}

static void
write_v6(struct tf_out *o, const struct trace *tr, const struct tf_target *t,
    struct tf_stats *s)
{
	uint64_t off[TF_MAXCPU];
	size_t fly;
	uint32_t i;

	put_headers(o, tr, t);
	put_ftrace(o, tr, t);
	put_systems(o, tr, t);
	put_kallsyms(o, tr, t->lsize);
	put_sized(o, tr->printk.p, tr->printk.len, 4);
	put_sized(o, tr->cmdlines.p, tr->cmdlines.len, 8);
	tf_num(o, tr->ncpu, 4);
	tf_bytes(o, TDAT_OPTIONS_TAG, TDAT_TAG_LEN);
	put_options(o, tr);
	tf_num(o, TDAT_OPT_DONE, 2);
	tf_bytes(o, TDAT_FLYRECORD_TAG, TDAT_TAG_LEN);
	fly = o->len;
	for (i = 0; i < tr->ncpu; i++) {
		tf_num(o, 0, 8);	/* offset and size, set below */
		tf_num(o, 0, 8);
	}
	put_sized(o, tr->clocktext.p, tr->clocktext.len, 8);
	put_pages(o, tr, t, off, s);
	for (i = 0; i < tr->ncpu; i++) {
		tf_set(o, fly + 16 * i, off[i], 8);
		tf_set(o, fly + 16 * i + 8, tr->cpu[i].len, 8);
	}
}

/* v7: a section's head {u16 id, u16 flags, u32 string, u64 size}. */
static size_t
sec_begin(struct tf_out *o, uint16_t id, uint64_t *at)
{
	*at = o->len;
	tf_num(o, id, 2);
	tf_num(o, 0, 2);
	tf_num(o, 0, 4);
	tf_num(o, 0, 8);
	return o->len;
}

static void
sec_end(struct tf_out *o, size_t data)
{
	tf_set(o, data - 8, o->len - data, 8);
}

/* The options section: the kept options, the sections', the BUFFER's. */
static void
v7_options(struct tf_out *o, const struct trace *tr, const uint64_t *sec,
    uint64_t bufsec, const uint64_t *off)
{
	size_t d, b;
	uint64_t at;
	uint32_t i;
	int id;

	d = sec_begin(o, TDAT_OPT_DONE, &at);
	put_options(o, tr);
	for (id = TDAT_OPT_HEADER_INFO; id <= TDAT_OPT_CMDLINES; id++) {
		tf_num(o, (uint64_t)id, 2);
		tf_num(o, 8, 4);
		tf_num(o, sec[id], 8);
	}
	tf_num(o, TDAT_OPT_BUFFER, 2);
	b = o->len;
	tf_num(o, 0, 4);
	tf_num(o, bufsec, 8);
	tf_bytes(o, "", 1);
	tf_bytes(o, tr->clock, strlen(tr->clock) + 1);
	tf_num(o, tr->psize, 4);
	tf_num(o, tr->ncpu, 4);
	for (i = 0; i < tr->ncpu; i++) {
		tf_num(o, i, 4);
		tf_num(o, off[i], 8);
		tf_num(o, tr->cpu[i].len, 8);
	}
	tf_set(o, b, o->len - b - 4, 4);
	tf_num(o, TDAT_OPT_DONE, 2);
	tf_num(o, 8, 4);
	tf_num(o, 0, 8);
	sec_end(o, d);
}

static void
write_v7(struct tf_out *o, const struct trace *tr, const struct tf_target *t,
    struct tf_stats *s)
{
	uint64_t sec[TDAT_OPT_CMDLINES + 1] = { 0 }, off[TF_MAXCPU], bufsec, at;
	size_t first, d;

	tf_bytes(o, "none\0", 6);
	first = o->len;
	tf_num(o, 0, 8);
	d = sec_begin(o, TDAT_OPT_HEADER_INFO, &sec[TDAT_OPT_HEADER_INFO]);
	put_headers(o, tr, t);
	sec_end(o, d);
	d = sec_begin(o, TDAT_OPT_FTRACE_EVENTS, &sec[TDAT_OPT_FTRACE_EVENTS]);
	put_ftrace(o, tr, t);
	sec_end(o, d);
	d = sec_begin(o, TDAT_OPT_EVENT_FORMATS, &sec[TDAT_OPT_EVENT_FORMATS]);
	put_systems(o, tr, t);
	sec_end(o, d);
	d = sec_begin(o, TDAT_OPT_KALLSYMS, &sec[TDAT_OPT_KALLSYMS]);
	put_kallsyms(o, tr, t->lsize);
	sec_end(o, d);
	d = sec_begin(o, TDAT_OPT_PRINTK, &sec[TDAT_OPT_PRINTK]);
	put_sized(o, tr->printk.p, tr->printk.len, 4);
	sec_end(o, d);
	d = sec_begin(o, TDAT_OPT_CMDLINES, &sec[TDAT_OPT_CMDLINES]);
	put_sized(o, tr->cmdlines.p, tr->cmdlines.len, 8);
	sec_end(o, d);
	d = sec_begin(o, TDAT_OPT_BUFFER, &bufsec);
	put_pages(o, tr, t, off, s);
	sec_end(o, d);
	at = o->len;
	v7_options(o, tr, sec, bufsec, off);
	tf_set(o, first, at, 8);
}

static int
usage(void)
{
	fprintf(stderr, "usage: tdat_foreign [-b] [-4] [-7] IN.dat OUT.dat\n"
	    "  -b big-endian, -4 4-byte longs (a 32-bit kernel), -7 version "
	    "7 (uncompressed)\n");
	return 2;
}

static uint8_t *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *b = NULL;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0 || (b = malloc((size_t)n + 1)) == NULL
	    || fread(b, 1, (size_t)n, f) != (size_t)n)
		tf_die("%s: cannot read", path);
	fclose(f);
	*len = (size_t)n;
	return b;
}

static void
convert(struct trace *tr, const struct tf_target *t, const char *out)
{
	struct tf_out o = { NULL, 0, 0, t->big };
	struct tf_stats s = { 0, 0, 0 };
	size_t i;
	FILE *f;

	for (i = 0; i < tr->nfmts; i++)
		tf_fmt_parse(&tr->fmts[i], t);
	tf_bytes(&o, TDAT_MAGIC, TDAT_MAGIC_LEN);
	tf_bytes(&o, t->version == 7 ? "7" : "6", 2);
	tf_bytes(&o, (uint8_t[]){ (uint8_t)t->big, (uint8_t)t->lsize }, 2);
	tf_num(&o, tr->psize, 4);
	if (t->version == 7)
		write_v7(&o, tr, t, &s);
	else
		write_v6(&o, tr, t, &s);
	if ((f = fopen(out, "wb")) == NULL || fwrite(o.p, 1, o.len, f) !=
	    o.len || fclose(f) != 0)
		tf_die("%s: cannot write", out);
	printf("%s: version %d, %s-endian, %d-byte longs: %lu events in %lu "
	    "pages, %lu longs cut to 32 bits\n", out, t->version,
	    t->big ? "big" : "little", t->lsize, s.events, s.pages, s.cut);
	free(o.p);
}

int
main(int argc, char **argv)
{
	struct tf_target t = { 0, 8, 6 };
	struct trace tr;
	struct in c;
	int ch;

	while ((ch = getopt(argc, argv, "b47")) != -1) {
		if (ch == 'b')
			t.big = 1;
		else if (ch == '4')
			t.lsize = 4;
		else if (ch == '7')
			t.version = 7;
		else
			return usage();
	}
	if (argc - optind != 2)
		return usage();
	memset(&tr, 0, sizeof(tr));
	snprintf(tr.clock, sizeof(tr.clock), "local");
	c.b = slurp(argv[optind], &c.len);
	c.pos = 0;
	read_trace(&tr, &c);
	convert(&tr, &t, argv[optind + 1]);
	free(tr.fmts);
	free(tr.sys);
	free((void *)c.b);
	return 0;
}

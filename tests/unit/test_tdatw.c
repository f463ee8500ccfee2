/* test_tdatw.c: the trace.dat (version 6) writer's layout, read back field by field as trace-cmd.dat.v6(5) describes it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tdatw.h"
#include "tracedat.h"

#define T(s)	{ s, sizeof(s) - 1 }

/* A cursor over the bytes written. */
struct rd {
	const unsigned char *p;
	size_t len, off;
};

static const void *
take(struct rd *r, size_t n)
{
	const void *p = r->p + r->off;

	assert_true(r->off + n <= r->len);
	r->off += n;
	return p;
}

static uint64_t
num(struct rd *r, size_t n)
{
	uint64_t v = 0;
	uint32_t v32 = 0;
	uint16_t v16 = 0;

	if (n == 2)
		return memcpy(&v16, take(r, 2), 2), v16;
	if (n == 4)
		return memcpy(&v32, take(r, 4), 4), v32;
	memcpy(&v, take(r, 8), 8);
	return v;
}

/* A size of n bytes, then that text. */
static void
text(struct rd *r, size_t n, const char *want)
{
	size_t len = (size_t)num(r, n);

	assert_int_equal(len, strlen(want));
	assert_memory_equal(take(r, len), want, len);
}

static void
tag(struct rd *r, const char *want, size_t len)
{
	assert_memory_equal(take(r, len), want, len);
}

static const struct tdat_text ftrace[] = { T("name: print\n"),
	T("name: function\n") };
static const struct tdat_text sched[] = { T("name: sched_switch\n"),
	T("name: sched_waking\n") };
static const struct tdat_text task[] = { T("name: task_newtask\n") };
static const struct tdat_system sys[] = {
	{ "sched", sched, 2 }, { "task", task, 1 }
};
static const struct tdat_text stats[] = { T("entries: 0\n"),
	T("entries: 1\n") };
static const uint64_t sizes[] = { 8192, 4096 };

static struct tdat_in
input(void)
{
	struct tdat_in in = {
		.page_size = 4096,
		.header_page = T("field: u64 timestamp;\n"),
		.header_event = T("type_len : 5 bits\n"),
		.ftrace = ftrace, .nftrace = 2, .sys = sys, .nsys = 2,
		.kallsyms = T("ffffffff81000000 T _text\n"),
		.printk = T(""), .cmdlines = T("1 init\n42 sh\n"),
		.clock = T("[local] global\n"),
		.uname = T("Linux h 6.1 x86_64"),
		.version = T("bootchartd test"), .stats = stats, .ncpu = 2,
		.cpu_size = sizes,
	};

	return in;
}

/* One option: its id, then size and text (a NUL at the end). */
static void
option(struct rd *r, unsigned id, const char *want)
{
	size_t len;

	assert_int_equal(num(r, 2), id);
	len = (size_t)num(r, 4);
	assert_int_equal(len, strlen(want) + 1);
	assert_memory_equal(take(r, len), want, len);
}

static void
layout(void **state)
{
	struct tdat_in in = input();
	struct obuf o = { 0 };
	struct rd r;
	uint16_t one = 1;
	const unsigned char *b;
	uint64_t off0, off1;

	(void)state;
	assert_int_equal(tdat_prefix(&in, &o), 0);
	r = (struct rd){ (const unsigned char *)o.p, o.len, 0 };
	tag(&r, TDAT_MAGIC, TDAT_MAGIC_LEN);
	tag(&r, "6", 2);
	b = take(&r, 2);
	assert_int_equal(b[0], *(unsigned char *)&one == 1 ? 0 : 1);
	assert_int_equal(b[1], sizeof(long));
	assert_int_equal(num(&r, 4), 4096);
	tag(&r, "header_page", 12);
	text(&r, 8, "field: u64 timestamp;\n");
	tag(&r, "header_event", 13);
	text(&r, 8, "type_len : 5 bits\n");
	assert_int_equal(num(&r, 4), 2);
	text(&r, 8, "name: print\n");
	text(&r, 8, "name: function\n");
	assert_int_equal(num(&r, 4), 2);
	tag(&r, "sched", 6);
	assert_int_equal(num(&r, 4), 2);
	text(&r, 8, "name: sched_switch\n");
	text(&r, 8, "name: sched_waking\n");
	tag(&r, "task", 5);
	assert_int_equal(num(&r, 4), 1);
	text(&r, 8, "name: task_newtask\n");
	text(&r, 4, "ffffffff81000000 T _text\n");
	text(&r, 4, "");
	text(&r, 8, "1 init\n42 sh\n");
	assert_int_equal(num(&r, 4), 2);
	tag(&r, "options  ", 10);
	option(&r, TDAT_OPT_TRACECLOCK, "[local] global\n");
	option(&r, TDAT_OPT_UNAME, "Linux h 6.1 x86_64");
	option(&r, TDAT_OPT_VERSION, "bootchartd test");
	assert_int_equal(num(&r, 2), TDAT_OPT_CPUCOUNT);
	assert_int_equal(num(&r, 4), 4);
	assert_int_equal(num(&r, 4), 2);
	option(&r, TDAT_OPT_CPUSTAT, "CPU: 0\nentries: 0\n");
	option(&r, TDAT_OPT_CPUSTAT, "CPU: 1\nentries: 1\n");
	assert_int_equal(num(&r, 2), TDAT_OPT_DONE);
	tag(&r, "flyrecord", 10);
	off0 = num(&r, 8);
	assert_int_equal(num(&r, 8), 8192);
	off1 = num(&r, 8);
	assert_int_equal(num(&r, 8), 4096);
	text(&r, 8, "[local] global\n");
	/* The pages follow the prefix, each CPU's on a page boundary. */
	assert_int_equal(off0, o.len);
	assert_int_equal(off0 % 4096, 0);
	assert_int_equal(off1, off0 + 8192);
	while (r.off < r.len)
		assert_int_equal(*(const unsigned char *)take(&r, 1), 0);
	obuf_free(&o);
}

static void
pad(void **state)
{
	(void)state;
	assert_int_equal(tdat_cpu_pad(0, 4096), 0);
	assert_int_equal(tdat_cpu_pad(4096, 4096), 0);
	assert_int_equal(tdat_cpu_pad(4097, 4096), 4095);
	assert_int_equal(tdat_cpu_pad(100, 4096), 3996);
}

/* kallsyms and printk formats have u32 sizes: a larger one is refused. */
static void
too_big(void **state)
{
	struct tdat_in in = input();
	struct obuf o = { 0 };

	(void)state;
	in.kallsyms = (struct tdat_text){ "x", (size_t)UINT32_MAX + 1 };
	assert_int_equal(tdat_prefix(&in, &o), -1);
	obuf_free(&o);
	in = input();
	in.page_size = 0;
	assert_int_equal(tdat_prefix(&in, &o), -1);
	obuf_free(&o);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(layout),
		cmocka_unit_test(pad),
		cmocka_unit_test(too_big),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

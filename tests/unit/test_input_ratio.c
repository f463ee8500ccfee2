/* test_input_ratio.c: the decompression-bomb check of input.c: what bootchartd writes is read, bombs are refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "chartfile.h"
#include "layoutcheck.h"
#include "memtar.h"

#include "caps.h"
#include "chart.h"
#include "input.h"
#include "logfiles.h"
#include "proctree.h"
#include "bootlog.h"

/*
 * Issue 22, finding 3: 50 processes of a user rename themselves with
 * control bytes in their names, a ~3850-byte control-byte executable
 * path and 4000 bytes of control-byte arguments.  bootchartd logs each
 * rename again, every control byte as \ooo (logger/sources/procinfo.c,
 * src/pidstat.c), so its members are nearly one record repeated.
 */
#define ATTACKERS	50
#define RECORDS		1100	/* cmdline2.log records: about 34 MB */
#define BLOCKS		1000	/* proc_ps.log blocks, 50 ms apart */
#define EXE_BYTES	3850
#define ARG_BYTES	4000
#define COMM_BYTES	15	/* the kernel's TASK_COMM_LEN - 1 */

struct text {
	char *p;
	size_t len, cap;
};

static void
put(struct text *t, const char *s, size_t n)
{
	assert_true(t->len + n <= t->cap);
	memcpy(t->p + t->len, s, n);
	t->len += n;
}

static void
put_ctl(struct text *t, size_t n)
{
	while (n-- > 0)
		put(t, "\\001", 4);
}

static void
text_new(struct text *t, size_t cap)
{
	t->p = malloc(cap);
	t->len = 0;
	t->cap = cap;
	assert_non_null(t->p);
}

/* "PID", ":EXE", ":ARG\0", blank line: as bootchartd writes a record. */
static void
cmdline2_log(struct text *t)
{
	char pid[24];
	int r;

	text_new(t, (size_t)RECORDS * (4 * (EXE_BYTES + ARG_BYTES) + 64));
	for (r = 0; r < RECORDS; r++) {
		put(t, pid, (size_t)snprintf(pid, sizeof(pid), "%d\n:/tmp/",
		    1000 + r % ATTACKERS));
		put_ctl(t, EXE_BYTES);
		put(t, "\n:", 2);
		put_ctl(t, ARG_BYTES);
		put(t, "\0\n\n", 3);
	}
}

/* Every block: init and the 50, idle, their names all control bytes. */
static void
proc_ps_log(struct text *t)
{
	char line[128];
	int b, i, pid;

	text_new(t, (size_t)BLOCKS * (ATTACKERS + 1) * 256);
	for (b = 0; b < BLOCKS; b++) {
		put(t, line, (size_t)snprintf(line, sizeof(line), "%d\n",
		    100 + 5 * b));
		put(t, line, (size_t)snprintf(line, sizeof(line), "1 (init) S 0 "
		    "1 1 0 -1 4194560 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"));
		for (i = 0; i < ATTACKERS; i++) {
			pid = 1000 + i;
			put(t, line, (size_t)snprintf(line, sizeof(line),
			    "%d (", pid));
			put_ctl(t, COMM_BYTES);
			put(t, line, (size_t)snprintf(line, sizeof(line), ") S "
			    "1 %d %d 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0 90 "
			    "0 0\n", pid, pid));
		}
		put(t, "\n", 1);
	}
}

/*
 * The attack's log as bootchartd writes it, gzip -9: more than 200:1
 * and more than CAP_RATIO_SLACK, so the archive ratio refused it whole
 * ("compressed more than 200:1").  It is read, and drawn.
 */
static void
logger_attack_log_is_drawn(void **state)
{
	const struct chartdir *f = *state;
	struct text cl, ps;
	struct tar_member m[3] = {
		{ .path = LOG_HEADER, .text = "version = 0.2\ntitle = attack\n" },
	};
	struct tar_blob b;
	struct bootlog t;
	struct proctree tree;
	struct chart_opts o = plain_opts;
	struct diag d;
	struct img im;
	size_t raw;

	cmdline2_log(&cl);
	proc_ps_log(&ps);
	m[1] = (struct tar_member){ .path = LOG_PROC_PS, .text = ps.p,
	    .len = ps.len };
	m[2] = (struct tar_member){ .path = LOG_CMDLINE2, .text = cl.p,
	    .len = cl.len };
	raw = cl.len + ps.len;
	b = memtar_make_level(m, 3, raw / 100, 9);
	assert_true(raw > (size_t)CAP_RATIO_SLACK);
	if (raw / b.len <= CAP_RATIO)
		fail_msg("the log compressed only %zu:1", raw / b.len);
	bootlog_init(&t);
	diag_init(&d, "test");
	d.out = NULL;
	if (read_memory_log(&t, b.buf, b.len, "attack.tgz", &d) != 0)
		fail_msg("%zu:1 refused: %s", raw / b.len, d.msg);
	assert_int_equal(t.nprocs, ATTACKERS + 1);
	assert_int_equal(bootlog_find_pid(&t, 1000)->nsamples, BLOCKS - 1);
	assert_non_null(bootlog_find_pid(&t, 1049)->cmdline);
	assert_int_equal(proctree_make(&tree, &t, &tree_unpruned, &d), 0);
	render_tt(&t, &tree, &o, FMT_PNG, path_in(f, "attack.png"));
	read_png(path_in(f, "attack.png"), &im);
	assert_true(im.w >= 800 && im.h > 0);
	free(im.px);
	proctree_free(&tree);
	bootlog_free(&t);
	free(b.buf);
	free(cl.p);
	free(ps.p);
}

#define SMALL_MEMBERS	20
#define SMALL_MIB	16

/*
 * A bomb of many members, each below the floor: the ratio is judged
 * once what the archive can expand to (what it gave so far and the
 * member's declared size) passes CAP_RATIO_FLOOR, so it is refused at
 * the member that would pass it, not after the 4 GiB byte cap.
 */
static void
bomb_of_small_members(void **state)
{
	struct tar_member m[SMALL_MEMBERS];
	char names[SMALL_MEMBERS][24], *fill, want[32];
	size_t len = (size_t)SMALL_MIB << 20;
	struct tar_blob b;
	struct bootlog t;
	struct diag d;
	int i, first;

	(void)state;
	fill = malloc(len);
	assert_non_null(fill);
	memset(fill, 'a', len);
	for (i = 0; i < SMALL_MEMBERS; i++) {
		snprintf(names[i], sizeof(names[i]), "junk%d.bin", i);
		m[i] = (struct tar_member){ .path = names[i], .text = fill,
		    .len = len };
	}
	b = memtar_make_level(m, SMALL_MEMBERS, 8 << 20, 9);
	bootlog_init(&t);
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(read_memory_log(&t, b.buf, b.len, "bomb.tgz", &d),
	    -1);
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_non_null(strstr(d.msg, "decompression bomb"));
	/* Members 0..k-1 gave k * 16 MiB; member k declares 16 MiB more. */
	first = (int)(CAP_RATIO_FLOOR / ((int64_t)SMALL_MIB << 20));
	snprintf(want, sizeof(want), "bomb.tgz:junk%d.bin:", first - 1);
	if (strstr(d.msg, want) == NULL)
		fail_msg("\"%s\" lacks \"%s\"", d.msg, want);
	bootlog_free(&t);
	free(b.buf);
	free(fill);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(logger_attack_log_is_drawn),
		cmocka_unit_test(bomb_of_small_members),
	};

	int rc = cmocka_run_group_tests(tests, chartdir_setup,
	    chartdir_teardown);

	/* cairo's and fontconfig's caches: no leak report. */
	chart_release_fonts();
	return rc;
}

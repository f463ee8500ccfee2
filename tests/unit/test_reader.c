/* test_reader.c: the reader: descriptions read by its helper process, answered in order; a process whose read does not return is given up at the deadline, its helper replaced, never asked again. */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "clocks.h"
#include "reader.h"

/*
 * A fake /proc: PID 100 with exe, cmdline, cgroup, status; PIDs 200 and
 * 300 whose cmdline is a FIFO no one writes to, so that opening it waits
 * for ever (asleep), as a read of a process with its map lock held does.
 */
struct fake {
	char dir[64];
	int procfd;
	int got[8];
	int ngot;
};

static void
put(const struct fake *f, const char *name, const char *data)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(data, fp);
	assert_int_equal(fclose(fp), 0);
}

static void
fake_init(struct fake *f)
{
	char path[128];

	memset(f, 0, sizeof(*f));
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_reader.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(path, sizeof(path), "%s/100", f->dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/200", f->dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/300", f->dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/100/exe", f->dir);
	assert_int_equal(symlink("/bin/true", path), 0);
	put(f, "100/cmdline", "true");
	put(f, "100/cgroup", "0::/x.scope\n");
	put(f, "100/status", "Name:\ttrue\nUid:\t42\t42\t42\t42\n");
	snprintf(path, sizeof(path), "%s/200/exe", f->dir);
	assert_int_equal(symlink("/bin/sleep", path), 0);
	snprintf(path, sizeof(path), "%s/200/cmdline", f->dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	snprintf(path, sizeof(path), "%s/300/exe", f->dir);
	assert_int_equal(symlink("/bin/sleep", path), 0);
	snprintf(path, sizeof(path), "%s/300/cmdline", f->dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	f->procfd = open(f->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(f->procfd >= 0);
}

static void
fake_free(struct fake *f)
{
	char cmd[128];

	close(f->procfd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->dir);
	assert_int_equal(system(cmd), 0);
}

static int
got(void *ctx, const struct procraw *raw, int retry)
{
	struct fake *f = ctx;

	(void)retry;
	if (f->ngot < 8)
		f->got[f->ngot++] = raw->pid;
	/* What the helper read is what the fake holds. */
	if (raw->pid == 100) {
		assert_int_equal(raw->nargs, 4);
		assert_memory_equal(raw->args, "true", 4);
		assert_int_equal(raw->uid, 42);
	}
	return 0;
}

/* Serves the reader's two sources, as the run's loop does, for up to ms. */
static void
serve(struct reader *r, struct fake *f, int want, int ms)
{
	uint64_t end = clock_us(CLOCK_MONOTONIC) + (uint64_t)ms * 1000;
	struct pollfd pf[2];

	while (f->ngot < want && clock_us(CLOCK_MONOTONIC) < end) {
		pf[0] = (struct pollfd){ .fd = r->sock, .events = POLLIN };
		pf[1] = (struct pollfd){ .fd = r->timerfd, .events = POLLIN };
		assert_true(poll(pf, 2, 100) >= 0);
		if (pf[0].revents != 0)
			assert_int_equal(reader_collect(r, got, f), 0);
		if (pf[1].revents != 0)
			reader_expire(r);
	}
}

static void
answers_in_order(void **state)
{
	struct describe d[2] = { { .pid = 100 }, { .pid = 100, .retry = 1 } };
	struct reader r;
	struct fake f;

	(void)state;
	fake_init(&f);
	assert_int_equal(reader_start(&r, f.procfd), 0);
	assert_true(r.helper > 0);
	assert_int_equal(reader_ask(&r, d, 2), 0);
	serve(&r, &f, 2, 20000);
	assert_int_equal(f.ngot, 2);
	assert_int_equal(f.got[0], 100);
	assert_int_equal(r.timeouts, 0);
	assert_int_equal(r.helpers, 1);
	reader_stop(&r);
	fake_free(&f);
}

/*
 * PID 200's read never returns: at the deadline it is given up with its
 * other description, the helper is replaced, and the description of
 * PID 100 asked after it is still answered.  Asked again, 200 is not.
 */
static void
a_stuck_read_is_given_up(void **state)
{
	struct describe d[3] = { { .pid = 200 }, { .pid = 200 },
	    { .pid = 100 } };
	struct reader r;
	struct fake f;

	(void)state;
	fake_init(&f);
	assert_int_equal(reader_start(&r, f.procfd), 0);
	assert_int_equal(reader_ask(&r, d, 3), 0);
	/* No timing asserted: the deadline passes, however long it takes. */
	serve(&r, &f, 1, 60000);
	assert_int_equal(f.ngot, 1);
	assert_int_equal(f.got[0], 100);
	assert_int_equal(r.timeouts, 1);
	assert_int_equal(r.helpers, 2);
	assert_int_equal(reader_ask(&r, d, 1), 0);
	assert_int_equal(r.qn, 0);
	/* The end does not wait on anything more. */
	assert_int_equal(reader_finish(&r, got, &f), 0);
	assert_int_equal(r.dropped, 0);
	reader_stop(&r);
	fake_free(&f);
}

/*
 * At the end a stuck description costs a few looks, then the rest goes
 * on; after READER_END_GIVEUPS of them the rest is left out.
 */
static void
the_end_is_not_held(void **state)
{
	struct describe d[3] = { { .pid = 200 }, { .pid = 100 },
	    { .pid = 300 } };
	struct describe e[3] = { { .pid = 200 }, { .pid = 300 },
	    { .pid = 100 } };
	struct reader r;
	struct fake f;

	(void)state;
	fake_init(&f);
	assert_int_equal(reader_start(&r, f.procfd), 0);
	assert_int_equal(reader_ask(&r, d, 2), 0);
	assert_int_equal(reader_finish(&r, got, &f), 0);
	assert_int_equal(f.ngot, 1);
	assert_int_equal(r.timeouts, 1);
	assert_int_equal(r.dropped, 0);
	reader_stop(&r);
	assert_int_equal(reader_start(&r, f.procfd), 0);
	assert_int_equal(reader_ask(&r, e, 3), 0);
	assert_int_equal(reader_finish(&r, got, &f), 0);
	assert_int_equal(f.ngot, 1);
	assert_int_equal(r.timeouts, 2);
	assert_int_equal(r.dropped, 1);
	assert_int_equal(r.qn, 0);
	reader_stop(&r);
	fake_free(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(answers_in_order),
		cmocka_unit_test(a_stuck_read_is_given_up),
		cmocka_unit_test(the_end_is_not_held),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

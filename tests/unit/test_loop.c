/* test_loop.c: the run's loop over sources: every ready source served in the order added, a stop ends the round, a source removed while serving is not served. */
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "loop.h"

/* What the callbacks saw, in order. */
struct seen {
	int fd[8];
	int n;
	int stop_at;		/* fd whose callback returns 1; -1: none */
	int remove;		/* fd removed by the first callback; -1 */
	struct loop *l;
};

static int
note(void *ctx, int fd, short revents)
{
	struct seen *s = ctx;
	char c;

	(void)revents;
	if (read(fd, &c, 1) != 1)
		return -1;
	s->fd[s->n++] = fd;
	if (s->remove >= 0) {
		loop_remove(s->l, s->remove);
		s->remove = -1;
	}
	return fd == s->stop_at ? 1 : 0;
}

/* Three pipes, each with a byte to read; their read ends in r[]. */
static void
three_ready(int r[3], int w[3])
{
	int p[2], i;

	for (i = 0; i < 3; i++) {
		assert_int_equal(pipe(p), 0);
		r[i] = p[0];
		w[i] = p[1];
		assert_int_equal(write(w[i], "x", 1), 1);
	}
}

static void
serves_in_the_order_added_and_stops(void **state)
{
	struct seen s = { .stop_at = -1, .remove = -1 };
	struct loop l;
	int r[3], w[3], i;

	(void)state;
	three_ready(r, w);
	loop_init(&l);
	s.l = &l;
	/* Added out of descriptor order: the order added counts. */
	assert_int_equal(loop_add(&l, r[2], note, &s), 0);
	assert_int_equal(loop_add(&l, r[0], note, &s), 0);
	assert_int_equal(loop_add(&l, r[1], note, &s), 0);
	s.stop_at = r[0];
	assert_int_equal(loop_once(&l, 1000), 1);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.fd[0], r[2]);
	assert_int_equal(s.fd[1], r[0]);
	/* The one left is served at the next wait. */
	s.stop_at = -1;
	assert_int_equal(loop_once(&l, 1000), 0);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.fd[2], r[1]);
	/* Nothing ready: the wait ends at its timeout, nothing served. */
	assert_int_equal(loop_once(&l, 10), 0);
	assert_int_equal(s.n, 3);
	loop_free(&l);
	for (i = 0; i < 3; i++) {
		close(r[i]);
		close(w[i]);
	}
}

static void
a_source_removed_while_serving_is_not_served(void **state)
{
	struct seen s = { .stop_at = -1, .remove = -1 };
	struct loop l;
	int r[3], w[3], i;

	(void)state;
	three_ready(r, w);
	loop_init(&l);
	s.l = &l;
	for (i = 0; i < 3; i++)
		assert_int_equal(loop_add(&l, r[i], note, &s), 0);
	s.remove = r[1];
	assert_int_equal(loop_once(&l, 1000), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.fd[0], r[0]);
	assert_int_equal(s.fd[1], r[2]);
	/* Its byte is still there, but it is no longer a source. */
	assert_int_equal(loop_once(&l, 10), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(l.n, 2);
	loop_free(&l);
	for (i = 0; i < 3; i++) {
		close(r[i]);
		close(w[i]);
	}
}

/* Many sources (one per CPU, say) are entries, nothing else. */
static void
many_sources(void **state)
{
	struct seen s = { .stop_at = -1, .remove = -1 };
	struct loop l;
	int p[2], r[64], w[64], i;

	(void)state;
	loop_init(&l);
	s.l = &l;
	for (i = 0; i < 64; i++) {
		assert_int_equal(pipe(p), 0);
		r[i] = p[0];
		w[i] = p[1];
		assert_int_equal(loop_add(&l, r[i], note, &s), 0);
	}
	assert_int_equal(write(w[40], "x", 1), 1);
	assert_int_equal(loop_once(&l, 1000), 0);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.fd[0], r[40]);
	s.stop_at = r[63];
	assert_int_equal(write(w[63], "x", 1), 1);
	assert_int_equal(loop_run(&l), 1);
	assert_int_equal(s.fd[1], r[63]);
	loop_free(&l);
	for (i = 0; i < 64; i++) {
		close(r[i]);
		close(w[i]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(serves_in_the_order_added_and_stops),
		cmocka_unit_test(a_source_removed_while_serving_is_not_served),
		cmocka_unit_test(many_sources),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

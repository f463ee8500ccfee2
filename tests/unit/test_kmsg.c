/* test_kmsg.c: bootchartd's dmesg member: /dev/kmsg records as dmesg lines, the non-blocking bounded read, the init fallback note. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "testutil.h"
#include "kmsg.h"
#include "logfiles.h"

/* Formats one record; returns what kmsg_format returned, text in t. */
static int
fmt(struct kmsg_text *t, const char *rec)
{
	return kmsg_format(rec, strlen(rec), t, KMSG_MAX);
}

static void
formats_records(void **state)
{
	struct kmsg_text t = { 0 };
	const char *want =
	    "[    0.000000] Linux version 6.1.0-56-cloud-amd64\n"
	    "[    1.234567] virtio_blk virtio1: [vda] 4194304 512-byte sectors\n"
	    " SUBSYSTEM=virtio\n"
	    " DEVICE=+virtio:virtio1\n"
	    "[12345.000001] x\\x0ay \\x5c\n";

	(void)state;
	/* The kernel's own record format (Documentation/ABI/testing/dev-kmsg). */
	assert_int_equal(fmt(&t, "5,0,0,-;Linux version 6.1.0-56-cloud-amd64\n"), 0);
	assert_int_equal(fmt(&t, "6,339,1234567,-;virtio_blk virtio1: [vda] "
	    "4194304 512-byte sectors\n SUBSYSTEM=virtio\n DEVICE=+virtio:virtio1\n"), 0);
	/* Escapes kept as the kernel wrote them; a stray control byte escaped. */
	assert_int_equal(fmt(&t, "4,340,12345000001,c,caller=T1;x\\x0ay \\x5c\n"), 0);
	assert_int_equal(t.len, strlen(want));
	assert_memory_equal(t.p, want, t.len);
	kmsg_free(&t);
	assert_int_equal(fmt(&t, "6,1,2,-;a\tb\x01\n"), 0);
	assert_memory_equal(t.p, "[    0.000002] a\\x09b\\x01\n", t.len);
	kmsg_free(&t);
}

static void
rejects_non_records(void **state)
{
	struct kmsg_text t = { 0 };

	(void)state;
	assert_int_equal(fmt(&t, "no semicolon\n"), 1);
	assert_int_equal(fmt(&t, "6,1;too few fields\n"), 1);
	assert_int_equal(fmt(&t, "6,1,x2,-;bad time\n"), 1);
	assert_int_equal(fmt(&t, "6,1,,-;no time\n"), 1);
	assert_int_equal(fmt(&t, "6,1,12345678901234567890,-;huge\n"), 1);
	assert_int_equal(t.len, 0);
	kmsg_free(&t);
}

/* Records on a SOCK_SEQPACKET socket: one per read, EAGAIN at the end, as /dev/kmsg. */
static int
kmsg_socket(int n, const char *text)
{
	char rec[256];
	int sv[2], i, len;

	assert_int_equal(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
	for (i = 0; i < n; i++) {
		len = snprintf(rec, sizeof(rec), "6,%d,%d,-;%s %d\n", i,
		    i * 1000, text, i);
		assert_int_equal(write(sv[1], rec, (size_t)len), len);
	}
	close(sv[1]);
	assert_int_equal(fcntl(sv[0], F_SETFL, O_NONBLOCK), 0);
	return sv[0];
}

static void
reads_until_the_end(void **state)
{
	struct kmsg_text t = { 0 };
	int fd = kmsg_socket(50, "rec");

	(void)state;
	assert_int_equal(kmsg_read_fd(fd, &t, KMSG_MAX), 0);
	assert_false(t.cut);
	assert_non_null(memmem(t.p, t.len, "[    0.000000] rec 0\n", 21));
	assert_non_null(memmem(t.p, t.len, "[    0.049000] rec 49\n", 22));
	close(fd);
	kmsg_free(&t);
}

/* A bound: whole records up to max bytes, then cut. */
static void
stops_at_the_bound(void **state)
{
	struct kmsg_text t = { 0 };
	int fd = kmsg_socket(100, "a record of some length");

	(void)state;
	assert_int_equal(kmsg_read_fd(fd, &t, 1000), 0);
	assert_true(t.cut);
	assert_true(t.len <= 1000);
	assert_true(t.len > 500);
	assert_int_equal(t.p[t.len - 1], '\n');
	close(fd);
	kmsg_free(&t);
}

/* An unreadable kernel log: an error, nothing kept. */
static void
unreadable(void **state)
{
	struct kmsg_text t = { 0 };
	char why[128];

	(void)state;
	setenv("BOOTCHARTD_KMSG_READ", "/nonexistent/kmsg", 1);
	assert_int_equal(kmsg_read(&t, KMSG_MAX, why, sizeof(why)), -1);
	assert_string_equal(why, "/nonexistent/kmsg: No such file or directory");
	assert_int_equal(t.len, 0);
	unsetenv("BOOTCHARTD_KMSG_READ");
	kmsg_free(&t);
}

static void
finds_the_fallback_note(void **state)
{
	const char *log =
	    "[    1.000000] Run /init as init process\n"
	    "[    3.000000] " KMSG_FALLBACK "asked /a, ran /b (gone)\n"
	    "[    4.000000] " KMSG_FALLBACK "asked /no/such/init, ran /sbin/init "
	    "(No such file or directory)\n"
	    "[    5.000000] systemd[1]: started\n";
	char out[256];

	(void)state;
	assert_int_equal(kmsg_find_fallback(log, strlen(log), out,
	    sizeof(out)), 0);
	assert_string_equal(out, "asked /no/such/init, ran /sbin/init "
	    "(No such file or directory)");
	assert_int_equal(kmsg_find_fallback(log, 40, out, sizeof(out)), -1);
	assert_int_equal(kmsg_find_fallback(log, strlen(log), out, 10), 0);
	assert_string_equal(out, "asked /no");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(formats_records),
		cmocka_unit_test(rejects_non_records),
		cmocka_unit_test(reads_until_the_end),
		cmocka_unit_test(stops_at_the_bound),
		cmocka_unit_test(unreadable),
		cmocka_unit_test(finds_the_fallback_note),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

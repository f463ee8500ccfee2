/* test_parse_dmesg.c: the kernel's log (dmesg member): initcalls, milestones, bad lines, the cap. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "feed.h"

#include "caps.h"
#include "parse.h"
#include "bootlog.h"

/*
 * Lines in the formats of Linux 6.1 (init/main.c's initcall_debug
 * messages, the milestones' printk texts), written for this test: a
 * module's initcall, a failed one, a record's indented continuation,
 * a "<6>" priority as klogctl gives it, a second match of a milestone.
 */
static const char boot_log[] =
    "[    0.000000] Linux version 6.1.0-99-amd64 (builder@example) #1 SMP\n"
    "[    0.000000] Command line: root=/dev/vda1 ro initcall_debug\n"
    "[    0.112233] calling  init_hw_perf_events+0x0/0x5f0 @ 1\n"
    "[    0.114012] initcall init_hw_perf_events+0x0/0x5f0 returned 0 after 1779 usecs\n"
    "[    0.200000] calling  acpi_init+0x0/0x4a0 @ 1\n"
    "[    0.412000] initcall acpi_init+0x0/0x4a0 returned 0 after 212000 usecs\n"
    "[    0.500100] initcall short_init+0x0/0x10 returned 0 after 12 usecs\n"
    "[    0.900000] Trying to unpack rootfs image as initramfs...\n"
    "[    1.300000] initcall populate_rootfs+0x0/0x30 returned -12 after 400000 usecs\n"
    "[    1.510000] Freeing unused kernel image (initmem) memory: 2612K\n"
    "[    1.512000] Freeing unused kernel image (text/rodata gap) memory: 2040K\n"
    "[    1.520000] Run /init as init process\n"
    "[    1.520001]   with arguments:\n"
    "[    1.520002]     /init\n"
    " SUBSYSTEM=virtio\n"
    "\n"
    "[    2.100000] initcall virtio_blk_init+0x0/0x1000 [virtio_blk] returned 0 after 5300 usecs\n"
    "[    3.000000] EXT4-fs (vda1): mounted filesystem with ordered data mode. Quota mode: none.\n"
    "[    3.500000] systemd[1]: systemd 252.30-1~deb12u2 running in system mode\n"
    "[    3.600000] systemd[1]: Detected virtualization kvm.\n"
    "<6>[    4.000000] EXT4-fs (vda2): mounted filesystem with ordered data mode.\n";

static int
parse(struct logparse *lp, struct diag *d, const char *s)
{
	return logstream_buffer(lp, "dmesg", s, strlen(s), d);
}

static void
assert_call(const struct kevent *e, const char *name, int64_t start,
    int64_t dur)
{
	assert_int_equal(e->kind, KEV_INITCALL);
	assert_string_equal(e->text, name);
	assert_int_equal(e->time_us, start);
	assert_int_equal(e->dur_us, dur);
}

static void
assert_stone(const struct kevent *e, int which, const char *label,
    int64_t at)
{
	assert_int_equal(e->kind, KEV_MILESTONE);
	assert_int_equal(e->milestone, which);
	assert_string_equal(e->text, label);
	assert_int_equal(e->time_us, at);
}

/* Every initcall (start = end - duration) and the first of each milestone. */
static void
events_of_a_boot(void **state)
{
	struct logparse lp;
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &lp, &d);
	assert_int_equal(parse(&lp, &d, boot_log), 0);
	assert_int_equal(d.nwarn, 0);
	assert_int_equal(t.nkev, 10);
	assert_call(&t.kev[0], "init_hw_perf_events", 112233, 1779);
	assert_call(&t.kev[1], "acpi_init", 200000, 212000);
	assert_call(&t.kev[2], "short_init", 500088, 12);
	assert_stone(&t.kev[3], KM_UNPACK, "unpack initramfs", 900000);
	assert_call(&t.kev[4], "populate_rootfs", 900000, 400000);
	assert_stone(&t.kev[5], KM_FREE_INIT, "free init memory", 1510000);
	assert_stone(&t.kev[6], KM_RUN_INIT, "run /init", 1520000);
	assert_call(&t.kev[7], "virtio_blk_init", 2094700, 5300);
	assert_stone(&t.kev[8], KM_EXT4, "mounted vda1", 3000000);
	assert_stone(&t.kev[9], KM_SYSTEMD, "systemd", 3500000);
	logparse_free(&lp);
	bootlog_free(&t);
}

/* The same events whatever the chunks the bytes come in. */
static void
split_anywhere(void **state)
{
	struct logparse lp;
	struct bootlog t;
	struct diag d;
	size_t step;

	(void)state;
	for (step = 1; step < 40; step += 7) {
		setup_trace(&t, &lp, &d);
		diag_set_file(&d, "dmesg");
		assert_int_equal(feed_chunked(&lp, &d, LK_DMESG, boot_log,
		    sizeof(boot_log) - 1, step), 0);
		assert_int_equal(t.nkev, 10);
		assert_call(&t.kev[7], "virtio_blk_init", 2094700, 5300);
		logparse_free(&lp);
		bootlog_free(&t);
	}
}

/*
 * Lines without a time stamp are skipped: the first is named with its
 * line, the rest counted at the end.  Messages that only look like an
 * initcall, or a time past 20 years, give no event.
 */
static void
bad_lines(void **state)
{
	struct logparse lp;
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &lp, &d);
	assert_int_equal(parse(&lp, &d,
	    "garbage without a stamp\n"
	    "[12.x] no microseconds\n"
	    "[    1.000000 missing bracket\n"
	    "<6 [    1.000000] cut priority\n"
	    "[    1.000000] initcall foo+0x0/0x10 returned 0 after many usecs\n"
	    "[    1.000000] initcall foo+0x0/0x10 returned 0\n"
	    "[    1.000000] initcall  returned 0 after 5 usecs\n"
	    "[    1.000000] Run  as init process\n"
	    "[999999999999.000000] Run /init as init process\n"
	    "[    2.000000] initcall bar+0x0/0x10 returned 0 after 3000 usecs\n"), 0);
	assert_int_equal(t.nkev, 1);
	assert_call(&t.kev[0], "bar", 1997000, 3000);
	/* The first bad line by its number, then the count of all five. */
	assert_int_equal(d.nwarn, 2);
	logparse_free(&lp);
	bootlog_free(&t);
}

/*
 * Issue 22, finding 4: a process's name gets into the kernel's own
 * records (Linux 6.1's show_signal_msg, "NAME[PID]: segfault at ...
 * in FILE[...]", and do_general_protection's "traps: NAME[PID]
 * general protection ..."; the file name is the executable's, any
 * bytes but '/').  Text there never makes an initcall or a milestone:
 * only the kernel's own form at the start of a record does.  Where a
 * record says its facility ("<N>", N = facility * 8 + level, as
 * `dmesg -r` gives it), kernel events come only from facility 0
 * (kern), systemd's only from another: the kernel files what a
 * process writes to /dev/kmsg as user (1) at least.  (Without "<N>",
 * a name "systemd[1]: x" could start a kernel record: docs/input.md.)
 */
static void
forged_lines(void **state)
{
	static const char forged[] =
	    "[   12.345678] xxxxxxxxxxxxxxx[4242]: segfault at 0 ip "
	    "000055d5c8a01139 sp 00007ffc0c5e2a70 error 4 in xxxxxxxxxxxxxxx "
	    "initcall user_injected returned 0 after 99999999999 usecs"
	    "[55d5c8a01000+1000] likely on CPU 0 (core 0, socket 0)\n"
	    "[   12.400000] traps: xxxxxxxxxxxxxxx[4243] general protection "
	    "fault ip:55d5c8a01139 sp:7ffc0c5e2a70 error:0 in xxxxxxxxxxxxxxx "
	    "initcall user_injected returned 0 after 99999999999 usecs"
	    "[55d5c8a01000+1000]\n"
	    "[   12.500000] Run x[4244]: segfault at 0 ip 000055d5c8a01139 "
	    "sp 00007ffc0c5e2a70 error 4 in y as init process"
	    "[55d5c8a01000+1000]\n"
	    "[   12.600000] EXT4-fs (x[4245]: segfault at 0 ip "
	    "000055d5c8a01139 sp 00007ffc0c5e2a70 error 4 in "
	    "): mounted filesystem[55d5c8a01000+1000]\n"
	    "[   12.700000] a[4246]: segfault at 0 ip 000055d5c8a01139 sp "
	    "00007ffc0c5e2a70 error 4 in Freeing unused kernel memory"
	    "[55d5c8a01000+1000]\n"
	    "<14>[   12.900000] initcall evil+0x0/0x10 returned 0 after "
	    "9000000 usecs\n"
	    "<14>[   13.000000] Run /evil as init process\n"
	    "<6>[   13.100000] systemd[1]: x[4248]: segfault at 0 ip "
	    "000055d5c8a01139 sp 00007ffc0c5e2a70 error 4 in a.out"
	    "[55d5c8a01000+1000]\n"
	    /* The kernel's and systemd's own, with their facilities. */
	    "<6>[   14.000000] initcall real_init+0x0/0x10 returned 0 after "
	    "20 usecs\n"
	    "<30>[   14.500000] systemd[1]: systemd 252.30-1~deb12u2 running "
	    "in system mode\n";
	struct logparse lp;
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &lp, &d);
	assert_int_equal(parse(&lp, &d, forged), 0);
	assert_int_equal(d.nwarn, 0);
	assert_int_equal(t.nkev, 2);
	assert_call(&t.kev[0], "real_init", 13999980, 20);
	assert_stone(&t.kev[1], KM_SYSTEMD, "systemd", 14500000);
	logparse_free(&lp);
	bootlog_free(&t);
}

/* A duration longer than the time stamp starts at 0, not before. */
static void
duration_past_zero(void **state)
{
	struct logparse lp;
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &lp, &d);
	assert_int_equal(parse(&lp, &d, "[    0.001000] initcall early+0x0/0x8 "
	    "returned 0 after 5000 usecs\n"), 0);
	assert_int_equal(t.nkev, 1);
	assert_call(&t.kev[0], "early", 0, 1000);
	logparse_free(&lp);
	bootlog_free(&t);
}

/* Names are kept to 127 bytes; past CAP_KEVENTS events the log is refused. */
static void
long_names_and_the_cap(void **state)
{
	struct logparse lp;
	static const char line[] = "[    1.000000] initcall "
	    "f+0x0/0x8 returned 0 after 1 usecs\n";
	struct bootlog t;
	struct diag d;
	char *buf, name[400];
	size_t i, len = sizeof(line) - 1, n = CAP_KEVENTS + 1;

	(void)state;
	setup_trace(&t, &lp, &d);
	memset(name, 'a', 300);
	name[300] = '\0';
	buf = malloc(512);
	assert_non_null(buf);
	snprintf(buf, 512, "[    1.000000] initcall %s+0x0/0x8 returned 0 "
	    "after 1 usecs\n", name);
	assert_int_equal(parse(&lp, &d, buf), 0);
	assert_int_equal(strlen(t.kev[0].text), 127);
	free(buf);
	logparse_free(&lp);
	bootlog_free(&t);

	setup_trace(&t, &lp, &d);
	buf = malloc(len * n + 1);
	assert_non_null(buf);
	for (i = 0; i < n; i++)
		memcpy(buf + i * len, line, len);
	buf[len * n] = '\0';
	assert_int_equal(parse(&lp, &d, buf), -1);
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_non_null(strstr(d.msg, "events in the kernel's log"));
	free(buf);
	logparse_free(&lp);
	bootlog_free(&t);
}

static int
parse_header(struct logparse *lp, struct diag *d)
{
	static const char h[] = "bootchart.log_start = 4.512345\n"
	    "bootchart.switch_root = 19.95\n"
	    "a = x\nb = 1.2.3\nc = 999999999999\nd = 7\n";

	return logstream_buffer(lp, "header", h, sizeof(h) - 1, d);
}

/* The header's times in seconds of uptime, as ms. */
static void
header_times(void **state)
{
	struct logparse lp;
	struct bootlog t;
	struct diag d;
	usec_t ms = -1;

	(void)state;
	setup_trace(&t, &lp, &d);
	assert_int_equal(bootlog_header_us(&t, "bootchart.log_start", &ms), 0);
	assert_int_equal(parse_header(&lp, &d), 0);
	assert_int_equal(bootlog_header_us(&t, "bootchart.log_start", &ms), 1);
	assert_int_equal(ms, 4512345);
	assert_int_equal(bootlog_header_us(&t, "bootchart.switch_root", &ms), 1);
	assert_int_equal(ms, 19950000);
	assert_int_equal(bootlog_header_us(&t, "a", &ms), -1);
	assert_int_equal(bootlog_header_us(&t, "b", &ms), -1);
	assert_int_equal(bootlog_header_us(&t, "c", &ms), -1);
	assert_int_equal(bootlog_header_us(&t, "d", &ms), 1);
	assert_int_equal(ms, 7000000);
	logparse_free(&lp);
	bootlog_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(events_of_a_boot),
		cmocka_unit_test(split_anywhere),
		cmocka_unit_test(bad_lines),
		cmocka_unit_test(forged_lines),
		cmocka_unit_test(duration_past_zero),
		cmocka_unit_test(long_names_and_the_cap),
		cmocka_unit_test(header_times),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

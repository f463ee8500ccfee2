/* test_parse.c: header, proc_stat, diskstats and the bootchart2 extras on memory buffers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "feed.h"

#include "parse.h"
#include "bootlog.h"

#define EX1 "data/bootchart-0.9/example1/"
#define EX2 "data/bootchart-0.9/example2/"

/* Parses a shared example file as the member `name`; returns 0 or -1. */
static int
parse_shared(struct bootlog *t, struct diag *d, const char *rel,
    const char *name)
{
	size_t len;
	char *buf = read_file(shared_path(rel), &len);
	int rc;

	assert_non_null(buf);
	rc = bootlog_parse_buffer(t, name, buf, len, d);
	free(buf);
	return rc;
}

static int
parse_text(struct bootlog *t, struct diag *d, const char *name, const char *s)
{
	return bootlog_parse_buffer(t, name, s, strlen(s), d);
}

static void
kinds_by_base_name(void **state)
{
	(void)state;
	assert_int_equal(logkind_of("proc_ps.log"), LK_PROC_PS);
	assert_int_equal(logkind_of("./bootchart/proc_ps.log"), LK_PROC_PS);
	assert_int_equal(logkind_of("log/header"), LK_HEADER);
	assert_int_equal(logkind_of("kernel_pacct"), LK_PACCT);
	assert_int_equal(logkind_of("taskstats.log"), LK_TASKSTATS);
	assert_int_equal(logkind_of("cmdline2.log"), LK_CMDLINE2);
	assert_int_equal(logkind_of("proc_ps.log.bak"), LK_UNKNOWN);
	assert_int_equal(logkind_of("header/"), LK_UNKNOWN);
	assert_int_equal(logkind_of("dmesg"), LK_DMESG);
	assert_int_equal(logkind_of("cgroup.log"), LK_CGROUP);
	assert_int_equal(logkind_of("proc_cpuinfo.log"), LK_UNKNOWN);
}

static void
header_example1(void **state)
{
	struct bootlog t;
	struct diag d;
	const char *cpu;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_shared(&t, &d, EX1 "header", "header"), 0);
	assert_string_equal(bootlog_header(&t, "version"), "0.8+20051109-ubuntu");
	assert_string_equal(bootlog_header(&t, "system.release"), "Ubuntu 8.10");
	assert_string_equal(bootlog_header(&t, "title"), "Boot chart for "
	    "anders-desktop (Thu Dec 18 14:05:52 CET 2008)");
	/* The value spans two lines in the file; the "(2)" ends the second. */
	cpu = bootlog_header(&t, "system.cpu");
	assert_non_null(cpu);
	assert_non_null(strstr(cpu, "model name\t: Intel(R) Core(TM)2 CPU"));
	assert_non_null(strstr(cpu, "2.40GHz model name : Intel"));
	assert_int_equal(strcmp(cpu + strlen(cpu) - 3, "(2)"), 0);
	assert_int_equal(t.ncpus, 2);
	/* The trailing blank of the file's value is not part of it. */
	assert_string_equal(bootlog_header(&t, "system.kernel.options"),
	    "root=UUID=a0b77e99-bc85-4045-b488-4182f8f8c6b8 ro quiet splash");
	bootlog_free(&t);
}

static void
header_example2_one_cpu(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_shared(&t, &d, EX2 "header", "header"), 0);
	assert_int_equal(t.ncpus, 1);
	assert_string_equal(bootlog_header(&t, "system.release"),
	    "Fedora Core release 3 (Heidelberg)");
	bootlog_free(&t);
}

static void
header_cpu_count_fallbacks(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	/* No "(N)": one "model name" per CPU. */
	assert_int_equal(parse_text(&t, &d, "header",
	    "version = 0.9\nsystem.cpu = model name : A\nmodel name : A\n"
	    "model name : A\ntitle = \nx = y = z\n"), 0);
	assert_int_equal(t.ncpus, 3);
	assert_string_equal(bootlog_header(&t, "title"), "");
	assert_string_equal(bootlog_header(&t, "x"), "y = z");
	bootlog_free(&t);

	setup_trace(&t, &d);
	/* bootchart2 headers carry the count in their own key. */
	assert_int_equal(parse_text(&t, &d, "header",
	    "system.cpu = model name : B (1)\nsystem.cpu.num = 4\n"), 0);
	assert_int_equal(t.ncpus, 4);
	bootlog_free(&t);
}

/*
 * Expected values worked out by hand from example1's first blocks:
 *   154: cpu  2 0 117 145 0 0 0 0 0
 *   175: cpu  7 0 134 162 0 0 0 0 0
 * deltas user 5, nice 0, system 17, idle 17: total 39.
 */
static void
proc_stat_example1(void **state)
{
	struct bootlog t;
	struct diag d;
	size_t i;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_shared(&t, &d, EX1 "proc_stat.log",
	    "proc_stat.log"), 0);
	/* One sample per block after the first; the file has 142 blocks. */
	assert_int_equal(t.ncpu, 141);
	assert_int_equal(t.cpu[0].time_us, MS(1750));
	assert_true(fabs(t.cpu[0].user - 5.0 / 39) < 1e-9);
	assert_true(fabs(t.cpu[0].sys - 17.0 / 39) < 1e-9);
	assert_true(fabs(t.cpu[0].io) < 1e-9);
	for (i = 0; i < t.ncpu; i++) {
		assert_true(t.cpu[i].user >= 0 && t.cpu[i].sys >= 0 &&
		    t.cpu[i].io >= 0);
		assert_true(t.cpu[i].user + t.cpu[i].sys + t.cpu[i].io <= 1.0 + 1e-9);
		if (i > 0)
			assert_true(t.cpu[i].time_us > t.cpu[i - 1].time_us);
	}
	bootlog_free(&t);
}

/*
 * example2 (kernel 2.6.10) has seven cpu fields; its first blocks:
 *   698: cpu  8 0 141 321 227 1 0
 *   719: cpu  (read below) -- checked against the file itself.
 */
static void
proc_stat_example2_iowait(void **state)
{
	struct bootlog t;
	struct diag d;
	unsigned long long a[7], b[7];
	double total;
	size_t len;
	char *buf, *p;
	int i;

	(void)state;
	buf = read_file(shared_path(EX2 "proc_stat.log"), &len);
	assert_non_null(buf);
	p = strstr(buf, "cpu ");
	assert_int_equal(sscanf(p, "cpu %llu %llu %llu %llu %llu %llu %llu",
	    &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6]), 7);
	assert_int_equal(a[4], 227);
	p = strstr(p + 4, "\n\n");
	p = strstr(p, "cpu ");
	assert_int_equal(sscanf(p, "cpu %llu %llu %llu %llu %llu %llu %llu",
	    &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6]), 7);
	for (total = 0, i = 0; i < 7; i++)
		total += (double)(b[i] - a[i]);
	setup_trace(&t, &d);
	assert_int_equal(bootlog_parse_buffer(&t, "proc_stat.log", buf, len, &d), 0);
	assert_int_equal(t.cpu[0].time_us, MS(7190));
	assert_true(fabs(t.cpu[0].io - (double)(b[4] - a[4]) / total) < 1e-9);
	assert_true(fabs(t.cpu[0].sys - (double)(b[2] - a[2] + b[5] - a[5] +
	    b[6] - a[6]) / total) < 1e-9);
	bootlog_free(&t);
	free(buf);
}

/*
 * example2's hda at 698 and 719 jiffies:
 *   hda 353 13 8435 6428 0 0 0 0 2 2307 6457
 *   hda 372 13 8643 6734 0 0 0 0 2 2511 6857
 * read 208 sectors in 210 ms; 204 ms of I/O.  Partitions (hda1: 4
 * fields on 2.6.10) and other devices (hdc idle, dm-0) do not count.
 */
static void
diskstats_example2(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_shared(&t, &d, EX2 "proc_diskstats.log",
	    "proc_diskstats.log"), 0);
	assert_true(t.ndisk > 100);
	assert_int_equal(t.disk[0].time_us, MS(7190));
	assert_true(fabs(t.disk[0].read_bps - 208 * 512.0 * 1000 / 210) < 1e-6);
	assert_true(fabs(t.disk[0].write_bps) < 1e-9);
	assert_true(fabs(t.disk[0].util - 204.0 / 210) < 1e-9);
	bootlog_free(&t);
}

static void
diskstats_whole_disks_only(void **state)
{
	struct bootlog t;
	struct diag d;
	/* Every partition moves a lot; the whole disks only a little. */
	const char *log =
	    "100\n"
	    "   8 0 sda 0 0 0 0 0 0 0 0 0 0 0\n"
	    "   8 1 sda1 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 179 0 mmcblk0 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 179 1 mmcblk0p1 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 259 0 nvme0n1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 259 1 nvme0n1p2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 104 0 cciss/c0d0 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 104 1 cciss/c0d0p1 0 0 0 0 0 0 0 0 0 0 0\n"
	    "   7 0 loop0 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 253 0 dm-0 0 0 0 0 0 0 0 0 0 0 0\n"
	    "\n"
	    "200\n"
	    "   8 0 sda 1 0 2 0 1 0 4 0 0 100 0\n"
	    "   8 1 sda1 9 0 9000 0 9 0 9000 0 0 1000 0\n"
	    " 179 0 mmcblk0 1 0 2 0 0 0 0 0 0 500 0\n"
	    " 179 1 mmcblk0p1 9 0 9000 0 9 0 9000 0 0 1000 0\n"
	    " 259 0 nvme0n1 1 0 2 0 0 0 0 0 0 300 0 0 0 0 0\n"
	    " 259 1 nvme0n1p2 9 0 9000 0 9 0 9000 0 0 1000 0 0 0 0 0\n"
	    " 104 0 cciss/c0d0 1 0 2 0 0 0 0 0 0 0 0\n"
	    " 104 1 cciss/c0d0p1 9 0 9000 0 9 0 9000 0 0 1000 0\n"
	    "   7 0 loop0 9 0 9000 0 9 0 9000 0 0 1000 0\n"
	    " 253 0 dm-0 9 0 9000 0 9 0 9000 0 0 1000 0\n"
	    "\n";

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "proc_diskstats.log", log), 0);
	assert_int_equal(t.ndisk, 1);
	/* 4 disks x 2 sectors read, sda wrote 4, over 1000 ms. */
	assert_true(fabs(t.disk[0].read_bps - 8 * 512.0) < 1e-9);
	assert_true(fabs(t.disk[0].write_bps - 4 * 512.0) < 1e-9);
	/* The busiest whole disk: mmcblk0, 500 ms of 1000. */
	assert_true(fabs(t.disk[0].util - 0.5) < 1e-9);
	bootlog_free(&t);
}

static void
split_anywhere_same_result(void **state)
{
	static const struct { const char *rel, *name; } files[] = {
		{ EX1 "proc_stat.log", "proc_stat.log" },
		{ EX1 "proc_diskstats.log", "proc_diskstats.log" },
		{ EX1 "header", "header" },
	};
	struct bootlog a, b;
	struct diag d;
	size_t i, len, step;
	char *buf;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		buf = read_file(shared_path(files[i].rel), &len);
		assert_non_null(buf);
		setup_trace(&a, &d);
		assert_int_equal(bootlog_parse_buffer(&a, files[i].name, buf,
		    len, &d), 0);
		for (step = 1; step <= 4099; step = step * 3 + 2) {
			setup_trace(&b, &d);
			diag_set_file(&d, "%s", files[i].name);
			assert_int_equal(feed_chunked(&b, &d,
			    logkind_of(files[i].name), buf, len, step), 0);
			assert_int_equal(a.ncpu, b.ncpu);
			assert_int_equal(a.ndisk, b.ndisk);
			assert_int_equal(a.nheader, b.nheader);
			assert_int_equal(a.ncpus, b.ncpus);
			if (a.ncpu)
				assert_memory_equal(a.cpu, b.cpu,
				    a.ncpu * sizeof(*a.cpu));
			if (a.ndisk)
				assert_memory_equal(a.disk, b.disk,
				    a.ndisk * sizeof(*a.disk));
			bootlog_free(&b);
		}
		bootlog_free(&a);
		free(buf);
	}
}

static void
bad_stamp_names_line(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "proc_stat.log",
	    "100\ncpu 1 2 3 4\n\n1x0\ncpu 1 2 3 4\n\n"), -1);
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_non_null(strstr(d.msg, "proc_stat.log:4: "));
	assert_non_null(strstr(d.msg, "1x0"));
	assert_null(strchr(d.msg, '\n'));
	bootlog_free(&t);

	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "proc_diskstats.log",
	    "99999999999999999999999\n\n"), -1);
	assert_non_null(strstr(d.msg, "proc_diskstats.log:1: "));
	bootlog_free(&t);
}

static void
stamp_going_back_drops_block(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "proc_stat.log",
	    "100\ncpu 0 0 0 100\n\n200\ncpu 10 0 0 190\n\n"
	    "150\ncpu 99 0 0 100\n\n300\ncpu 20 0 0 280\n\n"), 0);
	assert_int_equal(d.nwarn, 1);
	assert_int_equal(t.ncpu, 2);
	assert_int_equal(t.cpu[1].time_us, MS(3000));
	assert_true(fabs(t.cpu[1].user - 0.1) < 1e-9);
	bootlog_free(&t);
}

static void
cpu_line_cut_short(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	/* The last line of a log cut by a crash. */
	assert_int_equal(parse_text(&t, &d, "proc_stat.log",
	    "100\ncpu 0 0 0 100\n\n200\ncpu 10 0 0 190\n\n300\ncpu 20"), 0);
	assert_int_equal(t.ncpu, 1);
	assert_int_equal(d.nwarn, 1);
	bootlog_free(&t);
}

static void
pidname_lines(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "init_pidname.log",
	    "1=init\r\n412=udevd\n\nbogus\n413=\n5000000000=big one\n"), 0);
	assert_int_equal(t.npidnames, 3);
	assert_int_equal(t.pidnames[0].pid, 1);
	assert_string_equal(t.pidnames[0].text, "init");
	assert_string_equal(t.pidnames[1].text, "udevd");
	assert_int_equal(t.pidnames[2].pid, 5000000000LL);
	assert_string_equal(t.pidnames[2].text, "big one");
	/* The first bad line is named, then one summary for both. */
	assert_int_equal(d.nwarn, 2);
	bootlog_free(&t);
}

static void
paternity_lines(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "paternity.log",
	    "42 1\n43 42\n\n44\n"), 0);
	assert_int_equal(t.nforks, 2);
	assert_int_equal(t.forks[0].pid, 42);
	assert_int_equal(t.forks[0].ppid, 1);
	assert_int_equal(t.forks[1].pid, 43);
	assert_int_equal(t.forks[1].ppid, 42);
	/* Fork-time records: they outrank kernel_pacct's exit-time ppid. */
	assert_int_equal(t.forks[0].at_fork, 1);
	assert_int_equal(t.forks[1].at_fork, 1);
	assert_int_equal(d.nwarn, 1);
	bootlog_free(&t);
}

/* Written as bootchart2's collector writes an exec: pid, :exe, :args NUL-separated. */
/* As bootchartd writes them: control bytes and backslashes as \ooo. */
static void
cmdline2_escapes(void **state)
{
	static const char log[] =
	    "7\n:/bin/sh\n:sh\0-c\0echo a\\012b\\134c\0\n\n";
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(bootlog_parse_buffer(&t, "cmdline2.log", log,
	    sizeof(log) - 1, &d), 0);
	assert_int_equal(t.ncmdlines, 1);
	assert_string_equal(t.cmdlines[0].text, "sh -c echo a b\\c");
	bootlog_free(&t);
}

/* cgroup.log: the unit is the last component naming a unit type. */
static void
cgroup_units(void **state)
{
	static const char log[] =
	    "1 /init.scope\n"
	    "412 /system.slice/ssh.service\n"
	    "413 /system.slice/system-getty.slice/getty@tty1.service\n"
	    "414 /system.slice/a\\012b.service/control\n"
	    "500 /user.slice/user-1000.slice/session-2.scope\n"
	    "2 /\n"
	    "3 /system.slice\n"
	    "bad line\n";
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(bootlog_parse_buffer(&t, "cgroup.log", log,
	    sizeof(log) - 1, &d), 0);
	assert_int_equal(t.nunits, 5);
	assert_string_equal(t.units[0].text, "init.scope");
	assert_int_equal(t.units[1].pid, 412);
	assert_string_equal(t.units[1].text, "ssh.service");
	assert_string_equal(t.units[2].text, "getty@tty1.service");
	/* Decoded, and the line break made a space. */
	assert_string_equal(t.units[3].text, "a b.service");
	assert_string_equal(t.units[4].text, "session-2.scope");
	assert_int_equal(d.nwarn, 1);
	bootlog_free(&t);
}

static void
cmdline2_records(void **state)
{
	static const char log[] =
	    "1\n:/sbin/init\n:/sbin/init\0splash\0\n\n"
	    "42\n:/sbin/udevd\n:/sbin/udevd\0--daemon\0\n\n"
	    "43\n:/bin/gone\n:\n\n"
	    "x\n:/y\n:/y\0\n\n"
	    "44\n:/bin/sh\n:sh\0-c\0echo hi\0";
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(bootlog_parse_buffer(&t, "cmdline2.log", log,
	    sizeof(log) - 1, &d), 0);
	assert_int_equal(t.ncmdlines, 4);
	assert_int_equal(t.cmdlines[0].pid, 1);
	assert_string_equal(t.cmdlines[0].text, "/sbin/init splash");
	assert_string_equal(t.cmdlines[1].text, "/sbin/udevd --daemon");
	/* No arguments: the executable stands in. */
	assert_string_equal(t.cmdlines[2].text, "/bin/gone");
	/* The last record had no blank line after it. */
	assert_int_equal(t.cmdlines[3].pid, 44);
	assert_string_equal(t.cmdlines[3].text, "sh -c echo hi");
	assert_int_equal(d.nwarn, 1);
	bootlog_free(&t);
}

static void
meminfo_blocks(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "proc_meminfo.log",
	    "100\nMemTotal:        2048000 kB\nMemFree:         1024000 kB\n"
	    "Buffers:           10000 kB\nCached:           200000 kB\n"
	    "SwapCached:            7 kB\nSwapTotal:        500000 kB\n"
	    "SwapFree:         400000 kB\n\n"
	    "102\nMemTotal:        2048000 kB\nMemFree:          900000 kB\n\n"
	    "104\nMemFree:          800000 kB\n\n"), 0);
	assert_int_equal(t.nmem, 2);	/* the block without MemTotal is dropped */
	assert_int_equal(t.mem[0].time_us, MS(1000));
	assert_int_equal(t.mem[0].total, 2048000);
	assert_int_equal(t.mem[0].free, 1024000);
	assert_int_equal(t.mem[0].buffers, 10000);
	assert_int_equal(t.mem[0].cached, 200000);
	assert_int_equal(t.mem[0].swap_total, 500000);
	assert_int_equal(t.mem[0].swap_free, 400000);
	assert_int_equal(t.mem[1].time_us, MS(1020));
	assert_int_equal(t.mem[1].free, 900000);
	bootlog_free(&t);
}

/* "pid ppid comm cpu_run_real_total blkio_delay_total swapin_delay_total", ns. */
static void
taskstats_processes(void **state)
{
	struct bootlog t;
	struct diag d;
	struct process *init, *udev, *sp;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "taskstats.log",
	    "100\n1 0 init 5000000 0 0\n\n"
	    "110\n1 0 init 55000000 0 0\n42 1 udevd 0 0 0\n"
	    "77 1 (my task) 0 0 0\n\n"
	    "120\n42 1 udevd 0 60000000 0\n1 0 init 255000000 0 0\n"
	    "77 1 my task 0 0 0\n\n"), 0);
	assert_int_equal(t.ps_source, 2);
	assert_int_equal(t.ps_blocks, 3);
	assert_int_equal(t.ps_first_us, MS(1000));
	assert_int_equal(t.ps_last_us, MS(1200));
	init = bootlog_find_pid(&t, 1);
	udev = bootlog_find_pid(&t, 42);
	sp = bootlog_find_pid(&t, 77);
	assert_non_null(init);
	assert_non_null(udev);
	assert_non_null(sp);
	assert_string_equal(sp->name, "my task");
	assert_int_equal(udev->ppid, 1);
	assert_int_equal(udev->start_us, MS(1100));
	assert_int_equal(init->nsamples, 2);
	/* 50 ms of CPU in 100 ms; then 200 ms in 100 ms is capped at 1. */
	assert_true(fabs(init->samples[0].user - 0.5) < 1e-6);
	assert_int_equal(init->samples[0].state, 'R');
	assert_true(fabs(init->samples[1].user - 1.0) < 1e-6);
	assert_int_equal(udev->nsamples, 1);
	assert_int_equal(udev->samples[0].state, 'D');
	assert_int_equal(sp->samples[0].state, 'S');
	bootlog_free(&t);
}

static void
taskstats_ignored_after_proc_ps(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "proc_ps.log",
	    "100\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 1 2 0 0 20 0 1 0 5\n\n"
	    "120\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 3 4 0 0 20 0 1 0 5\n\n"), 0);
	assert_int_equal(t.ps_source, 1);
	assert_int_equal(parse_text(&t, &d, "taskstats.log",
	    "100\n1 0 other 5 0 0\n999 1 x 0 0 0\n\n"), 0);
	assert_int_equal(t.ps_source, 1);
	assert_null(bootlog_find_pid(&t, 999));
	assert_string_equal(bootlog_find_pid(&t, 1)->name, "init");
	bootlog_free(&t);
}

static void
proc_ps_replaces_taskstats(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "taskstats.log",
	    "100\n999 1 x 0 0 0\n\n"), 0);
	assert_int_equal(parse_text(&t, &d, "proc_ps.log",
	    "100\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 1 2 0 0 20 0 1 0 5\n\n"), 0);
	assert_int_equal(t.ps_source, 1);
	assert_null(bootlog_find_pid(&t, 999));
	assert_non_null(bootlog_find_pid(&t, 1));
	bootlog_free(&t);
}

static void
unknown_member_is_an_error_in_memory(void **state)
{
	struct bootlog t;
	struct diag d;

	(void)state;
	setup_trace(&t, &d);
	assert_int_equal(parse_text(&t, &d, "proc_cpuinfo.log", "x\n"), -1);
	assert_non_null(strstr(d.msg, "proc_cpuinfo.log: "));
	bootlog_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds_by_base_name),
		cmocka_unit_test(header_example1),
		cmocka_unit_test(header_example2_one_cpu),
		cmocka_unit_test(header_cpu_count_fallbacks),
		cmocka_unit_test(proc_stat_example1),
		cmocka_unit_test(proc_stat_example2_iowait),
		cmocka_unit_test(diskstats_example2),
		cmocka_unit_test(diskstats_whole_disks_only),
		cmocka_unit_test(split_anywhere_same_result),
		cmocka_unit_test(bad_stamp_names_line),
		cmocka_unit_test(stamp_going_back_drops_block),
		cmocka_unit_test(cpu_line_cut_short),
		cmocka_unit_test(pidname_lines),
		cmocka_unit_test(paternity_lines),
		cmocka_unit_test(cmdline2_records),
		cmocka_unit_test(cmdline2_escapes),
		cmocka_unit_test(cgroup_units),
		cmocka_unit_test(meminfo_blocks),
		cmocka_unit_test(taskstats_processes),
		cmocka_unit_test(taskstats_ignored_after_proc_ps),
		cmocka_unit_test(proc_ps_replaces_taskstats),
		cmocka_unit_test(unknown_member_is_an_error_in_memory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

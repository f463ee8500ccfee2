/* test_parse.c: header, proc_stat, diskstats and the bootchart2 extras on memory buffers: a table of members and what they give. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "feed.h"

#include "parse.h"
#include "bootlog.h"

#define EX1 "data/bootchart-0.9/example1/"
#define EX2 "data/bootchart-0.9/example2/"
#define NEAR(a, b) (fabs((double)(a) - (double)(b)) < 1e-9)

/* A member: its name, and its bytes from a text or a file under ../shared. */
struct pmember {
	const char *name;
	const char *text;	/* NULL: read `shared` */
	size_t len;		/* 0: strlen(text) */
	const char *shared;
};

/*
 * One case: up to three members parsed in order into one log, what the
 * last one returns, the warnings of all, the error's words, and what
 * the log (and the parse stage's staged texts) then hold.
 */
struct pcase {
	const char *title;
	struct pmember in[3];
	int rc;			/* of the last member: 0 or -1 */
	int nwarn;		/* warnings of all members; -1: not checked */
	const char *msg;	/* in the error (rc -1), or NULL */
	void (*check)(const struct bootlog *, const struct logparse *);
};

/* ---- what each case's log holds ---- */

static void
header_ex1(const struct bootlog *t, const struct logparse *lp)
{
	const char *cpu = bootlog_header(t, "system.cpu");

	assert_string_equal(bootlog_header(t, "version"), "0.8+20051109-ubuntu");
	assert_string_equal(bootlog_header(t, "system.release"), "Ubuntu 8.10");
	assert_string_equal(bootlog_header(t, "title"), "Boot chart for "
	    "anders-desktop (Thu Dec 18 14:05:52 CET 2008)");
	/* The value spans two lines in the file; the "(2)" ends the second. */
	assert_non_null(cpu);
	assert_non_null(strstr(cpu, "model name\t: Intel(R) Core(TM)2 CPU"));
	assert_non_null(strstr(cpu, "2.40GHz model name : Intel"));
	assert_int_equal(strcmp(cpu + strlen(cpu) - 3, "(2)"), 0);
	assert_int_equal(t->ncpus, 2);
	/* The trailing blank of the file's value is not part of it. */
	assert_string_equal(bootlog_header(t, "system.kernel.options"),
	    "root=UUID=a0b77e99-bc85-4045-b488-4182f8f8c6b8 ro quiet splash");
}

static void
header_ex2(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ncpus, 1);
	assert_string_equal(bootlog_header(t, "system.release"),
	    "Fedora Core release 3 (Heidelberg)");
}

/* No "(N)": one "model name" per CPU. */
static void
header_three_names(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ncpus, 3);
	assert_string_equal(bootlog_header(t, "title"), "");
	assert_string_equal(bootlog_header(t, "x"), "y = z");
}

/* bootchart2 headers carry the count in their own key. */
static void
header_cpu_num(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ncpus, 4);
}

/*
 * Expected values worked out by hand from example1's first blocks:
 *   154: cpu  2 0 117 145 0 0 0 0 0
 *   175: cpu  7 0 134 162 0 0 0 0 0
 * deltas user 5, nice 0, system 17, idle 17: total 39.
 */
static void
stat_ex1(const struct bootlog *t, const struct logparse *lp)
{
	size_t i;

	/* One sample per block after the first; the file has 142 blocks. */
	assert_int_equal(t->ncpu, 141);
	assert_int_equal(t->cpu[0].time_us, MS(1750));
	assert_true(NEAR(t->cpu[0].user, 5.0 / 39));
	assert_true(NEAR(t->cpu[0].sys, 17.0 / 39));
	assert_true(NEAR(t->cpu[0].io, 0));
	for (i = 0; i < t->ncpu; i++) {
		assert_true(t->cpu[i].user >= 0 && t->cpu[i].sys >= 0 &&
		    t->cpu[i].io >= 0);
		assert_true(t->cpu[i].user + t->cpu[i].sys + t->cpu[i].io <=
		    1.0 + 1e-9);
		if (i > 0)
			assert_true(t->cpu[i].time_us > t->cpu[i - 1].time_us);
	}
}

/*
 * example2's hda at 698 and 719 jiffies:
 *   hda 353 13 8435 6428 0 0 0 0 2 2307 6457
 *   hda 372 13 8643 6734 0 0 0 0 2 2511 6857
 * read 208 sectors in 210 ms; 204 ms of I/O.  Partitions (hda1: 4
 * fields on 2.6.10) and other devices (hdc idle, dm-0) do not count.
 */
static void
disk_ex2(const struct bootlog *t, const struct logparse *lp)
{
	assert_true(t->ndisk > 100);
	assert_int_equal(t->disk[0].time_us, MS(7190));
	assert_true(fabs(t->disk[0].read_bps - 208 * 512.0 * 1000 / 210) < 1e-6);
	assert_true(NEAR(t->disk[0].write_bps, 0));
	assert_true(NEAR(t->disk[0].util, 204.0 / 210));
}

/* 4 whole disks x 2 sectors read, sda wrote 4, over 1000 ms; partitions moved a lot. */
static void
disk_whole_only(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ndisk, 1);
	assert_true(NEAR(t->disk[0].read_bps, 8 * 512.0));
	assert_true(NEAR(t->disk[0].write_bps, 4 * 512.0));
	/* The busiest whole disk: mmcblk0, 500 ms of 1000. */
	assert_true(NEAR(t->disk[0].util, 0.5));
}

static void
stat_dropped_block(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ncpu, 2);
	assert_int_equal(t->cpu[1].time_us, MS(3000));
	assert_true(NEAR(t->cpu[1].user, 0.1));
}

static void
stat_cut_short(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ncpu, 1);
}

static void
pidnames(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(lp->names.n, 3);
	assert_int_equal(lp->names.v[0].pid, 1);
	assert_string_equal(lp->names.v[0].text, "init");
	assert_string_equal(lp->names.v[1].text, "udevd");
	assert_int_equal(lp->names.v[2].pid, 5000000000LL);
	assert_string_equal(lp->names.v[2].text, "big one");
}

/* Fork-time records: they outrank kernel_pacct's exit-time ppid. */
static void
paternity(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->nforks, 2);
	assert_int_equal(t->forks[0].pid, 42);
	assert_int_equal(t->forks[0].ppid, 1);
	assert_int_equal(t->forks[1].pid, 43);
	assert_int_equal(t->forks[1].ppid, 42);
	assert_int_equal(t->forks[0].at_fork, 1);
	assert_int_equal(t->forks[1].at_fork, 1);
}

/* Exit records: a thread's go to its group (pid), names unescaped. */
static void
texit_records(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ntexit, 2);
	assert_int_equal(t->texit[0].pid, 499);
	assert_int_equal(t->texit[0].leader, 0);
	assert_int_equal(t->texit[0].cpu_us, 123456);
	assert_string_equal(t->texit[0].comm, "a\nb");
	assert_int_equal(t->texit[1].pid, 600);
	assert_int_equal(t->texit[1].leader, 1);
	assert_int_equal(t->texit[1].cpu_us, 5);
	assert_string_equal(t->texit[1].comm, "sh");
}

/* As bootchartd writes them: control bytes and backslashes as \ooo. */
static void
cmdline2_escaped(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(lp->cmdlines.n, 1);
	assert_string_equal(lp->cmdlines.v[0].text, "sh -c echo a b\\c");
}

static void
cmdline2_records(const struct bootlog *t, const struct logparse *lp)
{
	const struct pidtext *v = lp->cmdlines.v;

	assert_int_equal(lp->cmdlines.n, 4);
	assert_int_equal(v[0].pid, 1);
	assert_string_equal(v[0].text, "/sbin/init splash");
	assert_string_equal(v[1].text, "/sbin/udevd --daemon");
	/* No arguments: the executable stands in. */
	assert_string_equal(v[2].text, "/bin/gone");
	/* The last record had no blank line after it. */
	assert_int_equal(v[3].pid, 44);
	assert_string_equal(v[3].text, "sh -c echo hi");
}

/*
 * cgroup.log: the unit is the outermost component naming a unit type
 * (the system manager's); a service's own sub-cgroups give the service.
 */
static void
cgroup_units(const struct bootlog *t, const struct logparse *lp)
{
	const struct pidtext *v = lp->units.v;

	assert_int_equal(lp->units.n, 5);
	assert_string_equal(v[0].text, "init.scope");
	assert_int_equal(v[1].pid, 412);
	assert_string_equal(v[1].text, "ssh.service");
	assert_string_equal(v[2].text, "getty@tty1.service");
	/* Decoded, and the line break made a space. */
	assert_string_equal(v[3].text, "a b.service");
	assert_string_equal(v[4].text, "session-2.scope");
}

/*
 * Below user@UID.service the user's own manager (or the user) names the
 * cgroups: they cannot pass for system units (issue 22, finding 6).
 */
static void
cgroup_user_units(const struct bootlog *t, const struct logparse *lp)
{
	static const char *const want[] = { "user@65534.service",
	    "user@1000.service", "user@1000.service", "machine-c1.scope" };
	const struct pidtext *v = lp->units.v;
	size_t i;

	(void)t;
	assert_int_equal(lp->units.n, 4);
	for (i = 0; i < 4; i++) {
		assert_int_equal(v[i].pid, 600 + (pid_t)i);
		assert_string_equal(v[i].text, want[i]);
	}
}

static void
meminfo(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->nmem, 2);	/* the block without MemTotal is dropped */
	assert_int_equal(t->mem[0].time_us, MS(1000));
	assert_int_equal(t->mem[0].total, 2048000);
	assert_int_equal(t->mem[0].free, 1024000);
	assert_int_equal(t->mem[0].buffers, 10000);
	assert_int_equal(t->mem[0].cached, 200000);
	assert_int_equal(t->mem[0].swap_total, 500000);
	assert_int_equal(t->mem[0].swap_free, 400000);
	assert_int_equal(t->mem[1].time_us, MS(1020));
	assert_int_equal(t->mem[1].free, 900000);
}

/* "pid ppid comm cpu_run_real_total blkio_delay_total swapin_delay_total", ns. */
static void
taskstats(const struct bootlog *t, const struct logparse *lp)
{
	const struct process *init = bootlog_find_pid(t, 1);
	const struct process *udev = bootlog_find_pid(t, 42);
	const struct process *sp = bootlog_find_pid(t, 77);

	assert_int_equal(t->ps_source, PS_TASKSTATS);
	assert_int_equal(lp->ps_blocks, 3);
	assert_int_equal(t->ps_first_us, MS(1000));
	assert_int_equal(t->ps_last_us, MS(1200));
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
	/*
	 * A process's first line after the first block is its work since
	 * the block before: udevd's 30 ms of CPU in 100 ms (issue 26, item
	 * 5: that line was dropped).
	 */
	assert_int_equal(udev->nsamples, 2);
	assert_true(fabs(udev->samples[0].user - 0.3) < 1e-6);
	assert_int_equal(udev->samples[0].state, 'R');
	assert_int_equal(udev->samples[1].state, 'D');
	assert_int_equal(sp->nsamples, 2);
	assert_int_equal(sp->samples[0].state, 'S');
}

/* taskstats.log read after proc_ps.log is ignored, whole. */
static void
proc_ps_kept(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ps_source, PS_PROC_PS);
	assert_null(bootlog_find_pid(t, 999));
	assert_string_equal(bootlog_find_pid(t, 1)->name, "init");
}

/* proc_ps.log read after taskstats.log drops what taskstats.log gave. */
static void
proc_ps_replaced(const struct bootlog *t, const struct logparse *lp)
{
	assert_int_equal(t->ps_source, PS_PROC_PS);
	assert_null(bootlog_find_pid(t, 999));
	assert_non_null(bootlog_find_pid(t, 1));
}

/*
 * The second block in reverse order, a disk new in it and a name twice in
 * the first: 2 + 4 + 6 sectors read over 1000 ms (the new disk's 100
 * have no earlier count; vda's first line is the one compared), sdb
 * busy 250 ms.
 */
static void
disk_reordered(const struct bootlog *t, const struct logparse *lp)
{
	(void)lp;
	assert_int_equal(t->ndisk, 1);
	assert_true(NEAR(t->disk[0].read_bps, 12 * 512.0));
	assert_true(NEAR(t->disk[0].write_bps, 0));
	assert_true(NEAR(t->disk[0].util, 0.25));
}

/* ---- the members ---- */

static const char disks_log[] =
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

/* Written as bootchart2's collector writes an exec: pid, :exe, :args NUL-separated. */
static const char cmdline2_log[] =
    "1\n:/sbin/init\n:/sbin/init\0splash\0\n\n"
    "42\n:/sbin/udevd\n:/sbin/udevd\0--daemon\0\n\n"
    "43\n:/bin/gone\n:\n\n"
    "x\n:/y\n:/y\0\n\n"
    "44\n:/bin/sh\n:sh\0-c\0echo hi\0";
static const char cmdline2_esc[] =
    "7\n:/bin/sh\n:sh\0-c\0echo a\\012b\\134c\0\n\n";
static const char cgroup_log[] =
    "1 /init.scope\n"
    "412 /system.slice/ssh.service\n"
    "413 /system.slice/system-getty.slice/getty@tty1.service\n"
    "414 /system.slice/a\\012b.service/control\n"
    "500 /user.slice/user-1000.slice/session-2.scope\n"
    "2 /\n"
    "3 /system.slice\n"
    "bad line\n";
static const char cgroup_user_log[] =
    "600 /user.slice/user-65534.slice/user@65534.service/sshd.service\n"
    "601 /user.slice/user-1000.slice/user@1000.service/app.slice/"
    "app-gnome-x.scope\n"
    "602 /user.slice/user-1000.slice/user@1000.service/init.scope\n"
    "603 /machine.slice/machine-c1.scope/payload/system.slice/"
    "getty.service\n";
static const char two_ps_blocks[] =
    "100\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 1 2 0 0 20 0 1 0 5\n\n"
    "120\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 3 4 0 0 20 0 1 0 5\n\n";

#define TEXT(n, s) { n, s, 0, NULL }
#define BYTES(n, s) { n, s, sizeof(s) - 1, NULL }
#define FILE_(n, f) { n, NULL, 0, f }

static const struct pcase cases[] = {
	{ "header: example1", { FILE_("header", EX1 "header") }, 0, -1,
	    NULL, header_ex1 },
	{ "header: example2, one CPU", { FILE_("header", EX2 "header") }, 0,
	    -1, NULL, header_ex2 },
	{ "header: CPUs counted by model name", { TEXT("header",
	    "version = 0.9\nsystem.cpu = model name : A\nmodel name : A\n"
	    "model name : A\ntitle = \nx = y = z\n") }, 0, -1, NULL,
	    header_three_names },
	{ "header: system.cpu.num", { TEXT("header",
	    "system.cpu = model name : B (1)\nsystem.cpu.num = 4\n") }, 0, -1,
	    NULL, header_cpu_num },
	{ "proc_stat.log: example1", { FILE_("proc_stat.log",
	    EX1 "proc_stat.log") }, 0, -1, NULL, stat_ex1 },
	{ "proc_diskstats.log: example2", { FILE_("proc_diskstats.log",
	    EX2 "proc_diskstats.log") }, 0, -1, NULL, disk_ex2 },
	{ "proc_diskstats.log: whole disks only", { BYTES(
	    "proc_diskstats.log", disks_log) }, 0, -1, NULL, disk_whole_only },
	{ "proc_diskstats.log: disks in another order", { TEXT(
	    "proc_diskstats.log", "100\n"
	    "   8 0 sda 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 252 0 vda 0 0 0 0 0 0 0 0 0 0 0\n"
	    "   8 16 sdb 0 0 0 0 0 0 0 0 0 0 0\n"
	    " 252 0 vda 0 0 3 0 0 0 0 0 0 0 0\n\n"
	    "200\n"
	    "   8 32 sdc 0 0 100 0 0 0 0 0 0 900 0\n"
	    "   8 16 sdb 1 0 6 0 0 0 0 0 0 250 0\n"
	    " 252 0 vda 1 0 4 0 0 0 0 0 0 100 0\n"
	    "   8 0 sda 1 0 2 0 0 0 0 0 0 50 0\n\n") }, 0, -1, NULL,
	    disk_reordered },
	{ "proc_stat.log: a bad stamp names its line", { TEXT("proc_stat.log",
	    "100\ncpu 1 2 3 4\n\n1x0\ncpu 1 2 3 4\n\n") }, -1, -1,
	    "proc_stat.log:4: ", NULL },
	{ "proc_stat.log: the bad stamp is quoted", { TEXT("proc_stat.log",
	    "100\ncpu 1 2 3 4\n\n1x0\ncpu 1 2 3 4\n\n") }, -1, -1, "1x0",
	    NULL },
	{ "proc_diskstats.log: a stamp past 63 bits", { TEXT(
	    "proc_diskstats.log", "99999999999999999999999\n\n") }, -1, -1,
	    "proc_diskstats.log:1: ", NULL },
	{ "proc_stat.log: a stamp going back drops its block", { TEXT(
	    "proc_stat.log", "100\ncpu 0 0 0 100\n\n200\ncpu 10 0 0 190\n\n"
	    "150\ncpu 99 0 0 100\n\n300\ncpu 20 0 0 280\n\n") }, 0, 1, NULL,
	    stat_dropped_block },
	{ "proc_stat.log: the last line cut by a crash", { TEXT(
	    "proc_stat.log", "100\ncpu 0 0 0 100\n\n200\ncpu 10 0 0 190\n\n"
	    "300\ncpu 20") }, 0, 1, NULL, stat_cut_short },
	{ "init_pidname.log: the first bad line named, then a summary", {
	    TEXT("init_pidname.log", "1=init\r\n412=udevd\n\nbogus\n413=\n"
	    "5000000000=big one\n") }, 0, 2, NULL, pidnames },
	{ "paternity.log", { TEXT("paternity.log", "42 1\n43 42\n\n44\n") },
	    0, 1, NULL, paternity },
	{ "taskstats_exit.log", { TEXT("taskstats_exit.log",
	    "499 500 1 123456789 100 20 a\\012b\n600 600 499 5000 7 0 sh\n"
	    "600 600 x\n\n") }, 0, 1, NULL, texit_records },
	{ "cmdline2.log: records", { BYTES("cmdline2.log", cmdline2_log) }, 0,
	    1, NULL, cmdline2_records },
	{ "cmdline2.log: escapes", { BYTES("cmdline2.log", cmdline2_esc) }, 0,
	    0, NULL, cmdline2_escaped },
	{ "cgroup.log: units", { BYTES("cgroup.log", cgroup_log) }, 0, 1,
	    NULL, cgroup_units },
	{ "cgroup.log: a user's subtree keeps the user's unit", { BYTES(
	    "cgroup.log", cgroup_user_log) }, 0, 0, NULL, cgroup_user_units },
	{ "proc_meminfo.log", { TEXT("proc_meminfo.log",
	    "100\nMemTotal:        2048000 kB\nMemFree:         1024000 kB\n"
	    "Buffers:           10000 kB\nCached:           200000 kB\n"
	    "SwapCached:            7 kB\nSwapTotal:        500000 kB\n"
	    "SwapFree:         400000 kB\n\n"
	    "102\nMemTotal:        2048000 kB\nMemFree:          900000 kB\n\n"
	    "104\nMemFree:          800000 kB\n\n") }, 0, -1, NULL, meminfo },
	{ "taskstats.log", { TEXT("taskstats.log",
	    "100\n1 0 init 5000000 0 0\n\n"
	    "110\n1 0 init 55000000 0 0\n42 1 udevd 30000000 0 0\n"
	    "77 1 (my task) 0 0 0\n\n"
	    "120\n42 1 udevd 30000000 60000000 0\n1 0 init 255000000 0 0\n"
	    "77 1 my task 0 0 0\n\n") }, 0, -1, NULL, taskstats },
	{ "taskstats.log after proc_ps.log: ignored", { BYTES("proc_ps.log",
	    two_ps_blocks), TEXT("taskstats.log",
	    "100\n1 0 other 5 0 0\n999 1 x 0 0 0\n\n") }, 0, -1, NULL,
	    proc_ps_kept },
	{ "proc_ps.log after taskstats.log: replaces it", { TEXT(
	    "taskstats.log", "100\n999 1 x 0 0 0\n\n"), TEXT("proc_ps.log",
	    "100\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 1 2 0 0 20 0 1 0 5\n\n") },
	    0, -1, NULL, proc_ps_replaced },
	{ "an unknown member is an error in memory", { TEXT(
	    "proc_cpuinfo.log", "x\n") }, -1, -1, "proc_cpuinfo.log: ", NULL },
};

/* Parses one member; the file under ../shared is read (or skips). */
static int
parse_member(struct logparse *lp, struct diag *d, const struct pmember *m)
{
	size_t len = m->len ? m->len : m->text ? strlen(m->text) : 0;
	char *buf = NULL;
	int rc;

	if (m->text == NULL) {
		buf = read_file(shared_path(m->shared), &len);
		assert_non_null(buf);
	}
	rc = logstream_buffer(lp, m->name, m->text ? m->text : buf, len, d);
	free(buf);
	return rc;
}

static void
one_case(const struct pcase *c)
{
	struct logparse lp;
	struct bootlog t;
	struct diag d;
	size_t i;
	int rc = 0;

	print_message("%s\n", c->title);
	setup_trace(&t, &lp, &d);
	for (i = 0; i < 3 && c->in[i].name != NULL; i++)
		rc = parse_member(&lp, &d, &c->in[i]);
	assert_int_equal(rc, c->rc);
	if (c->rc != 0) {
		assert_int_equal(d.status, EXIT_BADINPUT);
		assert_null(strchr(d.msg, '\n'));
	}
	if (c->nwarn >= 0)
		assert_int_equal(d.nwarn, c->nwarn);
	if (c->msg != NULL)
		assert_non_null(strstr(d.msg, c->msg));
	if (c->check != NULL)
		c->check(&t, &lp);
	logparse_free(&lp);
	bootlog_free(&t);
}

/* Whether a case reads a file under ../shared (skipped without it). */
static int
uses_shared(const struct pcase *c)
{
	size_t i;

	for (i = 0; i < 3 && c->in[i].name != NULL; i++)
		if (c->in[i].text == NULL)
			return 1;
	return 0;
}

static void
cases_where(int shared)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (uses_shared(&cases[i]) == shared)
			one_case(&cases[i]);
}

/*
 * Exit records onto processes (logparse_apply_acct): 500's thread 501
 * adds to it; 700 has only a thread's record (its own task still ran
 * at the end): none; 800's PID came twice under one name: whose?  none;
 * 900's record is another name's.  Run times in ns, CPU in µs.
 */
static void
texit_applied(void **state)
{
	static const char ps[] = "100\n"
	    "500 (worker) S 1 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5\n"
	    "700 (idle) S 1 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5\n"
	    "800 (dup) S 1 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5\n"
	    "900 (mine) S 1 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5\n\n";
	static const char te[] =
	    "500 501 1 5000000 0 0 w2\n"
	    "500 500 1 10000000 0 0 worker\n"
	    "700 701 1 2000000 0 0 idle\n"
	    "800 800 1 1000000 0 0 dup\n"
	    "800 800 1 3000000 0 0 dup\n"
	    "900 900 1 4000000 0 0 other\n";
	struct logparse lp;
	struct bootlog t;
	struct diag d;
	size_t i;

	(void)state;
	setup_trace(&t, &lp, &d);
	assert_int_equal(logstream_buffer(&lp, "proc_ps.log", ps,
	    sizeof(ps) - 1, &d), 0);
	assert_int_equal(logstream_buffer(&lp, "taskstats_exit.log", te,
	    sizeof(te) - 1, &d), 0);
	assert_int_equal(logparse_apply_acct(&t, &d), 0);
	assert_int_equal(t.nprocs, 4);
	for (i = 0; i < t.nprocs; i++) {
		const struct process *p = t.procs[i];

		assert_int_equal(p->texit, p->pid == 500);
		if (p->pid == 500)
			assert_int_equal(p->texit_cpu_us, 15000);
	}
	logparse_free(&lp);
	bootlog_free(&t);
}

/* The cases of texts written here, then those of the reference logs. */
static void
text_cases(void **state)
{
	(void)state;
	cases_where(0);
}

static void
reference_cases(void **state)
{
	(void)state;
	(void)shared_path("");	/* skips the test without ../shared */
	cases_where(1);
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

/*
 * example2 (kernel 2.6.10) has seven cpu fields; the shares of its
 * first sample are worked out from the file's first two blocks here.
 */
static void
proc_stat_example2_iowait(void **state)
{
	unsigned long long a[7], b[7];
	struct logparse lp;
	struct bootlog t;
	struct diag d;
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
	setup_trace(&t, &lp, &d);
	assert_int_equal(logstream_buffer(&lp, "proc_stat.log", buf, len, &d),
	    0);
	assert_int_equal(t.cpu[0].time_us, MS(7190));
	assert_true(NEAR(t.cpu[0].io, (double)(b[4] - a[4]) / total));
	assert_true(NEAR(t.cpu[0].sys, (double)(b[2] - a[2] + b[5] - a[5] +
	    b[6] - a[6]) / total));
	logparse_free(&lp);
	bootlog_free(&t);
	free(buf);
}

/* Any split of a member into chunks gives the same log. */
static void
split_anywhere_same_result(void **state)
{
	static const struct { const char *rel, *name; } files[] = {
		{ EX1 "proc_stat.log", "proc_stat.log" },
		{ EX1 "proc_diskstats.log", "proc_diskstats.log" },
		{ EX1 "header", "header" },
	};
	struct logparse la, lb;
	struct bootlog a, b;
	struct diag d;
	size_t i, len, step;
	char *buf;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		buf = read_file(shared_path(files[i].rel), &len);
		assert_non_null(buf);
		setup_trace(&a, &la, &d);
		assert_int_equal(logstream_buffer(&la, files[i].name, buf, len,
		    &d), 0);
		for (step = 1; step <= 4099; step = step * 3 + 2) {
			setup_trace(&b, &lb, &d);
			diag_set_file(&d, "%s", files[i].name);
			assert_int_equal(feed_chunked(&lb, &d,
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
			logparse_free(&lb);
			bootlog_free(&b);
		}
		logparse_free(&la);
		bootlog_free(&a);
		free(buf);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds_by_base_name),
		cmocka_unit_test(text_cases),
		cmocka_unit_test(texit_applied),
		cmocka_unit_test(reference_cases),
		cmocka_unit_test(proc_stat_example2_iowait),
		cmocka_unit_test(split_anywhere_same_result),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* logfiles.h: names of the files inside a bootchart tarball and header keys. */
#ifndef BC_LOGFILES_H
#define BC_LOGFILES_H

#define LOG_HEADER	"header"
#define LOG_PROC_STAT	"proc_stat.log"
#define LOG_DISKSTATS	"proc_diskstats.log"
#define LOG_PROC_PS	"proc_ps.log"
#define LOG_PACCT	"kernel_pacct"
#define LOG_PIDNAME	"init_pidname.log"
#define LOG_MEMINFO	"proc_meminfo.log"
#define LOG_CMDLINE2	"cmdline2.log"
#define LOG_PATERNITY	"paternity.log"
#define LOG_TASKSTATS	"taskstats.log"
#define LOG_CGROUP	"cgroup.log"	/* "PID CGROUP": cgroup v2 path (docs/input.md) */
#define LOG_TRACE	"trace.dat"	/* the kernel's trace, trace-cmd's format (docs/trace.md) */
#define LOG_TASKEXIT	"taskstats_exit.log"	/* "TGID PID PPID RUN_NS UTIME_US STIME_US COMM": each task's exit (docs/formats.md) */

#define HDR_VERSION	"version"
#define HDR_TITLE	"title"
#define HDR_UNAME	"system.uname"
#define HDR_RELEASE	"system.release"
#define HDR_CPU		"system.cpu"
#define HDR_MODEL	"system.model"	/* DMI's vendor and product, else the device tree's model */
#define HDR_CPU_NUM	"system.cpu.num"	/* bootchart2 */
#define HDR_KOPTS	"system.kernel.options"
#define HDR_BOOT_ID	"system.boot_id"	/* /proc/sys/kernel/random/boot_id */
#define HDR_CLOCKSOURCE	"system.clocksource"	/* the kernel's current clocksource */
#define HDR_FIRMWARE	"system.firmware"	/* "efi" or "bios" (from /sys/firmware) */
/*
 * Before the kernel, where the machine says (systemd-boot's EFI
 * variables, the ACPI FPDT): seconds in the firmware, in the boot
 * loader, and which of the two said.
 */
#define HDR_FW_TIME	"system.firmware_time"
#define HDR_LOADER_TIME	"system.loader_time"
#define HDR_FW_FROM	"system.firmware_times"
#define HDR_PROFILE	"profile.process"	/* the command's name, as comm */
#define HDR_PROFILE_CMD	"profile.command"	/* its whole command line */
/*
 * The PID of the bootchartd that ran the command, its parent: the one
 * command of this log when other `bootchartd start` run beside it.
 */
#define HDR_PROFILE_PARENT	"profile.parent"
/* What bootchartd says of its own run. */
#define HDR_TRUNCATED	"bootchart.truncated"
#define HDR_ACCT	"bootchart.acct"
#define HDR_PATERNITY	"bootchart.paternity"
#define HDR_TASKEXIT	"bootchart.taskstats_exit"	/* why taskstats_exit.log is missing or incomplete */
#define HDR_PROCINFO	"bootchart.procinfo"	/* why cmdline2.log, cgroup.log miss records */
#define HDR_PERIOD	"bootchart.period"
#define HDR_END		"bootchart.end"

/* Second milestone (docs/formats.md): the kernel's log and when logging began. */
#define LOG_DMESG	"dmesg"			/* also bootchart2's */
#define HDR_LOG_START	"bootchart.log_start"	/* uptime, s, when logging began */
#define HDR_SWITCH_ROOT	"bootchart.switch_root"	/* uptime, s, of the switch to the real root */
#define HDR_END_AT	"bootchart.end_at"	/* uptime, s, when the end condition was met */
#define HDR_INIT_FALLBACK "bootchart.init_fallback"	/* "asked PATH, ran PATH (reason)" */
#define HDR_DMESG	"bootchart.dmesg"	/* why the dmesg member is missing or cut */
/* Exact mode (docs/trace.md): the kernel's trace in LOG_TRACE. */
#define HDR_TRACE	"bootchart.trace"	/* "on: WHAT" or "off: why" */
#define HDR_TRACE_EVENTS "bootchart.trace.events"	/* "total N: cpu0=N cpu1=N ..." events saved */
#define HDR_TRACE_LOST	"bootchart.trace.lost"	/* the same, events lost (overrun, dropped) by the end */
#define HDR_TRACE_LOST_START "bootchart.trace.lost_at_start"	/* the same, lost before logging began */
#define HDR_TRACE_UNREAD "bootchart.trace.unread"	/* a cut only: the same, events left in the buffers (what the close-out could not keep) */
#define HDR_TRACE_SYNC	"bootchart.trace.clock_sync"	/* "start A B end C D": CLOCK_BOOTTIME ns before and after each TRACE_SYNC_MARK */
#define HDR_TRACE_SCOPE	"bootchart.trace.scope"	/* "command PID" (PID and its descendants: tracefs's set_event_pid) or "system" */
#define HDR_TRACE_CLOCK	"bootchart.trace.clock"	/* the trace clock (local) */
#define HDR_TRACE_ABSENT "bootchart.trace.absent"	/* events asked for that this kernel lacks */
#define HDR_TRACE_STORE	"bootchart.trace.store"	/* "pages N packed N share N": bytes of pages drained, of chunks they took in the store, of the trace's share of TMPFS_SIZE */
#define HDR_TRACE_CPU	"bootchart.trace.cpu"	/* "S (drains S)": the logger's CPU time on tracing */
/* The trace_marker line of a clock-sync pair: then "start|end boottime_ns=N". */
#define TRACE_SYNC_MARK	"bootchartd: clock_sync "
/* The line bootchartd as PID 1 writes to /dev/kmsg when it falls back. */
#define KMSG_FALLBACK	"bootchartd: init fallback: "
/* Touched by bootchartd-done.service once systemd's start-up finished. */
#define BOOT_DONE_FILE	"run/bootchartd.done"	/* under init's root */

#endif

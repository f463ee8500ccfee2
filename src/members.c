/* members.c: the registry of log members (members.h): names, kinds, writers. */
#include <string.h>

#include "logfiles.h"
#include "members.h"

#define ALL_09 (BY_BOOTCHART | BY_BOOTCHART2 | BY_ANDROID | BY_BUSYBOX | \
    BY_BOOTCHARTD)

const struct member members[] = {
	{ LOG_HEADER, LK_HEADER, ALL_09, MF_END },
	{ LOG_PROC_PS, LK_PROC_PS, BY_BOOTCHART | BY_BOOTCHART2 | BY_ANDROID |
	    BY_BUSYBOX | BY_BOOTCHARTD, MF_SAMPLE },
	{ LOG_TASKSTATS, LK_TASKSTATS, BY_BOOTCHART2, MF_NONE },
	{ LOG_PACCT, LK_PACCT, BY_BOOTCHART | BY_BOOTCHARTD, MF_STREAM },
	{ LOG_PATERNITY, LK_PATERNITY, BY_BOOTCHART2 | BY_BOOTCHARTD,
	    MF_STREAM },
	{ LOG_TASKEXIT, LK_TASKEXIT, BY_BOOTCHARTD, MF_STREAM },
	{ LOG_PIDNAME, LK_PIDNAME, BY_BOOTCHART, MF_NONE },
	{ LOG_CMDLINE2, LK_CMDLINE2, BY_BOOTCHART2 | BY_BOOTCHARTD, MF_SAMPLE },
	{ LOG_CGROUP, LK_CGROUP, BY_BOOTCHARTD, MF_SAMPLE },
	{ LOG_PROC_STAT, LK_PROC_STAT, ALL_09, MF_SAMPLE },
	{ LOG_DISKSTATS, LK_DISKSTATS, ALL_09, MF_SAMPLE },
	{ LOG_MEMINFO, LK_MEMINFO, BY_BOOTCHART2 | BY_BOOTCHARTD, MF_SAMPLE },
	{ LOG_DMESG, LK_DMESG, BY_BOOTCHART2 | BY_BOOTCHARTD, MF_END },
	{ LOG_TRACE, LK_TRACE, BY_BOOTCHARTD, MF_END },
};

const size_t nmembers = sizeof(members) / sizeof(members[0]);

const struct member *
member_named(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t i;

	base = base != NULL ? base + 1 : path;
	for (i = 0; i < nmembers; i++)
		if (strcmp(base, members[i].name) == 0)
			return &members[i];
	return NULL;
}

const struct member *
member_of(enum logkind kind)
{
	size_t i;

	for (i = 0; i < nmembers; i++)
		if (members[i].kind == kind)
			return &members[i];
	return NULL;
}

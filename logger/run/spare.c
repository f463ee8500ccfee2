/* spare.c: an initramfs logger's '@' mark, which systemd's kill at the switch to the real root spares. */
#include <stddef.h>
#include <sys/vfs.h>

#include <linux/magic.h>

#include "spare.h"

int
spare_in_initramfs(void)
{
	struct statfs st;

	if (statfs("/", &st) != 0)
		return 0;
	return st.f_type == RAMFS_MAGIC || st.f_type == TMPFS_MAGIC;
}

void
spare_mark(struct spare *s, int in_initramfs)
{
	/* /proc/PID/cmdline shows the argument memory as it is now. */
	if (!in_initramfs || s->argv0 == NULL || s->argv0[0] == '\0' ||
	    s->was != '\0')
		return;
	s->was = s->argv0[0];
	s->argv0[0] = '@';
}

void
spare_clear(struct spare *s)
{
	if (s->was == '\0')
		return;
	s->argv0[0] = s->was;
	s->was = '\0';
}

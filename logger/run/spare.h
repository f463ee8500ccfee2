/* spare.h: an initramfs logger's '@' mark, which systemd's kill at the switch to the real root spares. */
#ifndef BCD_SPARE_H
#define BCD_SPARE_H

/*
 * systemd as the initramfs's init (dracut's default) sends SIGTERM to
 * every process left when it switches to the real root, except root's
 * processes whose argv[0] begins with '@' (its "root storage daemons"
 * rule).  The mark is taken off once the switch is seen, so that the
 * real root's shutdown stops the logger like any other process.
 */
struct spare {
	char *argv0;	/* the program's own argv[0]; NULL when unknown */
	char was;	/* its first byte before the mark; '\0': not marked */
};

/* 1 when "/" is an initramfs (ramfs or tmpfs). */
int spare_in_initramfs(void);
/* Marks s->argv0 with '@' when in_initramfs and it is not empty. */
void spare_mark(struct spare *, int in_initramfs);
/* Gives argv[0] its first byte back (nothing when not marked). */
void spare_clear(struct spare *);

#endif

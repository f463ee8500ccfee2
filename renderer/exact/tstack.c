/* tstack.c: the blocked threads' kernel stacks, summed per (waiter process, functions) in a hash as the events come (tstack.h, docs/wakeups.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot.h"
#include "treason.h"
#include "tstack.h"

#define FRAMES_MAX	64	/* return addresses read: the kernel saves up to 64 here */
#define TEXT_MAX	512	/* bytes of a stack's "f1;f2;..." kept */
/*
 * Return addresses whose function and verdicts are remembered: a busy
 * trace has a million stacks over a few hundred addresses, and the
 * symbol search and the reasons' pattern list cost more than the rest
 * of a stack (direct-mapped by address).
 */
#define FRAME_CACHE	1024

/* One return address: its function (NULL: not in kallsyms), its verdicts. */
struct tframe {
	uint64_t addr;
	const char *fn;
	int8_t reason;		/* treason_of(fn) */
	int8_t plumbing;	/* treason_plumbing(fn) */
	int8_t used;
};

/* What address a says, from the cache or resolved into it. */
static const struct tframe *
frame_of(struct tstacks *k, const struct tdat *td, uint64_t a)
{
	struct tframe *f;
	uint64_t off;

	f = &k->frames[(a ^ a >> 12) % FRAME_CACHE];
	if (f->used && f->addr == a)
		return f;
	f->used = 1;
	f->addr = a;
	f->fn = tdat_sym(td, a, &off);
	f->reason = (int8_t)(f->fn != NULL ? treason_of(f->fn) : TR_NONE);
	f->plumbing = (int8_t)(f->fn != NULL && treason_plumbing(f->fn));
	return f;
}

/* "f1;f2;...": the frames' functions, innermost first, the plumbing left out. */
static int
frames_text(struct tstacks *k, const struct tdat *td,
    const struct tfield *caller, int64_t count, const struct tevent *ev,
    char *out, int *reason)
{
	const struct tframe *f;
	size_t i, len = 0;
	uint64_t a;
	const char *fn;
	char hex[24];
	int full = 0;

	*reason = TR_NONE;
	out[0] = '\0';
	for (i = 0; (int64_t)i < count && i < FRAMES_MAX; i++) {
		if (tfield_elem(caller, ev, i, &a) != 0)
			break;
		f = frame_of(k, td, a);
		if ((fn = f->fn) == NULL) {
			snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)a);
			fn = hex;
		}
		if (*reason == TR_NONE && f->reason != TR_NONE)
			*reason = f->reason;
		/* The text cut at a frame, not with one left out inside it. */
		if (f->plumbing || full ||
		    (full = len + strlen(fn) + 2 > TEXT_MAX))
			continue;
		len += (size_t)snprintf(out + len, TEXT_MAX - len, "%s%s",
		    len > 0 ? ";" : "", fn);
	}
	if (i == 0)
		return -1;
	if (*reason == TR_NONE)
		*reason = TR_OTHER;
	return 0;
}

/* A stack's key: its waiter and its functions' text. */
struct skey {
	uint32_t waiter;
	const char *text;
};

static size_t
hash(const struct skey *k)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ k->waiter;
	const char *s;

	for (s = k->text; *s != '\0'; s++)
		h = (h ^ (uint8_t)*s) * 0x100000001b3ULL;
	return (size_t)(h ^ h >> 29);
}

static size_t
stack_hash(const void *owner, size_t i)
{
	const struct tstack *s = &((const struct tstacks *)owner)->v[i];
	struct skey key = { s->waiter, s->frames };

	return hash(&key);
}

static int
stack_is(const void *owner, size_t i, const void *k)
{
	const struct tstack *s = &((const struct tstacks *)owner)->v[i];
	const struct skey *key = k;

	return s->waiter == key->waiter && strcmp(s->frames, key->text) == 0;
}

/* A new stack at *slot: its id + 1; 0 past the cap; -1 no memory. */
static int64_t
new_stack(struct tstacks *k, uint32_t *slot, uint32_t waiter,
    const char *text, int reason)
{
	size_t max = k->max != 0 ? k->max : CAP_TRACE_STACKS;
	struct tstack *s;

	if (k->n >= max) {
		if (!k->cut)
			diag_warn(k->d, "more than %zu kernel stacks: the "
			    "waits of the rest have their reasons, not their "
			    "stacks", max);
		k->cut = 1;
		return 0;
	}
	if (grow_array((void **)&k->v, &k->cap, k->n, sizeof(*k->v)) != 0)
		return -1;
	s = &k->v[k->n];
	memset(s, 0, sizeof(*s));
	if ((s->frames = strdup(text)) == NULL)
		return -1;
	s->waiter = waiter;
	s->reason = (uint8_t)reason;
	s->id = (uint32_t)k->n + 1;
	*slot = (uint32_t)++k->n;
	return (int64_t)k->n;
}

int64_t
tstacks_add(struct tstacks *k, const struct tdat *td,
    const struct tfield *caller, int64_t count, const struct tevent *ev,
    uint32_t waiter, int *reason)
{
	char text[TEXT_MAX];
	struct skey key = { waiter, text };
	uint32_t *slot;

	if (k->frames == NULL &&
	    (k->frames = calloc(FRAME_CACHE, sizeof(*k->frames))) == NULL)
		return -1;
	if (frames_text(k, td, caller, count, ev, text, reason) != 0) {
		*reason = TR_NONE;
		return 0;
	}
	if (tslots_room(&k->slots, k->n, stack_hash, k) != 0)
		return -1;
	slot = tslots_find(&k->slots, hash(&key), stack_is, k, &key);
	if (*slot != 0)
		return (int64_t)*slot;
	return new_stack(k, slot, waiter, text, *reason);
}

void
tstacks_time(struct tstacks *k, uint32_t id, int64_t ns)
{
	struct tstack *s;

	if (id == 0 || id > k->n)
		return;
	s = &k->v[id - 1];
	s->count++;
	/* Saturating, as the edges' sums (twake.c). */
	s->total_ns = ns > INT64_MAX - s->total_ns ? INT64_MAX :
	    s->total_ns + ns;
	if (ns > s->max_ns)
		s->max_ns = ns;
}

void
tstacks_free(struct tstacks *k)
{
	size_t i;

	for (i = 0; i < k->n; i++)
		free(k->v[i].frames);
	free(k->v);
	free(k->frames);
	tslots_free(&k->slots);
	memset(k, 0, sizeof(*k));
}

/* kargs.c: exact mode's kernel command line (kargs.h): our trace words merged into a boot entry's. */
#include <stdio.h>
#include <string.h>

#include "kargs.h"
#include "trace_events.h"

/* Our trace_options= items, as merged() takes lists. */
static const char *const opts[] = { KARGS_OPTIONS };
/* Function mode's ftrace_graph_filter= items: every initcall. */
static const char *const roots[] = { KARGS_GRAPH_ROOTS };

/* A comma-list key: one word of the user's items, then ours. */
struct listkey {
	const char *key;
	const char *const *ours;
	size_t n;
};

#define LISTKEYS	3

/* The line being built; one byte kept for the NUL. */
struct line {
	char s[KARGS_CMDLINE_MAX];
	size_t len;
	int over;
};

static void
put(struct line *l, const char *s, size_t n)
{
	if (l->over || n >= sizeof(l->s) - l->len) {
		l->over = 1;
		return;
	}
	memcpy(l->s + l->len, s, n);
	l->len += n;
	l->s[l->len] = '\0';
}

static void
puts0(struct line *l, const char *s)
{
	put(l, s, strlen(s));
}

/* A word's value when it is "key=value", else NULL. */
static const char *
value_of(const char *word, const char *key)
{
	size_t k = strlen(key);

	if (strncmp(word, key, k) != 0 || word[k] != '=')
		return NULL;
	return word + k + 1;
}

/* Whether the comma list l->s[from..] holds item[0..n). */
static int
has_item(const struct line *l, size_t from, const char *item, size_t n)
{
	const char *p = l->s + from, *e = l->s + l->len, *c;

	while (p < e) {
		c = memchr(p, ',', (size_t)(e - p));
		if (c == NULL)
			c = e;
		if ((size_t)(c - p) == n && memcmp(p, item, n) == 0)
			return 1;
		p = c + 1;
	}
	return 0;
}

/* Appends the items of a comma list not already in l->s[from..]. */
static void
add_items(struct line *l, size_t from, const char *list)
{
	const char *p = list, *c;
	size_t n;

	for (; *p != '\0'; p = *c == ',' ? c + 1 : c) {
		c = strchr(p, ',');
		if (c == NULL)
			c = p + strlen(p);
		n = (size_t)(c - p);
		if (n == 0 || has_item(l, from, p, n))
			continue;
		if (l->len > from)
			put(l, ",", 1);
		put(l, p, n);
	}
}

/*
 * One word "key=" holding every item of every key= word among
 * words[0..end), then ours (NULL-terminated lists).
 */
static void
merged(struct line *l, const char *key, char *const *words, size_t end,
    const char *const *ours, size_t nours)
{
	const char *v;
	size_t i, from;

	puts0(l, key);
	put(l, "=", 1);
	from = l->len;
	for (i = 0; i < end; i++)
		if ((v = value_of(words[i], key)) != NULL)
			add_items(l, from, v);
	for (i = 0; i < nours; i++)
		add_items(l, from, ours[i]);
}

/* Whether a key= word is among words[0..end). */
static int
has_key(char *const *words, size_t end, const char *key)
{
	size_t i;

	for (i = 0; i < end; i++)
		if (value_of(words[i], key) != NULL)
			return 1;
	return 0;
}

static void
word(struct line *l, const char *w)
{
	if (l->len > 0)
		put(l, "\n", 1);
	puts0(l, w);
}

/* The list keys the config asks for; their number. */
static size_t
list_keys(const struct config *k, struct listkey *lk)
{
	size_t n = 0;

	if (!k->exact)
		return 0;
	lk[n++] = (struct listkey){ "trace_event", tracerec_events,
	    tracerec_nevents };
	lk[n++] = (struct listkey){ "trace_options", opts, 1 };
	if (k->functions)
		lk[n++] = (struct listkey){ "ftrace_graph_filter", roots, 1 };
	return n;
}

/* A word unless the user's words have its key (theirs wins). */
static void
word_unless(struct line *l, char *const *words, size_t end, const char *key,
    const char *w)
{
	if (!has_key(words, end, key))
		word(l, w);
}

/* Function mode's words (docs/trace.md, "The kernel's functions"). */
static void
function_words(const struct config *k, struct line *l, char *const *words,
    size_t end)
{
	char w[64];

	word_unless(l, words, end, "ftrace", "ftrace=function_graph");
	snprintf(w, sizeof(w), "ftrace_graph_max_depth=%u", k->fn_depth);
	word_unless(l, words, end, "ftrace_graph_max_depth", w);
	snprintf(w, sizeof(w), "tracing_thresh=%u", k->fn_thresh_us);
	word_unless(l, words, end, "tracing_thresh", w);
}

/* Our words: the lists not merged yet, then the single ones. */
static void
ours(const struct config *k, struct line *l, char *const *words, size_t end)
{
	struct listkey lk[LISTKEYS];
	char w[64];
	size_t i, n = list_keys(k, lk);

	for (i = 0; i < n; i++) {
		if (has_key(words, end, lk[i].key))
			continue;
		word(l, "");
		merged(l, lk[i].key, words, end, lk[i].ours, lk[i].n);
	}
	if (!has_key(words, end, "trace_buf_size")) {
		snprintf(w, sizeof(w), "trace_buf_size=%lluK",
		    (unsigned long long)(k->trace_buffer >> 10));
		word(l, w);
	}
	if (!has_key(words, end, "trace_clock"))
		word(l, "trace_clock=" KARGS_CLOCK);
	if (k->functions)
		function_words(k, l, words, end);
}

/* The list key of a word, or NULL. */
static const struct listkey *
list_of(const struct listkey *lk, size_t n, const char *w)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (value_of(w, lk[i].key) != NULL)
			return &lk[i];
	return NULL;
}

int
kargs_merge(const struct config *k, char *const *words, size_t n, FILE *out)
{
	struct line l = { .len = 0, .over = 0 };
	struct listkey lk[LISTKEYS];
	const struct listkey *key;
	size_t i, end = n, nk = list_keys(k, lk);
	int seen[LISTKEYS] = { 0 };

	l.s[0] = '\0';
	for (i = 0; i < n; i++)
		if (strchr(words[i], '\n') != NULL)
			return -1;
	for (i = 0; i < n && end == n; i++)
		if (strcmp(words[i], "--") == 0)
			end = i;
	/* A list is merged where the first word of its key stood. */
	for (i = 0; i < end; i++) {
		if ((key = list_of(lk, nk, words[i])) == NULL) {
			word(&l, words[i]);
			continue;
		}
		if (!seen[key - lk]++) {
			word(&l, "");
			merged(&l, key->key, words, end, key->ours, key->n);
		}
	}
	if (k->exact)
		ours(k, &l, words, end);
	for (i = end; i < n; i++)
		word(&l, words[i]);
	if (l.over)
		return -1;
	if (l.len > 0 && fprintf(out, "%s\n", l.s) < 0)
		return -1;
	return 0;
}

/* test_escape.c: what is printed from logs: escape_text and the messages that use it. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "diag.h"
#include "escape.h"

/* In and out of one escape function; page: escape_page, else escape_text. */
struct esc_case {
	int page;
	const char *in, *want;
};

static const struct esc_case esc_cases[] = {
	{ 0, "plain text, ASCII ~", "plain text, ASCII ~" },
	{ 0, "a\tb\nc\rd\\e", "a\\tb\\nc\\rd\\\\e" },
	/* ESC (a colour or title sequence), BEL, DEL. */
	{ 0, "\x1b]0;pwned\x07 x\x7f", "\\x1b]0;pwned\\x07 x\\x7f" },
	/* Valid UTF-8 stays; C1 controls (CSI is U+009B) and junk do not. */
	{ 0, "\xc3\xa9t\xc3\xa9 \xe2\x82\xac", "\xc3\xa9t\xc3\xa9 \xe2\x82\xac" },
	{ 0, "\xc2\x9b" "2J \xff\xfe \xc0\xaf",
	    "\\xc2\\x9b2J \\xff\\xfe \\xc0\\xaf" },
	/* Bidi controls (RLO, LRI, PDI, RLM) and the line separator too. */
	{ 0, "a\xe2\x80\xae" "b\xe2\x81\xa6" "c"
	    "\xe2\x81\xa9\xe2\x80\x8f\xe2\x80\xa8" "d\xe2\x80\x94",
	    "a\\xe2\\x80\\xaeb\\xe2\\x81\\xa6c"
	    "\\xe2\\x81\\xa9\\xe2\\x80\\x8f\\xe2\\x80\\xa8d\xe2\x80\x94" },
	/*
	 * A page's text (tooltips, the page's summary): a backslash stays
	 * one, so a command line reads as typed (issue 26: tooltips showed
	 * printf %s\\n); every control is escaped as for a terminal.
	 */
	{ 1, "printf %s\\n a\\b", "printf %s\\n a\\b" },
	{ 1, "a\tb\n\x1b[31m\x7f", "a\\tb\\n\\x1b[31m\\x7f" },
	{ 1, "\x1b[31m x\n\xc2\x9b \xff a\xe2\x80\xae",
	    "\\x1b[31m x\\n\\xc2\\x9b \\xff a\\xe2\\x80\\xae" },
};

static void
escapes_what_a_terminal_would_act_on(void **state)
{
	char out[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(esc_cases) / sizeof(esc_cases[0]); i++) {
		if (esc_cases[i].page)
			escape_page(out, sizeof(out), esc_cases[i].in);
		else
			escape_text(out, sizeof(out), esc_cases[i].in);
		assert_string_equal(out, esc_cases[i].want);
	}
}

static void
cuts_at_a_whole_escape(void **state)
{
	char out[8];

	(void)state;
	/* "ab" and one 4-byte escape fill 6 of 7 bytes; the next would not fit. */
	assert_int_equal(escape_text(out, sizeof(out), "ab\x01\x02"), 6);
	assert_string_equal(out, "ab\\x01");
	assert_int_equal(escape_text(out, 1, "abc"), 0);
	assert_string_equal(out, "");
}

static void
messages_are_escaped(void **state)
{
	struct diag d;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	diag_init(&d, "test");
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	d.out = f;
	diag_set_file(&d, "evil\x1b[2J.tgz:proc_ps.log");
	d.line = 3;
	diag_warn(&d, "name \"%s\"", "\x07\n");
	diag_error(&d, "bad \"%s\"", "\x1b[31m");
	fclose(f);
	assert_string_equal(buf, "test: evil\\x1b[2J.tgz:proc_ps.log:3: "
	    "warning: name \"\\x07\\n\"\n");
	assert_string_equal(d.msg, "evil\\x1b[2J.tgz:proc_ps.log:3: bad "
	    "\"\\x1b[31m\"");
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(escapes_what_a_terminal_would_act_on),
		cmocka_unit_test(cuts_at_a_whole_escape),
		cmocka_unit_test(messages_are_escaped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* test_escape.c: what is printed from logs: escape_text and the messages that use it. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "diag.h"
#include "escape.h"

static void
escapes_what_a_terminal_would_act_on(void **state)
{
	char out[256];

	(void)state;
	escape_text(out, sizeof(out), "plain text, ASCII ~");
	assert_string_equal(out, "plain text, ASCII ~");
	escape_text(out, sizeof(out), "a\tb\nc\rd\\e");
	assert_string_equal(out, "a\\tb\\nc\\rd\\\\e");
	/* ESC (a colour or title sequence), BEL, DEL. */
	escape_text(out, sizeof(out), "\x1b]0;pwned\x07 x\x7f");
	assert_string_equal(out, "\\x1b]0;pwned\\x07 x\\x7f");
	/* Valid UTF-8 stays; C1 controls (CSI is U+009B) and junk do not. */
	escape_text(out, sizeof(out), "\xc3\xa9t\xc3\xa9 \xe2\x82\xac");
	assert_string_equal(out, "\xc3\xa9t\xc3\xa9 \xe2\x82\xac");
	escape_text(out, sizeof(out), "\xc2\x9b" "2J \xff\xfe \xc0\xaf");
	assert_string_equal(out, "\\xc2\\x9b2J \\xff\\xfe \\xc0\\xaf");
	/* Bidi controls (RLO, LRI, PDI, RLM) and the line separator too. */
	escape_text(out, sizeof(out), "a\xe2\x80\xae" "b\xe2\x81\xa6" "c"
	    "\xe2\x81\xa9\xe2\x80\x8f\xe2\x80\xa8" "d\xe2\x80\x94");
	assert_string_equal(out, "a\\xe2\\x80\\xaeb\\xe2\\x81\\xa6c"
	    "\\xe2\\x81\\xa9\\xe2\\x80\\x8f\\xe2\\x80\\xa8d\xe2\x80\x94");
}

/*
 * A page's text (tooltips, the page's summary): a backslash stays one,
 * so a command line reads as typed (issue 26: tooltips showed
 * printf %s\\n); every control is escaped as for a terminal.
 */
static void
page_keeps_backslashes(void **state)
{
	char out[256];

	(void)state;
	escape_page(out, sizeof(out), "printf %s\\n a\\b");
	assert_string_equal(out, "printf %s\\n a\\b");
	escape_page(out, sizeof(out), "a\tb\n\x1b[31m\x7f");
	assert_string_equal(out, "a\\tb\\n\\x1b[31m\\x7f");
	escape_page(out, sizeof(out), "\x1b[31m x\n\xc2\x9b \xff a\xe2\x80\xae");
	assert_string_equal(out, "\\x1b[31m x\\n\\xc2\\x9b \\xff a\\xe2\\x80\\xae");
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
		cmocka_unit_test(page_keeps_backslashes),
		cmocka_unit_test(cuts_at_a_whole_escape),
		cmocka_unit_test(messages_are_escaped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* fuzz_config.c: libFuzzer target: bootchartd's config file parser and kernel command line lookup. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const keys[] = {
		"bootchart_init", "init", "quiet",
	};
	struct config c;
	struct diag d;
	char out[256];
	size_t i;

	diag_init(&d, "fuzz");
	d.out = NULL;
	config_defaults(&c);
	(void)config_parse(&c, (const char *)data, size, &d);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		(void)cmdline_get((const char *)data, size, keys[i], out,
		    sizeof(out));
	return 0;
}

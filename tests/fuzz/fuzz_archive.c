/* fuzz_archive.c: libFuzzer target: archive bytes through the parsers to the finished tree. */
#include <stddef.h>
#include <stdint.h>

#include "input.h"
#include "bootlog.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tracefile tf = { 0 };
	struct bootlog t;
	struct diag d;
	int parsed;

	fuzz_begin(&t, &d);
	parsed = input_read_memory(&t, &tf, data, size, "fuzz.tgz", &d) == 0;
	tracefile_free(&tf);
	fuzz_end(&t, parsed, &d);
	return 0;
}

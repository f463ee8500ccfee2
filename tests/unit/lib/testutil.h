/* testutil.h: helpers shared by the unit tests (paths, whole-file reads); in libtest.a. */
#ifndef BC_TESTUTIL_H
#define BC_TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "usec.h"

/* ms written in a test, as the model's usec_t. */
#define MS(v) ((usec_t)(v) * USEC_PER_MS)

/*
 * Path under ../shared (or $BC_SHARED); static buffer.  Skips the
 * calling test (cmocka's skip()) when there is no ../shared/data.
 */
const char *shared_path(const char *rel);
/* Whole file into a malloc'd, NUL-terminated buffer; NULL on error. */
char *read_file(const char *path, size_t *len);

struct bootlog;
struct diag;
/*
 * input_read_memory for a test of the log alone: the trace.dat it may
 * hold is read (its errors are the result's) and dropped.
 */
int read_memory_log(struct bootlog *, const void *buf, size_t len,
    const char *label, struct diag *);

#endif

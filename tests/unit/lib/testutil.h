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

#endif

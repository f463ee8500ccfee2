/* jsonw.h: the pieces of our JSON outputs (--json, --compare --json): strings from log bytes, numbers, whole-millisecond times. */
#ifndef BC_JSONW_H
#define BC_JSONW_H

#include <stdio.h>

#include "usec.h"

/* One JSON string (quotes included) from any bytes; NULL gives null. */
void json_string(FILE *f, const char *s);
/* A number with that many decimals; NaN and infinities as 0. */
void json_num(FILE *f, double v, int decimals);
/* A number that reads back as the same double (15 to 17 digits); null when not finite (a lone value's SD). */
void json_real(FILE *f, double v);
void json_key_real(FILE *f, const char *key, double v);
/* A time as whole milliseconds, rounded half away from 0. */
void json_ms(FILE *f, usec_t t);
/* That, or null when not known. */
void json_ms_or_null(FILE *f, int known, usec_t t);
/* `, "KEY": VALUE` after the first member of an object. */
void json_key_string(FILE *f, const char *key, const char *v);
void json_key_ms(FILE *f, const char *key, usec_t t);
void json_key_num(FILE *f, const char *key, double v, int decimals);

#endif

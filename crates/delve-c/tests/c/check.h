/* What the C tests share: a failure count and CHECK, which reports a failed condition with its
 * file and line on stderr and counts it (a test's main returns non-zero when any failed). */
#ifndef DELVE_TEST_CHECK_H
#define DELVE_TEST_CHECK_H

#include <stdio.h>

static int failures = 0;

#define CHECK(cond, ...)                                           \
    do {                                                           \
        if (!(cond)) {                                             \
            fprintf(stderr, "FAILED %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                          \
            fputc('\n', stderr);                                   \
            failures++;                                            \
        }                                                          \
    } while (0)

#endif

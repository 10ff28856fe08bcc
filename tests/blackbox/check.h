/* A tiny assertion helper for the black-box tests of this directory: plain
 * C programs that include only <rami.h> and link the shared library, so
 * that they build and run everywhere the library does (also for Windows,
 * where Debian has no cmocka). CHECK prints the failed condition with its
 * line and exits 1. */
#ifndef RAMI_BLACKBOX_CHECK_H
#define RAMI_BLACKBOX_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* CHECK(a == b) for ints, printing both sides. */
#define CHECK_INT(a, b)                                                                            \
    do {                                                                                           \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                            \
        if (check_a_ != check_b_) {                                                                \
            fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%lld != %lld)\n", __FILE__, __LINE__,  \
                    #a, #b, check_a_, check_b_);                                                   \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#endif

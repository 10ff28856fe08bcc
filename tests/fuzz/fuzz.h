/* The libFuzzer entry point every fuzz_<name>.c defines. replay.c calls it
 * on each file of a corpus so `meson test` runs the corpus with any
 * compiler; a real fuzzer binary gets main() from -fsanitize=fuzzer. */
#ifndef RAMI_FUZZ_H
#define RAMI_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken invariant: stop at once so the fuzzer keeps the input. */
#define FUZZ_ASSERT(cond)                                                                          \
    do {                                                                                           \
        if (!(cond))                                                                               \
            __builtin_trap();                                                                      \
    } while (0)

#endif

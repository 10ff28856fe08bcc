/* Versioned structs (doc/api.md, "Structs that grow"): a caller states the
 * size of the struct it was compiled with, in its struct_size field (input
 * structs) or in a size argument (output structs). The library accepts any
 * size from the struct's first published size on, reads and writes only
 * the fields both sides know, gives the fields the caller's struct lacks
 * their defaults (zero, unless the owner of the struct says otherwise),
 * refuses fields it does not know unless they are zero, and on output
 * zeroes the caller's fields it does not know. */
#include <string.h>

#include "card.h"

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

int rami__sized_in(void *own, size_t own_size, size_t first_size, const void *in)
{
    uint32_t size;
    memcpy(&size, in, sizeof size);
    if (size < first_size || size > RAMI__STRUCT_SIZE_MAX)
        return RAMI_E_ARG;
    const unsigned char *bytes = in;
    for (size_t i = own_size; i < size; i++)
        if (bytes[i] != 0)
            return RAMI_E_ARG; /* a field of a newer header that this library cannot honour */
    memset(own, 0, own_size);
    memcpy(own, in, min_size(size, own_size));
    size = (uint32_t)own_size;
    memcpy(own, &size, sizeof size);
    return RAMI_OK;
}

int rami__sized_out(void *out, size_t out_size, size_t first_size, const void *own, size_t own_size)
{
    if (out == NULL || out_size < first_size || out_size > RAMI__STRUCT_SIZE_MAX)
        return RAMI_E_ARG;
    memcpy(out, own, min_size(out_size, own_size));
    if (out_size > own_size)
        memset((unsigned char *)out + own_size, 0, out_size - own_size);
    uint32_t size = (uint32_t)out_size;
    memcpy(out, &size, sizeof size);
    return RAMI_OK;
}

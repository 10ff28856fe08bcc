/* The text builder of the writers (lib/textbuf.h): its numbers are the
 * ones printf writes, its cards the ones rami_card_format writes, and a
 * measuring run (no buffer) counts exactly what a filling run writes. */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rami-private.h"
#include "testutil.h"

enum { NUMBER = 0, SIGNED = 1, HEX = 2 };

static void write_number(textbuf *t, int form, uint64_t v)
{
    if (form == NUMBER)
        tb_uint(t, v);
    else if (form == SIGNED)
        tb_int(t, (int64_t)v);
    else
        tb_hex(t, v);
}

/* v written by the builder, measured and filled, against snprintf. */
static void check_number(int form, uint64_t v)
{
    char want[32], got[32];
    if (form == NUMBER)
        snprintf(want, sizeof want, "%" PRIu64, v);
    else if (form == SIGNED)
        snprintf(want, sizeof want, "%" PRId64, (int64_t)v);
    else
        snprintf(want, sizeof want, "%" PRIx64, v);
    textbuf measure = {NULL, 0, RAMI_OK};
    write_number(&measure, form, v);
    textbuf fill = {got, 0, RAMI_OK};
    write_number(&fill, form, v);
    got[fill.len] = '\0';
    assert_string_equal(got, want);
    assert_int_equal(measure.len, strlen(want));
}

static void numbers_as_printf_writes_them(void **state)
{
    (void)state;
    static const uint64_t edges[] = {0,
                                     1,
                                     9,
                                     10,
                                     15,
                                     16,
                                     99,
                                     100,
                                     255,
                                     0x4037,
                                     UINT32_MAX,
                                     (uint64_t)UINT32_MAX + 1,
                                     (uint64_t)INT64_MAX,
                                     (uint64_t)INT64_MAX + 1, /* INT64_MIN as signed */
                                     UINT64_MAX - 1,
                                     UINT64_MAX};
    for (int form = NUMBER; form <= HEX; form++) {
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
            check_number(form, edges[i]);
        uint64_t seed = 0x5EED0000u + (uint64_t)form;
        for (int i = 0; i < 20000; i++) {
            uint64_t v = tu_xorshift(&seed);
            check_number(form, v >> (v % 64)); /* every number of digits */
        }
    }
}

static void cards_as_rami_card_format_writes_them(void **state)
{
    (void)state;
    for (unsigned code = 0; code < 256; code++) {
        char want[8], got[8];
        if (rami_card_format((rami_card)code, want, sizeof want) != RAMI_OK)
            strcpy(want, "??");
        textbuf t = {got, 0, RAMI_OK};
        tb_card(&t, (rami_card)code);
        got[t.len] = '\0';
        assert_string_equal(got, want);
    }
}

/* A literal's length is its text's, without the NUL. */
static void literals(void **state)
{
    (void)state;
    char got[16];
    textbuf t = {got, 0, RAMI_OK};
    tb_lit(&t, ",\"moves\":");
    tb_lit(&t, "");
    got[t.len] = '\0';
    assert_string_equal(got, ",\"moves\":");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers_as_printf_writes_them),
        cmocka_unit_test(cards_as_rami_card_format_writes_them),
        cmocka_unit_test(literals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

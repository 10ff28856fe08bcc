#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "rami.h"
static void placeholder(void **state) { (void)state; assert_int_equal(rami_strerror(0)[0], 's'); }
int main(void) { const struct CMUnitTest t[] = { cmocka_unit_test(placeholder) }; return cmocka_run_group_tests(t, NULL, NULL); }

/* Status messages and names, and the library version. */
#include <stdarg.h>
#include <stdio.h>

#include "card.h"

#ifdef RAMI_COUNT_WORK
_Thread_local uint64_t rami__work;
#endif

const char *rami_strerror(int status)
{
#define RAMI_STATUS_CASE_(name, value, msg)                                                        \
    case name:                                                                                     \
        return msg;
    switch (status) {
        RAMI_STATUS_LIST(RAMI_STATUS_CASE_)
    default:
        return "unknown status code";
    }
#undef RAMI_STATUS_CASE_
}

const char *rami_status_name(int status)
{
#define RAMI_STATUS_NAME_(name, value, msg)                                                        \
    case name:                                                                                     \
        return #name;
    switch (status) {
        RAMI_STATUS_LIST(RAMI_STATUS_NAME_)
    default:
        return NULL;
    }
#undef RAMI_STATUS_NAME_
}

const char *rami_version(void)
{
    return RAMI_VERSION_STRING;
}

int rami_version_number(void)
{
    return RAMI_VERSION_NUMBER;
}

int rami__why(char *why, size_t cap, int status, const char *fmt, ...)
{
    if (why != NULL && cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, cap, fmt, ap);
        va_end(ap);
    }
    return status;
}

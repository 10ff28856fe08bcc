/* Status messages and the library version. */
#include "rami.h"

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

const char *rami_version(void)
{
    return RAMI_VERSION_STRING;
}
